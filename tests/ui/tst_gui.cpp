// GUI tests: the consumer panel's generated editors change the running strategies, the queue
// model follows the broker's queue exactly, and a broken scenario file leaves the window as it was.
// Runs offscreen (CTest sets QT_QPA_PLATFORM); no sleeps, no timers: cycles run through step().
#include "ui/charts/chartpanel.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/editing/parametereditor.h"
#include "ui/queue/queuemodel.h"
#include "ui/queue/queuepanel.h"
#include "ui/shell/scenariocatalog.h"
#include "core/scenario/scenario.h"
#include "ui/editing/setupeditor.h"
#include "core/engine/simulation.h"
#include "ui/shell/speedcontrol.h"
#include "tests/testsupport.h"
#include "tests/ui/editedsetup.h"
#include "ui/shell/statussummary.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QSignalBlocker>
#include <QTest>

#include <tuple>

using namespace PriorityLab;
using PriorityLab::TestSupport::EditedSetup;
using PriorityLab::TestSupport::loadPreset;

namespace {

/// A strategy only this test knows: one Integer and one Expression parameter, so the test can
/// check that editors come from ParameterInfo alone.
class TestOnlyStrategy final : public Strategy
{
public:
    TestOnlyStrategy() : Strategy({QStringLiteral("test-only"), {}, {}}) { }
    QList<ParameterInfo> parameters() const override
    {
        return {
            {QStringLiteral("limit"), QStringLiteral("Limit"), ParameterInfo::Kind::Integer, 0, 50,
             0, 10, 7, QStringLiteral("msgs"), QStringLiteral("Test rule: limit in words.")},
            {QStringLiteral("rule"), QStringLiteral("Rule"), ParameterInfo::Kind::Expression, 0, 0,
             0, 0, QStringLiteral("true"), QString(), QStringLiteral("Test rule: an expression.")},
        };
    }
    QVariant parameter(const QString &name) const override
    {
        if (name == QLatin1String("limit"))
            return m_limit;
        if (name == QLatin1String("rule"))
            return m_rule;
        return {};
    }
    Decision decide(Message &, const StrategyContext &, QString *) override { return Decision::Process; }
    void onFailure(Message &) const override { }
    Explanation explain(const Message &, Decision) const override { return {}; }
    Explanation explainFailure(const Message &) const override { return {}; }

protected:
    QString applyParameter(const QString &name, const QVariant &value) override
    {
        if (name == QLatin1String("limit")) {
            m_limit = value.toInt();
            return {};
        }
        if (value.toString().contains(QLatin1Char('?')))
            return QStringLiteral("column %1: \"?\" is not allowed")
                    .arg(value.toString().indexOf(QLatin1Char('?')) + 1);
        m_rule = value.toString();
        return {};
    }

private:
    int m_limit = 7;
    QString m_rule = QStringLiteral("true");
};

/// A busy scenario: @p perCycle messages a cycle, consumers that postpone many of them.
Scenario busyScenario(int perCycle, int batchesPerCycle)
{
    Scenario s;
    s.name = QStringLiteral("busy");
    s.seed = 7;
    s.broker.batchesPerCycle = batchesPerCycle;
    s.broker.maxIdleCycles = 0;
    ConsumerConfig a;
    a.name = QStringLiteral("A");
    a.strategy.type = QStringLiteral("priority");
    a.strategy.parameters.insert(QStringLiteral("threshold"), 6);
    ConsumerConfig b;
    b.name = QStringLiteral("B");
    b.strategy.type = QStringLiteral("ttl");
    b.strategy.parameters.insert(QStringLiteral("high"), 5);
    b.failureRate = 0.2;
    s.consumers << a << b;
    ProducerConfig p;
    p.name = QStringLiteral("P");
    GeneratorConfig g;
    g.perCycle = perCycle;
    g.ttlMin = 0;
    g.ttlMax = 9;
    p.generator = g;
    s.producers << p;
    return s;
}

/// Every row of @p model shows the message at the same position of the broker's queue.
void compareWithBroker(const QueueModel &model, const Simulation &sim)
{
    QCOMPARE(model.rowCount(), int(sim.broker().size()));
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex idx = model.index(row, QueueModel::Id);
        QCOMPARE(idx.data(QueueModel::MessageIdRole).toULongLong(), sim.broker().at(row).id);
        QCOMPARE(model.index(row, QueueModel::Priority).data().toInt(), sim.broker().at(row).priority);
        QCOMPARE(model.index(row, QueueModel::Age).data().toLongLong(),
                 sim.cycle() - sim.broker().at(row).producedCycle);
    }
}

} // namespace

