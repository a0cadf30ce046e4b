#pragma once

#include "core/model/config.h"
#include "core/scenario/settingpath.h"

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

/// The parts of scenarioToJson(): one broker, consumer or producer object as the format writes
/// it (keys at their default left out, e.g. "online" when true).
QJsonObject brokerToJson(const BrokerConfig &broker);
QJsonObject consumerToJson(const ConsumerConfig &consumer);
QJsonObject producerToJson(const ProducerConfig &producer);

/// A setting change checked against a scenario by checkSetting(), not yet applied anywhere.
struct CheckedSetting
{
    /// The path and the value as given, e.g. "consumers[1].strategy.low" and 3.
    SettingPath path;
    QJsonValue value;
    /// The path whose value the change replaces: the given path, except that
    /// "...strategy.type" replaces the whole "...strategy" (a new type starts from its defaults).
    SettingPath target;
    /// The value at target before and after the change, as the format writes them;
    /// QJsonValue::Undefined = the key is absent (its default).
    QJsonValue oldValue;
    QJsonValue newValue;
    /// The whole scenario with the change (timeline and scripted messages kept).
    Scenario scenario;
    /// "PATH: what is wrong and how to fix it"; empty when the change is valid.
    QString error;
    /// Which state of the setup it was checked against, for its checker (Simulation counts its
    /// setup changes) to tell a stale check; 0 from the free checkSetting().
    quint64 basis = 0;

    bool ok() const { return error.isEmpty(); }
    /// True for a valid change that changes nothing (newValue == oldValue).
    bool isNoOp() const { return ok() && newValue == oldValue; }
};

/// Checks setting @p path (a path into the scenario format, e.g. "consumers[1].strategy.low",
/// "broker.batchSize", "producers[0].generator.perCycle", "description"; a whole object such as
/// "broker" or "consumers[1]" too) to @p value against @p scenario, validated exactly as a file
/// would be, without changing @p scenario. QJsonValue::Undefined removes the key (its default).
/// One round trip of the scenario through JSON, scripted messages left out unless the path is
/// below them.
CheckedSetting checkSetting(const Scenario &scenario, const SettingPath &path, const QJsonValue &value);

/// checkSetting() and, if valid, the change applied to @p scenario. Returns an empty string on
/// success, otherwise "PATH: what is wrong and how to fix it"; on error @p scenario is unchanged.
QString applySetting(Scenario &scenario, const SettingPath &path, const QJsonValue &value);
/// The same with the path as text (parsed by SettingPath::parse(), whose error it returns).
QString applySetting(Scenario &scenario, const QString &path, const QJsonValue &value);

/// applySetting() validating only the part of @p scenario that @p path sets (one consumer,
/// one producer, the broker with the consumers' subscriptions, or the top-level fields), so a
/// change costs the same however large the rest of the setup is; the timeline and live edits
/// use it. Same errors as applySetting(), plus a name taken by another consumer or producer,
/// and refuses what cannot change while a run goes on: a whole list ("consumers",
/// "producers") or the timeline itself.
QString applyScopedSetting(Scenario &scenario, const QString &path, const QJsonValue &value);

/// checkSetting() by applyScopedSetting(): the same CheckedSetting, validating only the part of
/// @p scenario that @p path sets, so that a live edit or a timeline change costs the same however
/// many consumers the setup has. Simulation::checkSetting() uses it.
CheckedSetting checkScopedSetting(const Scenario &scenario, const SettingPath &path, const QJsonValue &value);

/// The value at @p path in the scenario's JSON form; undefined if there is none. Only the part
/// the path is in (one consumer, the broker, ...) is converted to JSON.
QJsonValue settingValue(const Scenario &scenario, const SettingPath &path);
/// The same with the path as text; undefined for a text that is not a path.
QJsonValue settingValue(const Scenario &scenario, const QString &path);
/// The value a setting at @p path has when a scenario file leaves it out and the scenario's JSON
/// form (settingValue()) omits it as the default: e.g. true for "consumers[0].online", 0 for
/// "consumers[0].capacity" (no limit), "head" for "broker.expiry". Undefined for a path whose
/// absence means "unset" rather than a value (e.g. "broker.maxLength": no limit) and for paths
/// the form always writes.
QJsonValue settingDefault(const SettingPath &path);
/// settingValue(), or settingDefault() where the scenario's JSON form leaves the setting out:
/// the value in effect; undefined only for an unset optional setting or a path that is none.
QJsonValue effectiveSettingValue(const Scenario &scenario, const SettingPath &path);
/// @p value as written in a scenario file, compact: 4, true, "x > 1", {"type":"ttl"}. Names a
/// value in a timeline marker ("PATH = VALUE") and in the editors' timeline notes.
QString settingValueText(const QJsonValue &value);

} // namespace PriorityLab
