#include "ui/common/prioritypalette.h"

#include "ui/common/textcolors.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>

namespace PriorityLab {

namespace {
// viridis sampled at 10 equidistant points (matplotlib's _viridis_data).
constexpr std::array<QRgb, 10> viridis = {
        0x440154, 0x482878, 0x3e4a89, 0x31688e, 0x26828e,
        0x1f9e89, 0x35b779, 0x6dcd59, 0xb4de2c, 0xfde725,
};
} // namespace

QColor PriorityPalette::color(int priority)
{
    return QColor::fromRgb(viridis[size_t(clamp(priority) - minPriority())]);
}

QColor PriorityPalette::edgeColor(int priority, const QColor &background)
{
    return TextColors::readable(color(priority), background, EdgeContrast);
}

QColor PriorityPalette::textColor(int priority)
{
    const QColor c = color(priority);
    // Relative luminance (sRGB weights, without gamma: enough to pick black or white).
    const double luminance = 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF();
    return luminance > 0.45 ? QColor(Qt::black) : QColor(Qt::white);
}

QString PriorityPalette::label(int priority, bool openEnds)
{
    const int p = clamp(priority);
    if (openEnds && p == minPriority())
        return QStringLiteral("≤%1").arg(p);
    if (openEnds && p == maxPriority())
        return QStringLiteral("%1+").arg(p);
    return QString::number(p);
}

QString PriorityPalette::scaleNote()
{
    return QCoreApplication::translate("PriorityPalette",
                                       "viridis: readable with colour-blindness and in greyscale");
}

} // namespace PriorityLab
