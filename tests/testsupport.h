#pragma once

#ifdef QT_GUI_LIB
#include <QPalette>
#endif

// Helpers shared by the tests: fixture paths, the preset loader, a check that prints the
// problems it finds, a replay of a cycle's events, small scenario builders and an event counter.

#include "core/analysis/refreshsnapshot.h"
#include "core/engine/broker.h"
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "core/strategies/strategy.h"

#include <algorithm>

#include <QDir>
#include <QEvent>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTest>
#include <QVariantMap>

namespace PriorityLab::TestSupport {

/// The main window's per-cycle road for views under test: collects @p simulation's cycle
/// reports (and notes its live edits) from the moment it is made, and hands them over as one
/// RefreshSnapshot at take(), as a refresh tick does.
class CycleFeed
{
public:
    explicit CycleFeed(Simulation &simulation) : m_simulation(simulation)
    {
        QObject::connect(&simulation, &Simulation::cycleCompleted, &m_context,
                         [this](const CycleReport &report) { m_cycles.add(report); });
        QObject::connect(&simulation, &Simulation::setupChanged, &m_context,
                         [this] { m_cycles.noteSetupChanged(); });
        QObject::connect(&simulation, &Simulation::scenarioLoaded, &m_context,
                         [this] { m_cycles.clear(); });
    }

