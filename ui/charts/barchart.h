#pragma once

#include "ui/charts/chartwidget.h"

#include <QColor>
#include <QList>
#include <QStringList>

class QBarCategoryAxis;
class QBarSeries;
class QBarSet;

namespace PriorityLab {

/// A bar chart of one value per category, e.g. messages per number of deliveries: the second
/// charting class of the UI, behind which Qt Charts stays hidden (see TimeSeriesChart).
/// setBars() changes the categories only when they differ and replaces the values in place;
/// animations are off. Title, axis titles (e.g. "deliveries" and "messages"), the value range
/// and export come from ChartWidget.
class BarChart : public ChartWidget
{
    Q_OBJECT

public:
    explicit BarChart(QWidget *parent = nullptr);

    /// Shows @p values (one per category, same length as @p categories; missing values count
    /// as 0). Ignored when nothing changed.
    void setBars(const QStringList &categories, const QList<qreal> &values);

    /// Colour of the bars.
    void setColor(const QColor &color);
    /// The bars' colour as drawn.
    QColor color() const;

    /// Categories and values as last set.
    QStringList categories() const;
    QList<qreal> values() const;

protected:
    void styleChanged(bool paletteChanged) override;

private:
    QBarSeries *m_series = nullptr;
    QBarSet *m_set = nullptr;
    QBarCategoryAxis *m_xAxis = nullptr;
    QColor m_color{0x56, 0xb4, 0xe9};
    QStringList m_categories;
    QList<qreal> m_values;
};

} // namespace PriorityLab
