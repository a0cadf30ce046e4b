// The lesson panel: steps shown from the first, Next enters a step (its settings apply) and the
// run pauses on the exact cycle the step ends, Back shows a step again without re-applying it,
// and the highlight overlay outlines the widget a step names. Help > Rules renders its page.
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "ui/alarms/alarmpanel.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/timeserieschart.h"
#include "ui/common/highlightoverlay.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/helpdialog.h"
#include "ui/lessons/lessonpanel.h"
#include "tests/testsupport.h"
#include "tests/ui/scenariowindow.h"
#include "ui/editing/setupeditor.h"

#include <QDockWidget>
#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

#include <algorithm>

using namespace PriorityLab;

namespace {

Scenario lesson()
{
    const ScenarioLoadResult r = parseScenario(R"({"name": "lesson",
        "broker": {"maxIdleCycles": 0, "cycleIntervalMs": 0},
        "consumers": [{"name": "A", "strategy": {"type": "ttl", "low": 0, "high": 8}}],
        "producers": [{"name": "P", "generator": {"perCycle": 2, "ttl": [1, 5]}}],
        "steps": [
            {"title": "Look", "text": "The queue.", "highlight": "queue"},
            {"title": "Run", "untilCycle": 25, "highlight": "consumers[0]"},
            {"title": "Break it", "set": {"consumers[0].strategy.low": 3},
             "until": {"figure": "discarded", "above": 0}},
            {"title": "The end"}]})",
                                               QStringLiteral("lesson.json"));
    if (!r.ok())
        qFatal("%s", qPrintable(r.errors.join(QLatin1Char('\n'))));
    return *r.scenario;
}

/// A lesson as the app plays it: @p scenario loaded into a simulation (the load problems kept for
/// the test to check) and a lesson panel showing @p steps, on the first one, paused.
struct PlayedLesson
{
    PlayedLesson(const Scenario &scenario, const QList<LessonStep> &steps)
        : problems(sim.load(scenario))
    {
        panel.setSteps(steps);
    }
    explicit PlayedLesson(const Scenario &scenario) : PlayedLesson(scenario, scenario.steps) { }

    Simulation sim;
    QStringList problems;  ///< what Simulation::load() refused; empty when it loaded
    LessonPanel panel{&sim};
};

} // namespace

