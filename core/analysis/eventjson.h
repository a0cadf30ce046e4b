#pragma once

#include "core/model/events.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>

namespace PriorityLab {

class Simulation;

/// The message fields written in events (docs/design.md §7): id, data, priority, ttl,
/// predicateRuns, deliveries.
QJsonObject messageToJson(const Message &message);

/// One event as the JSON object of a JSON Lines event stream (docs/design.md §7), e.g.
/// {"cycle":0,"type":"processed","consumer":"B","message":{...}}. Postponed and failed events
/// add "requeued" (the copy sent back), decisions add "explanation" (the strategy's words),
/// discarded events add "reason".
QJsonObject eventToJson(const Event &event);

/// eventToJson() as one compact line with a trailing newline: the bytes
/// QJsonDocument::Compact writes, built without a QJsonObject (JsonWriter).
QByteArray eventToJsonLine(const Event &event);

/// eventToJsonLine() appended to @p out (no allocation once @p out has grown to a line's size).
void appendEventJsonLine(QByteArray &out, const Event &event);

/// The run summary of prioritylab-sim --summary (docs/design.md §7): cycles run, stop reason,
/// totals (overtaken counts processed and still waiting messages), per-consumer counts, latency
/// percentiles per original priority (cycles), the messages still waiting per original priority
/// with the oldest wait (cycles), the longest wait overall, `alarms` (runAlarms()),
/// conservation check, wall time in milliseconds. @p safetyCapCycles: cycles the safety cap
/// ended (CycleReport::capReached), counted by the caller.
QJsonObject summaryToJson(const Simulation &simulation, qint64 wallTimeMs, qint64 safetyCapCycles = 0);

/// The problems of a whole run, judged at its end, as [{"kind": K, "text": T}] with K an
/// Alarm::kindName(): data-loss (messages were discarded), starvation (a priority's oldest
/// waiting message waited at least AlarmMonitor's starvationCycles), loop (the run stopped for
/// lack of progress, or a queued message has more than loopDeliveries deliveries), safety-cap
/// (@p safetyCapCycles > 0). O(queued messages).
QJsonArray runAlarms(const Simulation &simulation, qint64 safetyCapCycles);

/// Messages queued at the end of the run per original priority.
struct WaitingStats
{
    int priority = 0;
    qint64 waiting = 0;     ///< messages
    qint64 oldestWait = 0;  ///< cycles since the oldest was produced
};
/// WaitingStats of every original priority with queued messages, ascending. O(queued messages).
QList<WaitingStats> waitingByPriority(const Simulation &simulation);

/// Queued messages that a later-accepted message overtook (their id is below the highest id
/// processed). O(queued messages).
qint64 overtakenWaiting(const Simulation &simulation);

class Metrics;

/// The per-cycle history as CSV (RFC 4180, header row first): cycle, queueDepth, produced,
/// dispatched, processed, postponed, discarded, failed, batches; one row per cycle kept by
/// Metrics::history().
QByteArray metricsToCsv(const Metrics &metrics);

} // namespace PriorityLab