Q_DECLARE_METATYPE(PriorityLab::Scenario)

class TestGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void thresholdSpinBoxChangesRunningStrategy();
    void expressionEditorRefusesBadInput();
    void testOnlyStrategyGetsGeneratedEditors();
    void cardShowsSettingWarning();
    void strategyComboReplacesStrategy();
    void onlineToggle();
    void countSuffixesAgreeWithTheValue();
    void queueModelFollowsEachStep_data();
    void queueModelFollowsEachStep();
    void queueModelBatchedSync();
    void brokenScenarioKeepsCurrentOne();
    void windowRunControls();
    void saveAsWritesCurrentSetup();
    void presetCatalog();
};

void TestGui::thresholdSpinBoxChangesRunningStrategy()
{
    MainWindow window;
    window.setShowDialogs(false);
    QVERIFY(window.openScenarioFile(QStringLiteral(":/scenarios/reference-priority.json")).isEmpty());
    Simulation *sim = window.simulation();
    QCOMPARE(window.consumerPanel()->cards().size(), 3);

    ConsumerCard *card = window.consumerPanel()->cards().at(1);
    ParameterEditor *editor = card->parameterEditor(QStringLiteral("threshold"));
    QVERIFY(editor);
    auto *spin = qobject_cast<QSpinBox *>(editor->input());
    QVERIFY(spin);
    QCOMPARE(spin->value(), 5);
    QVERIFY(!spin->toolTip().isEmpty());

    // Typing is not applied keystroke by keystroke, only when committed with Enter.
    spin->selectAll();
    QTest::keyClicks(spin, QStringLiteral("8"));
    QCOMPARE(sim->consumers()[1]->strategy->parameter(QStringLiteral("threshold")).toInt(), 5);
    QTest::keyClick(spin, Qt::Key_Return);
    QCOMPARE(sim->consumers()[1]->strategy->parameter(QStringLiteral("threshold")).toInt(), 8);
    // Only that consumer changed.
    QCOMPARE(sim->consumers()[0]->strategy->parameter(QStringLiteral("threshold")).toInt(), 5);
    QCOMPARE(sim->consumers()[2]->strategy->parameter(QStringLiteral("threshold")).toInt(), 5);

    // An arrow step applies at once.
    QTest::keyClick(spin, Qt::Key_Up);
    QCOMPARE(sim->consumers()[1]->strategy->parameter(QStringLiteral("threshold")).toInt(), 9);

    // The change takes effect while running: B now postpones a priority-8 message.
    sim->step();
    QVERIFY(sim->consumers()[1]->stats.postponed > 0);

    // The editor follows changes made elsewhere.
    QVERIFY(window.setupEditor()->setConsumerParameter(1, QStringLiteral("threshold"), 3).isEmpty());
    QCOMPARE(spin->value(), 3);
}

void TestGui::expressionEditorRefusesBadInput()
{
    EditedSetup e(QStringLiteral("reference-predicate.json"));
    QVERIFY(e.loaded);
    ParameterEditor *pe = e.panel.cards().at(0)->parameterEditor(QStringLiteral("predicate"));
    QVERIFY(pe);
    auto *line = qobject_cast<QLineEdit *>(pe->input());
    QVERIFY(line);
    const QString before = e.sim.consumers()[0]->strategy->parameter(QStringLiteral("predicate")).toString();
    QCOMPARE(line->text(), before);

    line->selectAll();
    QTest::keyClicks(line, QStringLiteral("prio >"));
    QTest::keyClick(line, Qt::Key_Return);
    QVERIFY2(!pe->error().isEmpty(), "a syntax error is shown");
    QVERIFY(line->toolTip().contains(pe->error()));
    QCOMPARE(e.sim.consumers()[0]->strategy->parameter(QStringLiteral("predicate")).toString(), before);
    QCOMPARE(line->text(), QStringLiteral("prio >"));  // kept for the user to fix

    line->selectAll();
    QTest::keyClicks(line, QStringLiteral("priority >= 3"));
    QTest::keyClick(line, Qt::Key_Return);
    QVERIFY(pe->error().isEmpty());
    QCOMPARE(e.sim.consumers()[0]->strategy->parameter(QStringLiteral("predicate")).toString(),
             QStringLiteral("priority >= 3"));
    QCOMPARE(e.sim.consumers()[1]->strategy->parameter(QStringLiteral("predicate")).toString(), before);
}

