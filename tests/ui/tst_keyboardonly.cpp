// A teacher's keyboard-only trial of the main window: the keys the help page lists, What's This?
// by the keyboard, the Scenarios menu and the unsaved-edits prompts, where the focus goes after
// a menu and after the lesson's last step.
#include "core/engine/simulation.h"
#include "ui/common/focusframe.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/editing/parametereditor.h"
#include "ui/editing/setupeditor.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/setup/producerpanel.h"
#include "ui/shell/helpdialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/scenariofiles.h"
#include "ui/shell/speedcontrol.h"
#include "ui/shell/whatsthiskey.h"
#include "tests/ui/scenariowindow.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWhatsThis>

#include <memory>

using namespace PriorityLab;

namespace {

using Window = TestSupport::ScenarioWindow;

const QString lesson = QStringLiteral(":/scenarios/lesson-aging.json");

/// Presses run key @p key (Space, N or Right) in @p w: true if it acted, Space starting the run
/// (paused again here), N and Right stepping one cycle from @p cycle.
[[nodiscard]] bool runKeyActs(Window &w, Qt::Key key, qint64 cycle)
{
    w.press(key);
    if (key != Qt::Key_Space)
        return w.sim()->cycle() == cycle + 1;
    const bool running = w.sim()->isRunning();
    w.sim()->pause();
    return running;
}

/// The keys of the help page's key table (docs/help.md, "## Keys"), one entry per key or key
/// combination: the first column's cells split at " / ", " or " and ", ".
QStringList helpKeys()
{
    const QString page = HelpDialog::markdown();
    const qsizetype start = page.indexOf(QLatin1String("\n## Keys"));
    const qsizetype end = page.indexOf(QLatin1String("\n## "), start + 1);
    QStringList keys;
    const QStringList lines = page.mid(start, end < 0 ? -1 : end - start).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (!line.startsWith(QLatin1Char('|')) || line.startsWith(QLatin1String("|---")))
            continue;
        const QString cell = line.section(QLatin1Char('|'), 1, 1).trimmed();
        keys += cell.split(QRegularExpression(QStringLiteral("\\s+/\\s+|\\s+or\\s+|,\\s+")), Qt::SkipEmptyParts);
    }
    return keys;
}

/// @p keys as the help page writes them: Qt's portable text, with "Page Down" and "Page Up"
/// for Qt's "PgDown" and "PgUp".
QString helpSpelling(const QKeySequence &keys)
{
    QString text = keys.toString(QKeySequence::PortableText);
    text.replace(QLatin1String("PgDown"), QLatin1String("Page Down"));
    text.replace(QLatin1String("PgUp"), QLatin1String("Page Up"));
    return text;
}

/// The What's This? box (Qt's QWhatsThat popup) when one is shown, else nullptr.
QWidget *whatsThisBox()
{
    for (QWidget *w : QApplication::topLevelWidgets()) {
        if (w->inherits("QWhatsThat") && w->isVisible())
            return w;
    }
    return nullptr;
}

/// The main window's menu whose title is @p title ("S&cenarios"); nullptr if none.
QMenu *menuTitled(MainWindow &window, const QString &title)
{
    for (QAction *action : window.menuBar()->actions()) {
        if (action->text() == title)
            return action->menu();
    }
    return nullptr;
}

/// The paths of the checked actions of @p menu.
QStringList checkedPaths(const QMenu *menu)
{
    QStringList paths;
    for (const QAction *action : menu->actions()) {
        if (action->isChecked())
            paths << action->data().toString();
    }
    return paths;
}

/// The number field of consumer @p name's strategy parameter @p parameter in @p w; nullptr if
/// the card or the field is missing.
QSpinBox *parameterSpin(const Window &w, const QString &name, const QString &parameter)
{
    ConsumerCard *card = w.card(name);
    ParameterEditor *editor = card ? card->parameterEditor(parameter) : nullptr;
    QWidget *input = editor ? editor->input() : nullptr;
    if (!input)
        return nullptr;
    auto *spin = qobject_cast<QSpinBox *>(input);
    return spin ? spin : input->findChild<QSpinBox *>();
}

} // namespace

