#pragma once

#include <QWidget>

namespace PriorityLab {

/// The legend of the fixed priority colour scale (PriorityPalette): one numbered swatch per
/// priority, ≤0 on the left to 9+ (most urgent) on the right, with "low" and "urgent" at the
/// ends. Any view that colours by priority can show it.
class PriorityLegend : public QWidget
{
    Q_OBJECT

public:
    explicit PriorityLegend(QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int swatchWidth() const;
};

} // namespace PriorityLab
