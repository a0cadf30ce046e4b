#pragma once

#include "ui/charts/chartwidget.h"

#include <QColor>
#include <QList>
#include <QStringList>

class QBarCategoryAxis;
class QStackedBarSeries;

namespace PriorityLab {

/// Stacked bars: one bar per category, split into named sets drawn one on another, e.g. what
/// became of the messages (processed, discarded, still queued) per swept value. The third chart
/// class of the UI, behind which Qt Charts stays hidden (see TimeSeriesChart); the legend names
/// the sets. Title, axis titles, the value range and export come from ChartWidget.
class StackedBarChart : public ChartWidget
{
    Q_OBJECT

public:
    explicit StackedBarChart(QWidget *parent = nullptr);

    /// One stacked set: its name (legend), colour and one value per category.
    struct Stack
    {
        QString name;
        QColor color;
        QList<qreal> values;  ///< one per category; missing values count as 0
    };

    /// Shows @p stacks (bottom first) over @p categories, replacing what was shown.
    void setStacks(const QStringList &categories, const QList<Stack> &stacks);

    /// Categories and stacks as last set (values padded to the categories).
    QStringList categories() const { return m_categories; }
    QList<Stack> stacks() const { return m_stacks; }
    /// The sets as drawn: their count, names and values (read back from the chart).
    int setCount() const;
    QString setName(int set) const;
    QList<qreal> setValues(int set) const;
    QColor setColor(int set) const;

protected:
    void styleChanged(bool paletteChanged) override;

private:
    QStackedBarSeries *m_series = nullptr;
    QBarCategoryAxis *m_xAxis = nullptr;
    QStringList m_categories;
    QList<Stack> m_stacks;
};

} // namespace PriorityLab
