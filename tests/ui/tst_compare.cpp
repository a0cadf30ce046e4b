// The comparison of configurations: the core's figures and the app's window.
#include "ui/charts/timeserieschart.h"
#include "ui/compare/comparewindow.h"
#include "core/analysis/comparison.h"
#include "ui/compare/comparisonmodel.h"
#include "core/scenario/scenario.h"
#include "tests/testsupport.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QTest>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

class TestCompare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void threeWayPresetShowsTheTradeOffs();
    void differentWorkloadsAreFlagged();
    void windowShowsTableAndAlignedCharts();
    void windowReportsABrokenFile();
};

namespace {
const RunFigures &byMode(const Comparison &c, const QString &mode)
{
    for (const RunFigures &r : c.runs) {
        if (r.mode == mode)
            return r;
    }
    return c.runs.constFirst();
}

qint64 maxLatencyBelow(const RunFigures &r, int priority)
{
    qint64 worst = 0;
    for (qsizetype i = 0; i < r.priorities.size(); ++i) {
        if (r.priorities.at(i) < priority)
            worst = std::max(worst, r.latency.at(i).max);
    }
    return worst;
}
} // namespace

void TestCompare::threeWayPresetShowsTheTradeOffs()
{
    const Comparison c = compareScenarios({loadPreset(QStringLiteral("compare-strategies.json")),
                                           loadPreset(QStringLiteral("compare-native.json")),
                                           loadPreset(QStringLiteral("compare-topics.json"))},
                                          400);
    PL_VERIFY_OK(c.errors);
    QCOMPARE(c.runs.size(), 3);
    QVERIFY(c.sameWorkload);
    const RunFigures &strategies = byMode(c, QStringLiteral("fifo"));
    const RunFigures &native = byMode(c, QStringLiteral("priority"));
    const RunFigures &topics = byMode(c, QStringLiteral("topics"));
    QCOMPARE(strategies.totals.produced, native.totals.produced);
    QCOMPARE(native.totals.produced, topics.totals.produced);
    // The article's trade-offs, as the preset descriptions state them:
    // native priority serves urgent messages at once but starves low priorities during the rush,
    QCOMPARE(native.latency.last().p95, 0);
    QVERIFY(maxLatencyBelow(native, 4) > 50);
    // topics with too few urgent consumers delay urgent messages but not low ones,
    QVERIFY(topics.latency.last().p95 > 10);
    QVERIFY(maxLatencyBelow(topics, 4) < 10);
    // consumer strategies pay with postponements and, through the TTL consumer, lost data.
    QVERIFY(strategies.totals.postponed > 0);
    QVERIFY(strategies.totals.discarded > 0);
    QCOMPARE(native.totals.discarded, 0);
    QCOMPARE(topics.totals.discarded, 0);
    const QString text = c.toText();
    QVERIFY(text.contains(QStringLiteral("discarded (data lost)")));
    QVERIFY(text.contains(QStringLiteral("identical produced messages")));
}

void TestCompare::differentWorkloadsAreFlagged()
{
    Scenario other = loadPreset(QStringLiteral("compare-native.json"));
    other.seed += 1;
    const Comparison c = compareScenarios({loadPreset(QStringLiteral("compare-strategies.json")), other}, 50);
    QCOMPARE(c.runs.size(), 2);
    QVERIFY(!c.sameWorkload);
    QVERIFY(c.toText().contains(QStringLiteral("not like for like")));
}

void TestCompare::windowShowsTableAndAlignedCharts()
{
    CompareWindow window;
    QAbstractItemModelTester tester(window.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.setCycles(300);
    QCOMPARE(window.files().size(), 3);  // the three-way preset by default
    QCOMPARE(window.compare(), QStringList());
    QCOMPARE(window.model()->columnCount(), 4);  // figure + three runs
    QVERIFY(window.model()->rowCount() > 12);
    QCOMPARE(window.model()->index(0, 0).data().toString(), QStringLiteral("broker mode"));
    QCOMPARE(window.model()->index(0, 2).data().toString(), QStringLiteral("priority"));
    QCOMPARE(window.depthChart()->seriesCount(), 3);
    QCOMPARE(window.processedChart()->seriesCount(), 3);
    // Aligned: the same x range on both charts, covering every run.
    QCOMPARE(window.depthChart()->xRange(), window.processedChart()->xRange());
    QVERIFY(window.depthChart()->xRange().y() >= 299);
    QCOMPARE(window.depthChart()->points(1).size(), window.comparison().runs.at(1).history.size());
    if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOT")) {
        window.show();
        window.grab().save(qEnvironmentVariable("PRIORITYLAB_SHOT"));
    }
}

void TestCompare::windowReportsABrokenFile()
{
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    QFile f(broken);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"broker": {"batchSize": 0}})");
    f.close();
    CompareWindow window;
    window.setFiles({QStringLiteral(":/scenarios/compare-native.json"), broken});
    const QStringList problems = window.compare();
    QCOMPARE(problems.size(), 1);
    QVERIFY(problems.constFirst().contains(QStringLiteral("broker.batchSize")));
    QCOMPARE(window.model()->rowCount(), 0);
}

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
