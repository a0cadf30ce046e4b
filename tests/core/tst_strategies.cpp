// Strategy decisions of docs/design.md §4, row by row: process / postpone (with the exact modified
// field) / discard, the "on processing failure" column, boundaries, parameters, warnings and the
// explanations shown in the app.
#include "core/strategies/expression.h"
#include "core/model/message.h"
#include "core/strategies/predicatestrategy.h"
#include "core/strategies/prioritystrategy.h"
#include "core/strategies/ttlstrategy.h"
#include "core/strategies/strategy.h"

#include "tests/datatable.h"
#include "tests/testsupport.h"

#include <QTest>

#include <climits>
#include <tuple>

using namespace PriorityLab;

namespace {

// Decision as an int column (0 process, 1 postpone, 2 discard).
constexpr int Process = int(Decision::Process);
constexpr int Postpone = int(Decision::Postpone);
constexpr int Discard = int(Decision::Discard);

/// A fresh strategy of @p type with @p params set; fails the test if a parameter is refused.
std::unique_ptr<Strategy> make(const QString &type, const QVariantMap &params = {})
{
    std::unique_ptr<Strategy> s = StrategyRegistry::instance().create(type);
    if (!s)
        return s;
    for (auto it = params.cbegin(); it != params.cend(); ++it) {
        const QString error = s->setParameter(it.key(), it.value());
        if (!error.isEmpty()) {
            qWarning("setParameter(%s) refused: %s", qPrintable(it.key()), qPrintable(error));
            return nullptr;
        }
    }
    return s;
}

/// A message with recognisable values in the fields no strategy may touch.
Message message(int priority, int ttl, int predicateRuns = 0, const QString &data = QStringLiteral("x"))
{
    Message m;
    m.id = 42;
    m.data = data;
    m.producer = Name(QStringLiteral("P1"));
    m.producedCycle = 1;
    m.priority = priority;
    m.originalPriority = priority;
    m.ttl = ttl;
    m.predicateRuns = predicateRuns;
    m.deliveries = 2;
    return m;
}

QVariantMap params(std::initializer_list<std::pair<QString, QVariant>> list)
{
    QVariantMap map;
    for (const auto &[k, v] : list)
        map.insert(k, v);
    return map;
}

/// The value of column @p name in the current data row (QFETCH as an expression).
template <typename T>
T field(const char *name)
{
    return *static_cast<T *>(QTest::qData(name, qMetaTypeId<T>()));
}

/// Declares the columns of a strategy and the message it gets: type, with @p withParameters
/// also parameters (QVariantMap) and data, then priority, ttl and runs.
void addStrategyColumns(bool withParameters)
{
    QTest::addColumn<QString>("type");
    if (withParameters) {
        QTest::addColumn<QVariantMap>("parameters");
        QTest::addColumn<QString>("data");
    }
    QTest::addColumn<int>("priority");
    QTest::addColumn<int>("ttl");
    QTest::addColumn<int>("runs");
}

/// The strategy of the current row (columns of addStrategyColumns()); null if refused.
std::unique_ptr<Strategy> rowStrategy(bool withParameters)
{
    return make(field<QString>("type"), withParameters ? field<QVariantMap>("parameters") : QVariantMap());
}

/// The message of the current row (columns of addStrategyColumns()).
Message rowMessage(bool withParameters)
{
    return message(field<int>("priority"), field<int>("ttl"), field<int>("runs"),
                   withParameters ? field<QString>("data") : QStringLiteral("x"));
}

/// Declares the columns of the fields a strategy may change, as expected afterwards: newPriority,
/// newTtl and newRuns (predicate runs).
void addExpectedColumns()
{
    QTest::addColumn<int>("newPriority");
    QTest::addColumn<int>("newTtl");
    QTest::addColumn<int>("newRuns");
}

/// "" if @p m has the priority, TTL and predicate runs of the current row's expected columns
/// (addExpectedColumns()), otherwise the first that differs.
QString unexpectedFields(const Message &m)
{
    const QList<std::tuple<const char *, int, int>> fields{
            {"priority", m.priority, field<int>("newPriority")},
            {"ttl", m.ttl, field<int>("newTtl")},
            {"predicateRuns", m.predicateRuns, field<int>("newRuns")}};
    for (const auto &[name, actual, expected] : fields) {
        if (actual != expected)
            return QStringLiteral("%1: actual %2, expected %3").arg(QLatin1String(name)).arg(actual).arg(expected);
    }
    return {};
}

/// "" if @p text contains every one of @p parts, otherwise which part it lacks.
QString lacking(const QString &text, const QStringList &parts)
{
    for (const QString &part : parts) {
        if (!text.contains(part))
            return QStringLiteral("\"%1\" lacks \"%2\"").arg(text, part);
    }
    return {};
}

/// "" if @p m kept every field no strategy may change (id, data, producer, produced cycle,
/// deliveries, original priority, requeued) from @p before, otherwise the first changed.
QString changedFixedField(const Message &m, const Message &before)
{
    const QList<std::pair<const char *, bool>> kept{
            {"id", m.id == before.id},
            {"data", m.data == before.data},
            {"producer", m.producer == before.producer},
            {"producedCycle", m.producedCycle == before.producedCycle},
            {"deliveries", m.deliveries == before.deliveries},
            {"originalPriority", m.originalPriority == before.originalPriority},
            {"requeued", m.requeued == before.requeued}};
    for (const auto &[name, same] : kept) {
        if (!same)
            return QStringLiteral("%1 changed").arg(QLatin1String(name));
    }
    return {};
}

const QString pred = QStringLiteral("predicate");
const QString prio = QStringLiteral("priority");
const QString ttlS = QStringLiteral("ttl");
const QString all = QStringLiteral("accept-all");

} // namespace

