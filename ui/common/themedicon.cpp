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

/// @p source's shape (its alpha) filled with @p color.
QPixmap tinted(const QPixmap &source, const QColor &color)
{
    QImage image = source.toImage().convertToFormat(QImage::Format_ARGB32);
    const QRgb rgb = color.rgb() & 0x00ffffffu;
    for (int y = 0; y < image.height(); ++y) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < image.width(); ++x)
            line[x] = rgb | (line[x] & 0xff000000u);
    }
    QPixmap pixmap = QPixmap::fromImage(image);
    pixmap.setDevicePixelRatio(source.devicePixelRatio());
    return pixmap;
}

/// The sizes @p icon is made in: its own, or those of a scalable one.
QList<QSize> sizesOf(const QIcon &icon)
{
    QList<QSize> sizes = icon.availableSizes();
    if (sizes.isEmpty())
        sizes = {QSize(16, 16), QSize(24, 24), QSize(32, 32), QSize(48, 48)};
    return sizes;
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
    QIcon result;
    for (const QSize &size : sizesOf(icon)) {
        for (const QIcon::Mode mode : {QIcon::Normal, QIcon::Disabled}) {
            const QPixmap source = icon.pixmap(size, mode);
            if (!source.isNull())
                result.addPixmap(lightnessInverted(source), mode);
        }
    }
    return result;
}

QIcon glyph(const QIcon &icon, const QPalette &palette)
{
    const QColor normal = palette.color(QPalette::Active, QPalette::ButtonText);
    const QColor disabled = palette.color(QPalette::Disabled, QPalette::ButtonText);
    QIcon result;
    for (const QSize &size : sizesOf(icon)) {
        const QPixmap source = icon.pixmap(size, QIcon::Normal);
        if (source.isNull())
            continue;
        result.addPixmap(tinted(source, normal), QIcon::Normal);
        result.addPixmap(tinted(source, disabled), QIcon::Disabled);
    }
    return result;
}

bool isGlyph(QStyle::StandardPixmap which)
{
    switch (which) {
    case QStyle::SP_MediaPlay:
    case QStyle::SP_MediaPause:
    case QStyle::SP_MediaStop:
    case QStyle::SP_MediaSkipForward:
    case QStyle::SP_MediaSkipBackward:
    case QStyle::SP_MediaSeekForward:
    case QStyle::SP_MediaSeekBackward:
    case QStyle::SP_ArrowBack:
    case QStyle::SP_ArrowForward:
    case QStyle::SP_ArrowLeft:
    case QStyle::SP_ArrowRight:
    case QStyle::SP_ArrowUp:
    case QStyle::SP_ArrowDown:
        return true;
    default:
        return false;
    }
}

QIcon standard(const QWidget *widget, QStyle::StandardPixmap which)
{
    const QIcon icon = widget->style()->standardIcon(which, nullptr, widget);
    return isGlyph(which) ? glyph(icon, widget->palette()) : forPalette(icon, widget->palette());
}

} // namespace PriorityLab::ThemedIcon
