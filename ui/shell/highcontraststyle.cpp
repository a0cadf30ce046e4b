#include "ui/shell/highcontraststyle.h"

#include <QApplication>
#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

#include <algorithm>

namespace PriorityLab {

namespace {

/// Outlines @p rect with a @p width px line of @p palette's Dark colour, inside the rectangle.
void outline(QPainter *painter, const QRect &rect, const QPalette &palette, int width)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setBrush(Qt::NoBrush);
    QPen pen(palette.color(QPalette::Dark), width);
    pen.setJoinStyle(Qt::MiterJoin);
    painter->setPen(pen);
    const int in = width / 2;
    painter->drawRect(rect.adjusted(in, in, -in - (width % 2 ? 1 : 0), -in - (width % 2 ? 1 : 0)));
    painter->restore();
}

} // namespace

HighContrastStyle::HighContrastStyle(QStyle *base) : QProxyStyle(base)
{
}

void HighContrastStyle::install()
{
    if (qobject_cast<HighContrastStyle *>(QApplication::style()))
        return;
    QStyle *base = QStyleFactory::create(QApplication::style()->name());
    if (!base)
        return;  // a style the factory cannot make again: edges stay as the style draws them
    QApplication::setStyle(new HighContrastStyle(base));
}

bool HighContrastStyle::isHighContrast(const QPalette &palette)
{
    const QColor text = palette.color(QPalette::WindowText);
    return palette.color(QPalette::Mid) == text && palette.color(QPalette::Dark) == text
            && palette.color(QPalette::Window) != text;
}

void HighContrastStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                                      const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (!option || !isHighContrast(option->palette))
        return;
    switch (element) {
    case PE_Frame:
    case PE_FrameGroupBox:
    case PE_FrameTabWidget:
    case PE_FrameDockWidget:
    case PE_FrameWindow:
        // A frame with no line (QFrame::NoFrame) is not drawn at all.
        if (const auto *frame = qstyleoption_cast<const QStyleOptionFrame *>(option); frame && frame->lineWidth <= 0)
            return;
        outline(painter, option->rect, option->palette, 2);
        break;
    case PE_FrameLineEdit:
    case PE_PanelButtonCommand:
    case PE_PanelButtonTool:
    case PE_IndicatorCheckBox:
    case PE_IndicatorRadioButton:
        if (element == PE_PanelButtonTool && !(option->state & (State_Raised | State_Sunken | State_On)))
            return;  // a flat tool button (the toolbar's) has no edge
        outline(painter, option->rect, option->palette, 1);
        break;
    default:
        break;
    }
}

void HighContrastStyle::drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                                    const QWidget *widget) const
{
    if (element == CE_HeaderLabel) {
        if (const auto *header = qstyleoption_cast<const QStyleOptionHeader *>(option)) {
            // The label's rectangle (SE_HeaderLabel: the section less its margins) less an icon's room.
            int room = header->rect.width();
            if (!header->icon.isNull())
                room -= pixelMetric(PM_SmallIconSize, option, widget) + pixelMetric(PM_HeaderMargin, option, widget);
            const QString title = header->fontMetrics.elidedText(header->text, Qt::ElideRight, std::max(0, room));
            if (title != header->text) {
                QStyleOptionHeader elided(*header);
                elided.text = title;
                QProxyStyle::drawControl(element, &elided, painter, widget);
                return;
            }
        }
    }
    QProxyStyle::drawControl(element, option, painter, widget);
}

void HighContrastStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                                           QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if (!option || !isHighContrast(option->palette))
        return;
    if (control == CC_SpinBox || control == CC_ComboBox) {
        if (const auto *spin = qstyleoption_cast<const QStyleOptionSpinBox *>(option); spin && !spin->frame)
            return;
        if (const auto *combo = qstyleoption_cast<const QStyleOptionComboBox *>(option); combo && !combo->frame)
            return;
        outline(painter, option->rect, option->palette, 1);
    }
}

} // namespace PriorityLab