void TestGui::testOnlyStrategyGetsGeneratedEditors()
{
    StrategyRegistry::instance().add(QStringLiteral("test-only"),
                                     [] { return std::make_unique<TestOnlyStrategy>(); });
    const auto cleanup = qScopeGuard([] { StrategyRegistry::instance().remove(QStringLiteral("test-only")); });

    Scenario s = busyScenario(1, 1);
    s.consumers[0].strategy.type = QStringLiteral("test-only");
    s.consumers[0].strategy.parameters = {{QStringLiteral("limit"), 12}};
    EditedSetup e(s);
    QVERIFY(e.loaded);
    ConsumerCard *card = e.panel.cards().at(0);

    ParameterEditor *limit = card->parameterEditor(QStringLiteral("limit"));
    QVERIFY(limit);
    auto *spin = qobject_cast<QSpinBox *>(limit->input());
    QVERIFY(spin);
    QCOMPARE(spin->minimum(), 0);
    QCOMPARE(spin->maximum(), 50);
    QCOMPARE(spin->suffix(), QStringLiteral(" msgs"));
    QCOMPARE(spin->value(), 12);
    QVERIFY(spin->toolTip().contains(QStringLiteral("Test rule: limit in words.")));
    spin->setValue(60);  // refused by the range
    QCOMPARE(spin->value(), 50);
    QCOMPARE(e.sim.consumers()[0]->strategy->parameter(QStringLiteral("limit")).toInt(), 50);

    ParameterEditor *rule = card->parameterEditor(QStringLiteral("rule"));
    QVERIFY(rule);
    auto *line = qobject_cast<QLineEdit *>(rule->input());
    QVERIFY(line);
    line->setText(QStringLiteral("a ? b"));
    Q_EMIT line->editingFinished();
    QCOMPARE(rule->error(), QStringLiteral("column 3: \"?\" is not allowed"));
    QCOMPARE(e.sim.consumers()[0]->strategy->parameter(QStringLiteral("rule")).toString(), QStringLiteral("true"));
    line->setText(QStringLiteral("x"));
    Q_EMIT line->editingFinished();
    QVERIFY(rule->error().isEmpty());
    QCOMPARE(e.sim.consumers()[0]->strategy->parameter(QStringLiteral("rule")).toString(), QStringLiteral("x"));
}

void TestGui::cardShowsSettingWarning()
{
    EditedSetup e(QStringLiteral("reference-ttl.json"));
    QVERIFY(e.loaded);
    ConsumerCard *card = e.panel.cards().at(2);
    QVERIFY(card->warningText().isEmpty());
    auto *high = qobject_cast<QSpinBox *>(card->parameterEditor(QStringLiteral("high"))->input());
    QVERIFY(high);
    high->setValue(1);  // low 0, high 1: nothing inside the range
    QCOMPARE(e.sim.consumers()[2]->strategy->parameter(QStringLiteral("high")).toInt(), 1);
    QVERIFY2(card->warningText().contains(QStringLiteral("every message is discarded")),
             qPrintable(card->warningText()));
    high->setValue(4);
    QVERIFY(card->warningText().isEmpty());
}

