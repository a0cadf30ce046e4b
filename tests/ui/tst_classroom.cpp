// The main window in front of a class: the run keys from every kind of widget, zoom and speed
// keys, the unsaved-edits prompt on open, reset and quit, the start state, a guided lesson run
// by Page Down with its highlights, presentation mode, and Help > Rules.
#include "core/engine/simulation.h"
#include "ui/common/highlightoverlay.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/editing/setupeditor.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/queue/queuepanel.h"
#include "ui/setup/producerpanel.h"
#include "ui/shell/helpdialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/speedcontrol.h"
#include "ui/shell/zoom.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

using namespace PriorityLab;

namespace {

/// A shown, active main window on @p scenario (a built-in preset), dialogs off.
struct Window
{
    MainWindow window;
    explicit Window(const QString &scenario = QStringLiteral(":/scenarios/reference-priority.json"))
    {
        window.setShowDialogs(false);
        if (!window.openScenarioFile(scenario).isEmpty())
            qFatal("cannot open %s", qPrintable(scenario));
        window.show();
        QApplication::setActiveWindow(&window);
    }
    Simulation *sim() const { return window.simulation(); }
};

/// Presses @p key (with @p modifiers) where the keyboard focus is.
void press(MainWindow &window, Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWidget *focus = QApplication::focusWidget();
    QTest::keyClick(focus ? focus : &window, key, modifiers);
}

} // namespace

