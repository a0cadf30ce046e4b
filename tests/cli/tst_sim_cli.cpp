// prioritylab-sim as docs/design.md §7 describes it, run as a separate process: JSON Lines events,
// the summary, exit status 0 / 2 with messages naming file and JSON path, --help, --version.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

#include <sys/resource.h>

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

/// Address space a regression run may use, bytes: a run that grows without bound fails the test
/// (allocation failure) instead of eating the machine.
constexpr qint64 DefaultMemoryBudget = qint64(1536) << 20;

#if defined(__SANITIZE_ADDRESS__)
/// AddressSanitizer reserves terabytes of address space for its shadow memory, so an RLIMIT_AS
/// budget cannot apply to a sanitized runner; it also runs several times slower. The dev build
/// checks the budgets; the asan build checks the same runs for memory errors.
constexpr bool Sanitized = true;
#else
constexpr bool Sanitized = false;
#endif

/// Runs prioritylab-sim with @p arguments in the source directory (so relative preset paths work),
/// for at most @p timeoutMs milliseconds and @p memoryBytes of address space (RLIMIT_AS); a run
/// that takes longer is killed and returns exitCode -1.
Run sim(const QStringList &arguments, int timeoutMs = 20000, qint64 memoryBytes = DefaultMemoryBudget)
{
    QProcess process;
    process.setWorkingDirectory(QStringLiteral(PRIORITYLAB_SOURCE_DIR));
    if (!Sanitized) {
        process.setChildProcessModifier([memoryBytes] {
            const rlimit limit{rlim_t(memoryBytes), rlim_t(memoryBytes)};
            ::setrlimit(RLIMIT_AS, &limit);
        });
    }
    process.start(QStringLiteral(PRIORITYLAB_SIM_PATH), arguments);
    Run run;
    if (!process.waitForFinished(Sanitized ? timeoutMs * 5 : timeoutMs) || process.exitStatus() != QProcess::NormalExit) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

const QString ReferencePriority = QStringLiteral("resources/scenarios/reference-priority.json");

QList<QJsonObject> jsonLines(const QByteArray &bytes, QString *problem)
{
    QList<QJsonObject> lines;
    const QList<QByteArray> raw = bytes.split('\n');
    for (qsizetype i = 0; i < raw.size(); ++i) {
        if (raw.at(i).isEmpty()) {
            if (i != raw.size() - 1)
                *problem = QStringLiteral("empty line %1").arg(i + 1);
            continue;
        }
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(raw.at(i), &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            *problem = QStringLiteral("line %1 is not a JSON object: %2").arg(i + 1).arg(QString::fromUtf8(raw.at(i)));
            return lines;
        }
        lines << doc.object();
    }
    return lines;
}

/// The JSON items @p item(0) to @p item(count - 1), comma-separated (the inside of an array).
template<typename Item>
QByteArray jsonItems(int count, Item item)
{
    QStringList items;
    for (int i = 0; i < count; ++i)
        items << item(i);
    return items.join(QLatin1Char(',')).toUtf8();
}

/// Lines of @p err that start with "prioritylab-sim: warning".
qsizetype warningLines(const QByteArray &err)
{
    qsizetype n = 0;
    for (const QByteArray &line : err.split('\n'))
        n += line.startsWith("prioritylab-sim: warning") ? 1 : 0;
    return n;
}

/// A consumer that fails every message, so the one message loops for ever.
const QByteArray RequeueLoop = R"({"broker":{"maxIdleCycles":3,"maxDeliveriesPerCycle":1000},
    "consumers":[{"name":"A","failureRate":1}],"producers":[{"name":"P","messages":[{"data":"m1"}]}]})";

} // namespace

class TestSimCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void eventsToStdout();
    void summaryToStdout();
    void outputsToFiles();
    void cyclesAndSeed();
    void brokenScenario();
    void amqpRefusesTheBrokerLimits();
    void badArguments_data();
    void badArguments();
    void help();
    void version();

    // Runs that never end (docs/design.md §3: idle and no-progress stops).
    void requeueLoopStops();
    void endlessScenarioRefused_data();
    void endlessScenarioRefused();
    void pendingTimelineChangeKeepsTheRunGoing();
    // Output that is lost, misplaced or cut.
    void closedPipeIsReported();
    void failedWriteIsAnError_data();
    void failedWriteIsAnError();
    void outputNeverReplacesAnInput();
    void controlCharactersAreEscaped();
    void truncatedCsvIsSaid();
    // Figures that mislead.
    void summaryShowsWaitingMessagesAndAlarms();
    void summaryAlarmsSayRefusedPublishes();
    void summaryStarvationAsTheAppJudgesIt();
    // Small inputs with a huge cost: each runs within a time and memory budget.
    void manyPredicateConsumers();
    void longTimelineOnALargeSetup();
    void nativePriorityWithManyPriorities();
    void endlessInputFile();
    void deepAndWideUnknownValue();
    void eventsOfAHugeCycleAreStreamed();
    void productLimits_data();
    void productLimits();
    // Load and run agree; duplicate keys.
    void refusedAtLoad_data();
    void refusedAtLoad();

    // Sweeps.
    void sweepOfOneValueEqualsASingleRun();
    void sweepIsTheSameOnOneAndFourThreads();
    void sweepRefusedBeforeAnyPointRuns_data();
    void sweepRefusedBeforeAnyPointRuns();
    void sweepFilesRun();
    void littlesLawHoldsOnALongDefaultRun();

private:
    /// The path of @p name in the test's own temporary folder.
    QString filePath(const QString &name) const { return m_dir->filePath(name); }
    /// Writes @p json to filePath(@p name) and returns that path.
    QString writeFile(const QString &name, const QByteArray &json) const;

    std::optional<QTemporaryDir> m_dir;  ///< made anew, empty, for each test function by init()
};

void TestSimCli::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
}