class TestStrategies : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void saturatingAdd_data();
    void saturatingAdd();
    void registry();
    void defaults_data();
    void defaults();
    void decide_data();
    void decide();
    void onFailure_data();
    void onFailure();
    void explain_data();
    void explain();
    void explainFailure_data();
    void explainFailure();
    void setParameterRefused_data();
    void setParameterRefused();
    void setParameterAccepted_data();
    void setParameterAccepted();
    void parameterChangeTakesEffectNextMessage();
    void expressionCheck_data();
    void expressionCheck();
    void predicateSyntaxErrorKeepsOld();
    void settingWarning_data();
    void settingWarning();
    void cloneKeepsParameters();
};

void TestStrategies::saturatingAdd_data()
{
    TestSupport::addColumns<int, int, int>("a", "b", "sum");
    QTest::addRow("plain") << 5 << -7 << -2;
    QTest::addRow("INT_MAX + 1") << INT_MAX << 1 << INT_MAX;
    QTest::addRow("INT_MAX + INT_MAX") << INT_MAX << INT_MAX << INT_MAX;
    QTest::addRow("INT_MIN - 1") << INT_MIN << -1 << INT_MIN;
    QTest::addRow("INT_MIN + INT_MIN") << INT_MIN << INT_MIN << INT_MIN;
    QTest::addRow("INT_MAX - 1") << INT_MAX << -1 << INT_MAX - 1;
    QTest::addRow("INT_MIN + 1") << INT_MIN << 1 << INT_MIN + 1;
}

void TestStrategies::saturatingAdd()
{
    QFETCH(int, a);
    QFETCH(int, b);
    QFETCH(int, sum);
    QCOMPARE(PriorityLab::saturatingAdd(a, b), sum);
}

void TestStrategies::registry()
{
    const QStringList types = StrategyRegistry::instance().types();
    for (const QString &t : {all, pred, prio, ttlS}) {
        QVERIFY2(types.contains(t), qPrintable(t));
        auto s = StrategyRegistry::instance().create(t);
        QVERIFY(s);
        QCOMPARE(s->type(), t);
    }
    QVERIFY(!StrategyRegistry::instance().create(QStringLiteral("fastest")));

    // A test-only strategy can be added and removed again.
    StrategyRegistry::instance().add(QStringLiteral("test-only"),
                                     [] { return std::make_unique<PriorityStrategy>(); });
    QVERIFY(StrategyRegistry::instance().types().contains(QStringLiteral("test-only")));
    QVERIFY(StrategyRegistry::instance().create(QStringLiteral("test-only")));
    StrategyRegistry::instance().remove(QStringLiteral("test-only"));
    QVERIFY(!StrategyRegistry::instance().types().contains(QStringLiteral("test-only")));
    QVERIFY(!StrategyRegistry::instance().create(QStringLiteral("test-only")));
}

void TestStrategies::defaults_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QVariantMap>("expected");  // docs/design.md §4 defaults, in editor order
    QTest::addColumn<QStringList>("order");
    QTest::addRow("accept-all") << all << QVariantMap() << QStringList();
    QTest::addRow("predicate") << pred
                               << params({{QStringLiteral("maxPredicateRuns"), 3}})
                               << QStringList{QStringLiteral("predicate"), QStringLiteral("maxPredicateRuns")};
    QTest::addRow("priority") << prio
                              << params({{QStringLiteral("threshold"), 5}, {QStringLiteral("agingStep"), 1}})
                              << QStringList{QStringLiteral("threshold"), QStringLiteral("agingStep")};
    QTest::addRow("ttl") << ttlS << params({{QStringLiteral("low"), 0}, {QStringLiteral("high"), 4}})
                         << QStringList{QStringLiteral("low"), QStringLiteral("high")};
}

void TestStrategies::defaults()
{
    QFETCH(QString, type);
    QFETCH(QVariantMap, expected);
    QFETCH(QStringList, order);
    auto s = make(type);
    QVERIFY(s);
    const QList<ParameterInfo> infos = s->parameters();
    QStringList names;
    for (const ParameterInfo &info : infos) {
        names << info.name;
        // Each parameter describes itself fully enough for the app to build its editor.
        QVERIFY2(!info.label.isEmpty(), qPrintable(info.name));
        QVERIFY2(!info.help.isEmpty(), qPrintable(info.name));
        QVERIFY2(info.defaultValue.isValid(), qPrintable(info.name));
        QCOMPARE(s->parameter(info.name), info.defaultValue);
        if (info.kind == ParameterInfo::Kind::Integer) {
            QVERIFY2(!info.unit.isEmpty(), qPrintable(info.name));
            QVERIFY(info.minimum <= info.typicalMinimum);
            QVERIFY(info.typicalMinimum < info.typicalMaximum);
            QVERIFY(info.typicalMaximum <= info.maximum);
            QVERIFY(info.minimum <= info.defaultValue.toInt());
            QVERIFY(info.defaultValue.toInt() <= info.maximum);
        }
    }
    QCOMPARE(names, order);
    for (auto it = expected.cbegin(); it != expected.cend(); ++it)
        QCOMPARE(s->parameter(it.key()).toInt(), it.value().toInt());
    QVERIFY(!s->parameter(QStringLiteral("nonsense")).isValid());
    QCOMPARE(s->parameterValues().keys().size(), order.size());
}

