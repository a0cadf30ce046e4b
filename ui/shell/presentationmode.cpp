#include "ui/shell/presentationmode.h"

#include "ui/shell/zoom.h"

#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QPointer>
#include <QResizeEvent>
#include <QScopedValueRollback>
#include <QScreen>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace PriorityLab {

PresentationMode::PresentationMode(QMainWindow *window, Zoom *zoom, QObject *parent)
    : QObject(parent), m_window(window), m_zoom(zoom)
{
}

void PresentationMode::setKeptDocks(const QList<QDockWidget *> &docks)
{
    m_kept.clear();
    for (QDockWidget *dock : docks)
        m_kept << dock;
}

void PresentationMode::setHiddenWidgets(const QList<QWidget *> &widgets)
{
    m_hidden.clear();
    for (QWidget *widget : widgets)
        m_hidden << widget;
}

bool PresentationMode::isKept(const QDockWidget *dock) const
{
    return std::any_of(m_kept.cbegin(), m_kept.cend(), [dock](const auto &k) { return k == dock; });
}

QDockWidget *PresentationMode::stepDock() const
{
    return m_stepDock;
}

void PresentationMode::setStepDock(QDockWidget *dock)
{
    QDockWidget *before = m_stepDock;
    m_stepDock = dock;
    if (!m_active)
        return;
    if (before && before != dock && !isKept(before))
        before->hide();
    if (dock) {
        dock->show();
        dock->raise();
    }
}

QPalette PresentationMode::highContrastPalette()
{
    // Black on white, every edge black, a strong blue for the selection and the focus: what a
    // washed-out projector still shows.
    const QColor black(0, 0, 0), white(255, 255, 255), blue(0, 0, 190);
    const std::pair<QPalette::ColorRole, QColor> roles[] = {
        {QPalette::Window, white}, {QPalette::WindowText, black}, {QPalette::Base, white},
        {QPalette::AlternateBase, QColor(240, 240, 240)}, {QPalette::Text, black},
        {QPalette::BrightText, white}, {QPalette::Button, white}, {QPalette::ButtonText, black},
        {QPalette::Highlight, blue}, {QPalette::HighlightedText, white}, {QPalette::ToolTipBase, white},
        {QPalette::ToolTipText, black}, {QPalette::PlaceholderText, QColor(60, 60, 60)},
        {QPalette::Link, blue}, {QPalette::LinkVisited, blue},
        // The edges of frames, buttons, fields and the charts' axes and grid.
        {QPalette::Light, white}, {QPalette::Midlight, QColor(200, 200, 200)}, {QPalette::Mid, black},
        {QPalette::Dark, black}, {QPalette::Shadow, black},
    };
    QPalette p;
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        for (const auto &[role, color] : roles)
            p.setColor(group, role, color);
    }
    p.setColor(QPalette::Disabled, QPalette::Window, white);
    p.setColor(QPalette::Disabled, QPalette::Base, white);
    p.setColor(QPalette::Disabled, QPalette::Button, white);
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(90, 90, 90));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(90, 90, 90));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(90, 90, 90));
    p.setColor(QPalette::Disabled, QPalette::Highlight, blue);
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, white);
    return p;
}

int PresentationMode::zoomPercentFor(QSize screen)
{
    // What a 1280x720 screen (120 %) and a 1024x768 screen (110 %) were measured to hold whole,
    // as a share of ZoomPercent: the height against 900 lines, the width against 1366 px.
    const int byHeight = ZoomPercent * std::max(screen.height(), 0) / 900;
    const int byWidth = ZoomPercent * std::max(screen.width(), 0) / 1366;
    const int fitting = std::min({ZoomPercent, byHeight, byWidth});
    return std::max(100, fitting / 5 * 5);
}

namespace {

/// Gives the focus back, when it goes out of scope, to the control of @p window that had it:
/// hiding and showing docks and the lesson header moves it elsewhere (the alarm banner's More,
/// the queue's tab bar), away from the field the teacher was in.
class FocusKeeper
{
public:
    explicit FocusKeeper(QWidget *window)
        : m_window(window), m_focus(QApplication::focusWidget())
    {
        // While the window manager has the window inactive the application has no focus
        // widget; the window still knows its own.
        if (!m_focus || m_focus->window() != window)
            m_focus = window->focusWidget();
    }
    ~FocusKeeper()
    {
        if (m_focus && m_focus != QApplication::focusWidget() && m_focus->window() == m_window
            && m_focus->isVisibleTo(m_window) && m_focus->isEnabled())
            m_focus->setFocus(Qt::OtherFocusReason);
    }
    FocusKeeper(const FocusKeeper &) = delete;
    FocusKeeper &operator=(const FocusKeeper &) = delete;

private:
    QWidget *m_window;
    QPointer<QWidget> m_focus;
};

} // namespace

