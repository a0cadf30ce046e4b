#include "ui/common/focusframe.h"

#include "ui/common/highlightoverlay.h"

#include <QApplication>
#include <QLabel>
#include <QEvent>
#include <QTimer>
#include <QMenuBar>

#include <algorithm>

namespace PriorityLab {

FocusFrame::FocusFrame(QWidget *window)
    : QObject(window), m_window(window), m_overlay(new HighlightOverlay(window)), m_editTag(new QLabel(window))
{
    m_editTag->setObjectName(QStringLiteral("editTag"));
    m_editTag->setText(tr("Editing: Enter applies, Esc cancels"));
    m_editTag->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_editTag->setFocusPolicy(Qt::NoFocus);
    m_editTag->setAutoFillBackground(true);
    m_editTag->setBackgroundRole(QPalette::Highlight);
    m_editTag->setForegroundRole(QPalette::HighlightedText);
    m_editTag->setContentsMargins(4, 1, 4, 1);
    m_editTag->hide();
    connect(m_overlay, &HighlightOverlay::followed, this, &FocusFrame::showEditing);
    m_overlay->setObjectName(QStringLiteral("focusFrame"));
    // Closer to its widget than a lesson step's outline (4 px): a focused field inside the
    // step's outline keeps a frame of its own instead of one drawn on the outline's line.
    m_overlay->setMargin(FocusMargin);
    m_overlay->setColorRole(QPalette::Highlight);
    m_overlay->setLine(FrameWidth, Qt::SolidLine);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) { focusChanged(now); });
    window->installEventFilter(this);  // shown, activated: the start point has its place then
    focusChanged(QApplication::focusWidget());
}

void FocusFrame::setStartPoint(std::function<QWidget *()> where)
{
    m_startPoint = std::move(where);
    refresh();
}

void FocusFrame::refresh()
{
    focusChanged(QApplication::focusWidget());
}

bool FocusFrame::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && (event->type() == QEvent::Show || event->type() == QEvent::WindowActivate)
        && m_startPoint)
        QTimer::singleShot(0, this, &FocusFrame::refresh);  // once the layouts have run
    return QObject::eventFilter(watched, event);
}

QWidget *FocusFrame::target() const
{
    return m_overlay->target();
}

void FocusFrame::setResumePoint(QWidget *field)
{
    m_resume = field && m_window->isAncestorOf(field) ? field : nullptr;
    focusChanged(QApplication::focusWidget());
}

QWidget *FocusFrame::resumePoint() const
{
    return m_resume;
}

FocusFrame *FocusFrame::of(const QWidget *window)
{
    return window ? window->findChild<FocusFrame *>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

void FocusFrame::focusChanged(QWidget *now)
{
    // The menu bar holds the keys while a menu is opened by the keyboard (Alt+F, F10) and gives
    // them back when it closes: the user's place (a resume point) stays.
    if (qobject_cast<QMenuBar *>(now)) {
        m_overlay->setTarget(nullptr);
        return;
    }
    const bool inside = now && now != m_window && now->window() == m_window && m_window->isAncestorOf(now);
    if (inside)
        m_resume = nullptr;  // the keyboard went on from the resume point (Tab, a click)
    // The window holds the keys: it has the focus, or it is the active window and no widget has
    // it (the focused widget was deleted: a consumer card rebuilt by Reset or by opening a
    // scenario); a key press goes to the window then too.
    const bool windowHolds = !inside && (now == m_window || (!now && m_window->isActiveWindow()));
    const bool resuming = windowHolds && m_resume;
    QWidget *start = windowHolds && !m_resume && m_startPoint ? m_startPoint() : nullptr;
    // Three outlines that must not be taken for one another on a projector: a lesson step's is
    // 4 px solid vermilion (HighlightOverlay's default); the focus is 2 px solid in the
    // palette's highlight (the colour the style gives focus); the resume point is 2 px dashed in
    // the text colour (black on light, white on dark): the keys go to the window, the field
    // only says where Tab goes on from.
    const bool dashed = resuming || start;
    m_overlay->setLine(FrameWidth, dashed ? Qt::DashLine : Qt::SolidLine);
    m_overlay->setColorRole(dashed ? QPalette::WindowText : QPalette::Highlight);
    m_overlay->setTarget(inside ? now : resuming ? m_resume.data() : start);
    showEditing();
}

void FocusFrame::setEditing(QWidget *field)
{
    if (m_editing == field)
        return;  // told again at each change of its text
    m_editing = field;
    showEditing();
}

QWidget *FocusFrame::editing() const
{
    return m_editing && m_editing == m_overlay->target() && m_editing->hasFocus() ? m_editing.data() : nullptr;
}

void FocusFrame::showEditing()
{
    const bool editing = this->editing();
    const int width = editing ? EditFrameWidth : FrameWidth;
    const QPen pen = m_overlay->pen();
    if (pen.style() == Qt::SolidLine && pen.width() != width)  // the focus, not the dashed resume point
        m_overlay->setLine(width, Qt::SolidLine);
    if (!editing || !m_overlay->isVisible()) {
        m_editTag->hide();
        return;
    }
    // Just below the frame, its left edge on the frame's; above it where the window ends.
    m_editTag->setFont(m_window->font());
    m_editTag->adjustSize();
    const QRect frame = m_overlay->geometry();
    QPoint at(frame.left(), frame.bottom() + 1);
    if (at.y() + m_editTag->height() > m_window->height())
        at.setY(frame.top() - m_editTag->height());
    at.setX(std::clamp(at.x(), 0, std::max(0, m_window->width() - m_editTag->width())));
    m_editTag->move(at);
    m_editTag->show();
    m_editTag->raise();
}

} // namespace PriorityLab