void TestStrategies::decide_data()
{
    addStrategyColumns(true);
    QTest::addColumn<qint64>("queueLength");
    QTest::addColumn<qint64>("cycle");       // the message was produced in cycle 1
    QTest::addColumn<int>("online");
    QTest::addColumn<int>("decision");
    addExpectedColumns();
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("knownBug");

    const QString x = QStringLiteral("x");
    const QString none;
    const QString expired = QStringLiteral("ttl-expired");
    const QVariantMap noParams;

    // accept-all: always process, nothing changes.
    QTest::addRow("accept-all plain") << all << noParams << x << 5 << 3 << 0 << 10ll << 1ll << 1
                                      << Process << 5 << 3 << 0 << none << none;
    QTest::addRow("accept-all extremes") << all << noParams << x << INT_MIN << INT_MIN << INT_MAX
                                         << 0ll << 1ll << 1 << Process << INT_MIN << INT_MIN
                                         << INT_MAX << none << none;

    // priority: process when priority >= threshold, else postpone with priority + agingStep.
    QTest::addRow("priority above threshold") << prio << noParams << x << 8 << 3 << 0 << 0ll << 1ll << 1
                                              << Process << 8 << 3 << 0 << none << none;
    QTest::addRow("priority == threshold") << prio << noParams << x << 5 << 3 << 0 << 0ll << 1ll << 1
                                           << Process << 5 << 3 << 0 << none << none;
    QTest::addRow("priority == threshold - 1") << prio << noParams << x << 4 << 3 << 0 << 0ll << 1ll << 1
                                               << Postpone << 5 << 3 << 0 << none << none;
    QTest::addRow("priority 0 aging 1") << prio << noParams << x << 0 << 3 << 0 << 0ll << 1ll << 1
                                        << Postpone << 1 << 3 << 0 << none << none;
    QTest::addRow("priority negative") << prio << noParams << x << -3 << 7 << 2 << 0ll << 1ll << 1
                                       << Postpone << -2 << 7 << 2 << none << none;
    QTest::addRow("priority agingStep 3")
            << prio << params({{QStringLiteral("agingStep"), 3}}) << x << 1 << 3 << 0 << 0ll << 1ll << 1
            << Postpone << 4 << 3 << 0 << none << none;
    QTest::addRow("priority agingStep 0 (starves)")
            << prio << params({{QStringLiteral("agingStep"), 0}}) << x << 1 << 3 << 0 << 0ll << 1ll << 1
            << Postpone << 1 << 3 << 0 << none << none;
    QTest::addRow("priority threshold 0, priority 0")
            << prio << params({{QStringLiteral("threshold"), 0}}) << x << 0 << 3 << 0 << 0ll << 1ll << 1
            << Process << 0 << 3 << 0 << none << none;
    QTest::addRow("priority threshold 9, priority 8")
            << prio << params({{QStringLiteral("threshold"), 9}}) << x << 8 << 3 << 0 << 0ll << 1ll << 1
            << Postpone << 9 << 3 << 0 << none << none;
    QTest::addRow("priority INT_MAX processed") << prio << noParams << x << INT_MAX << 3 << 0 << 0ll << 1ll << 1
                                                << Process << INT_MAX << 3 << 0 << none << none;
    QTest::addRow("priority INT_MIN aged")
            << prio << params({{QStringLiteral("threshold"), -1000000}}) << x << INT_MIN << 3 << 0
            << 0ll << 1ll << 1 << Postpone << INT_MIN + 1 << 3 << 0 << none << none;
    QTest::addRow("priority largest aging")
            << prio << params({{QStringLiteral("threshold"), 1000000}, {QStringLiteral("agingStep"), 1000000}})
            << x << 999999 << 3 << 0 << 0ll << 1ll << 1 << Postpone << 1999999 << 3 << 0 << none << none;
    QTest::addRow("priority ignores ttl") << prio << noParams << x << 6 << -5 << 0 << 0ll << 1ll << 1
                                          << Process << 6 << -5 << 0 << none << none;

    // ttl: process when low < ttl < high; ttl <= low discard; ttl >= high postpone with ttl - 1.
    QTest::addRow("ttl inside") << ttlS << noParams << x << 0 << 2 << 0 << 0ll << 1ll << 1
                                << Process << 0 << 2 << 0 << none << none;
    QTest::addRow("ttl == low + 1") << ttlS << noParams << x << 0 << 1 << 0 << 0ll << 1ll << 1
                                    << Process << 0 << 1 << 0 << none << none;
    QTest::addRow("ttl == high - 1") << ttlS << noParams << x << 0 << 3 << 0 << 0ll << 1ll << 1
                                     << Process << 0 << 3 << 0 << none << none;
    QTest::addRow("ttl == low") << ttlS << noParams << x << 0 << 0 << 0 << 0ll << 1ll << 1
                                << Discard << 0 << 0 << 0 << expired << none;
    QTest::addRow("ttl below low") << ttlS << noParams << x << 0 << -5 << 0 << 0ll << 1ll << 1
                                   << Discard << 0 << -5 << 0 << expired << none;
    QTest::addRow("ttl INT_MIN") << ttlS << noParams << x << 0 << INT_MIN << 0 << 0ll << 1ll << 1
                                 << Discard << 0 << INT_MIN << 0 << expired << none;
    QTest::addRow("ttl == high") << ttlS << noParams << x << 0 << 4 << 0 << 0ll << 1ll << 1
                                 << Postpone << 0 << 3 << 0 << none << none;
    QTest::addRow("ttl above high") << ttlS << noParams << x << 7 << 9 << 1 << 0ll << 1ll << 1
                                    << Postpone << 7 << 8 << 1 << none << none;
    QTest::addRow("ttl INT_MAX") << ttlS << noParams << x << 0 << INT_MAX << 0 << 0ll << 1ll << 1
                                 << Postpone << 0 << INT_MAX - 1 << 0 << none << none;
    const QVariantMap range26 = params({{QStringLiteral("low"), 2}, {QStringLiteral("high"), 6}});
    QTest::addRow("ttl 2..6: ttl 2 == low") << ttlS << range26 << x << 0 << 2 << 0 << 0ll << 1ll << 1
                                            << Discard << 0 << 2 << 0 << expired << none;
    QTest::addRow("ttl 2..6: ttl 3 == low + 1") << ttlS << range26 << x << 0 << 3 << 0 << 0ll << 1ll << 1
                                                << Process << 0 << 3 << 0 << none << none;
    QTest::addRow("ttl 2..6: ttl 5") << ttlS << range26 << x << 0 << 5 << 0 << 0ll << 1ll << 1
                                     << Process << 0 << 5 << 0 << none << none;
    QTest::addRow("ttl 2..6: ttl 6 == high") << ttlS << range26 << x << 0 << 6 << 0 << 0ll << 1ll << 1
                                             << Postpone << 0 << 5 << 0 << none << none;
    const QVariantMap range12 = params({{QStringLiteral("low"), 1}, {QStringLiteral("high"), 2}});
    QTest::addRow("ttl empty range 1..2: ttl 1") << ttlS << range12 << x << 0 << 1 << 0 << 0ll << 1ll << 1
                                                 << Discard << 0 << 1 << 0 << expired << none;
    QTest::addRow("ttl empty range 1..2: ttl 2") << ttlS << range12 << x << 0 << 2 << 0 << 0ll << 1ll << 1
                                                 << Postpone << 0 << 1 << 0 << none << none;
    QTest::addRow("ttl ignores priority") << ttlS << noParams << x << -100 << 2 << 0 << 0ll << 1ll << 1
                                          << Process << -100 << 2 << 0 << none << none;

    // predicate: process when true or predicateRuns >= maxPredicateRuns, else postpone with runs + 1.
    const QVariantMap notData0 = params({{pred, QStringLiteral("data != \"data_0\"")},
                                         {QStringLiteral("maxPredicateRuns"), 3}});
    const QString d0 = QStringLiteral("data_0");
    const QString d1 = QStringLiteral("data_1");
    QTest::addRow("predicate default (true)") << pred << noParams << x << 0 << 0 << 0 << 0ll << 1ll << 1
                                              << Process << 0 << 0 << 0 << none << none;
    QTest::addRow("data != data_0: data_1") << pred << notData0 << d1 << 0 << 0 << 0 << 0ll << 1ll << 1
                                            << Process << 0 << 0 << 0 << none << none;
    QTest::addRow("data != data_0: data_0 runs 0") << pred << notData0 << d0 << 0 << 0 << 0 << 0ll << 1ll << 1
                                                   << Postpone << 0 << 0 << 1 << none << none;
    QTest::addRow("data != data_0: data_0 runs 2 (max - 1)")
            << pred << notData0 << d0 << 3 << 4 << 2 << 0ll << 1ll << 1 << Postpone << 3 << 4 << 3 << none << none;
    QTest::addRow("data != data_0: data_0 runs 3 (== max)")
            << pred << notData0 << d0 << 3 << 4 << 3 << 0ll << 1ll << 1 << Process << 3 << 4 << 3 << none << none;
    QTest::addRow("data != data_0: data_0 runs 7 (> max)")
            << pred << notData0 << d0 << 0 << 0 << 7 << 0ll << 1ll << 1 << Process << 0 << 0 << 7 << none << none;
    QTest::addRow("data != data_0: data_00")
            << pred << notData0 << QStringLiteral("data_00") << 0 << 0 << 0 << 0ll << 1ll << 1
            << Process << 0 << 0 << 0 << none << none;
    QTest::addRow("maxPredicateRuns 0: processed at once")
            << pred << params({{pred, QStringLiteral("false")}, {QStringLiteral("maxPredicateRuns"), 0}})
            << x << 0 << 0 << 0 << 0ll << 1ll << 1 << Process << 0 << 0 << 0 << none << none;
    QTest::addRow("maxPredicateRuns 1: runs 0")
            << pred << params({{pred, QStringLiteral("false")}, {QStringLiteral("maxPredicateRuns"), 1}})
            << x << 0 << 0 << 0 << 0ll << 1ll << 1 << Postpone << 0 << 0 << 1 << none << none;
    QTest::addRow("maxPredicateRuns 1: runs 1")
            << pred << params({{pred, QStringLiteral("false")}, {QStringLiteral("maxPredicateRuns"), 1}})
            << x << 0 << 0 << 1 << 0ll << 1ll << 1 << Process << 0 << 0 << 1 << none << none;

    const QVariantMap load = params({{pred, QStringLiteral("queueLength < 50 || priority >= 7")}});
    QTest::addRow("load: short queue") << pred << load << x << 0 << 3 << 0 << 10ll << 1ll << 1
                                       << Process << 0 << 3 << 0 << none << none;
    QTest::addRow("load: queue 49") << pred << load << x << 0 << 3 << 0 << 49ll << 1ll << 1
                                    << Process << 0 << 3 << 0 << none << none;
    QTest::addRow("load: queue 50, priority 6") << pred << load << x << 6 << 3 << 0 << 50ll << 1ll << 1
                                                << Postpone << 6 << 3 << 1 << none << none;
    QTest::addRow("load: queue 50, priority 7") << pred << load << x << 7 << 3 << 0 << 50ll << 1ll << 1
                                                << Process << 7 << 3 << 0 << none << none;
    QTest::addRow("load: queue 1000, priority 9") << pred << load << x << 9 << 3 << 0 << 1000ll << 1ll << 1
                                                  << Process << 9 << 3 << 0 << none << none;

    // Every variable of the expression language reads the right value.
    const auto p = [](const char *e) { return params({{QStringLiteral("predicate"), QString::fromLatin1(e)}}); };
    QTest::addRow("age 2 >= 2") << pred << p("age >= 2") << x << 0 << 0 << 0 << 0ll << 3ll << 1
                                << Process << 0 << 0 << 0 << none << none;
    QTest::addRow("age 1 >= 2") << pred << p("age >= 2") << x << 0 << 0 << 0 << 0ll << 2ll << 1
                                << Postpone << 0 << 0 << 1 << none << none;
    QTest::addRow("onlineConsumers 2") << pred << p("onlineConsumers > 1") << x << 0 << 0 << 0 << 0ll << 1ll << 2
                                       << Process << 0 << 0 << 0 << none << none;
    QTest::addRow("onlineConsumers 1") << pred << p("onlineConsumers > 1") << x << 0 << 0 << 0 << 0ll << 1ll << 1
                                       << Postpone << 0 << 0 << 1 << none << none;
    QTest::addRow("cycle even") << pred << p("cycle % 2 == 0") << x << 0 << 0 << 0 << 0ll << 4ll << 1
                                << Process << 0 << 0 << 0 << none << none;
    QTest::addRow("cycle odd") << pred << p("cycle % 2 == 0") << x << 0 << 0 << 0 << 0ll << 3ll << 1
                               << Postpone << 0 << 0 << 1 << none << none;
    QTest::addRow("deliveries 2") << pred << p("deliveries >= 2") << x << 0 << 0 << 0 << 0ll << 1ll << 1
                                  << Process << 0 << 0 << 0 << none << none;
    QTest::addRow("deliveries 2 < 3") << pred << p("deliveries >= 3") << x << 0 << 0 << 0 << 0ll << 1ll << 1
                                      << Postpone << 0 << 0 << 1 << none << none;
    QTest::addRow("predicateRuns read") << pred << p("predicateRuns == 2") << x << 0 << 0 << 2 << 0ll << 1ll << 1
                                        << Process << 0 << 0 << 2 << none << none;
    QTest::addRow("ttl and not") << pred << p("!(priority > 3) && ttl <= 2") << x << 3 << 2 << 0 << 0ll << 1ll << 1
                                 << Process << 3 << 2 << 0 << none << none;
    QTest::addRow("ttl and not false") << pred << p("!(priority > 3) && ttl <= 2") << x << 4 << 2 << 0 << 0ll << 1ll << 1
                                       << Postpone << 4 << 2 << 1 << none << none;
    QTest::addRow("arithmetic true") << pred << p("priority * 2 + 1 > 10") << x << 5 << 0 << 0 << 0ll << 1ll << 1
                                     << Process << 5 << 0 << 0 << none << none;
    QTest::addRow("arithmetic false") << pred << p("priority * 2 + 1 > 10") << x << 4 << 0 << 0 << 0ll << 1ll << 1
                                      << Postpone << 4 << 0 << 1 << none << none;
    QTest::addRow("arithmetic negative") << pred << p("(priority - ttl) * 3 == -6") << x << 1 << 3 << 0 << 0ll << 1ll << 1
                                         << Process << 1 << 3 << 0 << none << none;
}

