// The --events stream of prioritylab-sim (docs/design.md §7) is a contract: the reference cases,
// every preset and a scenario of text that JSON must escape give, byte for byte, the streams
// recorded in tests/data/golden/ (cases.txt lists them; scripts/record-golden.sh re-records them
// when a change is meant). Any change to the engine or the writer that alters an event, its
// order, a value or the way it is written fails here, naming the first line that differs.
#include "tests/datatable.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

namespace {

const QString SourceDir = QStringLiteral(PRIORITYLAB_SOURCE_DIR);

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The first line (1-based) where @p a and @p b differ, with both versions, for the failure text.
QString firstDifference(const QByteArray &a, const QByteArray &b)
{
    const QList<QByteArray> la = a.split('\n');
    const QList<QByteArray> lb = b.split('\n');
    for (qsizetype i = 0; i < std::max(la.size(), lb.size()); ++i) {
        const QByteArray x = la.value(i, "<end of stream>");
        const QByteArray y = lb.value(i, "<end of stream>");
        if (x != y)
            return QStringLiteral("line %1:\n  recorded: %2\n  now:      %3")
                    .arg(i + 1).arg(QString::fromUtf8(x.left(600)), QString::fromUtf8(y.left(600)));
    }
    return QString();
}

} // namespace

class TestGoldenEvents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameStream_data();
    void sameStream();
};

void TestGoldenEvents::sameStream_data()
{
    PriorityLab::TestSupport::addColumns<QString, QString, QString>("scenario", "cycles", "golden");
    const QList<QByteArray> lines = readAll(SourceDir + QStringLiteral("/tests/data/golden/cases.txt")).split('\n');
    QStringList scenarios;
    for (const QByteArray &line : lines) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (line.startsWith('#') || fields.size() != 2)
            continue;
        const QString scenario = QString::fromUtf8(fields.at(0));
        QString name = QFileInfo(scenario).completeBaseName();
        name.remove(QStringLiteral(".scenario"));
        QTest::newRow(qPrintable(name)) << scenario << QString::fromUtf8(fields.at(1))
                                        << SourceDir + QStringLiteral("/tests/data/golden/") + name + QStringLiteral(".jsonl");
        scenarios << scenario;
    }
    // Every preset has its case (the three reference cases among them): a new preset without a
    // recording fails here.
    const QStringList presets = QDir(SourceDir + QStringLiteral("/resources/scenarios")).entryList({QStringLiteral("*.json")});
    QVERIFY(presets.size() >= 3);
    for (const QString &preset : presets) {
        const QString path = QStringLiteral("resources/scenarios/") + preset;
        QVERIFY2(scenarios.contains(path), qPrintable(path + QStringLiteral(" has no case in tests/data/golden/cases.txt")));
    }
    QVERIFY(scenarios.contains(QStringLiteral("tests/data/golden/escaping.scenario.json")));
}

void TestGoldenEvents::sameStream()
{
    QFETCH(QString, scenario);
    QFETCH(QString, cycles);
    QFETCH(QString, golden);
    const QByteArray recorded = readAll(golden);
    QVERIFY2(!recorded.isEmpty(), qPrintable(golden + QStringLiteral(": missing or empty; run scripts/record-golden.sh")));

    QStringList arguments{QStringLiteral("--scenario"), scenario, QStringLiteral("--events"), QStringLiteral("-")};
    if (cycles != QLatin1String("-"))
        arguments << QStringLiteral("--cycles") << cycles;
    QProcess process;
    process.setWorkingDirectory(SourceDir);
    process.start(QStringLiteral(PRIORITYLAB_SIM_PATH), arguments);
    QVERIFY(process.waitForFinished(120000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
    const QByteArray now = process.readAllStandardOutput();
    if (now != recorded)
        QFAIL(qPrintable(golden + QStringLiteral(" differs at ") + firstDifference(recorded, now)));
}

QTEST_GUILESS_MAIN(TestGoldenEvents)
#include "tst_golden_events.moc"