void PresentationMode::enter()
{
    if (m_active)
        return;
    const QScopedValueRollback<bool> switching(m_switching, true);
    m_active = true;
    const FocusKeeper keeper(m_window);
    m_state = m_window->saveState();
    m_geometry = m_window->saveGeometry();
    m_sizeBefore = m_window->size();
    m_windowState = m_window->windowState();
    m_restorePending = false;
    m_zoomBefore = m_zoom->percent();
    m_paletteBefore = QApplication::palette();
    QApplication::setPalette(highContrastPalette());
    const QScreen *screen = m_window->screen();
    m_zoom->setPercent(std::max(m_zoomBefore, zoomPercentFor(screen ? screen->size() : QSize(1920, 1080))));
    const QList<QDockWidget *> docks = m_window->findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly);
    for (QDockWidget *dock : docks) {
        const bool keep = isKept(dock) || dock == m_stepDock;
        dock->setVisible(keep);
        if (keep)
            dock->raise();
    }
    m_hiddenByUs.clear();
    for (const QPointer<QWidget> &widget : std::as_const(m_hidden)) {
        if (widget && widget->isVisible()) {
            widget->hide();
            m_hiddenByUs << widget;
        }
    }
    m_window->showFullScreen();
    // The keyboard stays with the window through the window manager's switch to full screen.
    m_window->raise();
    m_window->activateWindow();
    Q_EMIT activeChanged(true);
}

void PresentationMode::leave()
{
    if (!m_active)
        return;
    const QScopedValueRollback<bool> switching(m_switching, true);
    m_active = false;
    const FocusKeeper keeper(m_window);
    m_zoom->setPercent(m_zoomBefore);
    QApplication::setPalette(m_paletteBefore);
    m_window->setWindowState(m_windowState);
    if (!(m_windowState & (Qt::WindowFullScreen | Qt::WindowMaximized | Qt::WindowMinimized))) {
        m_window->showNormal();
        m_window->restoreGeometry(m_geometry);  // the size and place it had, not the platform's guess
    }
    // The docks' sizes are put back for the window's size now; under a window manager the
    // window is still full screen here and gets its old size later, which would squeeze the
    // docks it was given for the big one (a little narrower on every round): the state is put
    // back once more when the window has its size again (eventFilter()).
    restoreWindowState();
    m_restorePending = m_window->size() != m_sizeBefore;
    if (m_restorePending)
        m_window->installEventFilter(this);
    for (const QPointer<QWidget> &widget : std::as_const(m_hiddenByUs)) {
        if (widget)
            widget->show();
    }
    m_hiddenByUs.clear();
    m_window->raise();
    m_window->activateWindow();
    Q_EMIT activeChanged(false);
}

bool PresentationMode::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::Resize && m_restorePending && !m_active
        && static_cast<QResizeEvent *>(event)->size() == m_sizeBefore) {
        m_restorePending = false;
        m_window->removeEventFilter(this);
        // After the main window's own resize handling has laid the docks out for the new size.
        // The focus stays where it was (the lesson's Next): restoring the docks once more
        // hides and shows them, and Qt moved it to the lesson header's More.
        QTimer::singleShot(0, this, [this] {
            if (m_active)
                return;
            const FocusKeeper keeper(m_window);
            restoreWindowState();
        });
    }
    return QObject::eventFilter(watched, event);
}

void PresentationMode::restoreWindowState()
{
    m_window->restoreState(m_state);
    // The state brings back the tab that was in front when presenting began; a lesson step
    // since may have brought another one of its group forward (the dead letters at the TTL
    // lesson's third step): that one stays in front, the view the step is about.
    if (m_stepDock && !m_window->tabifiedDockWidgets(m_stepDock).isEmpty())
        m_stepDock->raise();
    Q_EMIT windowStateRestored();
}

} // namespace PriorityLab