void TestStrategies::decide()
{
    QFETCH(qint64, queueLength);
    QFETCH(qint64, cycle);
    QFETCH(int, online);
    QFETCH(int, decision);
    QFETCH(QString, reason);
    QFETCH(QString, knownBug);

    auto s = rowStrategy(true);
    QVERIFY(s);
    Message m = rowMessage(true);
    const Message before = m;
    QString why;
    const StrategyContext context{cycle, queueLength, online};
    const Decision d = s->decide(m, context, &why);
    if (!knownBug.isEmpty())
        QEXPECT_FAIL("", qPrintable(knownBug), Abort);
    QCOMPARE(int(d), decision);
    PL_VERIFY_OK(unexpectedFields(m));
    QCOMPARE(why, reason);
    QCOMPARE(s->takeRuntimeWarning(), QString());
    PL_VERIFY_OK(changedFixedField(m, before));
    // Processed and discarded messages leave unchanged.
    if (d != Decision::Postpone) {
        QCOMPARE(m.priority, before.priority);
        QCOMPARE(m.ttl, before.ttl);
        QCOMPARE(m.predicateRuns, before.predicateRuns);
    }
}

void TestStrategies::onFailure_data()
{
    addStrategyColumns(false);
    addExpectedColumns();

    // accept-all: requeue unchanged.
    QTest::addRow("accept-all unchanged") << all << 3 << 2 << 1 << 3 << 2 << 1;
    // predicate: predicateRuns + 1 (even past the maximum), saturating.
    QTest::addRow("predicate runs 0") << pred << 3 << 2 << 0 << 3 << 2 << 1;
    QTest::addRow("predicate runs 3") << pred << 3 << 2 << 3 << 3 << 2 << 4;
    QTest::addRow("predicate runs INT_MAX") << pred << 3 << 2 << INT_MAX << 3 << 2 << INT_MAX;
    // priority: priority - 1, saturating.
    QTest::addRow("priority 7") << prio << 7 << 2 << 0 << 6 << 2 << 0;
    QTest::addRow("priority 5 falls below threshold") << prio << 5 << 2 << 0 << 4 << 2 << 0;
    QTest::addRow("priority 0") << prio << 0 << 2 << 0 << -1 << 2 << 0;
    QTest::addRow("priority INT_MIN") << prio << INT_MIN << 2 << 0 << INT_MIN << 2 << 0;
    QTest::addRow("priority INT_MAX") << prio << INT_MAX << 2 << 0 << INT_MAX - 1 << 2 << 0;
    // ttl: ttl - 1, saturating.
    QTest::addRow("ttl 2") << ttlS << 5 << 2 << 0 << 5 << 1 << 0;
    QTest::addRow("ttl 1 to 0") << ttlS << 5 << 1 << 0 << 5 << 0 << 0;
    QTest::addRow("ttl INT_MIN") << ttlS << 5 << INT_MIN << 0 << 5 << INT_MIN << 0;
}