class TestLessons : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void editsByHandAreNamedUnderTheText();
    void poisonLessonNamesTheBannersCycle();
    void poisonLessonTellsTheDrainedLettersLatency();
    void openingALessonShowsItsOwnFirstViews();
    void undoneEditTellsOneStory();
    void maxLengthLessonAdvisesWhatStopsTheRefusals();
    void undoneEditThatRanKeepsTheMarkUntilReset();
    void undoneEditsCountedAsTheChartsCountThem();
    void resetKeepsTheTryItYourselfStep();
    void shippedResetsAreAskedWhereResetKeepsTheStep();
    void stepsRunToTheirEndAndPause()
    {
        Simulation sim;
        const Scenario s = lesson();
        QVERIFY(sim.load(s).isEmpty());
        LessonPanel panel(&sim);
        QSignalSpy highlights(&panel, &LessonPanel::highlightRequested);
        panel.setSteps(s.steps);
        QCOMPARE(panel.currentStep(), 0);
        QCOMPARE(highlights.constLast().at(0).toStringList(), QStringList{QStringLiteral("queue")});
        QVERIFY(!sim.isRunning());  // the first step is shown paused, on cycle 0
        QCOMPARE(sim.cycle(), 0);
        QVERIFY(!panel.backButton()->isEnabled());

        panel.next();  // "Run": until cycle 25, at the fastest speed
        QCOMPARE(panel.currentStep(), 1);
        QCOMPARE(highlights.constLast().at(0).toStringList(), QStringList{QStringLiteral("consumers[0]")});
        QVERIFY(sim.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        QCOMPARE(sim.cycle(), 25);  // paused on the exact cycle

        panel.next();  // "Break it": low 3 applies, runs until the first discard
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[0].strategy.low")).toInt(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        QCOMPARE(sim.metrics().totals().discarded > 0, true);
        const qint64 stoppedAt = sim.cycle();

        // Back replays to the start of the step before ("Run", on cycle 0 after "Look"): the
        // settings of the step left are gone; played again, the run stops on the same cycle.
        panel.back();
        QCOMPARE(panel.currentStep(), 1);
        QCOMPARE(sim.cycle(), 0);
        QVERIFY(!sim.isRunning());
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[0].strategy.low")).toInt(), 0);
        panel.next();
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        QCOMPARE(sim.cycle(), 25);
        panel.next();
        QCOMPARE(panel.currentStep(), 2);
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[0].strategy.low")).toInt(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        QCOMPARE(sim.cycle(), stoppedAt);

        panel.next();
        QCOMPARE(panel.currentStep(), 3);
        QVERIFY(!panel.nextButton()->isEnabled());
        panel.next();  // no-op on the last step
        QCOMPARE(panel.currentStep(), 3);
    }

    // A lesson just opened shows step 1 paused on cycle 0: the first Next plays step 1 to its
    // end, it does not skip to step 2; the next Next enters step 2.
    void nextPlaysTheShownStepFirst()
    {
        const ScenarioLoadResult r = parseScenario(R"({"name": "two runs",
            "broker": {"maxIdleCycles": 0, "cycleIntervalMs": 0},
            "consumers": [{"name": "A", "strategy": {"type": "ttl", "low": 0, "high": 8}}],
            "producers": [{"name": "P", "generator": {"perCycle": 2, "ttl": [1, 5]}}],
            "steps": [{"title": "First", "untilCycle": 10},
                      {"title": "Second", "untilCycle": 20},
                      {"title": "Third", "untilCycle": 30}]})",
                                                   QStringLiteral("two-runs.json"));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        PlayedLesson playing(*r.scenario);
        PL_VERIFY_OK(playing.problems);
        auto &[sim, problems, panel] = playing;
        QSignalSpy steps(&panel, &LessonPanel::stepChanged);
        QSignalSpy running(&sim, &Simulation::runningChanged);
        QCOMPARE(panel.currentStep(), 0);
        QCOMPARE(sim.cycle(), 0);

        panel.next();
        QCOMPARE(panel.currentStep(), 0);
        QCOMPARE(steps.count(), 0);
        QVERIFY(sim.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        QCOMPARE(sim.cycle(), 10);  // step 1 ran to its end
        QCOMPARE(running.count(), 2);

        panel.next();  // step 1 done: on to step 2, run to its end
        QCOMPARE(panel.currentStep(), 1);
        QCOMPARE(steps.count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        QCOMPARE(sim.cycle(), 20);

        // Paused mid-step, Next plays the rest of it; while it runs, Next goes on.
        panel.next();
        QCOMPARE(panel.currentStep(), 2);
        sim.pause();
        const qint64 pausedAt = sim.cycle();
        QVERIFY(pausedAt < 30);
        panel.next();
        QCOMPARE(panel.currentStep(), 2);
        QVERIFY(sim.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        QCOMPARE(sim.cycle(), 30);
    }

    // Page Down pressed again while a step runs to its end (lesson-ttl-moved, Page Down twice
    // quickly): the rest of the step runs at once and the next step starts paused on the
    // step's end; a later step's settings never apply before it (step 4's low 0 not at cycle
    // 55, before the timeline's low 4 at cycle 60).
    void nextWhileRunningPlaysTheStepToItsEndFirst()
    {
        const ScenarioLoadResult r = loadScenarioFile(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        PlayedLesson playing(*r.scenario);
        PL_VERIFY_OK(playing.problems);
        auto &[sim, problems, panel] = playing;
        QSignalSpy notices(&panel, &LessonPanel::notice);

        panel.next();  // step 1 runs on the timer, "until cycle 30"
        QVERIFY(sim.isRunning());
        panel.next();  // again, before a cycle has run
        QCOMPARE(sim.cycle(), qint64(30));
        QCOMPARE(panel.currentStep(), 1);
        QVERIFY(!sim.isRunning());  // step 2 starts paused, on step 1's end
        QCOMPARE(notices.count(), 1);
        panel.next();  // plays step 2 (paused short of its end)
        QCOMPARE(panel.currentStep(), 1);
        QVERIFY(sim.isRunning());
        panel.next();
        QCOMPARE(sim.cycle(), qint64(55));
        QCOMPARE(panel.currentStep(), 2);

        panel.next();  // step 3, "until cycle 100", runs
        QVERIFY(sim.isRunning());
        panel.next();  // at once to 100, then step 4 (low back to 0) starts there
        QCOMPARE(sim.cycle(), qint64(100));
        QCOMPARE(panel.currentStep(), 3);
        QVERIFY(!sim.isRunning());
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[0].strategy.low")).toInt(), 0);

        // The same story as the lesson played step by step: the same counts at cycle 100.
        Simulation byRun;
        QVERIFY(byRun.load(*r.scenario).isEmpty());
        LessonPanel runPanel(&byRun);
        runPanel.setSteps(r.scenario->steps);
        QCOMPARE(runPanel.runCycles(100), qint64(100));
        QCOMPARE(sim.metrics().totals().discarded, byRun.metrics().totals().discarded);
        QCOMPARE(sim.metrics().totals().processed, byRun.metrics().totals().processed);
        QVERIFY(sim.metrics().totals().discarded > 0);
    }

    // A running step that only a figure ends cannot be played at once (it may take long, or
    // never end): Next leaves it running and says so; the next step's settings wait.
    void nextWhileAFigureStepRunsOnlyTellsToWait()
    {
        PlayedLesson playing(lesson());
        PL_VERIFY_OK(playing.problems);
        auto &[sim, problems, panel] = playing;
        panel.next();  // "Run" until cycle 25, running
        QCOMPARE(panel.currentStep(), 1);
        panel.next();  // at once to 25: "Break it" (low 3, until the first discard) starts paused
        QCOMPARE(panel.currentStep(), 2);
        QCOMPARE(sim.cycle(), qint64(25));
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[0].strategy.low")).toInt(), 3);
        QVERIFY(!sim.isRunning());
        panel.next();  // plays it
        QVERIFY(sim.isRunning());
        QSignalSpy notices(&panel, &LessonPanel::notice);
        panel.next();
        QCOMPARE(panel.currentStep(), 2);
        QVERIFY(sim.isRunning());
        QCOMPARE(sim.cycle(), qint64(25));
        QCOMPARE(notices.count(), 1);
        QVERIFY2(notices.at(0).at(0).toString().contains(QLatin1String("when it pauses")),
                 qPrintable(notices.at(0).at(0).toString()));
        sim.pause();
    }

    // `prioritylab --cycles N` on a lesson: the panel shows the step the run reached, with the
    // settings of the steps entered on the way applied on the cycle Next would have applied them.
    void runCyclesFollowsTheSteps()
    {
        const ScenarioLoadResult r = loadScenarioFile(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const QList<LessonStep> &steps = r.scenario->steps;
        QCOMPARE(*steps.at(0).untilCycle, qint64(30));
        QCOMPARE(*steps.at(1).untilCycle, qint64(55));
        QCOMPARE(*steps.at(2).untilCycle, qint64(100));
        QCOMPARE(*steps.at(3).untilCycle, qint64(130));
        QVERIFY(!steps.at(3).set.isEmpty());  // low back to 0
        PlayedLesson playing(*r.scenario, steps);
        PL_VERIFY_OK(playing.problems);
        auto &[sim, problems, panel] = playing;
        QSignalSpy changed(&panel, &LessonPanel::stepChanged);

        QCOMPARE(panel.runCycles(60), qint64(60));
        QCOMPARE(sim.cycle(), qint64(60));
        QCOMPARE(panel.currentStep(), 2);  // "until cycle 100": not passed yet
        QCOMPARE(changed.count(), 2);
        QVERIFY(!sim.isRunning());

        QCOMPARE(panel.runCycles(40), qint64(40));  // to 100: step 3 ends exactly there, shown done
        QCOMPARE(panel.currentStep(), 2);
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[0].strategy.low")).toInt(), 4);
        QCOMPARE(panel.runCycles(1), qint64(1));  // step 4 entered on cycle 100, its set applied
        QCOMPARE(panel.currentStep(), 3);
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[0].strategy.low")).toInt(), 0);

        // The same as Next would have done: the same cycle, step and counts.
        Simulation byNext;
        QVERIFY(byNext.load(*r.scenario).isEmpty());
        byNext.setIntervalMs(0);
        LessonPanel nextPanel(&byNext);
        nextPanel.setSteps(steps);
        while (nextPanel.currentStep() < 3 || byNext.isRunning()) {
            nextPanel.next();
            QTRY_VERIFY_WITH_TIMEOUT(!byNext.isRunning(), 20000);
        }
        QCOMPARE(byNext.cycle(), qint64(130));
        QCOMPARE(panel.runCycles(29), qint64(29));
        QCOMPARE(sim.cycle(), qint64(130));
        QCOMPARE(sim.metrics().totals().discarded, byNext.metrics().totals().discarded);
        QCOMPARE(sim.metrics().totals().processed, byNext.metrics().totals().processed);
    }

    // A step's settings are the lesson's script, not the teacher's hand: the charts mark them
    // like the timeline's changes, with no live-edit marker.
    void stepSettingsAreMarkedAsScripted()
    {
        MainWindow window;
        window.setShowDialogs(false);
        QVERIFY(window.openScenarioFile(QStringLiteral(":/scenarios/lesson-ttl-moved.json")).isEmpty());
        QCOMPARE(window.lessonPanel()->runCycles(110), qint64(110));  // step 4 set low 0 on cycle 100
        QCOMPARE(window.lessonPanel()->currentStep(), 3);
        window.refreshViews();
        ChartPanel *charts = window.chartPanel();
        QVERIFY(charts->liveEditMarkers().isEmpty());
        const QList<ChartMarker> scripted = charts->timelineMarkers();
        QCOMPARE(scripted.size(), 2);
        QCOMPARE(scripted.at(0).label, QStringLiteral("A, B, C · low = 4"));
        QCOMPARE(scripted.at(1).label, QStringLiteral("A, B, C · low = 0"));
        QCOMPARE(scripted.at(1).kind, ChartMarker::Kind::Timeline);
        QVERIFY(scripted.at(1).toolTip.contains(QLatin1String("lesson step")));

        // A hand edit after it is still one.
        window.simulation()->applySetting(QStringLiteral("consumers[0].strategy.low"), 1);
        QCOMPARE(charts->liveEditMarkers().size(), 1);
    }

    // A step's text longer than the panel scrolls by keys: Tab reaches it, Down scrolls it.
    void longTextScrollsByKeys()
    {
        Simulation sim;
        Scenario s = lesson();
        s.steps[0].text = QStringLiteral("A sentence of the step, long enough to wrap. ").repeated(40);
        QVERIFY(sim.load(s).isEmpty());
        LessonPanel panel(&sim);
        panel.setSteps(s.steps);
        panel.resize(320, 200);
        panel.QWidget::show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTextBrowser *text = panel.textView();
        QScrollBar *bar = text->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 0);
        QVERIFY(text->focusPolicy() & Qt::TabFocus);
        QVERIFY(!(text->focusPolicy() & Qt::ClickFocus));
        text->setFocus(Qt::TabFocusReason);
        QCOMPARE(bar->value(), 0);
        for (int i = 0; i < 5; ++i)
            QTest::keyClick(text, Qt::Key_Down);
        QVERIFY(bar->value() > 0);
    }

    // Back to a step: it is played again and pauses on its end; past it, running goes on, it
    // does not stop after every cycle.
    void aFinishedStepDoesNotStopEveryCycle()
    {
        PlayedLesson playing(lesson());
        PL_VERIFY_OK(playing.problems);
        auto &[sim, problems, panel] = playing;
        panel.next();  // until cycle 25
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        panel.next();  // until the first discard
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        const qint64 stoppedAt = sim.cycle();
        panel.back();  // "until cycle 25" again, from its start
        sim.run();
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        QCOMPARE(sim.cycle(), 25);
        sim.run();
        QTRY_VERIFY_WITH_TIMEOUT(sim.cycle() >= stoppedAt + 3, 20000);
        QVERIFY(sim.isRunning());
        sim.pause();
    }

    // Back replays the lesson to the start of the step before, the run included (lesson-ttl-
    // moved at step 5, cycle 130: not only step 3's text at cycle 130 with low 0): the cycle,
    // the settings and the counts are those of the lesson played to there.
    void backReplaysToThePreviousStepsStart()
    {
        const ScenarioLoadResult r = loadScenarioFile(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const QList<LessonStep> &steps = r.scenario->steps;
        const auto played = [&](qint64 cycles, Counts *totals) {
            Simulation sim;
            if (!sim.load(*r.scenario).isEmpty())
                return;
            LessonPanel panel(&sim);
            panel.setSteps(steps);
            panel.runCycles(cycles);
            *totals = sim.metrics().totals();
        };
        Counts at55, at100;
        played(55, &at55);
        played(100, &at100);
        QVERIFY(at100.discarded > 0);

        PlayedLesson playing(*r.scenario, steps);
        PL_VERIFY_OK(playing.problems);
        auto &[sim, problems, panel] = playing;
        QCOMPARE(panel.runCycles(130), qint64(130));
        panel.next();  // step 5, "Try it yourself", on cycle 130
        QCOMPARE(panel.currentStep(), 4);
        QVERIFY(sim.applySetting(QStringLiteral("consumers[1].strategy.high"), 9).isEmpty());
        QSignalSpy highlights(&panel, &LessonPanel::highlightRequested);

        panel.back();  // step 4 ("Repair the range") starts on cycle 100 with low 0
        QCOMPARE(panel.currentStep(), 3);
        QCOMPARE(sim.cycle(), qint64(100));
        QVERIFY(!sim.isRunning());
        QCOMPARE(highlights.constLast().at(0).toStringList(), steps.at(3).highlights);
        for (int c = 0; c < 3; ++c) {
            const QString consumer = QStringLiteral("consumers[%1].strategy.").arg(c);
            QCOMPARE(sim.settingValue(consumer + QLatin1String("low")).toInt(), 0);
            QCOMPARE(sim.settingValue(consumer + QLatin1String("high")).toInt(), 6);  // the hand edit is gone
        }
        QCOMPARE(sim.metrics().totals().discarded, at100.discarded);
        QCOMPARE(sim.metrics().totals().processed, at100.processed);

        panel.back();  // step 3 starts on cycle 55, before the timeline's low 4 at 60
        QCOMPARE(panel.currentStep(), 2);
        QCOMPARE(sim.cycle(), qint64(55));
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[0].strategy.low")).toInt(), 0);
        QCOMPARE(sim.metrics().totals().discarded, 0);
        QCOMPARE(sim.metrics().totals().processed, at55.processed);
        panel.runCycles(45);  // played on from there: the timeline still sets low 4 at 60
        QCOMPARE(sim.cycle(), qint64(100));
        QCOMPARE(sim.metrics().totals().discarded, at100.discarded);
    }

    // The last step of lesson-poison-message ends at cycle 210: once there, Space runs on, it
    // does not pause again after every cycle (paused there by the step or reached by Step).
    void runningPastTheLastStepsEndGoesOn()
    {
        const ScenarioLoadResult r = loadScenarioFile(QStringLiteral(":/scenarios/lesson-poison-message.json"));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const QList<LessonStep> &steps = r.scenario->steps;
        QCOMPARE(*steps.constLast().untilCycle, qint64(210));
        for (const bool byStep : {true, false}) {
            Simulation sim;
            QVERIFY(sim.load(*r.scenario).isEmpty());
            sim.setIntervalMs(0);
            LessonPanel panel(&sim);
            panel.setSteps(steps);
            QCOMPARE(panel.runCycles(byStep ? 209 : 200), byStep ? qint64(209) : qint64(200));
            QCOMPARE(panel.currentStep(), int(steps.size()) - 1);
            if (byStep) {
                sim.step();
            } else {
                sim.run();  // paused by the step on cycle 210
                QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
            }
            QCOMPARE(sim.cycle(), qint64(210));
            sim.run();
            QTRY_VERIFY_WITH_TIMEOUT(sim.cycle() >= 215 || !sim.isRunning(), 20000);
            QVERIFY2(sim.cycle() >= 215, qPrintable(QString::number(sim.cycle())));
            sim.pause();
        }
    }

    // A step outlines what its text asks the viewer to look at (lesson-ttl-moved's first step
    // says to watch the queue, not the high bound; its last asks for low 5 and high 6 on a
    // card, not the alarm banner).
    void shippedHighlightsMatchTheirText_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("step");
        QTest::addColumn<QString>("asked");
        QTest::addColumn<QString>("view");
        QTest::addRow("ttl-moved 1") << "lesson-ttl-moved.json" << 0 << "watch the queue" << "queue";
        QTest::addRow("ttl-moved 5") << "lesson-ttl-moved.json" << 4 << "on one card" << "consumers[0]";
        // Under reject-publish no dead letter comes any more: the refusals are what stop.
        QTest::addRow("max-length 4") << "lesson-max-length-drops-urgent.json" << 3 << "the queue no longer fills"
                                      << "queue";
    }

    void shippedHighlightsMatchTheirText()
    {
        QFETCH(QString, file);
        QFETCH(int, step);
        QFETCH(QString, asked);
        QFETCH(QString, view);
        const ScenarioLoadResult r = loadScenarioFile(QStringLiteral(":/scenarios/") + file);
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const LessonStep &s = r.scenario->steps.at(step);
        QVERIFY2(s.text.contains(asked), qPrintable(s.text));
        QCOMPARE(s.highlights, QStringList{view});
    }

    // A step that tells how long messages waited names the bands the latency chart draws
    // (BrokerConfig::priorityClasses(): high 7+, mid 4–6, low ≤3), whole or several together:
    // the chart has no line for "priority 0" or "priorities 3 to 9" (lesson-consumers-offline's
    // fourth step named these). Checked in each clause (sentences cut at '.', ';' and ':') that
    // speaks of waiting or latency and gives a figure in cycles; a class named with its range
    // ("the low class (≤3)") gives the legend's range.
    void shippedWaitsNameTheLatencyClasses()
    {
        const QList<PriorityClass> &classes = BrokerConfig::priorityClasses();
        const auto bound = [](int p) { return std::clamp(p, 0, 9); };
        const auto wholeClasses = [&](int from, int to) {
            bool starts = false;
            bool ends = false;
            for (const PriorityClass &c : classes) {
                starts = starts || bound(c.minPriority) == from;
                ends = ends || bound(c.maxPriority) == to;
            }
            return starts && ends && from <= to;
        };
        const QRegularExpression clauseEnd(QStringLiteral("[.;:](\\s|$)"));
        const QRegularExpression waiting(QStringLiteral("\\bwait|latency"));
        const QRegularExpression inCycles(QStringLiteral("\\d+ cycles?\\b|at most \\d+|up to \\d+"));
        const QRegularExpression band(QStringLiteral("\\bpriorit(?:y|ies) (\\d+)(?: (?:to|or|and) (\\d+))?"));
        const QRegularExpression named(QStringLiteral("\\b(high|mid|low)(?: class)? \\(([^)]*)\\)"));
        int checked = 0;
        for (const QString &file : TestSupport::presetFiles()) {
            const ScenarioLoadResult r = loadScenarioFile(TestSupport::presetPath(file));
            QVERIFY2(r.ok(), qPrintable(file));
            for (qsizetype i = 0; i < r.scenario->steps.size(); ++i) {
                const QString &text = r.scenario->steps.at(i).text;
                const QString where = QStringLiteral("%1 step %2: ").arg(file).arg(i + 1);
                for (const QString &clause : text.split(clauseEnd, Qt::SkipEmptyParts)) {
                    if (!clause.contains(waiting) || !clause.contains(inCycles))
                        continue;
                    for (auto m = band.globalMatch(clause); m.hasNext();) {
                        const QRegularExpressionMatch b = m.next();
                        const int from = b.captured(1).toInt();
                        const int to = b.hasCaptured(2) ? b.captured(2).toInt() : from;
                        QVERIFY2(wholeClasses(from, to), qPrintable(where + b.captured(0) + QStringLiteral(" in \"")
                                                                    + clause + QStringLiteral("\" is no latency class")));
                        ++checked;
                    }
                }
                for (auto m = named.globalMatch(text); m.hasNext();) {
                    const QRegularExpressionMatch n = m.next();
                    const auto c = std::find_if(classes.cbegin(), classes.cend(), [&n](const PriorityClass &c) {
                        return c.name == n.captured(1);
                    });
                    QVERIFY2(c != classes.cend() && c->rangeText() == n.captured(2),
                             qPrintable(where + n.captured(0) + QStringLiteral(" is not the chart's ")
                                        + (c != classes.cend() ? c->name + QLatin1Char(' ') + c->rangeText() : QString())));
                    ++checked;
                }
            }
        }
        QVERIFY(checked > 0);
    }

    void noStepsNoLesson()
    {
        Simulation sim;
        LessonPanel panel(&sim);
        panel.setSteps({});
        QVERIFY(!panel.hasLesson());
        QCOMPARE(panel.currentStep(), -1);
        QVERIFY(!panel.nextButton()->isEnabled());
        panel.next();
        QCOMPARE(panel.currentStep(), -1);
    }

    // "Step 2 of 4: title" took two lines of a lesson panel a few lines high at 1024x768 (the
    // text then read behind "More below", tst_lessontext): the heading is the title, and which
    // step of how many sits between Back and Next, as a pager shows it. It asks for no width of
    // its own: where the row is narrow it is shorter, never cut.
    void stepCountSitsBetweenTheButtons()
    {
        PlayedLesson playing(lesson());
        PL_VERIFY_OK(playing.problems);
        LessonPanel &panel = playing.panel;
        QLabel *count = panel.stepCountLabel();
        QVERIFY(count);
        panel.resize(300, 300);
        panel.QWidget::show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCOMPARE(panel.headingLabel()->text(), QStringLiteral("Look"));
        QCOMPARE(count->text(), QStringLiteral("1 of 4"));
        QCOMPARE(count->toolTip(), QStringLiteral("Step 1 of 4"));
        panel.showStep(2);
        QCOMPARE(panel.headingLabel()->text(), QStringLiteral("Break it"));
        QCOMPARE(count->text(), QStringLiteral("3 of 4"));
        QCOMPARE(count->toolTip(), QStringLiteral("Step 3 of 4"));
        QVERIFY(count->isVisible());
        QVERIFY(count->geometry().left() >= panel.backButton()->geometry().right());
        QVERIFY(count->geometry().right() <= panel.nextButton()->geometry().left());
        // Its least width is none: the buttons alone set the row's (the window's least width
        // grew by 11 px with it, tst_classroom).
        const int least = panel.minimumSizeHint().width();
        count->setText(QStringLiteral("a count far wider than the panel's least width"));
        QCOMPARE(panel.minimumSizeHint().width(), least);
        panel.showStep(2);
        for (const int width : {least, least + 20, 300}) {
            panel.resize(width, 300);
            QTRY_COMPARE(panel.width(), width);
            QCoreApplication::processEvents();
            const int room = count->contentsRect().width();
            QVERIFY2(count->fontMetrics().horizontalAdvance(count->text()) <= room,
                     qPrintable(QStringLiteral("%1 px: \"%2\" in %3 px").arg(width).arg(count->text()).arg(room)));
            QVERIFY(count->text().isEmpty() || count->text() == QLatin1String("3 of 4") || count->text() == QLatin1String("3/4"));
        }
        QCOMPARE(count->text(), QStringLiteral("3 of 4"));  // at 300 px, whole again
    }

    void buttonsDoNotTakeFocusByClick()
    {
        Simulation sim;
        LessonPanel panel(&sim);
        QCOMPARE(panel.nextButton()->focusPolicy(), Qt::TabFocus);
        QCOMPARE(panel.backButton()->focusPolicy(), Qt::TabFocus);
    }

    void overlayFollowsItsTarget()
    {
        QWidget window;
        window.resize(400, 300);
        auto *target = new QWidget(&window);
        target->setGeometry(50, 60, 100, 40);
        HighlightOverlay overlay(&window);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        overlay.setTarget(target);
        QVERIFY(overlay.isVisible());
        QVERIFY(overlay.geometry().contains(target->geometry()));
        target->move(200, 100);
        QVERIFY(overlay.geometry().contains(target->geometry()));
        target->hide();
        QVERIFY(!overlay.isVisible());
        target->show();
        QVERIFY(overlay.isVisible());
        delete target;
        QVERIFY(!overlay.target());
        overlay.setTarget(nullptr);
        QVERIFY(!overlay.isVisible());
    }

    /// Help > Rules renders the built-in markdown page: every strategy, mode and key is there.
    void helpPageRenders()
    {
        HelpDialog help;
        const QString text = help.browser()->toPlainText();
        for (const char *expected : {"accept-all", "predicate", "priority threshold", "TTL range", "fifo",
                                     "topics", "Latency", "Dead letters", "Conservation", "Page Down"})
            QVERIFY2(text.contains(QLatin1String(expected)), expected);
        QVERIFY(!text.contains(QLatin1String("missing from this build")));
        // The TTL a message carries is its own counter (there is no article in the app).
        QVERIFY(text.contains(QLatin1String("TTL here is the message's own counter")));
        QVERIFY(!text.contains(QLatin1String("article")));
        QVERIFY(!help.isModal());
    }

    // After a step's end (the run paused there), Space ran on without limit while the panel
    // still showed the step as current ("Step done: Next goes on."). Running on is allowed;
    // the line under the text says the run is past the step's end, by cycle or by condition,
    // until the next step is entered.
    void runningPastAStepsEndIsShown()
    {
        PlayedLesson playing(lesson());
        PL_VERIFY_OK(playing.problems);
        auto &[sim, problems, panel] = playing;
        // Nothing calls refresh() here: the panel follows the run itself.
        const auto line = [&panel] { return panel.progressLabel()->text(); };
        const QString past = QStringLiteral("Past this step's end (cycle %1)");
        panel.next();  // "Run", until cycle 25
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        QCOMPARE(sim.cycle(), 25);
        QVERIFY2(!line().contains(QLatin1String("Past")), qPrintable(line()));  // at its end, not past it
        sim.run();  // Space: no pause any more
        QTRY_VERIFY_WITH_TIMEOUT(sim.cycle() >= 30, 20000);
        QVERIFY2(line().contains(past.arg(25)) && line().contains(QLatin1String("Page Down")), qPrintable(line()));
        sim.pause();
        QVERIFY2(line().contains(past.arg(25)), qPrintable(line()));  // paused past it: still said
        QCOMPARE(panel.currentStep(), 1);

        panel.next();  // "Break it", until the first discard
        QCOMPARE(panel.currentStep(), 2);
        QVERIFY2(!line().contains(QLatin1String("Past")), qPrintable(line()));
        QTRY_VERIFY_WITH_TIMEOUT(!sim.isRunning(), 20000);
        const qint64 end = sim.cycle();
        QVERIFY(!line().contains(QLatin1String("Past")));
        sim.step();
        sim.step();
        QVERIFY2(line().contains(past.arg(end)), qPrintable(line()));
    }

    // A teacher's trial (prefetch lesson, step 2 ends on cycle 15): after Right one cycle at a
    // time to 15 and 16 the line still said "Runs until cycle 15. Space plays it." until Space;
    // after the run finished it said "Runs until cycle 10. The run has finished." at cycle 65,
    // on step 1. The line follows the counter whatever key moved it.
    void steppingToAStepsEndIsShown()
    {
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-prefetch-hides-priority.json"),
                                      QSize(1280, 720));
        QVERIFY(w.active());
        const auto line = [&w] { return w.window.lessonPanel()->progressLabel()->text(); };
        QCOMPARE(w.window.lessonPanel()->currentStep(), 0);
        QVERIFY2(line().startsWith(QLatin1String("Runs until cycle 10.")), qPrintable(line()));
        for (int i = 0; i < 9; ++i)
            w.press(Qt::Key_Right);
        QCOMPARE(w.sim()->cycle(), 9);
        QVERIFY2(line().contains(QLatin1String("Space plays it")), qPrintable(line()));  // not there yet
        w.press(Qt::Key_N);
        QCOMPARE(w.sim()->cycle(), 10);
        QVERIFY2(line().contains(QLatin1String("Step done")), qPrintable(line()));
        QVERIFY(!line().contains(QLatin1String("Space plays it")));
        w.press(Qt::Key_Right);
        QCOMPARE(w.sim()->cycle(), 11);
        QVERIFY2(line().contains(QLatin1String("Past this step's end (cycle 10)")), qPrintable(line()));
        // On, by Step, to the run's idle stop: the step's end is not one to come.
        for (int i = 0; i < 1000 && !w.sim()->isFinished(); ++i)
            w.press(Qt::Key_Right);
        QVERIFY(w.sim()->isFinished());
        QCOMPARE(w.window.lessonPanel()->currentStep(), 0);
        QVERIFY2(!line().contains(QLatin1String("Runs until")), qPrintable(line()));
        QVERIFY2(line().contains(QLatin1String("Past this step's end (cycle 10)"))
                         && line().contains(QLatin1String("The run has finished")),
                 qPrintable(line()));
    }
};

void TestLessons::editsByHandAreNamedUnderTheText()
{
    // A teacher's trial: in lesson-ttl-moved, A's low bound set to 2 by hand; the step's text
    // still named the lesson's values and figures, with nothing saying they no longer held. The
    // text is the lesson's and stays as written; the line under it says that edits apply, and
    // goes back when they are undone. (In the window's preferred size, where the step's text
    // has lines to spare for the sentence; where it has not, the mark shares the status's line,
    // tst_lessontext editByHandKeepsTheTextWhole.)
    TestSupport::ScenarioWindow shown(QStringLiteral(":/scenarios/lesson-ttl-moved.json"), MainWindow::PreferredSize);
    QVERIFY(shown.exposed());
    MainWindow &window = shown.window;
    LessonPanel *panel = window.lessonPanel();
    const QString text = panel->textView()->toPlainText();
    const QString line = panel->progressLabel()->text();
    QVERIFY2(!line.contains(QStringLiteral("✎")), qPrintable(line));
    QVERIFY(window.setupEditor()->setConsumerParameter(0, QStringLiteral("low"), 2).isEmpty());
    QVERIFY2(panel->progressLabel()->text().contains(QStringLiteral("✎ 1 edit by hand; the text is without it")),
             qPrintable(panel->progressLabel()->text()));
    QVERIFY(panel->progressLabel()->text().startsWith(line));  // how far the step runs, as before
    QVERIFY(window.setupEditor()->setConsumerParameter(0, QStringLiteral("high"), 7).isEmpty());
    QVERIFY2(panel->progressLabel()->text().contains(QStringLiteral("✎ 2 edits by hand; the text is without them")),
             qPrintable(panel->progressLabel()->text()));
    QCOMPARE(panel->textView()->toPlainText(), text);  // the lesson's text, as written
    // Undone, the run is the lesson's again: no note, no "*".
    window.setupEditor()->undoStack()->undo();
    QVERIFY(panel->progressLabel()->text().contains(QStringLiteral("✎ 1 edit")));
    window.setupEditor()->undoStack()->undo();
    QCOMPARE(panel->progressLabel()->text(), line);
    QVERIFY(!window.isWindowModified());
    // Played on, the note comes with an edit and goes with a replay (Back starts over).
    window.lessonPanel()->runCycles(40);
    QVERIFY(window.setupEditor()->setConsumerParameter(1, QStringLiteral("low"), 1).isEmpty());
    QVERIFY(panel->progressLabel()->text().contains(QStringLiteral("✎ 1 edit")));
    panel->back();
    QCOMPARE(panel->currentStep(), 0);
    QVERIFY2(!panel->progressLabel()->text().contains(QStringLiteral("✎")), qPrintable(panel->progressLabel()->text()));
}

void TestLessons::poisonLessonNamesTheBannersCycle()
{
    // A teacher's trial: lesson-poison-message's third step says "At cycle 139 the Message loop
    // alarm goes up", the app's banner said "since cycle 140": the alarm took the cycle of the
    // refresh that saw it. It is dated by the cycle it happened (docs/design.md §5, Alarms): the
    // banner names the step's cycle at any refresh rate, here one every 3 cycles.
    TestSupport::ScenarioWindow shown(QStringLiteral(":/scenarios/lesson-poison-message.json"));
    QVERIFY(shown.exposed());
    MainWindow &window = shown.window;
    const Scenario s = TestSupport::loadPreset(QStringLiteral("lesson-poison-message.json"));
    qint64 stepCycle = -1;
    for (const LessonStep &step : s.steps) {
        const QRegularExpressionMatch m =
                QRegularExpression(QStringLiteral("At cycle (\\d+) the Message loop alarm goes up")).match(step.text);
        if (m.hasMatch())
            stepCycle = m.captured(1).toLongLong();
    }
    QVERIFY2(stepCycle > 0, "a step tells the cycle of the Message loop alarm");
    const auto banner = [&window] {
        QStringList texts;
        for (const QLabel *label : window.alarmPanel()->findChildren<QLabel *>())
            texts << QString(label->text()).remove(QRegularExpression(QStringLiteral("<[^>]*>")));  // rich text
        return texts.join(QLatin1Char('\n'));
    };
    while (window.simulation()->cycle() < 150) {
        window.lessonPanel()->runCycles(3);
        window.refreshViews();
        if (banner().contains(QLatin1String("Message loop")))
            break;
    }
    QVERIFY2(banner().contains(QStringLiteral("Message loop since cycle %1").arg(stepCycle)), qPrintable(banner()));
}

void TestLessons::poisonLessonTellsTheDrainedLettersLatency()
{
    // A teacher's trial: lesson-poison-message's third step teaches "orders waiting up to 9
    // cycles", then the 10 dead letters drained from cycle 155 put a p95 of about 135 cycles
    // into the latency chart's mid 4–6 line (its axis jumps to 150, the taught line squashed)
    // and no step said why. The first step that ends after the spike (so that its chart shows
    // it whole) says it with the chart's figures, the peak (to 5 cycles) and the last cycle above
    // the orders' 9, and brings the latency chart to the front (a later trial read the words in
    // the step before, which ended mid-spike with the depth chart in front).
    TestSupport::ScenarioWindow shown(QStringLiteral(":/scenarios/lesson-poison-message.json"));
    QVERIFY(shown.exposed());
    MainWindow &window = shown.window;
    window.lessonPanel()->runCycles(200);
    window.refreshViews();
    const int series = ChartPanel::latencySeries(ChartPanel::MidClass, true);
    qint64 peak = 0, first = -1, last = -1;
    for (const ChartHistory::Sample &sample : window.chartPanel()->history().samples()) {
        const qint64 p95 = sample.latency[size_t(series)];
        if (sample.cycle < 150 || p95 <= 9)
            continue;
        peak = std::max(peak, p95);
        if (first < 0)
            first = sample.cycle;
        last = sample.cycle;
    }
    QVERIFY2(first >= 0, "the drained dead letters show in the mid class's p95");
    const Scenario s = TestSupport::loadPreset(QStringLiteral("lesson-poison-message.json"));
    for (const LessonStep &step : s.steps) {
        if (step.untilCycle && *step.untilCycle > last) {  // the first step its chart shows whole in
            const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("mid 4–6 to about (\\d+) cycles until cycle (\\d+)"))
                                                      .match(step.text);
            QVERIFY2(m.hasMatch(), qPrintable(step.title + QStringLiteral(": ") + step.text));
            QVERIFY2(qAbs(m.captured(1).toLongLong() - peak) <= 5, qPrintable(QStringLiteral("the chart's peak is %1").arg(peak)));
            QCOMPARE(m.captured(2).toLongLong(), last);
            QVERIFY2(step.highlights.contains(QStringLiteral("charts.latency")), qPrintable(step.highlights.join(QLatin1Char(' '))));
            return;
        }
    }
    QFAIL("no step ends after the spike");
}

