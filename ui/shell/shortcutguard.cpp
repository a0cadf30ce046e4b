#include "ui/shell/shortcutguard.h"

#include "ui/common/focusframe.h"
#include "ui/editing/setupeditor.h"

#include <QAbstractButton>
#include <QAction>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QPushButton>
#include <QFocusEvent>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenuBar>
#include <QDialog>
#include <QDockWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QTabBar>
#include <QTextEdit>
#include <QTimer>

namespace PriorityLab {

namespace {

/// The widget that holds the typing of @p object: a spin box or combo box for their inner line
/// edit, else the object itself.
const QObject *typingOwner(const QObject *object)
{
    if (object && object->parent()
        && (qobject_cast<const QAbstractSpinBox *>(object->parent()) || qobject_cast<const QComboBox *>(object->parent())))
        return object->parent();
    return object;
}

/// True for a text or number field of one line: an editable line edit, spin box or editable
/// combo box (@p owner as typingOwner() gives it), not a text edit, where Enter makes a new line.
bool isOneLineField(const QObject *owner)
{
    return ShortcutGuard::isTextField(owner) && !qobject_cast<const QTextEdit *>(owner)
            && !qobject_cast<const QPlainTextEdit *>(owner);
}

/// The main window @p widget belongs to: its window, or, in a floating dock, the main window
/// the dock belongs to (whose shortcuts Qt lets act from there); nullptr for a dialog.
const QMainWindow *mainWindowOf(const QWidget *widget)
{
    const QWidget *window = widget->window();
    if (const auto *dock = qobject_cast<const QDockWidget *>(window); dock && dock->parentWidget())
        window = dock->parentWidget()->window();
    return qobject_cast<const QMainWindow *>(window);
}

/// True for a one-line field (line edit, spin box, editable combo box) of a main window, or of
/// a dock floated from one (mainWindowOf()): there Escape cancels the edit and the run keys
/// follow the main window's rule. In a dialog Escape keeps closing the dialog.
bool cancelsWithEscape(const QObject *object)
{
    const auto *widget = qobject_cast<const QWidget *>(object);
    return widget && mainWindowOf(widget) && isOneLineField(typingOwner(object));
}

/// The text a line edit or editable combo box shows.
QString fieldText(const QObject *owner)
{
    if (const auto *edit = qobject_cast<const QLineEdit *>(owner))
        return edit->text();
    if (const auto *combo = qobject_cast<const QComboBox *>(owner))
        return combo->currentText();
    return {};
}

/// The line edit where the user types into @p owner (a line edit, spin box or editable combo
/// box); nullptr for other widgets.
const QLineEdit *typingEdit(const QObject *owner)
{
    if (const auto *edit = qobject_cast<const QLineEdit *>(owner))
        return edit;
    if (const auto *spin = qobject_cast<const QAbstractSpinBox *>(owner))
        return spin->findChild<const QLineEdit *>(QString(), Qt::FindDirectChildrenOnly);
    if (const auto *combo = qobject_cast<const QComboBox *>(owner))
        return combo->lineEdit();
    return nullptr;
}

/// The key press @p key as a key sequence, without the keypad's modifier (what a notice names).
QKeySequence pressedKeys(const QKeyEvent *key)
{
    return QKeySequence(QKeyCombination(key->modifiers() & ~Qt::KeypadModifier, Qt::Key(key->key())));
}

} // namespace

bool ShortcutGuard::isTextField(const QObject *object)
{
    object = typingOwner(object);
    if (const auto *edit = qobject_cast<const QLineEdit *>(object))
        return !edit->isReadOnly();
    if (const auto *spin = qobject_cast<const QAbstractSpinBox *>(object))
        return !spin->isReadOnly();
    if (const auto *combo = qobject_cast<const QComboBox *>(object))
        return combo->isEditable();
    if (const auto *text = qobject_cast<const QTextEdit *>(object))
        return !text->isReadOnly();
    if (const auto *plain = qobject_cast<const QPlainTextEdit *>(object))
        return !plain->isReadOnly();
    return false;
}

bool ShortcutGuard::controlUsesKey(const QObject *focus, int key)
{
    // A tab bar (the docks' tabs, the charts' pages) picks its tab with Left, going round from
    // the first tab to the last (keyPressed()), so every tab is in reach; Right steps the run as
    // from anywhere (a class trial lost a step to the charts' tabs).
    if (const auto *tabs = qobject_cast<const QTabBar *>(focus))
        return key == Qt::Key_Left && tabs->count() > 1;
    if (!isTextField(focus))
        return false;
    if (key == Qt::Key_Escape)
        return false;  // the field's only while it holds an edit (editInProgress())
    // The cursor keys a slider takes, the keys that delete, and the printable ones.
    return isSliderKey(key) || key == Qt::Key_Backspace || key == Qt::Key_Delete
            || (key >= Qt::Key_Space && key <= Qt::Key_AsciiTilde);
}

bool ShortcutGuard::isRunKey(int key, Qt::KeyboardModifiers modifiers)
{
    const bool plain = (modifiers & ~Qt::KeypadModifier) == Qt::NoModifier;
    return (plain && (key == Qt::Key_Space || key == Qt::Key_Right || key == Qt::Key_N)) || isResetKey(key, modifiers);
}

bool ShortcutGuard::windowTakesRunKey(const QObject *focus, const QKeyEvent *key) const
{
    const auto *widget = qobject_cast<const QWidget *>(focus);
    if (!widget || !mainWindowOf(widget) || !isRunKey(key->key(), key->modifiers()))
        return false;
    if (isResetKey(key->key(), key->modifiers()))
        return !waitsForPendingEdit(focus, key);
    // As the ShortcutOverride below decides: a field merely focused, or whose number was only
    // changed with Up/Down (applied at once), leaves Space and Right (N in a number field) to
    // the window; a field being typed into keeps them (holdsRunKeys()), and so does a slider
    // being edited its arrows.
    if (isRunKeyOfIdleField(focus, key->key()))
        return !holdsRunKeys(focus);
    if (isSliderEdit(focus) && isSliderKey(key->key()))
        return false;
    return !controlUsesKey(focus, key->key());
}

QAction *ShortcutGuard::refusedRunAction(const QObject *focus, const QKeyEvent *key) const
{
    if (!windowTakesRunKey(focus, key))
        return nullptr;
    const QWidget *window = mainWindowOf(static_cast<const QWidget *>(focus));
    const QKeySequence pressed(QKeyCombination(key->modifiers() & ~Qt::KeypadModifier, Qt::Key(key->key())));
    QAction *refused = nullptr;
    for (QAction *action : window->findChildren<QAction *>()) {
        const Qt::ShortcutContext context = action->shortcutContext();
        if ((context != Qt::WindowShortcut && context != Qt::ApplicationShortcut) || !action->shortcuts().contains(pressed))
            continue;
        if (action->isEnabled())
            return nullptr;  // its shortcut takes the key
        if (!refused)
            refused = action;
    }
    return refused;
}

bool ShortcutGuard::speaksFor(const QWidget *window) const
{
    return parent() == window || !window->findChild<ShortcutGuard *>(QString(), Qt::FindDirectChildrenOnly);
}

bool ShortcutGuard::hasPendingEdit(const QObject *focus) const
{
    if (!cancelsWithEscape(focus))
        return false;
    const QObject *owner = typingOwner(focus);
    const QLineEdit *edit = typingEdit(owner);
    // Typed into (Qt's modified flag, reset whenever the program sets the text), and not back
    // to what it held when its edit started (the text recorded on FocusIn).
    // A spin box with a suffix or special value text resets the modified flag as it fixes the
    // text up while the user types: textEdited (m_typed) tells it then.
    return edit && (edit->isModified() || (owner == m_editField && m_typed))
            && (owner != m_editField || edit->text() != m_editText);
}

bool ShortcutGuard::waitsForPendingEdit(const QObject *focus, const QKeyEvent *key) const
{
    const bool stepKey = isStepKey(key->key()) && (key->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier)) == Qt::NoModifier;
    return (stepKey || isResetKey(key->key(), key->modifiers())) && hasPendingEdit(focus);
}

