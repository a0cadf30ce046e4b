// The comparison of configurations: the core's figures and the app's window.
#include "ui/charts/timeserieschart.h"
#include "ui/common/highlightoverlay.h"
#include "ui/compare/comparewindow.h"
#include "core/analysis/comparison.h"
#include "ui/compare/comparisonmodel.h"
#include "core/scenario/scenario.h"
#include "tests/testsupport.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFont>
#include <QScreen>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTableView>
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
    void latencyHasSeparateRowsAndNotApplicable();
    void bestValueIsHighlightedPerRow();
    void verdictsForNativePriorityVersusFifo();
    void currentSetupIsAChoice();
    void windowFitsTheScreen();
    void focusIsOutlined();
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

/// Row of the model whose figure is @p label; -1 if none.
int rowOf(const QAbstractItemModel *model, const QString &label)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data().toString() == label)
            return row;
    }
    return -1;
}

/// compare-native.json with a FIFO broker instead: the same workload, no priority.
Scenario nativeAsFifo()
{
    Scenario fifo = loadPreset(QStringLiteral("compare-native.json"));
    fifo.name = QStringLiteral("Compare: plain fifo");
    fifo.broker.mode = BrokerConfig::Mode::Fifo;
    return fifo;
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

void TestCompare::latencyHasSeparateRowsAndNotApplicable()
{
    // Latency p50, p95 and max on rows of their own, headed by the runs' short names.
    const Comparison c = compareScenarios({loadPreset(QStringLiteral("compare-native.json")), nativeAsFifo()}, 400);
    ComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComparison(c);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("figure"));
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("native priority queue"));
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("plain fifo"));
    const RunFigures &native = c.runs.at(0);
    const int top = native.priorities.constLast();
    const int p50 = rowOf(&model, QStringLiteral("latency p50, priority %1 (cycles)").arg(top));
    const int p95 = rowOf(&model, QStringLiteral("latency p95, priority %1 (cycles)").arg(top));
    const int max = rowOf(&model, QStringLiteral("latency max, priority %1 (cycles)").arg(top));
    QVERIFY(p50 > 0);
    QCOMPARE(p95, p50 + 1);
    QCOMPARE(max, p50 + 2);
    QCOMPARE(model.index(p50, 1).data().toString(), QString::number(native.latency.constLast().p50));
    QCOMPARE(model.index(p95, 1).data().toString(), QString::number(native.latency.constLast().p95));
    QCOMPARE(model.index(max, 1).data().toString(), QString::number(native.latency.constLast().max));
    QCOMPARE(model.index(p50, 0).data(ComparisonModel::GroupRole).toString(),
             QStringLiteral("Latency, priority %1").arg(top));
    for (int row = 0; row < model.rowCount(); ++row) {
        for (int column = 1; column < model.columnCount(); ++column)
            QVERIFY(!model.index(row, column).data().toString().contains(QLatin1Char('/')));
    }

    // A run that finished nothing: its latency and deliveries per message do not exist.
    Scenario idle = nativeAsFifo();
    idle.consumers.clear();
    const Comparison none = compareScenarios({loadPreset(QStringLiteral("compare-native.json")), idle}, 20);
    QCOMPARE(none.runs.size(), 2);
    QCOMPARE(none.runs.at(1).totals.processed, 0);
    model.setComparison(none);
    const int deliveries = rowOf(&model, QStringLiteral("deliveries per message"));
    const int latency = rowOf(&model, QStringLiteral("latency p50, priority %1 (cycles)").arg(top));
    QCOMPARE(model.index(deliveries, 2).data().toString(), QStringLiteral("n/a"));
    QCOMPARE(model.index(latency, 2).data().toString(), QStringLiteral("n/a"));
    QVERIFY(model.index(latency, 2).data(Qt::ToolTipRole).toString().contains(QStringLiteral("n/a")));
    // The run that processed them is the best; "n/a" never is.
    QVERIFY(model.index(latency, 1).data(ComparisonModel::BestRole).toBool());
    QVERIFY(!model.index(latency, 2).data(ComparisonModel::BestRole).toBool());
    QVERIFY(none.verdicts().join(QLatin1Char('\n')).contains(QStringLiteral("plain fifo processed none of them (starved)")));
}