void TestLessons::openingALessonShowsItsOwnFirstViews()
{
    // A teacher's trial: a lesson's steps brought the latency chart and the dead letters to the
    // front; the next lesson opened with them still in front, though its first step names the
    // consumers. An opened scenario starts from a fresh window's tabs, then its first step's
    // highlight (docs/design.md §8).
    TestSupport::ScenarioWindow shown(QStringLiteral(":/scenarios/lesson-aging.json"), QSize(1024, 700));
    QVERIFY(shown.exposed());
    MainWindow &window = shown.window;
    ChartPanel *charts = window.chartPanel();
    const auto dock = [&window](const char *name) { return window.findChild<QDockWidget *>(QLatin1String(name)); };
    // A tab behind another keeps isVisible(), with nothing of it on screen.
    const auto inFront = [](QDockWidget *d) { return !d->visibleRegion().isEmpty(); };
    QVERIFY(dock("deadLettersDock") && dock("journeyDock") && dock("consumersDock") && dock("brokerDock"));
    QVERIFY2(charts->chartsPerPage() <= 2, "the depth and latency charts on pages of their own");
    // What lesson-aging's later steps do: the latency chart, the dead letters, the broker.
    Q_EMIT window.lessonPanel()->highlightRequested(
            {QStringLiteral("charts.latency"), QStringLiteral("deadLetters"), QStringLiteral("broker")});
    QTRY_VERIFY(charts->latencyChart()->isVisible());
    QVERIFY(!charts->queueDepthChart()->isVisible());
    QVERIFY(inFront(dock("deadLettersDock")) && !inFront(dock("journeyDock")));
    QVERIFY(inFront(dock("brokerDock")) && !inFront(dock("consumersDock")));

    // lesson-poison-message's first step outlines the consumers and names no chart or tab.
    PL_VERIFY_OK(window.openScenarioFile(QStringLiteral(":/scenarios/lesson-poison-message.json")));
    QCOMPARE(window.lessonPanel()->currentStep(), 0);
    QCOMPARE(window.simulation()->loadedScenario().steps.at(0).highlights, QStringList{QStringLiteral("consumers")});
    QTRY_VERIFY(charts->queueDepthChart()->isVisible());
    QVERIFY2(!charts->latencyChart()->isVisible(), "the previous lesson's chart");
    QVERIFY2(inFront(dock("journeyDock")) && !inFront(dock("deadLettersDock")), "the previous lesson's tab");
    QVERIFY(inFront(dock("consumersDock")) && !inFront(dock("brokerDock")));
    const QList<HighlightOverlay *> outlined = window.highlightOverlays();
    QCOMPARE(outlined.size(), 1);
    QCOMPARE(outlined.at(0)->target(), static_cast<QWidget *>(dock("consumersDock")));

    // A first step that names a chart and a tab gets them, whatever was in front before.
    window.chartPanel()->showChart(QStringLiteral("throughput"));
    const QString path = QDir(QDir::tempPath()).filePath(QStringLiteral("tst_lessons_first_views.json"));
    const auto removeFile = qScopeGuard([&path] { QFile::remove(path); });
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(R"({"name": "first views", "consumers": [{"name": "A"}],
            "steps": [{"title": "Look", "text": "The latency.", "highlight": ["charts.latency", "eventLog"]}]})");
    }
    PL_VERIFY_OK(window.openScenarioFile(path));
    QTRY_VERIFY(charts->latencyChart()->isVisible());
    QVERIFY(!charts->throughputChart()->isVisible());
    QVERIFY(inFront(dock("eventLogDock")) && !inFront(dock("journeyDock")));
}

