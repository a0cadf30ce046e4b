// Setting paths (docs/design.md §6): parsed once into a SettingPath that prints back to the same
// text, with errors naming the path and the fix; limits on depth and length (a timeline path of
// 18,000 steps is a load error naming the limit, not a stack overflow); settings checked without
// being applied; Simulation::setupChanged() saying what changed.
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "core/scenario/settingpath.h"
#include "tests/datatable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace PriorityLab;

namespace {

Scenario twoConsumers()
{
    Scenario s;
    s.name = QStringLiteral("two");
    s.consumers << ConsumerConfig {
            QStringLiteral("A"), {QStringLiteral("ttl"), {}}, true, 0.0, 0, {}, {}, {}};
    s.consumers << ConsumerConfig {
            QStringLiteral("B"), {QStringLiteral("priority"), {}}, true, 0.0, 0, {}, {}, {}};
    ProducerConfig p;
    p.name = QStringLiteral("P");
    p.generator = GeneratorConfig();
    s.producers << p;
    const ScenarioLoadResult normalized =
            parseScenario(QJsonDocument(scenarioToJson(s)).toJson(), QStringLiteral("two.json"));
    if (!normalized.ok())
        qFatal("%s", qPrintable(normalized.errors.join(u'\n')));
    return *normalized.scenario;
}

} // namespace

class TestSettingPath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data();
    void roundTrip();
    void accessors();
    void errors_data();
    void errors();
    void limits();
    void deepTimelinePathIsALoadError();
    void checkDoesNotApply();
    void strategyTypeReplacesTheStrategy();
    void setupChangedSaysWhat();
    void timedSettings();
};

void TestSettingPath::roundTrip_data()
{
    TestSupport::addColumns<QString, int>("text", "depth");
    QTest::addRow("consumer parameter") << QStringLiteral("consumers[1].strategy.low") << 3;
    QTest::addRow("broker") << QStringLiteral("broker.batchSize") << 2;
    QTest::addRow("generator") << QStringLiteral("producers[0].generator.perCycle") << 3;
    QTest::addRow("top level") << QStringLiteral("description") << 1;
    QTest::addRow("whole consumer") << QStringLiteral("consumers[12]") << 1;
    QTest::addRow("index below") << QStringLiteral("producers[0].messages[3].priority") << 3;
}

void TestSettingPath::roundTrip()
{
    QFETCH(QString, text);
    QFETCH(int, depth);
    const SettingPath path = SettingPath::parse(text);
    QVERIFY2(path.isValid(), qPrintable(path.error()));
    QVERIFY(path.error().isEmpty());
    QCOMPARE(path.depth(), depth);
    QCOMPARE(path.toString(), text);
    QCOMPARE(SettingPath::parse(path.toString()), path);
    QCOMPARE(SettingPath::fromSteps(path.steps()), path);
}

void TestSettingPath::accessors()
{
    const SettingPath path = SettingPath::parse(QStringLiteral("consumers[1].strategy.low"));
    QCOMPARE(path.rootKey(), QStringLiteral("consumers"));
    QCOMPARE(path.rootIndex(), 1);
    QVERIFY(path.isConsumer());
    QVERIFY(!path.isProducer());
    QVERIFY(!path.isBroker());
    QCOMPARE(path.below().toString(), QStringLiteral("strategy.low"));
    QCOMPARE(path.withRootIndex(3).toString(), QStringLiteral("consumers[3].strategy.low"));
    QCOMPARE(path.parent().toString(), QStringLiteral("consumers[1].strategy"));
    QCOMPARE(path.lastKey(), QStringLiteral("low"));

    const SettingPath producer =
            SettingPath::parse(QStringLiteral("producers[0].generator.perCycle"));
    QVERIFY(producer.isProducer());
    QCOMPARE(producer.rootIndex(), 0);
    const SettingPath broker = SettingPath::parse(QStringLiteral("broker.batchSize"));
    QVERIFY(broker.isBroker());
    QCOMPARE(broker.rootIndex(), -1);
    const SettingPath description = SettingPath::parse(QStringLiteral("description"));
    QCOMPARE(description.rootKey(), QStringLiteral("description"));
    QVERIFY(!description.below().isValid());
    QVERIFY(!description.parent().isValid());
    QVERIFY(!SettingPath().isValid());
    QVERIFY(SettingPath().error().isEmpty());
}

