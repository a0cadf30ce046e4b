// The simulator checked against a real RabbitMQ broker (docs/design.md §11): in lockstep mode
// every delivery RabbitMQ makes must be the one the simulator makes. The broker is the private
// node of scripts/broker.sh, started by the CTest fixture `rabbitmq` (tests/CMakeLists.txt);
// these tests fail, never skip, when it is missing.
#include "core/amqp/amqpclient.h"
#include "core/amqp/lockstep.h"
#include "core/amqp/lockstepworker.h"
#include "core/engine/simulation.h"
#include "tests/amqp/amqptestsupport.h"
#include "tests/testsupport.h"
#include "core/analysis/alarms.h"
#include "ui/alarms/alarmpanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/rabbitmqconnection.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QToolButton>
#include <QtTest>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

struct LockstepRun
{
    Counts totals;
    LockstepBridge::Figures figures;
    QString error;
};

// Runs @p scenario for at most @p cycles cycles with every queue operation mirrored on RabbitMQ.
// With @p realMode, RabbitMQ's queues are declared for that mode instead of the scenario's.
LockstepRun runLockstep(const QString &url, const Scenario &scenario, qint64 cycles,
                        std::optional<BrokerConfig::Mode> realMode = std::nullopt)
{
    LockstepRun run;
    Simulation sim;
    const QStringList problems = sim.load(scenario);
    if (!problems.isEmpty()) {
        run.error = problems.join(QLatin1Char('\n'));
        return run;
    }
    BrokerConfig real = sim.broker().config();
    real.mode = realMode.value_or(real.mode);
    std::unique_ptr<LockstepBridge> bridge = LockstepBridge::open(url, real, &run.error);
    if (!bridge)
        return run;
    sim.setBatchSink([&](const QString &c, qint64 n) { bridge->onBatch(c, n); });
    sim.setEventSink([&](const Event &e) { bridge->onEvent(e); });
    for (qint64 i = 0; i < cycles && !sim.isFinished(); ++i) {
        sim.step();
        if (bridge->failed() || !bridge->afterCycle(sim.broker().size())) {
            run.error = bridge->error();
            return run;
        }
    }
    if (!bridge->finish())
        run.error = bridge->error();
    run.totals = sim.metrics().totals();
    run.figures = bridge->figures();
    return run;
}

// What every lockstep run must show: the same deliveries, depths and dead letters.
void verifyAgreement(const LockstepRun &run)
{
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    const LockstepBridge::Figures &f = run.figures;
    QVERIFY2(f.divergences == 0, qPrintable(QStringLiteral("%1 divergences; first: %2").arg(f.divergences).arg(f.firstDivergence)));
    QCOMPARE(f.depthMismatches, 0);
    QCOMPARE(f.published, run.totals.produced);
    QCOMPARE(f.gets, run.totals.dispatched);
    QCOMPARE(f.republished, run.totals.postponed + run.totals.failed);
    QCOMPARE(f.acked, run.totals.processed + run.totals.postponed + run.totals.failed);
    QCOMPARE(f.deadLettered, run.totals.discarded);
    QCOMPARE(f.deadLetterQueue, run.totals.discarded);
    QVERIFY(f.deadLettersMatch);
}

// A generated scenario: @p consumers consumers of mixed strategies, a generator of priorities in
// [pMin, pMax] for 20 cycles.
Scenario generated(BrokerConfig::Mode mode, int consumers, int batchSize, int pMin, int pMax, quint64 seed,
                   std::optional<int> maxPriority = std::nullopt)
{
    Scenario s;
    s.name = QStringLiteral("generated");
    s.seed = seed;
    s.broker.mode = mode;
    s.broker.batchSize = batchSize;
    s.broker.maxPriority = maxPriority;
    const QList<ConsumerConfig> kinds = {
        consumer(QStringLiteral("T"), QStringLiteral("priority"), {{QStringLiteral("threshold"), 5}}, true, 0.2),
        consumer(QStringLiteral("L"), QStringLiteral("ttl"), {{QStringLiteral("low"), 1}, {QStringLiteral("high"), 4}}),
        consumer(QStringLiteral("A"), QStringLiteral("accept-all")),
    };
    for (int i = 0; i < consumers; ++i)
        s.consumers << kinds.at(i % kinds.size());
    GeneratorConfig g = generatorConfig(3, pMin, pMax, 0, 6);
    g.untilCycle = 20;
    ProducerConfig p;
    p.name = QStringLiteral("P");
    p.generator = g;
    s.producers << p;
    return s;
}