void TestLessons::maxLengthLessonAdvisesWhatStopsTheRefusals()
{
    // A teacher's trial: the last step of lesson-max-length-drops-urgent said "Try a second
    // consumer (or a larger Max length) and watch the refusals stop"; with Max length 40 the
    // refusals came back at cycle 180, as one more order arrives than leaves each cycle. Played
    // from the last step's start both ways: a second consumer stops them, a larger limit only
    // delays them by its extra room, and the step says so.
    const Scenario s = TestSupport::loadPreset(QStringLiteral("lesson-max-length-drops-urgent.json"));
    QVERIFY(!s.steps.isEmpty() && s.steps.constLast().untilCycle == std::nullopt);
    const auto lastRefusal = [&s](const std::function<void(Simulation &)> &tryIt) {
        Simulation sim;
        if (!sim.load(s).isEmpty())
            return qint64(-2);
        qint64 last = -1;
        sim.setEventSink([&sim, &last](const Event &e) {
            if (e.type == Event::Type::Rejected)
                last = sim.cycle();
        });
        while (sim.cycle() < 100)
            sim.step();
        if (!sim.applySetting(QStringLiteral("broker.overflow"), QStringLiteral("reject-publish")).isEmpty())
            return qint64(-2);
        while (sim.cycle() < 160)  // the third step's end, where the last one starts
            sim.step();
        tryIt(sim);
        while (sim.cycle() < 260)
            sim.step();
        return last;
    };
    const qint64 withLargerLimit = lastRefusal([](Simulation &sim) {
        sim.applySetting(QStringLiteral("broker.maxLength"), 40);
    });
    const qint64 withSecondConsumer = lastRefusal([](Simulation &sim) {
        ConsumerConfig b;
        b.name = QStringLiteral("B");
        b.strategy.type = QStringLiteral("accept-all");
        b.capacity = 1;
        sim.addConsumer(b);
    });
    QVERIFY2(withLargerLimit > 180, qPrintable(QString::number(withLargerLimit)));
    QVERIFY2(withSecondConsumer >= 0 && withSecondConsumer <= 162, qPrintable(QString::number(withSecondConsumer)));
    const QString text = s.steps.constLast().text;
    QVERIFY2(text.contains(QLatin1String("second consumer")) && text.contains(QLatin1String("only delays")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("or a larger Max length")), qPrintable(text));
}