QString TestSimCli::writeFile(const QString &name, const QByteArray &json) const
{
    const QString path = filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void TestSimCli::eventsToStdout()
{
    const Run run = sim({QStringLiteral("--scenario"), ReferencePriority, QStringLiteral("--events"), QStringLiteral("-")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.isEmpty(), run.err.constData());
    QVERIFY(run.out.endsWith('\n'));
    QString problem;
    const QList<QJsonObject> events = jsonLines(run.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // 9 produced + 24 deliveries + 24 outcomes (see tst_reference for the hand-worked trace).
    QCOMPARE(events.size(), 9 + 24 + 24);
    QCOMPARE(events.first().value(QStringLiteral("type")).toString(), QStringLiteral("produced"));

    const QSet<QString> allowed = {QStringLiteral("produced"), QStringLiteral("dispatched"), QStringLiteral("processed"),
                                   QStringLiteral("postponed"), QStringLiteral("discarded"), QStringLiteral("failed")};
    QStringList processed;
    qint64 lastCycle = 0;
    for (const QJsonObject &e : events) {
        const QString type = e.value(QStringLiteral("type")).toString();
        QVERIFY2(allowed.contains(type), qPrintable(type));
        QVERIFY(e.value(QStringLiteral("cycle")).isDouble());
        const qint64 cycle = e.value(QStringLiteral("cycle")).toInteger();
        QVERIFY(cycle >= lastCycle);  // in order
        lastCycle = cycle;
        const QJsonObject m = e.value(QStringLiteral("message")).toObject();
        for (const char *key : {"id", "data", "priority", "ttl", "predicateRuns", "deliveries"})
            QVERIFY2(m.contains(QLatin1String(key)), key);
        if (type != QLatin1String("produced"))
            QVERIFY(!e.value(QStringLiteral("consumer")).toString().isEmpty());
        if (type == QLatin1String("postponed"))
            QCOMPARE(e.value(QStringLiteral("requeued")).toObject().value(QStringLiteral("priority")).toInt(),
                     m.value(QStringLiteral("priority")).toInt() + 1);
        if (type == QLatin1String("processed"))
            processed << e.value(QStringLiteral("consumer")).toString() + QLatin1Char(':')
                            + m.value(QStringLiteral("data")).toString();
    }
    // The order docs/design.md implies (worked out in tst_reference).
    QCOMPARE(processed, (QStringList{QStringLiteral("B:data_5"), QStringLiteral("C:data_6"), QStringLiteral("C:data_7"),
                                     QStringLiteral("C:data_8"), QStringLiteral("B:data_4"), QStringLiteral("C:data_3"),
                                     QStringLiteral("A:data_2"), QStringLiteral("B:data_1"), QStringLiteral("C:data_0")}));
    // After the 9 produced events, the first batch goes to A.
    const QJsonObject first = events.at(9);
    QCOMPARE(first.value(QStringLiteral("type")).toString(), QStringLiteral("dispatched"));
    QCOMPARE(first.value(QStringLiteral("consumer")).toString(), QStringLiteral("A"));
    // The example line of docs/design.md §7 is this run's processing of data_5 (the runner adds the
    // strategy's explanation).
    const QJsonObject example = QJsonDocument::fromJson(
            R"({"cycle":0,"type":"processed","consumer":"B","message":{"id":6,"data":"data_5","priority":5,"ttl":5,"predicateRuns":0,"deliveries":1}})")
            .object();
    bool found = false;
    for (const QJsonObject &e : events) {
        if (e.value(QStringLiteral("type")) != QLatin1String("processed")
            || e.value(QStringLiteral("message")).toObject().value(QStringLiteral("data")) != QLatin1String("data_5"))
            continue;
        found = true;
        for (auto it = example.begin(); it != example.end(); ++it)
            QCOMPARE(e.value(it.key()), it.value());
    }
    QVERIFY(found);
}

void TestSimCli::summaryToStdout()
{
    const Run run = sim({QStringLiteral("--scenario"), ReferencePriority, QStringLiteral("--summary"), QStringLiteral("-")});
    QCOMPARE(run.exitCode, 0);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QVERIFY(doc.isObject());
    const QJsonObject s = doc.object();
    QCOMPARE(s.value(QStringLiteral("conservation")).toBool(), true);
    QCOMPARE(s.value(QStringLiteral("cycles")).toInteger(), 4);
    QCOMPARE(s.value(QStringLiteral("finished")).toBool(), true);
    QVERIFY(s.value(QStringLiteral("stopReason")).toString().contains(QStringLiteral("idle")));
    QVERIFY(s.contains(QStringLiteral("wallTimeMs")));
    const QJsonObject totals = s.value(QStringLiteral("totals")).toObject();
    QCOMPARE(totals.value(QStringLiteral("produced")).toInteger(), 9);
    QCOMPARE(totals.value(QStringLiteral("processed")).toInteger(), 9);
    QCOMPARE(totals.value(QStringLiteral("postponed")).toInteger(), 15);
    QCOMPARE(totals.value(QStringLiteral("discarded")).toInteger(), 0);
    QCOMPARE(totals.value(QStringLiteral("queued")).toInteger(), 0);
    const QJsonArray consumers = s.value(QStringLiteral("consumers")).toArray();
    QCOMPARE(consumers.size(), 3);
    QList<qint64> perConsumer;
    for (const QJsonValue &c : consumers)
        perConsumer << c.toObject().value(QStringLiteral("processed")).toInteger();
    QCOMPARE(perConsumer, (QList<qint64>{1, 3, 5}));
    // Latency per priority: all processed in cycle 0.
    const QJsonArray latency = s.value(QStringLiteral("latencyByPriority")).toArray();
    QCOMPARE(latency.size(), 9);
    for (const QJsonValue &l : latency)
        QCOMPARE(l.toObject().value(QStringLiteral("max")).toInteger(), 0);
}

void TestSimCli::outputsToFiles()
{
    const QString events = filePath(QStringLiteral("events.jsonl"));
    const QString summary = filePath(QStringLiteral("summary.json"));
    const Run run = sim({QStringLiteral("--scenario"), QStringLiteral("resources/scenarios/reference-ttl.json"),
                         QStringLiteral("--events"), events, QStringLiteral("--summary"), summary});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.isEmpty());
    QFile e(events);
    QVERIFY(e.open(QIODevice::ReadOnly));
    QString problem;
    QCOMPARE(jsonLines(e.readAll(), &problem).size(), 9 + 30 + 30);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QFile s(summary);
    QVERIFY(s.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(s.readAll()).object();
    QCOMPARE(doc.value(QStringLiteral("conservation")).toBool(), true);
    QCOMPARE(doc.value(QStringLiteral("totals")).toObject().value(QStringLiteral("postponed")).toInteger(), 21);

    // An unwritable output is bad input (2), with the path in the message.
    const Run bad = sim({QStringLiteral("--scenario"), ReferencePriority, QStringLiteral("--events"),
                         QStringLiteral("/nonexistent/dir/e.jsonl")});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.err.contains("/nonexistent/dir/e.jsonl"));
}

void TestSimCli::cyclesAndSeed()
{
    // default.json never stops by itself: --cycles N bounds it; without it the runner refuses.
    const QString preset = QStringLiteral("resources/scenarios/default.json");
    const Run endless = sim({QStringLiteral("--scenario"), preset});
    QCOMPARE(endless.exitCode, 2);
    QVERIFY2(endless.err.contains("--cycles"), endless.err.constData());

    const Run two = sim({QStringLiteral("--scenario"), preset, QStringLiteral("--cycles"), QStringLiteral("2"),
                         QStringLiteral("--events"), QStringLiteral("-")});
    QCOMPARE(two.exitCode, 0);
    QString problem;
    const QList<QJsonObject> events = jsonLines(two.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QSet<qint64> cycles;
    for (const QJsonObject &e : events)
        cycles.insert(e.value(QStringLiteral("cycle")).toInteger());
    QCOMPARE(cycles, (QSet<qint64>{0, 1}));

    const Run summary = sim({QStringLiteral("--scenario"), preset, QStringLiteral("--cycles"), QStringLiteral("0"),
                             QStringLiteral("--summary"), QStringLiteral("-")});
    QCOMPARE(summary.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(summary.out).object().value(QStringLiteral("cycles")).toInteger(), 0);

    // The same seed twice gives the same stream; --seed changes it.
    const QStringList base = {QStringLiteral("--scenario"), preset, QStringLiteral("--cycles"), QStringLiteral("20"),
                              QStringLiteral("--events"), QStringLiteral("-")};
    const Run a = sim(base);
    const Run b = sim(base);
    const Run c = sim(base + QStringList{QStringLiteral("--seed"), QStringLiteral("43")});
    const Run d = sim(base + QStringList{QStringLiteral("--seed"), QStringLiteral("42")});  // default.json's own seed
    QCOMPARE(a.exitCode, 0);
    QCOMPARE(c.exitCode, 0);
    QVERIFY(!a.out.isEmpty());
    QVERIFY(a.out == b.out);
    QVERIFY(a.out != c.out);
    QVERIFY(a.out == d.out);
}

void TestSimCli::brokenScenario()
{
    const QString path = filePath(QStringLiteral("broken.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"consumers": [{"name": "A"}, {"name": "B", "strategy": {"type": "priority", "threshold": "high"}}],
                   "broker": {"batchSize": 0}})");
    file.close();
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--events"), QStringLiteral("-")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());  // no events for a scenario that did not load
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(path + QStringLiteral(":1: consumers[1].strategy.threshold: expected an integer, got \"high\"")),
             qPrintable(err));
    QVERIFY2(err.contains(path + QStringLiteral(":2: broker.batchSize: 0 is out of range")), qPrintable(err));

    // Invalid JSON: file:line:column.
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("{\n  \"seed\": 1,\n  \"broker\": \n}");
    file.close();
    const Run syntax = sim({QStringLiteral("--scenario"), path});
    QCOMPARE(syntax.exitCode, 2);
    QVERIFY2(syntax.err.contains((path + QStringLiteral(":4:")).toUtf8()), syntax.err.constData());

    // A missing file.
    const Run missing = sim({QStringLiteral("--scenario"), filePath(QStringLiteral("none.json"))});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(missing.err.contains("none.json"));
}

void TestSimCli::badArguments_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");  // in stderr
    QTest::addRow("unknown flag") << QStringList{QStringLiteral("--scenario"), ReferencePriority, QStringLiteral("--bogus")}
                                  << QStringLiteral("bogus");
    QTest::addRow("two outputs on stdout") << QStringList{QStringLiteral("--scenario"), ReferencePriority,
                                                          QStringLiteral("--events"), QStringLiteral("-"),
                                                          QStringLiteral("--summary"), QStringLiteral("-")}
                                           << QStringLiteral("--summary -: another output already goes there");
    QTest::addRow("events with compare") << QStringList{QStringLiteral("--compare"), ReferencePriority, ReferencePriority,
                                                        QStringLiteral("--events"), QStringLiteral("-")}
                                         << QStringLiteral("--events does not apply to --compare");
    QTest::addRow("missing --scenario") << QStringList{QStringLiteral("--cycles"), QStringLiteral("3")}
                                        << QStringLiteral("--scenario");
    QTest::addRow("no arguments") << QStringList() << QStringLiteral("--scenario");
    QTest::addRow("--scenario without value") << QStringList{QStringLiteral("--scenario")} << QStringLiteral("scenario");
    QTest::addRow("--cycles -1") << QStringList{QStringLiteral("--scenario"), ReferencePriority, QStringLiteral("--cycles"),
                                                QStringLiteral("-1")}
                                 << QStringLiteral("--cycles");
    QTest::addRow("--cycles word") << QStringList{QStringLiteral("--scenario"), ReferencePriority, QStringLiteral("--cycles"),
                                                  QStringLiteral("many")}
                                   << QStringLiteral("--cycles");
    QTest::addRow("--seed negative") << QStringList{QStringLiteral("--scenario"), ReferencePriority, QStringLiteral("--seed"),
                                                    QStringLiteral("-5")}
                                     << QStringLiteral("--seed");
    QTest::addRow("positional argument") << QStringList{ReferencePriority} << QStringLiteral("--scenario");
    QTest::addRow("--compare --seed word") << QStringList{QStringLiteral("--compare"), ReferencePriority, ReferencePriority,
                                                          QStringLiteral("--seed"), QStringLiteral("abc")}
                                           << QStringLiteral("--seed \"abc\": expected a whole number from 0 to 9007199254740992");
    QTest::addRow("--seed above 2^53") << QStringList{QStringLiteral("--scenario"), ReferencePriority, QStringLiteral("--seed"),
                                                      QStringLiteral("9007199254740993")}
                                       << QStringLiteral("--seed \"9007199254740993\"");
    QTest::addRow("--compare --seed above 2^53") << QStringList{QStringLiteral("--compare"), ReferencePriority, ReferencePriority,
                                                                QStringLiteral("--seed"), QStringLiteral("18446744073709551615")}
                                                 << QStringLiteral("--seed");
}

void TestSimCli::badArguments()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const Run run = sim(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QVERIFY2(QString::fromUtf8(run.err).contains(expected), run.err.constData());
}

void TestSimCli::help()
{
    const Run run = sim({QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    for (const char *option : {"--scenario", "--cycles", "--seed", "--events", "--summary", "--version"})
        QVERIFY2(run.out.contains(option), option);
}

void TestSimCli::version()
{
    const Run run = sim({QStringLiteral("--version")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("prioritylab-sim"), run.out.constData());
    QVERIFY2(run.out.contains(PRIORITYLAB_VERSION), run.out.constData());
}

void TestSimCli::amqpRefusesTheBrokerLimits()
{
    // The broker's limits and message expiry are not mirrored on RabbitMQ: refused before any
    // connection is tried (the URL is never reached), exit 2 with the setting and the fix.
    const QString limited = writeFile(QStringLiteral("limited.json"), R"({"broker": {"maxLength": 5, "deliveryLimit": 2},
        "consumers": [{"name": "A"}], "producers": [{"name": "P", "messages": [{"data": "m"}]}]})");
    const Run limits = sim({QStringLiteral("--scenario"), limited, QStringLiteral("--amqp"),
                            QStringLiteral("amqp://127.0.0.1:1/")});
    QCOMPARE(limits.exitCode, 2);
    QVERIFY2(limits.err.contains("broker.maxLength, broker.deliveryLimit: the broker's limits are not mirrored on "
                                 "RabbitMQ in lockstep mode; remove them"), limits.err.constData());
    const QString expiring = writeFile(QStringLiteral("expiring.json"), R"({"consumers": [{"name": "A"}],
        "producers": [{"name": "P", "messages": [{"data": "m", "expiration": 3}]}]})");
    const Run expiry = sim({QStringLiteral("--scenario"), expiring, QStringLiteral("--amqp"),
                            QStringLiteral("amqp://127.0.0.1:1/")});
    QCOMPARE(expiry.exitCode, 2);
    QVERIFY2(expiry.err.contains("producers[0]: message expiration is not mirrored"), expiry.err.constData());
    // Held messages neither: lockstep acknowledges every batch within its cycle.
    const QString prefetching = writeFile(QStringLiteral("prefetching.json"), R"({"consumers": [{"name": "A"},
        {"name": "B", "prefetch": 5, "workPerCycle": 1}], "producers": [{"name": "P", "messages": [{"data": "m"}]}]})");
    const Run held = sim({QStringLiteral("--scenario"), prefetching, QStringLiteral("--amqp"),
                          QStringLiteral("amqp://127.0.0.1:1/")});
    QCOMPARE(held.exitCode, 2);
    QVERIFY2(held.err.contains("consumers[1].prefetch, consumers[1].workPerCycle: held messages (prefetch, "
                               "workPerCycle) are not mirrored on RabbitMQ in lockstep"), held.err.constData());
}