bool ShortcutGuard::isUndoKey(const QKeyEvent *key)
{
    const QKeyCombination pressed = key->keyCombination();
    const Qt::KeyboardModifiers modifiers = pressed.keyboardModifiers() & ~Qt::KeypadModifier;
    return key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)
            || (pressed.key() == Qt::Key_Z && (modifiers == Qt::ControlModifier || modifiers == (Qt::ControlModifier | Qt::ShiftModifier)))
            || (pressed.key() == Qt::Key_Y && modifiers == Qt::ControlModifier);
}

bool ShortcutGuard::isSliderKey(int key)
{
    switch (key) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Home:
    case Qt::Key_End:
        return true;
    default:
        return false;
    }
}

bool ShortcutGuard::isKeyEdited(const QObject *focus) const
{
    const QObject *owner = typingOwner(focus);
    return owner && owner == m_keyEdit && static_cast<const QObject *>(QApplication::focusWidget()) == focus;
}

void ShortcutGuard::deliverAsKeyEdit(QObject *control, QObject *receiver, QEvent *event,
                                     const std::function<QVariant(QObject *)> &value)
{
    const QVariant before = value(control);
    const QPointer<QObject> guard(control);
    m_deliveringKey = true;
    QCoreApplication::sendEvent(receiver, event);
    m_deliveringKey = false;
    if (guard && value(guard) != before)
        setKeyEdit(guard);
}