// A TCP relay between a client and the broker, in a thread of its own, that plays "the broker
// went away": cut() (or the first @p cutAfter bytes from the client) aborts every connection and
// refuses new ones. The client sees what it sees when the node stops: its socket closed.
class CuttableRelay : public QObject
{
    Q_OBJECT

public:
    CuttableRelay(quint16 brokerPort, qint64 cutAfter) : m_brokerPort(brokerPort), m_cutAfter(cutAfter)
    {
        moveToThread(&m_thread);
        m_thread.start();
        QMetaObject::invokeMethod(this, &CuttableRelay::listen, Qt::BlockingQueuedConnection);
    }
    ~CuttableRelay() override
    {
        QMetaObject::invokeMethod(this, &CuttableRelay::cut, Qt::BlockingQueuedConnection);
        QMetaObject::invokeMethod(this, [this] { delete m_server; m_server = nullptr; moveToThread(m_thread.thread()); },
                                  Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    quint16 port() const { return m_port; }
    /// Cuts every connection now (from any thread).
    void cutNow() { QMetaObject::invokeMethod(this, &CuttableRelay::cut, Qt::BlockingQueuedConnection); }

private:
    void listen()
    {
        m_server = new QTcpServer;
        m_server->listen(QHostAddress::LocalHost);
        m_port = m_server->serverPort();
        connect(m_server, &QTcpServer::newConnection, this, &CuttableRelay::accept);
    }
    void accept()
    {
        while (QTcpSocket *client = m_server->nextPendingConnection()) {
            client->setParent(this);
            if (m_cut) {
                client->abort();
                continue;
            }
            auto *broker = new QTcpSocket(this);
            broker->connectToHost(QHostAddress::LocalHost, m_brokerPort);
            if (!broker->waitForConnected(5000)) {
                client->abort();
                continue;
            }
            m_sockets << client << broker;
            connect(client, &QTcpSocket::readyRead, this, [this, client, broker] {
                const QByteArray bytes = client->readAll();
                m_forwarded += bytes.size();
                broker->write(bytes);
                if (m_cutAfter > 0 && m_forwarded >= m_cutAfter)
                    cut();
            });
            connect(broker, &QTcpSocket::readyRead, this, [client, broker] { client->write(broker->readAll()); });
        }
    }
    void cut()
    {
        m_cut = true;
        for (QTcpSocket *socket : std::as_const(m_sockets))
            socket->abort();
        m_sockets.clear();
    }

    QThread m_thread;
    QTcpServer *m_server = nullptr;
    QList<QTcpSocket *> m_sockets;
    quint16 m_brokerPort;
    quint16 m_port = 0;
    qint64 m_cutAfter;
    qint64 m_forwarded = 0;
    bool m_cut = false;
};

// @p url with its port replaced by @p port.
QString throughPort(const QString &url, quint16 port)
{
    QUrl u(url);
    u.setPort(port);
    return u.toString();
}

} // namespace

class TestAmqpLockstep : public BrokerTestCase
{
    Q_OBJECT

private Q_SLOTS:
    void referenceCases_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("predicate") << QStringLiteral("reference-predicate.json");
        QTest::newRow("priority") << QStringLiteral("reference-priority.json");
        QTest::newRow("ttl") << QStringLiteral("reference-ttl.json");
        QTest::newRow("native priority") << QStringLiteral("compare-native.json");
        QTest::newRow("topics") << QStringLiteral("compare-topics.json");
        // Paced: messages wait in the queue across cycles, so the depth check has something to
        // count (it raced RabbitMQ's asynchronous publish before publisher confirms).
        QTest::newRow("default, paced") << QStringLiteral("default.json");
    }
    // The reference cases (and the native-priority and topics comparisons) deliver the same
    // messages in the same order through RabbitMQ as in the simulator.
    void referenceCases()
    {
        QFETCH(QString, file);
        PL_LOAD_PRESET(scenario, file);
        const LockstepRun run = runLockstep(m_url, scenario, 300);
        verifyAgreement(run);
        QVERIFY(run.totals.processed > 0);
    }