QTEST_GUILESS_MAIN(TestSimCli)
#include "tst_sim_cli.moc"

void TestSimCli::requeueLoopStops()
{
    const QString loop = writeFile(QStringLiteral("loop.json"), RequeueLoop);
    // It used to run for ever, one warning line per cycle.
    const Run run = sim({QStringLiteral("--scenario"), loop, QStringLiteral("--summary"), QStringLiteral("-")}, 10000);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(run.out).object();
    const QString reason = summary.value(QStringLiteral("stopReason")).toString();
    QVERIFY2(reason.startsWith(QStringLiteral("no progress: every delivery went back to the queue (requeue loop)")),
             qPrintable(reason));
    QVERIFY2(reason.endsWith(QStringLiteral(": A")), qPrintable(reason));  // the consumer responsible
    QVERIFY(summary.value(QStringLiteral("finished")).toBool());
    QVERIFY(summary.value(QStringLiteral("cycles")).toInteger() <= 5);
    // The summary's alarms are the app's banner after the last cycle (docs/design.md §7): A fails
    // everything, the requeue loop, the safety cap and the looping message.
    QStringList kinds;
    for (const QJsonValue &alarm : summary.value(QStringLiteral("alarms")).toArray())
        kinds << alarm[QLatin1String("kind")].toString();
    QCOMPARE(kinds, (QStringList{QStringLiteral("setting"), QStringLiteral("loop"), QStringLiteral("safety-cap"),
                                 QStringLiteral("loop")}));
    QVERIFY2(run.err.contains("prioritylab-sim: alarm: loop: 4000 of 4000 deliveries in the last 4 cycles failed"),
             run.err.constData());
    QVERIFY2(run.err.contains("prioritylab-sim: alarm: safety-cap: "), run.err.constData());
    // The safety-cap warning of every cycle is one line with a count.
    QCOMPARE(warningLines(run.err), 1);
    QVERIFY2(run.err.contains("prioritylab-sim: warning (x 4): cycles 0 to 3: Safety cap reached"), run.err.constData());

    // --compare of it with a healthy copy ends too, and shows no ratio for a run that finished nothing.
    QByteArray healthy = RequeueLoop;
    healthy.replace("\"failureRate\":1", "\"failureRate\":0");
    const QString ok = writeFile(QStringLiteral("ok.json"), healthy);
    const Run compare = sim({QStringLiteral("--compare"), loop, ok}, 10000);
    QCOMPARE(compare.exitCode, 0);
    const QString table = QString::fromUtf8(compare.out);
    static const QRegularExpression perMessage(QStringLiteral("deliveries per message +n/a +1\\.00"));
    QVERIFY2(table.contains(perMessage), qPrintable(table));
}