void TestLessons::undoneEditTellsOneStory()
{
    // A teacher's trial: an edit by hand, some cycles, Ctrl+Z. The lesson panel dropped its
    // "✎ 1 edit by hand" (no edit is in effect) while the latency chart's label said "✎ 2 edits"
    // (the edit and its undo). The chart marks the undo as one (docs/design.md §8).
    TestSupport::ScenarioWindow shown(QStringLiteral(":/scenarios/lesson-ttl-moved.json"), QSize(1280, 660));
    QVERIFY(shown.exposed());
    MainWindow &window = shown.window;
    LessonPanel *panel = window.lessonPanel();
    panel->runCycles(40);
    QVERIFY(window.setupEditor()->setConsumerParameter(0, QStringLiteral("low"), 2).isEmpty());
    QVERIFY(panel->progressLabel()->text().contains(QStringLiteral("✎ 1 edit by hand")));
    panel->runCycles(3);
    window.setupEditor()->undoStack()->undo();
    panel->runCycles(5);
    window.refreshViews();
    window.chartPanel()->showChart(QStringLiteral("latency"));
    // The edit is undone but its cycles are this run's: the panel keeps its mark, no longer
    // counting it as an edit in effect (a later trial: the mark went while the chart said
    // "✎ 1 edit, 1 undo", docs/design.md §8, Charts).
    QVERIFY2(panel->progressLabel()->text().contains(QStringLiteral("✎")), qPrintable(panel->progressLabel()->text()));
    QVERIFY2(!panel->progressLabel()->text().contains(QStringLiteral("1 edit by hand")), qPrintable(panel->progressLabel()->text()));
    TimeSeriesChart *latency = window.chartPanel()->latencyChart();
    QTRY_VERIFY(latency->isVisible());
    QCoreApplication::processEvents();
    const QList<ChartMarker> markers = latency->markers();
    QCOMPARE(markers.size(), 2);
    QVERIFY(!markers.at(0).undo && markers.at(1).undo);
    const QString drawn = latency->markerTexts().join(QLatin1Char('|'));
    QVERIFY2(!drawn.contains(QLatin1String("2 edits")), qPrintable(drawn));
    // In words (a trial read "✎ 1, 1 undo" as nothing): the undo names the edit it undid.
    QVERIFY2(drawn.contains(QStringLiteral("✎ A · low = 2, undone")) || drawn.contains(QStringLiteral("✎ A.low 2, undone")),
             qPrintable(drawn));
}

