#pragma once

// Helpers shared by the core tests: fixture paths and small scenario builders.

#include "core/analysis/refreshsnapshot.h"
#include "core/engine/broker.h"
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"

#include <QDir>
#include <QString>
#include <QStringList>
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

/// Absolute path of a preset in resources/scenarios/.
inline QString presetPath(const QString &fileName)
{
    return QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/scenarios/") + fileName;
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

} // namespace PriorityLab::TestSupport
