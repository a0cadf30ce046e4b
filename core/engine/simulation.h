#pragma once

#include "core/engine/broker.h"
#include "core/engine/consumer.h"
#include "core/model/events.h"
#include "core/engine/metrics.h"
#include "core/engine/producer.h"
#include "core/engine/settingchange.h"
#include "core/scenario/scenario.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <vector>

namespace PriorityLab {

/// The whole simulated system: producers, one broker, consumers, metrics and the seeded random
/// generator (docs/design.md §1). One cycle = producers emit what is due, the broker dispatches, one
/// CycleReport is published. step() runs a cycle synchronously (tests, prioritylab-sim,
/// benchmarks); run()/pause() drive step() from a QTimer whose interval (milliseconds) can change
/// live. The same scenario and seed give the identical event stream whatever the interval.
class Simulation : public QObject
{
    Q_OBJECT

public:
    explicit Simulation(QObject *parent = nullptr);
    ~Simulation() override;

    /// Replaces the whole system with @p scenario and starts again at cycle 0, paused.
    /// Returns the problems that prevent it (e.g. an unknown strategy type or a predicate that does
    /// not compile); on error nothing changes, and a running simulation keeps running.
    QStringList load(const Scenario &scenario);

    /// Loads the scenario given to load() again, same seed: cycle 0, empty queue; intervalMs() stays.
    void reset();

    /// The scenario given to load().
    const Scenario &loadedScenario() const { return m_scenario; }

    /// The current setup (live edits included) as a scenario, e.g. to save it.
    Scenario currentScenario() const;

    /// Runs one cycle and emits cycleCompleted(). Does nothing and returns an empty report
    /// (cycle -1) once finished.
    CycleReport step();

    /// Runs cycles until finished or @p maxCycles cycles have run (maxCycles < 0: no limit).
    /// Returns the number of cycles run. Emits cycleCompleted() for each.
    qint64 runCycles(qint64 maxCycles);

    /// Starts the timer (one cycle per interval). Interval 0 = as fast as possible: each timer
    /// tick runs cycles for up to about 5 ms, so the event loop never stalls.
    void run();
    /// Starts the timer as run() does, unless the loaded scenario is a lesson (it has steps): a
    /// lesson starts paused on its first step, also after Open and Reset, so the teacher runs it
    /// (docs/design.md §1). The one place that rule is written.
    void runUnlessLesson();
    /// Stops the timer.
    void pause();
    /// While running on the timer, pause after the first cycle for which @p condition holds
    /// (checked after every cycle, also inside a fastest-speed tick; step() and runCycles() do
    /// not check it). An empty function removes the condition. Used by the lesson panel to stop
    /// on the exact cycle a step ends.
    void setPauseCondition(std::function<bool(const Simulation &)> condition);
    bool isRunning() const { return m_timer.isActive(); }

    /// Timer interval in milliseconds (0 = as fast as possible; negatives clamp to 0); applies
    /// from the next tick. It is the live value of broker.cycleIntervalMs; the app's speed
    /// control sets it here directly (the view's speed: no undo step, not saved), the broker
    /// panel by that path through SetupEditor (an edit of the scenario); emits setupChanged()
    /// (Kind::Interval) when it changes.
    void setIntervalMs(int ms);
    int intervalMs() const { return m_intervalMs; }

    /// The next scripted timeline change still to come (not yet applied) that sets the setting at
    /// @p path or one containing it (e.g. "consumers[0].strategy" for
    /// "consumers[0].strategy.low"); std::nullopt if none. E.g. lesson-ttl-moved.json before
    /// cycle 60: {atCycle 60, "consumers[0].strategy.low", 4}. O(changes still to come).
    std::optional<TimelineChange> nextTimelineChange(const SettingPath &path) const;

    /// True if anything may still happen after @p cycle without a consumer acting: a producer
    /// has messages due later, a message was sent by hand, or a timeline change is still due.
    bool hasMoreAfter(qint64 cycle) const;

    /// Why a run of @p scenario may never stop by itself (broker.maxIdleCycles 0, or a generator
    /// without untilCycle, at the start or after a timeline change), or only after more than
    /// MaxCyclesWithoutLimit cycles (something due that late), in words naming the setting;
    /// empty if it stops in time (idle or no progress, docs/design.md §3).
    static QString endlessReason(const Scenario &scenario);
    /// Most cycles a run may need to stop by itself for endlessReason() to accept it (about
    /// ten seconds of idle cycles).
    static constexpr qint64 MaxCyclesWithoutLimit = 10000000;

    /// True once the run stopped by itself (idle or no progress); see stopReason().
    bool isFinished() const { return m_finished; }
    QString stopReason() const { return m_stopReason; }

