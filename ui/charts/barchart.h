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
///
/// A category label is never elided to "…" (Qt Charts elides one wider than its bar's slot):
/// where the labels do not fit their slots, fewer are drawn, every k-th and always those of the
/// bars that are not 0, each whole; where even those do not fit side by side, they are turned
/// upright (docs/design.md §8, Charts).
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
    /// The category labels as drawn, one per category: the category, or empty where its label
    /// is left out for room (fitCategoryLabels()).
    QStringList shownCategoryLabels() const;
    /// The angle of the category labels in degrees: 0, or -90 where they are drawn upright.
    qreal categoryLabelsAngle() const;

protected:
    void styleChanged(bool paletteChanged) override;

private:
    /// Chooses the category labels drawn for the plot's width (see the class comment): all of
    /// them where each fits its slot, else every k-th and the non-zero bars' ones level, else
    /// the same upright. Applied to the axis only when it changes; called when the plot area,
    /// the bars or the font change.
    void fitCategoryLabels();

    QBarSeries *m_series = nullptr;
    QBarSet *m_set = nullptr;
    QBarCategoryAxis *m_xAxis = nullptr;
    QColor m_color{0x56, 0xb4, 0xe9};
    QStringList m_categories;
    QList<qreal> m_values;
    QStringList m_shownLabels;  ///< shownCategoryLabels()
    bool m_fitting = false;     ///< fitCategoryLabels() is applying (its layout calls back)
};

} // namespace PriorityLab