void TestGui::strategyComboReplacesStrategy()
{
    EditedSetup e(QStringLiteral("reference-priority.json"));
    QVERIFY(e.loaded);
    ConsumerCard *card = e.panel.cards().at(0);
    QComboBox *combo = card->strategyBox();
    QCOMPARE(combo->currentData().toString(), QStringLiteral("priority"));
    QCOMPARE(combo->count(), int(StrategyRegistry::instance().types().size()));

    const int ttl = combo->findData(QStringLiteral("ttl"));
    QVERIFY(ttl >= 0);
    combo->setCurrentIndex(ttl);
    Q_EMIT combo->activated(ttl);
    QCOMPARE(e.sim.consumers()[0]->strategy->type(), QStringLiteral("ttl"));
    QVERIFY(!card->parameterEditor(QStringLiteral("threshold")));
    QVERIFY(card->parameterEditor(QStringLiteral("low")));
    QVERIFY(card->parameterEditor(QStringLiteral("high")));
    QCOMPARE(e.sim.consumers()[1]->strategy->type(), QStringLiteral("priority"));
}

void TestGui::onlineToggle()
{
    EditedSetup e(QStringLiteral("reference-priority.json"));
    QVERIFY(e.loaded);
    TestSupport::CycleFeed feed(e.sim);
    QCheckBox *online = e.panel.cards().at(0)->onlineBox();
    QVERIFY(online->isChecked());
    online->click();
    QVERIFY(!e.sim.consumers()[0]->online);
    e.sim.step();
    e.panel.refresh(feed.take());
    QCOMPARE(e.sim.consumers()[0]->stats.batches, 0);
    QVERIFY(e.sim.consumers()[1]->stats.batches > 0);
}

void TestGui::countSuffixesAgreeWithTheValue()
{
    // A trial read "Prefetch: 1 messages" on a consumer card in front of a class, and again
    // after a fix that changed the suffix on valueChanged: the card sets its boxes with their
    // signals blocked. A count's unit agrees with the value however it was set, on the cards and
    // in the broker panel alike, and a typed value with or without its unit is read.
    EditedSetup e(busyScenario(1, 1));
    QVERIFY(e.loaded);
    ConsumerCard *card = e.panel.cards().at(0);
    const QList<std::tuple<QSpinBox *, QString, QString>> boxes = {
        {card->prefetchBox(), QStringLiteral(" message"), QStringLiteral(" messages")},
        {card->capacityBox(), QStringLiteral(" batch/cycle"), QStringLiteral(" batches/cycle")},
        {card->retryDelayBox(), QStringLiteral(" cycle"), QStringLiteral(" cycles")},
    };
    for (const auto &[box, one, many] : boxes) {
        QVERIFY(box);
        box->setValue(1);
        QCOMPARE(box->text(), QStringLiteral("1") + one);
        box->setValue(5);
        QCOMPARE(box->text(), QStringLiteral("5") + many);
        {
            const QSignalBlocker blocker(box);
            box->setValue(1);
            QCOMPARE(box->text(), QStringLiteral("1") + one);
            box->setValue(7);
            QCOMPARE(box->text(), QStringLiteral("7") + many);
        }
        // Typed: "3", "3 <unit>" and "1 <unit>" are read as 3, 3 and 1.
        const QList<std::pair<QString, int>> typings = {
                {QStringLiteral("3"), 3}, {QStringLiteral("4") + many, 4}, {QStringLiteral("1") + one, 1}};
        auto *edit = box->findChild<QLineEdit *>();
        QVERIFY(edit);
        for (const auto &[typed, value] : typings) {
            edit->selectAll();
            QTest::keyClicks(edit, typed);
            QTest::keyClick(edit, Qt::Key_Return);
            QCOMPARE(box->value(), value);
        }
    }
    // Through the card itself: the setup's prefetch set and the card synchronised.
    QCOMPARE(e.editor.applySetting(QStringLiteral("consumers[0].prefetch"), 5), QString());
    card->syncSetup();
    QCOMPARE(card->prefetchBox()->text(), QStringLiteral("5 messages"));
    QCOMPARE(e.editor.applySetting(QStringLiteral("consumers[0].prefetch"), 1), QString());
    card->syncSetup();
    QCOMPARE(card->prefetchBox()->text(), QStringLiteral("1 message"));
}

