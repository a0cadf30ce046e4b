// Guided lessons: the "steps" of a scenario file are read, checked (every problem named by its
// path, with the fix), written back unchanged, and their end conditions evaluated on a run.
#include "core/analysis/alarms.h"
#include "core/analysis/lesson.h"
#include "core/engine/metrics.h"
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <array>
#include <deque>

using namespace PriorityLab;

namespace {

/// A TTL-range consumer "A" (low 0, high 8), one generator, and @p steps as JSON text.
QByteArray lessonJson(const QByteArray &steps)
{
    return R"({"name": "lesson", "broker": {"maxIdleCycles": 0},
               "consumers": [{"name": "A", "strategy": {"type": "ttl", "low": 0, "high": 8}}],
               "producers": [{"name": "P", "generator": {"perCycle": 2, "ttl": [1, 5]}}],
               "steps": )" + steps + "}";
}

/// What the latency chart draws (ui/charts: per priority class, BrokerConfig::priorityClasses(),
/// p50 and p95 of the messages processed in the last 10 cycles, ChartHistory::smoothingCycles())
/// at one cycle (the status bar's count after it ran), with the largest latency processed in
/// that cycle, which no chart draws.
struct LatencyPoint
{
    qint64 cycle = 0;
    int step = 0;  ///< the lesson step (0-based) the cycle ran in
    /// Per class c: [3c] p50, [3c + 1] p95 (-1 where none of the class was processed in the
    /// window: a gap in the chart), [3c + 2] the cycle's own largest latency (-1: none).
    QList<qint64> values;
    qint64 p50(int c) const { return values.at(3 * c); }
    qint64 p95(int c) const { return values.at(3 * c + 1); }
    qint64 max(int c) const { return values.at(3 * c + 2); }
};

/// The latency chart of the preset @p file played as the lesson panel plays it (each step's
/// settings on entering it, then cycles to its end) up to the end of step @p last (0-based).
QList<LatencyPoint> latencyChart(const QString &file, int last)
{
    const Scenario s = TestSupport::loadPreset(file);
    Simulation sim;
    if (!sim.load(s).isEmpty())
        return {};
    const QList<PriorityClass> &classes = BrokerConfig::priorityClasses();
    std::deque<QList<ProcessedSample>> window;
    QList<LatencyPoint> chart;
    for (int i = 0; i <= last; ++i) {
        const LessonStep &step = s.steps.at(i);
        for (const TimelineChange &c : step.set)
            sim.applySetting(c.path, c.value);
        for (int n = 0; n < 1000 && !lessonStepDone(step, sim); ++n) {
            window.push_back(sim.step().processed);
            if (window.size() > 10)
                window.pop_front();
            LatencyPoint point{sim.cycle(), i, {}};
            for (const PriorityClass &c : classes) {
                std::map<qint64, qint64> values;
                qint64 count = 0;
                qint64 max = -1;
                for (const QList<ProcessedSample> &cycle : window) {
                    for (const ProcessedSample &p : cycle) {
                        if (p.originalPriority < c.minPriority || p.originalPriority > c.maxPriority)
                            continue;
                        ++values[p.latency];
                        ++count;
                        if (&cycle == &window.back())
                            max = std::max(max, p.latency);
                    }
                }
                point.values << percentile(values, count, 50) << percentile(values, count, 95) << max;
            }
            chart << point;
        }
    }
    return chart;
}

/// The index of the latency class named @p name in BrokerConfig::priorityClasses(), -1 if none.
int latencyClass(const QString &name)
{
    const QList<PriorityClass> &classes = BrokerConfig::priorityClasses();
    for (qsizetype c = 0; c < classes.size(); ++c) {
        if (classes.at(c).name == name)
            return int(c);
    }
    return -1;
}

} // namespace

