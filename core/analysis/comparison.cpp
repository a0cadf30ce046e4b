#include "core/analysis/comparison.h"

#include "core/analysis/eventjson.h"
#include "core/engine/simulation.h"

#include "core/model/printable.h"

#include <QJsonArray>

namespace PriorityLab {

RunFigures RunFigures::of(const Simulation &sim)
{
    RunFigures f;
    f.name = sim.loadedScenario().name;
    f.mode = BrokerConfig::modeName(sim.broker().config().mode);
    f.cycles = sim.cycle();
    f.totals = sim.metrics().totals();
    f.queued = sim.broker().size();
    f.throughput = f.cycles > 0 ? double(f.totals.processed) / double(f.cycles) : 0.0;
    const qint64 ended = f.totals.processed + f.totals.discarded;
    f.deliveriesPerMessage = ended > 0 ? double(f.totals.dispatched) / double(ended) : 0.0;
    f.overtaken = sim.metrics().overtaken() + overtakenWaiting(sim);
    f.priorities = sim.metrics().latencyPriorities();
    for (int p : std::as_const(f.priorities)) {
        f.latency << sim.metrics().latency(p);
        f.longestWait = std::max(f.longestWait, f.latency.last().max);
    }
    // The age of a message still waiting: starvation shows here, not in the latency. (By
    // sub-queue: Broker::at() costs O(sub-queues) a call.)
    for (const WaitingStats &w : waitingByPriority(sim))
        f.longestWait = std::max(f.longestWait, w.oldestWait);
    f.workloadHash = sim.workloadHash();
    const std::deque<CycleSample> &history = sim.metrics().history();
    f.history = QList<CycleSample>(history.begin(), history.end());
    return f;
}

QJsonObject RunFigures::toJson() const
{
    QJsonArray lat;
    for (qsizetype i = 0; i < priorities.size(); ++i)
        lat.append(QJsonObject{{QStringLiteral("priority"), priorities.at(i)},
                               {QStringLiteral("count"), latency.at(i).count},
                               {QStringLiteral("p50"), latency.at(i).p50},
                               {QStringLiteral("p95"), latency.at(i).p95},
                               {QStringLiteral("max"), latency.at(i).max}});
    return QJsonObject{{QStringLiteral("name"), name},
                       {QStringLiteral("mode"), mode},
                       {QStringLiteral("cycles"), cycles},
                       {QStringLiteral("produced"), totals.produced},
                       {QStringLiteral("processed"), totals.processed},
                       {QStringLiteral("postponed"), totals.postponed},
                       {QStringLiteral("discarded"), totals.discarded},
                       {QStringLiteral("failed"), totals.failed},
                       {QStringLiteral("queued"), queued},
                       {QStringLiteral("throughputPerCycle"), throughput},
                       {QStringLiteral("deliveriesPerMessage"),
                        totals.processed + totals.discarded > 0 ? QJsonValue(deliveriesPerMessage) : QJsonValue()},
                       {QStringLiteral("longestWait"), longestWait},
                       {QStringLiteral("overtaken"), overtaken},
                       {QStringLiteral("latencyByPriority"), lat},
                       {QStringLiteral("workloadHash"), QString::number(workloadHash, 16)}};
}

Comparison compareScenarios(const QList<Scenario> &scenarios, qint64 cycles)
{
    Comparison result;
    for (const Scenario &s : scenarios) {
        Simulation sim;
        sim.setRecordEvents(false);
        if (const QStringList errors = sim.load(s); !errors.isEmpty()) {
            for (const QString &e : errors)
                result.errors << s.name + QStringLiteral(": ") + e;
            continue;
        }
        sim.runCycles(cycles);
        result.runs << RunFigures::of(sim);
    }
    for (const RunFigures &r : std::as_const(result.runs))
        result.sameWorkload = result.sameWorkload && r.workloadHash == result.runs.constFirst().workloadHash;
    return result;
}

QList<QStringList> Comparison::rows() const
{
    QList<QStringList> rows;
    QStringList header{QStringLiteral("figure")};
    for (const RunFigures &r : runs)
        header << printableText(r.name);
    rows << header;
    const auto row = [&](const QString &label, auto value) {
        QStringList cells{label};
        for (const RunFigures &r : runs)
            cells << value(r);
        rows << cells;
    };
    const auto num = [](qint64 v) { return QString::number(v); };
    row(QStringLiteral("broker mode"), [](const RunFigures &r) { return r.mode; });
    row(QStringLiteral("cycles"), [&](const RunFigures &r) { return num(r.cycles); });
    row(QStringLiteral("produced"), [&](const RunFigures &r) { return num(r.totals.produced); });
    row(QStringLiteral("processed"), [&](const RunFigures &r) { return num(r.totals.processed); });
    row(QStringLiteral("throughput (msg/cycle)"), [](const RunFigures &r) { return QString::number(r.throughput, 'f', 2); });
    row(QStringLiteral("postponed"), [&](const RunFigures &r) { return num(r.totals.postponed); });
    row(QStringLiteral("failed"), [&](const RunFigures &r) { return num(r.totals.failed); });
    row(QStringLiteral("discarded (data lost)"), [&](const RunFigures &r) { return num(r.totals.discarded); });
    row(QStringLiteral("backlog at end"), [&](const RunFigures &r) { return num(r.queued); });
    row(QStringLiteral("deliveries per message"), [](const RunFigures &r) {
        // Nothing ended (processed or discarded): there is no ratio to show.
        return r.totals.processed + r.totals.discarded > 0 ? QString::number(r.deliveriesPerMessage, 'f', 2)
                                                           : QStringLiteral("n/a");
    });
    row(QStringLiteral("messages overtaken"), [&](const RunFigures &r) { return num(r.overtaken); });
    row(QStringLiteral("longest wait (cycles)"), [&](const RunFigures &r) { return num(r.longestWait); });
    QList<int> priorities;
    for (const RunFigures &r : runs) {
        for (int p : r.priorities) {
            if (!priorities.contains(p))
                priorities << p;
        }
    }
    std::sort(priorities.begin(), priorities.end(), std::greater<int>());
    for (int p : std::as_const(priorities)) {
        row(QStringLiteral("latency p50/p95/max, priority %1").arg(p), [p](const RunFigures &r) {
            const qsizetype i = r.priorities.indexOf(p);
            if (i < 0)
                return QStringLiteral("none processed");
            const LatencyStats &s = r.latency.at(i);
            return QStringLiteral("%1/%2/%3").arg(s.p50).arg(s.p95).arg(s.max);
        });
    }
    return rows;
}

QString Comparison::toText() const
{
    const QList<QStringList> rows = this->rows();
    QList<qsizetype> widths(rows.constFirst().size(), 0);
    for (const QStringList &cells : std::as_const(rows)) {
        for (qsizetype i = 0; i < cells.size(); ++i)
            widths[i] = std::max(widths[i], cells.at(i).size());
    }
    QString text;
    for (const QStringList &cells : std::as_const(rows)) {
        QStringList padded;
        for (qsizetype i = 0; i < cells.size(); ++i)
            padded << (i == 0 ? cells.at(i).leftJustified(widths[i]) : cells.at(i).rightJustified(widths[i]));
        text += padded.join(QStringLiteral("  ")).trimmed() + QLatin1Char('\n');
    }
    text += sameWorkload ? QStringLiteral("workload: identical produced messages in every run (checked)\n")
                         : QStringLiteral("WARNING: the runs produced different messages (producers or seeds differ): "
                                          "the comparison is not like for like\n");
    return text;
}

QJsonObject Comparison::toJson() const
{
    QJsonArray list;
    for (const RunFigures &r : runs)
        list.append(r.toJson());
    return QJsonObject{{QStringLiteral("runs"), list}, {QStringLiteral("sameWorkload"), sameWorkload}};
}

} // namespace PriorityLab
