// The keyboard policy (ShortcutGuard) on every kind of widget: the run keys (Space, Right, N,
// Ctrl+R) act from anywhere except a text or number field; Enter/Escape end an edit and give the
// keys back; controls take the focus by Tab only; Tab leaves tables; the focus is outlined, and so
// is the field where an edit ended while the window holds the keys.
#include "ui/common/focusframe.h"
#include "ui/common/highlightoverlay.h"
#include "ui/shell/shortcutguard.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabBar>
#include <QTableView>
#include <QTest>

#include <cmath>
#include <QVBoxLayout>

using namespace PriorityLab;

namespace {

/// Gives @p field the focus by @p reason, types @p text into it (a number field's text selected
/// first, so that @p text replaces it) and ends the edit with @p key. What the field shows just
/// before @p key goes to @p shown if given. True once the field has given the focus back; false
/// if it never got the focus or kept it.
[[nodiscard]] bool editField(QWidget *field, const QString &text, Qt::Key key,
                             Qt::FocusReason reason = Qt::MouseFocusReason, QString *shown = nullptr)
{
    field->setFocus(reason);
    if (!QTest::qWaitFor([field] { return field->hasFocus(); }))
        return false;
    if (auto *spin = qobject_cast<QAbstractSpinBox *>(field))
        spin->selectAll();
    QTest::keyClicks(field, text);
    if (shown)
        *shown = field->property("text").toString();
    QTest::keyClick(field, key);
    return QTest::qWaitFor([field] { return !field->hasFocus(); });
}

} // namespace

class TestKeys : public QObject
{
    Q_OBJECT

    struct Window
    {
        QMainWindow window;
        /// Puts @p content in a dock of the window floated off it, shown and active (a window of
        /// its own, as a user's floated dock): true once it is.
        [[nodiscard]] bool floatActive(QWidget *content)
        {
            auto *dock = new QDockWidget(QStringLiteral("Consumers"), &window);
            dock->setWidget(content);
            window.addDockWidget(Qt::RightDockWidgetArea, dock);
            dock->setFloating(true);
            dock->show();
            if (!QTest::qWaitForWindowExposed(dock))
                return false;
            QApplication::setActiveWindow(dock);
            return QTest::qWaitForWindowActive(dock);
        }
        /// The window's own Escape, as presentation mode's "leave" action has it.
        QAction *addLeavePresentation()
        {
            QAction *leave = window.addAction(QStringLiteral("Leave presentation mode"));
            leave->setShortcut(Qt::Key_Escape);
            return leave;
        }
        QAction *run = nullptr, *step = nullptr, *reset = nullptr, *faster = nullptr, *slower = nullptr;
        QPushButton *button = nullptr;
        QCheckBox *check = nullptr;
        QComboBox *combo = nullptr;
        QSlider *slider = nullptr;
        QSpinBox *spin = nullptr;
        QLineEdit *edit = nullptr;
        QTableView *table = nullptr;
        QStandardItemModel model{3, 3};
        FocusFrame *frame = nullptr;

        Window()
        {
            qApp->installEventFilter(new ShortcutGuard(&window));
            auto *central = new QWidget;
            auto *layout = new QVBoxLayout(central);
            layout->addWidget(button = new QPushButton(QStringLiteral("Edit…")));
            layout->addWidget(check = new QCheckBox(QStringLiteral("Online")));
            layout->addWidget(combo = new QComboBox);
            combo->addItems({QStringLiteral("fifo"), QStringLiteral("priority")});
            layout->addWidget(slider = new QSlider(Qt::Horizontal));
            slider->setRange(0, 10);
            layout->addWidget(spin = new QSpinBox);
            spin->setRange(0, 100);
            spin->setKeyboardTracking(false);  // as the app's number fields: the value commits on Enter
            layout->addWidget(edit = new QLineEdit);
            layout->addWidget(table = new QTableView);
            table->setModel(&model);
            window.setCentralWidget(central);
            run = window.addAction(QStringLiteral("Run"));
            run->setShortcut(Qt::Key_Space);
            step = window.addAction(QStringLiteral("Step"));
            step->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_N)});
            reset = window.addAction(QStringLiteral("Reset"));
            reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
            faster = window.addAction(QStringLiteral("Faster"));
            faster->setShortcut(Qt::Key_BracketRight);
            slower = window.addAction(QStringLiteral("Slower"));
            slower->setShortcut(Qt::Key_BracketLeft);
            frame = new FocusFrame(&window);
            window.show();
            QApplication::setActiveWindow(&window);
        }

        /// The control named @p kind: "button", "check", "combo", "slider", "table", "spin",
        /// "edit", or "window" for the window itself.
        QWidget *control(const QString &kind)
        {
            const QHash<QString, QWidget *> controls{
                    {QStringLiteral("button"), button}, {QStringLiteral("check"), check},
                    {QStringLiteral("combo"), combo},   {QStringLiteral("slider"), slider},
                    {QStringLiteral("table"), table},   {QStringLiteral("window"), &window},
                    {QStringLiteral("spin"), spin},     {QStringLiteral("edit"), edit}};
            return controls.value(kind);
        }

        /// Where a key press goes: the focused widget, or the window when nothing has the focus.
        QWidget *keyTarget() { return QApplication::focusWidget() ? QApplication::focusWidget() : &window; }
    };

