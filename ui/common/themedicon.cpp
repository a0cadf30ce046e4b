#include "ui/common/themedicon.h"

#include <QImage>
#include <QPalette>
#include <QPixmap>
#include <QWidget>

namespace PriorityLab::ThemedIcon {

namespace {

QPixmap lightnessInverted(const QPixmap &source)
{
    QImage image = source.toImage().convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.alpha() == 0)
                continue;
            image.setPixelColor(x, y, QColor::fromHsl(c.hslHue(), c.hslSaturation(), 255 - c.lightness(), c.alpha()));
        }
    }
    QPixmap pixmap = QPixmap::fromImage(image);
    pixmap.setDevicePixelRatio(source.devicePixelRatio());
    return pixmap;
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

} // namespace

QIcon forPalette(const QIcon &icon, const QPalette &palette)
{
    if (!isDark(palette))
        return icon;
    QList<QSize> sizes = icon.availableSizes();
    if (sizes.isEmpty())
        sizes = {QSize(16, 16), QSize(24, 24), QSize(32, 32), QSize(48, 48)};
    QIcon result;
    for (const QSize &size : std::as_const(sizes)) {
        for (const QIcon::Mode mode : {QIcon::Normal, QIcon::Disabled}) {
            const QPixmap source = icon.pixmap(size, mode);
            if (!source.isNull())
                result.addPixmap(lightnessInverted(source), mode);
        }
    }
    return result;
}

QIcon standard(const QWidget *widget, QStyle::StandardPixmap which)
{
    return forPalette(widget->style()->standardIcon(which, nullptr, widget), widget->palette());
}

} // namespace PriorityLab::ThemedIcon
