#pragma once

#include "core/model/events.h"

#include <QByteArray>
#include <QJsonObject>

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

/// eventToJson() as one compact line with a trailing newline.
QByteArray eventToJsonLine(const Event &event);

/// The run summary of prioritylab-sim --summary (docs/design.md §7): cycles run, stop reason,
/// totals, per-consumer counts, latency percentiles per original priority (cycles), conservation
/// check, wall time in milliseconds.
QJsonObject summaryToJson(const Simulation &simulation, qint64 wallTimeMs);

class Metrics;

/// The per-cycle history as CSV (RFC 4180, header row first): cycle, queueDepth, produced,
/// dispatched, processed, postponed, discarded, failed, batches; one row per cycle kept by
/// Metrics::history().
QByteArray metricsToCsv(const Metrics &metrics);

} // namespace PriorityLab
