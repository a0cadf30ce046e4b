#pragma once

#include "core/model/config.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>

namespace PriorityLab {

// Scenario files: the reader and validator (reader.cpp, line numbers from linescan.cpp), the
// writer (writer.cpp) and settings by path (settingpath.cpp).

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

/// Longest message data accepted (a scripted message's "data", a generator's "data" template),
/// characters. With Expression::MaxDataReferences it bounds the cost of one predicate
/// evaluation; with the dead-letter byte bound, what discarded messages keep.
inline constexpr qsizetype MaxMessageDataLength = 10000;

/// Most characters of data one generator may create in a cycle: perCycle times the length of a
/// message ({n} counted as 20 digits), so perCycle × payload stays bounded.
inline constexpr qint64 MaxGeneratedCharsPerCycle = qint64(32) << 20;

/// Parses and validates @p json. @p sourceName (a file name) prefixes every error. Every problem
/// is collected, not just the first: unknown keys, wrong types, out-of-range values, unknown
/// strategy types, predicate syntax errors, duplicate consumer names.
ScenarioLoadResult parseScenario(const QByteArray &json, const QString &sourceName);

/// Reads @p path (at most MaxScenarioFileBytes) and parses it with parseScenario().
ScenarioLoadResult loadScenarioFile(const QString &path);

/// The scenario as JSON in the format of docs/design.md §6 (parseScenario(toJson(s)) == s).
QJsonObject scenarioToJson(const Scenario &scenario);

/// Writes @p scenario to @p path atomically (QSaveFile). Returns an empty string on success,
/// otherwise a message naming the file and the system's reason.
QString saveScenarioFile(const Scenario &scenario, const QString &path);

/// Sets the setting at @p path (a JSON path into the scenario format, e.g.
/// "consumers[1].strategy.low", "broker.batchSize", "producers[0].generator.perCycle") to
/// @p value, validated exactly as a file would be. Returns an empty string on success, otherwise
/// "PATH: what is wrong and how to fix it"; on error @p scenario is unchanged.
QString applySetting(Scenario &scenario, const QString &path, const QJsonValue &value);

/// applySetting() validating only the part of @p scenario that @p path sets (one consumer,
/// one producer, the broker with the consumers' subscriptions, or the top-level fields), so a
/// change costs the same however large the rest of the setup is; the timeline and live edits
/// use it. Same errors as applySetting(), plus a name taken by another consumer or producer,
/// and refuses what cannot change while a run goes on: a whole list ("consumers",
/// "producers") or the timeline itself.
QString applyScopedSetting(Scenario &scenario, const QString &path, const QJsonValue &value);

/// The value at @p path in the scenario's JSON form; undefined if there is none.
QJsonValue settingValue(const Scenario &scenario, const QString &path);

} // namespace PriorityLab
