#include "ui/charts/barchart.h"

#include "ui/charts/chartsupport_p.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QPalette>
#include <QValueAxis>

namespace PriorityLab {

BarChart::BarChart(QWidget *parent)
    : ChartWidget(new QBarCategoryAxis, parent)
{
    m_xAxis = static_cast<QBarCategoryAxis *>(xAxis());
    m_set = new QBarSet(QString());
    m_series = new QBarSeries;
    m_series->append(m_set);
    m_series->setBarWidth(0.8);
    m_series->setLabelsVisible(true);
    m_series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    m_series->setLabelsFormat(QStringLiteral("@value"));
    chart()->addSeries(m_series);
    m_series->attachAxis(m_xAxis);
    m_series->attachAxis(yAxis());
    styleChanged(true);
}

void BarChart::setColor(const QColor &color)
{
    m_color = color;
    m_set->setColor(color);
    m_set->setBorderColor(color.darker(130));
    m_set->setLabelColor(palette().color(QPalette::Text));
}

QColor BarChart::color() const
{
    return m_set->color();
}

void BarChart::styleChanged(bool paletteChanged)
{
    if (paletteChanged)
        setColor(m_color);  // the theme gave the set its own colours
    m_set->setLabelFont(axisLabelsFont());
}

void BarChart::setBars(const QStringList &categories, const QList<qreal> &values)
{
    QList<qreal> padded = values.mid(0, categories.size());
    while (padded.size() < categories.size())
        padded.append(0);
    if (categories == m_categories && padded == m_values)
        return;
    if (categories != m_categories) {
        m_categories = categories;
        m_xAxis->setCategories(categories);
    }
    // Replace the values in place; grow or shrink the set only when the count changed.
    const qsizetype common = std::min<qsizetype>(m_set->count(), padded.size());
    for (qsizetype i = 0; i < common; ++i) {
        if (m_values.value(i, -1) != padded.at(i))
            m_set->replace(int(i), padded.at(i));
    }
    if (m_set->count() > padded.size())
        m_set->remove(int(padded.size()), int(m_set->count() - padded.size()));
    else if (m_set->count() < padded.size())
        m_set->append(padded.mid(m_set->count()));
    m_values = padded;
}

QStringList BarChart::categories() const
{
    return m_categories;
}

QList<qreal> BarChart::values() const
{
    return m_values;
}

} // namespace PriorityLab
