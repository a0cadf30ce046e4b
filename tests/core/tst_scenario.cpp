// Scenario files (docs/design.md §6): every kind of bad input gives its message with the JSON path,
// several problems are all listed, save -> load round-trips field by field, and every preset in
// resources/scenarios loads.
#include "core/scenario/scenario.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QTest>

#include <climits>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

const QString Source = QStringLiteral("test.json");

/// The errors joined by newlines, without their line numbers ("FILE:LINE: PATH" -> "FILE: PATH"),
/// so rows can assert the path and message; validationErrorsGiveLine() checks the lines.
QString joined(const QStringList &errors)
{
    static const QRegularExpression line(QStringLiteral("^([^:\\n]+):\\d+: "), QRegularExpression::MultilineOption);
    return errors.join(QLatin1Char('\n')).replace(line, QStringLiteral("\\1: "));
}

/// A scenario whose one consumer, A, has the strategy object {@p fields}, e.g.
/// strategyOfA(R"("type": "ttl", "low": 2)"): the rows that are about a strategy's settings.
QByteArray strategyOfA(const char *fields)
{
    return QByteArrayLiteral(R"({"consumers": [{"name": "A", "strategy": {)") + fields + QByteArrayLiteral("}}]}");
}

/// Checks that the scenario file @p path does not load, with one error that names the file and
/// says @p what.
void verifyFileError(const QString &path, const QString &what)
{
    const ScenarioLoadResult result = loadScenarioFile(path);
    QVERIFY(!result.ok());
    QCOMPARE(result.errors.size(), 1);
    QVERIFY2(result.errors.at(0).startsWith(path), qPrintable(result.errors.at(0)));
    QVERIFY2(result.errors.at(0).contains(what), qPrintable(result.errors.at(0)));
}

} // namespace

class TestScenario : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void badInput_data();
    void badInput();
    void parseErrorColumn_data();
    void parseErrorColumn();
    void severalErrorsAllListed();
    void validationErrorsGiveLine();
    void defaultsOfAMinimalFile();
    void applySettingByPath();
    void sizeLimit();
    void missingFile();
    void roundTrip();
    void roundTripOfLiveSetup();
    void saveFailureNamesFile();
    void presetsLoad_data();
    void presetsLoad();
};