void TestGui::queueModelFollowsEachStep_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<int>("cycles");
    QTest::addRow("reference-priority") << loadPreset(QStringLiteral("reference-priority.json")) << 10;
    QTest::addRow("reference-ttl") << loadPreset(QStringLiteral("reference-ttl.json")) << 10;
    QTest::addRow("reference-predicate") << loadPreset(QStringLiteral("reference-predicate.json")) << 10;
    QTest::addRow("default") << loadPreset(QStringLiteral("default.json")) << 150;
    QTest::addRow("busy, paced") << busyScenario(40, 3) << 60;
    QTest::addRow("busy, drain") << busyScenario(40, 0) << 60;
}

void TestGui::queueModelFollowsEachStep()
{
    QFETCH(Scenario, scenario);
    QFETCH(int, cycles);
    Simulation sim;
    QVERIFY(sim.load(scenario).isEmpty());
    QueueModel model(&sim);
    TestSupport::CycleFeed feed(sim);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QCOMPARE(model.columnCount(), int(QueueModel::ColumnCount));
    QCOMPARE(model.rowCount(), 0);

    for (int i = 0; i < cycles && !sim.isFinished(); ++i) {
        inserted.clear();
        removed.clear();
        sim.step();
        model.sync(feed.take());
        QCOMPARE(model.rowCount(), int(sim.broker().size()));
        // At most one removal at the head and one insertion at the tail per cycle.
        QVERIFY(inserted.size() <= 1);
        QVERIFY(removed.size() <= 1);
        if (!removed.isEmpty())
            QCOMPARE(removed.first().at(1).toInt(), 0);
        compareWithBroker(model, sim);
    }

    // Reset starts over.
    sim.reset();
    QCOMPARE(model.rowCount(), int(sim.broker().size()));
}

void TestGui::queueModelBatchedSync()
{
    Simulation sim;
    QVERIFY(sim.load(busyScenario(50, 4)).isEmpty());
    QueueModel model(&sim);
    TestSupport::CycleFeed feed(sim);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);

    for (int round = 1; round <= 12; ++round) {
        const int rowsBefore = model.rowCount();
        for (int i = 0; i < round; ++i)
            sim.step();
        QCOMPARE(model.rowCount(), rowsBefore);  // nothing moves before sync()
        QVERIFY(model.isStale());
        // Stale rows never read past the queue.
        for (int row = 0; row < model.rowCount(); ++row)
            model.index(row, QueueModel::Data).data();
        inserted.clear();
        removed.clear();
        model.sync(feed.take());
        QVERIFY(inserted.size() <= 1);
        QVERIFY(removed.size() <= 1);
        compareWithBroker(model, sim);
    }
    QVERIFY(model.rowCount() > 100);
}

void TestGui::brokenScenarioKeepsCurrentOne()
{
    MainWindow window;
    window.setShowDialogs(false);
    QSignalSpy problems(&window, &MainWindow::problemsReported);
    QVERIFY(window.openScenarioFile(QStringLiteral(":/scenarios/default.json")).isEmpty());
    Simulation *sim = window.simulation();
    sim->runCycles(5);
    sim->run();
    const QString name = sim->loadedScenario().name;
    const qint64 cycle = sim->cycle();
    const qint64 queued = sim->broker().size();

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({
  "name": "broken",
  "seed": 1,
  "colour": "blue",
  "broker": {"batchSize": 0},
  "consumers": [ {"name": "A", "strategy": {"type": "priority", "threshold": "high"}} ],
  "producers": []
})");
    }
    const QStringList errors = window.openScenarioFile(path);
    QVERIFY2(errors.size() >= 3, qPrintable(errors.join(u'\n')));  // every problem, not the first
    QVERIFY(errors.join(u'\n').contains(QStringLiteral("consumers[0].strategy.threshold")));
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems.first().at(1).toStringList(), errors);

    // Untouched and still running.
    QCOMPARE(sim->loadedScenario().name, name);
    QCOMPARE(sim->cycle(), cycle);
    QCOMPARE(sim->broker().size(), queued);
    QVERIFY(sim->isRunning());
    QCOMPARE(window.currentFile(), QStringLiteral(":/scenarios/default.json"));

    // Not JSON at all, and a missing file.
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{ not json");
    }
    QVERIFY(!window.openScenarioFile(path).isEmpty());
    QVERIFY(!window.openScenarioFile(dir.filePath(QStringLiteral("missing.json"))).isEmpty());
    QCOMPARE(sim->loadedScenario().name, name);
    QVERIFY(sim->isRunning());
    sim->pause();
}

