#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>

class QPainter;

namespace PriorityLab {

/// A bar chart of one value per category, e.g. messages per number of deliveries: the second
/// charting class of the UI, behind which Qt Charts stays hidden (see TimeSeriesChart).
/// setBars() changes the categories only when they differ and replaces the values in place;
/// animations are off.
class BarChart : public QWidget
{
    Q_OBJECT

public:
    explicit BarChart(QWidget *parent = nullptr);
    ~BarChart() override;

    /// Title shown above the plot; empty for none.
    void setTitle(const QString &title);
    QString title() const;

    /// Axis titles, e.g. "deliveries" and "messages".
    void setAxisTitles(const QString &x, const QString &y);

    /// Colour of the bars.
    void setColor(const QColor &color);

    /// Shows @p values (one per category, same length as @p categories; missing values count
    /// as 0). Ignored when nothing changed.
    void setBars(const QStringList &categories, const QList<qreal> &values);

    /// Categories and values as last set.
    QStringList categories() const;
    QList<qreal> values() const;

    /// Visible value range; ignored when unchanged.
    void setYRange(qreal min, qreal max);
    QPointF yRange() const;

    /// Paints the chart into @p target of @p painter at the target's size (PNG or SVG export).
    void paintChart(QPainter *painter, const QRectF &target);

protected:
    void showEvent(QShowEvent *event) override;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace PriorityLab