void TestLessons::undoneEditThatRanKeepsTheMarkUntilReset()
{
    // A teacher's trial: an edit by hand, 14 cycles, Ctrl+Z. The "✎" under the step's text went,
    // while the run still differed from the lesson's (the chart kept "✎ 1 edit, 1 undo"). It
    // stays while the run holds cycles an edit shaped, undone or not; Reset starts the lesson's
    // own run again and takes it away (docs/design.md §8, Charts).
    TestSupport::ScenarioWindow shown(QStringLiteral(":/scenarios/lesson-ttl-moved.json"), QSize(1280, 720));
    QVERIFY(shown.exposed());
    MainWindow &window = shown.window;
    LessonPanel *panel = window.lessonPanel();
    const auto line = [panel]() -> QString { return panel->progressLabel()->text() + QLatin1Char('|') + panel->progressLabel()->toolTip(); };
    panel->runCycles(40);
    QVERIFY2(!line().contains(QStringLiteral("✎")), qPrintable(line()));

    // An edit undone before a cycle ran with it changed nothing: no mark.
    QVERIFY(window.setupEditor()->setConsumerParameter(0, QStringLiteral("low"), 2).isEmpty());
    QVERIFY2(line().contains(QStringLiteral("✎")), qPrintable(line()));
    window.setupEditor()->undoStack()->undo();
    QVERIFY(!panel->handEditsRan());
    QVERIFY2(!line().contains(QStringLiteral("✎")), qPrintable(line()));

    // The same edit run for 14 cycles, then undone: the mark stays, as an edit that ran.
    QVERIFY(window.setupEditor()->setConsumerParameter(0, QStringLiteral("low"), 2).isEmpty());
    panel->runCycles(14);
    window.setupEditor()->undoStack()->undo();
    QCOMPARE(panel->handEdits(), 0);
    QVERIFY2(line().contains(QStringLiteral("✎")), qPrintable(line()));
    QVERIFY2(line().contains(QStringLiteral("undone")), qPrintable(line()));
    QVERIFY(panel->handEditsRan());
    if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS")) {
        TestSupport::turnEventLoop(5);
        panel->grab().save(QStringLiteral("/tmp/lesson-undone-edit.png"));
    }
    panel->runCycles(5);
    QVERIFY2(line().contains(QStringLiteral("✎")), qPrintable(line()));
    window.refreshViews();
    const QList<ChartMarker> markers = window.chartPanel()->liveEditMarkers();
    QCOMPARE(markers.size(), 2);  // the chart tells the same story: the edit and its undo
    QVERIFY(!markers.at(0).undo && markers.at(1).undo);

    // Reset: the lesson's own run again, no mark.
    window.resetAction()->trigger();
    QCOMPARE(window.simulation()->cycle(), 0);
    QVERIFY(!panel->handEditsRan());
    QVERIFY2(!line().contains(QStringLiteral("✎")), qPrintable(line()));
}