void TestScenario::badInput_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");  // substring of the error list

    // Syntax: file:line:column.
    QTest::addRow("invalid JSON, value missing") << QByteArray("{\n  \"name\": \"x\",\n  \"seed\": ,\n}")
                                                 << QStringLiteral("test.json:3:");
    QTest::addRow("invalid JSON, not closed") << QByteArray("{\"name\": \"x\"")
                                              << QStringLiteral("test.json:1:");
    QTest::addRow("invalid JSON, trailing comma") << QByteArray("{\"seed\": 1,\n\n}")
                                                  << QStringLiteral("test.json:3:");
    QTest::addRow("empty file") << QByteArray() << QStringLiteral("test.json:1:1: not valid JSON");
    QTest::addRow("top level array") << QByteArray("[1, 2]")
                                     << QStringLiteral("test.json: (top level): expected a JSON object");

    // Unknown keys at each level.
    QTest::addRow("unknown key: root") << QByteArray(R"({"colour": 1})")
                                       << QStringLiteral("test.json: colour: unknown key; remove it or use one of name, "
                                                         "description, hint, seed, broker, consumers, producers, timeline");
    QTest::addRow("unknown key: broker") << QByteArray(R"({"broker": {"batchsize": 3}})")
                                         << QStringLiteral("test.json: broker.batchsize: unknown key");
    QTest::addRow("unknown key: dispatch") << QByteArray(R"({"broker": {"dispatch": {"batchesPerCycle": 1, "fast": true}}})")
                                           << QStringLiteral("test.json: broker.dispatch.fast: unknown key");
    QTest::addRow("unknown key: consumers[1]")
            << QByteArray(R"({"consumers": [{"name": "A"}, {"name": "B", "speed": 2}]})")
            << QStringLiteral("test.json: consumers[1].speed: unknown key");
    QTest::addRow("unknown key: strategy")
            << strategyOfA(R"("type": "priority", "thresold": 5)")
            << QStringLiteral("test.json: consumers[0].strategy.thresold: unknown key; remove it or use one of "
                              "type, threshold, agingStep");
    QTest::addRow("unknown key: another strategy's parameter")
            << strategyOfA(R"("type": "ttl", "threshold": 5)")
            << QStringLiteral("test.json: consumers[0].strategy.threshold: unknown key");
    QTest::addRow("unknown key: producers[0]") << QByteArray(R"({"producers": [{"name": "P", "rate": 1}]})")
                                               << QStringLiteral("test.json: producers[0].rate: unknown key");
    QTest::addRow("unknown key: messages[1]")
            << QByteArray(R"({"producers": [{"name": "P", "messages": [{"data": "a"}, {"data": "b", "prio": 1}]}]})")
            << QStringLiteral("test.json: producers[0].messages[1].prio: unknown key");
    QTest::addRow("unknown key: generator")
            << QByteArray(R"({"producers": [{"name": "P", "generator": {"perCycle": 1, "rate": 2}}]})")
            << QStringLiteral("test.json: producers[0].generator.rate: unknown key");

    // Wrong types.
    QTest::addRow("DESIGN example: threshold \"high\"")
            << QByteArray(R"({"consumers": [{"name": "A"},
                                            {"name": "B", "strategy": {"type": "priority", "threshold": "high"}}]})")
            << QStringLiteral("test.json: consumers[1].strategy.threshold: expected an integer, got \"high\"");
    QTest::addRow("threshold null") << strategyOfA(R"("type": "priority", "threshold": null)")
                                    << QStringLiteral("consumers[0].strategy.threshold: expected an integer, got null");
    QTest::addRow("threshold fraction") << strategyOfA(R"("type": "priority", "threshold": 4.5)")
                                        << QStringLiteral("consumers[0].strategy.threshold: expected an integer, got 4.5");
    QTest::addRow("batchSize string") << QByteArray(R"({"broker": {"batchSize": "3"}})")
                                      << QStringLiteral("test.json: broker.batchSize: expected an integer, got \"3\"");
    QTest::addRow("batchSize fraction") << QByteArray(R"({"broker": {"batchSize": 2.5}})")
                                        << QStringLiteral("broker.batchSize: expected an integer, got 2.5");
    QTest::addRow("broker array") << QByteArray(R"({"broker": []})")
                                  << QStringLiteral("test.json: broker: expected an object {...}, got an array");
    QTest::addRow("consumers object") << QByteArray(R"({"consumers": {}})")
                                      << QStringLiteral("test.json: consumers: expected an array [...], got an object");
    QTest::addRow("consumer not an object") << QByteArray(R"({"consumers": ["A"]})")
                                            << QStringLiteral("consumers[0]: expected an object {...}, got \"A\"");
    QTest::addRow("online string") << QByteArray(R"({"consumers": [{"name": "A", "online": "yes"}]})")
                                   << QStringLiteral("consumers[0].online: expected true or false, got \"yes\"");
    QTest::addRow("name number") << QByteArray(R"({"consumers": [{"name": 5}]})")
                                 << QStringLiteral("consumers[0].name: expected a string, got 5");
    QTest::addRow("failureRate string") << QByteArray(R"({"consumers": [{"name": "A", "failureRate": "0.5"}]})")
                                        << QStringLiteral("consumers[0].failureRate: expected a probability from 0 to 1, got \"0.5\"");
    QTest::addRow("strategy string") << QByteArray(R"({"consumers": [{"name": "A", "strategy": "priority"}]})")
                                     << QStringLiteral("consumers[0].strategy: expected an object {...}, got \"priority\"");
    QTest::addRow("strategy without type") << strategyOfA(R"("threshold": 5)")
                                           << QStringLiteral("consumers[0].strategy.type: expected one of accept-all, "
                                                             "predicate, priority, ttl");
    QTest::addRow("predicate number") << strategyOfA(R"("type": "predicate", "predicate": 5)")
                                      << QStringLiteral("consumers[0].strategy.predicate: expected an expression in a string, got 5");
    QTest::addRow("seed string") << QByteArray(R"({"seed": "x"})") << QStringLiteral("test.json: seed: expected an integer, got \"x\"");
    QTest::addRow("description number") << QByteArray(R"({"description": 1})")
                                         << QStringLiteral("test.json: description: expected a string, got 1");
    QTest::addRow("message not an object") << QByteArray(R"({"producers": [{"name": "P", "messages": [5]}]})")
                                           << QStringLiteral("producers[0].messages[0]: expected an object {...}, got 5");
    QTest::addRow("messages object") << QByteArray(R"({"producers": [{"name": "P", "messages": {}}]})")
                                     << QStringLiteral("producers[0].messages: expected an array [...], got an object");
    QTest::addRow("message data number") << QByteArray(R"({"producers": [{"name": "P", "messages": [{"data": 5}]}]})")
                                         << QStringLiteral("producers[0].messages[0].data: expected a string, got 5");
    QTest::addRow("atCycle string") << QByteArray(R"({"producers": [{"name": "P", "messages": [{"atCycle": "0"}]}]})")
                                    << QStringLiteral("producers[0].messages[0].atCycle: expected an integer, got \"0\"");
    QTest::addRow("generator array") << QByteArray(R"({"producers": [{"name": "P", "generator": []}]})")
                                     << QStringLiteral("producers[0].generator: expected an object {...}, got an array");
    QTest::addRow("generator range of one") << QByteArray(R"({"producers": [{"name": "P", "generator": {"ttl": [1]}}]})")
                                            << QStringLiteral("producers[0].generator.ttl: expected a range [min, max] of two integers");
    QTest::addRow("generator range element") << QByteArray(R"({"producers": [{"name": "P", "generator": {"priority": ["a", 2]}}]})")
                                             << QStringLiteral("producers[0].generator.priority[0]: expected an integer, got \"a\"");

    // Out of range.
    QTest::addRow("batchSize 0") << QByteArray(R"({"broker": {"batchSize": 0}})")
                                 << QStringLiteral("test.json: broker.batchSize: 0 is out of range: use an integer from 1 to 1000000");
    QTest::addRow("failureRate 1.5") << QByteArray(R"({"consumers": [{"name": "A", "failureRate": 1.5}]})")
                                     << QStringLiteral("test.json: consumers[0].failureRate: expected a probability from 0 to 1, got 1.5");
    QTest::addRow("failureRate negative") << QByteArray(R"({"consumers": [{"name": "A", "failureRate": -0.1}]})")
                                          << QStringLiteral("consumers[0].failureRate: expected a probability from 0 to 1, got -0.1");
    QTest::addRow("threshold above limit") << strategyOfA(R"("type": "priority", "threshold": 2000000)")
                                           << QStringLiteral("consumers[0].strategy.threshold: 2000000 is out of range: use an integer from -1000000 to 1000000");
    QTest::addRow("threshold below limit") << strategyOfA(R"("type": "priority", "threshold": -1000001)")
                                           << QStringLiteral("consumers[0].strategy.threshold: -1000001 is out of range");
    QTest::addRow("agingStep negative") << strategyOfA(R"("type": "priority", "agingStep": -1)")
                                        << QStringLiteral("consumers[0].strategy.agingStep: -1 is out of range: use an integer from 0 to 1000000");
    QTest::addRow("ttl low above limit") << strategyOfA(R"("type": "ttl", "low": 1000001)")
                                         << QStringLiteral("consumers[0].strategy.low: 1000001 is out of range");
    QTest::addRow("maxPredicateRuns negative") << strategyOfA(R"("type": "predicate", "maxPredicateRuns": -1)")
                                               << QStringLiteral("consumers[0].strategy.maxPredicateRuns: -1 is out of range");
    QTest::addRow("maxIdleCycles negative") << QByteArray(R"({"broker": {"maxIdleCycles": -1}})")
                                            << QStringLiteral("broker.maxIdleCycles: -1 is out of range");
    QTest::addRow("cycleIntervalMs too long") << QByteArray(R"({"broker": {"cycleIntervalMs": 70000}})")
                                              << QStringLiteral("broker.cycleIntervalMs: 70000 is out of range: use an integer from 0 to 60000");
    QTest::addRow("maxDeliveriesPerCycle 0") << QByteArray(R"({"broker": {"maxDeliveriesPerCycle": 0}})")
                                             << QStringLiteral("broker.maxDeliveriesPerCycle: 0 is out of range");
    QTest::addRow("batchesPerCycle 0") << QByteArray(R"({"broker": {"dispatch": {"batchesPerCycle": 0}}})")
                                       << QStringLiteral("broker.dispatch.batchesPerCycle: 0 is out of range");
    QTest::addRow("seed negative") << QByteArray(R"({"seed": -1})") << QStringLiteral("test.json: seed: -1 is out of range");
    QTest::addRow("perCycle negative") << QByteArray(R"({"producers": [{"name": "P", "generator": {"perCycle": -1}}]})")
                                       << QStringLiteral("producers[0].generator.perCycle: -1 is out of range");
    QTest::addRow("atCycle negative") << QByteArray(R"({"producers": [{"name": "P", "messages": [{"atCycle": -1}]}]})")
                                      << QStringLiteral("producers[0].messages[0].atCycle: -1 is out of range");
    QTest::addRow("priority beyond int") << QByteArray(R"({"producers": [{"name": "P", "messages": [{"priority": 3000000000}]}]})")
                                         << QStringLiteral("producers[0].messages[0].priority: 3000000000 is out of range");

    // Strategy type and predicate.
    QTest::addRow("unknown strategy type")
            << strategyOfA(R"("type": "fastest")")
            << QStringLiteral("test.json: consumers[0].strategy.type: unknown strategy \"fastest\"; use one of "
                              "accept-all, predicate, priority, ttl");
    QTest::addRow("predicate unknown name")
            << strategyOfA(R"("type": "predicate", "predicate": "prio > 3")")
            << QStringLiteral("test.json: consumers[0].strategy.predicate: column 1: unknown name \"prio\"");
    QTest::addRow("predicate assignment")
            << strategyOfA(R"("type": "predicate", "predicate": "priority = 3")")
            << QStringLiteral("consumers[0].strategy.predicate: column 10:");

    // Names.
    QTest::addRow("duplicate consumer names") << QByteArray(R"({"consumers": [{"name": "A"}, {"name": "A"}]})")
                                              << QStringLiteral("test.json: consumers[1].name: \"A\" is used by another consumer");
    QTest::addRow("duplicate producer names") << QByteArray(R"({"producers": [{"name": "P"}, {"name": "Q"}, {"name": "P"}]})")
                                              << QStringLiteral("test.json: producers[2].name: \"P\" is used by another producer");
    QTest::addRow("consumer name missing") << QByteArray(R"({"consumers": [{"strategy": {"type": "accept-all"}}]})")
                                           << QStringLiteral("test.json: consumers[0].name: missing");
    QTest::addRow("consumer name empty") << QByteArray(R"({"consumers": [{"name": "  "}]})")
                                         << QStringLiteral("test.json: consumers[0].name: is empty");
    QTest::addRow("producer name missing") << QByteArray(R"({"producers": [{"messages": []}]})")
                                           << QStringLiteral("test.json: producers[0].name: missing");

    // Generator ranges and cycles.
    QTest::addRow("priority range min > max") << QByteArray(R"({"producers": [{"name": "P", "generator": {"priority": [9, 0]}}]})")
                                              << QStringLiteral("test.json: producers[0].generator.priority: min 9 is above max 0");
    QTest::addRow("ttl range min > max") << QByteArray(R"({"producers": [{"name": "P", "generator": {"ttl": [6, 1]}}]})")
                                         << QStringLiteral("test.json: producers[0].generator.ttl: min 6 is above max 1");
    QTest::addRow("untilCycle before fromCycle")
            << QByteArray(R"({"producers": [{"name": "P", "generator": {"fromCycle": 5, "untilCycle": 3}}]})")
            << QStringLiteral("test.json: producers[0].generator.untilCycle: 3 is before fromCycle 5");

    // Dispatch and mode.
    QTest::addRow("dispatch unknown word") << QByteArray(R"({"broker": {"dispatch": "fast"}})")
                                           << QStringLiteral("test.json: broker.dispatch: expected \"drain\" or {\"batchesPerCycle\": K}, got \"fast\"");
    QTest::addRow("dispatch number") << QByteArray(R"({"broker": {"dispatch": 3}})")
                                     << QStringLiteral("broker.dispatch: expected \"drain\" or {\"batchesPerCycle\": K}, got 3");
    QTest::addRow("dispatch array") << QByteArray(R"({"broker": {"dispatch": ["drain"]}})")
                                    << QStringLiteral("broker.dispatch: expected \"drain\" or {\"batchesPerCycle\": K}, got an array");
    QTest::addRow("dispatch empty object") << QByteArray(R"({"broker": {"dispatch": {}}})")
                                           << QStringLiteral("test.json: broker.dispatch.batchesPerCycle: missing");
    QTest::addRow("mode unknown") << QByteArray(R"({"broker": {"mode": "lifo"}})")
                                  << QStringLiteral("test.json: broker.mode: expected \"fifo\", \"priority\" or \"topics\", got \"lifo\"");
}