void TestGui::windowRunControls()
{
    MainWindow window;
    window.setShowDialogs(false);
    QVERIFY(window.openScenarioFile(QStringLiteral(":/scenarios/reference-priority.json")).isEmpty());
    Simulation *sim = window.simulation();

    QVERIFY(window.stepAction()->shortcuts().contains(QKeySequence(Qt::Key_Right)));
    QVERIFY(window.stepAction()->shortcuts().contains(QKeySequence(Qt::Key_N)));
    QCOMPARE(window.runPauseAction()->shortcut(), QKeySequence(Qt::Key_Space));
    QCOMPARE(window.resetAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_R));

    window.stepAction()->trigger();
    window.stepAction()->trigger();
    QCOMPARE(sim->cycle(), 2);
    window.refreshViews();
    QCOMPARE(window.queuePanel()->model()->rowCount(), int(sim->broker().size()));
    QVERIFY(window.statusSummary()->text().contains(QStringLiteral("Cycle 2")));
    QVERIFY(window.statusSummary()->text().contains(QStringLiteral("conservation ✓")));

    window.runPauseAction()->trigger();
    QVERIFY(sim->isRunning());
    window.runPauseAction()->trigger();
    QVERIFY(!sim->isRunning());

    sim->runCycles(-1);  // to the idle stop
    QVERIFY(sim->isFinished());
    window.refreshViews();
    QCOMPARE(window.queuePanel()->model()->rowCount(), 0);
    QVERIFY(!window.stepAction()->isEnabled());
    window.resetAction()->trigger();
    QCOMPARE(sim->cycle(), 0);
    QVERIFY(window.stepAction()->isEnabled());

    // Speed: the slider's right end is "as fast as possible".
    for (int i = 0; i < SpeedControl::steps().size(); ++i)
        window.speedControl()->faster();
    QCOMPARE(sim->intervalMs(), 0);
    window.speedControl()->slower();
    QCOMPARE(sim->intervalMs(), 1);

    // The chart shows the sliding window.
    sim->runCycles(5);
    window.refreshViews();
    QVERIFY(window.chartPanel()->queueDepthChart() != nullptr);
}

void TestGui::saveAsWritesCurrentSetup()
{
    MainWindow window;
    window.setShowDialogs(false);
    QVERIFY(window.openScenarioFile(QStringLiteral(":/scenarios/reference-priority.json")).isEmpty());
    QVERIFY(window.setupEditor()->setConsumerParameter(2, QStringLiteral("threshold"), 7).isEmpty());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("saved.json"));
    QVERIFY(window.saveScenarioFile(path).isEmpty());
    const ScenarioLoadResult saved = loadScenarioFile(path);
    QVERIFY2(saved.ok(), qPrintable(saved.errors.join(u'\n')));
    QCOMPARE(saved.scenario->consumers.at(2).strategy.parameters.value(QStringLiteral("threshold")).toInt(), 7);

    QSignalSpy problems(&window, &MainWindow::problemsReported);
    QVERIFY(!window.saveScenarioFile(dir.filePath(QStringLiteral("no/such/dir/x.json"))).isEmpty());
    QCOMPARE(problems.size(), 1);
}

void TestGui::presetCatalog()
{
    // Every preset of resources/scenarios/ is compiled in, named by its "name", default first.
    const QList<ScenarioCatalog::Entry> entries = ScenarioCatalog::entries();
    const QStringList files = QDir(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/scenarios"))
                                      .entryList({QStringLiteral("*.json")}, QDir::Files);
    QCOMPARE(entries.size(), files.size());
    QCOMPARE(entries.first().path, ScenarioCatalog::defaultPath());
    for (const ScenarioCatalog::Entry &e : entries) {
        const ScenarioLoadResult r = loadScenarioFile(e.path);
        QVERIFY2(r.ok(), qPrintable(e.path));
        QCOMPARE(e.name, r.scenario->name);
        QCOMPARE(e.description, r.scenario->description);
        QVERIFY(!e.description.isEmpty());
    }
}

QTEST_MAIN(TestGui)
#include "tst_gui.moc"
