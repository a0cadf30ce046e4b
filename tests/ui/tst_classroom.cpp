// The main window in front of a class: the run keys from every kind of widget, zoom and speed
// keys, the unsaved-edits prompt on open, reset and quit, the start state, a guided lesson run
// by Page Down with its highlights, presentation mode, and Help > Rules.
#include "core/engine/simulation.h"
#include "ui/common/highlightoverlay.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/timeserieschart.h"
#include "ui/common/sparkline.h"
#include "ui/queue/priorityhistogram.h"
#include "ui/queue/queuetilesview.h"
#include "ui/editing/setupeditor.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/queue/queuepanel.h"
#include "ui/setup/producerpanel.h"
#include "ui/shell/helpdialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/speedcontrol.h"
#include "ui/shell/zoom.h"
#include "tests/testsupport.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QImage>
#include <QPalette>
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

    void viewsSayWhatTheyShow()
    {
        Window w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        auto *tiles = w.window.findChild<QueueTilesView *>();
        auto *histogram = w.window.findChild<PriorityHistogram *>();
        QVERIFY(tiles && histogram);
        ConsumerCard *card = w.window.consumerPanel()->cards().at(0);
        QCOMPARE(tiles->accessibleName(), QStringLiteral("Broker queue"));
        QCOMPARE(tiles->accessibleDescription(), QStringLiteral("Queue: empty"));
        QCOMPARE(histogram->accessibleDescription(), QStringLiteral("No message queued"));
        QCOMPARE(card->accessibleName(), QStringLiteral("Consumer A"));
        QVERIFY(!card->sparkline()->accessibleName().isEmpty());

        // After some cycles each says what it shows now; with no consumer online the queue grows.
        for (int i = 0; i < 3; ++i)
            w.sim()->setConsumerOnline(i, false);
        w.sim()->runCycles(7);
        w.window.refreshViews();
        const Broker &broker = w.sim()->broker();
        QVERIFY(broker.size() > 0);
        QVERIFY2(tiles->accessibleDescription().startsWith(QStringLiteral("Queue: %1 message").arg(broker.size())),
                 qPrintable(tiles->accessibleDescription()));
        QVERIFY(tiles->accessibleDescription().contains(QStringLiteral("next out: message #%1, priority %2")
                                                                .arg(broker.at(0).id)
                                                                .arg(broker.at(0).priority)));
        QVERIFY(histogram->accessibleDescription().startsWith(QLatin1String("Queued messages by priority")));
        QCOMPARE(histogram->accessibleDescription(), histogram->accessibleSummary());
        const Consumer &a = *w.sim()->consumers().at(0);
        QVERIFY2(card->accessibleDescription().contains(QStringLiteral("%1 processed").arg(a.stats.processed)),
                 qPrintable(card->accessibleDescription()));
        QVERIFY(card->accessibleDescription().startsWith(QLatin1String("offline; ")));
        QVERIFY(card->accessibleDescription().contains(QLatin1String("strategy ttl")));
        for (int i = 0; i < 3; ++i)
            w.sim()->setConsumerOnline(i, true);
        QVERIFY2(card->sparkline()->accessibleDescription().startsWith(QLatin1String("Last 7 cycles")),
                 qPrintable(card->sparkline()->accessibleDescription()));
        const QString before = card->accessibleDescription();
        w.sim()->runCycles(5);
        w.window.refreshViews();
        QVERIFY(card->accessibleDescription() != before);
        QVERIFY(card->sparkline()->accessibleDescription().startsWith(QLatin1String("Last 12 cycles")));
        QCOMPARE(w.window.chartPanel()->queueDepthChart()->accessibleName(), QStringLiteral("Queue depth"));

        // What's This? on the main views.
        const QList<QWidget *> views = {tiles, histogram, card, w.window.consumerPanel(), w.window.chartPanel(),
                                        w.window.lessonPanel(), w.window.viewForHighlight(QStringLiteral("eventLog")),
                                        w.window.viewForHighlight(QStringLiteral("deadLetters")),
                                        w.window.viewForHighlight(QStringLiteral("journey")),
                                        w.window.viewForHighlight(QStringLiteral("producers")),
                                        w.window.viewForHighlight(QStringLiteral("broker")),
                                        w.window.viewForHighlight(QStringLiteral("alarms"))};
        for (QWidget *view : views) {
            QVERIFY(view);
            if (auto *dock = qobject_cast<QDockWidget *>(view))
                view = dock->widget();
            // The text of the view or of the panel it is in (What's This? asks the parents too).
            QWidget *asked = view;
            while (asked && asked->whatsThis().isEmpty())
                asked = asked->parentWidget();
            QVERIFY2(asked && asked != &w.window, view->metaObject()->className());
        }
    }

    void followsADarkPalette()
    {
        Window w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        w.sim()->runCycles(20);
        w.window.refreshViews();
        const QPalette before = QApplication::palette();
        QApplication::setPalette(TestSupport::darkPalette());
        QCoreApplication::sendPostedEvents();

        // The toolbar's dark glyphs are drawn light.
        for (QAction *action : {w.window.stepAction(), w.window.resetAction(), w.window.runPauseAction()}) {
            const QImage icon = action->icon().pixmap(16).toImage();
            int opaque = 0;
            int light = 0;
            for (int y = 0; y < icon.height(); ++y) {
                for (int x = 0; x < icon.width(); ++x) {
                    const QColor c = icon.pixelColor(x, y);
                    if (c.alpha() > 128) {
                        ++opaque;
                        light += c.lightness() > 150 ? 1 : 0;
                    }
                }
            }
            QVERIFY2(opaque > 0 && light >= opaque * 9 / 10, qPrintable(action->text()));
        }
        // The charts and the sparklines follow.
        QVERIFY(w.window.chartPanel()->queueDepthChart()->isDarkTheme());
        Sparkline *sparkline = w.window.consumerPanel()->cards().at(0)->sparkline();
        QVERIFY(sparkline->isDark());
        const QImage picture = sparkline->grab().toImage();
        QVERIFY(picture.pixelColor(picture.width() - 3, 2).lightness() < 60);

        QApplication::setPalette(before);
        QCoreApplication::sendPostedEvents();
        QVERIFY(!w.window.chartPanel()->queueDepthChart()->isDarkTheme());
        QVERIFY(!sparkline->isDark());
    }

    void chartFontsFollowTheZoom()
    {
        Window w;
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        TimeSeriesChart *chart = w.window.chartPanel()->latencyChart();
        const qreal labels = chart->axisLabelsFont().pointSizeF();
        const qreal legend = chart->legendFont().pointSizeF();
        QVERIFY(labels > 0 && legend > 0);
        w.window.zoom()->setPercent(150);
        QCOMPARE(chart->legendFont().pointSizeF(), legend * 1.5);
        // Axis labels keep their size: zoomed, a docked chart's short plot elides them.
        QCOMPARE(chart->axisLabelsFont().pointSizeF(), labels);
        w.window.zoom()->actualSize();
        QCOMPARE(chart->legendFont().pointSizeF(), legend);
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
