#include "ui/charts/barchart.h"

#include "ui/charts/chartsupport_p.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QValueAxis>
#include <QVBoxLayout>

namespace PriorityLab {

struct BarChart::Private
{
    QChart *chart = nullptr;
    QChartView *view = nullptr;
    QBarSeries *series = nullptr;
    QBarSet *set = nullptr;
    QBarCategoryAxis *xAxis = nullptr;
    QValueAxis *yAxis = nullptr;
    QStringList categories;
    QList<qreal> values;
    QPointF yRange{0, 1};
};

BarChart::BarChart(QWidget *parent) : QWidget(parent), d(std::make_unique<Private>())
{
    d->chart = new QChart;
    ChartSupport::styleChart(d->chart);
    d->chart->legend()->setVisible(false);

    d->set = new QBarSet(QString());
    d->series = new QBarSeries;
    d->series->append(d->set);
    d->series->setBarWidth(0.8);
    d->series->setLabelsVisible(true);
    d->series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    d->series->setLabelsFormat(QStringLiteral("@value"));
    d->chart->addSeries(d->series);

    d->xAxis = new QBarCategoryAxis;
    d->yAxis = new QValueAxis;
    d->yAxis->setLabelFormat(QStringLiteral("%d"));
    ChartSupport::applyRange(d->yAxis, d->yRange.x(), d->yRange.y(), 5);
    ChartSupport::styleAxis(d->xAxis);
    ChartSupport::styleAxis(d->yAxis);
    d->chart->addAxis(d->xAxis, Qt::AlignBottom);
    d->chart->addAxis(d->yAxis, Qt::AlignLeft);
    d->series->attachAxis(d->xAxis);
    d->series->attachAxis(d->yAxis);

    d->view = ChartSupport::createView(d->chart, this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(d->view);
}

BarChart::~BarChart() = default;

void BarChart::setTitle(const QString &title)
{
    d->chart->setTitle(title);
}

QString BarChart::title() const
{
    return d->chart->title();
}

void BarChart::setAxisTitles(const QString &x, const QString &y)
{
    d->xAxis->setTitleText(x);
    d->yAxis->setTitleText(y);
}

void BarChart::setColor(const QColor &color)
{
    d->set->setColor(color);
    d->set->setBorderColor(color.darker(130));
    d->set->setLabelColor(QColor(0x22, 0x22, 0x22));
}

void BarChart::setBars(const QStringList &categories, const QList<qreal> &values)
{
    QList<qreal> padded = values.mid(0, categories.size());
    while (padded.size() < categories.size())
        padded.append(0);
    if (categories == d->categories && padded == d->values)
        return;
    if (categories != d->categories) {
        d->categories = categories;
        d->xAxis->setCategories(categories);
    }
    // Replace the values in place; grow or shrink the set only when the count changed.
    const qsizetype common = std::min<qsizetype>(d->set->count(), padded.size());
    for (qsizetype i = 0; i < common; ++i) {
        if (d->values.value(i, -1) != padded.at(i))
            d->set->replace(int(i), padded.at(i));
    }
    if (d->set->count() > padded.size())
        d->set->remove(int(padded.size()), int(d->set->count() - padded.size()));
    else if (d->set->count() < padded.size())
        d->set->append(padded.mid(d->set->count()));
    d->values = padded;
}

QStringList BarChart::categories() const
{
    return d->categories;
}

QList<qreal> BarChart::values() const
{
    return d->values;
}

void BarChart::setYRange(qreal min, qreal max)
{
    const QPointF range(min, max);
    if (range == d->yRange)
        return;
    d->yRange = range;
    ChartSupport::applyRange(d->yAxis, min, max, 5);
}

QPointF BarChart::yRange() const
{
    return d->yRange;
}

void BarChart::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    ChartSupport::relayout(d->chart);
}

void BarChart::paintChart(QPainter *painter, const QRectF &target)
{
    ChartSupport::renderChart(d->chart, painter, target);
}

} // namespace PriorityLab
