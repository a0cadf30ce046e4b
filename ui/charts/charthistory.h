#pragma once

#include "core/model/config.h"
#include "core/model/events.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <array>
#include <deque>
#include <map>
#include <vector>

namespace PriorityLab {

struct CycleReport;

/// The per-cycle series behind the live charts (no widget): for the last windowCycles() cycles
/// the queue depth, the decisions, latency p50 and p95 per priority class (over the last
/// smoothingCycles() cycles) and each consumer's processed count; and the scenario timeline
/// changes in that window. Fed with cycle reports (CycleReport::processed and
/// CycleReport::consumers, computed by the engine); cost O(the cycle's processed messages +
/// consumers) per report.
class ChartHistory
{
public:
    /// Cycles kept: the sliding window of the time charts.
    static constexpr int windowCycles() { return 300; }
    /// Cycles over which latency percentiles and consumer throughput are computed at each point
    /// (a small sliding window: single cycles have too few messages per class to read).
    static constexpr int smoothingCycles() { return 10; }
    /// Latency classes: BrokerConfig::priorityClasses(), most urgent first.
    static constexpr size_t ClassCount = 3;

    /// One cycle as the charts need it.
    struct Sample
    {
        qint64 cycle = 0;
        qint64 depth = 0;    ///< queued after the cycle, ready for a consumer (CycleReport::queueDepth)
        qint64 delayed = 0;  ///< sent back with a retry delay, not yet due (CycleReport::delayed)
        /// The cycle's counts (CycleReport::counts): the flow chart draws processed, postponed,
        /// discarded and failed.
        Counts counts;
        /// Per class c: [2c] p50, [2c + 1] p95 over the last smoothingCycles(), -1 if nothing
        /// was processed.
        std::array<qint64, 2 * ClassCount> latency{};
        /// Processed in this cycle per consumer slot (index into consumerNames()), -1 = absent.
        std::vector<qint32> consumerProcessed;
    };
    /// Scenario timeline changes applied at the start of one cycle, or live edits in effect from
    /// one cycle on: "PATH = VALUE" (or words, e.g. "consumer D added"), each with the name of
    /// whose setting it is, as it was when the change was made ("A", "sensors", "broker"; ""
    /// when unknown or for words).
    struct TimelineEntry
    {
        qint64 cycle = 0;
        QStringList changes;
        QStringList owners;  ///< one per change, same order
        /// Live edits: one per change, same order; true for a change made by an undo of an edit
        /// by hand (Edit > Undo), which the charts mark as an undo, not as an edit.
        QList<bool> undos;
        /// Live edits: one per change, same order; the undo steps it stands for (Edit > Undo
        /// takes back one at a time): a later edit of the same PATH before the same cycle, made
        /// as a step of its own, is one more, its undo one less; a step of the same gesture
        /// (merged) none. The charts count edits by hand by these, as the lesson panel counts
        /// the undo stack's steps (docs/help.md, Markers on the charts).
        QList<int> steps;
    };

    ChartHistory();

    /// Takes in one cycle's report; @p timelineOwners names whose setting each of its
    /// timelineChanges is (missing ones count as "").
    void add(const CycleReport &report, const QStringList &timelineOwners = {});
    /// Takes in a live edit made before cycle @p cycle ran (Simulation::cycle() at the edit):
    /// @p change is "PATH = VALUE" or words, @p owner whose setting it is. A later edit of the
    /// same PATH before the same cycle replaces the earlier one and counts one undo step more
    /// (TimelineEntry::steps; a slider dragged while paused is one gesture, merged: one step;
    /// an undo of such a step before the cycle ran is one step less, no undo); one that brings PATH back to the value it had before that cycle (the last
    /// earlier live or scripted change of PATH, if still known; @p loaded, "PATH = VALUE" in the
    /// scenario as loaded, when PATH never changed before that cycle) removes it: an undo and its
    /// redo before any cycle runs, or edits undone back to the scenario as loaded, leave no marker.
    /// So does an edit in words (no PATH, "consumer-4 added") that an undo (@p undo, the same
    /// words) takes back before the same cycle: neither is kept.
    /// @p undo: the change is an undo of an edit by hand (TimelineEntry::undos). @p merged: the
    /// change is a later step of the undo step that made the last live edit of PATH (a slider
    /// moved by Left, Left while it runs, SetupCommand::merging()): it replaces that edit at its
    /// own cycle, as the undo step keeps the first step's cycle, rather than adding one at
    /// @p cycle (one marker per undo step, as the lesson panel counts, docs/design.md §8).
    void addLiveEdit(qint64 cycle, const QString &change, const QString &owner = {}, const QString &loaded = {},
                     bool undo = false, bool merged = false);
    /// Takes in a scripted change made before cycle @p cycle ran, outside the scenario's timeline
    /// (a lesson step's settings): kept with the timeline changes of that cycle, "PATH = VALUE",
    /// @p owner whose setting it is.
    void addScriptedChange(qint64 cycle, const QString &change, const QString &owner = {});
    /// Forgets every cycle (a scenario was loaded or reset).
    void clear();