void TestSimCli::endlessScenarioRefused_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::addRow("maxIdleCycles 0")
            << QByteArray(R"({"broker":{"maxIdleCycles":0},"consumers":[{"name":"A"}],"producers":[{"name":"P","messages":[{"data":"m1"}]}]})")
            << QStringLiteral("broker.maxIdleCycles is 0");
    QTest::addRow("generator without untilCycle") << QByteArray(R"({"producers":[{"name":"P","generator":{}}]})")
                                                  << QStringLiteral("producers[0].generator has no untilCycle");
    QTest::addRow("a million a cycle, for ever")
            << QByteArray(R"({"producers":[{"name":"P","generator":{"perCycle":1000000}}]})")
            << QStringLiteral("producers[0].generator has no untilCycle");
    QTest::addRow("made endless by the timeline")
            << QByteArray(R"({"producers":[{"name":"P","generator":{"untilCycle":5}}],
                             "timeline":[{"atCycle":3,"set":{"broker.maxIdleCycles":0}}]})")
            << QStringLiteral("from cycle 3, broker.maxIdleCycles is 0");
    QTest::addRow("a timeline change due at 2^53")
            << QByteArray(R"({"consumers":[{"name":"A","online":false}],"producers":[{"name":"P","messages":[{"data":"m"}]}],
                             "timeline":[{"atCycle":9007199254740992,"set":{"consumers[0].online":true}}]})")
            << QStringLiteral("a timeline change is due at cycle 9007199254740992, beyond the 10000000 cycles");
    QTest::addRow("a message due at 2^53")
            << QByteArray(R"({"producers":[{"name":"P","messages":[{"data":"m","atCycle":9007199254740992}]}]})")
            << QStringLiteral("producers[0] sends until cycle 9007199254740992, beyond the 10000000 cycles");
}

void TestSimCli::endlessScenarioRefused()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QString path = writeFile(QStringLiteral("endless.json"), json);
    const Run run = sim({QStringLiteral("--scenario"), path}, 10000, qint64(512) << 20);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(path + QStringLiteral(": the run would never end: ") + expected), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("pass --cycles N")), qPrintable(err));
    // With --cycles it runs, bounded. A million messages a cycle take about 7 s in the Debug
    // build on a quiet 2-core machine: the budget leaves room for a loaded one.
    const Run bounded = sim({QStringLiteral("--scenario"), path, QStringLiteral("--cycles"), QStringLiteral("2"),
                             QStringLiteral("--summary"), QStringLiteral("-")}, 40000);
    QCOMPARE(bounded.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(bounded.out).object().value(QStringLiteral("cycles")).toInteger(), 2);

    // --compare refuses it the same way (it used to compare over 1,000 cycles), whichever side
    // it is on, and compares it with --cycles.
    for (const QStringList &files : {QStringList{path, ReferencePriority}, QStringList{ReferencePriority, path}}) {
        const Run compare = sim(QStringList{QStringLiteral("--compare")} + files, 10000, qint64(512) << 20);
        QCOMPARE(compare.exitCode, 2);
        QVERIFY(compare.out.isEmpty());
        const QString compareErr = QString::fromUtf8(compare.err);
        QVERIFY2(compareErr.contains(path + QStringLiteral(": the run would never end: ") + expected), qPrintable(compareErr));
        QVERIFY2(compareErr.contains(QStringLiteral("pass --cycles N")), qPrintable(compareErr));
        QVERIFY2(!compareErr.contains(ReferencePriority), qPrintable(compareErr));
    }
    const Run compared = sim({QStringLiteral("--compare"), path, ReferencePriority, QStringLiteral("--cycles"),
                              QStringLiteral("2"), QStringLiteral("--summary"), QStringLiteral("-")}, 20000);
    QCOMPARE(compared.exitCode, 0);
    const QJsonArray runs = QJsonDocument::fromJson(compared.out).object().value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 2);
}

void TestSimCli::pendingTimelineChangeKeepsTheRunGoing()
{
    // The only consumer comes online at cycle 10: the idle stop waits for it.
    const QString path = writeFile(QStringLiteral("later.json"), R"({"broker":{"maxIdleCycles":3},
        "consumers":[{"name":"A","online":false}],
        "producers":[{"name":"P","messages":[{"data":"m1"},{"data":"m2"}]}],
        "timeline":[{"atCycle":10,"set":{"consumers[0].online":true}}]})");
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--summary"), QStringLiteral("-")}, 10000);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(summary.value(QStringLiteral("totals")).toObject().value(QStringLiteral("processed")).toInteger(), 2);
    QCOMPARE(summary.value(QStringLiteral("cycles")).toInteger(), 14);  // processed in 10, idle 11..13
}

void TestSimCli::closedPipeIsReported()
{
    // prioritylab-sim ... --events - | head -c 100: the reader goes away early.
    QProcess process;
    QProcess head;
    process.setWorkingDirectory(QStringLiteral(PRIORITYLAB_SOURCE_DIR));
    process.setStandardOutputProcess(&head);
    head.setStandardOutputFile(QProcess::nullDevice());
    head.start(QStringLiteral("head"), {QStringLiteral("-c"), QStringLiteral("100")});
    process.start(QStringLiteral(PRIORITYLAB_SIM_PATH),
                  {QStringLiteral("--scenario"), QStringLiteral("resources/scenarios/default.json"),
                   QStringLiteral("--cycles"), QStringLiteral("300"), QStringLiteral("--events"), QStringLiteral("-")});
    QVERIFY(head.waitForFinished(10000));
    QVERIFY(process.waitForFinished(10000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);  // not killed by SIGPIPE
    QCOMPARE(process.exitCode(), 1);
    const QByteArray err = process.readAllStandardError();
    QVERIFY2(err.contains("--events - (standard output): writing failed"), err.constData());
    QVERIFY2(err.contains("stopped after cycle"), err.constData());
}

void TestSimCli::failedWriteIsAnError_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    if (!QFile::exists(QStringLiteral("/dev/full")))
        QSKIP("no /dev/full here");
    const QString full = QStringLiteral("/dev/full");
    const QStringList run = {QStringLiteral("--scenario"), ReferencePriority};
    QTest::addRow("summary") << run + QStringList{QStringLiteral("--summary"), full} << QStringLiteral("--summary /dev/full");
    QTest::addRow("events") << run + QStringList{QStringLiteral("--events"), full} << QStringLiteral("--events /dev/full");
    QTest::addRow("csv") << run + QStringList{QStringLiteral("--csv"), full} << QStringLiteral("--csv /dev/full");
    QTest::addRow("compare summary") << QStringList{QStringLiteral("--compare"), ReferencePriority, ReferencePriority,
                                                    QStringLiteral("--summary"), full}
                                     << QStringLiteral("--summary /dev/full");
}

void TestSimCli::failedWriteIsAnError()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const Run run = sim(arguments, 10000);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(QString::fromUtf8(run.err).contains(expected + QStringLiteral(": writing failed")), run.err.constData());
}