void ShortcutGuard::setKeyEdit(QObject *control)
{
    // A slider or a number field of a main window being edited by keys (a slider's arrows, a
    // field's Up and Down): its key presses are one gesture, one undo step, as a drag is
    // (SetupEditor::setKeyEdit(); a trial's Up, Up, Enter on a spin box made two steps where the
    // slider beside it made one). Told again at each press that changes it: its focus may have
    // gone to a popup and come back meanwhile, which ends its gesture.
    const auto gestureInput = [](QObject *o) -> QWidget * {
        return qobject_cast<QAbstractSlider *>(o) || qobject_cast<QAbstractSpinBox *>(o) ? static_cast<QWidget *>(o) : nullptr;
    };
    if (QWidget *input = gestureInput(m_keyEdit.data()); input && input != control)
        SetupEditor::setKeyEdit(input, false);
    m_keyEdit = control;
    if (QWidget *input = gestureInput(control); input && mainWindowOf(input))
        SetupEditor::setKeyEdit(input, true);
}

bool ShortcutGuard::isSliderEdit(const QObject *focus) const
{
    const auto *slider = qobject_cast<const QAbstractSlider *>(focus);
    return slider && mainWindowOf(slider) && isKeyEdited(focus);
}

bool ShortcutGuard::isRunKeyOfIdleField(const QObject *focus, int key)
{
    if (!cancelsWithEscape(focus))
        return false;
    if (key == Qt::Key_Space || key == Qt::Key_Right)
        return true;
    // N is a letter a name may begin with, [ and ] (the speed) may stand in an expression: the
    // window's in a number field only.
    const bool numberFieldKey = key == Qt::Key_N || key == Qt::Key_BracketLeft || key == Qt::Key_BracketRight;
    return numberFieldKey && qobject_cast<const QAbstractSpinBox *>(typingOwner(focus));
}

bool ShortcutGuard::editInProgress(const QObject *focus) const
{
    return holdsRunKeys(focus) || (cancelsWithEscape(focus) && isKeyEdited(focus));
}

bool ShortcutGuard::holdsRunKeys(const QObject *focus) const
{
    return hasPendingEdit(focus) || (cancelsWithEscape(focus) && isClickedInto(focus));
}

void ShortcutGuard::markEdit()
{
    // FocusFrame draws the field being typed into (holdsRunKeys()) unlike one merely focused:
    // both had the same solid outline, and a trial could not tell why Space did nothing.
    QWidget *focus = QApplication::focusWidget();
    QWidget *window = focus ? focus->window() : QApplication::activeWindow();
    if (FocusFrame *frame = FocusFrame::of(window))
        frame->setEditing(focus && holdsRunKeys(focus) ? focus : nullptr);
}

