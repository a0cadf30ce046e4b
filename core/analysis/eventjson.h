#pragma once

#include "core/model/events.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>

namespace PriorityLab {

class AlarmWatch;
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
/// percentiles per original priority and per priority class (`latencyByClass`, the classes
/// of BrokerConfig::priorityClasses() with a message processed; cycles), the messages still waiting per original priority
/// with the oldest wait (cycles), the longest wait overall, `alarms` (runAlarms() of @p alarms,
/// which watched the whole run; without one the summary has no `alarms`),
/// conservation check, discards per reason (`discardedByReason`: every reason a registered
/// strategy can give, 0 if unused, and any other seen), Little's law (`littlesLaw`:
/// LittlesLaw::toJson()), wall time in milliseconds; with the dead-letter queue on (or used),
/// `deadLetterQueue` ({depth, entered, consumers, and what its consumers received, processed,
/// postponed, failed and discarded}) and totals' `discardedFinal` and `inDeadLetterQueue`.
QJsonObject summaryToJson(const Simulation &simulation, qint64 wallTimeMs, AlarmWatch *alarms = nullptr);

/// Adds the broker's own dead letters and refusals of @p totals (docs/design.md §3) to @p object:
/// "rejected" (messages) and "discardedByBroker" ({"maxlen", "delivery_limit", "expired"}).
void insertBrokerLimitCounts(QJsonObject &object, const Counts &totals);

/// Little's law L = λW checked on a run's own counts (docs/design.md §5): L the mean number of
/// messages in the system (queue depth at the end of each cycle, averaged over the cycles run),
/// λ the arrival rate (messages produced per cycle), W the mean time in the system of the
/// messages that ended (processed or discarded; cycles from production to the cycle they
/// ended in). On a long run whose backlog stays bounded, L and λW agree; a backlog that grows,
/// or a run too short for messages to end, makes them differ.
struct LittlesLaw
{
    double meanInSystem = 0;      ///< L, messages
    double arrivalRate = 0;       ///< λ, messages per cycle
    double meanTimeInSystem = 0;  ///< W, cycles (0 when no message ended)
    qint64 ended = 0;             ///< messages W is taken over (processed + discarded)
    qint64 openAtEnd = 0;         ///< messages still queued at the end (not in W)
    /// |L − λW| / L; 0 when L and λW are both 0, 1 when only one of them is.
    double relativeError = 0;
    /// Largest relativeError said to hold (5%).
    static constexpr double Tolerance = 0.05;
    bool holds() const { return relativeError <= Tolerance; }
    double lambdaW() const { return arrivalRate * meanTimeInSystem; }
    /// {"L", "lambda", "W", "lambdaW", "relativeError", "ended", "openAtEnd", "holds"}, the
    /// numbers rounded to 4 decimals.
    QJsonObject toJson() const;
};
/// Little's law on @p simulation's run so far (no cycle run: every figure 0). O(1).
LittlesLaw littlesLaw(const Simulation &simulation);

/// The alarms of a run, as [{"kind": K, "text": T}] with K an Alarm::kindName() and T the
/// alarm's text: those the app's alarm banner shows after the last cycle, by the same monitor's
/// rules (docs/design.md §5), from @p watch, which saw every cycle of @p simulation's run; and,
/// for the run as a whole, a data-loss entry if messages were lost (discarded for good, or
/// refused) and a loop entry if it stopped for lack of progress, where the banner's alarm of
/// that kind has cleared by then; those carry "clearedByEnd": true. O(queued messages).
QJsonArray runAlarms(const Simulation &simulation, AlarmWatch &watch);

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
/// dispatched, processed, postponed, discarded, failed, batches, held; one row per cycle kept by
/// Metrics::history().
QByteArray metricsToCsv(const Metrics &metrics);

} // namespace PriorityLab