void TestScenario::badInput()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const ScenarioLoadResult result = parseScenario(json, Source);
    QVERIFY(!result.ok());
    QVERIFY(!result.errors.isEmpty());
    QVERIFY2(joined(result.errors).contains(expected), qPrintable(joined(result.errors)));
    for (const QString &e : result.errors)
        QVERIFY2(e.startsWith(Source), qPrintable(e));
}

void TestScenario::parseErrorColumn_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");  // file:line:column of the offending character
    QTest::addRow("value missing") << QByteArray("{\n  \"name\": \"x\",\n  \"seed\": ,\n}")
                                   << QStringLiteral("test.json:3:11: not valid JSON");
    QTest::addRow("trailing comma") << QByteArray("{\"seed\": 1,\n\n}") << QStringLiteral("test.json:3:1: not valid JSON");
    QTest::addRow("bad literal") << QByteArray("{\"a\": tru}") << QStringLiteral("test.json:1:7: not valid JSON");
}

void TestScenario::parseErrorColumn()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const ScenarioLoadResult result = parseScenario(json, Source);
    QCOMPARE(result.errors.size(), 1);
    QVERIFY2(result.errors.at(0).startsWith(expected), qPrintable(result.errors.at(0)));
}

void TestScenario::severalErrorsAllListed()
{
    const QByteArray json = R"({
        "colour": "red",
        "broker": {"batchSize": 0, "dispatch": "fast"},
        "consumers": [
            {"name": "A", "strategy": {"type": "priority", "threshold": "high"}},
            {"name": "A", "failureRate": 2},
            {"strategy": {"type": "fastest"}}
        ],
        "producers": [
            {"name": "P", "generator": {"priority": [9, 0], "fromCycle": 5, "untilCycle": 1}}
        ]
    })";
    const ScenarioLoadResult result = parseScenario(json, Source);
    QVERIFY(!result.ok());
    const QStringList expected = {
        QStringLiteral("test.json: colour: unknown key"),
        QStringLiteral("test.json: broker.batchSize: 0 is out of range"),
        QStringLiteral("test.json: broker.dispatch: expected \"drain\""),
        QStringLiteral("test.json: consumers[0].strategy.threshold: expected an integer, got \"high\""),
        QStringLiteral("test.json: consumers[1].failureRate: expected a probability from 0 to 1, got 2"),
        QStringLiteral("test.json: consumers[1].name: \"A\" is used by another consumer"),
        QStringLiteral("test.json: consumers[2].name: missing"),
        QStringLiteral("test.json: consumers[2].strategy.type: unknown strategy \"fastest\""),
        QStringLiteral("test.json: producers[0].generator.priority: min 9 is above max 0"),
        QStringLiteral("test.json: producers[0].generator.untilCycle: 1 is before fromCycle 5"),
    };
    QCOMPARE(result.errors.size(), expected.size());
    for (const QString &e : expected)
        QVERIFY2(joined(result.errors).contains(e), qPrintable(e + QStringLiteral("\nnot in\n") + joined(result.errors)));
}

