#include "ui/charts/stackedbarchart.h"

#include "ui/charts/chartsupport_p.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QStackedBarSeries>
#include <QValueAxis>

namespace PriorityLab {

StackedBarChart::StackedBarChart(QWidget *parent)
    : ChartWidget(new QBarCategoryAxis, parent)
{
    m_xAxis = static_cast<QBarCategoryAxis *>(xAxis());
    m_series = new QStackedBarSeries;
    m_series->setBarWidth(0.7);
    chart()->addSeries(m_series);
    m_series->attachAxis(m_xAxis);
    m_series->attachAxis(yAxis());
    chart()->legend()->setVisible(true);
    // A bar set's own legend marker shape is an empty square: filled rectangles name the sets.
    chart()->legend()->setMarkerShape(QLegend::MarkerShapeRectangle);
    applyStyle();
}

void StackedBarChart::setStacks(const QStringList &categories, const QList<Stack> &stacks)
{
    m_categories = categories;
    m_stacks = stacks;
    m_series->clear();
    m_xAxis->setCategories(categories);
    for (Stack &stack : m_stacks) {
        stack.values = stack.values.mid(0, categories.size());
        while (stack.values.size() < categories.size())
            stack.values.append(0);
        auto *set = new QBarSet(stack.name);
        set->append(stack.values);
        m_series->append(set);
    }
    styleChanged(true);
    // Lay the legend out for its new entries now: laid out while hidden, they stay elided.
    ChartSupport::relayout(chart());
}

int StackedBarChart::setCount() const
{
    return int(m_series->count());
}

QString StackedBarChart::setName(int set) const
{
    return set >= 0 && set < m_series->count() ? m_series->barSets().at(set)->label() : QString();
}

QList<qreal> StackedBarChart::setValues(int set) const
{
    QList<qreal> values;
    if (set < 0 || set >= m_series->count())
        return values;
    const QBarSet *bars = m_series->barSets().at(set);
    for (int i = 0; i < bars->count(); ++i)
        values << bars->at(i);
    return values;
}

QColor StackedBarChart::setColor(int set) const
{
    return set >= 0 && set < m_series->count() ? m_series->barSets().at(set)->color() : QColor();
}

void StackedBarChart::styleChanged(bool paletteChanged)
{
    if (!paletteChanged)
        return;
    // The theme gave the sets its own colours: give them theirs back, edged in the background
    // colour so that the stacks stay apart.
    const QList<QBarSet *> sets = m_series->barSets();
    for (qsizetype i = 0; i < sets.size() && i < m_stacks.size(); ++i) {
        sets.at(i)->setColor(m_stacks.at(i).color);
        sets.at(i)->setBorderColor(backgroundColor());
    }
}

} // namespace PriorityLab