    /// The reports since the last take(), as one snapshot.
    RefreshSnapshot take() { return m_cycles.take(m_simulation); }

private:
    Simulation &m_simulation;
    CycleAccumulator m_cycles;
    QObject m_context;  ///< disconnects when the feed goes
};

/// Every queued message in dispatch order (a copy, for assertions).
inline QList<Message> queuedMessages(const Broker &broker)
{
    QList<Message> list;
    for (qsizetype i = 0; i < broker.size(); ++i)
        list << broker.at(i);
    return list;
}

/// The data of @p broker's queued messages in dispatch order.
inline QStringList queuedData(const Broker &broker)
{
    QStringList data;
    for (const Message &m : queuedMessages(broker))
        data << m.data.text();
    return data;
}

/// Message id -> name of the consumer that holds it (prefetch, docs/design.md §4).
inline QHash<quint64, QString> heldMessages(const Simulation &sim)
{
    QHash<quint64, QString> held;
    for (const auto &c : sim.consumers()) {
        for (const Message &m : c->held)
            held.insert(m.id, c->name);
    }
    return held;
}

/// True for the dead-letter reasons of the broker's own limits (docs/design.md §3), which
/// follow no consumer's decision.
inline bool brokerReason(const QString &reason)
{
    return reason == QLatin1String("maxlen") || reason == QLatin1String("delivery_limit")
            || reason == QLatin1String("expired");
}

/// What replayCycle() found in one cycle's events.
struct CycleReplay
{
    QString problem;                   ///< "" if the events agree, otherwise the first problem
    Counts counts;                     ///< the events counted (batches stay 0)
    QHash<quint64, QString> holder;    ///< after the events: message id -> consumer holding it
    QHash<QString, qint64> givenBack;  ///< per consumer: held messages it gave back at the cycle's start
    qsizetype heldAtStart = 0;         ///< messages held once those were given back
};

/// Replays the events of report @p r of a cycle of @p sim against who holds each message
/// (docs/design.md §4). It starts from @p heldBefore (heldMessages() just before the cycle) less
/// what a consumer offline or gone after the cycle gave back to the queue at its start. Then: a
/// message is handed to one consumer at a time; the broker's own dead letters (maxlen, expired,
/// delivery_limit) take a message nobody holds and name a consumer for delivery_limit only;
/// every decision comes from the consumer that holds the message, a consumer's discard gives a
/// reason and a requeued copy keeps its id.
inline CycleReplay replayCycle(const CycleReport &r, const Simulation &sim, const QHash<quint64, QString> &heldBefore)
{
    CycleReplay out;
    out.holder = heldBefore;
    for (auto it = heldBefore.cbegin(); it != heldBefore.cend(); ++it) {
        const auto consumer = std::find_if(sim.consumers().cbegin(), sim.consumers().cend(),
                                           [&](const auto &c) { return c->name == it.value(); });
        if (consumer == sim.consumers().cend() || !(*consumer)->online) {
            out.holder.remove(it.key());
            ++out.givenBack[it.value()];
        }
    }
    out.heldAtStart = out.holder.size();
    Counts &n = out.counts;
    for (const Event &e : r.events) {
        const quint64 id = e.message.id;
        switch (e.type) {
        case Event::Type::Produced: ++n.produced; break;
        case Event::Type::Rejected: ++n.rejected; break;
        case Event::Type::Dispatched:
            ++n.dispatched;
            if (out.holder.contains(id)) {
                out.problem = QStringLiteral("message %1 handed to %2 while %3 holds it")
                                      .arg(id).arg(e.consumer, out.holder.value(id));
                return out;
            }
            out.holder.insert(id, e.consumer);
            break;
        case Event::Type::Discarded:
            if (brokerReason(e.reason)) {
                if (out.holder.contains(id)) {
                    out.problem = QStringLiteral("the broker dropped message %1 while %2 holds it")
                                          .arg(id).arg(out.holder.value(id));
                    return out;
                }
                if (e.consumer.isEmpty() != (e.reason != QLatin1String("delivery_limit"))) {
                    out.problem = QStringLiteral("the broker's dead letter %1 (%2) names consumer \"%3\"")
                                          .arg(id).arg(e.reason, e.consumer);
                    return out;
                }
                ++n.discarded;
                ++(e.reason == QLatin1String("maxlen") ? n.maxlen
                   : e.reason == QLatin1String("expired") ? n.expired : n.deliveryLimit);
                break;
            }
            if (e.reason.isEmpty()) {
                out.problem = QStringLiteral("%1 discarded message %2 without a reason").arg(e.consumer).arg(id);
                return out;
            }
            [[fallthrough]];
        case Event::Type::Processed:
        case Event::Type::Postponed:
        case Event::Type::Failed:
            if (out.holder.value(id) != e.consumer) {
                out.problem = QStringLiteral("%1 decided on message %2 it does not hold").arg(e.consumer).arg(id);
                return out;
            }
            out.holder.remove(id);
            n.processed += e.type == Event::Type::Processed;
            n.postponed += e.type == Event::Type::Postponed;
            n.discarded += e.type == Event::Type::Discarded;
            n.failed += e.type == Event::Type::Failed;
            // The copy sent back keeps the message's id by construction (Event::after holds only
            // what a decision changes); it must say it went back.
            if ((e.type == Event::Type::Postponed || e.type == Event::Type::Failed) && !e.after.requeued) {
                out.problem = QStringLiteral("the copy of message %1 sent back is not marked requeued").arg(id);
                return out;
            }
            break;
        }
    }
    return out;
}

/// Absolute path of a preset in resources/scenarios/.
inline QString presetPath(const QString &fileName)
{
    return QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/scenarios/") + fileName;
}

/// The preset @p fileName of resources/scenarios/, e.g. "default.json". If it does not load, the
/// current test fails with the loader's errors (one per line) and an empty Scenario is returned:
/// a test that goes on after the call checks QTest::currentTestFailed(), or uses PL_LOAD_PRESET.
inline Scenario loadPreset(const QString &fileName)
{
    const ScenarioLoadResult loaded = loadScenarioFile(presetPath(fileName));
    if (!loaded.ok()) {
        QTest::qFail(qPrintable(QStringLiteral("preset %1 does not load:\n%2")
                                        .arg(fileName, loaded.errors.join(u'\n'))),
                     __FILE__, __LINE__);
        return {};
    }
    return *loaded.scenario;
}

/// A preset loaded into a simulation with a view on it, fed as the main window feeds its views:
/// @p Panel is constructed from the simulation (and the further arguments given) and has
/// refresh(const RefreshSnapshot &). The test checks `problems` (empty when the preset loaded).
template<typename Panel>
struct PanelRig
{
    template<typename... Args>
    explicit PanelRig(const QString &preset, Args &&...panelArgs)
        : problems(sim.load(loadPreset(preset))), panel(&sim, std::forward<Args>(panelArgs)...)
    {
    }