class TestClassroom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runKeysFromEveryWidget_data()
    {
        QTest::addColumn<QString>("widget");
        QTest::addColumn<bool>("keysRun");
        QTest::addRow("nothing focused") << "window" << true;
        QTest::addRow("Edit… button") << "edit" << true;
        QTest::addRow("Online check box") << "online" << true;
        QTest::addRow("queue table") << "table" << true;
        QTest::addRow("failure-rate spin box") << "rate" << false;
        QTest::addRow("send-data text field") << "data" << false;
    }

    void runKeysFromEveryWidget()
    {
        QFETCH(QString, widget);
        QFETCH(bool, keysRun);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        ConsumerCard *card = w.window.consumerPanel()->cards().constFirst();
        QWidget *focus = &w.window;
        if (widget == QLatin1String("edit"))
            focus = w.window.findChild<QPushButton *>();
        else if (widget == QLatin1String("online"))
            focus = card->onlineBox();
        else if (widget == QLatin1String("table"))
            focus = w.window.queuePanel()->tableView();
        else if (widget == QLatin1String("rate"))
            focus = card->failureRateBox();
        else if (widget == QLatin1String("data"))
            focus = w.window.producerPanel()->sendDataEdit();
        QVERIFY(focus);
        if (QDockWidget *dock = qobject_cast<QDockWidget *>(focus->parentWidget())) {
            dock->show();
            dock->raise();
        }
        focus->setFocus(Qt::TabFocusReason);
        const bool online = card->onlineBox()->isChecked();
        press(w.window, Qt::Key_Space);
        QCOMPARE(w.sim()->isRunning(), keysRun);
        press(w.window, Qt::Key_Space);
        QVERIFY(!w.sim()->isRunning());
        press(w.window, Qt::Key_Right);
        press(w.window, Qt::Key_N);
        QCOMPARE(w.sim()->cycle(), keysRun ? 2 : 0);
        QCOMPARE(card->onlineBox()->isChecked(), online);  // Space never toggles the consumer
        press(w.window, Qt::Key_R, Qt::ControlModifier);     // Reset from anywhere
        QCOMPARE(w.sim()->cycle(), 0);
    }

    void startsWithTheKeyboardOnTheWindow()
    {
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        QWidget *focus = QApplication::focusWidget();
        QVERIFY2(!focus || focus == &w.window, focus ? focus->metaObject()->className() : "");
    }

    void zoomAndSpeedKeys()
    {
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        const qreal before = QApplication::font().pointSizeF();
        press(w.window, Qt::Key_Plus, Qt::ControlModifier);
        QCOMPARE(w.window.zoom()->percent(), 100 + Zoom::Step);
        QCOMPARE(QApplication::font().pointSizeF(), before * (100 + Zoom::Step) / 100.0);
        press(w.window, Qt::Key_Minus, Qt::ControlModifier);
        press(w.window, Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(w.window.zoom()->percent(), 100 - Zoom::Step);
        press(w.window, Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(w.window.zoom()->percent(), 100);
        QCOMPARE(QApplication::font().pointSizeF(), before);
        // Speed moved to [ and ].
        const int interval = w.sim()->intervalMs();
        press(w.window, Qt::Key_BracketRight);
        QVERIFY(w.sim()->intervalMs() < interval);
        press(w.window, Qt::Key_BracketLeft);
        QCOMPARE(w.sim()->intervalMs(), interval);
    }

    void unsavedEditsAreAskedFor_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addRow("reset") << "reset";
        QTest::addRow("open another scenario") << "open";
        QTest::addRow("quit") << "quit";
    }

    void unsavedEditsAreAskedFor()
    {
        QFETCH(QString, action);
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        w.sim()->step();
        QVERIFY(w.window.setupEditor()->setConsumerParameter(0, QStringLiteral("threshold"), 8).isEmpty());
        QVERIFY(!w.window.setupEditor()->undoStack()->isClean());
        const auto act = [&] {
            if (action == QLatin1String("reset"))
                w.window.resetAction()->trigger();
            if (action == QLatin1String("open")) {
                const QList<QAction *> presets = w.window.findChildren<QAction *>();
                for (QAction *a : presets) {
                    if (a->data().toString() == QLatin1String(":/scenarios/default.json")) {
                        a->trigger();
                        break;
                    }
                }
            }
            if (action == QLatin1String("quit"))
                return w.window.close();
            return true;
        };
        // Cancel: nothing happens, the edit stays.
        w.window.setUnsavedEditsAnswer(QMessageBox::Cancel);
        const bool closed = act();
        QVERIFY(!closed || action != QLatin1String("quit"));
        QVERIFY(w.window.isVisible());
        QCOMPARE(w.sim()->consumers().front()->strategy->parameter(QStringLiteral("threshold")).toInt(), 8);
        QCOMPARE(w.sim()->cycle(), 1);
        QCOMPARE(w.window.currentFile(), QStringLiteral(":/scenarios/reference-priority.json"));
        // Discard: it goes on.
        w.window.setUnsavedEditsAnswer(QMessageBox::Discard);
        QVERIFY(act());
        if (action == QLatin1String("quit")) {
            QVERIFY(!w.window.isVisible());
        } else {
            QCOMPARE(w.sim()->cycle(), 0);
            QVERIFY(w.window.setupEditor()->undoStack()->isClean());
        }
        if (action == QLatin1String("open"))
            QCOMPARE(w.window.currentFile(), QStringLiteral(":/scenarios/default.json"));
    }

    void lessonStartsPausedAndRunsByPageDown()
    {
        Window w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        LessonPanel *lesson = w.window.lessonPanel();
        QVERIFY(lesson->hasLesson());
        QCOMPARE(lesson->currentStep(), 0);
        QVERIFY(!w.sim()->isRunning());
        QCOMPARE(w.sim()->cycle(), 0);
        QVERIFY(w.window.findChild<QDockWidget *>(QStringLiteral("lessonDock"))->isVisible());
        const LessonStep second = w.sim()->loadedScenario().steps.at(1);
        QVERIFY(second.untilCycle || second.until);
        w.sim()->setIntervalMs(0);
        press(w.window, Qt::Key_PageDown);
        QCOMPARE(lesson->currentStep(), 1);
        QVERIFY(w.sim()->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!w.sim()->isRunning(), 20000);
        if (second.untilCycle)
            QCOMPARE(w.sim()->cycle(), *second.untilCycle);
        // The step's highlight outlines the widget it names.
        if (!second.highlight.isEmpty())
            QCOMPARE(w.window.highlightOverlay()->target(), w.window.viewForHighlight(second.highlight));
        press(w.window, Qt::Key_PageUp);
        QCOMPARE(lesson->currentStep(), 0);
    }

    void highlightsNameTheirViews_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString &view : lessonViews())
            QTest::addRow("%s", qPrintable(view)) << view;
        QTest::addRow("a card") << "consumers[0]";
        QTest::addRow("a parameter editor") << "consumers[0].strategy.threshold";
    }

    void highlightsNameTheirViews()
    {
        QFETCH(QString, name);
        Window w;
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        QWidget *view = w.window.viewForHighlight(name);
        QVERIFY2(view, qPrintable(name));
        QTRY_VERIFY(view->isVisible());
    }

    void presentationModeByKeys()
    {
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        press(w.window, Qt::Key_F11);
        QVERIFY(w.window.presentationMode()->isActive());
        QVERIFY(w.window.windowState() & Qt::WindowFullScreen);
        QCOMPARE(w.window.zoom()->percent(), PresentationMode::ZoomPercent);
        QVERIFY(!w.window.findChild<QDockWidget *>(QStringLiteral("eventLogDock"))->isVisible());
        QVERIFY(w.window.findChild<QDockWidget *>(QStringLiteral("consumersDock"))->isVisible());
        press(w.window, Qt::Key_Escape);
        QVERIFY(!w.window.presentationMode()->isActive());
        QCOMPARE(w.window.zoom()->percent(), 100);
        press(w.window, Qt::Key_F5);
        QVERIFY(w.window.presentationMode()->isActive());
        w.window.presentationAction()->trigger();
        QVERIFY(!w.window.presentationMode()->isActive());
    }

    void helpOpensTheRules()
    {
        Window w;
        QVERIFY(QTest::qWaitForWindowActive(&w.window));
        press(w.window, Qt::Key_F1);
        auto *help = w.window.findChild<HelpDialog *>();
        QVERIFY(help);
        QTRY_VERIFY(help->isVisible());
        help->close();
    }
};

QTEST_MAIN(TestClassroom)
#include "tst_classroom.moc"