void TestSettingPath::errors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    const QString fix = QStringLiteral("; write e.g. consumers[1].strategy.low");
    QTest::addRow("empty") << QString() << QStringLiteral("empty setting path") + fix;
    QTest::addRow("empty step") << QStringLiteral("broker..batchSize")
                                << QStringLiteral("broker..batchSize: a step has no key") + fix;
    QTest::addRow("leading dot") << QStringLiteral(".broker")
                                 << QStringLiteral(".broker: a step has no key") + fix;
    QTest::addRow("index without key") << QStringLiteral("[1].online")
                                       << QStringLiteral("[1].online: a step has no key") + fix;
    QTest::addRow("not a number")
            << QStringLiteral("consumers[x].online")
            << QStringLiteral("consumers[x].online: \"x\" is not an index (a whole number from 0)")
                    + fix;
    QTest::addRow("negative")
            << QStringLiteral("consumers[-1].online")
            << QStringLiteral(
                       "consumers[-1].online: \"-1\" is not an index (a whole number from 0)")
                    + fix;
    QTest::addRow("empty index")
            << QStringLiteral("consumers[].online")
            << QStringLiteral("consumers[].online: \"\" is not an index (a whole number from 0)")
                    + fix;
    QTest::addRow("unclosed")
            << QStringLiteral("consumers[1.online")
            << QStringLiteral("consumers[1.online: \"consumers[1\" does not end with \"]\"") + fix;
    QTest::addRow("stray bracket")
            << QStringLiteral("broker]")
            << QStringLiteral("broker]: \"]\" without \"[\" in \"broker]\"") + fix;
}

void TestSettingPath::errors()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    const SettingPath path = SettingPath::parse(text);
    QVERIFY(!path.isValid());
    QCOMPARE(path.error(), error);
    QCOMPARE(path.toString(), text); // an invalid path prints what it was given
    // Every user of paths reports the same error.
    Scenario s = twoConsumers();
    QCOMPARE(applySetting(s, text, 1), error);
    QVERIFY(settingValue(s, text).isUndefined());
}

void TestSettingPath::limits()
{
    QStringList steps(SettingPath::MaxDepth, QStringLiteral("a"));
    QVERIFY(SettingPath::parse(steps.join(u'.')).isValid());
    steps << QStringLiteral("a");
    const SettingPath deep = SettingPath::parse(steps.join(u'.'));
    QVERIFY(!deep.isValid());
    QVERIFY2(deep.error().contains(
                     QStringLiteral("17 steps, more than the 16 a setting path may have")),
             qPrintable(deep.error()));

    const QString longKey(SettingPath::MaxLength + 1, QLatin1Char('k'));
    const SettingPath tooLong = SettingPath::parse(longKey);
    QVERIFY(!tooLong.isValid());
    QVERIFY2(tooLong.error().contains(
                     QStringLiteral("513 characters, more than the 512 a setting path may have")),
             qPrintable(tooLong.error()));
    QVERIFY2(tooLong.error().size() < 200, "the error shows the path shortened");
    QVERIFY(SettingPath::parse(QString(SettingPath::MaxLength, QLatin1Char('k'))).isValid());

    QVERIFY(!SettingPath::fromSteps(
                     QList<SettingPath::Step>(SettingPath::MaxDepth + 1, {QStringLiteral("a")}))
                     .isValid());
    QVERIFY(!SettingPath::fromSteps({{QString()}}).isValid());
}