void TestScenario::validationErrorsGiveLine()
{
    // docs/design.md §6: "reports every problem with its JSON path and line". The threshold is on
    // line 3 of this file.
    const QByteArray json = "{\n  \"consumers\": [\n    {\"name\": \"A\", \"strategy\": {\"type\": \"priority\", "
                            "\"threshold\": \"high\"}}\n  ]\n}";
    const ScenarioLoadResult result = parseScenario(json, Source);
    QCOMPARE(result.errors.size(), 1);
    QVERIFY(result.errors.at(0).contains(QStringLiteral("consumers[0].strategy.threshold")));
    QVERIFY2(result.errors.at(0).contains(QStringLiteral("line 3")) || result.errors.at(0).startsWith(QStringLiteral("test.json:3")),
             qPrintable(result.errors.at(0)));
}

void TestScenario::defaultsOfAMinimalFile()
{
    // Everything absent takes the defaults of docs/design.md §2-§6.
    const ScenarioLoadResult result = parseScenario(
            R"({"consumers": [{"name": "A", "strategy": {"type": "priority"}}, {"name": "B"}],
                "producers": [{"name": "P", "messages": [{"data": "d"}], "generator": {}}]})",
            QStringLiteral("dir/minimal.json"));
    QVERIFY2(result.ok(), qPrintable(joined(result.errors)));
    const Scenario &s = *result.scenario;
    QCOMPARE(s.name, QStringLiteral("minimal"));  // the file's base name
    QCOMPARE(s.seed, 1u);
    QCOMPARE(s.broker.batchSize, 3);
    QCOMPARE(s.broker.batchesPerCycle, 0);  // drain
    QCOMPARE(s.broker.maxIdleCycles, 3);
    QCOMPARE(s.broker.maxDeliveriesPerCycle, 1000000);
    QCOMPARE(s.consumers.at(0).online, true);
    QCOMPARE(s.consumers.at(0).failureRate, 0.0);
    QCOMPARE(s.consumers.at(0).strategy.parameters, QVariantMap());
    QCOMPARE(s.consumers.at(1).strategy.type, QStringLiteral("accept-all"));
    const ScriptedMessage &m = s.producers.at(0).messages.at(0);
    QCOMPARE(m.priority, 5);
    QCOMPARE(m.ttl, 3);
    QCOMPARE(m.atCycle, 0);
    QVERIFY(s.producers.at(0).generator.has_value());
    QCOMPARE(s.producers.at(0).generator->fromCycle, 0);
    QCOMPARE(s.producers.at(0).generator->untilCycle, -1);  // no end

    // The simulation applies the strategy defaults: threshold 5, agingStep 1.
    Simulation sim;
    QCOMPARE(sim.load(s), QStringList());
    QCOMPARE(sim.consumers().at(0)->strategy->parameter(QStringLiteral("threshold")).toInt(), 5);
    QCOMPARE(sim.consumers().at(0)->strategy->parameter(QStringLiteral("agingStep")).toInt(), 1);
}

