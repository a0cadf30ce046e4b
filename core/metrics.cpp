#include "metrics.h"

namespace PriorityLab {

void Metrics::clear()
{
    *this = Metrics();
}

void Metrics::recordCycle(const CycleReport &report)
{
    m_totals += report.counts;
    if (qsizetype(m_history.size()) >= historyCapacity())
        m_history.pop_front();
    m_history.push_back({report.cycle, report.queueDepth, report.counts});
}

LatencyStats Metrics::latency(int priority) const
{
    LatencyStats stats;
    const auto it = m_latency.find(priority);
    if (it == m_latency.end())
        return stats;
    for (const auto &[value, count] : it->second)
        stats.count += count;
    // Nearest-rank percentiles: the smallest value with at least ceil(p * count) samples at or
    // below it.
    const qint64 rank50 = (stats.count * 50 + 99) / 100;
    const qint64 rank95 = (stats.count * 95 + 99) / 100;
    qint64 seen = 0;
    bool have50 = false;
    bool have95 = false;
    for (const auto &[value, count] : it->second) {
        seen += count;
        if (!have50 && seen >= rank50) {
            stats.p50 = value;
            have50 = true;
        }
        if (!have95 && seen >= rank95) {
            stats.p95 = value;
            have95 = true;
        }
        stats.max = value;
    }
    return stats;
}

QList<int> Metrics::latencyPriorities() const
{
    QList<int> list;
    for (const auto &entry : m_latency)
        list << entry.first;
    return list;
}

} // namespace PriorityLab
