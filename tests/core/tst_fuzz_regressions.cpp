// Replays the fuzz targets of tests/fuzz/ in the normal build: every
// input that once crashed, hung or broke an invariant (tests/fuzz/regressions/TARGET/), every
// hand-written seed (tests/fuzz/corpus/TARGET/) and, for the scenario target, every preset in
// resources/scenarios/. The target functions are the very ones the libFuzzer executables run
// (scripts/fuzz.sh); a failure names the file to replay with build/fuzz/bin/fuzz_TARGET FILE.
#include "tests/fuzz/fuzztargets.h"
#include "tests/testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

using namespace PriorityLab;

namespace {

const QString SourceDir = QStringLiteral(PRIORITYLAB_SOURCE_DIR);

/// One data row per file in each of @p folders (relative to the source tree), named
/// "FOLDER/FILE".
void addFiles(const QStringList &folders)
{
    QTest::addColumn<QString>("path");
    for (const QString &folder : folders) {
        const QDir dir(SourceDir + QLatin1Char('/') + folder);
        const QStringList files = dir.entryList(QDir::Files | QDir::Hidden, QDir::Name);
        for (const QString &file : files) {
            if (file == QLatin1String("README.md"))
                continue;
            QTest::newRow(qPrintable(folder + QLatin1Char('/') + file)) << dir.filePath(file);
        }
    }
}

QByteArray contents(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

/// Runs fuzz target @p target on the file @p path: "" if it held, otherwise "PATH: problem", or
/// that it took longer than libFuzzer's hang limit (scripts/fuzz.sh -timeout=10, with room for a
/// slow build).
QString replay(QString (*target)(const std::uint8_t *, std::size_t), const QString &path)
{
    const QByteArray bytes = contents(path);
    QElapsedTimer clock;
    clock.start();
    const QString problem = target(reinterpret_cast<const std::uint8_t *>(bytes.constData()), std::size_t(bytes.size()));
    if (!problem.isEmpty())
        return path + QStringLiteral(": ") + problem;
    if (clock.elapsed() >= 10000)
        return QStringLiteral("%1 took %2 ms").arg(path).arg(clock.elapsed());
    return {};
}

} // namespace

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyFolderHasInputs();
    void scenario_data();
    void scenario();
    void expression_data();
    void expression();
    void cli_data();
    void cli();
};

void TestFuzzRegressions::everyFolderHasInputs()
{
    // A moved folder must not turn this test into a silent no-op.
    for (const QString &folder : {QStringLiteral("tests/fuzz/corpus/scenario"), QStringLiteral("tests/fuzz/corpus/expression"),
                                  QStringLiteral("tests/fuzz/regressions/scenario"), QStringLiteral("tests/fuzz/regressions/expression"),
                                  QStringLiteral("tests/fuzz/corpus/cli"), QStringLiteral("tests/fuzz/regressions/cli"),
                                  QStringLiteral("resources/scenarios")}) {
        QVERIFY2(!QDir(SourceDir + QLatin1Char('/') + folder).entryList(QDir::Files).isEmpty(), qPrintable(folder));
    }
}

void TestFuzzRegressions::scenario_data()
{
    addFiles({QStringLiteral("tests/fuzz/regressions/scenario"), QStringLiteral("tests/fuzz/corpus/scenario"),
              QStringLiteral("resources/scenarios")});
}

void TestFuzzRegressions::scenario()
{
    QFETCH(QString, path);
    PL_VERIFY_OK(replay(Fuzz::scenarioTarget, path));
}

void TestFuzzRegressions::expression_data()
{
    addFiles({QStringLiteral("tests/fuzz/regressions/expression"), QStringLiteral("tests/fuzz/corpus/expression")});
}

void TestFuzzRegressions::expression()
{
    QFETCH(QString, path);
    PL_VERIFY_OK(replay(Fuzz::expressionTarget, path));
}

void TestFuzzRegressions::cli_data()
{
    addFiles({QStringLiteral("tests/fuzz/regressions/cli"), QStringLiteral("tests/fuzz/corpus/cli")});
}

void TestFuzzRegressions::cli()
{
    QFETCH(QString, path);
    PL_VERIFY_OK(replay(Fuzz::cliTarget, path));
}

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
