#pragma once

#ifdef QT_GUI_LIB
#include <QPalette>
#endif

// Helpers shared by the tests: fixture paths, the preset loader, a check that prints the
// problems it finds, and small scenario builders.

#include "core/analysis/refreshsnapshot.h"
#include "core/engine/broker.h"
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "core/strategies/strategy.h"

#include <QDir>
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

/// Verifies that @p problems (a QStringList of errors or warnings, or a QString error) is empty,
/// printing them if not; @p problems is evaluated once.
#define PL_VERIFY_OK(problems)                                                                   \
    do {                                                                                         \
        const auto plProblems = (problems);                                                      \
        QVERIFY2(plProblems.isEmpty(),                                                           \
                 qPrintable(PriorityLab::TestSupport::problemText(plProblems)));                 \
    } while (false)