    /// The kept cycles, oldest first (at most windowCycles()).
    const std::deque<Sample> &samples() const { return m_samples; }
    /// Timeline changes of every cycle taken in (the charts show those inside the window).
    const QList<TimelineEntry> &timeline() const { return m_timeline; }
    /// Live edits, oldest first, one entry per cycle; those before the window are dropped.
    const QList<TimelineEntry> &liveEdits() const { return m_liveEdits; }
    /// Consumer slots, in order of first appearance.
    const QStringList &consumerNames() const { return m_consumerNames; }

private:
    /// Drops change @p i of the last live-edit entry, and the entry once it holds none: an edit
    /// taken back before the cycle ran leaves no marker.
    void dropLastEntryChange(qsizetype i);

    std::deque<Sample> m_samples;
    QList<TimelineEntry> m_timeline;
    QList<TimelineEntry> m_liveEdits;
    /// "PATH = " of every live edit taken in, with the first cycle it was made at (kept when
    /// its entry leaves the window: the value before a later cycle is then not known).
    QHash<QString, qint64> m_firstLiveEdit;
    QStringList m_consumerNames;
public:
    /// A multiset of latencies (cycles) with nearest-rank percentiles, as percentile() of a
    /// std::map histogram gives them (the same values), but flat: a count per latency below
    /// DenseLimit and a count per block of BlockSize latencies, so that adding and removing is an
    /// increment and a percentile a walk over the blocks, then inside one (no node allocated per
    /// distinct latency, as the map did: ChartHistory::add() of a cycle with 1,300 processed was
    /// the charts' main cost at the fastest speed). Latencies outside 0..DenseLimit - 1 (rare) go
    /// to a map.
    class LatencyHistogram
    {
    public:
        static constexpr qint64 DenseLimit = 1 << 16;
        static constexpr qint64 BlockSize = 64;
        /// Adds one sample of @p latency.
        void add(qint64 latency);
        /// Removes one sample of @p latency (one that was added).
        void remove(qint64 latency);
        /// Samples held.
        qint64 count() const { return m_count; }
        /// Nearest-rank percentile @p percent (0..100), as percentile(); -1 if empty.
        qint64 percentile(int percent) const;
        /// Forgets every sample.
        void clear();

    private:
        std::vector<qint32> m_dense;    ///< samples per latency, grown as needed
        std::vector<qint32> m_blocks;   ///< samples per block of BlockSize latencies
        std::map<qint64, qint64> m_sparse;  ///< latencies outside the dense range
        qint64 m_count = 0;
    };

private:
    /// The class of @p priority (BrokerConfig::priorityClassOf()), from a table for 0..9: asked
    /// for every processed message of every cycle (docs/design.md §9, App).
    size_t classOf(int priority) const
    {
        return priority >= 0 && priority < int(m_classOf.size()) ? m_classOf[size_t(priority)]
                                                                  : size_t(BrokerConfig::priorityClassOf(priority));
    }

    /// The processed messages of the last smoothingCycles() cycles (each cycle's list shared with
    /// its report, not copied), and per class the histogram of their latencies (cycles).
    std::deque<QList<ProcessedSample>> m_recentProcessed;
    std::array<LatencyHistogram, ClassCount> m_latencyWindow;
    std::array<quint8, 10> m_classOf{}; ///< BrokerConfig::priorityClassOf() of priorities 0..9
};

} // namespace PriorityLab