bool ShortcutGuard::isClickedInto(const QObject *focus) const
{
    return m_clicked && typingOwner(focus) == m_editField && static_cast<const QObject *>(QApplication::focusWidget()) == focus;
}

void ShortcutGuard::deliverRunKey(QWidget *focus, const QObject *owner, QKeyEvent *key)
{
    const QLineEdit *edit = typingEdit(owner);
    const auto state = [edit] {
        return edit ? QStringList{edit->text(), QString::number(edit->cursorPosition()),
                                  QString::number(edit->selectionStart()), edit->selectedText()}
                    : QStringList();
    };
    const QStringList before = state();
    const QPointer<QWidget> guard(focus);
    // A number field has no use for a space: it never gets one (it would blank the number).
    if (key->key() != Qt::Key_Space || !qobject_cast<const QAbstractSpinBox *>(owner)) {
        m_deliveringKey = true;
        QCoreApplication::sendEvent(focus, key);
        m_deliveringKey = false;
    }
    if (guard && guard->hasFocus() && state() == before)
        Q_EMIT editPending(const_cast<QWidget *>(qobject_cast<const QWidget *>(owner)), pressedKeys(key));
}

void ShortcutGuard::endEdit(QWidget *window)
{
    QWidget *focus = QApplication::focusWidget();
    if (!window || !focus || !isTextField(focus) || focus->window() != window)
        return;
    endEdit(window, const_cast<QWidget *>(qobject_cast<const QWidget *>(typingOwner(focus))));
}

void ShortcutGuard::revertEdit(QObject *owner)
{
    if (owner->metaObject()->indexOfProperty("value") >= 0 && qobject_cast<QAbstractSpinBox *>(owner)) {
        // Its value is still the committed one (keyboard tracking is off): setting it again
        // puts its text back without a valueChanged().
        owner->setProperty("value", owner->property("value"));
    } else if (owner == m_editField) {
        if (auto *edit = qobject_cast<QLineEdit *>(owner))
            edit->setText(m_editText);
        else if (auto *combo = qobject_cast<QComboBox *>(owner))
            combo->setEditText(m_editText);
    }
}

void ShortcutGuard::endEdit(QWidget *window, QWidget *field)
{
    QWidget *focus = QApplication::focusWidget();
    if (!focus || (!isTextField(focus) && !qobject_cast<QAbstractSlider *>(focus)) || focus->window() != window)
        return;
    setKeyEdit(nullptr);
    window->setFocus(Qt::OtherFocusReason);
    m_endedEdit = field;
    markEdit();
    if (FocusFrame *frame = FocusFrame::of(window))
        frame->setResumePoint(field);  // outlined: Tab goes on from there
}

QPushButton *ShortcutGuard::defaultButtonOf(QWidget *window)
{
    // As QDialog::keyPressEvent() finds the button Enter presses.
    if (!qobject_cast<QDialog *>(window))
        return nullptr;
    for (QPushButton *button : window->findChildren<QPushButton *>()) {
        if (button->isDefault() && button->isVisible())
            return button;
    }
    return nullptr;
}