    void generatedScenarios_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("consumers");
        QTest::addColumn<int>("batchSize");
        QTest::addColumn<int>("pMin");
        QTest::addColumn<int>("pMax");
        QTest::addColumn<int>("maxPriority");   // 0 = none
        QTest::addColumn<int>("seed");
        const int fifo = int(BrokerConfig::Mode::Fifo), prio = int(BrokerConfig::Mode::Priority);
        QTest::newRow("fifo, 1 consumer, batch 1") << fifo << 1 << 1 << 0 << 9 << 0 << 1;
        QTest::newRow("fifo, 3 consumers, batch 3") << fifo << 3 << 3 << 0 << 9 << 0 << 2;
        QTest::newRow("fifo, 2 consumers, batch 5, wide priorities") << fifo << 2 << 5 << -50 << 500 << 0 << 3;
        QTest::newRow("priority, 1 consumer, batch 2") << prio << 1 << 2 << 0 << 9 << 0 << 4;
        QTest::newRow("priority, 3 consumers, batch 4") << prio << 3 << 4 << 0 << 9 << 0 << 5;
        QTest::newRow("priority, maxPriority 5, priorities 0..20") << prio << 2 << 3 << 0 << 20 << 5 << 6;
        QTest::newRow("priority, 2 consumers, batch 5, maxPriority 9") << prio << 2 << 5 << 0 << 30 << 9 << 7;
    }
    // Generated workloads in fifo and priority modes, several consumers and batch sizes,
    // priorities across and beyond 0..9 (with maxPriority, RabbitMQ's x-max-priority).
    void generatedScenarios()
    {
        QFETCH(int, mode);
        QFETCH(int, consumers);
        QFETCH(int, batchSize);
        QFETCH(int, pMin);
        QFETCH(int, pMax);
        QFETCH(int, maxPriority);
        QFETCH(int, seed);
        const Scenario s = generated(BrokerConfig::Mode(mode), consumers, batchSize, pMin, pMax, quint64(seed),
                                     maxPriority > 0 ? std::optional<int>(maxPriority) : std::nullopt);
        const LockstepRun run = runLockstep(m_url, s, 200);
        verifyAgreement(run);
        QVERIFY(run.totals.processed > 0);
    }

    // A TTL-range consumer that discards leaves exactly those messages in the run's dead-letter
    // queue (read back with basic.get by finish()).
    void discardedMessagesAreRealDeadLetters()
    {
        Scenario s = scenario({consumer(QStringLiteral("L"), QStringLiteral("ttl"),
                                        {{QStringLiteral("low"), 2}, {QStringLiteral("high"), 9}})},
                              {scripted(QStringLiteral("a"), 5, 1), scripted(QStringLiteral("b"), 5, 5),
                               scripted(QStringLiteral("c"), 5, 2), scripted(QStringLiteral("d"), 5, 0)});
        const LockstepRun run = runLockstep(m_url, s, 50);
        verifyAgreement(run);
        QCOMPARE(run.totals.discarded, 3);   // a (1), c (2) and d (0) are at or below low = 2
        QCOMPARE(run.figures.deadLetterQueue, 3);
    }

    // The check can fail: a native priority queue simulated against a plain RabbitMQ queue
    // hands out other messages, and the bridge says which first.
    void aPlainQueueIsNotAPriorityQueue()
    {
        const Scenario s = generated(BrokerConfig::Mode::Priority, 1, 2, 0, 9, 4);
        const LockstepRun run = runLockstep(m_url, s, 200, BrokerConfig::Mode::Fifo);
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QVERIFY(run.figures.divergences > 0);
        QVERIFY2(run.figures.firstDivergence.contains(QLatin1String("RabbitMQ handed out message")),
                 qPrintable(run.figures.firstDivergence));
    }

    // A broker nobody listens on: a clear error naming the URL and the fix.
    void refusedConnectionSaysWhatToDo()
    {
        QString error;
        const auto client = AmqpClient::connect(QStringLiteral("amqp://guest:secret@127.0.0.1:1/"), &error, 2000);
        QVERIFY(!client);
        QVERIFY2(error.contains(QLatin1String("127.0.0.1:1")), qPrintable(error));
        QVERIFY2(error.contains(QLatin1String("scripts/broker.sh start")), qPrintable(error));
        QVERIFY2(!error.contains(QLatin1String("secret")), qPrintable(error));
    }

    // A wrong password: the login is refused, the password is not shown.
    void refusedLoginHidesThePassword()
    {
        QUrl url(m_url);
        url.setPassword(QStringLiteral("wrong-password"));
        QString error;
        const auto client = AmqpClient::connect(url.toString(), &error);
        QVERIFY(!client);
        QVERIFY2(error.contains(QLatin1String("refused the login")), qPrintable(error));
        QVERIFY2(!error.contains(QLatin1String("wrong-password")), qPrintable(error));
    }

    // prioritylab-sim --amqp: the same lockstep from the command line; the summary gets a
    // "rabbitmq" object.
    void runnerInLockstep()
    {
        QProcess p;
        p.start(QStringLiteral(PRIORITYLAB_SIM_PATH),
                {QStringLiteral("--scenario"), presetPath(QStringLiteral("reference-priority.json")),
                 QStringLiteral("--amqp"), m_url, QStringLiteral("--summary"), QStringLiteral("-")});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QJsonObject summary = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        const QJsonObject rabbit = summary.value(QLatin1String("rabbitmq")).toObject();
        QCOMPARE(rabbit.value(QLatin1String("mode")).toString(), QStringLiteral("lockstep"));
        QCOMPARE(rabbit.value(QLatin1String("divergences")).toInteger(), 0);
        QCOMPARE(rabbit.value(QLatin1String("published")).toInteger(),
                 summary.value(QLatin1String("totals")).toObject().value(QLatin1String("produced")).toInteger());
        QVERIFY(rabbit.value(QLatin1String("published")).toInteger() > 0);
    }

    // A refused login from the command line: exit 2, the URL without its password, the fix.
    void runnerRefusesAWrongLogin()
    {
        QUrl url(m_url);
        url.setPassword(QStringLiteral("not-the-password"));
        QProcess p;
        p.start(QStringLiteral(PRIORITYLAB_SIM_PATH),
                {QStringLiteral("--scenario"), presetPath(QStringLiteral("reference-priority.json")),
                 QStringLiteral("--amqp"), url.toString()});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(QLatin1String("--amqp: ")) && err.contains(QLatin1String("refused the login")), qPrintable(err));
        QVERIFY2(!err.contains(QLatin1String("not-the-password")), qPrintable(err));
    }

    // The broker goes away in the middle of a run: the bridge fails with the reason, the
    // simulator's counts still add up and the bridge's never claim more than was handed out.
    void brokerLostMidRun()
    {
        CuttableRelay relay(quint16(QUrl(m_url).port(5672)), 0);
        Simulation sim;
        QCOMPARE(sim.load(generated(BrokerConfig::Mode::Priority, 3, 2, 0, 9, 7)), QStringList());
        QString error;
        std::unique_ptr<LockstepBridge> bridge = LockstepBridge::open(throughPort(m_url, relay.port()),
                                                                      sim.broker().config(), &error);
        QVERIFY2(bridge, qPrintable(error));
        sim.setBatchSink([&](const QString &c, qint64 n) { bridge->onBatch(c, n); });
        sim.setEventSink([&](const Event &e) { bridge->onEvent(e); });
        for (int i = 0; i < 3; ++i) {
            sim.step();
            QVERIFY2(!bridge->failed() && bridge->afterCycle(sim.broker().size()), qPrintable(bridge->error()));
        }
        relay.cutNow();
        sim.step();
        QVERIFY(bridge->failed() || !bridge->afterCycle(sim.broker().size()));
        QVERIFY(bridge->failed());
        QVERIFY2(bridge->error().contains(QLatin1String("the connection to RabbitMQ was lost")), qPrintable(bridge->error()));
        QVERIFY(sim.conservationHolds());
        const LockstepBridge::Figures &f = bridge->figures();
        QVERIFY(f.published <= sim.metrics().totals().produced);
        QVERIFY(f.acked + f.deadLettered <= f.gets);
        QVERIFY(!bridge->finish());  // nothing left to read back: fails at once, no hang
    }

    // The same from the command line: exit 1, the cycle it stopped after, the reason and the
    // counts so far; no summary is claimed complete.
    void runnerStopsWhenTheBrokerGoesAway()
    {
        CuttableRelay relay(quint16(QUrl(m_url).port(5672)), 40000);
        QProcess p;
        p.start(QStringLiteral(PRIORITYLAB_SIM_PATH),
                {QStringLiteral("--scenario"), presetPath(QStringLiteral("default.json")), QStringLiteral("--cycles"),
                 QStringLiteral("2000"), QStringLiteral("--amqp"), throughPort(m_url, relay.port()),
                 QStringLiteral("--summary"), QStringLiteral("-")});
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 1);
        const QRegularExpressionMatch m = QRegularExpression(
                QStringLiteral("--amqp: stopped after cycle (\\d+): the RabbitMQ bridge failed: .*the connection to RabbitMQ was lost.* "
                               "\\((\\d+) published, (\\d+) taken, (\\d+) acknowledged, (\\d+) dead-lettered so far\\)"))
                                                  .match(err);
        QVERIFY2(m.hasMatch(), qPrintable(err));
        QVERIFY(m.captured(1).toLongLong() >= 1);
        QVERIFY(m.captured(2).toLongLong() > 0);
        QVERIFY(m.captured(4).toLongLong() + m.captured(5).toLongLong() <= m.captured(3).toLongLong());
        QVERIFY(p.readAllStandardOutput().isEmpty());
    }

    // The app's mirror: the bridge on a thread of its own follows the simulation's cycles; the
    // simulation never waits for it; a load ends the mirrored run.
    void appMirrorFollowsTheSimulation()
    {
        Simulation sim;
        QCOMPARE(sim.load(generated(BrokerConfig::Mode::Priority, 3, 2, 0, 9, 11)), QStringList());
        LockstepWorker mirror(&sim);
        QSignalSpy changed(&mirror, &LockstepWorker::statusChanged);
        mirror.connectTo(m_url);
        QCOMPARE(mirror.status().state, LockstepWorker::State::Connecting);
        QTRY_COMPARE_WITH_TIMEOUT(mirror.status().state, LockstepWorker::State::Mirroring, 30000);
        QVERIFY(!mirror.status().url.contains(QLatin1String(":guest@")));  // password hidden
        for (int i = 0; i < 25 && !sim.isFinished(); ++i)
            sim.step();
        const qint64 ran = sim.cycle();
        QTRY_COMPARE_WITH_TIMEOUT(mirror.status().cyclesMirrored, ran, 30000);
        const LockstepWorker::Status st = mirror.status();
        QCOMPARE(st.state, LockstepWorker::State::Mirroring);
        QCOMPARE(st.cyclesBehind, 0);
        QCOMPARE(st.figures.divergences, 0);
        QCOMPARE(st.figures.depthMismatches, 0);
        QCOMPARE(st.figures.published, sim.metrics().totals().produced);
        QCOMPARE(st.figures.gets, sim.metrics().totals().dispatched);
        QVERIFY(changed.count() >= 3);

        sim.reset();
        QCOMPARE(mirror.status().state, LockstepWorker::State::Failed);
        QVERIFY2(mirror.status().error.contains(QLatin1String("connect again")), qPrintable(mirror.status().error));
        sim.step();  // no longer mirrored: nothing is handed over, nothing breaks
        QCOMPARE(mirror.status().cyclesMirrored, ran);

        mirror.connectTo(m_url);
        QTRY_COMPARE_WITH_TIMEOUT(mirror.status().state, LockstepWorker::State::Mirroring, 30000);
        mirror.disconnectFromBroker();
        QCOMPARE(mirror.status().state, LockstepWorker::State::Off);
    }

    void appMirrorSaysWhyItCannotConnect()
    {
        Simulation sim;
        QCOMPARE(sim.load(generated(BrokerConfig::Mode::Fifo, 1, 1, 0, 9, 3)), QStringList());
        LockstepWorker mirror(&sim);
        mirror.connectTo(QStringLiteral("amqp://guest:secret@127.0.0.1:1/"));
        QTRY_COMPARE_WITH_TIMEOUT(mirror.status().state, LockstepWorker::State::Failed, 30000);
        QVERIFY2(mirror.status().error.contains(QLatin1String("127.0.0.1:1")), qPrintable(mirror.status().error));
        QVERIFY(!mirror.status().error.contains(QLatin1String("secret")));
        sim.step();
        QCOMPARE(mirror.status().cyclesMirrored, 0);
    }

    // The app: File > Connect to RabbitMQ… mirrors the run; the status bar says so, and a lost
    // connection turns the indicator into "reconnect" with the reason in its tooltip.
    void appShowsTheMirrorInTheStatusBar()
    {
        MainWindow window;
        window.setShowDialogs(false);
        QVERIFY(window.openScenarioFile(presetPath(QStringLiteral("default.json"))).isEmpty());
        window.show();
        CuttableRelay relay(quint16(QUrl(m_url).port(5672)), 0);
        RabbitMqConnection *rabbit = window.rabbitMq();
        QVERIFY(rabbit->connectAction()->text().startsWith(QLatin1String("Connect to")));
        rabbit->connectTo(throughPort(m_url, relay.port()));
        QTRY_COMPARE_WITH_TIMEOUT(rabbit->worker()->status().state, LockstepWorker::State::Mirroring, 30000);
        QVERIFY(rabbit->connectAction()->text().startsWith(QLatin1String("Disconnect")));
        window.simulation()->runCycles(4);
        QTRY_COMPARE_WITH_TIMEOUT(rabbit->worker()->status().cyclesMirrored, 4, 30000);
        QCOMPARE(rabbit->indicatorText(), QStringLiteral("RabbitMQ ✓ 4 cycles"));
        auto *indicator = window.findChild<QToolButton *>(QStringLiteral("rabbitmqIndicator"));
        QVERIFY(indicator && indicator->isVisible());
        QVERIFY(indicator->toolTip().contains(QLatin1String("0 divergences")));

        relay.cutNow();
        window.simulation()->runCycles(1);
        QTRY_COMPARE_WITH_TIMEOUT(rabbit->worker()->status().state, LockstepWorker::State::Failed, 30000);
        QCOMPARE(rabbit->indicatorText(), QStringLiteral("RabbitMQ lost: reconnect"));
        QVERIFY2(indicator->toolTip().contains(QLatin1String("the connection to RabbitMQ was lost")),
                 qPrintable(indicator->toolTip()));
        window.simulation()->runCycles(2);  // the simulation goes on without the mirror
        QCOMPARE(window.simulation()->cycle(), 7);
        // The loss is an alarm too, saying how to reconnect; reconnecting clears it.
        const Alarm *alarm = window.alarmPanel()->monitor().find(Alarm::Kind::Connection);
        QVERIFY(alarm);
        QVERIFY2(alarm->text.contains(QLatin1String("the connection to RabbitMQ was lost"))
                         && alarm->text.contains(QLatin1String("reconnect")),
                 qPrintable(alarm->text));
        QVERIFY(window.alarmPanel()->isVisible());
        QVERIFY(window.alarmPanel()->lineText(0).contains(QLatin1String("RabbitMQ connection lost")));
        rabbit->connectTo(m_url);
        QTRY_COMPARE_WITH_TIMEOUT(rabbit->worker()->status().state, LockstepWorker::State::Mirroring, 30000);
        QVERIFY(!window.alarmPanel()->monitor().find(Alarm::Kind::Connection));
    }

    void malformedUrlIsRefused()
    {
        QString error;
        QVERIFY(!AmqpClient::connect(QStringLiteral("http://127.0.0.1/"), &error));
        QVERIFY2(error.contains(QLatin1String("amqp://user:password@host:port/")), qPrintable(error));
    }
};

QTEST_MAIN(TestAmqpLockstep)
#include "tst_amqp_lockstep.moc"
