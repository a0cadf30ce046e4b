#pragma once

#include "core/engine/metrics.h"
#include "core/scenario/scenario.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace PriorityLab {

class Simulation;

/// Key figures of one run, for comparing configurations (latency per priority, longest
/// wait, throughput, postponements, discards, deliveries per message, messages overtaken).
struct RunFigures
{
    QString name;                 ///< scenario name
    QString mode;                 ///< broker mode
    qint64 cycles = 0;            ///< cycles run
    Counts totals;
    qint64 queued = 0;            ///< still queued at the end (backlog)
    double throughput = 0;        ///< processed messages per cycle
    double deliveriesPerMessage = 0; ///< deliveries / messages that ended (processed or discarded)
    qint64 longestWait = 0;       ///< cycles: max of processed latency and age of queued messages
    qint64 overtaken = 0;         ///< processed after a later message, or still waiting behind one
    QList<int> priorities;        ///< original priorities seen, ascending
    QList<LatencyStats> latency;  ///< per entry of priorities
    quint64 workloadHash = 0;
    QList<CycleSample> history;   ///< per cycle: queue depth and counts (Metrics::history())

    /// The figures of @p simulation as it stands.
    static RunFigures of(const Simulation &simulation);
    QJsonObject toJson() const;
};

/// Result of compareScenarios().
struct Comparison
{
    QList<RunFigures> runs;
    bool sameWorkload = true;     ///< every run produced the identical messages
    QStringList errors;           ///< problems that stopped a run (bad scenario)

    /// The table of key figures: the first row is the header ("figure", run names), then one
    /// row per figure (latency p50/p95/max rows per priority, most urgent first), one cell per
    /// run. The same rows feed toText() and the app's compare table.
    QList<QStringList> rows() const;

    /// rows() as aligned text, plus a line saying whether the workloads were identical.
    QString toText() const;
    QJsonObject toJson() const;
};

/// Runs each scenario headless for @p cycles cycles (or until its broker stops if @p cycles < 0)
/// and collects their figures. The runs see the same produced messages when their producers and
/// seeds are the same; Comparison::sameWorkload checks it by hash.
Comparison compareScenarios(const QList<Scenario> &scenarios, qint64 cycles);

} // namespace PriorityLab