void TestStrategies::onFailure()
{
    auto s = rowStrategy(false);
    QVERIFY(s);
    Message m = rowMessage(false);
    const Message before = m;
    s->onFailure(m);
    PL_VERIFY_OK(unexpectedFields(m));
    PL_VERIFY_OK(changedFixedField(m, before));
}

void TestStrategies::explain_data()
{
    addStrategyColumns(true);
    QTest::addColumn<int>("decision");
    QTest::addColumn<QString>("exact");      // whole text, if given
    QTest::addColumn<QStringList>("parts");  // otherwise, pieces it must contain

    const QVariantMap noParams;
    const QString x = QStringLiteral("x");
    QTest::addRow("priority postponed")
            << prio << noParams << x << 3 << 3 << 0 << Postpone
            << QStringLiteral("priority 3 < threshold 5: postponed with priority 4") << QStringList();
    QTest::addRow("priority processed at threshold")
            << prio << noParams << x << 5 << 3 << 0 << Process << QString()
            << QStringList{QStringLiteral("priority 5"), QStringLiteral("threshold 5"), QStringLiteral("processed")};
    QTest::addRow("priority postponed aging 2")
            << prio << params({{QStringLiteral("agingStep"), 2}, {QStringLiteral("threshold"), 7}}) << x << 1 << 3 << 0
            << Postpone << QString()
            << QStringList{QStringLiteral("priority 1"), QStringLiteral("threshold 7"), QStringLiteral("priority 3"),
                           QStringLiteral("postponed")};
    QTest::addRow("ttl discarded")
            << ttlS << params({{QStringLiteral("low"), 1}, {QStringLiteral("high"), 4}}) << x << 0 << 1 << 0 << Discard
            << QStringLiteral("TTL 1 ≤ low bound 1: discarded") << QStringList();
    QTest::addRow("ttl postponed")
            << ttlS << noParams << x << 0 << 4 << 0 << Postpone << QString()
            << QStringList{QStringLiteral("TTL 4"), QStringLiteral("high bound 4"), QStringLiteral("TTL 3"),
                           QStringLiteral("postponed")};
    QTest::addRow("ttl processed")
            << ttlS << params({{QStringLiteral("low"), 1}, {QStringLiteral("high"), 6}}) << x << 0 << 2 << 0 << Process
            << QString()
            << QStringList{QStringLiteral("1"), QStringLiteral("TTL 2"), QStringLiteral("6"), QStringLiteral("processed")};
    QTest::addRow("predicate postponed")
            << pred << params({{pred, QStringLiteral("data != \"data_0\"")}}) << QStringLiteral("data_0") << 0 << 0 << 1
            << Postpone << QString()
            << QStringList{QStringLiteral("data != \"data_0\""), QStringLiteral("1"), QStringLiteral("2"),
                           QStringLiteral("3"), QStringLiteral("postponed")};
    QTest::addRow("predicate processed anyway")
            << pred << params({{pred, QStringLiteral("data != \"data_0\"")}}) << QStringLiteral("data_0") << 0 << 0 << 3
            << Process << QString() << QStringList{QStringLiteral("3"), QStringLiteral("processed")};
    QTest::addRow("predicate true")
            << pred << params({{pred, QStringLiteral("data != \"data_0\"")}}) << QStringLiteral("data_1") << 0 << 0 << 0
            << Process << QString()
            << QStringList{QStringLiteral("data != \"data_0\""), QStringLiteral("true"), QStringLiteral("processed")};
    QTest::addRow("accept-all") << all << noParams << x << 0 << 0 << 0 << Process << QString()
                                << QStringList{QStringLiteral("processed")};
}