bool ShortcutGuard::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::Polish:
        if (auto *widget = qobject_cast<QWidget *>(watched)) {
            const bool control = qobject_cast<QAbstractButton *>(widget) || qobject_cast<QAbstractSlider *>(widget)
                    || qobject_cast<QTabBar *>(widget) || (qobject_cast<QComboBox *>(widget) && !isTextField(widget));
            if (control && (widget->focusPolicy() & Qt::ClickFocus))
                widget->setFocusPolicy(Qt::TabFocus);
            if (auto *view = qobject_cast<QAbstractItemView *>(widget))
                view->setTabKeyNavigation(false);
        }
        break;
    case QEvent::Show:
        // A dialog (a message box's Save / Discard / Cancel) outlines its focus as the main
        // window does: the style's own focus rectangle is a faint dotted line on a projector.
        if (auto *dialog = qobject_cast<QDialog *>(watched); dialog && dialog->isWindow() && !FocusFrame::of(dialog))
            new FocusFrame(dialog);
        break;
    case QEvent::FocusIn: {
        // What a one-line field holds when its edit starts: Escape puts it back.
        if (watched == QApplication::focusWidget() && cancelsWithEscape(watched)) {
            auto *owner = const_cast<QObject *>(typingOwner(watched));
            const Qt::FocusReason reason = static_cast<QFocusEvent *>(event)->reason();
            // Back from its own popup or another window, the edit goes on.
            if (owner != m_editField || (reason != Qt::PopupFocusReason && reason != Qt::ActiveWindowFocusReason)) {
                m_editField = owner;
                const QLineEdit *edit = typingEdit(owner);
                m_editText = edit ? edit->text() : fieldText(owner);
                m_typed = false;
                m_clicked = reason == Qt::MouseFocusReason;
                disconnect(m_typedConnection);
                disconnect(m_textConnection);
                if (edit) {
                    m_typedConnection = connect(edit, &QLineEdit::textEdited, this, [this] {
                        m_typed = true;
                        markEdit();
                    });
                    // Put back (Escape, an undo) or set by the program: no longer typed into.
                    m_textConnection = connect(edit, &QLineEdit::textChanged, this, &ShortcutGuard::markEdit);
                }
            }
        }
        markEdit();
        // Another control took the focus: the slider or number field changed by keys is no
        // longer being edited (coming back to it starts afresh).
        if (auto *widget = qobject_cast<QWidget *>(watched);
            widget && m_keyEdit && widget != m_keyEdit && typingOwner(widget) != m_keyEdit && !widget->isWindow())
            setKeyEdit(nullptr);
        // A widget of the window took the focus (Tab, a click): Tab no longer resumes at the
        // field whose edit ended (the FocusFrame stops outlining it too).
        // The menu bar taking the keys for a menu opened by the keyboard gives them back when
        // it closes (File > Open…, then Esc on its prompt): Tab still resumes there.
        if (auto *widget = qobject_cast<QWidget *>(watched); widget && m_endedEdit && !widget->isWindow()
            && !qobject_cast<QMenuBar *>(widget) && widget->window() == m_endedEdit->window())
            m_endedEdit = nullptr;
        // An item view given the focus by the keyboard makes its first row the current one,
        // which the panels take as the user picking a message (its journey would change by
        // Tab alone). The focus comes in with no current row; the arrow keys pick one.
        auto *view = qobject_cast<QAbstractItemView *>(watched);
        if (!view || m_focusingView || !view->selectionModel() || view->currentIndex().isValid()
            || static_cast<QFocusEvent *>(event)->reason() == Qt::MouseFocusReason)
            break;
        const QSignalBlocker blocker(view->selectionModel());
        m_focusingView = true;
        QCoreApplication::sendEvent(view, event);
        m_focusingView = false;
        view->selectionModel()->clearCurrentIndex();
        view->viewport()->update();
        return true;
    }
    case QEvent::ShortcutOverride: {
        auto *key = static_cast<QKeyEvent *>(event);
        // The keys a field uses go to it, not to a shortcut; so do the step keys while it holds
        // a pending edit (the KeyPress below holds them back).
        // A slider changed by keys keeps its keys and Escape until Enter or Escape ends its
        // edit; Escape ends the edit of a field only if it holds one (else it is the window's:
        // it leaves presentation mode at once from a field that merely has the focus).
        QWidget *focus = QApplication::focusWidget();
        const bool sliderEdit = isSliderEdit(focus) && (isSliderKey(key->key()) || key->key() == Qt::Key_Escape);
        // A field that merely has the focus (Tab reached it, or Enter/Escape ended its edit)
        // holds no edit: the run keys are the simulation's there, as from a slider (the first
        // key that types, a digit, starts the edit as before).
        // A number changed with Up/Down is applied at each step and holds nothing to apply: its
        // field is not being typed into, and Space, N and Right act on the simulation from there
        // too (a trial pressed Up after Enter and then lost Space, N and Right without a word).
        // A run key ends that arrow edit first, as Enter would: its steps are one undo step
        // that the run must not extend, and the window holds the keys again (dashed outline).
        const bool runKey = (key->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier
                && isRunKeyOfIdleField(focus, key->key()) && !holdsRunKeys(focus);
        if (runKey) {
            if (isKeyEdited(focus) && isRunKey(key->key(), key->modifiers()) && !refusedRunAction(focus, key))
                endEdit(focus->window(), const_cast<QWidget *>(qobject_cast<const QWidget *>(typingOwner(focus))));
            key->ignore();  // not the field's (a line edit claims every printable key): the shortcut's
            return true;
        }
        // Undo and Redo are the field's own only while it holds a typed edit; otherwise the
        // window's (a trial applied an edit, Tabbed back to the field, and Ctrl+Z did nothing).
        if (isUndoKey(key) && cancelsWithEscape(focus)
            && !hasPendingEdit(focus)) {
            key->ignore();
            return true;
        }
        if ((key->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier)) == Qt::NoModifier
            && (controlUsesKey(focus, key->key()) || sliderEdit
                || (key->key() == Qt::Key_Escape && editInProgress(focus)))) {
            key->accept();
            return true;
        }
        // The step keys and Reset wait for a pending edit (the KeyPress below holds them back):
        // a step would apply or lose it, and Reset would start the run again while the field,
        // losing the focus, applied what was typed to the new run.
        if (waitsForPendingEdit(focus, key)) {
            key->accept();
            return true;
        }
        break;
    }
    case QEvent::KeyPress: {
        auto *key = static_cast<QKeyEvent *>(event);
        QWidget *focus = QApplication::focusWidget();
        // A run key that is the window's, its action disabled (the run has finished): no
        // shortcut took it, so Qt hands it to the focused control, where Space would toggle a
        // check box or press a button, Right change a tab or move a slider, Space type into a
        // field. The key stays the window's: it does nothing, and the window says why. Answered
        // by the window's own guard (each main window installs one) so that its window hears.
        QWidget *receiver = focus ? focus : qobject_cast<QWidget *>(watched);  // no focus: the window
        if (receiver && watched == receiver && (focus || receiver->isWindow())) {
            if (QAction *refused = refusedRunAction(receiver, key)) {
                if (!speaksFor(mainWindowOf(receiver)))
                    return false;  // that window's guard, called after this one, answers
                Q_EMIT runKeyRefused(refused);
                if (isKeyEdited(receiver))  // as when the key runs (ShortcutOverride)
                    endEdit(receiver->window(), const_cast<QWidget *>(qobject_cast<const QWidget *>(typingOwner(receiver))));
                return true;
            }
        }
        if (watched == focus && isResetKey(key->key(), key->modifiers()) && waitsForPendingEdit(focus, key)) {
            Q_EMIT editPending(const_cast<QWidget *>(qobject_cast<const QWidget *>(typingOwner(focus))),
                               pressedKeys(key));
            return true;
        }
        if (watched != focus || key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
            break;
        const bool resumes = key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab || key->key() == Qt::Key_Up
                || key->key() == Qt::Key_Down;
        if (resumes && focus && focus->isWindow() && m_endedEdit && m_endedEdit->window() == focus
            && m_endedEdit->isVisible() && m_endedEdit->isEnabled()) {
            // The window holds the focus because an edit ended there: Tab goes on from that field
            // (to the control after it) instead of starting again at the top of the window, and
            // Up or Down (no run key) changes that field again: after Enter a trial pressed Up on
            // the field still outlined, and nothing happened.
            QWidget *field = m_endedEdit;
            m_endedEdit = nullptr;
            field->setFocus(Qt::TabFocusReason);
            QKeyEvent again(QEvent::KeyPress, key->key(), key->modifiers());
            QCoreApplication::sendEvent(field, &again);
            return true;
        }
        const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
        if (auto *tabs = qobject_cast<QTabBar *>(focus); tabs && key->key() == Qt::Key_Left && tabs->count() > 1) {
            // The previous enabled tab, from the first round to the last.
            for (int i = 1; i < tabs->count(); ++i) {
                const int index = (tabs->currentIndex() - i + tabs->count()) % tabs->count();
                if (tabs->isTabEnabled(index) && tabs->isTabVisible(index)) {
                    tabs->setCurrentIndex(index);
                    break;
                }
            }
            return true;
        }
        if (auto *slider = qobject_cast<QAbstractSlider *>(focus)) {
            if ((enter || key->key() == Qt::Key_Escape) && isSliderEdit(focus)) {
                endEdit(focus->window(), focus);  // the value is applied already: the edit just ends
                return true;
            }
            if (!m_deliveringKey && isSliderKey(key->key())) {
                // The slider takes the key; once it has changed its value by keys it is being
                // edited: both arrows adjust it until Enter or Escape ends the edit.
                deliverAsKeyEdit(slider, slider, event,
                                 [](QObject *o) { return QVariant(static_cast<QAbstractSlider *>(o)->value()); });
                return true;
            }
            break;
        }
        if (isTextField(focus)) {
            const QObject *owner = typingOwner(focus);
            if (waitsForPendingEdit(focus, key)) {
                // Neither the lesson nor the field: the edit is finished first, by Enter or Escape.
                Q_EMIT editPending(const_cast<QWidget *>(qobject_cast<const QWidget *>(owner)),
                                   pressedKeys(key));
                return true;
            }
            if (!m_deliveringKey && isRunKey(key->key(), key->modifiers()) && !isResetKey(key->key(), key->modifiers())
                && holdsRunKeys(focus)) {
                // A run key in a field being typed into is the field's (Space and N type, Right
                // moves the cursor). One the field has no use for (Space or N in a number field,
                // Right at the end of the text) did nothing: it is never lost without a word,
                // the window says how to get the key back (docs/help.md, Keys).
                deliverRunKey(focus, owner, key);
                return true;
            }
            if (key->key() == Qt::Key_Space && qobject_cast<const QAbstractSpinBox *>(owner))
                return true;  // a number field has no use for a space: never blank it
            if (auto *spin = qobject_cast<QAbstractSpinBox *>(const_cast<QObject *>(owner));
                spin && !m_deliveringKey && (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down)) {
                // An arrow that changes the number is an edit in progress, as typing is:
                // Escape then ends it before it leaves presentation mode.
                const QString before = spin->text();
                const QPointer<QAbstractSpinBox> stepped(spin);
                deliverAsKeyEdit(spin, focus, event,
                                 [](QObject *o) { return QVariant(static_cast<QAbstractSpinBox *>(o)->text()); });
                if (stepped && stepped->text() != before && owner == m_editField) {
                    // The number it shows is applied (what was typed, stepped): nothing typed is
                    // pending and the click's "I will type here" is over, so the run keys act
                    // from it as after any arrow (holdsRunKeys()).
                    m_typed = false;
                    m_clicked = false;
                    if (const QLineEdit *edit = typingEdit(owner))
                        m_editText = edit->text();
                    markEdit();
                }
                return true;
            }
            const bool cancel = key->key() == Qt::Key_Escape && cancelsWithEscape(focus);
            if (cancel)
                revertEdit(const_cast<QObject *>(owner));
            if ((enter || key->key() == Qt::Key_Escape) && isOneLineField(owner)) {
                // The field takes the key first (a spin box commits its value on Enter), then the
                // edit ends: the focus goes back to the window so the run keys work again.
                QPointer<QWidget> window = focus->window();
                QPointer<QWidget> field = const_cast<QWidget *>(qobject_cast<const QWidget *>(owner));
                QTimer::singleShot(0, this, [this, window, field] {
                    if (window)
                        endEdit(window, field);
                });
            }
            if (cancel)
                return true;  // the edit is cancelled; presentation mode's Escape waits for the next press
            break;
        }
        if (enter) {
            if (auto *button = qobject_cast<QAbstractButton *>(focus)) {
                button->click();
                return true;
            }
            if (auto *combo = qobject_cast<QComboBox *>(focus)) {
                // In a dialog with a default button, Enter is that button's from its drop-down
                // lists too, as the dialog says ("Press Compare (Enter)"; OK): opening the list
                // instead read as a fault. Space opens the list there (no run key in a dialog).
                // With the list open, the list has the keys: Enter chooses an item.
                if (QPushButton *button = defaultButtonOf(combo->window())) {
                    if (button->isEnabled())
                        button->click();
                    return true;
                }
                combo->showPopup();
                return true;
            }
        }
        break;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace PriorityLab