    /// Number of the next cycle to run (= cycles run so far).
    qint64 cycle() const { return m_cycle; }

    /// Whether reports carry their events (off for benchmarks; on by default). A report keeps
    /// at most CycleReport::MaxKeptEvents of them (the first and the last of the cycle); the
    /// event sink gets every one.
    void setRecordEvents(bool on) { m_recordEvents = on; }
    bool recordEvents() const { return m_recordEvents; }
    /// Takes back a report's event list that its holder let go: if nobody else holds it (the
    /// journal's thread may still), its events are destroyed here and its memory becomes a
    /// later cycle's list, the larger of it and the one kept before. The app's cycles then
    /// write their events into memory just touched instead of fresh pages (the views keep the
    /// newest 50,000 events: some 11 MB that a run at the fastest speed would otherwise
    /// allocate, fault in and free anew; docs/design.md §9, App). O(events in it).
    void recycleEvents(QList<Event> &&events);

    /// Calls @p sink with every event as it happens during step(), in the order of
    /// docs/design.md §5, whether or not reports carry events (an empty function removes it).
    /// Nothing is buffered: prioritylab-sim --events writes each event from here, so a cycle of
    /// millions of events needs no memory for them. The sink must not edit the simulation.
    void setEventSink(EventSink sink) { m_sink = std::move(sink); }
    /// Calls @p sink with each batch as the broker takes it (consumer, size in messages), before
    /// its events; only while an event sink is set. Used by the RabbitMQ lockstep bridge.
    void setBatchSink(BatchSink sink) { m_batchSink = std::move(sink); }

    Broker &broker() { return m_broker; }
    const Broker &broker() const { return m_broker; }
    const Metrics &metrics() const { return m_metrics; }
    const std::vector<std::unique_ptr<Consumer>> &consumers() const { return m_consumers; }
    const std::vector<Producer> &producers() const { return m_producers; }
    /// Messages sent by hand (producer "manual") that a queue at its length limit refused.
    qint64 manualRejected() const { return m_manualRejected; }

    /// A hash of every message produced so far (producer, data, priority, TTL, cycle), in order:
    /// two runs with equal hashes saw the identical workload. Only while setHashWorkload() is on;
    /// otherwise it stays at its start value (WordHash::Basis).
    quint64 workloadHash() const { return m_workloadHash; }

    /// Whether step() folds every produced message into workloadHash(). Off by default: only a
    /// run compared with others needs it (compareScenarios(), runSweepPoint() turn it on), and
    /// it is about half of a generated message's production cost (docs/design.md §9). Kept
    /// across load(); turn it on before the first step() for a hash of the whole run.
    void setHashWorkload(bool on) { m_hashWorkload = on; }
    bool hashWorkload() const { return m_hashWorkload; }

    /// Messages queued at the broker, the delayed ones (Broker::delayedCount()) included: the
    /// "queued" of the conservation law. O(1).
    qint64 queued() const;

    /// Messages consumers hold: delivered, not yet decided on (only consumers with a prefetch
    /// or workPerCycle hold messages between cycles; docs/design.md §4). O(consumers).
    qint64 held() const;

    /// Conservation law of docs/design.md §5: produced = processed + discarded + queued + held
    /// + rejected (new messages refused by a queue at its length limit); with the dead-letter
    /// queue on, discarded counts the final dead letters only (Counts::finalDiscarded()) and the
    /// messages in the dead-letter queue are added.
    bool conservationHolds() const;

    /// Checks every invariant: conservation; message ids in the queue unique and below
    /// the next id; the per-consumer counts (including removed consumers) summing to the totals.
    /// Returns one line per broken invariant; empty when all hold. O(queued messages).
    QStringList checkInvariants() const;

    /// Counts of consumers removed during the run (so per-consumer counts still sum to totals).
    const ConsumerStats &removedConsumerStats() const { return m_removedStats; }

    // Live edits, each taking effect from the next message handled. They emit setupChanged()
    // with what they changed.

