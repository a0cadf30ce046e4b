#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace PriorityLab {

/// Broker settings (DESIGN.md §3); scenario key "broker".
struct BrokerConfig
{
    enum class Mode { Fifo };
    Mode mode = Mode::Fifo;
    int batchSize = 3;                       ///< messages per batch, >= 1
    int batchesPerCycle = 0;                 ///< 0 = "drain"; K > 0 = paced, at most K batches a cycle
    int maxIdleCycles = 3;                   ///< consecutive idle cycles before stop; 0 = never
    qint64 maxDeliveriesPerCycle = 1000000;  ///< safety cap of drain mode, deliveries per cycle
    int cycleIntervalMs = 500;               ///< timer interval in the app, milliseconds
};

/// A consumer's strategy: type plus parameters as the scenario gives them.
struct StrategyConfig
{
    QString type = QStringLiteral("accept-all");
    QVariantMap parameters;  ///< only the keys the file gives; the rest take defaults
};

/// Scenario key "consumers[i]".
struct ConsumerConfig
{
    QString name;
    StrategyConfig strategy;
    bool online = true;
    double failureRate = 0.0;
};

/// Scenario key "producers[i].messages[j]": one scripted message.
struct ScriptedMessage
{
    QString data;
    int priority = 5;
    int ttl = 3;
    qint64 atCycle = 0;
};

/// Scenario key "producers[i].generator": uniform random messages.
struct GeneratorConfig
{
    int perCycle = 1;                     ///< messages per cycle
    int priorityMin = 0, priorityMax = 9; ///< inclusive
    int ttlMin = 3, ttlMax = 3;           ///< inclusive
    QString data = QStringLiteral("msg-{n}"); ///< {n}: the producer's message counter, from 0
    qint64 fromCycle = 0;
    qint64 untilCycle = -1;               ///< inclusive; -1 = no end
};

/// Scenario key "producers[i]".
struct ProducerConfig
{
    QString name;
    QList<ScriptedMessage> messages;
    std::optional<GeneratorConfig> generator;
};

/// A whole scenario file (DESIGN.md §6).
struct Scenario
{
    QString name;
    QString description;
    quint64 seed = 1;
    BrokerConfig broker;
    QList<ConsumerConfig> consumers;
    QList<ProducerConfig> producers;
};

/// Result of loading: a scenario, or every problem found.
struct ScenarioLoadResult
{
    std::optional<Scenario> scenario;
    /// One line per problem: "FILE: PATH: what was expected, how to fix", PATH as in
    /// `consumers[1].strategy.threshold`; parse errors give "FILE:LINE:COLUMN: ...".
    QStringList errors;
    bool ok() const { return scenario.has_value(); }
};

/// Largest scenario file accepted, bytes.
inline constexpr qint64 MaxScenarioFileBytes = 16 * 1024 * 1024;

/// Parses and validates @p json. @p sourceName (a file name) prefixes every error. Every problem
/// is collected, not just the first: unknown keys, wrong types, out-of-range values, unknown
/// strategy types, predicate syntax errors, duplicate consumer names.
ScenarioLoadResult parseScenario(const QByteArray &json, const QString &sourceName);

/// Reads @p path (at most MaxScenarioFileBytes) and parses it with parseScenario().
ScenarioLoadResult loadScenarioFile(const QString &path);

/// The scenario as JSON in the format of DESIGN.md §6 (parseScenario(toJson(s)) == s).
QJsonObject scenarioToJson(const Scenario &scenario);

/// Writes @p scenario to @p path atomically (QSaveFile). Returns an empty string on success,
/// otherwise a message naming the file and the system's reason.
QString saveScenarioFile(const Scenario &scenario, const QString &path);

} // namespace PriorityLab