    /// Runs @p cycles cycles, refreshes the panel once and returns the cycles' reports.
    QList<CycleReport> advance(int cycles)
    {
        QList<CycleReport> reports;
        for (int i = 0; i < cycles; ++i)
            reports << sim.step();
        panel.refresh(feed.take());
        return reports;
    }

    Simulation sim;
    QStringList problems;  ///< the preset's load problems
    Panel panel;
    CycleFeed feed{sim};
};

/// The problems of a check as one text: a list of errors (one per line) or one error.
/// @p json parsed as a scenario file named @p fileName; if it does not load, the current test
/// fails with its errors and an empty Scenario is returned.
inline Scenario parseOrFail(const QByteArray &json, const QString &fileName)
{
    const ScenarioLoadResult r = parseScenario(json, fileName);
    if (!r.ok()) {
        QTest::qFail(qPrintable(r.errors.join(u'\n')), __FILE__, __LINE__);
        return {};
    }
    return *r.scenario;
}

/// The errors of scenario file @p json named @p fileName, one a line.
inline QString parseErrors(const QByteArray &json, const QString &fileName)
{
    return parseScenario(json, fileName).errors.join(u'\n');
}

inline QString problemText(const QStringList &problems)
{
    return problems.join(u'\n');
}
inline QString problemText(const QString &problem)
{
    return problem;
}

/// File names of every preset in resources/scenarios/, sorted.
inline QStringList presetFiles()
{
    return QDir(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/scenarios"))
            .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

/// A consumer as a scenario gives it.
inline ConsumerConfig consumer(const QString &name, const QString &type = QStringLiteral("accept-all"),
                               const QVariantMap &parameters = {}, bool online = true,
                               double failureRate = 0.0)
{
    ConsumerConfig c;
    c.name = name;
    c.strategy.type = type;
    c.strategy.parameters = parameters;
    c.online = online;
    c.failureRate = failureRate;
    return c;
}

/// A scripted message.
inline ScriptedMessage scripted(const QString &data, int priority = 5, int ttl = 3, qint64 atCycle = 0)
{
    ScriptedMessage m;
    m.data = data;
    m.priority = priority;
    m.ttl = ttl;
    m.atCycle = atCycle;
    return m;
}

/// @p count scripted messages "m1".."m<count>" due in @p atCycle, priority and TTL defaults.
inline QList<ScriptedMessage> numbered(int count, qint64 atCycle = 0, int first = 1)
{
    QList<ScriptedMessage> list;
    for (int i = 0; i < count; ++i)
        list << scripted(QStringLiteral("m%1").arg(first + i), 5, 3, atCycle);
    return list;
}

/// A generator of @p perCycle messages a cycle, priorities and TTLs drawn from the given ranges.
inline GeneratorConfig generatorConfig(int perCycle, int priorityMin, int priorityMax, int ttlMin = 3,
                                       int ttlMax = 3)
{
    return {.perCycle = perCycle, .priorityMin = priorityMin, .priorityMax = priorityMax,
            .ttlMin = ttlMin, .ttlMax = ttlMax};
}

/// A producer @p name with a generator only (see generatorConfig()).
inline ProducerConfig generatingProducer(const QString &name, int perCycle, int priorityMin, int priorityMax,
                                         int ttlMin = 3, int ttlMax = 3)
{
    ProducerConfig p;
    p.name = name;
    p.generator = generatorConfig(perCycle, priorityMin, priorityMax, ttlMin, ttlMax);
    return p;
}

/// A strategy only the tests know (register it as "test-warns"): processes every message and
/// raises the runtime warning "could not evaluate message ID: processed it now" plus @p suffix
/// for each, as a predicate failing at run time would; explains every decision as "warned".
class WarningStrategy final : public Strategy
{
public:
    explicit WarningStrategy(const QString &suffix = QString())
        : Strategy({QStringLiteral("test-warns"), {}, {}}), m_suffix(suffix)
    {
    }
    QList<ParameterInfo> parameters() const override { return {}; }
    QVariant parameter(const QString &) const override { return {}; }
    Decision decide(Message &message, const StrategyContext &, QString *) override
    {
        m_runtimeWarning = QStringLiteral("could not evaluate message %1: processed it now").arg(message.id) + m_suffix;
        return Decision::Process;
    }
    void onFailure(Message &) const override { }
    Explanation explain(const Message &, Decision) const override { return QStringLiteral("warned"); }
    Explanation explainFailure(const Message &) const override { return {}; }

protected:
    QString applyParameter(const QString &, const QVariant &) override { return {}; }

private:
    QString m_suffix;
};

/// A producer with scripted messages only.
inline ProducerConfig producer(const QString &name, const QList<ScriptedMessage> &messages)
{
    ProducerConfig p;
    p.name = name;
    p.messages = messages;
    return p;
}

/// A scenario with @p consumers and one producer "P" sending @p messages; drain, batch 3, idle 3.
inline Scenario scenario(const QList<ConsumerConfig> &consumers, const QList<ScriptedMessage> &messages)
{
    Scenario s;
    s.name = QStringLiteral("test");
    s.consumers = consumers;
    s.producers << producer(QStringLiteral("P"), messages);
    return s;
}

/// Counts the events of one type (e.g. QEvent::Paint, QEvent::LayoutRequest) that the objects
/// it watches receive; it filters nothing out.
class EventCounter : public QObject
{
public:
    /// Counts the events of @p type, from @p watched if one is given (see watch()).
    explicit EventCounter(QEvent::Type type, QObject *watched = nullptr) : m_type(type)
    {
        if (watched)
            watch(watched);
    }

    /// Counts the events of @p watched too.
    void watch(QObject *watched) { watched->installEventFilter(this); }

    int count = 0;  ///< the events counted so far (a test may set it back to 0)

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == m_type)
            ++count;
        return false;
    }

private:
    QEvent::Type m_type;
};

#ifdef QT_GUI_LIB
/// A dark palette as a dark desktop gives it (light text on dark window and base colours), for
/// the tests that check the views follow it.
inline QPalette darkPalette()
{
    QPalette dark(QColor(0x30, 0x32, 0x36), QColor(0x20, 0x22, 0x25));  // button, window
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::ButtonText, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    dark.setColor(QPalette::Base, QColor(0x18, 0x1a, 0x1b));
    dark.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x60));
    return dark;
}
#endif

} // namespace PriorityLab::TestSupport

/// Declares `const Scenario var` holding preset @p fileName (TestSupport::loadPreset()); returns
/// from the test function, failed with the loader's errors, if the preset does not load.
#define PL_LOAD_PRESET(var, fileName)                                                             \
    const PriorityLab::Scenario var = PriorityLab::TestSupport::loadPreset(fileName);           \
    if (QTest::currentTestFailed())                                                              \
        return

/// Declares `PriorityLab::Simulation var` with @p scenario loaded (Simulation::load()); returns
/// from the test function, failed with the loader's errors, if it does not load.
#define PL_LOAD_SIMULATION(var, scenario)                                                        \
    PriorityLab::Simulation var;                                                                 \
    PL_VERIFY_OK(var.load(scenario))

/// Verifies that @p problems (a QStringList of errors or warnings, or a QString error) is empty,
/// printing them if not; @p problems is evaluated once.
#define PL_VERIFY_OK(problems)                                                                   \
    do {                                                                                         \
        const auto plProblems = (problems);                                                      \
        QVERIFY2(plProblems.isEmpty(),                                                           \
                 qPrintable(PriorityLab::TestSupport::problemText(plProblems)));                 \
    } while (false)
