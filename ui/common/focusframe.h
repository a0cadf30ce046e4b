#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

class QLabel;
class QWidget;

namespace PriorityLab {

class HighlightOverlay;

/// Keeps the keyboard focus visible in a window whatever the style draws: a solid frame
/// (HighlightOverlay, 2 pixels, the palette's highlight colour) around the widget that has the
/// focus, following it as the focus moves; nothing when a widget of another window has it. When
/// the window itself holds the focus because an edit ended in a field (setResumePoint()), a
/// dashed frame (2 pixels, the palette's text colour) stays around that field: the keys go to
/// the window, and Tab goes on from there. Otherwise, while the window itself holds the keys (it
/// has the focus, or it is active and no widget has the focus: the focused one was deleted), the
/// same dashed frame marks where Tab starts (setStartPoint()), or nothing without one.
/// A menu bar holding the keys for a menu opened by the keyboard changes nothing of that. Both differ from a lesson step's outline (4 pixels, solid vermilion).
/// A focused field being typed into (setEditing(): the run keys are the field's until Enter or
/// Escape) is framed thicker (EditFrameWidth) and tagged "Editing: Enter applies, Esc cancels"
/// just below (above, where the window ends below it), so that it never looks like a field
/// merely reached by Tab, from which Space runs (docs/help.md, Keys).
class FocusFrame : public QObject
{
    Q_OBJECT

public:
    /// Pixels between the focused widget and its frame: inside a lesson step's outline (4 px).
    static constexpr int FocusMargin = 2;
    /// Width of the frame in pixels, for the focus and the resume point alike.
    static constexpr int FrameWidth = 2;
    /// Width of the focus frame around a field being typed into (setEditing()): thicker than
    /// the focus, thinner than a lesson step's outline.
    static constexpr int EditFrameWidth = 3;

    /// Watches the focus inside @p window (the frame is a child of it).
    explicit FocusFrame(QWidget *window);

    /// The widget outlined now (the focused widget or the resume point), or nullptr.
    QWidget *target() const;
    /// The frame as drawn (its pen and place; tests).
    const HighlightOverlay *overlay() const { return m_overlay; }

    /// Marks @p field (a descendant of the window) as the place the keyboard resumes from while
    /// the window itself holds the focus: outlined with the dashed line until a widget
    /// of the window takes the focus (Tab, a click), which clears it. nullptr clears it.
    void setResumePoint(QWidget *field);
    /// The field set by setResumePoint() and not cleared since, or nullptr.
    QWidget *resumePoint() const;

    /// The FocusFrame watching @p window, or nullptr if it has none.
    static FocusFrame *of(const QWidget *window);

    /// Where the keyboard starts while the window itself holds the focus and no resume point is
    /// set (at startup, after a scenario is opened): @p where gives the widget Tab goes to first
    /// (nullptr: none), outlined with the resume point's dashed line so that the focus is never
    /// invisible. Without it (the default) nothing is outlined then.
    void setStartPoint(std::function<QWidget *()> where);

    /// Outlines again what has the focus now (the window's layout changed under it).
    void refresh();

    /// Marks @p field (the focused widget, a field being typed into) as being edited: while it
    /// has the focus its frame is EditFrameWidth wide and editTag() shows beside it. nullptr:
    /// no field is being edited.
    void setEditing(QWidget *field);
    /// The field set by setEditing() while it is the one outlined, or nullptr.
    QWidget *editing() const;
    /// The tag shown beside a field being edited ("Editing: Enter applies, Esc cancels"; tests).
    const QLabel *editTag() const { return m_editTag; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void focusChanged(QWidget *now);
    /// Draws the frame as editing() asks and places editTag() beside it.
    void showEditing();

    QWidget *m_window;
    HighlightOverlay *m_overlay;
    QPointer<QWidget> m_resume;
    QPointer<QWidget> m_editing;  ///< the field being typed into (setEditing())
    QLabel *m_editTag;
    std::function<QWidget *()> m_startPoint;
};

} // namespace PriorityLab