void TestSettingPath::deepTimelinePathIsALoadError()
{
    // 18,000 steps overflowed the stack of the recursive setter; now the parser refuses it.
    const QString path = QStringList(18000, QStringLiteral("a")).join(u'.');
    const QJsonObject root {
            {QStringLiteral("timeline"),
             QJsonArray {QJsonObject {{QStringLiteral("atCycle"), 1},
                                      {QStringLiteral("set"), QJsonObject {{path, 1}}}}}}};
    const ScenarioLoadResult result =
            parseScenario(QJsonDocument(root).toJson(), QStringLiteral("deep.json"));
    QVERIFY(!result.ok());
    QCOMPARE(result.errors.size(), 1);
    const QString error = result.errors.constFirst();
    QVERIFY2(error.startsWith(QStringLiteral("deep.json:")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("timeline[0].set: a.a.a")), qPrintable(error));
    QVERIFY2(
            error.contains(QStringLiteral("18000 steps, more than the 16 a setting path may have")),
            qPrintable(error));
    QVERIFY2(error.size() < 300, "the path is shortened in the message");

    // The same path as a live edit.
    Simulation sim;
    QVERIFY(sim.load(twoConsumers()).isEmpty());
    QVERIFY(sim.applySetting(path, 1).contains(QStringLiteral("more than the 16")));
}

void TestSettingPath::checkDoesNotApply()
{
    Simulation sim;
    QVERIFY(sim.load(twoConsumers()).isEmpty());
    QSignalSpy changed(&sim, &Simulation::setupChanged);
    const SettingPath low = SettingPath::parse(QStringLiteral("consumers[0].strategy.low"));

    const CheckedSetting check = sim.checkSetting(low, 2);
    QVERIFY2(check.ok(), qPrintable(check.error));
    QCOMPARE(check.oldValue, QJsonValue(0));
    QCOMPARE(check.newValue, QJsonValue(2));
    QCOMPARE(check.target, low);
    QVERIFY(!check.isNoOp());
    QCOMPARE(sim.consumers()[0]->strategy->parameter(QStringLiteral("low")).toInt(),
             0); // not applied
    QCOMPARE(changed.size(), 0);

    QCOMPARE(sim.applySetting(check), QString());
    QCOMPARE(sim.consumers()[0]->strategy->parameter(QStringLiteral("low")).toInt(), 2);
    QCOMPARE(changed.size(), 1);

    // A check made before another change is checked again, not applied as it was.
    const CheckedSetting stale =
            sim.checkSetting(SettingPath::parse(QStringLiteral("consumers[0].strategy.high")), 9);
    QCOMPARE(sim.applySetting(low, 3), QString());
    QCOMPARE(sim.applySetting(stale), QString());
    QCOMPARE(sim.consumers()[0]->strategy->parameter(QStringLiteral("low")).toInt(), 3);
    QCOMPARE(sim.consumers()[0]->strategy->parameter(QStringLiteral("high")).toInt(), 9);

    // Invalid: an error, and nothing changes.
    const CheckedSetting bad =
            sim.checkSetting(SettingPath::parse(QStringLiteral("broker.batchSize")), 0);
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error.startsWith(QStringLiteral("broker.batchSize: 0 is out of range")),
             qPrintable(bad.error));
    QCOMPARE(sim.applySetting(bad), bad.error);
    QCOMPARE(sim.broker().config().batchSize, 3);

    // A value the format leaves out (online: true) is the same as the key absent.
    QVERIFY(sim.checkSetting(SettingPath::parse(QStringLiteral("consumers[1].online")), true)
                    .isNoOp());
    QVERIFY(!sim.checkSetting(SettingPath::parse(QStringLiteral("consumers")), QJsonArray {}).ok());
}

void TestSettingPath::strategyTypeReplacesTheStrategy()
{
    // The live setup has every parameter (a file only the ones it gives).
    Simulation sim;
    QVERIFY(sim.load(twoConsumers()).isEmpty());
    const Scenario s = sim.currentScenario();
    const CheckedSetting check =
            checkSetting(s, SettingPath::parse(QStringLiteral("consumers[1].strategy.type")),
                         QStringLiteral("ttl"));
    QVERIFY2(check.ok(), qPrintable(check.error));
    QCOMPARE(check.target.toString(), QStringLiteral("consumers[1].strategy"));
    QCOMPARE(check.oldValue.toObject().value(QStringLiteral("type")).toString(),
             QStringLiteral("priority"));
    QVERIFY(check.oldValue.toObject().contains(QStringLiteral("threshold")));
    QCOMPARE(check.newValue.toObject().value(QStringLiteral("type")).toString(),
             QStringLiteral("ttl"));
    QVERIFY(!check.newValue.toObject().contains(QStringLiteral("threshold")));
    QCOMPARE(check.scenario.consumers.at(1).strategy.type, QStringLiteral("ttl"));
    QCOMPARE(s.consumers.at(1).strategy.type, QStringLiteral("priority")); // the input is untouched
}

