// Free-running mode of the RabbitMQ bridge (docs/design.md §11): RabbitMQ pushes messages to
// the consumers (basic.consume, basic.qos prefetch) and decides who gets what; the strategies
// decide as in the simulator. What must hold whatever RabbitMQ decides: every published message
// is processed, dead-lettered, left in the queue or in flight, exactly once. The broker is the
// private node of scripts/broker.sh, started by the CTest fixture `rabbitmq`.
#include "core/amqp/freerunning.h"
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "tests/amqp/amqptestsupport.h"
#include "tests/testsupport.h"
#include "ui/compare/realcomparedialog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

// 2,000 messages (20 per cycle for 100 cycles, priorities 0..9, TTL 1..6) for three consumers:
// a priority threshold with failures, a TTL range that discards TTL <= 1, an accept-all.
Scenario twoThousand(BrokerConfig::Mode mode)
{
    Scenario s;
    s.name = QStringLiteral("free-running");
    s.seed = 7;
    s.broker.mode = mode;
    s.broker.batchSize = 3;
    s.consumers << consumer(QStringLiteral("T"), QStringLiteral("priority"), {{QStringLiteral("threshold"), 5}}, true, 0.1)
                << consumer(QStringLiteral("L"), QStringLiteral("ttl"), {{QStringLiteral("low"), 1}, {QStringLiteral("high"), 5}})
                << consumer(QStringLiteral("A"), QStringLiteral("accept-all"));
    s.producers << generatingProducer(QStringLiteral("P"), 20, 0, 9, 1, 6);
    s.producers[0].generator->untilCycle = 99;
    return s;
}

} // namespace