void TestScenario::sizeLimit()
{
    const ScenarioLoadResult big = parseScenario(QByteArray(MaxScenarioFileBytes + 1, ' '), Source);
    QVERIFY(!big.ok());
    QCOMPARE(big.errors.size(), 1);
    QVERIFY2(big.errors.at(0).contains(QStringLiteral("above the limit")), qPrintable(big.errors.at(0)));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("huge.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(MaxScenarioFileBytes + 1));  // sparse: nothing is written
    file.close();
    verifyFileError(path, QStringLiteral("above the limit"));
}

void TestScenario::missingFile()
{
    verifyFileError(QStringLiteral("/nonexistent/dir/scenario.json"), QStringLiteral("cannot open"));
}

void TestScenario::roundTrip()
{
    Scenario s;
    s.name = QStringLiteral("Round trip");
    s.description = QStringLiteral("Two lines\nand ünïcode ≥ ≤");
    s.seed = 123456789012ull;
    s.broker.batchSize = 7;
    s.broker.batchesPerCycle = 4;
    s.broker.maxIdleCycles = 0;
    s.broker.maxDeliveriesPerCycle = 5000;
    s.broker.cycleIntervalMs = 250;
    s.consumers << consumer(QStringLiteral("A"), QStringLiteral("priority"),
                            {{QStringLiteral("threshold"), -3}, {QStringLiteral("agingStep"), 2}}, false, 0.25)
                << consumer(QStringLiteral("B"), QStringLiteral("ttl"),
                            {{QStringLiteral("low"), 1}, {QStringLiteral("high"), 9}})
                << consumer(QStringLiteral("C"), QStringLiteral("predicate"),
                            {{QStringLiteral("predicate"), QStringLiteral("queueLength < 50 || priority >= 7")},
                             {QStringLiteral("maxPredicateRuns"), 5}}, true, 1.0)
                << consumer(QStringLiteral("D"));
    ProducerConfig p1 = producer(QStringLiteral("P1"), {scripted(QStringLiteral("x \"quoted\""), -5, 0, 3),
                                                        scripted(QStringLiteral("y"), INT_MAX, INT_MIN, 0)});
    GeneratorConfig g;
    g.perCycle = 2;
    g.priorityMin = 1;
    g.priorityMax = 8;
    g.ttlMin = 2;
    g.ttlMax = 6;
    g.data = QStringLiteral("job-{n}");
    g.fromCycle = 4;
    g.untilCycle = 40;
    p1.generator = g;
    ProducerConfig p2 = producer(QStringLiteral("P2"), {});
    g.untilCycle = -1;
    g.fromCycle = 0;
    p2.generator = g;
    s.producers << p1 << p2;

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("round.json"));
    QCOMPARE(saveScenarioFile(s, path), QString());
    const ScenarioLoadResult loaded = loadScenarioFile(path);
    QVERIFY2(loaded.ok(), qPrintable(joined(loaded.errors)));
    const Scenario &l = *loaded.scenario;

    QCOMPARE(l.name, s.name);
    QCOMPARE(l.description, s.description);
    QCOMPARE(l.seed, s.seed);
    QCOMPARE(l.broker.mode, s.broker.mode);
    QCOMPARE(l.broker.batchSize, s.broker.batchSize);
    QCOMPARE(l.broker.batchesPerCycle, s.broker.batchesPerCycle);
    QCOMPARE(l.broker.maxIdleCycles, s.broker.maxIdleCycles);
    QCOMPARE(l.broker.maxDeliveriesPerCycle, s.broker.maxDeliveriesPerCycle);
    QCOMPARE(l.broker.cycleIntervalMs, s.broker.cycleIntervalMs);
    QCOMPARE(l.consumers.size(), s.consumers.size());
    for (qsizetype i = 0; i < s.consumers.size(); ++i) {
        const ConsumerConfig &a = s.consumers.at(i);
        const ConsumerConfig &b = l.consumers.at(i);
        QCOMPARE(b.name, a.name);
        QCOMPARE(b.online, a.online);
        QCOMPARE(b.failureRate, a.failureRate);
        QCOMPARE(b.strategy.type, a.strategy.type);
        QCOMPARE(b.strategy.parameters.keys(), a.strategy.parameters.keys());
        for (auto it = a.strategy.parameters.cbegin(); it != a.strategy.parameters.cend(); ++it)
            QCOMPARE(b.strategy.parameters.value(it.key()).toString(), it.value().toString());
    }
    QCOMPARE(l.producers.size(), s.producers.size());
    for (qsizetype i = 0; i < s.producers.size(); ++i) {
        const ProducerConfig &a = s.producers.at(i);
        const ProducerConfig &b = l.producers.at(i);
        QCOMPARE(b.name, a.name);
        QCOMPARE(b.messages.size(), a.messages.size());
        for (qsizetype j = 0; j < a.messages.size(); ++j) {
            QCOMPARE(b.messages.at(j).data, a.messages.at(j).data);
            QCOMPARE(b.messages.at(j).priority, a.messages.at(j).priority);
            QCOMPARE(b.messages.at(j).ttl, a.messages.at(j).ttl);
            QCOMPARE(b.messages.at(j).atCycle, a.messages.at(j).atCycle);
        }
        QCOMPARE(b.generator.has_value(), a.generator.has_value());
        if (a.generator) {
            QCOMPARE(b.generator->perCycle, a.generator->perCycle);
            QCOMPARE(b.generator->priorityMin, a.generator->priorityMin);
            QCOMPARE(b.generator->priorityMax, a.generator->priorityMax);
            QCOMPARE(b.generator->ttlMin, a.generator->ttlMin);
            QCOMPARE(b.generator->ttlMax, a.generator->ttlMax);
            QCOMPARE(b.generator->data, a.generator->data);
            QCOMPARE(b.generator->fromCycle, a.generator->fromCycle);
            QCOMPARE(b.generator->untilCycle, a.generator->untilCycle);
        }
    }
    // Saving the loaded scenario again gives the same document.
    QCOMPARE(scenarioToJson(l), scenarioToJson(s));
    // Saving over an existing file replaces it.
    s.name = QStringLiteral("Renamed");
    QCOMPARE(saveScenarioFile(s, path), QString());
    QCOMPARE(loadScenarioFile(path).scenario->name, QStringLiteral("Renamed"));
}