void TestSettingPath::setupChangedSaysWhat()
{
    Simulation sim;
    QVERIFY(sim.load(twoConsumers()).isEmpty());
    QSignalSpy changed(&sim, &Simulation::setupChanged);
    const auto last = [&] { return changed.constLast().constFirst().value<SettingChange>(); };

    QCOMPARE(sim.applySetting(QStringLiteral("consumers[1].strategy.threshold"), 7), QString());
    QCOMPARE(last().kind, SettingChange::Kind::Setting);
    QCOMPARE(last().path.toString(), QStringLiteral("consumers[1].strategy.threshold"));
    QCOMPARE(last().consumer, 1);
    QCOMPARE(last().producer, -1);

    QCOMPARE(sim.applySetting(QStringLiteral("producers[0].generator.perCycle"), 3), QString());
    QCOMPARE(last().path.toString(), QStringLiteral("producers[0].generator.perCycle"));
    QCOMPARE(last().producer, 0);
    QCOMPARE(last().consumer, -1);

    sim.setIntervalMs(40);
    QCOMPARE(last().kind, SettingChange::Kind::Interval);
    QCOMPARE(sim.settingValue(QStringLiteral("broker.cycleIntervalMs")), QJsonValue(40));
    const qsizetype count = changed.size();
    sim.setIntervalMs(40); // no change, no signal
    QCOMPARE(changed.size(), count);

    BrokerConfig broker = sim.broker().config();
    broker.batchSize = 5;
    sim.setBrokerConfig(broker);
    QCOMPARE(last().kind, SettingChange::Kind::Broker);

    ConsumerConfig c;
    c.name = QStringLiteral("C");
    QCOMPARE(sim.checkConsumer(2, c), QString());
    QCOMPARE(sim.consumers().size(), size_t(2)); // checked, not added
    QCOMPARE(sim.addConsumer(c), QString());
    QCOMPARE(last().kind, SettingChange::Kind::ConsumerAdded);
    QCOMPARE(last().consumer, 2);
    QVERIFY(!sim.checkConsumer(0, c).isEmpty()); // the name is taken now
    sim.removeConsumer(0);
    QCOMPARE(last().kind, SettingChange::Kind::ConsumerRemoved);
    QCOMPARE(last().consumer, 0);

    sim.setConsumerOnline(0, false);
    QCOMPARE(last().path.toString(), QStringLiteral("consumers[0].online"));
    QCOMPARE(last().consumer, 0);
    // The live consumer's configuration, as a scenario would have it.
    const ConsumerConfig config = sim.consumers()[0]->config();
    QCOMPARE(config.name, QStringLiteral("B"));
    QVERIFY(!config.online);
    QCOMPARE(config.strategy.type, QStringLiteral("priority"));
    QCOMPARE(config.strategy.parameters.value(QStringLiteral("threshold")).toInt(), 7);
    QCOMPARE(sim.currentScenario().consumers.at(0).strategy.parameters, config.strategy.parameters);
}

void TestSettingPath::timedSettings()
{
    // A live edit of these is saved as a timeline change at its cycle.
    for (const char *text : {"consumers[1].strategy.low", "broker.batchSize", "broker.mode",
                             "producers[0].generator.perCycle", "consumers[0].online"})
        QVERIFY2(SettingPath::parse(QString::fromLatin1(text)).isTimed(), text);
    // The file's texts and the timer's interval never change what happens in a run.
    for (const char *text : {"name", "description", "hint", "broker.cycleIntervalMs"})
        QVERIFY2(!SettingPath::parse(QString::fromLatin1(text)).isTimed(), text);
    // Only the broker's own interval is the timer; a deeper key of the same name is a setting.
    QVERIFY(SettingPath::parse(QStringLiteral("consumers[0].name")).isTimed());
    QVERIFY(!SettingPath().isTimed());
}

QTEST_GUILESS_MAIN(TestSettingPath)
#include "tst_settingpath.moc"