void TestSimCli::outputNeverReplacesAnInput()
{
    QFile reference(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/") + ReferencePriority);
    QVERIFY(reference.open(QIODevice::ReadOnly));
    const QByteArray original = reference.readAll();
    const QString scenario = writeFile(QStringLiteral("scenario.json"), original);
    const QString other = writeFile(QStringLiteral("other.json"), original);
    const QString link = filePath(QStringLiteral("link.json"));
    QVERIFY(QFile::link(scenario, link));
    const QString roundabout = m_dir->path() + QStringLiteral("/./sub/../scenario.json");
    QVERIFY(QDir(m_dir->path()).mkdir(QStringLiteral("sub")));

    for (const QString &target : {scenario, link, roundabout}) {
        for (const char *option : {"--summary", "--events", "--csv"}) {
            const Run run = sim({QStringLiteral("--scenario"), scenario, QLatin1String(option), target}, 10000);
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains("that is the scenario file"), run.err.constData());
        }
    }
    const Run compare = sim({QStringLiteral("--compare"), scenario, other, QStringLiteral("--summary"), link}, 10000);
    QCOMPARE(compare.exitCode, 2);
    QVERIFY2(compare.err.contains("that is the scenario file"), compare.err.constData());
    QFile check(scenario);
    QVERIFY(check.open(QIODevice::ReadOnly));
    QCOMPARE(check.readAll(), original);

    // Two outputs into one file, however it is spelled.
    const QString out = filePath(QStringLiteral("out.txt"));
    const Run twice = sim({QStringLiteral("--scenario"), scenario, QStringLiteral("--events"), out,
                           QStringLiteral("--csv"), m_dir->path() + QStringLiteral("/sub/../out.txt")}, 10000);
    QCOMPARE(twice.exitCode, 2);
    QVERIFY2(twice.err.contains("another output already goes there (--events)"), twice.err.constData());
}

void TestSimCli::controlCharactersAreEscaped()
{
    // A name with NUL cut the warning after "consumer A"; one with ESC sequences drove the terminal.
    const QString path = writeFile(QStringLiteral("names.json"), R"({
        "consumers": [{"name": "A\u0000B", "strategy": {"type": "ttl", "low": 3, "high": 4}},
                      {"name": "\u001b[2J\u001b[31mRED", "strategy": {"type": "ttl", "low": 3, "high": 3}}],
        "producers": [{"name": "P", "messages": [{"data": "x\u001b]0;title\u0007"}]}]})");
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--events"), QStringLiteral("-")}, 10000);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(!run.err.contains('\x1b') && !run.err.contains('\0') && !run.err.contains('\x07'), run.err.constData());
    QVERIFY2(run.err.contains("warning: consumer A\\u0000B: TTL range"), run.err.constData());
    QVERIFY2(run.err.contains("warning: consumer \\u001b[2J\\u001b[31mRED: TTL range"), run.err.constData());
    // JSON escapes them itself, and reads back the same.
    QVERIFY(!run.out.contains('\x1b') && !run.out.contains('\0'));
    QString problem;
    const QList<QJsonObject> events = jsonLines(run.out, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(events.constFirst().value(QStringLiteral("message")).toObject().value(QStringLiteral("data")).toString(),
             QStringLiteral("x\x1b]0;title\x07"));
    // The comparison table prints names too.
    const Run compare = sim({QStringLiteral("--compare"), path, path}, 10000);
    QVERIFY(!compare.out.contains('\x1b'));
}

void TestSimCli::summaryShowsWaitingMessagesAndAlarms()
{
    // The native priority queue serves one urgent message a cycle and leaves the two of priority 1
    // waiting for the whole run.
    const QString path = writeFile(QStringLiteral("starve.json"), R"({
        "broker": {"mode": "priority", "dispatch": {"batchesPerCycle": 1}, "batchSize": 1},
        "consumers": [{"name": "A"}],
        "producers": [{"name": "P", "messages": [{"data": "low-1", "priority": 1}, {"data": "low-2", "priority": 1}],
                       "generator": {"priority": [9, 9], "untilCycle": 59}}]})");
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--cycles"), QStringLiteral("60"),
                         QStringLiteral("--summary"), QStringLiteral("-")}, 10000);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(run.out).object();
    const QJsonArray waiting = summary.value(QStringLiteral("waitingByPriority")).toArray();
    QCOMPARE(waiting.size(), 1);
    QCOMPARE(waiting.at(0).toObject().value(QStringLiteral("priority")).toInt(), 1);
    QCOMPARE(waiting.at(0).toObject().value(QStringLiteral("waiting")).toInteger(), 2);
    QCOMPARE(waiting.at(0).toObject().value(QStringLiteral("oldestWait")).toInteger(), 59);
    QCOMPARE(summary.value(QStringLiteral("longestWait")).toInteger(), 59);
    // Both waiting messages were overtaken by urgent ones (accepted later, processed).
    QCOMPARE(summary.value(QStringLiteral("totals")).toObject().value(QStringLiteral("overtaken")).toInteger(), 2);
    QStringList kinds;
    for (const QJsonValue &alarm : summary.value(QStringLiteral("alarms")).toArray())
        kinds << alarm[QLatin1String("kind")].toString();
    QVERIFY2(kinds.contains(QStringLiteral("starvation")), qPrintable(kinds.join(u',')));
    QVERIFY2(run.err.contains("prioritylab-sim: alarm: starvation: Priority 1 starves: 2 messages queued, the oldest "
                              "for 59 cycles, and none of it processed for 59 cycles."),
             run.err.constData());
}