void TestLessons::undoneEditsCountedAsTheChartsCountThem()
{
    // A teacher's trial in the TTL lesson at 1280x720: A's low bound 5 by hand, Ctrl+Z 50
    // cycles later; A's high bound 10, Ctrl+Z about 70 cycles later. The panel said "✎ An edit
    // by hand ran, since undone" where the charts counted two edits, both undone. It counts the
    // edits that ran as the charts do, in their words (docs/design.md §8, Charts).
    TestSupport::ScenarioWindow shown(QStringLiteral(":/scenarios/lesson-ttl-moved.json"), QSize(1280, 720));
    QVERIFY(shown.exposed());
    MainWindow &window = shown.window;
    LessonPanel *panel = window.lessonPanel();
    const auto line = [panel]() -> QString { return panel->progressLabel()->text() + QLatin1Char('|') + panel->progressLabel()->toolTip(); };
    shown.runLesson(143);
    QVERIFY(window.setupEditor()->setConsumerParameter(0, QStringLiteral("low"), 5).isEmpty());
    shown.runLesson(50);
    window.undoAction()->trigger();
    QCOMPARE(panel->undoneHandEdits(), 1);
    QVERIFY2(line().contains(QStringLiteral("✎ An edit by hand ran, since undone")), qPrintable(line()));
    shown.runLesson(58);
    QVERIFY(window.setupEditor()->setConsumerParameter(0, QStringLiteral("high"), 10).isEmpty());
    // One in effect, one undone: the two of them, as a chart's label holding both counts them.
    QVERIFY2(line().contains(QStringLiteral("✎ 2 edits by hand, 1 undone")), qPrintable(line()));
    shown.runLesson(67);
    window.undoAction()->trigger();
    QCOMPARE(panel->handEdits(), 0);
    QCOMPARE(panel->undoneHandEdits(), 2);
    shown.runLesson(100);
    QVERIFY2(line().contains(QStringLiteral("✎ 2 edits by hand ran, both undone; the text is without them.")), qPrintable(line()));
    QVERIFY2(!line().contains(QStringLiteral("An edit by hand")), qPrintable(line()));
    QVERIFY2(panel->progressLabel()->text().contains(QStringLiteral("✎ 2")), qPrintable(line()));
    // Every chart that counts them says the same: two edits, both undone.
    window.refreshViews();
    QStringList counted;
    for (const QString &name : {QStringLiteral("depth"), QStringLiteral("decisions"), QStringLiteral("latency"), QStringLiteral("throughput")}) {
        auto *chart = qobject_cast<TimeSeriesChart *>(window.chartPanel()->showChart(name));
        QVERIFY(chart);
        window.chartPanel()->updateAllCharts();
        TestSupport::turnEventLoop(3);
        for (const QString &text : chart->markerTexts()) {
            if (text.contains(QLatin1String("edits")))
                counted << QString(text).replace(QLatin1Char('\n'), QLatin1Char(' '));
        }
    }
    for (const QString &text : std::as_const(counted))
        QCOMPARE(text, QStringLiteral("✎ 2 edits, both undone"));
    if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS"))
        window.grab().save(QStringLiteral("/tmp/lesson-undone-edits.png"));

    // Reset: the lesson's own run again, nothing counted.
    window.resetAction()->trigger();
    QCOMPARE(panel->undoneHandEdits(), 0);
    QVERIFY2(!line().contains(QStringLiteral("✎")), qPrintable(line()));
}

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"

