#include "ui/charts/barchart.h"

#include "ui/charts/chartsupport_p.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

namespace PriorityLab {

struct BarChart::Private
{
    QBarSeries *series = nullptr;
    QBarSet *set = nullptr;
    QBarCategoryAxis *xAxis = nullptr;
    QStringList categories;
    QList<qreal> values;
};

BarChart::BarChart(QWidget *parent)
    : ChartWidget(new QBarCategoryAxis, parent), d(std::make_unique<Private>())
{
    d->xAxis = static_cast<QBarCategoryAxis *>(xAxis());
    d->set = new QBarSet(QString());
    d->series = new QBarSeries;
    d->series->append(d->set);
    d->series->setBarWidth(0.8);
    d->series->setLabelsVisible(true);
    d->series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    d->series->setLabelsFormat(QStringLiteral("@value"));
    chart()->addSeries(d->series);
    d->series->attachAxis(d->xAxis);
    d->series->attachAxis(yAxis());
}

BarChart::~BarChart() = default;

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

} // namespace PriorityLab