void TestCompare::bestValueIsHighlightedPerRow()
{
    CompareWindow window;
    window.setCycles(400);
    QCOMPARE(window.compare(), QStringList());
    const ComparisonModel *model = window.model();
    const Comparison &c = window.comparison();
    // Discards: consumer strategies lose data (column 1), the other two lose none: both best.
    const int discarded = rowOf(model, QStringLiteral("discarded (data lost)"));
    QVERIFY(discarded >= 0);
    QVERIFY(c.runs.at(0).totals.discarded > 0);
    for (int column : {2, 3}) {
        const QModelIndex best = model->index(discarded, column);
        QVERIFY(best.data(ComparisonModel::BestRole).toBool());
        QVERIFY(best.data(Qt::FontRole).value<QFont>().bold());
        QCOMPARE(best.data(Qt::BackgroundRole).value<QColor>(), ComparisonModel::bestBackground());
    }
    const QModelIndex worse = model->index(discarded, 1);
    QVERIFY(!worse.data(ComparisonModel::BestRole).toBool());
    QVERIFY(!worse.data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(worse.data(Qt::BackgroundRole).value<QColor>() != ComparisonModel::bestBackground());
    QVERIFY(worse.data(Qt::ToolTipRole).toString().contains(QStringLiteral("lower is better")));
    QVERIFY(model->index(discarded, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Lower is better")));

    // Throughput: higher is better; the best column holds the highest value.
    const int processed = rowOf(model, QStringLiteral("processed"));
    QVERIFY(model->index(processed, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Higher is better")));
    qint64 most = 0;
    for (const RunFigures &r : c.runs)
        most = std::max(most, r.totals.processed);
    for (int column = 1; column < model->columnCount(); ++column) {
        QCOMPARE(model->index(processed, column).data(ComparisonModel::BestRole).toBool(),
                 c.runs.at(column - 1).totals.processed == most);
    }

    // Native priority serves the most urgent at once: its p95 is the best.
    const int top = c.runs.at(1).priorities.constLast();
    const int p95 = rowOf(model, QStringLiteral("latency p95, priority %1 (cycles)").arg(top));
    QVERIFY(model->index(p95, 2).data(ComparisonModel::BestRole).toBool());
    QVERIFY(!model->index(p95, 3).data(ComparisonModel::BestRole).toBool());

    // The setup figures have no best.
    for (int column = 1; column < model->columnCount(); ++column) {
        QVERIFY(!model->index(0, column).data(ComparisonModel::BestRole).toBool());
        QVERIFY(!model->index(0, column).data(Qt::FontRole).value<QFont>().bold());
    }
}

void TestCompare::verdictsForNativePriorityVersusFifo()
{
    const Comparison c = compareScenarios({loadPreset(QStringLiteral("compare-native.json")), nativeAsFifo()}, 400);
    QVERIFY(c.sameWorkload);
    const QList<ComparisonVerdict> verdicts = c.groupVerdicts();
    QStringList groups;
    for (const ComparisonVerdict &v : verdicts)
        groups << v.group;
    const RunFigures &native = c.runs.at(0);
    const RunFigures &fifo = c.runs.at(1);
    QCOMPARE(groups.mid(0, 4), (QStringList{QStringLiteral("Workload"), QStringLiteral("Throughput"),
                                            QStringLiteral("Losses and extra work"), QStringLiteral("Waiting")}));
    QCOMPARE(groups.size(), 4 + native.priorities.size());
    const QStringList lines = c.verdicts();
    QCOMPARE(lines.size(), verdicts.size());
    QCOMPARE(lines.at(0), QStringLiteral("Workload: every configuration saw the same %1 messages in %2 cycles")
                                  .arg(native.totals.produced).arg(native.cycles));
    // Neither loses data.
    QVERIFY(verdicts.at(2).text.startsWith(QStringLiteral("no configuration loses a message")));
    // Native priority starves the low priorities; FIFO keeps every wait shorter.
    QVERIFY(native.longestWait > fifo.longestWait * 2);
    QCOMPARE(verdicts.at(3).text, QStringLiteral("native priority queue keeps a message waiting %1 cycles (starvation); "
                                                 "plain fifo at most %2")
                                          .arg(native.longestWait).arg(fifo.longestWait));
    // The most urgent priority: native serves it at once, FIFO makes it wait.
    const int top = native.priorities.constLast();
    const qsizetype topFifo = fifo.priorities.indexOf(top);
    QCOMPARE(native.latency.constLast().p50, 0);
    QVERIFY(fifo.latency.at(topFifo).p50 > 0);
    QCOMPARE(verdicts.at(4).group, QStringLiteral("Latency, priority %1").arg(top));
    QVERIFY2(verdicts.at(4).text.startsWith(QStringLiteral("native priority queue serves priority %1 at once (p50 0 vs %2 cycles for plain fifo)")
                                                    .arg(top).arg(fifo.latency.at(topFifo).p50)),
             qPrintable(verdicts.at(4).text));
    // The least urgent: FIFO is faster, and native keeps one waiting far longer.
    const ComparisonVerdict &low = verdicts.constLast();
    QCOMPARE(low.group, QStringLiteral("Latency, priority %1").arg(native.priorities.constFirst()));
    QVERIFY2(low.text.startsWith(QStringLiteral("plain fifo serves priority")), qPrintable(low.text));
    QVERIFY2(low.text.contains(QStringLiteral("native priority queue keeps one waiting")), qPrintable(low.text));
}

void TestCompare::currentSetupIsAChoice()
{
    CompareWindow window;
    Scenario edited = loadPreset(QStringLiteral("compare-native.json"));
    edited.broker.mode = BrokerConfig::Mode::Fifo;  // the user's unsaved edit
    window.setCurrentSetup(edited);
    const auto *combo = window.findChildren<QComboBox *>().constFirst();
    QCOMPARE(combo->itemText(0), QStringLiteral("Current setup (with your edits)"));
    QCOMPARE(combo->itemData(0).toString(), CompareWindow::currentSetupChoice());
    window.setCurrentSetup(edited);  // offered once
    QCOMPARE(combo->findText(QStringLiteral("Current setup (with your edits)")), 0);
    int offered = 0;
    for (int i = 0; i < combo->count(); ++i)
        offered += combo->itemData(i).toString() == CompareWindow::currentSetupChoice() ? 1 : 0;
    QCOMPARE(offered, 1);

    window.setFiles({CompareWindow::currentSetupChoice(), QStringLiteral(":/scenarios/compare-native.json")});
    QCOMPARE(window.files(), (QStringList{CompareWindow::currentSetupChoice(), QStringLiteral(":/scenarios/compare-native.json")}));
    window.setCycles(200);
    QCOMPARE(window.compare(), QStringList());
    const Comparison &c = window.comparison();
    QCOMPARE(c.runs.size(), 2);
    QCOMPARE(c.runs.at(0).name, QStringLiteral("Compare: native priority queue (your edits)"));
    QCOMPARE(c.runs.at(0).mode, QStringLiteral("fifo"));  // the edited setup ran, not the file
    QCOMPARE(c.runs.at(1).mode, QStringLiteral("priority"));
    QVERIFY(c.sameWorkload);
    QCOMPARE(window.model()->headerData(1, Qt::Horizontal).toString(), QStringLiteral("native priority queue (your edits)"));
    QVERIFY(window.verdictText().contains(QStringLiteral("native priority queue serves priority")));
}

void TestCompare::windowFitsTheScreen()
{
    CompareWindow window;
    const QRect available = window.screen()->availableGeometry();
    QVERIFY(window.width() <= available.width());
    QVERIFY(window.height() <= available.height());
    QVERIFY(window.minimumWidth() <= available.width());
    QVERIFY(window.minimumHeight() <= available.height());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.compare(), QStringList());
    // Still within the screen once filled, and the Close button is on screen inside it.
    QVERIFY(window.frameGeometry().width() <= available.width() + 16);
    QVERIFY(window.height() <= available.height());
    auto *close = window.findChild<QDialogButtonBox *>();
    QVERIFY(close);
    QVERIFY(window.rect().contains(QRect(close->mapTo(&window, QPoint(0, 0)), close->size())));
    // At 1024x768, 1280x720 and 1920x1080 the same holds; wide, the charts stand beside the table.
    for (const QSize size : {QSize(1024 - 16, 768 - 48), QSize(1280 - 16, 720 - 48), QSize(1920 - 16, 1080 - 48)}) {
        window.resize(size);
        QCoreApplication::processEvents();
        QVERIFY(window.rect().contains(QRect(close->mapTo(&window, QPoint(0, 0)), close->size())));
        const auto *split = qobject_cast<const QSplitter *>(window.depthChart()->parentWidget()->parentWidget());
        QVERIFY(split);
        QCOMPARE(split->orientation(), size.width() > 1400 ? Qt::Horizontal : Qt::Vertical);
        if (const QString shot = qEnvironmentVariable("PRIORITYLAB_SHOT_DIR"); !shot.isEmpty())
            window.grab().save(QStringLiteral("%1/compare-%2x%3.png").arg(shot).arg(size.width() + 16).arg(size.height() + 48));
    }
}

void TestCompare::focusIsOutlined()
{
    // As in the main window, the keyboard focus is outlined (a FocusFrame of its own).
    CompareWindow window;
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    auto *frame = window.findChild<HighlightOverlay *>(QStringLiteral("focusFrame"));
    QVERIFY(frame);
    auto *table = window.findChild<QTableView *>();
    QVERIFY(table);
    table->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(frame->target(), table);
    QVERIFY(frame->isVisible());
}

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