class TestAmqpFreeRunning : public BrokerTestCase
{
    Q_OBJECT

private Q_SLOTS:
    void conservation_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<qint64>("ticks");   // -1: until every message is processed or dead-lettered
        const int fifo = int(BrokerConfig::Mode::Fifo), prio = int(BrokerConfig::Mode::Priority);
        QTest::newRow("fifo, to the end") << fifo << qint64(-1);
        QTest::newRow("priority, to the end") << prio << qint64(-1);
        QTest::newRow("fifo, stopped mid-run") << fifo << qint64(30);
    }
    // published = processed + dead-lettered + left in queue + in flight, with the dead-letter
    // queue holding exactly the dead-lettered messages; every consumer got a share.
    void conservation()
    {
        QFETCH(int, mode);
        QFETCH(qint64, ticks);
        const Scenario scenario = twoThousand(BrokerConfig::Mode(mode));
        Simulation sim;
        QVERIFY(sim.load(scenario).isEmpty());
        QString error;
        std::unique_ptr<FreeRunningBridge> run = FreeRunningBridge::open(m_url, scenario, sim.broker().config(), &error, 5);
        QVERIFY2(run, qPrintable(error));
        while (ticks < 0 ? !run->isDone() && run->figures().ticks < 5000 : run->figures().ticks < ticks)
            QVERIFY2(run->tick(), qPrintable(run->error()));
        QVERIFY2(run->finish(), qPrintable(run->error()));
        const FreeRunningBridge::Figures &f = run->figures();
        QCOMPARE(f.published, ticks < 0 ? 2000 : 30 * 20);
        QVERIFY2(f.conserved, qPrintable(QStringLiteral("published %1, processed %2, dead-lettered %3, left %4, in flight %5")
                                                 .arg(f.published).arg(f.processed).arg(f.deadLettered)
                                                 .arg(f.leftInQueue).arg(f.inFlight)));
        QCOMPARE(f.published, f.processed + f.deadLettered + f.leftInQueue + f.inFlight);
        QCOMPARE(f.deadLetterQueue, f.deadLettered);
        QCOMPARE(f.depth.size(), f.ticks);
        if (ticks < 0) {
            QCOMPARE(f.leftInQueue, 0);
            QCOMPARE(f.inFlight, 0);
            QVERIFY(f.deadLettered > 0);   // TTL 1 is at the TTL consumer's low bound
        }
        QCOMPARE(f.consumers.size(), 3);
        qint64 processed = 0;
        for (const FreeRunningBridge::ConsumerFigures &c : f.consumers) {
            QVERIFY2(c.deliveries > 0, qPrintable(c.name));
            QCOMPARE(c.prefetch, 3);
            QCOMPARE(c.deliveries, c.processed + c.postponed + c.failed + c.discarded);
            processed += c.processed;
        }
        QCOMPARE(processed, f.processed);
        QVERIFY(f.republished >= f.consumers.at(0).postponed);
        QVERIFY(f.latencyP50 >= 0 && f.latencyP50 <= f.latencyP95 && f.latencyP95 <= f.latencyMax);
    }

    // The simulator's service capacity per cycle holds per tick: one consumer of capacity 1
    // (a batch of 2 a cycle) needs 50 ticks for 100 messages sent at once, however fast
    // RabbitMQ pushes them (prefetch 2, the rest waits unacknowledged). 50 is the least: the
    // ticks are wall-clock time (5 ms), and on a loaded machine a push can miss its tick, so
    // the run may take a tick or two more (51 was seen with two test suites at once); the last
    // pair then waits that much longer.
    void capacityHoldsPerTick()
    {
        Scenario s;
        s.broker.batchSize = 2;
        ConsumerConfig c = consumer(QStringLiteral("A"));
        c.capacity = 1;
        s.consumers << c;
        s.producers << generatingProducer(QStringLiteral("P"), 100, 5, 5);
        s.producers[0].generator->untilCycle = 0;
        Simulation sim;
        QVERIFY(sim.load(s).isEmpty());
        QString error;
        std::unique_ptr<FreeRunningBridge> run = FreeRunningBridge::open(m_url, s, sim.broker().config(), &error, 5);
        QVERIFY2(run, qPrintable(error));
        while (!run->isDone() && run->figures().ticks < 500)
            QVERIFY2(run->tick(), qPrintable(run->error()));
        QVERIFY2(run->finish(), qPrintable(run->error()));
        const FreeRunningBridge::Figures &f = run->figures();
        QCOMPARE(f.processed, 100);
        QVERIFY2(f.ticks >= 50 && f.ticks <= 60, qPrintable(QString::number(f.ticks)));
        QVERIFY(f.conserved);
        QCOMPARE(f.latencyMax, f.ticks - 1);   // the last pair waits to the last tick (49 in the simulator)
    }

    // The app: File > Compare Simulated vs RabbitMQ… runs off the GUI thread and fills the
    // table with both sides; a broker that cannot be reached is said in the window.
    void appComparesSimulatedWithReal()
    {
        RealCompareDialog dialog;
        dialog.setScenario(twoThousand(BrokerConfig::Mode::Fifo));
        dialog.setUrl(m_url);
        QSignalSpy finished(&dialog, &RealCompareDialog::runFinished);
        dialog.start();
        QVERIFY(dialog.isRunning());   // the run is on a pool thread: the event loop goes on
        QVERIFY(finished.wait(300000));
        QVERIFY2(dialog.statusText().startsWith(QLatin1String("Conservation holds")), qPrintable(dialog.statusText()));
        QTableWidget *table = dialog.table();
        QCOMPARE(table->verticalHeaderItem(1)->text(), QStringLiteral("Produced"));
        QCOMPARE(table->item(1, 0)->text(), QLocale().toString(2000));
        QCOMPARE(table->item(1, 1)->text(), QLocale().toString(2000));
        QCOMPARE(table->rowCount(), 9 + 3);   // the figures, then one row per consumer
        QVERIFY(table->verticalHeaderItem(9)->text().startsWith(QLatin1String("T: deliveries")));
        // For the README: PRIORITYLAB_SHOT_DIR=docs/screenshots writes the window as shown.
        if (const QString dir = qEnvironmentVariable("PRIORITYLAB_SHOT_DIR"); !dir.isEmpty()) {
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QVERIFY(dialog.grab().save(dir + QStringLiteral("/compare-rabbitmq.png")));
        }

        dialog.setUrl(QStringLiteral("amqp://guest:guest@127.0.0.1:1/"));
        dialog.start();
        QVERIFY(finished.wait(60000));
        QVERIFY2(dialog.statusText().contains(QLatin1String("could not connect")), qPrintable(dialog.statusText()));
    }

    // The runner: the summary holds the simulator's run, the real one and their comparison.
    void runnerComparesWithTheSimulator()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("free.json"));
        QVERIFY(saveScenarioFile(twoThousand(BrokerConfig::Mode::Priority), file).isEmpty());
        QProcess p;
        p.start(QStringLiteral(PRIORITYLAB_SIM_PATH),
                {QStringLiteral("--scenario"), file, QStringLiteral("--amqp"), m_url, QStringLiteral("--free-running"),
                 QStringLiteral("--tick-ms"), QStringLiteral("5"), QStringLiteral("--summary"), QStringLiteral("-")});
        QVERIFY(p.waitForFinished(300000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitCode() == 0, qPrintable(err));
        QVERIFY2(err.contains(QLatin1String("conservation holds")), qPrintable(err));
        const QJsonObject summary = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonObject rabbit = summary.value(QLatin1String("rabbitmq")).toObject();
        QCOMPARE(rabbit.value(QLatin1String("mode")).toString(), QStringLiteral("free-running"));
        QVERIFY(rabbit.value(QLatin1String("conserved")).toBool());
        const QJsonObject comparison = summary.value(QLatin1String("comparison")).toObject();
        const QJsonArray produced = comparison.value(QLatin1String("produced")).toArray();
        QCOMPARE(produced.at(0).toInteger(), 2000);   // the same workload on both sides
        QCOMPARE(produced.at(1).toInteger(), 2000);
        // The simulator runs as many cycles as there were ticks, or fewer when it ended sooner.
        const QJsonArray cycles = comparison.value(QLatin1String("cycles")).toArray();
        QCOMPARE(cycles.at(1).toInteger(), rabbit.value(QLatin1String("ticks")).toInteger());
        QVERIFY(cycles.at(0).toInteger() > 0 && cycles.at(0).toInteger() <= cycles.at(1).toInteger());
        // Both ran to the end: every message processed or dead-lettered, on each side.
        for (int side : {0, 1})
            QCOMPARE(comparison.value(QLatin1String("processed")).toArray().at(side).toInteger()
                             + comparison.value(QLatin1String("discarded")).toArray().at(side).toInteger(),
                     2000);
    }

    // Flags that do not go together say so and exit 2, before any connection.
    void runnerRefusesWhatDoesNotApply_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("says");
        QTest::newRow("no --amqp") << QStringList{QStringLiteral("--free-running")} << QStringLiteral("--free-running needs --amqp URL");
        QTest::newRow("--tick-ms alone") << QStringList{QStringLiteral("--amqp"), QStringLiteral("amqp://x/"), QStringLiteral("--tick-ms"), QStringLiteral("5")}
                                        << QStringLiteral("--tick-ms applies to --free-running only");
        QTest::newRow("bad --tick-ms") << QStringList{QStringLiteral("--amqp"), QStringLiteral("amqp://x/"), QStringLiteral("--free-running"),
                                                      QStringLiteral("--tick-ms"), QStringLiteral("0")}
                                       << QStringLiteral("--tick-ms \"0\": expected a whole number of milliseconds from 1 to 10000");
        QTest::newRow("--events") << QStringList{QStringLiteral("--amqp"), QStringLiteral("amqp://x/"), QStringLiteral("--free-running"),
                                                 QStringLiteral("--events"), QStringLiteral("-")}
                                  << QStringLiteral("--events does not apply to --free-running");
    }
    void runnerRefusesWhatDoesNotApply()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, says);
        QProcess p;
        p.start(QStringLiteral(PRIORITYLAB_SIM_PATH),
                QStringList{QStringLiteral("--scenario"), presetPath(QStringLiteral("reference-priority.json"))} + arguments);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(says), qPrintable(err));
    }
};

QTEST_MAIN(TestAmqpFreeRunning)
#include "tst_amqp_free_running.moc"
