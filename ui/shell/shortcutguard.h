#pragma once

#include <QKeySequence>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QVariant>

#include <functional>

class QAction;
class QKeyEvent;
class QPushButton;
class QWidget;

namespace PriorityLab {

/// The keyboard policy of the app, so that the run keys do what they say in front of a class.
/// Installed on the application (it sees every widget's events):
///  - Space (run/pause), Right and N (one cycle) and Ctrl+R (reset) act on the simulation from
///    anywhere in the main window (a dock floated off it included: its fields follow the same
///    rule), whatever control has the focus, EXCEPT while a text or number
///    field (line edit, spin box, editable combo box, text edit) is being edited: there Space and
///    N type, Right moves the cursor, and Space never blanks a spin box. A one-line field that
///    merely has the focus (reached by Tab, nothing typed yet, or after Enter/Escape) is not
///    being edited; one clicked into is (the click says where the user will type: Space types
///    a space there). In a field not being edited Space and Right (and N, [ and ] in a number field) act on the simulation
///    (isRunKeyOfIdleField()); the first key that types (a digit) starts the edit. A number
///    changed with Up/Down (applied at each step) or by Undo/Redo is not being edited either
///    (holdsRunKeys()): Space, N and Right run and step from there, ending that arrow edit as
///    Enter does. In a field being edited a run key the field has no use for (Space or N in a
///    number field, Right at the end of the text) is not lost without a word: the window says
///    "Finish the edit first … then Space runs" (editPending()), and FocusFrame draws that
///    field unlike one merely focused (FocusFrame::setEditing()). Enter or Escape in such a field
///    ends the edit, Enter applying what was typed and Escape (in a one-line field of the main
///    window) cancelling it, the field showing its value again; that Escape does not also leave
///    presentation mode. A field that merely has the focus (nothing typed, no arrow changed its
///    number: editInProgress()) holds no edit: Escape there is the window's (it leaves
///    presentation mode at once). Then the field gives the focus back to its window and the keys work again; the
///    next Tab (Shift+Tab) goes on to the control after (before) that field, not to the top;
///    the window's FocusFrame outlines that field meanwhile (FocusFrame::setResumePoint()).
///  - A run key that is the window's where it is pressed (windowTakesRunKey()) stays the
///    window's while its action is disabled (the run has finished: Run and Step are greyed out):
///    it never falls through to the focused control (a check box toggled by Space, a button
///    pressed, a tab changed by Right, a space typed into a field that merely has the focus).
///    The key does nothing but ask the window to say why (runKeyRefused()).
///  - Ctrl+Z / Ctrl+Shift+Z (Undo / Redo) in a one-line field are the field's own only while it
///    holds a typed edit (hasPendingEdit()); otherwise they undo and redo the window's edits.
///  - Page Down / Page Up (the lesson's Next / Back, sent by presentation clickers) and Ctrl+R
///    (Reset) wait while a one-line field of a main window holds an edit not yet applied
///    (hasPendingEdit()): the key neither moves the lesson or resets the run (the edit would be
///    applied to the new run or lost with it) nor goes to the field (a spin box would step by 10
///    and drop what was typed); editPending() asks the window to say "finish the edit first".
///    Without such an edit the keys move the lesson and reset the run as from anywhere.
///  - A slider of a main window behaves as a number field once the user changed it by keys: its
///    first arrow that moves it (Left, Down, Up, or Home/End) starts an edit, and from then on
///    both Left and Right (Up, Down, Home, End) adjust it, and Escape is its own, until Enter or
///    Escape ends the edit (the value stays: it applied at each step, Ctrl+Z undoes it) or the
///    focus moves on; then Right steps the run again. A slider merely focused leaves Right to
///    the run.
///  - A tab bar picks its tab with Left (the previous one, round from the first to the last);
///    Right steps the run as from anywhere.
///  - Enter activates a focused button, check box or combo box (Space being the run key); a
///    combo box opens its list, except in a dialog with a default button (defaultButtonOf()):
///    there Enter presses that button, its list closed, as the dialog says (File > Compare's
///    "Press Compare (Enter)", an OK), and Space opens the list. An open list takes Enter itself
///    (it chooses the item).
///  - Every dialog shown (a message box's Save / Discard / Cancel too) gets a FocusFrame, the
///    solid outline of the main window's focus; the menu bar taking the keys for a menu opened
///    by the keyboard keeps the place where Tab resumes (setResumePoint()).
///  - Buttons, check boxes, combo boxes, sliders and tab bars take the focus by Tab only, never by
///    a mouse click (Qt::TabFocus), so a click never leaves a control holding the keyboard.
///  - Item views move between cells with the arrows, not Tab (setTabKeyNavigation(false)): Tab
///    always leaves a table for the next control. An item view given the focus by the keyboard
///    gets no current row (Qt would make the first row current, which selects a message): the
///    arrow keys or a click pick one.
class ShortcutGuard : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    /// True if @p key pressed (without modifiers) in @p focus belongs to that control rather than
    /// to a run shortcut, whatever the control's state: printable keys, Space and the cursor keys
    /// in a text or number field; Left in a tab bar of several tabs (it picks the tab; Right and
    /// N step). Escape and a slider's arrows depend on an edit in progress (editInProgress(),
    /// the class comment), not answered here.
    static bool controlUsesKey(const QObject *focus, int key);
    /// The button Enter presses in @p window (QDialog's rule: a push button that is default and
    /// shown); nullptr if @p window is no dialog or has none.
    static QPushButton *defaultButtonOf(QWidget *window);