    /// Sets consumer @p index online or offline.
    void setConsumerOnline(int index, bool online);
    /// Sets consumer @p index's failure rate; @p rate is clamped to 0..1.
    void setConsumerFailureRate(int index, double rate);
    /// Replaces consumer @p index's strategy with a new one of @p type (default parameters).
    /// Returns an error if the type is unknown.
    QString setConsumerStrategyType(int index, const QString &type);
    /// Sets one strategy parameter of consumer @p index; returns the strategy's error, if any.
    QString setConsumerParameter(int index, const QString &name, const QVariant &value);
    /// Adds a consumer at the end; returns an error if the name is taken or the strategy invalid.
    QString addConsumer(const ConsumerConfig &config);
    /// Inserts a consumer at position @p index (0..count), keeping the round-robin order of the
    /// others (e.g. to undo a removal); same errors as addConsumer(), plus a bad position.
    QString insertConsumer(int index, const ConsumerConfig &config);
    /// The error insertConsumer(@p index, @p config) would give, or "", without inserting.
    QString checkConsumer(int index, const ConsumerConfig &config) const;
    /// Removes consumer @p index (the round-robin order of the others is kept).
    void removeConsumer(int index);
    /// Broker settings (batch size, dispatch, idle cycles, cap, timer interval); from the next
    /// cycle.
    void setBrokerConfig(const BrokerConfig &config);
    /// Pauses or resumes producer @p index.
    void setProducerPaused(int index, bool paused);
    /// Sends one message by hand ("send a message now"): it is produced at the start of the next
    /// cycle, before the producers, by the producer named "manual". Its atCycle is ignored.
    void sendMessage(const ScriptedMessage &message);

    /// Checks setting @p path to @p value against the current setup (PriorityLab::checkSetting(),
    /// validated as in a file) without changing anything; the result can be given to
    /// applySetting(const CheckedSetting &). A whole list ("consumers", "producers") is refused:
    /// it would add, remove or reorder them under their counts and round-robin cursors.
    CheckedSetting checkSetting(const SettingPath &path, const QJsonValue &value) const;
    /// Applies a change checked by checkSetting(): the part it changed goes into the live
    /// objects, keeping their counters and state, and setupChanged() says which setting changed.
    /// If the setup changed since the check, the change is checked again first. Returns "" or the
    /// check's error ("PATH: problem and fix"); on error nothing changes.
    QString applySetting(const CheckedSetting &check);
    /// Sets any setting by its path in the scenario format (e.g. "consumers[1].strategy.low",
    /// "broker.batchSize", "producers[0].generator.perCycle"): checkSetting() then
    /// applySetting(check), one round trip through JSON. The same mechanism applies timeline
    /// changes. Returns "" or "PATH: problem and fix".
    QString applySetting(const SettingPath &path, const QJsonValue &value);
    /// The same with the path as text.
    QString applySetting(const QString &path, const QJsonValue &value);
    /// The current value at @p path (undefined if none), e.g. for undo. Converts only the part
    /// the path is in to JSON.
    QJsonValue settingValue(const SettingPath &path) const;
    /// The same with the path as text.
    QJsonValue settingValue(const QString &path) const;

Q_SIGNALS:
    /// One report per cycle, after the cycle (never one signal per message).
    void cycleCompleted(const PriorityLab::CycleReport &report);
    /// The timer started or stopped.
    void runningChanged(bool running);
    /// The broker stopped; @p reason in words.
    void finished(const QString &reason);
    /// A live edit changed consumers, producers, broker settings, the timer interval or the
    /// scenario's texts; @p change says what (a timeline change is a Kind::Setting too).
    void setupChanged(const PriorityLab::SettingChange &change);
    /// load() or reset() replaced the whole system.
    void scenarioLoaded();

private:
    void tick();
    void hashMessage(const Message &message);
    QStringList build(const Scenario &scenario);
    void commit(const CheckedSetting &check);
    void announce(const SettingChange &change);

    Scenario m_scenario;
    Broker m_broker;
    Metrics m_metrics;
    std::vector<std::unique_ptr<Consumer>> m_consumers;
    std::vector<Producer> m_producers;
    std::mt19937_64 m_rng;
    QList<ScriptedMessage> m_manual;  ///< sent by hand, produced at the next cycle
    qint64 m_manualRejected = 0;      ///< messages sent by hand that the broker refused
    QList<TimelineChange> m_timeline;  ///< sorted by cycle
    ConsumerStats m_removedStats;
    qsizetype m_nextChange = 0;
    bool m_applyingTimeline = false;  ///< step() is applying timeline changes (SettingChange::scripted)
    quint64 m_setupRevision = 0;  ///< counts setup changes: a check against an older setup is redone
    quint64 m_workloadHash = 14695981039346656037ULL;  // FNV-1a offset basis
    QTimer m_timer;
    qint64 m_cycle = 0;
    int m_idleCycles = 0;
    int m_stuckCycles = 0;  ///< consecutive cycles in which every delivery went back
    int m_intervalMs = 500;
    bool m_finished = false;
    bool m_recordEvents = true;
    bool m_hashWorkload = false;
    qsizetype m_eventsLastCycle = 0;  ///< events the last cycle kept: the next one reserves as many
    QList<Event> m_spareEvents;       ///< empty; memory for a next cycle's events (recycleEvents())
    QString m_stopReason;
    std::function<bool(const Simulation &)> m_pauseWhen;
    EventSink m_sink;
    BatchSink m_batchSink;
};

} // namespace PriorityLab
