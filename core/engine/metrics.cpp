#include "core/engine/metrics.h"

namespace PriorityLab {

void Metrics::clear()
{
    *this = Metrics();
}

void Metrics::recordCycle(const CycleReport &report)
{
    m_totals += report.counts;
    m_queueDepthSum += report.queueDepth + report.held + report.deadLetterQueue;  // messages in the system
    ++m_cyclesRecorded;
    if (qsizetype(m_history.size()) >= historyCapacity())
        m_history.pop_front();
    m_history.push_back({report.cycle, report.queueDepth, report.counts, report.held});
}

void Metrics::Histogram::addNew(qint64 value)
{
    ++total;
    if (value >= 0 && value < DenseLimit) {
        dense.resize(size_t(value) + 1);
        ++dense[size_t(value)];
    } else {
        ++sparse[value];
    }
}

Metrics::Histogram &Metrics::newHistogram(int priority)
{
    if (priority >= 0 && priority < 256) {
        m_latencyDense.resize(size_t(priority) + 1);
        return m_latencyDense[size_t(priority)];
    }
    return m_latencySparse[priority];
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

qint64 percentile(const std::map<qint64, qint64> &values, qint64 count, int percent)
{
    if (count <= 0)
        return -1;
    // Nearest rank: the smallest value with at least ceil(percent * count / 100) samples at or
    // below it.
    const qint64 rank = (count * percent + 99) / 100;
    qint64 seen = 0;
    for (const auto &[value, n] : values) {
        seen += n;
        if (seen >= rank)
            return value;
    }
    return values.empty() ? -1 : values.rbegin()->first;
}

namespace {

LatencyStats latencyStats(const std::map<qint64, qint64> &entries, qint64 count)
{
    LatencyStats stats;
    if (count == 0)
        return stats;
    stats.count = count;
    stats.p50 = percentile(entries, count, 50);
    stats.p95 = percentile(entries, count, 95);
    stats.max = entries.empty() ? 0 : entries.rbegin()->first;
    return stats;
}

} // namespace

LatencyStats Metrics::latency(int priority) const
{
    const Histogram *h = nullptr;
    if (priority >= 0 && priority < qsizetype(m_latencyDense.size()))
        h = &m_latencyDense[size_t(priority)];
    else if (const auto it = m_latencySparse.find(priority); it != m_latencySparse.end())
        h = &it->second;
    if (!h || h->total == 0)
        return {};
    return latencyStats(h->entries(), h->total);
}

LatencyStats Metrics::latency(int minPriority, int maxPriority) const
{
    std::map<qint64, qint64> merged;
    qint64 count = 0;
    const auto add = [&](int priority, const Histogram &h) {
        if (priority < minPriority || priority > maxPriority || h.total == 0)
            return;
        for (const auto &[value, n] : h.entries())
            merged[value] += n;
        count += h.total;
    };
    for (size_t p = 0; p < m_latencyDense.size(); ++p)
        add(int(p), m_latencyDense[p]);
    for (const auto &[priority, h] : m_latencySparse)
        add(priority, h);
    return latencyStats(merged, count);
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