    /// True while @p focus (a one-line field of a main window) holds an edit: a pending typed
    /// edit (hasPendingEdit()), a click into it (holdsRunKeys()) or a number the user changed
    /// with Up/Down since it got the focus. Escape then ends that edit; otherwise Escape is the
    /// window's.
    bool editInProgress(const QObject *focus) const;
    /// True while @p focus (a one-line field of a main window) is being typed into: it holds a
    /// pending typed edit (hasPendingEdit()) or the user clicked into it. The run keys are the
    /// field's then (docs/help.md, Keys); a run key it has no use for says so (editPending()).
    /// A number changed only with Up/Down (applied at each step) or by Undo/Redo holds none:
    /// Space, N and Right act on the simulation from there, ending that arrow edit as Enter does.
    bool holdsRunKeys(const QObject *focus) const;

    /// True if @p key, pressed in @p focus (a one-line field of a main window) while it holds
    /// no edit (editInProgress()), is the simulation's rather than the field's: Space and Right
    /// in any such field, N and the speed's [ and ] in a number field (in a text field N is a
    /// letter a name may begin with, brackets may stand in an expression). False for other
    /// widgets and keys.
    static bool isRunKeyOfIdleField(const QObject *focus, int key);

    /// True for the keys a slider being edited keeps: the arrows, Home and End.
    static bool isSliderKey(int key);

    /// True while @p focus is a one-line field of a main window (line edit, spin box, editable
    /// combo box) whose text the user changed since its edit started and has neither applied
    /// (Enter, which also ends the edit) nor cancelled (Escape). A field that only has the focus,
    /// or whose text the program set, has no pending edit.
    bool hasPendingEdit(const QObject *focus) const;

    /// True for the keys that move a lesson step, Page Down and Page Up.
    static bool isStepKey(int key) { return key == Qt::Key_PageDown || key == Qt::Key_PageUp; }
    /// True for the run's Reset key, Ctrl+R (@p modifiers without the keypad's).
    static bool isResetKey(int key, Qt::KeyboardModifiers modifiers)
    {
        return key == Qt::Key_R && (modifiers & ~Qt::KeypadModifier) == Qt::ControlModifier;
    }
    /// True for the window's Undo and Redo keys (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y, and the
    /// platform's standard ones).
    static bool isUndoKey(const QKeyEvent *key);
    /// True if the key press @p key waits while @p focus holds a pending edit (hasPendingEdit()):
    /// a step key (isStepKey()) or Reset (isResetKey()). Reset would otherwise start the run
    /// again and the field apply what was typed to the new run as it lost the focus.
    bool waitsForPendingEdit(const QObject *focus, const QKeyEvent *key) const;

    /// True for the run keys of the simulation: Space, Right and N without modifiers (the
    /// keypad's aside), and Reset (isResetKey()).
    static bool isRunKey(int key, Qt::KeyboardModifiers modifiers);
    /// True if the run key @p key (isRunKey()), pressed in @p focus, is the main window's
    /// rather than the control's (the class comment): false in a text or number field being
    /// edited (N typed in a text field, Space and Right in one holding an edit), for a slider's
    /// arrows while it is edited, and for Ctrl+R held back by a pending edit
    /// (waitsForPendingEdit()); false outside a main window (a floating dock is its main
    /// window's).
    bool windowTakesRunKey(const QObject *focus, const QKeyEvent *key) const;
    /// The action of @p focus's main window that the run key @p key would trigger from there
    /// (windowTakesRunKey()) if it were enabled, when none of the window's actions holding that
    /// key is enabled (the run has finished); nullptr if one is, or if the key is not the
    /// window's there. Such a key does nothing (runKeyRefused()).
    QAction *refusedRunAction(const QObject *focus, const QKeyEvent *key) const;