void TestSimCli::summaryStarvationAsTheAppJudgesIt()
{
    // A teacher's trial: lesson-mixed-thresholds with step 3's thresholds as a timeline change at
    // cycle 100. At cycle 160 the app's banner said "No alarms" and the runner 2 starvation
    // alarms ("priority 0: 25 messages still waiting, the oldest for 52 cycles"): it judged by
    // the oldest wait alone. Starvation (docs/design.md §5) also needs none of that priority
    // processed for 50 cycles, and every priority is processed here (aging lifts them to 8):
    // a backlog, not starvation. The summary's alarms are the banner's now (§7).
    QFile file(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/scenarios/lesson-mixed-thresholds.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QJsonObject lesson = QJsonDocument::fromJson(file.readAll()).object();
    lesson.remove(QStringLiteral("steps"));
    lesson.insert(QStringLiteral("timeline"),
                  QJsonArray{QJsonObject{{QStringLiteral("atCycle"), 100},
                                         {QStringLiteral("set"), QJsonObject{{QStringLiteral("consumers[1].strategy.threshold"), 8},
                                                                             {QStringLiteral("consumers[2].strategy.threshold"), 8}}}}});
    const QString path = writeFile(QStringLiteral("mixed.json"), QJsonDocument(lesson).toJson());
    for (const int cycles : {160, 184}) {
        const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--cycles"), QString::number(cycles),
                             QStringLiteral("--summary"), QStringLiteral("-")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject summary = QJsonDocument::fromJson(run.out).object();
        const QJsonObject totals = summary.value(QStringLiteral("totals")).toObject();
        if (cycles == 160) {  // the trial's run
            QCOMPARE(totals.value(QStringLiteral("processed")).toInteger(), 625);
            QCOMPARE(totals.value(QStringLiteral("postponed")).toInteger(), 1135);
            QCOMPARE(totals.value(QStringLiteral("queued")).toInteger(), 175);
        }
        // Priority 0 waits longer than the starvation threshold...
        const QJsonObject lowest = summary.value(QStringLiteral("waitingByPriority")).toArray().at(0).toObject();
        QCOMPARE(lowest.value(QStringLiteral("priority")).toInt(), 0);
        QVERIFY(lowest.value(QStringLiteral("oldestWait")).toInteger() >= 50);
        // ...but is processed all along: no alarm, in the summary or on stderr.
        QCOMPARE(summary.value(QStringLiteral("alarms")).toArray(), QJsonArray());
        QVERIFY2(!run.err.contains("alarm:"), run.err.constData());
    }
}

void TestSimCli::summaryAlarmsSayRefusedPublishes()
{
    // The app's "Queue full: publishes refused" alarm was missing from --summary's alarms, which
    // are judged from the totals, though the totals carry `rejected` (docs/design.md §7). A queue
    // of 2 with reject-publish and no consumer online: 5 messages, 3 refused, nothing discarded.
    const QString path = writeFile(QStringLiteral("refuse.json"), R"({
        "broker": {"maxLength": 2, "overflow": "reject-publish", "maxIdleCycles": 0},
        "consumers": [{"name": "A", "online": false}],
        "producers": [{"name": "P", "messages": [{"data": "a"}, {"data": "b"}, {"data": "c"}, {"data": "d"}, {"data": "e"}]}]})");
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--cycles"), QStringLiteral("3"),
                         QStringLiteral("--summary"), QStringLiteral("-")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(run.out).object();
    const QJsonObject totals = summary.value(QStringLiteral("totals")).toObject();
    QCOMPARE(totals.value(QStringLiteral("rejected")).toInteger(), 3);
    QCOMPARE(totals.value(QStringLiteral("discarded")).toInteger(), 0);
    QStringList refused;
    for (const QJsonValue &alarm : summary.value(QStringLiteral("alarms")).toArray()) {
        const QString text = alarm[QLatin1String("text")].toString();
        QCOMPARE(alarm.toObject().keys(), (QStringList{QStringLiteral("kind"), QStringLiteral("text")}));
        if (text.contains(QLatin1String("refused"))) {
            QCOMPARE(alarm[QLatin1String("kind")].toString(), QStringLiteral("data-loss"));
            refused << text;
        }
    }
    QCOMPARE(refused.size(), 1);
    QVERIFY2(refused.constFirst().startsWith(QStringLiteral("3 new message(s) refused since cycle 0 (3 in cycle 0): the "
                                                            "queue is full at broker.maxLength 2 and overflow "
                                                            "reject-publish refuses what comes next")),
             qPrintable(refused.constFirst()));
    QVERIFY2(run.err.contains("prioritylab-sim: alarm: data-loss: 3 new message(s) refused"), run.err.constData());
    // Without refusals, no such alarm (the default scenario's summary has none).
    const Run plain = sim({QStringLiteral("--scenario"), QStringLiteral("resources/scenarios/default.json"),
                           QStringLiteral("--cycles"), QStringLiteral("50"), QStringLiteral("--summary"), QStringLiteral("-")});
    QCOMPARE(plain.exitCode, 0);
    QVERIFY2(!plain.out.contains("refused"), plain.out.constData());
}

void TestSimCli::manyPredicateConsumers()
{
    // One QJSEngine per predicate consumer crashed after 2.6 GB at 7,600 consumers.
    const QByteArray consumers = jsonItems(7600, [](int i) {
        return QStringLiteral(R"({"name":"C%1","strategy":{"type":"predicate","predicate":"priority >= %2"}})")
                .arg(i).arg(i % 10);
    });
    const QString path = writeFile(QStringLiteral("many.json"),
                                   R"({"consumers":[)" + consumers + R"(],"producers":[{"name":"P","messages":[{"data":"m","priority":9}]}]})");
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--summary"), QStringLiteral("-")}, 30000,
                        qint64(1024) << 20);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(run.out).object().value(QStringLiteral("totals")).toObject()
                     .value(QStringLiteral("processed")).toInteger(), 1);
}

void TestSimCli::longTimelineOnALargeSetup()
{
    // 300 predicate consumers and 300 timeline entries never finished loading: each entry
    // re-validated the whole setup.
    const QByteArray consumers = jsonItems(300, [](int i) {
        return QStringLiteral(R"({"name":"C%1","strategy":{"type":"predicate","predicate":"priority >= 5"}})").arg(i);
    });
    QByteArray timeline = jsonItems(300, [](int i) {
        return QStringLiteral(R"({"atCycle":%1,"set":{"consumers[%1].strategy.predicate":"priority >= 1","consumers[%1].online":true}})")
                .arg(i);
    });
    const QString path = writeFile(QStringLiteral("timeline.json"),
                                   R"({"consumers":[)" + consumers + R"(],"producers":[{"name":"P","messages":[{"data":"m","atCycle":299}]}],"timeline":[)"
                                           + timeline + "]}");
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--summary"), QStringLiteral("-")}, 20000);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(summary.value(QStringLiteral("cycles")).toInteger(), 303);  // the last change at 299, idle 300..302
    // A bad entry among them is still found, by its place.
    timeline.replace(R"("consumers[150].strategy.predicate":"priority >= 1")", R"("consumers[150].strategy.predicate":"prio >= 1")");
    writeFile(QStringLiteral("timeline.json"),
              R"({"consumers":[)" + consumers + R"(],"producers":[{"name":"P","messages":[{"data":"m"}]}],"timeline":[)" + timeline + "]}");
    const Run bad = sim({QStringLiteral("--scenario"), path}, 20000);
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(": timeline[150].set: consumers[150].strategy.predicate: column 1: unknown name \"prio\""),
             bad.err.constData());
}

void TestSimCli::nativePriorityWithManyPriorities()
{
    // 20,000 messages with priorities spread over the whole int range took 42.6 s in priority
    // mode (a linear scan and insert per message); fifo took 54 ms.
    quint32 x = 12345;
    const QByteArray messages = jsonItems(20000, [&x](int i) {
        x = x * 1664525u + 1013904223u;  // spread, repeatable
        return QStringLiteral(R"({"data":"m","priority":%1,"atCycle":%2})").arg(qint32(x)).arg(i % 3);
    });
    const QString path = writeFile(QStringLiteral("spread.json"),
                                   R"({"broker":{"mode":"priority"},"consumers":[{"name":"A","strategy":{"type":"priority","threshold":0}},{"name":"B"}],
                                      "producers":[{"name":"P","messages":[)" + messages + "]}]}");
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--summary"), QStringLiteral("-")}, 15000);
    QCOMPARE(run.exitCode, 0);
    const QJsonObject totals = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("totals")).toObject();
    QCOMPARE(totals.value(QStringLiteral("processed")).toInteger(), 20000);
}

void TestSimCli::endlessInputFile()
{
    // The size check used the file size, 0 for a device: /dev/zero was read for ever.
    if (!QFile::exists(QStringLiteral("/dev/zero")))
        QSKIP("no /dev/zero here");
    const Run run = sim({QStringLiteral("--scenario"), QStringLiteral("/dev/zero")}, 10000, qint64(512) << 20);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("/dev/zero: file is above the limit of 16777216 bytes"), run.err.constData());
}

void TestSimCli::deepAndWideUnknownValue()
{
    // The line scan built the full path of every value: 90 KB of nested and wide values under an
    // unknown key took 1.7 GB and 19 s to say "unknown key".
    QByteArray deep;
    for (int i = 0; i < 1000; ++i)
        deep += R"({"kkkkkkkkkk":)";
    QByteArray wide = "[0";
    for (int i = 1; i < 30000; ++i)
        wide += ",0";
    wide += ']';
    const QByteArray json = "{\n\"seed\": 1,\n\"bogus\": " + deep + wide + QByteArray(1000, '}') + "\n}";
    const QString path = writeFile(QStringLiteral("deep.json"), json);
    const Run run = sim({QStringLiteral("--scenario"), path}, 10000, qint64(512) << 20);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains((path + QStringLiteral(":3: bogus: unknown key")).toUtf8()), run.err.constData());
}