void TestStrategies::explain()
{
    QFETCH(int, decision);
    QFETCH(QString, exact);
    QFETCH(QStringList, parts);
    auto s = rowStrategy(true);
    QVERIFY(s);
    const Message before = rowMessage(true);
    Message m = before;
    QString why;
    // The explanation describes the decision actually taken.
    QCOMPARE(int(s->decide(m, StrategyContext{1, 0, 1}, &why)), decision);
    const QString text = s->explain(before, Decision(decision)).toText();
    if (!exact.isEmpty())
        QCOMPARE(text, exact);
    PL_VERIFY_OK(lacking(text, parts));
}

void TestStrategies::explainFailure_data()
{
    addStrategyColumns(false);
    QTest::addColumn<QStringList>("parts");
    QTest::addRow("accept-all") << all << 5 << 3 << 0 << QStringList{QStringLiteral("unchanged")};
    QTest::addRow("priority") << prio << 7 << 3 << 0 << QStringList{QStringLiteral("7"), QStringLiteral("6")};
    QTest::addRow("ttl") << ttlS << 0 << 3 << 0 << QStringList{QStringLiteral("3"), QStringLiteral("2")};
    QTest::addRow("predicate") << pred << 0 << 3 << 1 << QStringList{QStringLiteral("2")};
}

void TestStrategies::explainFailure()
{
    QFETCH(QStringList, parts);
    auto s = rowStrategy(false);
    QVERIFY(s);
    const QString text = s->explainFailure(rowMessage(false)).toText();
    QVERIFY(text.contains(QStringLiteral("fail")));
    PL_VERIFY_OK(lacking(text, parts));
}

void TestStrategies::setParameterRefused_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("expected");  // substring of the error

    const QString th = QStringLiteral("threshold");
    const QString range = QStringLiteral("out of range: use an integer from -1000000 to 1000000");
    QTest::addRow("threshold above limit") << prio << th << QVariant(1000001) << range;
    QTest::addRow("threshold below limit") << prio << th << QVariant(-1000001) << range;
    QTest::addRow("threshold beyond int") << prio << th << QVariant(qint64(1) << 40) << QStringLiteral("out of range");
    QTest::addRow("threshold string") << prio << th << QVariant(QStringLiteral("high"))
                                      << QStringLiteral("expected an integer, got high");
    QTest::addRow("threshold numeric string") << prio << th << QVariant(QStringLiteral("5"))
                                              << QStringLiteral("expected an integer");
    QTest::addRow("threshold fraction") << prio << th << QVariant(2.5) << QStringLiteral("expected an integer");
    QTest::addRow("threshold bool") << prio << th << QVariant(true) << QStringLiteral("expected an integer");
    QTest::addRow("threshold invalid") << prio << th << QVariant() << QStringLiteral("expected an integer");
    QTest::addRow("agingStep negative") << prio << QStringLiteral("agingStep") << QVariant(-1)
                                        << QStringLiteral("out of range: use an integer from 0 to 1000000");
    QTest::addRow("unknown parameter") << prio << QStringLiteral("thresh") << QVariant(5)
                                       << QStringLiteral("unknown parameter \"thresh\"");
    QTest::addRow("ttl low above limit") << ttlS << QStringLiteral("low") << QVariant(1000001) << range;
    QTest::addRow("ttl high below limit") << ttlS << QStringLiteral("high") << QVariant(-1000001) << range;
    QTest::addRow("ttl high string") << ttlS << QStringLiteral("high") << QVariant(QStringLiteral("4"))
                                     << QStringLiteral("expected an integer");
    QTest::addRow("maxPredicateRuns negative") << pred << QStringLiteral("maxPredicateRuns") << QVariant(-1)
                                               << QStringLiteral("out of range");
    QTest::addRow("maxPredicateRuns above limit") << pred << QStringLiteral("maxPredicateRuns") << QVariant(1000001)
                                                  << QStringLiteral("out of range");
    QTest::addRow("predicate not a string") << pred << pred << QVariant(5) << QStringLiteral("expected a string");
    QTest::addRow("predicate unknown name") << pred << pred << QVariant(QStringLiteral("prio > 3"))
                                            << QStringLiteral("column 1: unknown name \"prio\"");
    QTest::addRow("predicate incomplete") << pred << pred << QVariant(QStringLiteral("priority >"))
                                          << QStringLiteral("column 11: the expression ends after an operator");
    QTest::addRow("accept-all takes none") << all << QStringLiteral("threshold") << QVariant(5)
                                           << QStringLiteral("takes no parameters");
}

