#include "ui/common/themedicon.h"

#include <QIconEngine>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <QPixmap>
#include <QWidget>

#include <algorithm>

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

/// Paints the undo (or, mirrored, the redo) arrow at any size: a stroke that leaves the arrow's
/// head to the right, turns down around a half circle and comes back to the left under it, and
/// a filled head pointing left. Resolution-independent, so crisp at every zoom and scale.
class UndoArrowEngine final : public QIconEngine
{
public:
    UndoArrowEngine(const QColor &normal, const QColor &disabled, bool redo)
        : m_normal(normal), m_disabled(disabled), m_redo(redo)
    {
    }

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State) override
    {
        const qreal side = std::min(rect.width(), rect.height());
        if (side <= 0)
            return;
        const QColor color = mode == QIcon::Disabled ? m_disabled : m_normal;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        // A unit square centred in rect; the redo arrow is the undo one mirrored.
        painter->translate(rect.x() + (rect.width() - side) / 2.0, rect.y() + (rect.height() - side) / 2.0);
        painter->scale(side, side);
        if (m_redo) {
            painter->translate(1, 0);
            painter->scale(-1, 1);
        }
        // The stroke: from the head's base right, around a half circle, back left.
        constexpr qreal top = 0.33, bottom = 0.85, radius = (bottom - top) / 2;
        constexpr qreal turn = 0.64;  // x of the half circle's centre
        QPainterPath stroke(QPointF(0.34, top));
        stroke.lineTo(turn, top);
        stroke.arcTo(QRectF(turn - radius, top, 2 * radius, 2 * radius), 90, -180);
        stroke.lineTo(0.34, bottom);
        QPen pen(color, std::max(0.125, 1.6 / side), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(stroke);
        // The head: a triangle pointing left, its base across the stroke's start.
        QPainterPath head(QPointF(0.06, top));
        head.lineTo(0.38, top - 0.25);
        head.lineTo(0.38, top + 0.25);
        head.closeSubpath();
        painter->setPen(Qt::NoPen);
        painter->setBrush(color);
        painter->drawPath(head);
        painter->restore();
    }

    QIconEngine *clone() const override { return new UndoArrowEngine(m_normal, m_disabled, m_redo); }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        return scaledPixmap(size, mode, state, 1.0);
    }

    QPixmap scaledPixmap(const QSize &size, QIcon::Mode mode, QIcon::State state, qreal scale) override
    {
        QPixmap pixmap(size * scale);
        pixmap.fill(Qt::transparent);
        {
            QPainter painter(&pixmap);
            paint(&painter, QRect(QPoint(0, 0), pixmap.size()), mode, state);
        }
        pixmap.setDevicePixelRatio(scale);
        return pixmap;
    }

    QString key() const override { return QStringLiteral("PriorityLab::UndoArrow"); }

private:
    QColor m_normal;
    QColor m_disabled;
    bool m_redo;
};

} // namespace

QIcon drawnUndoArrow(const QPalette &palette, bool redo)
{
    return QIcon(new UndoArrowEngine(palette.color(QPalette::Active, QPalette::ButtonText),
                                     palette.color(QPalette::Disabled, QPalette::ButtonText), redo));
}

QIcon undoRedo(const QWidget *widget, bool redo)
{
    const QString name = redo ? QStringLiteral("edit-redo") : QStringLiteral("edit-undo");
    if (QIcon::hasThemeIcon(name))
        return glyph(QIcon::fromTheme(name), widget->palette());
    return drawnUndoArrow(widget->palette(), redo);
}

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
    case QStyle::SP_ToolBarHorizontalExtensionButton:
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