void TestScenario::roundTripOfLiveSetup()
{
    // The app saves Simulation::currentScenario(): live edits survive save -> load.
    PL_LOAD_PRESET(preset, QStringLiteral("default.json"));
    Simulation sim;
    QCOMPARE(sim.load(preset), QStringList());
    sim.runCycles(5);
    QCOMPARE(sim.setConsumerParameter(0, QStringLiteral("threshold"), 2), QString());
    sim.setConsumerOnline(1, false);
    sim.setConsumerFailureRate(2, 0.5);
    sim.setIntervalMs(40);
    const Scenario current = sim.currentScenario();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("live.json"));
    QCOMPARE(saveScenarioFile(current, path), QString());
    const ScenarioLoadResult loaded = loadScenarioFile(path);
    QVERIFY2(loaded.ok(), qPrintable(joined(loaded.errors)));
    QCOMPARE(loaded.scenario->consumers.at(0).strategy.parameters.value(QStringLiteral("threshold")).toInt(), 2);
    QCOMPARE(loaded.scenario->consumers.at(1).online, false);
    QCOMPARE(loaded.scenario->consumers.at(2).failureRate, 0.5);
    QCOMPARE(loaded.scenario->broker.cycleIntervalMs, 40);
    QCOMPARE(scenarioToJson(*loaded.scenario), scenarioToJson(current));
}

