#include "ui/common/highlightoverlay.h"

#include <QAbstractButton>
#include <QEvent>
#include <QRegion>
#include <QPainter>

#include <algorithm>

namespace PriorityLab {

HighlightOverlay::HighlightOverlay(QWidget *window) : QWidget(window)
{
    setObjectName(QStringLiteral("highlightOverlay"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    window->installEventFilter(this);  // the window's resizes move the target without telling it
    hide();
}

void HighlightOverlay::setTarget(QWidget *target)
{
    watch(false);
    m_target = target;
    watch(true);
    follow();
}

void HighlightOverlay::watch(bool on)
{
    for (const QPointer<QWidget> &w : std::as_const(m_watched)) {
        if (w)
            w->removeEventFilter(this);
    }
    m_watched.clear();
    if (!on || !m_target)
        return;
    // The target moves on screen when a widget around it moves: a scroll area's content widget
    // when it scrolls, a dock when the docks are rearranged.
    for (QWidget *w = m_target; w && w != parentWidget(); w = w->parentWidget()) {
        w->installEventFilter(this);
        m_watched << w;
    }
}

bool HighlightOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parentWidget() && m_target
        && (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest)) {
        // A layout request too: QMainWindow::restoreState() puts the central widget back on
        // top of its siblings, over the frame, without moving anything (leaving presentation
        // mode lost the step's outline and the focus frame); follow() raises the frame again.
        follow();
    } else if (m_target && watched->isWidgetType()
               && std::any_of(m_watched.cbegin(), m_watched.cend(), [watched](const auto &w) { return w == watched; })) {
        switch (event->type()) {
        case QEvent::ParentChange:
            watch(true);
            follow();
            break;
        case QEvent::Move:
        case QEvent::Resize:
        case QEvent::Show:
        case QEvent::Hide:
            follow();
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void HighlightOverlay::follow()
{
    QWidget *window = parentWidget();
    if (!m_target || !m_target->isVisible() || !window || !window->isAncestorOf(m_target)) {
        hide();
        Q_EMIT followed();
        return;
    }
    // The part of the target that can be seen: clipped by each widget around it.
    QRect seen(m_target->mapTo(window, QPoint(0, 0)), m_target->size());
    for (QWidget *w = m_target->parentWidget(); w && w != window; w = w->parentWidget())
        seen &= QRect(w->mapTo(window, QPoint(0, 0)), w->size());
    seen &= window->rect();
    if (seen.isEmpty()) {
        hide();
        Q_EMIT followed();
        return;
    }
    setGeometry(seen.adjusted(-m_margin, -m_margin, m_margin, m_margin) & window->rect());
    // Where the target touches the window's edge the line lies on the target itself: it must
    // not cover a dock's float and close buttons (at 1024x768 the consumers' dock's were cut).
    QRegion clear;
    for (const QAbstractButton *button : m_target->findChildren<QAbstractButton *>(QString(), Qt::FindDirectChildrenOnly)) {
        if (button->isVisible() && button->objectName().startsWith(QLatin1String("qt_dockwidget_")))
            clear += QRect(button->mapTo(window, QPoint(0, 0)) - pos(), button->size()).adjusted(-1, -1, 1, 1);
    }
    if (clear.isEmpty())
        clearMask();
    else
        setMask(QRegion(rect()) - clear);
    raise();
    show();
    update();
    Q_EMIT followed();
}

void HighlightOverlay::setMargin(int margin)
{
    m_margin = std::max(0, margin);
    follow();
}

void HighlightOverlay::setLine(int width, Qt::PenStyle style)
{
    m_width = std::max(1, width);
    m_style = style;
    update();
}

void HighlightOverlay::setColorRole(QPalette::ColorRole role)
{
    m_role = role;
    update();
}

QColor HighlightOverlay::lessonColor(const QPalette &palette)
{
    // Vermilion (Okabe-Ito): apart from the blue of the focus and of most styles' selection.
    const QColor vermilion(0xd5, 0x5e, 0x00);
    return palette.color(QPalette::Window).lightness() < 128 ? vermilion.lighter(140) : vermilion;
}

QPen HighlightOverlay::pen() const
{
    QPen pen(m_role == QPalette::NoRole ? lessonColor(palette()) : palette().color(m_role), m_width, m_style);
    // A dashed line of dashes as long as the line is wide reads as dots on a projector: longer
    // dashes and gaps.
    if (m_style == Qt::DashLine)
        pen.setDashPattern({3, 2});
    return pen;
}

void HighlightOverlay::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(pen());
    painter.setBrush(Qt::NoBrush);
    const qreal half = m_width / 2.0;
    painter.drawRoundedRect(QRectF(rect()).adjusted(half, half, -half, -half), 6, 6);
}

} // namespace PriorityLab