void TestSimCli::eventsOfAHugeCycleAreStreamed()
{
    // Aging step 0 in drain mode: the one message of priority 0 is postponed up to the delivery
    // cap, two events per delivery, all in one cycle. --events writes each event as it happens:
    // 200,000 events (about 100 MB when a cycle's events were kept until its end) run in 128 MB
    // of address space.
    const QString loop = writeFile(QStringLiteral("aging0.json"), R"({"broker":{"maxDeliveriesPerCycle":100000},
        "consumers":[{"name":"A","strategy":{"type":"priority","threshold":10,"agingStep":0}}],
        "producers":[{"name":"P","messages":[{"data":"m1","priority":0}]}]})");
    const QString events = filePath(QStringLiteral("events.jsonl"));
    const Run run = sim({QStringLiteral("--scenario"), loop, QStringLiteral("--cycles"), QStringLiteral("1"),
                         QStringLiteral("--events"), events},
                        120000, qint64(128) << 20);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QFile file(events);
    QVERIFY(file.open(QIODevice::ReadOnly));
    qint64 lines = 0;
    QByteArray last;
    while (!file.atEnd()) {
        last = file.readLine();
        ++lines;
    }
    QCOMPARE(lines, 1 + 2 * 100000);
    QVERIFY2(last.contains("\"cycle\":0,") && last.contains("\"type\":\"postponed\""), last.constData());
}

void TestSimCli::productLimits_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    const QByteArray longData(10001, 'x');
    QTest::addRow("data too long") << QByteArray(R"({"producers":[{"name":"P","messages":[{"data":")" + longData + "\"}]}]}")
                                   << QStringLiteral("producers[0].messages[0].data: 10001 characters, above the limit of 10000");
    QTest::addRow("perCycle times data") << QByteArray(R"({"producers":[{"name":"P","generator":{"perCycle":1000000,"untilCycle":1,"data":")"
                                                       + QByteArray(100, 'x') + "\"}}]}")
                                         << QStringLiteral("producers[0].generator.perCycle: 1000000 messages a cycle of up to 100 characters");
    QTest::addRow("predicate times data")
            << QByteArray(R"({"consumers":[{"name":"A","strategy":{"type":"predicate","predicate":"data+data+data+data+data+data+data+data+data == data"}}]})")
            << QStringLiteral("consumers[0].strategy.predicate: column 41: \"data\" is used more than 8 times");
    QTest::addRow("safety cap above its maximum") << QByteArray(R"({"broker":{"maxDeliveriesPerCycle":9007199254740992}})")
                                                  << QStringLiteral("broker.maxDeliveriesPerCycle: 9007199254740992 is out of range: use an integer from 1 to 1000000");
    QTest::addRow("duplicate top-level key") << QByteArray("{\"seed\": 1,\n\"seed\": 2}")
                                             << QStringLiteral(":2: seed: key given twice in one object");
    QTest::addRow("two consumers lists")
            << QByteArray(R"({"consumers":[{"name":"A"}],"consumers":[{"name":"B"}]})")
            << QStringLiteral(":1: consumers: key given twice in one object");
    QTest::addRow("duplicate nested key") << QByteArray(R"({"broker":{"mode":"fifo","mode":"priority"}})")
                                          << QStringLiteral("broker.mode: key given twice");
    QTest::addRow("duplicate key spelled with an escape") << QByteArray(R"({"seed":1,"se\u0065d":2})")
                                                          << QStringLiteral("seed: key given twice");
}

void TestSimCli::productLimits()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const QString path = writeFile(QStringLiteral("limits.json"), json);
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--cycles"), QStringLiteral("1")}, 10000);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(expected), run.err.constData());
}

void TestSimCli::refusedAtLoad_data()
{
    QTest::addColumn<QByteArray>("set");
    QTest::addColumn<QString>("expected");
    QTest::addRow("all consumers") << QByteArray(R"({"consumers":[{"name":"B"}]})")
                                   << QStringLiteral("timeline[0].set: consumers: cannot replace them all while it runs");
    QTest::addRow("all producers") << QByteArray(R"({"producers":[]})")
                                   << QStringLiteral("timeline[0].set: producers: cannot replace them all while it runs");
    QTest::addRow("the timeline") << QByteArray(R"({"timeline":[{"atCycle":5,"set":{"consumers[0].online":false}}]})")
                                  << QStringLiteral("timeline[0].set: timeline: the timeline is not a setting");
    QTest::addRow("the seed") << QByteArray(R"({"seed":7})") << QStringLiteral("timeline[0].set: seed: the random streams are seeded at cycle 0");
    QTest::addRow("a taken name") << QByteArray(R"({"consumers[1].name":"A"})")
                                  << QStringLiteral("timeline[0].set: consumers[1].name: \"A\" is used by another consumer");
    QTest::addRow("no such consumer") << QByteArray(R"({"consumers[7].online":false})")
                                      << QStringLiteral("timeline[0].set: consumers[7].online: there is no consumers[7] (the scenario has 2)");
}

void TestSimCli::refusedAtLoad()
{
    // These loaded, then were refused at their cycle with a warning and exit 0, or ignored.
    QFETCH(QByteArray, set);
    QFETCH(QString, expected);
    const QString path = writeFile(QStringLiteral("timeline.json"),
                                   R"({"consumers":[{"name":"A"},{"name":"B"}],"producers":[{"name":"P","messages":[{"data":"m"}]}],
                                      "timeline":[{"atCycle":2,"set":)" + set + "}]}");
    const Run run = sim({QStringLiteral("--scenario"), path}, 10000);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(expected), run.err.constData());
}

void TestSimCli::truncatedCsvIsSaid()
{
    // The per-cycle history keeps the latest 100,000 cycles: a longer run says that the CSV
    // lacks the first ones instead of dropping them silently.
    const QString path = writeFile(QStringLiteral("idle.json"), R"({"broker":{"maxIdleCycles":0}})");
    const Run run = sim({QStringLiteral("--scenario"), path, QStringLiteral("--cycles"), QStringLiteral("100002"),
                         QStringLiteral("--csv"), QStringLiteral("-")}, 20000);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out.count('\n'), 100001);  // header and 100,000 cycles
    QVERIFY2(run.err.contains("warning: --csv - holds the latest 100000 of 100002 cycles"), run.err.constData());
}

namespace {

/// @p summary without its wall time, which differs between any two runs.
QJsonObject withoutWallTime(QJsonObject summary)
{
    summary.remove(QStringLiteral("wallTimeMs"));
    return summary;
}

const QString DefaultPreset = QStringLiteral("resources/scenarios/default.json");

} // namespace