class TestKeyboardOnly : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /// Seen in a trial: the F1 page's key table left out F11/F5, the zoom keys, Shift+F1 and
    /// more, while the menus showed them. Every shortcut of every action of the main window
    /// (menus, toolbar, window-wide keys) is in the table, so that it cannot drift again.
    void helpListsEveryShortcut()
    {
        Window w(lesson, QSize(1280, 720));
        QVERIFY(w.exposed());
        const QStringList keys = helpKeys();
        QVERIFY2(keys.size() > 10, qPrintable(keys.join(QLatin1String(" | "))));
        QStringList missing;
        int checked = 0;
        for (const QAction *action : w.window.findChildren<QAction *>()) {
            for (const QKeySequence &shortcut : action->shortcuts()) {
                if (shortcut.isEmpty())
                    continue;  // a standard key the platform has none for (Quit offscreen)
                ++checked;
                const QString key = helpSpelling(shortcut);
                if (!keys.contains(key))
                    missing << QStringLiteral("%1 (%2)").arg(key, action->text());
            }
        }
        QVERIFY(checked > 20);
        missing.removeDuplicates();
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not in docs/help.md's key table: ") + missing.join(QLatin1String(", "))));
    }

    /// Seen in a trial: Shift+F1 with the focus on a consumer's setting showed nothing (Qt's
    /// What's This? waited for a mouse click). It shows the text of the focused widget's nearest
    /// ancestor with one (its consumer's card) in the box, under the widget, and Esc closes it.
    void shiftF1ExplainsTheFocus()
    {
        Window w(lesson, QSize(1280, 720));
        QVERIFY(w.active());
        QWidget *panel = w.window.consumerPanel();
        QVERIFY(!panel->whatsThis().isEmpty());
        auto *field = panel->findChild<QAbstractSpinBox *>();
        QVERIFY(field);
        QVERIFY(field->whatsThis().isEmpty());
        field->setFocus(Qt::TabFocusReason);
        QCOMPARE(QApplication::focusWidget(), field);
        QWidget *explained = WhatsThisKey::explaining(field);  // its consumer's card
        QVERIFY(explained && explained->isAncestorOf(field) && panel->isAncestorOf(explained));
        QCOMPARE(WhatsThisKey::textFor(field, QString()), explained->whatsThis());

        w.press(Qt::Key_F1, Qt::ShiftModifier);
        QTRY_VERIFY(whatsThisBox());
        QVERIFY(!QWhatsThis::inWhatsThisMode());  // no click is awaited
        QWidget *box = whatsThisBox();
        const QRect fieldRect(field->mapToGlobal(QPoint(0, 0)), field->size());
        QVERIFY2(!box->geometry().intersects(fieldRect), "the box does not hide the field");
        QVERIFY(box->geometry().top() - fieldRect.bottom() <= 4
                || fieldRect.top() - box->geometry().bottom() <= 4 + box->height());
        QTest::keyClick(box, Qt::Key_Escape);
        QTRY_VERIFY(!whatsThisBox());

        // A part without a What's This? text of its own or above says what its tooltip says.
        QWidget *outside = new QWidget(&w.window);
        outside->setToolTip(QStringLiteral("a < b"));
        QCOMPARE(WhatsThisKey::textFor(outside, QStringLiteral("none")), QStringLiteral("a &lt; b"));
        outside->setToolTip(QString());
        QCOMPARE(WhatsThisKey::textFor(outside, QStringLiteral("none")), QStringLiteral("none"));
        QCOMPARE(WhatsThisKey::showFor(nullptr, QStringLiteral("none")), QString());
    }

    /// Seen in a trial: the Scenarios menu did not mark the scenario that is open. Its entries
    /// are checkable in an exclusive group: the open one is checked (also when opened from a
    /// file on disk that is a shipped one), none for a file of one's own.
    void scenariosMenuMarksTheOpenOne()
    {
        Window w(lesson);
        QVERIFY(w.exposed());
        QMenu *menu = menuTitled(w.window, QStringLiteral("S&cenarios"));
        QVERIFY(menu);
        QVERIFY(menu->actions().size() > 5);
        for (const QAction *action : menu->actions()) {
            QVERIFY(action->isCheckable());
            QVERIFY(action->actionGroup() && action->actionGroup()->isExclusive());
        }
        QCOMPARE(checkedPaths(menu), QStringList{lesson});
        const QString defaultScenario = QStringLiteral(":/scenarios/default.json");
        QVERIFY(w.window.openScenarioFile(defaultScenario).isEmpty());
        QCOMPARE(checkedPaths(menu), QStringList{defaultScenario});

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QStringLiteral("lesson-aging.json"));
        QVERIFY(QFile::copy(lesson, copy));
        QVERIFY(w.window.openScenarioFile(copy).isEmpty());
        QCOMPARE(checkedPaths(menu), QStringList{lesson});
        QVERIFY(w.window.scenarioFiles()->saveScenarioFile(dir.filePath(QStringLiteral("mine.json"))).isEmpty());
        QCOMPARE(checkedPaths(menu), QStringList());

        // Chosen from the menu and then cancelled at the unsaved-edits prompt: the mark stays
        // on the scenario that is still open.
        QVERIFY(w.window.openScenarioFile(lesson).isEmpty());
        QVERIFY(w.window.setupEditor()->setConsumerParameter(0, QStringLiteral("threshold"), 8).isEmpty());
        w.window.setUnsavedEditsAnswer(QMessageBox::Cancel);
        QAction *other = w.window.scenarioFiles()->catalogActionOf(defaultScenario);
        QVERIFY(other);
        other->trigger();
        QCOMPARE(w.window.currentFile(), lesson);
        QCOMPARE(checkedPaths(menu), QStringList{lesson});
        w.window.setUnsavedEditsAnswer(QMessageBox::Discard);
        other->trigger();
        QCOMPARE(checkedPaths(menu), QStringList{defaultScenario});
    }

    /// Seen in a trial: "The scenario has edits that are not saved. Save them before opening
    /// another scenario?" named neither. The prompts name the scenario with its edits and what
    /// comes next: the scenario about to open, Reset, Quit, the lesson step Back replays to.
    void unsavedEditsPromptsNameWhatTheyDo()
    {
        Window w(lesson);
        QVERIFY(w.active());
        LessonPanel *panel = w.window.lessonPanel();
        for (int i = 0; i < 10 && panel->currentStep() < 1; ++i)
            panel->next();
        QCOMPARE(panel->currentStep(), 1);
        const QString name = w.window.setupEditor()->scenarioName();
        QVERIFY(!name.isEmpty());
        QVERIFY(w.window.setupEditor()->setConsumerParameter(0, QStringLiteral("threshold"), 8).isEmpty());
        QVERIFY(w.window.setupEditor()->setConsumerParameter(1, QStringLiteral("threshold"), 8).isEmpty());
        w.window.setUnsavedEditsAnswer(QMessageBox::Cancel);
        const auto asked = [&](const QString &what) {
            const QString question = w.window.lastUnsavedEditsQuestion();
            return question.contains(QStringLiteral("“%1” (lesson-aging.json) has 2 unsaved edits").arg(name))
                   && question.contains(QStringLiteral("Save them before ") + what + QLatin1Char('?'));
        };

        QAction *other = w.window.scenarioFiles()->catalogActionOf(QStringLiteral(":/scenarios/default.json"));
        QVERIFY(other);
        other->trigger();
        const QString opening = QStringLiteral("opening “%1” (default.json)").arg(other->text().replace(QLatin1String("&&"), QLatin1String("&")));
        QVERIFY2(asked(opening), qPrintable(w.window.lastUnsavedEditsQuestion()));
        w.window.resetAction()->trigger();
        QVERIFY2(asked(QStringLiteral("resetting to cycle 0 with the scenario as it was opened")),
                 qPrintable(w.window.lastUnsavedEditsQuestion()));
        w.window.previousStepAction()->trigger();
        QVERIFY2(asked(QStringLiteral("going back to step 1, which replays the lesson from cycle 0")),
                 qPrintable(w.window.lastUnsavedEditsQuestion()));
        QVERIFY(!w.window.close());
        QVERIFY2(asked(QStringLiteral("quitting PriorityLab")), qPrintable(w.window.lastUnsavedEditsQuestion()));
        QCOMPARE(w.window.currentFile(), lesson);
    }

    /// Seen in a trial: after Alt+F then Esc (the menu closed) nothing was outlined, and the
    /// next Tab went to the toolbar's speed slider: the menu bar kept the keys. Esc gives the
    /// focus back to the widget that had it, outlined, and Tab goes on from there.
    void escapeFromAMenuGivesTheFocusBack()
    {
        Window w(lesson, QSize(1280, 720));
        QVERIFY(w.active());
        auto *field = w.window.consumerPanel()->findChild<QAbstractSpinBox *>();
        QVERIFY(field);
        field->setFocus(Qt::TabFocusReason);
        w.press(Qt::Key_Tab);
        QWidget *afterField = QApplication::focusWidget();
        QVERIFY(afterField && afterField != field);
        field->setFocus(Qt::TabFocusReason);

        QMenu *file = menuTitled(w.window, QStringLiteral("&File"));
        QVERIFY(file);
        w.press(Qt::Key_F, Qt::AltModifier);
        QTRY_VERIFY(file->isVisible());
        QTest::keyClick(file, Qt::Key_Escape);
        QTRY_VERIFY(!file->isVisible());
        // The window's focus (the offscreen platform deactivates the window when the popup
        // closes, which a desktop does not: it is activated again below).
        QTRY_COMPARE(w.window.focusWidget(), static_cast<QWidget *>(field));
        QApplication::setActiveWindow(&w.window);
        QVERIFY(w.active());
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(field));
        QCOMPARE(FocusFrame::of(&w.window)->target(), static_cast<QWidget *>(field));
        w.press(Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), afterField);

        // Alt alone gives the bar the keys; Tab from there goes on from the field too.
        field->setFocus(Qt::TabFocusReason);
        w.press(Qt::Key_Alt);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(w.window.menuBar()));
        w.press(Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), afterField);
    }

    /// Seen in a trial: at the lesson's last step Next disabled and the focus jumped to the
    /// speed slider, so the arrow keys changed the speed. The focus goes to Back.
    void lastLessonStepLeavesTheFocusOnBack()
    {
        Window w(lesson, QSize(1280, 720));
        QVERIFY(w.active());
        LessonPanel *panel = w.window.lessonPanel();
        QPushButton *next = panel->nextButton();
        next->setFocus(Qt::TabFocusReason);
        // Paused, Next runs the step; running, Next plays the rest at once and enters the next.
        for (int i = 0; i < 40 && next->isEnabled(); ++i) {
            QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(next));
            next->click();
        }
        w.sim()->pause();
        QVERIFY(!next->isEnabled());
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(panel->backButton()));
        QCOMPARE(FocusFrame::of(&w.window)->target(), static_cast<QWidget *>(panel->backButton()));
        auto *slider = w.window.speedControl()->findChild<QSlider *>();
        QVERIFY(slider);
        const int speed = slider->value();
        w.press(Qt::Key_Left);
        w.press(Qt::Key_Right);
        QCOMPARE(slider->value(), speed);
    }

    /// Seen in a trial: the prefetch lesson run to its idle stop (Run greyed out), Space on
    /// consumer A's "Online" box took A offline ("*" in the title, a ✎ marker, Undo lit), and
    /// Space on "+ Consumer" opened the "Add a consumer" dialog. Finished, the run keys do
    /// nothing but say so (docs/help.md, Keys).
    void closingWithATypedValueLeavesTheWindowWhole()
    {
        // A value typed and not yet applied when the window goes: the field's focus-out applied it
        // into a window half destroyed (its members gone), reaching the speed controls after
        // them. It is applied while the window is whole, as Tab away from the field would.
        auto w = std::make_unique<Window>(QStringLiteral(":/scenarios/lesson-mixed-thresholds.json"));
        QVERIFY(w->activeAt(1024, 768));
        QSpinBox *threshold = parameterSpin(*w, QStringLiteral("strict"), QStringLiteral("threshold"));
        QVERIFY(threshold);
        threshold->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), threshold);
        threshold->selectAll();
        QTest::keyClicks(threshold, QStringLiteral("7"));
        QUndoStack *stack = w->window.setupEditor()->undoStack();
        QCOMPARE(stack->count(), 0);  // typed, not applied
        QSignalSpy applied(stack, &QUndoStack::indexChanged);
        w.reset();
        QCOMPARE(applied.count(), 1);  // applied before the window went
    }

    void openingAnotherScenarioWithATypedValueKeepsTheWindowWhole_data()
    {
        QTest::addColumn<bool>("producer");
        QTest::addRow("a consumer card's threshold") << false;
        QTest::addRow("a producer's rate") << true;
    }

    void openingAnotherScenarioWithATypedValueKeepsTheWindowWhole()
    {
        // The same with the cards and producer rows: opening another scenario replaces them
        // while a value is typed into one of their fields, not yet applied. Hiding the old one
        // moved the focus out and applied the value to the new scenario's consumer or producer
        // of the same index: the new lesson opened with an edit nobody made in it.
        QFETCH(bool, producer);
        Window w(QStringLiteral(":/scenarios/lesson-mixed-thresholds.json"));
        QVERIFY(w.activeAt(1024, 768));
        QSpinBox *field = nullptr;
        if (producer) {
            ProducerPanel *panel = w.window.producerPanel();
            auto *dock = qobject_cast<QDockWidget *>(panel->parentWidget());
            for (QWidget *up = panel; up && !dock; up = up->parentWidget())
                dock = qobject_cast<QDockWidget *>(up);
            QVERIFY(dock);
            dock->raise();
            QTRY_VERIFY(panel->isVisible());
            field = panel->findChild<QSpinBox *>();
        } else {
            field = parameterSpin(w, QStringLiteral("strict"), QStringLiteral("threshold"));
        }
        QVERIFY(field);
        field->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), field);
        field->selectAll();
        QTest::keyClicks(field, QStringLiteral("7"));
        QVERIFY(w.window.openScenarioFile(lesson).isEmpty());
        QCOMPARE(w.window.setupEditor()->undoStack()->count(), 0);  // a new scenario, no edit
        QCOMPARE(w.sim()->loadedScenario().steps.size(), 5);  // lesson-aging's
    }

    void runKeysActAfterUpInAConsumersNumberField_data()
    {
        QTest::addColumn<Qt::Key>("key");
        QTest::addRow("Space") << Qt::Key_Space;
        QTest::addRow("N") << Qt::Key_N;
        QTest::addRow("Right") << Qt::Key_Right;
    }

    void runKeysActAfterUpInAConsumersNumberField()
    {
        // A teacher's trial (1024x768, mixed thresholds): Tab to strict > Threshold, 7, Enter
        // (dashed outline, Space ran), then Up: 7 -> 8 applied at once, and Space, N and Right
        // did nothing from then on, without a word. Up holds nothing to apply: the run keys act,
        // ending that arrow edit as Enter does.
        QFETCH(Qt::Key, key);
        Window w(QStringLiteral(":/scenarios/lesson-mixed-thresholds.json"));
        QVERIFY(w.activeAt(1024, 768));
        QSpinBox *threshold = parameterSpin(w, QStringLiteral("strict"), QStringLiteral("threshold"));
        QVERIFY(threshold);
        w.sim()->step();
        threshold->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), threshold);
        threshold->selectAll();
        QTest::keyClicks(threshold, QStringLiteral("7"));
        w.press(Qt::Key_Return);
        QTRY_COMPARE(QApplication::focusWidget(), &w.window);
        QCOMPARE(threshold->value(), 7);
        w.press(Qt::Key_Up);
        QCOMPARE(QApplication::focusWidget(), threshold);
        QCOMPARE(threshold->value(), 8);
        QUndoStack *stack = w.window.setupEditor()->undoStack();
        QCOMPARE(stack->count(), 2);  // applied at once
        FocusFrame *frame = FocusFrame::of(&w.window);
        QVERIFY(frame);
        QCOMPARE(frame->editing(), nullptr);  // not typed into: it does not look edited

        const qint64 cycle = w.sim()->cycle();
        w.window.statusBar()->clearMessage();
        QVERIFY(runKeyActs(w, key, cycle));
        QVERIFY2(!w.window.statusBar()->currentMessage().startsWith(QLatin1String("Finish the edit")),
                 qPrintable(w.window.statusBar()->currentMessage()));
        QCOMPARE(threshold->value(), 8);
        QCOMPARE(stack->count(), 2);
        QTRY_COMPARE(QApplication::focusWidget(), &w.window);  // the arrow edit ended
        QCOMPARE(frame->resumePoint(), threshold);
    }

    void runKeyInAFieldBeingEditedSaysWhy_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<Qt::Key>("key");
        QTest::addColumn<QString>("said");
        QTest::addRow("strict's threshold, Space") << "threshold" << "9" << Qt::Key_Space
                                                   << "Finish the edit first: press Enter to apply it or Escape to cancel it; then Space runs";
        QTest::addRow("strict's failure rate, N") << "rate" << "0.5" << Qt::Key_N
                                                   << "Finish the edit first: press Enter to apply it or Escape to cancel it; then N steps one cycle";
        QTest::addRow("producer's data, Right at its end") << "data" << "abc" << Qt::Key_Right
                                                           << "Finish the edit first: press Enter to apply it or Escape to cancel it; then Right steps one cycle";
    }

    void runKeyInAFieldBeingEditedSaysWhy()
    {
        // In a field being typed into the run keys wait for Enter or Escape; one the field has no
        // use for (Space or N in a number, Right at the end of the text) did nothing, and the
        // teacher could not tell why. The status bar says it, the field is tagged as being
        // edited, and both go with the edit.
        QFETCH(QString, field);
        QFETCH(QString, typed);
        QFETCH(Qt::Key, key);
        QFETCH(QString, said);
        Window w(QStringLiteral(":/scenarios/lesson-mixed-thresholds.json"));
        QVERIFY(w.activeAt(1024, 768));
        QWidget *edited = nullptr;
        if (field == QLatin1String("threshold"))
            edited = parameterSpin(w, QStringLiteral("strict"), QStringLiteral("threshold"));
        else if (field == QLatin1String("rate"))
            edited = w.card(QStringLiteral("strict"))->failureRateBox();
        else
            edited = w.window.producerPanel()->sendDataEdit();
        QVERIFY(edited);
        for (QWidget *p = edited->parentWidget(); p; p = p->parentWidget()) {
            if (auto *dock = qobject_cast<QDockWidget *>(p)) {
                dock->show();
                dock->raise();
            }
        }
        edited->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(QApplication::focusWidget(), edited);
        QTest::keyClick(edited, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edited, typed);
        const QString shown = edited->property("text").toString();
        FocusFrame *frame = FocusFrame::of(&w.window);
        QVERIFY(frame);
        QCOMPARE(frame->editing(), edited);
        QVERIFY(frame->editTag()->isVisible());

        const qint64 cycle = w.sim()->cycle();
        w.press(key);
        QCOMPARE(w.sim()->cycle(), cycle);
        QVERIFY(!w.sim()->isRunning());
        QCOMPARE(QApplication::focusWidget(), edited);
        QCOMPARE(edited->property("text").toString(), shown);
        QCOMPARE(w.window.statusBar()->currentMessage(), said);

        // Enter applies the edit: the notice and the tag go, and the key acts.
        w.press(Qt::Key_Return);
        QTRY_COMPARE(QApplication::focusWidget(), &w.window);
        QCOMPARE(w.window.statusBar()->currentMessage(), QString());
        QCOMPARE(frame->editing(), nullptr);
        QVERIFY(!frame->editTag()->isVisible());
        QVERIFY(runKeyActs(w, key, cycle));
    }

    void runKeysOnAControlDoNothingOnceTheRunHasFinished()
    {
        Window w(QStringLiteral(":/scenarios/lesson-prefetch-hides-priority.json"), QSize(1280, 720));
        QVERIFY(w.active());
        w.sim()->runCycles(100000);
        QVERIFY(w.sim()->isFinished());
        QVERIFY(!w.window.runPauseAction()->isEnabled());
        QVERIFY(!w.window.stepAction()->isEnabled());
        ConsumerCard *a = w.card(QStringLiteral("A"));
        QVERIFY(a);
        QCheckBox *online = a->onlineBox();
        QVERIFY(online->isChecked());
        QPushButton *add = w.window.consumerPanel()->addButton();
        QSignalSpy addClicked(add, &QPushButton::clicked);
        const qint64 cycle = w.sim()->cycle();
        for (QWidget *control : {static_cast<QWidget *>(online), static_cast<QWidget *>(add)}) {
            control->setFocus(Qt::TabFocusReason);
            QTRY_VERIFY(control->hasFocus());
            for (const Qt::Key key : {Qt::Key_Space, Qt::Key_Right, Qt::Key_N}) {
                w.window.statusBar()->clearMessage();
                w.press(key);
                QVERIFY(online->isChecked());                             // A is still online
                QVERIFY(w.window.setupEditor()->undoStack()->isClean());  // no edit, nothing to undo
                QVERIFY(!w.window.isWindowModified());
                QCOMPARE(addClicked.count(), 0);                          // no "Add a consumer" dialog
                QCOMPARE(QApplication::focusWidget(), control);           // Right did not move the focus on
                QCOMPARE(w.sim()->cycle(), cycle);
                QVERIFY2(w.window.statusBar()->currentMessage().startsWith(QLatin1String("The run is finished")),
                         qPrintable(w.window.statusBar()->currentMessage()));
            }
        }
        // Ctrl+R still starts the run again from there.
        w.press(Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(w.sim()->cycle(), 0);
        QVERIFY(w.window.runPauseAction()->isEnabled());
    }
};

QTEST_MAIN(TestKeyboardOnly)
#include "tst_keyboardonly.moc"
