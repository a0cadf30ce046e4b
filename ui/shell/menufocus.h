#pragma once

#include <QObject>
#include <QPointer>

class QMenuBar;

namespace PriorityLab {

/// The keyboard's way out of the menu bar (docs/help.md, Keys). Qt leaves the bar holding the
/// keys after Esc closes a menu opened by Alt+F, with nothing outlined (the bar is no focus
/// frame's target), and a Tab from there went to the toolbar. Here Esc in one of the bar's menus
/// closes it and gives the focus back to the widget that had it (outlined again); Tab or
/// Shift+Tab while the bar holds the keys (Alt, then Tab) leaves the bar first and moves on from
/// that widget.
class MenuFocus : public QObject
{
    Q_OBJECT

public:
    /// Watches @p bar and the menus it holds now (a menu added later is not watched); owned by
    /// @p bar.
    explicit MenuFocus(QMenuBar *bar);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Ends the bar's keyboard mode as a second Esc would: the focus goes back to the widget
    /// of the window that had it last before the bar.
    void leaveBar();

    QMenuBar *m_bar;
    QPointer<QWidget> m_before;  ///< the last widget of the bar's window with the focus, not the bar
};

} // namespace PriorityLab
