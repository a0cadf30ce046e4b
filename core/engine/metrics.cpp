#include "core/engine/metrics.h"

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

std::map<qint64, qint64> Metrics::Histogram::entries() const
{
    std::map<qint64, qint64> all = sparse;
    for (size_t v = 0; v < dense.size(); ++v) {
        if (dense[v] > 0)
            all[qint64(v)] += dense[v];
    }
    return all;
}

std::map<int, qint64> Metrics::deliveriesHistogram() const
{
    std::map<int, qint64> result;
    for (const auto &[value, count] : m_deliveries.entries())
        result[int(value)] = count;
    return result;
}

LatencyStats Metrics::latency(int priority) const
{
    LatencyStats stats;
    const Histogram *h = nullptr;
    if (priority >= 0 && priority < qsizetype(m_latencyDense.size()))
        h = &m_latencyDense[size_t(priority)];
    else if (const auto it = m_latencySparse.find(priority); it != m_latencySparse.end())
        h = &it->second;
    if (!h || h->total == 0)
        return stats;
    const std::map<qint64, qint64> entries = h->entries();
    stats.count = h->total;
    // Nearest-rank percentiles: the smallest value with at least ceil(p * count) samples at or
    // below it.
    const qint64 rank50 = (stats.count * 50 + 99) / 100;
    const qint64 rank95 = (stats.count * 95 + 99) / 100;
    qint64 seen = 0;
    bool have50 = false;
    bool have95 = false;
    for (const auto &[value, count] : entries) {
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
    for (const auto &entry : m_latencySparse) {
        if (entry.first < 0 && entry.second.total > 0)
            list << entry.first;
    }
    for (size_t p = 0; p < m_latencyDense.size(); ++p) {
        if (m_latencyDense[p].total > 0)
            list << int(p);
    }
    for (const auto &entry : m_latencySparse) {
        if (entry.first >= 256 && entry.second.total > 0)
            list << entry.first;
    }
    return list;
}

} // namespace PriorityLab
