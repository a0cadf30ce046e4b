#include "ui/charts/charthistory.h"

#include "core/engine/metrics.h"
#include "core/model/config.h"
#include "core/model/events.h"

#include <algorithm>

namespace PriorityLab {

ChartHistory::ChartHistory()
{
    Q_ASSERT(size_t(BrokerConfig::priorityClasses().size()) == ClassCount);
    for (size_t priority = 0; priority < m_classOf.size(); ++priority)
        m_classOf[priority] = quint8(BrokerConfig::priorityClassOf(int(priority)));
}

void ChartHistory::add(const CycleReport &report, const QStringList &timelineOwners)
{
    if (report.cycle < 0)
        return;
    Sample s;
    s.cycle = report.cycle;
    s.depth = report.queueDepth;
    s.delayed = report.delayed;
    s.counts = report.counts;

    // Latency: the cycle's processed messages join a window of smoothingCycles() cycles.
    for (const ProcessedSample &p : report.processed)
        m_latencyWindow[classOf(p.originalPriority)].add(p.latency);
    m_recentProcessed.push_back(report.processed);
    if (m_recentProcessed.size() > size_t(smoothingCycles())) {
        for (const ProcessedSample &p : std::as_const(m_recentProcessed.front()))
            m_latencyWindow[classOf(p.originalPriority)].remove(p.latency);
        m_recentProcessed.pop_front();
    }
    for (size_t c = 0; c < ClassCount; ++c) {
        s.latency[2 * c] = m_latencyWindow[c].percentile(50);
        s.latency[2 * c + 1] = m_latencyWindow[c].percentile(95);
    }

    // Throughput: each consumer's processed count in this cycle.
    s.consumerProcessed.assign(size_t(m_consumerNames.size()), -1);
    for (const ConsumerCycle &consumer : report.consumers) {
        qsizetype slot = m_consumerNames.indexOf(consumer.name);
        if (slot < 0) {
            slot = m_consumerNames.size();
            m_consumerNames.append(consumer.name);
            s.consumerProcessed.push_back(-1);
        }
        s.consumerProcessed[size_t(slot)] = qint32(consumer.processed);
    }

    m_samples.push_back(std::move(s));
    while (m_samples.size() > size_t(windowCycles()))
        m_samples.pop_front();

    if (!report.timelineChanges.isEmpty()) {
        QStringList owners = timelineOwners.mid(0, report.timelineChanges.size());
        while (owners.size() < report.timelineChanges.size())
            owners.append(QString());
        if (m_timeline.isEmpty() || m_timeline.constLast().cycle != report.cycle)
            m_timeline.append({report.cycle, {}, {}, {}, {}});
        m_timeline.last().changes << report.timelineChanges;  // after a lesson step's own
        m_timeline.last().owners << owners;
    }
    const qint64 first = m_samples.front().cycle;
    while (!m_liveEdits.isEmpty() && m_liveEdits.constFirst().cycle < first)
        m_liveEdits.removeFirst();
}

void ChartHistory::addLiveEdit(qint64 cycle, const QString &change, const QString &owner, const QString &loaded,
                               bool undo, bool merged)
{
    const qsizetype equals = change.indexOf(QLatin1String(" = "));
    const QString key = equals > 0 ? change.left(equals + 3) : QString();
    // A later step of the undo step of the last edit of PATH: that edit's cycle (the slider's
    // Left, Left a few cycles apart read "✎ 2" where Edit > Undo had one step to take back).
    if (merged && !key.isEmpty() && !m_liveEdits.isEmpty()) {
        const TimelineEntry &last = m_liveEdits.constLast();
        for (qsizetype i = 0; i < last.changes.size(); ++i) {
            if (last.changes.at(i).startsWith(key) && !last.undos.value(i))
                cycle = last.cycle;
        }
    }
    // What the setting showed before this cycle's edits: the last change of PATH at an earlier
    // cycle, a live edit or a scripted one; empty if none is known (e.g. slid out of the window).
    QString before;
    if (!key.isEmpty()) {
        qint64 beforeCycle = -1;
        for (const QList<TimelineEntry> *list : {&m_liveEdits, &m_timeline}) {
            for (const TimelineEntry &entry : *list) {
                if (entry.cycle >= cycle || entry.cycle < beforeCycle)
                    continue;
                for (const QString &c : entry.changes) {
                    if (c.startsWith(key)) {
                        before = c;
                        beforeCycle = entry.cycle;
                    }
                }
            }
        }
        // Never changed before this cycle: the value as loaded. (Undone back to the loaded value
        // while paused, the edits left "✎ 2 edits" on the chart with nothing changed in the run.)
        const auto first = m_firstLiveEdit.constFind(key);
        if (before.isEmpty() && loaded.startsWith(key) && (first == m_firstLiveEdit.cend() || *first >= cycle))
            before = loaded;
        if (first == m_firstLiveEdit.cend() || *first > cycle)
            m_firstLiveEdit.insert(key, cycle);
    }
    // An undo of an edit in words ("consumer-4 added") before any cycle ran with the edit: the
    // edit is gone, and with it its marker; the undo gets none (a line stayed for a consumer
    // added and taken back at once, a teacher's trial).
    if (key.isEmpty() && undo && !m_liveEdits.isEmpty() && m_liveEdits.constLast().cycle == cycle) {
        TimelineEntry &entry = m_liveEdits.last();
        for (qsizetype i = entry.changes.size() - 1; i >= 0; --i) {
            if (entry.changes.at(i) == change && !entry.undos.value(i)) {
                if (entry.steps.value(i, 1) > 1) {  // the same words added again: one step less
                    --entry.steps[i];
                    return;
                }
                dropLastEntryChange(i);
                return;
            }
        }
    }
    // An edit that brings PATH back to that value before the cycle ran (an undo, then nothing
    // else, or an undo and its redo) changed nothing in the run: no change, no marker.
    const bool backToBefore = !before.isEmpty() && change == before;
    if (m_liveEdits.isEmpty() || m_liveEdits.constLast().cycle != cycle) {
        if (backToBefore)
            return;
        m_liveEdits.append(TimelineEntry{cycle, {}, {}, {}, {}});
    }
    TimelineEntry &entry = m_liveEdits.last();
    if (!key.isEmpty()) {
        for (qsizetype i = 0; i < entry.changes.size(); ++i) {
            if (entry.changes.at(i).startsWith(key)) {
                // Undo steps, as the lesson panel counts them (TimelineEntry::steps): a step of
                // its own of the same kind is one more (typed 1, then Up: two, where the chart
                // said "✎ 1 edit" and the lesson panel 2, a trial); the other kind (the undo of
                // an edit made before this cycle, a redo of such an undo) takes back the latest.
                int &steps = entry.steps[i];
                const bool sameKind = entry.undos.value(i) == undo;
                if (!merged && sameKind) {
                    ++steps;
                } else if (!sameKind && steps > 1) {
                    --steps;
                    entry.changes[i] = change;
                    entry.owners[i] = owner;
                    return;
                } else if (backToBefore && steps <= 1) {
                    dropLastEntryChange(i);
                    return;
                }
                entry.changes[i] = change;
                entry.owners[i] = owner;
                entry.undos[i] = undo;
                return;
            }
        }
    }
    if (backToBefore)
        return;
    entry.changes.append(change);
    entry.owners.append(owner);
    entry.undos.append(undo);
    entry.steps.append(1);
}

void ChartHistory::dropLastEntryChange(qsizetype i)
{
    TimelineEntry &entry = m_liveEdits.last();
    entry.changes.removeAt(i);
    entry.owners.removeAt(i);
    entry.undos.removeAt(i);
    entry.steps.removeAt(i);
    if (entry.changes.isEmpty())
        m_liveEdits.removeLast();
}

void ChartHistory::addScriptedChange(qint64 cycle, const QString &change, const QString &owner)
{
    if (m_timeline.isEmpty() || m_timeline.constLast().cycle != cycle)
        m_timeline.append(TimelineEntry{cycle, {}, {}, {}, {}});
    m_timeline.last().changes.append(change);
    m_timeline.last().owners.append(owner);
}

void ChartHistory::clear()
{
    m_samples.clear();
    m_timeline.clear();
    m_liveEdits.clear();
    m_firstLiveEdit.clear();
    m_consumerNames.clear();
    m_recentProcessed.clear();
    for (auto &window : m_latencyWindow)
        window.clear();
}

void ChartHistory::LatencyHistogram::add(qint64 latency)
{
    ++m_count;
    if (latency < 0 || latency >= DenseLimit) {
        ++m_sparse[latency];
        return;
    }
    if (latency >= qint64(m_dense.size())) {
        // Grown by whole blocks, at least doubling.
        const size_t blocks = size_t(latency / BlockSize + 1);
        const size_t size = std::max(blocks * size_t(BlockSize), 2 * m_dense.size());
        m_dense.resize(std::min(size, size_t(DenseLimit)));
        m_blocks.resize(m_dense.size() / size_t(BlockSize));
    }
    ++m_dense[size_t(latency)];
    ++m_blocks[size_t(latency / BlockSize)];
}

void ChartHistory::LatencyHistogram::remove(qint64 latency)
{
    if (latency < 0 || latency >= DenseLimit) {
        auto it = m_sparse.find(latency);
        if (it == m_sparse.end())
            return;
        --m_count;
        if (--it->second <= 0)
            m_sparse.erase(it);
        return;
    }
    if (latency >= qint64(m_dense.size()) || m_dense[size_t(latency)] <= 0)
        return;
    --m_count;
    --m_dense[size_t(latency)];
    --m_blocks[size_t(latency / BlockSize)];
}

qint64 ChartHistory::LatencyHistogram::percentile(int percent) const
{
    if (m_count <= 0)
        return -1;
    // Nearest rank, as PriorityLab::percentile(): the smallest latency with at least
    // ceil(percent * count / 100) samples at or below it.
    const qint64 rank = (m_count * percent + 99) / 100;
    qint64 seen = 0;
    auto sparse = m_sparse.cbegin();
    for (; sparse != m_sparse.cend() && sparse->first < 0; ++sparse) {
        seen += sparse->second;
        if (seen >= rank)
            return sparse->first;
    }
    for (size_t b = 0; b < m_blocks.size(); ++b) {
        if (seen + m_blocks[b] < rank) {
            seen += m_blocks[b];
            continue;
        }
        for (size_t v = b * size_t(BlockSize);; ++v) {
            seen += m_dense[v];
            if (seen >= rank)
                return qint64(v);
        }
    }
    for (; sparse != m_sparse.cend(); ++sparse) {
        seen += sparse->second;
        if (seen >= rank)
            return sparse->first;
    }
    // Not reached while the count is the sum of the samples; as percentile(): the largest.
    if (!m_sparse.empty() && m_sparse.crbegin()->first >= 0)
        return m_sparse.crbegin()->first;
    for (size_t v = m_dense.size(); v-- > 0;) {
        if (m_dense[v] > 0)
            return qint64(v);
    }
    return m_sparse.empty() ? -1 : m_sparse.crbegin()->first;
}

void ChartHistory::LatencyHistogram::clear()
{
    m_dense.clear();
    m_blocks.clear();
    m_sparse.clear();
    m_count = 0;
}

} // namespace PriorityLab