void TestSimCli::sweepOfOneValueEqualsASingleRun()
{
    const Run swept = sim({QStringLiteral("--scenario"), DefaultPreset, QStringLiteral("--sweep"),
                           QStringLiteral("consumers[0].strategy.threshold=3"), QStringLiteral("--cycles"),
                           QStringLiteral("300"), QStringLiteral("--summary"), QStringLiteral("-")});
    QCOMPARE(swept.exitCode, 0);
    const QJsonObject sweep = QJsonDocument::fromJson(swept.out).object();
    QCOMPARE(sweep[QLatin1String("sweep")].toArray(), QJsonArray{QStringLiteral("consumers[0].strategy.threshold")});
    QVERIFY(sweep[QLatin1String("sameWorkload")].toBool());
    const QJsonArray points = sweep[QLatin1String("points")].toArray();
    QCOMPARE(points.size(), 1);
    QCOMPARE(points.at(0)[QLatin1String("values")][QLatin1String("consumers[0].strategy.threshold")].toInt(), 3);

    // The same scenario with the threshold written into the file, run once.
    QFile preset(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/") + DefaultPreset);
    QVERIFY(preset.open(QIODevice::ReadOnly));
    QJsonObject json = QJsonDocument::fromJson(preset.readAll()).object();
    QJsonArray consumers = json[QLatin1String("consumers")].toArray();
    QJsonObject fastLane = consumers.at(0).toObject();
    QJsonObject strategy = fastLane[QLatin1String("strategy")].toObject();
    strategy[QLatin1String("threshold")] = 3;
    fastLane[QLatin1String("strategy")] = strategy;
    consumers[0] = fastLane;
    json[QLatin1String("consumers")] = consumers;
    const QString edited = writeFile(QStringLiteral("threshold3.json"), QJsonDocument(json).toJson());
    const Run single = sim({QStringLiteral("--scenario"), edited, QStringLiteral("--cycles"), QStringLiteral("300"),
                            QStringLiteral("--summary"), QStringLiteral("-")});
    QCOMPARE(single.exitCode, 0);
    QCOMPARE(withoutWallTime(points.at(0)[QLatin1String("summary")].toObject()),
             withoutWallTime(QJsonDocument::fromJson(single.out).object()));
}

void TestSimCli::sweepIsTheSameOnOneAndFourThreads()
{
    QByteArray csv[2];
    QByteArray table[2];
    const QStringList threads{QStringLiteral("1"), QStringLiteral("4")};
    for (int i = 0; i < 2; ++i) {
        const QString file = filePath(QStringLiteral("sweep%1.csv").arg(i));
        const Run run = sim({QStringLiteral("--scenario"), DefaultPreset, QStringLiteral("--sweep"),
                             QStringLiteral("consumers[0].strategy.threshold=0..9:3"), QStringLiteral("--sweep"),
                             QStringLiteral("consumers[2].strategy.low=0,2"), QStringLiteral("--cycles"),
                             QStringLiteral("200"), QStringLiteral("--threads"), threads.at(i),
                             QStringLiteral("--csv"), file});
        QCOMPARE(run.exitCode, 0);
        // Not a terminal: no progress line.
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        table[i] = run.out;
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        csv[i] = f.readAll();
    }
    QCOMPARE(csv[0], csv[1]);
    QCOMPARE(table[0], table[1]);
    const QList<QByteArray> lines = csv[0].trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 4 * 2);  // header, a row per point of the 4 × 2 grid
    QVERIFY(lines.at(0).startsWith("consumers[0].strategy.threshold,consumers[2].strategy.low,produced,"));
    QVERIFY(lines.at(2).startsWith("0,2,"));
    QCOMPARE(table[0].count('\n'), 1 + 8);
}

void TestSimCli::sweepRefusedBeforeAnyPointRuns_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    const QStringList base{QStringLiteral("--scenario"), DefaultPreset, QStringLiteral("--cycles"), QStringLiteral("100")};
    QTest::addRow("unknown key") << (base + QStringList{QStringLiteral("--sweep"), QStringLiteral("consumers[0].strategy.low=0..3")})
                                 << QStringLiteral("--sweep consumers[0].strategy.low: unknown key");
    QTest::addRow("no such consumer") << (base + QStringList{QStringLiteral("--sweep"), QStringLiteral("consumers[7].failureRate=0,1")})
                                      << QStringLiteral("consumers[7]");
    QTest::addRow("value out of range") << (base + QStringList{QStringLiteral("--sweep"), QStringLiteral("consumers[1].failureRate=0..2")})
                                        << QStringLiteral("consumers[1].failureRate");
    QTest::addRow("bad values") << (base + QStringList{QStringLiteral("--sweep"), QStringLiteral("broker.batchSize=1..x")})
                                << QStringLiteral("--sweep broker.batchSize=1..x: \"1..x\" is not a range");
    QTest::addRow("three paths") << (base + QStringList{QStringLiteral("--sweep"), QStringLiteral("broker.batchSize=1"),
                                                        QStringLiteral("--sweep"), QStringLiteral("consumers[0].failureRate=0"),
                                                        QStringLiteral("--sweep"), QStringLiteral("consumers[1].failureRate=0")})
                                 << QStringLiteral("give --sweep at most twice");
    QTest::addRow("endless without --cycles")
            << QStringList{QStringLiteral("--scenario"), DefaultPreset, QStringLiteral("--sweep"), QStringLiteral("broker.batchSize=1,2")}
            << QStringLiteral("pass --cycles N");
    QTest::addRow("no --scenario") << QStringList{QStringLiteral("--sweep"), QStringLiteral("broker.batchSize=1,2")}
                                   << QStringLiteral("--sweep needs --scenario FILE");
    QTest::addRow("with --events") << (base + QStringList{QStringLiteral("--sweep"), QStringLiteral("broker.batchSize=1"),
                                                          QStringLiteral("--events"), QStringLiteral("-")})
                                   << QStringLiteral("--events does not apply to a sweep");
    QTest::addRow("--threads alone") << (base + QStringList{QStringLiteral("--threads"), QStringLiteral("2")})
                                     << QStringLiteral("--threads applies to a sweep only");
    QTest::addRow("--threads 0") << (base + QStringList{QStringLiteral("--sweep"), QStringLiteral("broker.batchSize=1"),
                                                        QStringLiteral("--threads"), QStringLiteral("0")})
                                 << QStringLiteral("--threads \"0\": expected a whole number from 1 to 256");
    QTest::addRow("--sweep and --sweep-file") << (base + QStringList{QStringLiteral("--sweep"), QStringLiteral("broker.batchSize=1"),
                                                                     QStringLiteral("--sweep-file"),
                                                                     QStringLiteral("resources/sweeps/threshold-0-9.json")})
                                              << QStringLiteral("--sweep and --sweep-file do not go together");
}

void TestSimCli::sweepRefusedBeforeAnyPointRuns()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const QString csv = filePath(QStringLiteral("never.csv"));
    const Run run = sim(arguments + QStringList{QStringLiteral("--csv"), csv}, 10000);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QVERIFY2(QString::fromUtf8(run.err).contains(expected), run.err.constData());
    QVERIFY(!QFile::exists(csv));
}

void TestSimCli::sweepFilesRun()
{
    const QStringList files = QDir(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/sweeps")).entryList({QStringLiteral("*.json")});
    QCOMPARE(files.size(), 2);
    for (const QString &name : files) {
        const Run run = sim({QStringLiteral("--sweep-file"), QStringLiteral("resources/sweeps/") + name,
                             QStringLiteral("--cycles"), QStringLiteral("100"), QStringLiteral("--summary"), QStringLiteral("-")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject json = QJsonDocument::fromJson(run.out).object();
        QVERIFY(json[QLatin1String("sameWorkload")].toBool());
        QVERIFY(json[QLatin1String("points")].toArray().size() >= 6);
        QCOMPARE(json[QLatin1String("points")].toArray().at(0)[QLatin1String("summary")][QLatin1String("cycles")].toInt(), 100);
    }
    // The TTL lesson: a low bound of 0 loses nothing, 5 loses data.
    const Run ttl = sim({QStringLiteral("--sweep-file"), QStringLiteral("resources/sweeps/ttl-low-0-5.json"),
                         QStringLiteral("--cycles"), QStringLiteral("200"), QStringLiteral("--summary"), QStringLiteral("-")});
    const QJsonArray points = QJsonDocument::fromJson(ttl.out).object()[QLatin1String("points")].toArray();
    QCOMPARE(points.first()[QLatin1String("summary")][QLatin1String("totals")][QLatin1String("discarded")].toInt(), 0);
    QVERIFY(points.last()[QLatin1String("summary")][QLatin1String("totals")][QLatin1String("discarded")].toInt() > 0);
}

void TestSimCli::littlesLawHoldsOnALongDefaultRun()
{
    const Run run = sim({QStringLiteral("--scenario"), DefaultPreset, QStringLiteral("--cycles"), QStringLiteral("5000"),
                         QStringLiteral("--summary"), QStringLiteral("-")});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject law = QJsonDocument::fromJson(run.out).object()[QLatin1String("littlesLaw")].toObject();
    QVERIFY(law[QLatin1String("holds")].toBool());
    QVERIFY(law[QLatin1String("relativeError")].toDouble() <= 0.05);
    QCOMPARE(law[QLatin1String("lambda")].toDouble(), 6.0);
    QVERIFY(law[QLatin1String("L")].toDouble() > 1);
}
