#include "ui/shell/zoom.h"

#include <QApplication>
#include <QPointer>
#include <QStyle>
#include <QWidget>

namespace PriorityLab {

namespace {

/// @p font scaled by @p ratio, in points or in pixels, whichever it is given in.
QFont scaled(QFont font, double ratio)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * ratio);
    else if (font.pixelSize() > 0)
        font.setPixelSize(std::max(1, int(font.pixelSize() * ratio + 0.5)));
    return font;
}

} // namespace

Zoom::Zoom(QObject *parent) : QObject(parent), m_base(QApplication::font())
{
}

void Zoom::setPercent(int percent)
{
    percent = std::clamp(percent, Minimum, Maximum);
    if (percent == m_percent)
        return;
    Q_EMIT aboutToChange(m_percent);
    const double ratio = double(percent) / m_percent;
    m_percent = percent;
    // Own fonts first (their resolve masks keep them from following the application font).
    // Every new font is worked out from the fonts as they are before any is set: a font of its
    // own that sets only some attributes (a bold label) takes its size from its parent, and
    // setting the parent's first (a dock's, whose font of its own only draws its title) gave
    // such a label the zoomed size before its own turn scaled it again, in whatever order
    // allWidgets() lists them (presenting at 120 %, one consumer card's warning at 144 %).
    const QWidgetList widgets = QApplication::allWidgets();
    QList<std::pair<QPointer<QWidget>, QFont>> own, styled;
    for (QWidget *widget : widgets) {
        if (widget->testAttribute(Qt::WA_SetFont))
            own.append({widget, scaled(widget->font(), ratio)});
        else if (widget->style()->inherits("QStyleSheetStyle"))
            styled.append({widget, widget->font()});
    }
    for (const auto &[widget, font] : std::as_const(own)) {
        if (widget)
            widget->setFont(font);
    }
    QApplication::setFont(scaled(m_base, percent / 100.0));
    // The widgets learn of it by posted events: deliver them now, so the zoom is whole on return.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::ApplicationFontChange);
    // A widget under a style sheet (a coloured caption, the alarm banner's lines) keeps the font
    // the sheet resolved when it was polished: it gets its font scaled as its own from now on.
    for (const auto &[widget, before] : std::as_const(styled)) {
        if (widget && widget->font().pointSizeF() == before.pointSizeF() && widget->font().pixelSize() == before.pixelSize())
            widget->setFont(scaled(before, ratio));
    }
    Q_EMIT changed(m_percent);
}

} // namespace PriorityLab
