#pragma once

#include <QColor>
#include <QList>
#include <QRectF>
#include <QWidget>

class QPainter;

namespace PriorityLab {

/// A small line chart of recent values, one per cycle, oldest on the left (e.g. a consumer's
/// messages processed per cycle over the last 60 cycles). Painted with QPainter, no Qt Charts:
/// cheap enough for one per consumer card, repainted only when setValues() gets new data.
/// The highest value of the window is written in the corner so the scale can be read.
/// Colours follow the palette: the background is its base colour, the frame and the scale come
/// from its text colour, and the line is lightened under a dark palette.
class Sparkline : public QWidget
{
    Q_OBJECT

public:
    explicit Sparkline(QWidget *parent = nullptr);

    /// The values to draw, oldest first (messages per cycle); at most capacity() are shown.
    void setValues(const QList<qint64> &values);
    const QList<qint64> &values() const { return m_values; }
    /// What a screen reader says of the line (its accessible description, updated by
    /// setValues()): "Last 60 cycles: latest 4, highest 6, average 3.2".
    QString accessibleSummary() const;

    /// Number of cycles the width stands for (default 60).
    int capacity() const { return m_capacity; }
    void setCapacity(int cycles);

    /// Colour of the line and its area (on a light background).
    void setColor(const QColor &color);
    /// The colour the line is drawn in: setColor()'s, lightened under a dark palette.
    QColor lineColor() const;
    /// True if the palette is dark (its base colour darker than its text).
    bool isDark() const;

    /// Unit shown after the maximum, e.g. "/cycle".
    void setUnit(const QString &unit);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// Where the scale (the highest value and the unit) is written, top left, in pixels of the
    /// widget.
    QRectF scaleRect() const;
    /// Where the line and its area are drawn: below scaleRect(), so that the label never covers
    /// the line (the highest value touches the top of this rectangle), in pixels of the widget.
    QRectF plotRect() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void drawLine(QPainter &p, const QRectF &plot, qsizetype shown, qint64 maximum);
    /// The font the scale is written in (a little smaller than the widget's).
    QFont scaleFont() const;
    /// The scale's text, e.g. "6/cycle".
    QString scaleText() const;

    QList<qint64> m_values;
    QColor m_color{0x00, 0x7a, 0x5a};
    QString m_unit;
    int m_capacity = 60;
};

} // namespace PriorityLab
