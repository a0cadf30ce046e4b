#include "ui/queue/prioritylegend.h"

#include "ui/common/prioritypalette.h"

#include <QPainter>

#include <algorithm>

namespace PriorityLab {

PriorityLegend::PriorityLegend(QWidget *parent) : QWidget(parent)
{
    // Narrower than its size hint (a high zoom in a narrow column): "low" instead of "priority:
    // low" and narrower swatches, never a column widened past the window.
    setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    setToolTip(tr("Colour = priority, on a fixed scale (%1). Priorities below 0 take the colour "
                  "of 0, above 9 that of 9; tiles still show the exact number.")
                       .arg(PriorityPalette::scaleNote()));
}

int PriorityLegend::swatchWidth() const
{
    return fontMetrics().horizontalAdvance(QStringLiteral("≤00")) + 6;
}

QSize PriorityLegend::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    const int text =
            fm.horizontalAdvance(tr("priority: low")) + fm.horizontalAdvance(tr("urgent")) + 16;
    return QSize(text + PriorityPalette::steps() * (swatchWidth() + 2), fm.height() + 8);
}

QSize PriorityLegend::minimumSizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    const int text = fm.horizontalAdvance(tr("low")) + fm.horizontalAdvance(tr("urgent")) + 16;
    return QSize(text + PriorityPalette::steps() * (narrowSwatchWidth() + 2), fm.height() + 8);
}

int PriorityLegend::narrowSwatchWidth() const
{
    return fontMetrics().horizontalAdvance(QStringLiteral("≤0")) + 4;
}

void PriorityLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm = fontMetrics();
    const int h = height();
    const bool full = width() >= sizeHint().width();
    const QString low = full ? tr("priority: low") : tr("low");
    const int textWidth = fm.horizontalAdvance(low) + fm.horizontalAdvance(tr("urgent")) + 16;
    const int swatch = full ? swatchWidth()
                            : std::max(narrowSwatchWidth(), (width() - textWidth) / PriorityPalette::steps() - 2);
    int x = 0;
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(x, 0, fm.horizontalAdvance(low) + 2, h), Qt::AlignLeft | Qt::AlignVCenter,
               low);
    x += fm.horizontalAdvance(low) + 8;
    for (int step = PriorityPalette::minPriority(); step <= PriorityPalette::maxPriority();
         ++step) {
        const QRect r(x, 2, swatch, h - 4);
        p.setPen(Qt::NoPen);
        p.setBrush(PriorityPalette::color(step));
        p.drawRoundedRect(r, 3, 3);
        p.setPen(PriorityPalette::textColor(step));
        p.drawText(r, Qt::AlignCenter, PriorityPalette::label(step));
        x += swatch + 2;
    }
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(x + 6, 0, width() - x - 6, h), Qt::AlignLeft | Qt::AlignVCenter, tr("urgent"));
}

} // namespace PriorityLab
