#pragma once

#include <QWidget>

namespace PriorityLab {

/// The legend of the fixed priority colour scale (PriorityPalette): one numbered swatch per
/// priority, ≤0 on the left to 9+ (most urgent) on the right, with "low" and "urgent" at the
/// ends. Any view that colours by priority can show it. Given less than its size hint, it says
/// "low" and narrows the swatches down to minimumSizeHint().
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
    /// A swatch's width when the legend has less room than its size hint.
    int narrowSwatchWidth() const;
};

} // namespace PriorityLab
