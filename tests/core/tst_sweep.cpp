// What-if sweeps: the value syntax, the checks before any point runs, one point equal to a single
// run, results independent of the threads, cancel, and Little's law on the run's own counts.
#include "core/analysis/eventjson.h"
#include "core/analysis/alarms.h"
#include "core/analysis/sweep.h"
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "tests/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace PriorityLab;

namespace {

/// @p summary without its wall time, which differs between any two runs.
QJsonObject withoutWallTime(QJsonObject summary)
{
    summary.remove(QStringLiteral("wallTimeMs"));
    return summary;
}

SweepAxis axis(const QString &text)
{
    QString error;
    const auto parsed = SweepAxis::parse(text, &error);
    if (!parsed)
        QTest::qFail(qPrintable(error), __FILE__, __LINE__);
    return parsed.value_or(SweepAxis());
}

QList<double> numbers(const SweepAxis &axis)
{
    QList<double> list;
    for (const QJsonValue &v : axis.values)
        list << v.toDouble();
    return list;
}

} // namespace

class TestSweep : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesValues_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<double>>("values");
        QTest::newRow("range") << "consumers[0].strategy.threshold=0..3" << QList<double>{0, 1, 2, 3};
        QTest::newRow("step") << "consumers[0].strategy.threshold=0..9:3" << QList<double>{0, 3, 6, 9};
        QTest::newRow("step past end") << "broker.batchSize=1..8:3" << QList<double>{1, 4, 7};
        QTest::newRow("list") << "broker.batchSize=1,2,4,8" << QList<double>{1, 2, 4, 8};
        QTest::newRow("one") << "broker.batchSize=5" << QList<double>{5};
        QTest::newRow("decimal step") << "consumers[0].failureRate=0..0.3:0.1" << QList<double>{0, 0.1, 0.2, 0.3};
        QTest::newRow("negative") << "x=-2..0" << QList<double>{-2, -1, 0};
    }
    void parsesValues()
    {
        QFETCH(QString, text);
        QFETCH(QList<double>, values);
        const SweepAxis a = axis(text);
        QCOMPARE(numbers(a), values);
        // Whole numbers stay integers, so that integer settings take them.
        QVERIFY(a.values.constFirst().toVariant().typeId() != QMetaType::Double || values.constFirst() != 0);
    }

    void refusesBadSyntax_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("no =") << "broker.batchSize" << "expected PATH=VALUES";
        QTest::newRow("no values") << "broker.batchSize=" << "no values";
        QTest::newRow("not a number") << "broker.batchSize=1,x" << "\"x\" is not a number";
        QTest::newRow("reversed") << "broker.batchSize=9..1" << "ends (1) before it starts (9)";
        QTest::newRow("zero step") << "broker.batchSize=1..9:0" << "must be above 0";
        QTest::newRow("repeat") << "broker.batchSize=1,2,1" << "given twice";
        QTest::newRow("too many") << "broker.batchSize=1..5000" << "above the limit of 1000 points";
        QTest::newRow("bad path") << "consumers[x].online=1" << "consumers[x]";
    }
    void refusesBadSyntax()
    {
        QFETCH(QString, text);
        QFETCH(QString, says);
        QString error;
        QVERIFY(!SweepAxis::parse(text, &error));
        QVERIFY2(error.contains(says), qPrintable(error));
    }

    void refusesInvalidSettingBeforeRunning_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("says");
        QTest::addColumn<int>("lines");
        // a failure rate is 0..1; consumers[2] has a TTL strategy (no threshold);
        // there is no consumer 9; the name is text.
        QTest::newRow("value out of range") << "consumers[0].failureRate=0..2:0.5" << "consumers[0].failureRate"
                                            << "got 2 (sweep value 2)" << 2;  // each error names its value
        QTest::newRow("key of another strategy") << "consumers[2].strategy.threshold=1,2" << "consumers[2].strategy"
                                                 << "(every sweep value)" << 1;
        QTest::newRow("no such consumer") << "consumers[9].strategy.threshold=1" << "consumers[9]" << "(sweep value 1)" << 1;
        QTest::newRow("batch size 0") << "broker.batchSize=0..2" << "broker.batchSize" << "(sweep value 0)" << 1;
        QTest::newRow("misspelled path, 1000 values") << "consumers[0].strategy.treshold=0..999"
                                                       << "consumers[0].strategy.treshold" << "(every sweep value)" << 1;
    }
    void refusesInvalidSettingBeforeRunning()
    {
        QFETCH(QString, text);
        QFETCH(QString, path);
        QFETCH(QString, says);
        QFETCH(int, lines);
        PL_LOAD_PRESET(base, QStringLiteral("default.json"));
        const SweepPlan plan = planSweep(base, {axis(text)}, 10);
        QVERIFY(!plan.ok());
        QVERIFY(plan.points.isEmpty());
        QVERIFY2(plan.errors.constFirst().contains(path), qPrintable(plan.errors.join(u'\n')));
        // One line per kind of fault, not one per value: a misspelled path is said once.
        QCOMPARE(plan.errors.size(), lines);
        QVERIFY2(plan.errors.constLast().endsWith(says), qPrintable(plan.errors.join(u'\n')));
        // Nothing can run: the runner refuses an unchecked plan.
        SweepRunner runner;
        QSignalSpy progress(&runner, &SweepRunner::progress);
        QVERIFY(!runner.start(plan, 2));
        QVERIFY(!runner.isRunning());
        QCOMPARE(progress.count(), 0);
    }

    void refusesEndlessWithoutCycles()
    {
        PL_LOAD_PRESET(base, QStringLiteral("default.json"));
        const SweepPlan plan = planSweep(base, {axis(QStringLiteral("consumers[0].strategy.threshold=1,2"))}, -1);
        QVERIFY(!plan.ok());
        QVERIFY2(plan.errors.join(u'\n').contains(QLatin1String("never end")), qPrintable(plan.errors.join(u'\n')));
    }

    void refusesTooManyPointsInAGrid()
    {
        PL_LOAD_PRESET(base, QStringLiteral("default.json"));
        const SweepPlan plan = planSweep(base, {axis(QStringLiteral("broker.batchSize=1..101")),
                                                axis(QStringLiteral("consumers[0].strategy.threshold=0..9"))}, 10);
        QVERIFY(!plan.ok());
    }

    void onePointEqualsASingleRun()
    {
        PL_LOAD_PRESET(base, QStringLiteral("default.json"));
        const SweepPlan plan = planSweep(base, {axis(QStringLiteral("consumers[0].strategy.threshold=3"))}, 300);
        PL_VERIFY_OK(plan.errors);
        const SweepResult result = runSweep(plan, 2);
        QCOMPARE(result.points.size(), 1);
        QVERIFY(result.points.constFirst().ran());

        Scenario edited = base;
        edited.consumers[0].strategy.parameters.insert(QStringLiteral("threshold"), 3);
        Simulation sim;
        PL_VERIFY_OK(sim.load(edited));
        sim.setRecordEvents(false);
        sim.setHashWorkload(true);
        AlarmWatch alarms(sim);  // a point's summary has the alarms of its whole run
        sim.runCycles(300);
        QCOMPARE(withoutWallTime(result.points.constFirst().summary), withoutWallTime(summaryToJson(sim, 0, &alarms)));
        QCOMPARE(result.points.constFirst().workloadHash, sim.workloadHash());
    }

    void sameResultsWithOneAndFourThreads()
    {
        PL_LOAD_PRESET(base, QStringLiteral("default.json"));
        const SweepPlan plan = planSweep(base, {axis(QStringLiteral("consumers[0].strategy.threshold=0..9:3")),
                                                axis(QStringLiteral("consumers[2].strategy.low=0,3"))}, 200);
        PL_VERIFY_OK(plan.errors);
        QCOMPARE(plan.points.size(), 8);
        const SweepResult one = runSweep(plan, 1);
        const SweepResult four = runSweep(plan, 4);
        QCOMPARE(one.points.size(), 8);
        QCOMPARE(four.points.size(), 8);
        QVERIFY(one.sameWorkload);
        QVERIFY(four.sameWorkload);
        for (qsizetype i = 0; i < one.points.size(); ++i) {
            QCOMPARE(one.points.at(i).values, four.points.at(i).values);
            QCOMPARE(withoutWallTime(one.points.at(i).summary), withoutWallTime(four.points.at(i).summary));
        }
        QCOMPARE(one.toCsv(), four.toCsv());
        // The points differ where they should: a low TTL bound of 3 loses data, 0 does not.
        QCOMPARE(SweepResult::figure(one.points.at(0).summary, QStringLiteral("discarded")), 0.0);
        QVERIFY(*SweepResult::figure(one.points.at(1).summary, QStringLiteral("discarded")) > 0);
    }

    void outputsNameEveryPathAndFigure()
    {
        PL_LOAD_PRESET(base, QStringLiteral("default.json"));
        const SweepPlan plan = planSweep(base, {axis(QStringLiteral("consumers[0].strategy.threshold=5,7"))}, 50);
        const SweepResult result = runSweep(plan, 2);
        const QJsonObject json = result.toJson();
        QCOMPARE(json[QLatin1String("sweep")].toArray(), QJsonArray{QStringLiteral("consumers[0].strategy.threshold")});
        const QJsonArray points = json[QLatin1String("points")].toArray();
        QCOMPARE(points.size(), 2);
        QCOMPARE(points.at(1)[QLatin1String("values")][QLatin1String("consumers[0].strategy.threshold")].toInt(), 7);
        QCOMPARE(points.at(1)[QLatin1String("summary")][QLatin1String("cycles")].toInt(), 50);
        const QList<QByteArray> lines = result.toCsv().trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines.at(0).startsWith("consumers[0].strategy.threshold,produced,processed,throughput,"));
        QVERIFY(lines.at(0).contains(",p95.priority9,"));
        QVERIFY(lines.at(2).startsWith("7,"));
        QCOMPARE(lines.at(1).count(','), lines.at(0).count(','));
        QVERIFY(result.toText().contains(QLatin1String("consumers[0].strategy.threshold")));
        // The text table names the class columns by their class, the others by their priority.
        const QString firstLine = result.toText().section(u'\n', 0, 0);
        QVERIFY2(firstLine.contains(QLatin1String("p95 high")) && firstLine.contains(QLatin1String("p95 prio 9"))
                         && !firstLine.contains(QRegularExpression(QStringLiteral("p95 prio +p95"))),
                 qPrintable(firstLine));
    }

    void csvCountsTheDiscardsByReason()
    {
        // Five messages with TTL 1..5 and one ttl consumer (high 10): a low bound of k discards
        // the k messages with TTL <= k as "ttl-expired" and processes the others.
        QList<ScriptedMessage> messages;
        for (int ttl = 1; ttl <= 5; ++ttl)
            messages << TestSupport::scripted(QStringLiteral("t%1").arg(ttl), 5, ttl);
        const Scenario base = TestSupport::scenario(
                {TestSupport::consumer(QStringLiteral("guard"), QStringLiteral("ttl"),
                                       {{QStringLiteral("low"), 0}, {QStringLiteral("high"), 10}})},
                messages);
        const SweepPlan plan = planSweep(base, {axis(QStringLiteral("consumers[0].strategy.low=0..3"))}, -1);
        PL_VERIFY_OK(plan.errors);
        const SweepResult result = runSweep(plan, 2);
        QCOMPARE(result.discardReasons(), QStringList{QStringLiteral("ttl-expired")});

        const QList<QByteArray> lines = result.toCsv().trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        const QList<QByteArray> header = lines.at(0).split(',');
        // The reason's column follows the discards, in a fixed place.
        const qsizetype reason = header.indexOf("discarded.ttl-expired");
        QVERIFY2(reason > 0, lines.at(0).constData());
        QCOMPARE(header.at(reason - 1), QByteArray("discarded"));
        const qsizetype processed = header.indexOf("processed");
        const qsizetype queued = header.indexOf("queued");
        for (int k = 0; k <= 3; ++k) {
            const QList<QByteArray> row = lines.at(k + 1).split(',');
            QCOMPARE(row.size(), header.size());
            QCOMPARE(row.at(0), QByteArray::number(k));
            QCOMPARE(row.at(reason), QByteArray::number(k));
            QCOMPARE(row.at(reason - 1), QByteArray::number(k));
            QCOMPARE(row.at(processed), QByteArray::number(5 - k));
            QCOMPARE(row.at(queued), QByteArray("0"));
        }
        // The JSON carries them in each point's summary, 0 included.
        const QJsonArray points = result.toJson()[QLatin1String("points")].toArray();
        QCOMPARE(points.at(0)[QLatin1String("summary")][QLatin1String("discardedByReason")].toObject(),
                 QJsonObject({{QStringLiteral("ttl-expired"), 0}}));
        QCOMPARE(points.at(3)[QLatin1String("summary")][QLatin1String("discardedByReason")].toObject(),
                 QJsonObject({{QStringLiteral("ttl-expired"), 3}}));
    }

    void latencyByPriorityClass()
    {
        // Priorities 9 and 8 (high) and 5 (mid), processed in order, one a cycle (one batch of 1).
        Scenario base = TestSupport::scenario({TestSupport::consumer(QStringLiteral("A"))},
                                              {TestSupport::scripted(QStringLiteral("a"), 9),
                                               TestSupport::scripted(QStringLiteral("b"), 8),
                                               TestSupport::scripted(QStringLiteral("c"), 5)});
        base.broker.batchSize = 1;
        base.broker.batchesPerCycle = 1;
        Simulation sim;
        PL_VERIFY_OK(sim.load(base));
        sim.runCycles(5);
        QCOMPARE(sim.metrics().latency(7, 9).count, 2);
        QCOMPARE(sim.metrics().latency(7, 9).max, 1);
        QCOMPARE(sim.metrics().latency(7, 9).p50, 0);
        const QJsonArray classes = summaryToJson(sim, 0)[QLatin1String("latencyByClass")].toArray();
        QCOMPARE(classes.size(), 2);  // no low-priority message processed
        QCOMPARE(classes.at(0)[QLatin1String("class")].toString(), QStringLiteral("high"));
        QCOMPARE(classes.at(1)[QLatin1String("max")].toInt(), 2);
        QCOMPARE(SweepResult::figure(summaryToJson(sim, 0), QStringLiteral("max.mid")), 2.0);
        QCOMPARE(SweepResult::figure(summaryToJson(sim, 0), QStringLiteral("p95.low")), std::nullopt);
    }

    void integerSettingsAreKnown()
    {
        PL_LOAD_PRESET(preset, QStringLiteral("default.json"));
        Scenario base = preset;
        base.consumers[0].failureRate = 0.25;
        bool sawThreshold = false, sawRate = false;
        for (const SweepableSetting &s : sweepableSettings(base)) {
            if (s.path.toString() == QLatin1String("consumers[0].strategy.threshold")) {
                QVERIFY(s.integer);
                sawThreshold = true;
            } else if (s.path.toString() == QLatin1String("consumers[0].failureRate")) {
                QVERIFY(!s.integer);
                sawRate = true;
            } else if (s.path.toString() == QLatin1String("broker.batchSize")) {
                QVERIFY(s.integer);
            }
        }
        QVERIFY(sawThreshold);
        QVERIFY(sawRate);
    }

    void cancelStopsEveryPoint()
    {
        PL_LOAD_PRESET(base, QStringLiteral("default.json"));
        const SweepPlan plan = planSweep(base, {axis(QStringLiteral("consumers[0].strategy.threshold=0..9"))}, 1000000);
        PL_VERIFY_OK(plan.errors);
        SweepRunner runner;
        QSignalSpy finished(&runner, &SweepRunner::finished);
        QVERIFY(runner.start(plan, 2));
        QVERIFY(runner.isRunning());
        runner.cancel();
        QVERIFY(finished.wait(10000));
        QVERIFY(!runner.isRunning());
        QCOMPARE(runner.activeThreads(), 0);
        QVERIFY(runner.result().cancelled);
        QVERIFY(runner.result().points.size() == 10);
        for (const SweepPointResult &p : runner.result().points)
            QVERIFY(!p.ran());  // a million cycles each: none can have ended
        // The runner can start again.
        const SweepPlan small = planSweep(base, {axis(QStringLiteral("consumers[0].strategy.threshold=4"))}, 10);
        QVERIFY(runner.start(small, 2));
        QVERIFY(finished.wait(10000));
        QVERIFY(!runner.result().cancelled);
        QVERIFY(runner.result().points.constFirst().ran());
    }

    void littlesLawHoldsOnALongDefaultRun()
    {
        PL_LOAD_PRESET(base, QStringLiteral("default.json"));
        Simulation sim;
        PL_VERIFY_OK(sim.load(base));
        sim.setRecordEvents(false);
        sim.runCycles(5000);
        const LittlesLaw law = littlesLaw(sim);
        qInfo("Little's law, default.json, 5000 cycles: L %.3f, lambda %.3f, W %.3f, lambda*W %.3f, error %.2f%%",
              law.meanInSystem, law.arrivalRate, law.meanTimeInSystem, law.lambdaW(), law.relativeError * 100);
        QVERIFY(law.meanInSystem > 1);
        QCOMPARE(law.arrivalRate, 6.0);  // web 5 + batch-jobs 1 a cycle
        QVERIFY2(law.holds(), qPrintable(QString::number(law.relativeError)));
        const QJsonObject json = summaryToJson(sim, 0)[QLatin1String("littlesLaw")].toObject();
        QVERIFY(json[QLatin1String("holds")].toBool());
        QCOMPARE(json[QLatin1String("ended")].toInteger() + json[QLatin1String("openAtEnd")].toInteger(),
                 sim.metrics().totals().produced);
    }

    void littlesLawIsExactWithTheOpenMessagesCounted()
    {
        // Over any horizon, the time every message spent in the system (ended ones up to their
        // end, queued ones up to now) is the sum of the queue depths: L·T = Σ sojourn.
        PL_LOAD_PRESET(base, QStringLiteral("lesson-ttl-moved.json"));
        Simulation sim;
        PL_VERIFY_OK(sim.load(base));
        sim.runCycles(137);
        qint64 open = 0;
        for (qsizetype i = 0; i < sim.broker().size(); ++i)
            open += sim.cycle() - sim.broker().at(i).producedCycle;
        QCOMPARE(sim.metrics().queueDepthSum(), sim.metrics().endedSojournSum() + open);
        QCOMPARE(sim.metrics().cyclesRecorded(), 137);
    }

    void littlesLawWithoutCycles()
    {
        Simulation sim;
        const LittlesLaw law = littlesLaw(sim);
        QCOMPARE(law.meanInSystem, 0.0);
        QCOMPARE(law.relativeError, 0.0);
        QVERIFY(law.holds());
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