void TestScenario::saveFailureNamesFile()
{
    const QString path = QStringLiteral("/nonexistent/dir/out.json");
    const QString error = saveScenarioFile(Scenario(), path);
    QVERIFY(!error.isEmpty());
    QVERIFY2(error.contains(path), qPrintable(error));
}

void TestScenario::presetsLoad_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = presetFiles();
    QVERIFY(files.size() >= 4);
    for (const QString &f : {QStringLiteral("default.json"), QStringLiteral("reference-priority.json"),
                             QStringLiteral("reference-ttl.json"), QStringLiteral("reference-predicate.json")})
        QVERIFY2(files.contains(f), qPrintable(f));
    for (const QString &f : files)
        QTest::addRow("%s", qPrintable(f)) << f;
}

void TestScenario::presetsLoad()
{
    QFETCH(QString, file);
    const ScenarioLoadResult result = loadScenarioFile(presetPath(file));
    QVERIFY2(result.ok(), qPrintable(joined(result.errors)));
    PL_VERIFY_OK(result.errors);
    QVERIFY(!result.scenario->name.isEmpty());
    QVERIFY(!result.scenario->description.isEmpty());
    QVERIFY(!result.scenario->consumers.isEmpty());
    QVERIFY(!result.scenario->producers.isEmpty());
    Simulation sim;
    QCOMPARE(sim.load(*result.scenario), QStringList());
    // Every setting a preset uses survives a save/load cycle unchanged.
    const QJsonObject json = scenarioToJson(*result.scenario);
    const ScenarioLoadResult again = parseScenario(QJsonDocument(json).toJson(), file);
    QVERIFY2(again.ok(), qPrintable(joined(again.errors)));
    QCOMPARE(scenarioToJson(*again.scenario), json);
}

