// prioritylab-sim as docs/design.md §7 describes it, run as a separate process: JSON Lines events,
// the summary, exit status 0 / 2 with messages naming file and JSON path, --help, --version.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

/// Runs prioritylab-sim with @p arguments in the source directory (so relative preset paths work).
Run sim(const QStringList &arguments)
{
    QProcess process;
    process.setWorkingDirectory(QStringLiteral(PRIORITYLAB_SOURCE_DIR));
    process.start(QStringLiteral(PRIORITYLAB_SIM_PATH), arguments);
    Run run;
    if (!process.waitForFinished(20000) || process.exitStatus() != QProcess::NormalExit) {
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

} // namespace

class TestSimCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eventsToStdout();
    void summaryToStdout();
    void outputsToFiles();
    void cyclesAndSeed();
    void brokenScenario();
    void badArguments_data();
    void badArguments();
    void help();
    void version();
};

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
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString events = dir.filePath(QStringLiteral("events.jsonl"));
    const QString summary = dir.filePath(QStringLiteral("summary.json"));
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
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("broken.json"));
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
    const Run missing = sim({QStringLiteral("--scenario"), dir.filePath(QStringLiteral("none.json"))});
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

QTEST_GUILESS_MAIN(TestSimCli)
#include "tst_sim_cli.moc"