private Q_SLOTS:
    void runKeysFromEveryControl_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addRow("button") << "button";
        QTest::addRow("check box") << "check";
        QTest::addRow("combo box") << "combo";
        QTest::addRow("slider") << "slider";
        QTest::addRow("table") << "table";
        QTest::addRow("window") << "window";
        // A field reached by Tab holds no edit (nothing typed yet): the run keys are the
        // simulation's there too (docs/help.md, keyboard); N types in a text field.
        QTest::addRow("spin box") << "spin";
        QTest::addRow("line edit") << "edit";
    }

    void runKeysFromEveryControl()
    {
        QFETCH(QString, kind);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QWidget *focus = w.control(kind);
        focus->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(focus->hasFocus() || focus == &w.window);
        QWidget *target = w.keyTarget();
        QSignalSpy run(w.run, &QAction::triggered), step(w.step, &QAction::triggered), reset(w.reset, &QAction::triggered);
        const int sliderBefore = w.slider->value();
        const bool checkedBefore = w.check->isChecked();
        QTest::keyClick(target, Qt::Key_Space);
        QTest::keyClick(target, Qt::Key_Right);
        QTest::keyClick(target, Qt::Key_N);
        QTest::keyClick(target, Qt::Key_R, Qt::ControlModifier);
        const bool typesN = kind == QLatin1String("edit");
        QCOMPARE(run.count(), 1);
        QCOMPARE(step.count(), typesN ? 1 : 2);
        // Ctrl+R resets from anywhere, except while a field holds an edit (the typed N): it
        // waits until Enter or Escape ends it.
        QCOMPARE(reset.count(), typesN ? 0 : 1);
        QCOMPARE(w.slider->value(), sliderBefore);     // Right did not move the slider
        QCOMPARE(w.check->isChecked(), checkedBefore); // Space did not toggle the check box
        if (kind == QLatin1String("edit")) {
            QCOMPARE(w.edit->text(), QStringLiteral("n"));  // Space and Right ran, N typed
            QTest::keyClick(w.keyTarget(), Qt::Key_Escape);
            QTest::keyClick(w.keyTarget(), Qt::Key_R, Qt::ControlModifier);
            QCOMPARE(reset.count(), 1);
        }
        if (kind == QLatin1String("spin"))
            QCOMPARE(w.spin->text(), QStringLiteral("0"));   // Space never blanks a number field
    }

    void disabledRunKeysNeverReachTheControl_data()
    {
        runKeysFromEveryControl_data();
        QTest::addRow("tab bar") << "tabs";
    }

    void disabledRunKeysNeverReachTheControl()
    {
        // A teacher's trial: once the run had finished (Run and Step greyed out), Space on a
        // consumer's "Online" box took it offline (an edit, "*", Undo lit) and Space on
        // "+ Consumer" opened its dialog: a disabled action's shortcut takes no key, so Qt gave
        // it to the control. The run keys stay the window's (docs/help.md, Keys): they do
        // nothing, and the window is asked to say why.
        QFETCH(QString, kind);
        Window w;
        auto *tabs = new QTabBar;
        tabs->addTab(QStringLiteral("Queue"));
        tabs->addTab(QStringLiteral("Charts"));
        w.window.centralWidget()->layout()->addWidget(tabs);
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        for (QAction *action : {w.run, w.step, w.reset})
            action->setEnabled(false);
        QWidget *focus = kind == QLatin1String("tabs") ? tabs : w.control(kind);
        focus->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(focus->hasFocus() || focus == &w.window);
        QWidget *target = w.keyTarget();
        auto *guard = w.window.findChild<ShortcutGuard *>();
        QVERIFY(guard);
        QSignalSpy refused(guard, &ShortcutGuard::runKeyRefused);
        QSignalSpy clicked(w.button, &QPushButton::clicked);
        const int sliderBefore = w.slider->value();
        const int cursorBefore = w.edit->cursorPosition();
        w.spin->setValue(5);
        QTest::keyClick(target, Qt::Key_Space);
        QTest::keyClick(target, Qt::Key_Right);
        QTest::keyClick(target, Qt::Key_R, Qt::ControlModifier);
        QTest::keyClick(target, Qt::Key_N);  // last: in a text field it types, as always
        const bool typesN = kind == QLatin1String("edit");
        QCOMPARE(clicked.count(), 0);               // Space did not press the button
        QVERIFY(!w.check->isChecked());             // nor tick the check box
        QVERIFY(!w.combo->view()->isVisible());     // nor open the list
        QCOMPARE(w.combo->currentIndex(), 0);
        QCOMPARE(w.slider->value(), sliderBefore);  // Right did not move the slider
        QCOMPARE(tabs->currentIndex(), 0);          // nor change the tab
        QVERIFY(!w.table->currentIndex().isValid()); // nor pick a cell
        QCOMPARE(w.spin->text(), QStringLiteral("5"));
        QCOMPARE(w.edit->text(), typesN ? QStringLiteral("n") : QString());  // no space typed
        if (!typesN)
            QCOMPARE(w.edit->cursorPosition(), cursorBefore);
        QCOMPARE(w.keyTarget(), target);            // and the focus stayed (Right moves it from a button)
        QCOMPARE(refused.count(), typesN ? 3 : 4);
        QCOMPARE(refused.at(0).at(0).value<QAction *>(), w.run);
        QCOMPARE(refused.at(1).at(0).value<QAction *>(), w.step);
        QCOMPARE(refused.at(2).at(0).value<QAction *>(), w.reset);
        // Enabled again, the keys run as before.
        for (QAction *action : {w.run, w.step, w.reset})
            action->setEnabled(true);
        if (typesN)
            QTest::keyClick(target, Qt::Key_Escape);  // the typed N cancelled: the field is idle again
        QSignalSpy run(w.run, &QAction::triggered);
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QCOMPARE(run.count(), 1);
        QCOMPARE(refused.count(), typesN ? 3 : 4);
    }

    void disabledRunKeysStayTheWindowsInAFloatingDock()
    {
        // A dock the user floated (the app's docks may float) is still the main window's: its
        // run keys act from there, and stay the window's once disabled.
        Window w;
        auto *online = new QCheckBox(QStringLiteral("Online"));
        QVERIFY(w.floatActive(online));
        online->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(online->hasFocus());
        QSignalSpy run(w.run, &QAction::triggered);
        QTest::keyClick(online, Qt::Key_Space);
        QCOMPARE(run.count(), 1);  // enabled, Space runs from the floating dock
        QVERIFY(!online->isChecked());
        w.run->setEnabled(false);
        QSignalSpy refused(w.window.findChild<ShortcutGuard *>(), &ShortcutGuard::runKeyRefused);
        QTest::keyClick(online, Qt::Key_Space);
        QVERIFY(!online->isChecked());
        QCOMPARE(refused.count(), 1);
    }

    void numberFieldInAFloatingDockFollowsTheRule()
    {
        // A dock floated off the main window is still the main window's: a number field there
        // reached by Tab swallowed Space without a word (the rule for fields was the main
        // window's only). It follows the same rule: Tab-reached or after Enter Space runs, while
        // typed into a run key it cannot use is held and said, and Up steps it again.
        Window w;
        auto *work = new QSpinBox;
        work->setRange(0, 100);
        work->setKeyboardTracking(false);
        QVERIFY(w.floatActive(work));
        auto *guard = w.window.findChild<ShortcutGuard *>();
        QSignalSpy run(w.run, &QAction::triggered), step(w.step, &QAction::triggered);
        QSignalSpy held(guard, &ShortcutGuard::editPending);
        work->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(work->hasFocus());
        QTest::keyClick(work, Qt::Key_Space);
        QCOMPARE(run.count(), 1);
        QCOMPARE(held.count(), 0);
        work->selectAll();
        QTest::keyClicks(work, QStringLiteral("4"));
        QTest::keyClick(work, Qt::Key_Space);
        QCOMPARE(run.count(), 1);
        QCOMPARE(held.count(), 1);
        QCOMPARE(held.at(0).at(0).value<QWidget *>(), work);
        QCOMPARE(work->text(), QStringLiteral("4"));
        QTest::keyClick(work, Qt::Key_Return);
        QTRY_VERIFY(!work->hasFocus());
        QCOMPARE(work->value(), 4);
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QCOMPARE(run.count(), 2);
        QTest::keyClick(w.keyTarget(), Qt::Key_Up);  // back to the field
        QCOMPARE(work->value(), 5);
        QTest::keyClick(w.keyTarget(), Qt::Key_N);
        QCOMPARE(step.count(), 1);
        QCOMPARE(work->value(), 5);
        QCOMPARE(held.count(), 1);
    }

    void clickedFieldTakesSpace()
    {
        // A trial clicked into the poison lesson's predicate field and typed " && priority >= 0":
        // the leading Space started the run and was not typed. A click into a field says where
        // the user will type: Space, Right and N are the field's there; Tab leaves them to the run.
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QSignalSpy run(w.run, &QAction::triggered), step(w.step, &QAction::triggered);
        w.edit->setText(QStringLiteral("data"));
        QTest::mouseClick(w.edit, Qt::LeftButton, {}, QPoint(w.edit->width() - 4, w.edit->height() / 2));
        QTRY_VERIFY(w.edit->hasFocus());
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QTest::keyClick(w.keyTarget(), Qt::Key_N);
        QCOMPARE(run.count(), 0);
        QCOMPARE(step.count(), 0);
        QCOMPARE(w.edit->text(), QStringLiteral("data n"));
        // A number field clicked into keeps its number: Space neither runs nor blanks it.
        QTest::mouseClick(w.spin, Qt::LeftButton);
        QTRY_VERIFY(w.spin->hasFocus());
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QCOMPARE(run.count(), 0);
        QCOMPARE(w.spin->text(), QStringLiteral("0"));
        // Escape ends that edit (nothing typed, nothing applied) and Space runs again.
        QTest::keyClick(w.keyTarget(), Qt::Key_Escape);
        QTRY_VERIFY(!w.spin->hasFocus());
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QCOMPARE(run.count(), 1);
    }

    void undoKeysAreTheWindowsInAnIdleField()
    {
        // A trial applied an edit (Enter), Tabbed back to the field and pressed Ctrl+Z: nothing
        // happened (the spin box took the key for its own text). Without a typed edit the undo
        // keys are the window's; with one they are the field's (it undoes the typing).
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QAction *undo = w.window.addAction(QStringLiteral("Undo"));
        undo->setShortcut(QKeySequence::Undo);
        QAction *redo = w.window.addAction(QStringLiteral("Redo"));
        redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});  // as the app's
        QSignalSpy undone(undo, &QAction::triggered), redone(redo, &QAction::triggered);
        w.spin->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.spin->hasFocus());
        QTest::keyClick(w.keyTarget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(undone.count(), 1);
        QTest::keyClick(w.keyTarget(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(redone.count(), 1);
        QTest::keyClicks(w.keyTarget(), QStringLiteral("42"));
        QTest::keyClick(w.keyTarget(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(undone.count(), 1);  // the field's: it undoes the typing
    }

    void idleNumberFieldLeavesTheSpeedKeysToTheWindow()
    {
        // A teacher's trial: Tab to a consumer's Work field, ] three times: the speed stayed,
        // though Space, Right and N acted from there. In a number field holding no edit [ and ]
        // are the window's (a spin box would refuse them anyway); while it is edited, and in a
        // text field (an expression may hold brackets), they are the field's.
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QSignalSpy faster(w.faster, &QAction::triggered), slower(w.slower, &QAction::triggered);
        w.spin->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.spin->hasFocus());
        QTest::keyClick(w.keyTarget(), Qt::Key_BracketRight);
        QCOMPARE(faster.count(), 1);
        QTest::keyClick(w.keyTarget(), Qt::Key_BracketLeft);
        QCOMPARE(slower.count(), 1);
        QTest::keyClicks(w.keyTarget(), QStringLiteral("4"));
        QTest::keyClick(w.keyTarget(), Qt::Key_BracketRight);
        QCOMPARE(faster.count(), 1);  // being edited: the field's
        QTest::keyClick(w.keyTarget(), Qt::Key_Escape);
        w.edit->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.edit->hasFocus());
        QTest::keyClick(w.keyTarget(), Qt::Key_BracketRight);
        QCOMPARE(faster.count(), 1);
        QCOMPARE(w.edit->text(), QStringLiteral("]"));
    }

    void idleNumberFieldLeavesSpaceToTheRun()
    {
        // A teacher Tabs to a consumer's "Low bound" spin box and presses Space: the lesson
        // runs (the field holds no edit). A digit starts the edit: Space is then the field's
        // (and never blanks it); Enter ends it and Space runs again.
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        w.spin->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.spin->hasFocus());
        QSignalSpy run(w.run, &QAction::triggered), step(w.step, &QAction::triggered);
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QCOMPARE(run.count(), 1);
        QTest::keyClick(w.keyTarget(), Qt::Key_N);
        QCOMPARE(step.count(), 1);
        QVERIFY(w.spin->hasFocus());
        QTest::keyClicks(w.keyTarget(), QStringLiteral("4"));
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QTest::keyClick(w.keyTarget(), Qt::Key_Right);
        QCOMPARE(run.count(), 1);  // being edited: the keys are the field's
        QCOMPARE(step.count(), 1);
        QCOMPARE(w.spin->text(), QStringLiteral("4"));
        QTest::keyClick(w.keyTarget(), Qt::Key_Return);
        QTRY_VERIFY(!w.spin->hasFocus());
        QCOMPARE(w.spin->value(), 4);
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QCOMPARE(run.count(), 2);
    }

    void runKeysActAfterAnArrowChangedTheNumber_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("arrow");
        QTest::addColumn<int>("undo");  // modifiers of a Z pressed after the arrow (0: none)
        QTest::addRow("Space after Up") << int(Qt::Key_Space) << int(Qt::Key_Up) << 0;
        QTest::addRow("N after Down") << int(Qt::Key_N) << int(Qt::Key_Down) << 0;
        QTest::addRow("Right after Up") << int(Qt::Key_Right) << int(Qt::Key_Up) << 0;
        QTest::addRow("Space after Up, Ctrl+Z") << int(Qt::Key_Space) << int(Qt::Key_Up) << int(Qt::ControlModifier);
        QTest::addRow("N after Down, Ctrl+Shift+Z")
                << int(Qt::Key_N) << int(Qt::Key_Down) << int(Qt::ControlModifier | Qt::ShiftModifier);
    }

    void runKeysActAfterAnArrowChangedTheNumber()
    {
        // A teacher's trial: Tab to a consumer's threshold, 7, Enter (dashed outline, Space ran),
        // then Up: 7 -> 8, applied at once; from then on Space, N and Right did nothing, without
        // a word, the field looking merely focused. So after Up/Down and Ctrl+Z, Ctrl+Shift+Z.
        // A number changed by an arrow holds nothing to apply: the run keys act from there,
        // ending that arrow edit as Enter does (the window holds the keys, the field dashed).
        QFETCH(int, key);
        QFETCH(int, arrow);
        QFETCH(int, undo);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QAction *undoAction = w.window.addAction(QStringLiteral("Undo"));
        undoAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
        QAction *redoAction = w.window.addAction(QStringLiteral("Redo"));
        redoAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
        QSignalSpy undone(undoAction, &QAction::triggered), redone(redoAction, &QAction::triggered);
        auto *guard = w.window.findChild<ShortcutGuard *>();
        QVERIFY(guard);
        QVERIFY(editField(w.spin, QStringLiteral("7"), Qt::Key_Return, Qt::TabFocusReason));
        QCOMPARE(w.spin->value(), 7);
        QTest::keyClick(w.keyTarget(), Qt::Key(arrow));  // back into the field, which it changes
        const int changed = arrow == Qt::Key_Up ? 8 : 6;
        QCOMPARE(w.spin->value(), changed);
        QVERIFY(w.spin->hasFocus());
        if (undo) {
            QTest::keyClick(w.keyTarget(), Qt::Key_Z, Qt::KeyboardModifiers(undo));
            QCOMPARE(undone.count() + redone.count(), 1);  // the window's: nothing was typed
            QVERIFY(w.spin->hasFocus());
        }
        QCOMPARE(w.frame->editing(), nullptr);  // not typed into: it does not look edited

        QSignalSpy run(w.run, &QAction::triggered), step(w.step, &QAction::triggered);
        QSignalSpy held(guard, &ShortcutGuard::editPending);
        QSignalSpy left(w.addLeavePresentation(), &QAction::triggered);
        QTest::keyClick(w.keyTarget(), Qt::Key(key));
        QCOMPARE(run.count(), key == Qt::Key_Space ? 1 : 0);
        QCOMPARE(step.count(), key == Qt::Key_Space ? 0 : 1);
        QCOMPARE(held.count(), 0);
        QCOMPARE(w.spin->value(), changed);  // kept: applied by the arrow
        QCOMPARE(w.spin->text(), QString::number(changed));
        // The arrow edit ended as Enter ends it: the window holds the keys, the field is dashed,
        // and the first Escape is the window's again.
        QTRY_VERIFY(w.window.hasFocus());
        QCOMPARE(w.frame->resumePoint(), w.spin);
        QTest::keyClick(w.keyTarget(), Qt::Key(key));
        QCOMPARE(run.count() + step.count(), 2);
        QTest::keyClick(w.keyTarget(), Qt::Key_Escape);
        QCOMPARE(left.count(), 1);
    }

    void runKeysActAfterAnArrowStepsWhatWasTypedOrClicked_data()
    {
        QTest::addColumn<bool>("clicked");  // given the focus by a click (else by Tab)
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("stepped");   // the value after Up
        QTest::addRow("typed 12, Up") << false << "12" << 13;
        QTest::addRow("clicked, Up") << true << "" << 8;
    }

    void runKeysActAfterAnArrowStepsWhatWasTypedOrClicked()
    {
        // Up applies the number it shows, typed or not (the field commits it): the field holds
        // nothing to apply any more and Space runs from it, as after any arrow, where before the
        // typed (or clicked-into) field kept Space and said "Finish the edit first".
        QFETCH(bool, clicked);
        QFETCH(QString, typed);
        QFETCH(int, stepped);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        w.spin->setValue(7);
        QSignalSpy changed(w.spin, &QSpinBox::valueChanged);
        if (clicked)
            QTest::mouseClick(w.spin, Qt::LeftButton, {}, QPoint(w.spin->width() / 3, w.spin->height() / 2));
        else
            w.spin->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.spin->hasFocus());
        if (!typed.isEmpty()) {
            w.spin->selectAll();
            QTest::keyClicks(w.spin, typed);
        }
        QCOMPARE(w.frame->editing(), w.spin);  // typed into (or clicked into): being edited
        QTest::keyClick(w.spin, Qt::Key_Up);
        QCOMPARE(w.spin->value(), stepped);
        QCOMPARE(changed.count(), 1);  // applied
        QCOMPARE(w.frame->editing(), nullptr);
        auto *guard = w.window.findChild<ShortcutGuard *>();
        QSignalSpy run(w.run, &QAction::triggered), held(guard, &ShortcutGuard::editPending);
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QCOMPARE(run.count(), 1);
        QCOMPARE(held.count(), 0);
        QCOMPARE(w.spin->value(), stepped);
        QTRY_VERIFY(w.window.hasFocus());
    }

    void runKeyRefusedAfterAnArrowEndsTheArrowEdit()
    {
        // The run has finished (Run and Step greyed out): Space after Up says why it did nothing
        // (runKeyRefused) and, as when it runs, ends the arrow edit.
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        auto *guard = w.window.findChild<ShortcutGuard *>();
        QSignalSpy refused(guard, &ShortcutGuard::runKeyRefused), held(guard, &ShortcutGuard::editPending);
        w.spin->setValue(7);
        w.spin->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.spin->hasFocus());
        QTest::keyClick(w.spin, Qt::Key_Up);
        QCOMPARE(w.spin->value(), 8);
        w.run->setEnabled(false);
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(refused.at(0).at(0).value<QAction *>(), w.run);
        QCOMPARE(held.count(), 0);
        QCOMPARE(w.spin->text(), QStringLiteral("8"));  // not blanked
        QTRY_VERIFY(w.window.hasFocus());
        QCOMPARE(w.frame->resumePoint(), w.spin);
    }

    void runKeyAFieldBeingEditedCannotUseSaysSo_data()
    {
        QTest::addColumn<QString>("field");  // Window::control()
        QTest::addColumn<bool>("clicked");   // given the focus by a click (else by Tab)
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("key");
        QTest::addColumn<bool>("said");      // the window is asked to say why (editPending)
        QTest::addColumn<QString>("shown");  // what the field shows after the key
        QTest::addRow("spin box typed, Space") << "spin" << false << "4" << int(Qt::Key_Space) << true << "4";
        QTest::addRow("spin box typed, N") << "spin" << false << "4" << int(Qt::Key_N) << true << "4";
        QTest::addRow("spin box typed, Right at its end") << "spin" << false << "4" << int(Qt::Key_Right) << true << "4";
        QTest::addRow("spin box clicked, Space") << "spin" << true << "" << int(Qt::Key_Space) << true << "0";
        QTest::addRow("line edit typed, Right at its end") << "edit" << true << "ab" << int(Qt::Key_Right) << true << "ab";
        // The keys a field uses are its own, and visibly so: nothing to say.
        QTest::addRow("line edit typed, Space types") << "edit" << true << "ab" << int(Qt::Key_Space) << false << "ab ";
        QTest::addRow("line edit clicked, N types") << "edit" << true << "" << int(Qt::Key_N) << false << "n";
    }

    void runKeyAFieldBeingEditedCannotUseSaysSo()
    {
        // In a field being typed into the run keys are the field's; one it has no use for (Space
        // or N in a number, Right at the end of the text) did nothing at all. It is never lost
        // without a word: the window is told (editPending with the key) and says how to get it
        // back; after Enter the key acts.
        QFETCH(QString, field);
        QFETCH(bool, clicked);
        QFETCH(QString, typed);
        QFETCH(int, key);
        QFETCH(bool, said);
        QFETCH(QString, shown);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        auto *guard = w.window.findChild<ShortcutGuard *>();
        QWidget *edited = w.control(field);
        if (clicked)
            QTest::mouseClick(edited, Qt::LeftButton, {}, QPoint(edited->width() / 2, edited->height() / 2));
        else
            edited->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(edited->hasFocus());
        if (auto *spin = qobject_cast<QAbstractSpinBox *>(edited); spin && !typed.isEmpty())
            spin->selectAll();
        QTest::keyClicks(edited, typed);
        QSignalSpy run(w.run, &QAction::triggered), step(w.step, &QAction::triggered);
        QSignalSpy held(guard, &ShortcutGuard::editPending);
        QTest::keyClick(w.keyTarget(), Qt::Key(key));
        QCOMPARE(run.count(), 0);
        QCOMPARE(step.count(), 0);
        QVERIFY(edited->hasFocus());
        QCOMPARE(edited->property("text").toString(), shown);
        QCOMPARE(held.count(), said ? 1 : 0);
        if (said) {
            QCOMPARE(held.at(0).at(0).value<QWidget *>(), edited);
            QCOMPARE(held.at(0).at(1).value<QKeySequence>(), QKeySequence(Qt::Key(key)));
        }
        // Enter ends the edit: the key acts.
        QTest::keyClick(w.keyTarget(), Qt::Key_Return);
        QTRY_VERIFY(!edited->hasFocus());
        QTest::keyClick(w.keyTarget(), Qt::Key(key));
        QCOMPARE(run.count() + step.count(), 1);
    }

    void fieldBeingEditedLooksEdited()
    {
        // A field being typed into (the run keys wait) looked exactly like one reached by Tab
        // (Space runs): the same solid outline. It is framed thicker and tagged "Editing: Enter
        // applies, Esc cancels"; the tag goes when the edit ends, and an arrow's change (applied
        // at once, the run keys still act) does not bring it.
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        const HighlightOverlay *overlay = w.frame->overlay();
        const QLabel *tag = w.frame->editTag();
        QVERIFY(tag);
        w.spin->setValue(7);
        w.spin->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(w.frame->target(), w.spin);
        const QPen focused = overlay->pen();
        QCOMPARE(w.frame->editing(), nullptr);
        QVERIFY(!tag->isVisible());

        w.spin->selectAll();
        QTest::keyClicks(w.spin, QStringLiteral("4"));
        QCOMPARE(w.frame->editing(), w.spin);
        const QPen editing = overlay->pen();
        QCOMPARE(editing.style(), Qt::SolidLine);
        QCOMPARE(editing.color(), focused.color());
        QVERIFY(editing.widthF() > focused.widthF());
        QVERIFY(tag->isVisible());
        QVERIFY(tag->text().contains(QLatin1String("Enter")) && tag->text().contains(QLatin1String("Esc")));
        // Beside the frame, not over the field.
        const QRect field(w.spin->mapTo(&w.window, QPoint(0, 0)), w.spin->size());
        QVERIFY(!tag->geometry().intersects(field));
        QVERIFY(tag->geometry().top() > overlay->geometry().bottom() || tag->geometry().bottom() < overlay->geometry().top());
        QVERIFY(w.window.rect().contains(tag->geometry()));

        // Escape ends the edit: the dashed resume point, no tag.
        QTest::keyClick(w.spin, Qt::Key_Escape);
        QTRY_VERIFY(w.window.hasFocus());
        QCOMPARE(w.frame->editing(), nullptr);
        QVERIFY(!tag->isVisible());
        QCOMPARE(overlay->pen().widthF(), focused.widthF());
        // Up changes it again (applied at once): focused, not edited.
        QTest::keyClick(w.keyTarget(), Qt::Key_Up);
        QCOMPARE(w.spin->value(), 8);
        QTRY_COMPARE(w.frame->target(), w.spin);
        QCOMPARE(w.frame->editing(), nullptr);
        QVERIFY(!tag->isVisible());
        QCOMPARE(overlay->pen(), focused);

        // A line edit clicked into is being edited; Tab away ends it.
        QTest::mouseClick(w.edit, Qt::LeftButton);
        QTRY_COMPARE(w.frame->target(), w.edit);
        QCOMPARE(w.frame->editing(), w.edit);
        QVERIFY(tag->isVisible());
        w.table->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(w.frame->target(), w.table);
        QCOMPARE(w.frame->editing(), nullptr);
        QVERIFY(!tag->isVisible());
        QCOMPARE(overlay->pen(), focused);
    }

    void enterAndEscapeEndTheEdit_data()
    {
        QTest::addColumn<int>("key");
        QTest::addRow("Enter") << int(Qt::Key_Return);
        QTest::addRow("Escape") << int(Qt::Key_Escape);
    }

    void enterAndEscapeEndTheEdit()
    {
        QFETCH(int, key);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QVERIFY(editField(w.spin, QStringLiteral("42"), Qt::Key(key)));
        QSignalSpy run(w.run, &QAction::triggered);
        QTest::keyClick(w.keyTarget(), Qt::Key_Space);
        QCOMPARE(run.count(), 1);
        QCOMPARE(w.spin->value(), key == Qt::Key_Return ? 42 : 0);  // Escape cancels
    }

    void escapeCancelsTheEdit_data()
    {
        QTest::addColumn<QString>("field");      // Window::control()
        QTest::addColumn<int>("reason");         // how the field gets the focus for each edit
        QTest::addColumn<QString>("held");       // what it shows before the edits
        QTest::addColumn<QString>("cancelled");  // typed, then Escape
        QTest::addColumn<QString>("typed");      // what it shows just before that Escape
        QTest::addColumn<QString>("entered");    // typed, then Enter
        QTest::addColumn<QString>("kept");       // what it shows after that Enter and a further cancelled edit
        QTest::addRow("spin box, by Tab") << "spin" << int(Qt::TabFocusReason) << "7" << "42" << "42" << "5" << "5";
        QTest::addRow("line edit, by a click") << "edit" << int(Qt::MouseFocusReason) << "data_{n}" << "xyz"
                                               << "data_{n}xyz" << "!" << "data_{n}!";
    }

    void escapeCancelsTheEdit()
    {
        // Escape in a field puts back what it held, so the focus leaving it applies nothing,
        // and it does not also trigger the window's own Escape (leaving presentation mode).
        QFETCH(QString, field);
        QFETCH(int, reason);
        QFETCH(QString, held);
        QFETCH(QString, cancelled);
        QFETCH(QString, typed);
        QFETCH(QString, entered);
        QFETCH(QString, kept);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        w.spin->setValue(7);
        w.edit->setText(QStringLiteral("data_{n}"));
        QSignalSpy left(w.addLeavePresentation(), &QAction::triggered);
        QSignalSpy changed(w.spin, &QSpinBox::valueChanged);
        QWidget *edited = w.control(field);
        const auto focusReason = Qt::FocusReason(reason);

        QString shown;
        QVERIFY(editField(edited, cancelled, Qt::Key_Escape, focusReason, &shown));
        QCOMPARE(shown, typed);
        QCOMPARE(edited->property("text").toString(), held);
        QCOMPARE(w.spin->value(), 7);
        QCOMPARE(changed.count(), 0);
        QCOMPARE(left.count(), 0);

        // Enter after an earlier cancelled edit keeps what was typed; the next edit starts from it.
        QVERIFY(editField(edited, entered, Qt::Key_Return, focusReason));
        QVERIFY(editField(edited, QStringLiteral("9"), Qt::Key_Escape, focusReason));
        QCOMPARE(edited->property("text").toString(), kept);
        QCOMPARE(left.count(), 0);

        // With no edit going on, Escape is the window's again.
        QTest::keyClick(&w.window, Qt::Key_Escape);
        QCOMPARE(left.count(), 1);
    }

    void tabResumesAfterTheEndedEdit_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<bool>("forward");
        QTest::addRow("Enter, Tab") << int(Qt::Key_Return) << true;
        QTest::addRow("Escape, Shift+Tab") << int(Qt::Key_Escape) << false;
    }

    void tabResumesAfterTheEndedEdit()
    {
        QFETCH(int, key);
        QFETCH(bool, forward);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QVERIFY(editField(w.spin, QString(), Qt::Key(key), Qt::TabFocusReason));
        QTest::keyClick(w.keyTarget(), forward ? Qt::Key_Tab : Qt::Key_Backtab, forward ? Qt::NoModifier : Qt::ShiftModifier);
        // The place is kept: the control next to the field, not the first control of the window.
        QWidget *expected = forward ? static_cast<QWidget *>(w.edit) : static_cast<QWidget *>(w.slider);
        QTRY_VERIFY(expected->hasFocus());
        QTRY_COMPARE(w.frame->target(), expected);
    }

    void menuBarKeepsTheResumePoint()
    {
        // File > Open… by the keyboard, then Esc on its prompt: the menu bar held the keys
        // meanwhile. The dashed outline and Tab's place came back, not the toolbar's first button.
        Window w;
        w.window.menuBar()->addMenu(QStringLiteral("&File"))->addAction(QStringLiteral("Open"));
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QVERIFY(editField(w.spin, QString(), Qt::Key_Return, Qt::TabFocusReason));
        QTRY_COMPARE(w.frame->resumePoint(), w.spin);
        w.window.menuBar()->setFocus(Qt::MenuBarFocusReason);
        QTRY_VERIFY(w.window.menuBar()->hasFocus());
        w.window.setFocus(Qt::MenuBarFocusReason);
        QTRY_VERIFY(w.window.hasFocus());
        QCOMPARE(w.frame->resumePoint(), w.spin);
        QTRY_COMPARE(w.frame->target(), w.spin);
        QTest::keyClick(w.keyTarget(), Qt::Key_Tab);
        QTRY_VERIFY(w.edit->hasFocus());  // the control after the field
    }

    void dialogOutlinesItsFocus()
    {
        // A prompt's Save / Discard / Cancel: the focused button gets the same solid frame as
        // the main window's controls (the style's own was a faint dotted line).
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QMessageBox box(QMessageBox::Question, QStringLiteral("Unsaved edits"), QStringLiteral("Save?"),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, &w.window);
        box.show();
        QVERIFY(QTest::qWaitForWindowActive(&box));
        FocusFrame *frame = FocusFrame::of(&box);
        QVERIFY(frame);
        QAbstractButton *discard = box.button(QMessageBox::Discard);
        discard->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(frame->target(), static_cast<QWidget *>(discard));
        QVERIFY(frame->overlay()->isVisible());
        box.close();
    }

    void startPointIsOutlinedWhileTheWindowHoldsTheKeys()
    {
        // At startup the window holds the keys: with a start point, the dashed outline marks
        // where Tab goes first, so the focus is never invisible; a field's resume point wins.
        Window w;
        w.frame->setStartPoint([&w] { return static_cast<QWidget *>(w.button); });
        w.window.setFocus();
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QTRY_COMPARE(w.frame->target(), static_cast<QWidget *>(w.button));
        QVERIFY(w.frame->overlay()->pen().style() != Qt::SolidLine);  // dashed
        QVERIFY(editField(w.spin, QString(), Qt::Key_Return, Qt::TabFocusReason));
        QTRY_COMPARE(w.frame->target(), static_cast<QWidget *>(w.spin));
    }

    void endedEditKeepsTheFieldOutlined_data() { enterAndEscapeEndTheEdit_data(); }

    void endedEditKeepsTheFieldOutlined()
    {
        QFETCH(int, key);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        auto *overlay = w.window.findChild<HighlightOverlay *>(QStringLiteral("focusFrame"));
        QVERIFY(overlay);
        w.spin->setFocus(Qt::MouseFocusReason);
        QTRY_COMPARE(w.frame->target(), w.spin);
        QCOMPARE(w.frame->resumePoint(), nullptr);  // editing: the plain focus frame
        QTest::keyClick(w.spin, Qt::Key(key));
        QTRY_VERIFY(w.window.hasFocus());
        // The window holds the keys, and the field where the edit ended stays outlined.
        QCOMPARE(w.frame->target(), w.spin);
        QCOMPARE(w.frame->resumePoint(), w.spin);
        QVERIFY(overlay->isVisible());
        QVERIFY(overlay->geometry().intersects(QRect(w.spin->mapTo(&w.window, QPoint(0, 0)), w.spin->size())));
        QSignalSpy run(w.run, &QAction::triggered);
        QTest::keyClick(&w.window, Qt::Key_Space);
        QCOMPARE(run.count(), 1);
        QCOMPARE(w.frame->target(), w.spin);  // a run key leaves the outline where it was
        // A click moves the outline as usual; back at the window, nothing is outlined any more.
        QTest::mouseClick(w.table->viewport(), Qt::LeftButton, {}, QPoint(5, 5));
        QTRY_COMPARE(w.frame->target(), w.table);
        QCOMPARE(w.frame->resumePoint(), nullptr);
        w.window.setFocus();
        QTRY_COMPARE(w.frame->target(), nullptr);
    }

    void threeOutlinesLookDifferent()
    {
        // On a projector the resume point's 1 px dotted frame was hardly seen, and the focus
        // frame looked like a lesson step's outline: all three differ in width, style or colour.
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        const HighlightOverlay *frame = w.frame->overlay();
        w.spin->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(w.frame->target(), w.spin);
        const QPen focus = frame->pen();
        QTest::keyClick(w.spin, Qt::Key_Return);
        QTRY_COMPARE(w.frame->resumePoint(), w.spin);
        const QPen resume = frame->pen();
        HighlightOverlay step(&w.window);  // as the main window outlines a lesson step's view
        const QPen lesson = step.pen();

        QCOMPARE(focus.style(), Qt::SolidLine);
        QCOMPARE(focus.color(), w.window.palette().color(QPalette::Highlight));
        QVERIFY(focus.widthF() >= 2);
        // The resume point: as wide as the focus, dashed, in the text colour (black on light).
        QCOMPARE(resume.widthF(), focus.widthF());
        QCOMPARE(resume.style(), Qt::CustomDashLine);
        QCOMPARE(resume.color(), w.window.palette().color(QPalette::WindowText));
        QVERIFY(resume.color() != focus.color());
        // The lesson step: thicker than both, solid, in a colour of its own.
        QCOMPARE(lesson.style(), Qt::SolidLine);
        QVERIFY(lesson.widthF() >= 2 * focus.widthF());
        QVERIFY(lesson.color() != focus.color() && lesson.color() != resume.color());
        // Each strong against the window's background (contrast of at least 3:1).
        const auto luminance = [](const QColor &c) {
            const auto lin = [](qreal v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
            return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
        };
        const qreal background = luminance(w.window.palette().color(QPalette::Window));
        for (const QPen &pen : {focus, resume, lesson}) {
            const qreal l = luminance(pen.color());
            const qreal contrast = (std::max(l, background) + 0.05) / (std::min(l, background) + 0.05);
            QVERIFY2(contrast >= 3, qPrintable(QStringLiteral("%1: %2").arg(pen.color().name()).arg(contrast)));
        }
    }

    void controlsTakeFocusByTabOnly()
    {
        Window w;
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        for (QWidget *control : {static_cast<QWidget *>(w.button), static_cast<QWidget *>(w.check),
                                 static_cast<QWidget *>(w.combo), static_cast<QWidget *>(w.slider)})
            QCOMPARE(control->focusPolicy(), Qt::TabFocus);
        QVERIFY(w.spin->focusPolicy() & Qt::ClickFocus);  // fields still take a click
        QVERIFY(!w.table->tabKeyNavigation());
    }

    void enterActivatesControls()
    {
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QSignalSpy clicked(w.button, &QPushButton::clicked);
        w.button->setFocus(Qt::TabFocusReason);
        QTest::keyClick(w.button, Qt::Key_Return);
        QCOMPARE(clicked.count(), 1);
        w.check->setFocus(Qt::TabFocusReason);
        QTest::keyClick(w.check, Qt::Key_Return);
        QVERIFY(w.check->isChecked());
    }

    void sliderChangedByKeysKeepsBothArrows()
    {
        // A slider merely focused leaves Right to the run; once an arrow changed it, both arrows
        // adjust it (a trial found Left lowering a bound and Right, meant to undo it, stepping
        // the run) until Enter or Escape ends its edit, which the window's Escape waits for.
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QSignalSpy left(w.addLeavePresentation(), &QAction::triggered), step(w.step, &QAction::triggered);
        w.slider->setValue(5);
        w.slider->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.slider->hasFocus());
        QTest::keyClick(w.slider, Qt::Key_Right);
        QCOMPARE(step.count(), 1);
        QCOMPARE(w.slider->value(), 5);

        for (const Qt::Key end : {Qt::Key_Return, Qt::Key_Escape}) {
            w.slider->setFocus(Qt::TabFocusReason);
            QTRY_VERIFY(w.slider->hasFocus());
            w.slider->setValue(5);
            step.clear();
            QTest::keyClick(w.slider, Qt::Key_Left);
            QCOMPARE(w.slider->value(), 4);
            QTest::keyClick(w.slider, Qt::Key_Right);  // undoes the Left
            QCOMPARE(w.slider->value(), 5);
            QTest::keyClick(w.slider, Qt::Key_Right);
            QCOMPARE(w.slider->value(), 6);
            QCOMPARE(step.count(), 0);
            QTest::keyClick(w.slider, end);  // ends the edit; the value stays
            QCOMPARE(left.count(), 0);
            QTRY_VERIFY(w.window.hasFocus());
            QCOMPARE(w.frame->resumePoint(), w.slider);
            QCOMPARE(w.slider->value(), 6);
            QTest::keyClick(w.keyTarget(), Qt::Key_Right);  // the run's again
            QCOMPARE(step.count(), 1);
            QCOMPARE(w.slider->value(), 6);
        }
        // The focus moving on ends the edit too: coming back, Right steps first.
        w.slider->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.slider->hasFocus());
        w.slider->setValue(5);
        QTest::keyClick(w.slider, Qt::Key_Up);
        QCOMPARE(w.slider->value(), 6);
        w.spin->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.spin->hasFocus());
        w.slider->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(w.slider->hasFocus());
        step.clear();
        QTest::keyClick(w.slider, Qt::Key_Right);
        QCOMPARE(step.count(), 1);
        QCOMPARE(w.slider->value(), 6);
        // An arrow that cannot move it (at its end) starts no edit.
        w.slider->setValue(w.slider->minimum());
        QTest::keyClick(w.slider, Qt::Key_Left);
        QTest::keyClick(w.slider, Qt::Key_Right);
        QCOMPARE(step.count(), 2);
        QCOMPARE(w.slider->value(), w.slider->minimum());
    }

    void escapeLeavesFromAFieldWithNoEdit_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("typed");   // typed before Escape
        QTest::addColumn<int>("arrow");       // pressed before Escape (0: none)
        QTest::addColumn<bool>("leaves");     // the first Escape is the window's
        QTest::addRow("spin box, focused") << "spin" << QString() << 0 << true;
        QTest::addRow("line edit, focused") << "edit" << QString() << 0 << true;
        QTest::addRow("spin box, typed") << "spin" << "4" << 0 << false;
        QTest::addRow("line edit, typed") << "edit" << "x" << 0 << false;
        QTest::addRow("spin box, Up") << "spin" << QString() << int(Qt::Key_Up) << false;
    }

    void escapeLeavesFromAFieldWithNoEdit()
    {
        // In presentation mode a field reached by Tab, nothing typed, took the first Escape
        // (a second one was needed): a field merely focused holds no edit.
        QFETCH(QString, field);
        QFETCH(QString, typed);
        QFETCH(int, arrow);
        QFETCH(bool, leaves);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QSignalSpy left(w.addLeavePresentation(), &QAction::triggered);
        w.spin->setValue(7);
        QWidget *edited = w.control(field);
        edited->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(edited->hasFocus());
        if (!typed.isEmpty()) {
            if (w.spin == edited)
                w.spin->selectAll();
            QTest::keyClicks(edited, typed);
        }
        if (arrow)
            QTest::keyClick(edited, Qt::Key(arrow));
        QTest::keyClick(edited, Qt::Key_Escape);
        QCOMPARE(left.count(), leaves ? 1 : 0);
        if (!leaves) {
            QTRY_VERIFY(!edited->hasFocus());  // the edit ended: the next Escape is the window's
            QTest::keyClick(w.keyTarget(), Qt::Key_Escape);
            QCOMPARE(left.count(), 1);
        }
        QCOMPARE(w.spin->value(), arrow ? 8 : 7);  // a typed edit cancelled, an arrow's kept
    }

    void focusIsOutlined()
    {
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        w.slider->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(w.frame->target(), w.slider);
        w.edit->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(w.frame->target(), w.edit);
        w.window.setFocus();
        QTRY_COMPARE(w.frame->target(), nullptr);
    }
};

QTEST_MAIN(TestKeys)
#include "tst_keys.moc"