void TestScenario::applySettingByPath()
{
    Scenario s;
    s.name = QStringLiteral("old");
    s.consumers << ConsumerConfig{QStringLiteral("A"), {QStringLiteral("priority"), {}}, true, 0.0, 0, {}, {}, {}};
    ProducerConfig p;
    p.name = QStringLiteral("P");
    p.messages << ScriptedMessage{QStringLiteral("d"), 1, 2, 0};
    p.generator = GeneratorConfig();
    s.producers << p;

    QCOMPARE(applySetting(s, QStringLiteral("name"), QStringLiteral("new")), QString());
    QCOMPARE(s.name, QStringLiteral("new"));
    QCOMPARE(applySetting(s, QStringLiteral("consumers[0].strategy.threshold"), 7), QString());
    QCOMPARE(s.consumers.at(0).strategy.parameters.value(QStringLiteral("threshold")).toInt(), 7);
    // A new strategy type starts from its own defaults.
    QCOMPARE(applySetting(s, QStringLiteral("consumers[0].strategy.type"), QStringLiteral("ttl")), QString());
    QCOMPARE(s.consumers.at(0).strategy.type, QStringLiteral("ttl"));
    QVERIFY(!s.consumers.at(0).strategy.parameters.contains(QStringLiteral("threshold")));
    // A producer setting keeps the scripted messages (they are left out of the round trip).
    QCOMPARE(applySetting(s, QStringLiteral("producers[0].generator.perCycle"), 4), QString());
    QCOMPARE(s.producers.at(0).generator->perCycle, 4);
    QCOMPARE(s.producers.at(0).messages.size(), 1);
    QCOMPARE(s.producers.at(0).messages.at(0).data, QStringLiteral("d"));
    QCOMPARE(settingValue(s, QStringLiteral("producers[0].messages[0].priority")).toInt(), 1);
    // Errors name the path, with no line of the internal round trip, and change nothing.
    const QString error = applySetting(s, QStringLiteral("broker.batchSize"), 0);
    QVERIFY2(error.startsWith(QStringLiteral("broker.batchSize: 0 is out of range")), qPrintable(error));
    QCOMPARE(s.broker.batchSize, 3);
    QVERIFY(applySetting(s, QStringLiteral("consumers[4].online"), false).contains(QStringLiteral("no consumers[4]")));
}

QTEST_GUILESS_MAIN(TestScenario)
#include "tst_scenario.moc"