    /// True for the controls where the user types: an editable line edit, spin box, editable
    /// combo box, text edit or plain text edit.
    static bool isTextField(const QObject *object);

    /// Ends the edit of the text or number field that has the focus in @p window, as Enter does
    /// (a spin box commits what was typed when it loses the focus): the window takes the focus,
    /// the run keys work again, and Tab resumes after that field. Does nothing if no such field
    /// of @p window has the focus. Used before a lesson step moves on (Page Down / Page Up), so
    /// that its keys are not left to a field the step may scroll out of sight.
    void endEdit(QWidget *window);

    /// Forgets the field whose edit Enter or Escape ended (Tab no longer resumes after it): the
    /// window starts afresh (another scenario opened, Reset).
    void forgetEndedEdit() { m_endedEdit = nullptr; }

Q_SIGNALS:
    /// The key press @p key was held back because @p field is being edited: a step key or Reset
    /// waiting for a pending edit (waitsForPendingEdit()), or a run key (Space, N, Right) that
    /// the field being typed into (holdsRunKeys()) had no use for. Its window should say how
    /// to finish the edit (Enter applies it, Escape cancels it) and that the key then works.
    void editPending(QWidget *field, const QKeySequence &key);
    /// A run key was pressed where it is the window's, but its @p action is disabled (the run
    /// has finished): the key did nothing, not even to the focused control; the window should
    /// say why (docs/help.md, Keys).
    void runKeyRefused(QAction *action);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Tells the FocusFrame of the focused widget's window which field is being typed into
    /// (holdsRunKeys(); FocusFrame::setEditing()), or that none is.
    void markEdit();
    /// Hands the run key @p key (Space, N or Right) to @p focus, a field being typed into
    /// (@p owner: the field, holdsRunKeys()), except Space to a number field; if the field made
    /// nothing of it (its text, cursor and selection unchanged), emits editPending().
    void deliverRunKey(QWidget *focus, const QObject *owner, QKeyEvent *key);
    /// Gives the focus of @p window (held by a text field) to the window; Tab resumes at @p field.
    void endEdit(QWidget *window, QWidget *field);
    /// Puts back what the one-line field @p owner held when its edit started (a spin box: its
    /// committed value), so that the focus leaving it applies nothing.
    void revertEdit(QObject *owner);
    /// True if this guard answers for the run keys of @p window (runKeyRefused()): the window's
    /// own guard (its child), or any guard when the window has none.
    bool speaksFor(const QWidget *window) const;
    /// True if @p focus has the focus and is (or types into) the control last changed by keys.
    bool isKeyEdited(const QObject *focus) const;
    /// True if @p focus has the focus and is the one-line field the user clicked into (a click
    /// says "I am going to type here": Space then types, as after a first letter).
    bool isClickedInto(const QObject *focus) const;
    /// Makes @p control (nullptr: none) the control being edited by keys (m_keyEdit); a slider
    /// of a main window is told so (SetupEditor::setKeyEdit()), so that its key presses until the
    /// edit ends are one undo step.
    void setKeyEdit(QObject *control);
    /// True if @p focus is a slider of a main window changed by keys since it got the focus.
    bool isSliderEdit(const QObject *focus) const;
    /// Hands the key press @p event on to @p receiver (@p control or the field it types into)
    /// and, if that changed what @p value reads from @p control (a slider's value, a spin box's
    /// text), marks @p control as edited by keys (m_keyEdit): both arrows and Escape are then its.
    void deliverAsKeyEdit(QObject *control, QObject *receiver, QEvent *event,
                          const std::function<QVariant(QObject *)> &value);

    bool m_focusingView = false;  ///< delivering an item view's FocusIn with its signals blocked
    QPointer<QObject> m_editField;  ///< the one-line field last given the focus
    QString m_editText;              ///< its text then (line edits, editable combo boxes)
    bool m_typed = false;            ///< the user has typed into it since (QLineEdit::textEdited)
    bool m_clicked = false;          ///< it got the focus by a mouse click (isClickedInto())
    QMetaObject::Connection m_typedConnection;  ///< its textEdited, setting m_typed
    QMetaObject::Connection m_textConnection;   ///< its textChanged, calling markEdit()
    QPointer<QObject> m_keyEdit;  ///< the slider or spin box the user changed by keys since it got the focus
    bool m_deliveringKey = false;  ///< handing a key press on to that control (its value compared after)
    QPointer<QWidget> m_endedEdit;  ///< the field whose edit Enter/Escape just ended: Tab resumes there
};

} // namespace PriorityLab