class TestLesson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsEveryKey()
    {
        const ScenarioLoadResult r = parseScenario(lessonJson(R"([
            {"title": "Look", "text": "The queue.", "highlight": "queue"},
            {"title": "Run", "untilCycle": 30, "highlight": "consumers[0].strategy.low"},
            {"title": "Break it", "set": {"consumers[0].strategy.low": 3},
             "until": {"figure": "discarded", "above": 0}, "highlight": "deadLetters"},
            {"title": "Drain", "until": {"figure": "queued", "below": 5}, "highlight": "consumers[0]"}])"),
                                                   QStringLiteral("lesson.json"));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const QList<LessonStep> &steps = r.scenario->steps;
        QCOMPARE(steps.size(), 4);
        QCOMPARE(steps.at(0).title, QStringLiteral("Look"));
        QCOMPARE(steps.at(0).text, QStringLiteral("The queue."));
        QCOMPARE(steps.at(0).highlights, QStringList{QStringLiteral("queue")});
        QVERIFY(!steps.at(0).untilCycle && !steps.at(0).until);
        QCOMPARE(steps.at(1).untilCycle.value_or(-1), 30);
        QCOMPARE(steps.at(2).set.size(), 1);
        QCOMPARE(steps.at(2).set.at(0).path, QStringLiteral("consumers[0].strategy.low"));
        QCOMPARE(steps.at(2).set.at(0).value.toInt(), 3);
        QVERIFY(steps.at(2).until && steps.at(2).until->above);
        QCOMPARE(steps.at(2).until->figure, QStringLiteral("discarded"));
        QVERIFY(steps.at(3).until && !steps.at(3).until->above);
        QCOMPARE(steps.at(3).until->bound, 5);
    }

    void roundTrip()
    {
        const ScenarioLoadResult r = parseScenario(lessonJson(R"([
            {"title": "Run", "text": "t", "untilCycle": 30, "highlight": "charts"},
            {"title": "Break", "set": {"consumers[0].strategy.low": 3}, "until": {"figure": "queued", "below": 2}}])"),
                                                   QStringLiteral("lesson.json"));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const QByteArray written = QJsonDocument(scenarioToJson(*r.scenario)).toJson();
        const ScenarioLoadResult again = parseScenario(written, QStringLiteral("again.json"));
        QVERIFY2(again.ok(), qPrintable(again.errors.join(QLatin1Char('\n'))));
        QCOMPARE(scenarioToJson(*again.scenario), scenarioToJson(*r.scenario));
        QCOMPARE(again.scenario->steps.size(), 2);
    }

    void readsSeveralHighlights()
    {
        // "highlight" is one view name (as before) or an array of up to 16: a step may outline a
        // consumer's parameter and the alarm bar at once. Kept as a list, written back as given.
        const ScenarioLoadResult r = parseScenario(lessonJson(R"([
            {"title": "Two", "highlight": ["consumers[0].strategy.low", "alarms"]},
            {"title": "One", "highlight": "queue"},
            {"title": "Empty", "highlight": []},
            {"title": "Twice", "highlight": ["charts", "charts", "consumers[0]"]}])"),
                                                   QStringLiteral("lesson.json"));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        const QList<LessonStep> &steps = r.scenario->steps;
        QCOMPARE(steps.at(0).highlights, (QStringList{QStringLiteral("consumers[0].strategy.low"), QStringLiteral("alarms")}));
        QCOMPARE(steps.at(1).highlights, QStringList{QStringLiteral("queue")});
        QVERIFY(steps.at(2).highlights.isEmpty());
        QCOMPARE(steps.at(3).highlights, (QStringList{QStringLiteral("charts"), QStringLiteral("consumers[0]")}));
        const QJsonObject written = scenarioToJson(*r.scenario);
        const QJsonArray out = written.value(QLatin1String("steps")).toArray();
        QVERIFY(out.at(0).toObject().value(QLatin1String("highlight")).isArray());
        QCOMPARE(out.at(1).toObject().value(QLatin1String("highlight")), QJsonValue(QStringLiteral("queue")));
        QVERIFY(!out.at(2).toObject().contains(QLatin1String("highlight")));
        const ScenarioLoadResult again = parseScenario(QJsonDocument(written).toJson(), QStringLiteral("again.json"));
        QVERIFY2(again.ok(), qPrintable(again.errors.join(QLatin1Char('\n'))));
        QCOMPARE(again.scenario->steps.at(0).highlights, steps.at(0).highlights);
        // Sixteen is the most.
        QStringList sixteen;
        for (int i = 0; i < 16; ++i)
            sixteen << QStringLiteral("\"queue\"");
        const ScenarioLoadResult most = parseScenario(lessonJson("[{\"title\": \"x\", \"highlight\": [" + sixteen.join(u',').toUtf8() + "]}]"),
                                                      QStringLiteral("lesson.json"));
        QVERIFY2(most.ok(), qPrintable(most.errors.join(QLatin1Char('\n'))));
    }

    void refusesWithPathAndFix_data()
    {
        QTest::addColumn<QByteArray>("steps");
        QTest::addColumn<QString>("expected");  // a fragment of the one error
        QTest::addRow("not an array") << QByteArray(R"({"title": "x"})") << "steps: expected an array";
        QTest::addRow("missing title") << QByteArray(R"([{"text": "x"}])") << "steps[0].title: missing";
        QTest::addRow("unknown key") << QByteArray(R"([{"title": "x", "untill": 3}])") << "steps[0].untill: unknown key";
        QTest::addRow("unknown view") << QByteArray(R"([{"title": "x", "highlight": "gauge"}])")
                                      << "steps[0].highlight: \"gauge\" is not a view";
        QTest::addRow("no such consumer") << QByteArray(R"([{"title": "x", "highlight": "consumers[3]"}])")
                                          << "steps[0].highlight: there is no consumers[3]";
        QTest::addRow("unknown view in a list") << QByteArray(R"([{"title": "x"}, {"title": "y"}, {"title": "z", "highlight": ["queue", "foo"]}])")
                                                << "steps[2].highlight[1]: \"foo\" is not a view; use one of queue, histogram";
        QTest::addRow("no such consumer in a list") << QByteArray(R"([{"title": "x", "highlight": ["alarms", "consumers[0]", "consumers[5].strategy.low"]}])")
                                                    << "steps[0].highlight[2]: there is no consumers[5]";
        QTest::addRow("no such parameter in a list") << QByteArray(R"([{"title": "x", "highlight": ["consumers[0].strategy.lo"]}])")
                                                     << "steps[0].highlight[0]: consumer 0's strategy has no parameter \"lo\"";
        QTest::addRow("not a name in a list") << QByteArray(R"([{"title": "x", "highlight": ["queue", 3]}])")
                                              << "steps[0].highlight[1]: expected a view name, got";
        QTest::addRow("an empty name in a list") << QByteArray(R"([{"title": "x", "highlight": [""]}])")
                                                 << "steps[0].highlight[0]: expected a view name";
        QTest::addRow("neither a name nor a list") << QByteArray(R"([{"title": "x", "highlight": {"view": "queue"}}])")
                                                   << "steps[0].highlight: expected a view name or an array of them";
        QTest::addRow("seventeen views") << QByteArray(R"([{"title": "x", "highlight": ["queue", "queue", "queue", "queue", "queue",
                                               "queue", "queue", "queue", "queue", "queue", "queue", "queue", "queue", "queue",
                                               "queue", "queue", "queue"]}])")
                                         << "steps[0].highlight: 17 views, above the limit of 16";
        QTest::addRow("no such parameter") << QByteArray(R"([{"title": "x", "highlight": "consumers[0].strategy.threshold"}])")
                                           << "has no parameter \"threshold\"; use one of low, high";
        QTest::addRow("unknown figure") << QByteArray(R"([{"title": "x", "until": {"figure": "lost", "above": 0}}])")
                                        << "steps[0].until.figure: \"lost\" is not a figure";
        QTest::addRow("above and below") << QByteArray(R"([{"title": "x", "until": {"figure": "queued", "above": 1, "below": 3}}])")
                                         << "steps[0].until: give exactly one of \"above\" or \"below\"";
        QTest::addRow("cycle 0") << QByteArray(R"([{"title": "x", "untilCycle": 0}])")
                                 << "steps[0].untilCycle: 0 is out of range";
        QTest::addRow("bad setting") << QByteArray(R"([{"title": "x"}, {"title": "y", "set": {"consumers[0].strategy.low": "high"}}])")
                                     << "steps[1].set: consumers[0].strategy.low";
    }

    void refusesWithPathAndFix()
    {
        QFETCH(QByteArray, steps);
        QFETCH(QString, expected);
        const ScenarioLoadResult r = parseScenario(lessonJson(steps), QStringLiteral("lesson.json"));
        QVERIFY(!r.ok());
        QCOMPARE(r.errors.size(), 1);
        QVERIFY2(r.errors.constFirst().contains(expected), qPrintable(r.errors.constFirst()));
        QVERIFY2(r.errors.constFirst().startsWith(QStringLiteral("lesson.json:")), qPrintable(r.errors.constFirst()));
    }

    void stepEnds()
    {
        const ScenarioLoadResult r = parseScenario(lessonJson(R"([
            {"title": "Look"},
            {"title": "Run", "untilCycle": 5},
            {"title": "Lose", "until": {"figure": "discarded", "above": 0}}])"),
                                                   QStringLiteral("lesson.json"));
        QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
        Simulation sim;
        QVERIFY(sim.load(*r.scenario).isEmpty());
        const QList<LessonStep> &steps = r.scenario->steps;
        QVERIFY(lessonStepDone(steps.at(0), sim));  // tells only: done at once
        QCOMPARE(describeLessonStepEnd(steps.at(0)), QString());
        QVERIFY(!lessonStepDone(steps.at(1), sim));
        for (int i = 0; i < 4; ++i)
            sim.step();
        QVERIFY(!lessonStepDone(steps.at(1), sim));
        sim.step();
        QVERIFY(lessonStepDone(steps.at(1), sim));
        QCOMPARE(describeLessonStepEnd(steps.at(1)), QStringLiteral("Runs until cycle 5."));
        // low 0 discards nothing with TTL 1..5; low 3 discards TTL <= 3.
        QVERIFY(!lessonStepDone(steps.at(2), sim));
        QVERIFY(sim.applySetting(QStringLiteral("consumers[0].strategy.low"), 3).isEmpty());
        sim.step();
        QCOMPARE(lessonFigure(sim, QStringLiteral("discarded")) > 0, lessonStepDone(steps.at(2), sim));
        for (int i = 0; i < 10 && !lessonStepDone(steps.at(2), sim); ++i)
            sim.step();
        QVERIFY(lessonStepDone(steps.at(2), sim));
        QCOMPARE(describeLessonStepEnd(steps.at(2)), QStringLiteral("Runs until discarded is above 0."));
        QCOMPARE(lessonFigure(sim, QStringLiteral("cycle")), sim.cycle());
        QCOMPARE(lessonFigure(sim, QStringLiteral("queued")), sim.broker().size());
    }

    /// The poison-message lesson: the Message loop alarm (AlarmMonitor, a queued message with
    /// more than 20 deliveries) warns the class before the timeline's delivery limit ends the
    /// loop, and so before the first dead letter. It came after: the limit was set at cycle 100,
    /// when no corrupt message had yet looped 20 times.
    void poisonLoopAlarmWarnsBeforeTheFirstDeadLetter()
    {
        const Scenario s = TestSupport::loadPreset(QStringLiteral("lesson-poison-message.json"));
        QVERIFY(!QTest::currentTestFailed());
        qint64 limitAt = -1;
        for (const TimelineChange &c : s.timeline) {
            if (c.path == QLatin1String("broker.deliveryLimit"))
                limitAt = c.atCycle;
        }
        QVERIFY(limitAt > 0);
        Simulation sim;
        QVERIFY(sim.load(s).isEmpty());
        AlarmMonitor monitor;
        qint64 alarmAt = -1;
        qint64 firstDeadLetter = -1;
        qint64 loopStepEnd = -1;  // the step that tells of the loop ends while the alarm is up
        bool alarmUpAtStepEnd = false;
        for (const LessonStep &step : s.steps) {
            if (step.highlights.contains(QLatin1String("alarms")) && step.untilCycle)
                loopStepEnd = *step.untilCycle;
        }
        QVERIFY(loopStepEnd > 0);
        while (sim.cycle() < limitAt + 20) {
            const CycleReport report = sim.step();
            monitor.update(sim, report);
            const bool looping = std::any_of(monitor.alarms().begin(), monitor.alarms().end(), [](const Alarm &a) {
                return a.kind == Alarm::Kind::Loop && a.key == QLatin1String("loop");
            });
            if (looping && alarmAt < 0)
                alarmAt = report.cycle;
            if (report.counts.discarded > 0 && firstDeadLetter < 0)
                firstDeadLetter = report.cycle;
            if (sim.cycle() == loopStepEnd)
                alarmUpAtStepEnd = looping;
        }
        qInfo("Message loop alarm at cycle %lld, delivery limit at %lld, first dead letter at %lld",
              alarmAt, limitAt, firstDeadLetter);
        QVERIFY(alarmAt >= 0);
        QVERIFY(firstDeadLetter >= 0);
        QVERIFY2(alarmAt + 5 <= limitAt, "the alarm is up a few cycles before the fix comes");
        QVERIFY(firstDeadLetter >= limitAt);
        QVERIFY(alarmAt < firstDeadLetter);
        QVERIFY2(alarmUpAtStepEnd, "the step that outlines the alarms ends with the alarm up");
    }

    /// Every shipped lesson and reference case with steps loads, and each step's settings apply.
    void presetsWithSteps()
    {
        for (const QString &file : TestSupport::presetFiles()) {
            const ScenarioLoadResult r = loadScenarioFile(TestSupport::presetPath(file));
            QVERIFY2(r.ok(), qPrintable(file + QLatin1Char(' ') + r.errors.join(QLatin1Char('\n'))));
        }
    }

    /// A step's text is read to a class from the lesson panel: it points to the app's own menus
    /// (File > Compare Configurations…), never to a shell command, whose paths (resources/…) an
    /// installed copy does not have. A trial found lesson-aging's last step naming one; another
    /// read one in the prefetch lesson's hint.
    void presetStepsNameNoShellCommand()
    {
        for (const QString &file : TestSupport::presetFiles()) {
            const Scenario s = TestSupport::loadPreset(file);
            for (qsizetype i = 0; i < s.steps.size(); ++i) {
                const QString &text = s.steps.at(i).text;
                QVERIFY2(!text.contains(QLatin1String("prioritylab-sim")) && !text.contains(QLatin1String("resources/")),
                         qPrintable(QStringLiteral("%1 step %2: %3").arg(file).arg(i + 1).arg(text)));
            }
            // The "What to try" hint and the description too (ten hints ended "From a shell:
            // prioritylab-sim --scenario resources/…").
            for (const QString &text : {s.hint, s.description})
                QVERIFY2(!text.contains(QLatin1String("prioritylab-sim")) && !text.contains(QLatin1String("resources/")),
                         qPrintable(QStringLiteral("%1: %2").arg(file, text)));
        }
    }

    /// Every shipped lesson and reference case tells its story in 3 to 6 steps, and walked as the
    /// lesson panel walks it (settings applied on entering a step, then cycles until its end),
    /// every step that runs reaches its end: the class is never left waiting.
    void presetStepsReachTheirEnds()
    {
        constexpr int maxCyclesPerStep = 500;
        for (const QString &file : TestSupport::presetFiles()) {
            const ScenarioLoadResult r = loadScenarioFile(TestSupport::presetPath(file));
            QVERIFY2(r.ok(), qPrintable(file));
            const QList<LessonStep> &steps = r.scenario->steps;
            if (file.startsWith(QLatin1String("lesson-")) || file.startsWith(QLatin1String("reference-")))
                QVERIFY2(steps.size() >= 3 && steps.size() <= 6, qPrintable(file));
            Simulation sim;
            QVERIFY(sim.load(*r.scenario).isEmpty());
            for (qsizetype i = 0; i < steps.size(); ++i) {
                const LessonStep &step = steps.at(i);
                const QString where = QStringLiteral("%1 step %2").arg(file).arg(i + 1);
                QVERIFY2(!step.text.isEmpty(), qPrintable(where));
                for (const TimelineChange &c : step.set)
                    QVERIFY2(sim.applySetting(c.path, c.value).isEmpty(), qPrintable(where + QLatin1Char(' ') + c.path));
                for (int n = 0; n < maxCyclesPerStep && !lessonStepDone(step, sim); ++n)
                    sim.step();
                QVERIFY2(lessonStepDone(step, sim), qPrintable(where + QStringLiteral(": its end is not reached")));
            }
        }
    }
    /// A step that tells when a producer stopped ("The rush ended at cycle 130") tells it as the
    /// class saw it. A producer's untilCycle is inclusive (its last batch comes in that cycle)
    /// while a step's untilCycle counts the cycles run: the aging lesson paused after 130 cycles,
    /// its next step said the rush had ended at cycle 130, and the rush sent one more batch.
    /// Such a text names the producer's last cycle and, where the pause before came first, says
    /// the batch came after it.
    void presetStepsSayWhenAProducerEnds()
    {
        int checked = 0;
        for (const QString &file : TestSupport::presetFiles()) {
            const Scenario s = TestSupport::loadPreset(file);
            for (qsizetype i = 1; i < s.steps.size(); ++i) {
                const QString &text = s.steps.at(i).text;
                const std::optional<qint64> pause = s.steps.at(i - 1).untilCycle;
                for (const ProducerConfig &p : s.producers) {
                    const QRegularExpression said(QStringLiteral("\\b%1\\b[^.]*\\b(ended|stopped|last batch)\\b[^.]*?cycle (\\d+)")
                                                      .arg(QRegularExpression::escape(p.name)));
                    const QRegularExpressionMatch m = said.match(text);
                    if (!m.hasMatch())
                        continue;
                    ++checked;
                    const QString where = QStringLiteral("%1 step %2: %3").arg(file).arg(i + 1).arg(text);
                    QVERIFY2(p.generator && p.generator->untilCycle >= 0, qPrintable(where));
                    const qint64 last = p.generator->untilCycle;
                    QVERIFY2(m.captured(2).toLongLong() == last, qPrintable(where + QStringLiteral(" (its last batch: cycle %1)").arg(last)));
                    QVERIFY2((pause && *pause > last) || text.contains(QLatin1String("after the pause")),
                             qPrintable(where + QStringLiteral(" (the pause before: after %1 cycles)").arg(pause.value_or(0))));
                }
            }
        }
        QVERIFY(checked >= 3);  // aging, native starvation, load adaptive
    }
    /// Step texts name cycles as the status bar counts them (cycle N: the N-th cycle, the counter
    /// showing N once it has run), as the lessons' pauses do. The prefetch lesson named the
    /// alert's cycles counted from 0 (arrives at 10, processed at 14): a teacher paused at 14 to
    /// show it processed and saw it still held.
    void prefetchLessonNamesTheCountersCycles()
    {
        const Scenario s = TestSupport::loadPreset(QStringLiteral("lesson-prefetch-hides-priority.json"));
        Simulation sim;
        PL_VERIFY_OK(sim.load(s));
        qint64 arrived = -1;
        qint64 processed = -1;
        for (qint64 counter = 1; counter <= 20 && processed < 0; ++counter) {
            const CycleReport report = sim.step();
            if (arrived < 0 && counter > 1 && report.counts.produced > 1)  // after the first: a report a cycle, and the alert
                arrived = counter;
            for (const ProcessedSample &p : report.processed) {
                if (p.originalPriority == 9)
                    processed = counter;
            }
        }
        QCOMPARE(arrived, 11);
        QCOMPARE(processed, 15);
        const LessonStep &alert = s.steps.at(1);
        QCOMPARE(alert.untilCycle, std::optional<qint64>(processed));
        QVERIFY2(alert.text.contains(QStringLiteral("In cycle %1 an alert").arg(arrived))
                     && alert.text.contains(QStringLiteral("processed in cycle %1, %2 cycles late").arg(processed).arg(processed - arrived)),
                 qPrintable(alert.text));
    }
    /// A step outlines the chart its text needs, by name ("charts.latency", docs/scenario-format.md,
    /// Lessons): a bare "charts" shows whichever tab was last open (a trial saw the delayed-retry
    /// lesson's 660 deliveries told under Queue depth, its latency of 2 under Throughput).
    void presetStepsNameTheirChart()
    {
        int named = 0;
        for (const QString &file : TestSupport::presetFiles()) {
            const Scenario s = TestSupport::loadPreset(file);
            for (qsizetype i = 0; i < s.steps.size(); ++i) {
                for (const QString &view : s.steps.at(i).highlights) {
                    QVERIFY2(view != QLatin1String("charts"),
                             qPrintable(QStringLiteral("%1 step %2 outlines \"charts\", not one chart").arg(file).arg(i + 1)));
                    named += view.startsWith(QLatin1String("charts.")) ? 1 : 0;
                }
            }
        }
        QVERIFY(named >= 10);
    }

    /// A step's latency is the one the latency chart it outlines draws (p50 and p95 of the last 10
    /// cycles, per class), never a maximum, which no view shows: a trial read "the low class (≤3)
    /// waits up to 44 cycles" in lesson-mixed-thresholds and found no 44 to point at.
    void presetLatencyIsTheChartsFigure()
    {
        const int low = latencyClass(QStringLiteral("low"));
        QVERIFY(low >= 0);
        const int classes = int(BrokerConfig::priorityClasses().size());
        {
            const QString file = QStringLiteral("lesson-mixed-thresholds.json");
            const Scenario s = TestSupport::loadPreset(file);
            const QList<LatencyPoint> chart = latencyChart(file, 2);
            QVERIFY(!chart.isEmpty());
            // Step 2 ends at cycle 100, step 3 at 160: the low class's p95 there.
            const auto at = [&](qint64 cycle) {
                return *std::find_if(chart.cbegin(), chart.cend(), [cycle](const LatencyPoint &p) { return p.cycle == cycle; });
            };
            QCOMPARE(at(100).p95(low), 4);
            QVERIFY2(s.steps.at(1).text.contains(QStringLiteral("the low class (≤3) has a p95 of %1 cycles").arg(at(100).p95(low))),
                     qPrintable(s.steps.at(1).text));
            QCOMPARE(chart.constLast().cycle, 160);
            QCOMPARE(chart.constLast().p95(low), 44);
            QVERIFY2(s.steps.at(2).text.contains(QStringLiteral("the low class (≤3) climbs to a p95 of %1 cycles").arg(chart.constLast().p95(low))),
                     qPrintable(s.steps.at(2).text));
            QVERIFY(!s.steps.at(2).text.contains(QLatin1String("up to")));
            QVERIFY(s.steps.at(1).highlights.contains(QStringLiteral("charts.latency")));
            QVERIFY(s.steps.at(2).highlights.contains(QStringLiteral("charts.latency")));
        }
        {
            // Delayed retry, step 4: every class at 2, p50 and p95, wherever the chart has a point.
            const QString file = QStringLiteral("lesson-delayed-retry.json");
            const Scenario s = TestSupport::loadPreset(file);
            int points = 0;
            for (const LatencyPoint &p : latencyChart(file, 3)) {
                if (p.step != 3)
                    continue;
                for (int c = 0; c < classes; ++c) {
                    if (p.p95(c) < 0)
                        continue;  // a gap: none of the class processed in the window
                    QVERIFY2(p.p50(c) == 2 && p.p95(c) == 2, qPrintable(QStringLiteral("cycle %1 class %2").arg(p.cycle).arg(c)));
                    ++points;
                }
            }
            QVERIFY(points > 300);
            QVERIFY2(s.steps.at(3).text.contains(QLatin1String("on the Latency chart every class sits at 2, p50 and p95 alike")),
                     qPrintable(s.steps.at(3).text));
            QCOMPARE(s.steps.at(3).highlights, QStringList{QStringLiteral("charts.latency")});
            QCOMPARE(s.steps.at(1).highlights, QStringList{QStringLiteral("charts.deliveries")});
        }
        {
            // The poison lesson, step 3 (cycle 150): every class at 9.
            const QString file = QStringLiteral("lesson-poison-message.json");
            const Scenario s = TestSupport::loadPreset(file);
            const LatencyPoint end = latencyChart(file, 2).constLast();
            QCOMPARE(end.cycle, 150);
            for (int c = 0; c < classes; ++c)
                QVERIFY2(end.p50(c) == 9 && end.p95(c) == 9, qPrintable(QString::number(c)));
            QVERIFY2(s.steps.at(2).text.contains(QLatin1String("every class at 9 cycles on the Latency chart")),
                     qPrintable(s.steps.at(2).text));
        }
        {
            // Native starvation, step 3 (cycle 130): the high class at 0.
            const QString file = QStringLiteral("lesson-native-starvation.json");
            const Scenario s = TestSupport::loadPreset(file);
            const LatencyPoint end = latencyChart(file, 2).constLast();
            const int high = latencyClass(QStringLiteral("high"));
            QCOMPARE(end.cycle, 130);
            QCOMPARE(end.p95(high), 0);
            QVERIFY2(s.steps.at(2).text.contains(QLatin1String("on the Latency chart the high class (7+) still waits 0 cycles")),
                     qPrintable(s.steps.at(2).text));
        }
    }
};

QTEST_GUILESS_MAIN(TestLesson)
#include "tst_lesson.moc"