void TestStrategies::setParameterRefused()
{
    QFETCH(QString, type);
    QFETCH(QString, name);
    QFETCH(QVariant, value);
    QFETCH(QString, expected);
    auto s = make(type);
    QVERIFY(s);
    const QVariantMap before = s->parameterValues();
    const QString error = s->setParameter(name, value);
    QVERIFY2(error.contains(expected), qPrintable(error));
    // On error the old value stays.
    QCOMPARE(s->parameterValues(), before);
}

void TestStrategies::setParameterAccepted_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QVariant>("stored");
    QTest::addRow("threshold upper limit") << prio << QStringLiteral("threshold") << QVariant(1000000) << QVariant(1000000);
    QTest::addRow("threshold lower limit") << prio << QStringLiteral("threshold") << QVariant(-1000000) << QVariant(-1000000);
    QTest::addRow("threshold as qint64") << prio << QStringLiteral("threshold") << QVariant(qint64(7)) << QVariant(7);
    QTest::addRow("threshold as whole double") << prio << QStringLiteral("threshold") << QVariant(3.0) << QVariant(3);
    QTest::addRow("agingStep 0") << prio << QStringLiteral("agingStep") << QVariant(0) << QVariant(0);
    QTest::addRow("low negative") << ttlS << QStringLiteral("low") << QVariant(-1000000) << QVariant(-1000000);
    QTest::addRow("high 20") << ttlS << QStringLiteral("high") << QVariant(20) << QVariant(20);
    QTest::addRow("maxPredicateRuns 0") << pred << QStringLiteral("maxPredicateRuns") << QVariant(0) << QVariant(0);
    QTest::addRow("DESIGN example 1") << pred << pred << QVariant(QStringLiteral("data != \"data_0\""))
                                      << QVariant(QStringLiteral("data != \"data_0\""));
    QTest::addRow("DESIGN example 2") << pred << pred << QVariant(QStringLiteral("queueLength < 50 || priority >= 7"))
                                      << QVariant(QStringLiteral("queueLength < 50 || priority >= 7"));
}

void TestStrategies::setParameterAccepted()
{
    QFETCH(QString, type);
    QFETCH(QString, name);
    QFETCH(QVariant, value);
    QFETCH(QVariant, stored);
    auto s = make(type);
    QVERIFY(s);
    QCOMPARE(s->setParameter(name, value), QString());
    QCOMPARE(s->parameter(name), stored);
}

void TestStrategies::parameterChangeTakesEffectNextMessage()
{
    auto s = make(prio);
    QVERIFY(s);
    QString why;
    Message m = message(4, 3);
    QCOMPARE(s->decide(m, {}, &why), Decision::Postpone);
    QCOMPARE(s->setParameter(QStringLiteral("threshold"), 4), QString());
    m = message(4, 3);
    QCOMPARE(s->decide(m, {}, &why), Decision::Process);

    auto t = make(ttlS);
    QVERIFY(t);
    m = message(0, 5);
    QCOMPARE(t->decide(m, {}, &why), Decision::Postpone);
    QCOMPARE(t->setParameter(QStringLiteral("high"), 6), QString());
    m = message(0, 5);
    QCOMPARE(t->decide(m, {}, &why), Decision::Process);

    auto p = make(pred, params({{pred, QStringLiteral("false")}}));
    QVERIFY(p);
    m = message(0, 0);
    QCOMPARE(p->decide(m, {}, &why), Decision::Postpone);
    QCOMPARE(p->setParameter(pred, QStringLiteral("priority == 0")), QString());
    m = message(0, 0);
    QCOMPARE(p->decide(m, {}, &why), Decision::Process);
}

