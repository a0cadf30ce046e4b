#include "ui/common/highlightoverlay.h"

#include <QEvent>
#include <QPainter>

namespace PriorityLab {

namespace {
constexpr int Margin = 4;  // pixels outside the target
} // namespace

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
    if (m_target)
        m_target->removeEventFilter(this);
    m_target = target;
    if (m_target)
        m_target->installEventFilter(this);
    follow();
}

bool HighlightOverlay::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize && m_target) {
        follow();
    } else if (watched == m_target) {
        switch (event->type()) {
        case QEvent::Move:
        case QEvent::Resize:
        case QEvent::Show:
        case QEvent::Hide:
        case QEvent::ParentChange:
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
    if (!m_target || !m_target->isVisible() || !parentWidget()) {
        hide();
        return;
    }
    const QPoint topLeft = m_target->mapTo(parentWidget(), QPoint(0, 0));
    setGeometry(QRect(topLeft, m_target->size()).adjusted(-Margin, -Margin, Margin, Margin)
                        .intersected(parentWidget()->rect()));
    raise();
    show();
    update();
}

void HighlightOverlay::setLine(int width, Qt::PenStyle style)
{
    m_width = std::max(1, width);
    m_style = style;
    update();
}

void HighlightOverlay::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(palette().color(QPalette::Highlight), m_width, m_style));
    painter.setBrush(Qt::NoBrush);
    const qreal half = m_width / 2.0;
    painter.drawRoundedRect(QRectF(rect()).adjusted(half, half, -half, -half), 6, 6);
}

} // namespace PriorityLab