void TestLessons::resetKeepsTheTryItYourselfStep()
{
    // A teacher's trial: the topics lesson's last step says "Reset (Ctrl+R) and give urgent-1 a
    // capacity of 2"; Ctrl+R went back to step 1, the instruction left the screen and urgent-1's
    // card its outline. Reset on the last step, when it has no end, keeps that step at cycle 0
    // with the scenario as it was opened (docs/design.md §1, docs/scenario-format.md, Lessons).
    TestSupport::ScenarioWindow shown(QStringLiteral(":/scenarios/lesson-topics-few-consumers.json"), QSize(1280, 720));
    QVERIFY(shown.exposed());
    MainWindow &window = shown.window;
    LessonPanel *panel = window.lessonPanel();
    Simulation *sim = window.simulation();
    const Scenario opened = sim->loadedScenario();
    const int last = panel->stepCount() - 1;
    QCOMPARE(last, 3);
    QVERIFY(!opened.steps.at(last).untilCycle && !opened.steps.at(last).until);

    // On an earlier step Reset starts the lesson again, as before.
    panel->runCycles(*opened.steps.at(0).untilCycle + 5);
    QCOMPARE(panel->currentStep(), 1);
    QVERIFY(!panel->keepsStepOnReset());
    window.resetAction()->trigger();
    QCOMPARE(sim->cycle(), 0);
    QCOMPARE(panel->currentStep(), 0);

    // The last step, entered after step 3 subscribed bulk-1 to orders-0 too.
    panel->runCycles(*opened.steps.at(last - 1).untilCycle);
    QCOMPARE(panel->currentStep(), last - 1);
    panel->next();
    QCOMPARE(panel->currentStep(), last);
    sim->pause();
    QVERIFY(sim->currentScenario().consumers.at(3).topics != opened.consumers.at(3).topics);
    QVERIFY(panel->keepsStepOnReset());

    window.resetAction()->trigger();
    QCOMPARE(sim->cycle(), 0);
    QCOMPARE(panel->currentStep(), last);
    QVERIFY(!sim->isRunning());
    QVERIFY2(panel->textView()->toPlainText().contains(QStringLiteral("Reset (Ctrl+R) and give urgent-1 a capacity of 2")),
             qPrintable(panel->textView()->toPlainText()));
    QCOMPARE(panel->headingLabel()->text(), opened.steps.at(last).title);
    QCOMPARE(window.highlightOverlay()->target(), window.viewForHighlight(QStringLiteral("consumers[0]")));
    // The scenario as it was opened: step 3's subscription is gone, as the step's text expects.
    QCOMPARE(sim->currentScenario().consumers.at(3).topics, opened.consumers.at(3).topics);
    QVERIFY(panel->appliedSettings().isEmpty());
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("stays on step 4")),
             qPrintable(window.statusBar()->currentMessage()));

    // The class tries it: urgent-1 takes 2 batches, the run goes on freely (no end to pause at).
    QVERIFY(sim->applySetting(QStringLiteral("consumers[0].capacity"), 2).isEmpty());
    panel->runCycles(40);
    QCOMPARE(sim->cycle(), 40);
    QCOMPARE(panel->currentStep(), last);

    // A second Reset keeps it again; Back still replays the step before from its start.
    window.resetAction()->trigger();
    QCOMPARE(sim->cycle(), 0);
    QCOMPARE(panel->currentStep(), last);
    panel->back();
    QCOMPARE(panel->currentStep(), last - 1);
    QCOMPARE(sim->cycle(), *opened.steps.at(last - 2).untilCycle);
    QCOMPARE(sim->currentScenario().consumers.at(3).topics, (QStringList{QStringLiteral("orders-0"), QStringLiteral("orders-2")}));
}

void TestLessons::shippedResetsAreAskedWhereResetKeepsTheStep()
{
    // A step that asks for a Reset (Ctrl+R) is one Reset keeps on screen (the last, without an
    // end). The adaptive lesson asked to raise maxPredicateRuns and then to Reset, which undoes
    // edits: it asks for the Reset first now.
    int asked = 0;
    for (const QString &file : TestSupport::presetFiles()) {
        const ScenarioLoadResult r = loadScenarioFile(TestSupport::presetPath(file));
        QVERIFY2(r.ok(), qPrintable(file));
        const QList<LessonStep> &steps = r.scenario->steps;
        for (qsizetype i = 0; i < steps.size(); ++i) {
            const QString &text = steps.at(i).text;
            if (!text.contains(QLatin1String("Reset (Ctrl+R)")))
                continue;
            ++asked;
            const QString where = QStringLiteral("%1 step %2: %3").arg(file).arg(i + 1).arg(text);
            QVERIFY2(i == steps.size() - 1 && !steps.at(i).untilCycle && !steps.at(i).until, qPrintable(where));
        }
    }
    QVERIFY(asked >= 6);
    const Scenario adaptive = TestSupport::loadPreset(QStringLiteral("lesson-load-adaptive.json"));
    QVERIFY2(adaptive.steps.constLast().text.startsWith(QLatin1String("Reset (Ctrl+R), then raise maxPredicateRuns")),
             qPrintable(adaptive.steps.constLast().text));
}