void TestStrategies::expressionCheck_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");  // empty = valid; otherwise a substring of the error
    QTest::addColumn<QString>("knownBug");
    const QString ok;
    const QString none;
    QTest::addRow("DESIGN example 1") << QStringLiteral("data != \"data_0\"") << ok << none;
    QTest::addRow("DESIGN example 2") << QStringLiteral("queueLength < 50 || priority >= 7") << ok << none;
    QTest::addRow("all names") << QStringLiteral("data == \"a\" || priority + ttl - predicateRuns * deliveries % 2 "
                                                 "> age && queueLength >= onlineConsumers || cycle <= 0 || !true || false")
                               << ok << none;
    QTest::addRow("unknown name") << QStringLiteral("prio > 3") << QStringLiteral("column 1: unknown name \"prio\"") << none;
    QTest::addRow("unknown name later") << QStringLiteral("priority > 3 && dat == \"x\"")
                                        << QStringLiteral("column 17: unknown name \"dat\"") << none;
    QTest::addRow("JS builtin refused") << QStringLiteral("Math.max(1, 2) > 0")
                                        << QStringLiteral("column 1: unknown name \"Math\"") << none;
    QTest::addRow("assignment") << QStringLiteral("priority = 3") << QStringLiteral("column 10:") << none;
    QTest::addRow("single quotes") << QStringLiteral("data == 'x'") << QStringLiteral("column 9:") << none;
    QTest::addRow("unclosed parenthesis") << QStringLiteral("(priority > 3") << QStringLiteral("column 1: \"(\" is not closed") << none;
    // docs/design.md §4 promises whole-number arithmetic; JavaScript's "/" divides in floating point,
    // so it is refused with its column rather than giving 7 / 2 == 3.5.
    QTest::addRow("division refused") << QStringLiteral("priority / 2 == 3") << QStringLiteral("column 10: \"/\" is not allowed") << none;
    QTest::addRow("extra parenthesis") << QStringLiteral("priority > 3)") << QStringLiteral("column 13:") << none;
    QTest::addRow("fraction") << QStringLiteral("priority > 3.5") << QStringLiteral("column 13:") << none;
    QTest::addRow("unclosed string") << QStringLiteral("data == \"abc") << QStringLiteral("column 9:") << none;
    QTest::addRow("semicolon") << QStringLiteral("priority >= 7;") << QStringLiteral("column 14:") << none;
    QTest::addRow("empty") << QString() << QStringLiteral("column 1:") << none;
    QTest::addRow("blank") << QStringLiteral("   ") << QStringLiteral("column 1:") << none;
    // docs/design.md §4 wants the position of every syntax error, including those of the grammar.
    const QString noColumn;
    QTest::addRow("operator twice") << QStringLiteral("priority > > 3") << QStringLiteral("column 12") << noColumn;
    QTest::addRow("missing operator") << QStringLiteral("priority 3") << QStringLiteral("column 10") << noColumn;
    QTest::addRow("dangling operator") << QStringLiteral("priority >") << QStringLiteral("column 11") << noColumn;
    QTest::addRow("leading operator") << QStringLiteral("&& priority") << QStringLiteral("column 1") << noColumn;
}

void TestStrategies::expressionCheck()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QFETCH(QString, knownBug);
    const QString error = Expression::check(text);
    if (expected.isEmpty()) {
        QCOMPARE(error, QString());
        Expression e;
        QCOMPARE(e.setText(text), QString());
        QCOMPARE(e.text(), text);
        return;
    }
    QVERIFY2(!error.isEmpty(), qPrintable(text));
    // The strategy refuses it with the same message.
    auto s = make(pred);
    QVERIFY(s);
    QCOMPARE(s->setParameter(pred, text), error);
    if (!knownBug.isEmpty())
        QEXPECT_FAIL("", qPrintable(knownBug), Abort);
    QVERIFY2(error.contains(expected), qPrintable(error));
}

void TestStrategies::predicateSyntaxErrorKeepsOld()
{
    auto s = make(pred, params({{pred, QStringLiteral("data != \"data_0\"")}}));
    QVERIFY(s);
    QVERIFY(!s->setParameter(pred, QStringLiteral("data != ")).isEmpty());
    QVERIFY(!s->setParameter(pred, QStringLiteral("data !! 1")).isEmpty());
    QCOMPARE(s->parameter(pred).toString(), QStringLiteral("data != \"data_0\""));
    // ...and the old expression still decides.
    QString why;
    Message m = message(0, 0, 0, QStringLiteral("data_0"));
    QCOMPARE(s->decide(m, {}, &why), Decision::Postpone);
    m = message(0, 0, 0, QStringLiteral("data_1"));
    QCOMPARE(s->decide(m, {}, &why), Decision::Process);
}

void TestStrategies::settingWarning_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QVariantMap>("parameters");
    QTest::addColumn<bool>("warns");
    const auto range = [](int lo, int hi) {
        return params({{QStringLiteral("low"), lo}, {QStringLiteral("high"), hi}});
    };
    QTest::addRow("ttl default 0..4") << ttlS << QVariantMap() << false;
    QTest::addRow("ttl 0..2 keeps ttl 1") << ttlS << range(0, 2) << false;
    QTest::addRow("ttl 0..1 empty") << ttlS << range(0, 1) << true;
    QTest::addRow("ttl 3..3 empty") << ttlS << range(3, 3) << true;
    QTest::addRow("ttl 5..2 inverted") << ttlS << range(5, 2) << true;
    QTest::addRow("ttl widest") << ttlS << range(-1000000, 1000000) << false;
    QTest::addRow("ttl most inverted") << ttlS << range(1000000, -1000000) << true;
    QTest::addRow("priority default") << prio << QVariantMap() << false;
    QTest::addRow("priority agingStep 0 starves") << prio << params({{QStringLiteral("agingStep"), 0}}) << true;
    QTest::addRow("predicate default") << pred << QVariantMap() << false;
    QTest::addRow("accept-all") << all << QVariantMap() << false;
}

void TestStrategies::settingWarning()
{
    QFETCH(QString, type);
    QFETCH(QVariantMap, parameters);
    QFETCH(bool, warns);
    auto s = make(type, parameters);
    QVERIFY(s);
    const QString warning = s->settingWarning();
    QCOMPARE(!warning.isEmpty(), warns);
    // A warning names the values that cause it.
    for (auto it = parameters.cbegin(); warns && it != parameters.cend(); ++it)
        QVERIFY2(warning.contains(it.value().toString()), qPrintable(warning));
}

void TestStrategies::cloneKeepsParameters()
{
    for (const auto &[type, values] :
         {std::pair{prio, params({{QStringLiteral("threshold"), -7}, {QStringLiteral("agingStep"), 4}})},
          std::pair{ttlS, params({{QStringLiteral("low"), 2}, {QStringLiteral("high"), 9}})},
          std::pair{pred, params({{pred, QStringLiteral("ttl > 2")}, {QStringLiteral("maxPredicateRuns"), 8}})},
          std::pair{all, QVariantMap()}}) {
        auto s = make(type, values);
        QVERIFY(s);
        auto copy = s->clone();
        QVERIFY(copy);
        QCOMPARE(copy->type(), type);
        QCOMPARE(copy->parameterValues(), s->parameterValues());
        for (auto it = values.cbegin(); it != values.cend(); ++it)
            QCOMPARE(copy->parameter(it.key()), it.value());
    }
}

QTEST_GUILESS_MAIN(TestStrategies)
#include "tst_strategies.moc"
