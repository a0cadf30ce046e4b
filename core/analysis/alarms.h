#pragma once

#include <QList>
#include <QMetaObject>
#include <QString>
#include <QtGlobal>

#include <deque>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace PriorityLab {

class Simulation;
struct Consumer;
struct CycleReport;
struct Message;

/// One active alarm: a problem the user should act on, in words that say what to change.
struct Alarm
{
    enum class Kind : quint8 {
        Setting,        ///< a consumer's setting discards every message or starves (Strategy::settingWarning)
        DataLoss,       ///< messages were discarded in recent cycles (dead letters)
        Starvation,     ///< a priority class is queued but none of it was processed for N cycles
        Loop,           ///< a queued message was delivered more than N times, or most deliveries fail and requeue
        SafetyCap,      ///< maxDeliveriesPerCycle ended a drain cycle early
        RuntimeWarning, ///< a predicate failed at run time, a timeline change was not applied, ...
        NoConsumer,     ///< messages wait and no consumer is online
        Connection,     ///< the app's RabbitMQ mirror lost its connection (raised from outside, raiseExternal())
    };

    Kind kind = Kind::Setting;
    QString key;             ///< identity while active: kind plus subject, e.g. "setting:A"
    QString title;           ///< a few words, e.g. "Data loss"
    QString text;            ///< what happens and what to change, one or two sentences
    /// A short form of text for a banner of one or two lines: who and which setting, e.g.
    /// "73 messages discarded by B, A and C; the setting: TTL low bound of A, B and C (now 4)";
    /// a setting changed since the discards is history: "…; repaired since: TTL low bound of A,
    /// B and C lowered from 4 to 0". Empty for the kinds whose title says enough.
    QString headline;
    qint64 raisedCycle = 0;  ///< cycle in which it was raised
    qint64 lastCycle = 0;    ///< last cycle in which its condition was seen

    /// A short machine name of @p kind, e.g. "data-loss".
    static QString kindName(Kind kind);
};

/// Watches a running Simulation and raises and clears alarms. Qt Core only.
///
/// Feed it after every cycle: observe() reads the cycle's report and the consumers' settings
/// (cheap: O(consumers + the cycle's discards + its warnings)); inspect() reads the whole queue
/// (O(queued messages)) for starving priorities and looping messages, so the app calls it from
/// its throttled refresh and tests after every cycle (update() does both).
///
/// Rules, with Settings in cycles and deliveries:
/// - Setting: raised while some consumer's Strategy::settingWarning() is not empty, and while an
///   online consumer has failure rate 1 (every processing fails; key "failing:NAME"), from the
///   cycle it is seen (a timeline change's cycle, also when a refresh reads several reports).
/// - NoConsumer: raised in the first cycle after which messages wait and no consumer is online
///   (naming the offline ones); cleared as soon as one is online or nothing waits.
/// - DataLoss: raised when a cycle discards messages; cleared after holdCycles without discards.
///   The advice is read against the settings at each consumer's last discard: a TTL low bound
///   lowered (or a strategy changed) since then is said as such, not advised again; the broker's
///   own dead letters (maxlen, expired, delivery_limit) name the broker key to change.
/// - Starvation: messages of one original priority are queued, the oldest for at least
///   starvationCycles, and none of that priority was processed in the last starvationCycles.
///   Processing is seen in each report's processed messages (CycleReport::processed), exactly,
///   whatever the rate of inspect() calls; the alarm is raised in the cycle the condition began
///   to hold (the oldest message's production or the last processing, starvationCycles after),
///   not in the cycle inspect() saw it.
/// - Starvation ("Urgent messages wait behind prefetched ones", key "prefetch"): in priority
///   mode, at heldWaitCycles cycle ends in a row a message of a more urgent priority class
///   (BrokerConfig::priorityClasses()) waits, queued or held, behind one a consumer holds
///   (prefetch and workPerCycle, docs/design.md §4) and took earlier: the consumer finishes what it
///   holds oldest first, so the priority queue orders only what is left.
///   The wait is dated by the waiting message's production cycle (it came after the held ones
///   were taken), so the alarm's cycle does not depend on the rate of inspect() calls.
/// - Loop ("Message loop"): some queued message has more than loopDeliveries deliveries; raised
///   in the cycle the first of them went back to the queue with that many
///   (CycleReport::requeuedDeliveries), whatever the rate of inspect() calls.
/// - Loop ("Requeue loop"): in the last 10 cycles at least 10 processings failed and they were at
///   least half of the deliveries, and some consumer still has a failure rate (a bad
///   deployment); cleared as soon as that is no longer so.
/// - SafetyCap: raised when CycleReport::capReached; cleared after holdCycles without it.
/// - DataLoss ("Length limit drops urgent messages"): raised when the length limit dead-letters
///   a message of original priority >= 7; cleared after holdCycles without one.
/// - Loop ("Delivery limit reached"): raised when a cycle dead-letters messages with reason
///   delivery_limit; cleared after holdCycles without one.
/// - RuntimeWarning: one alarm per source (consumer or timeline) of CycleReport::warnings;
///   cleared after holdCycles without a new one.
class AlarmMonitor
{
public:
    /// Thresholds of the rules above.
    struct Settings
    {
        qint64 starvationCycles = 50;  ///< cycles queued without any of that priority processed
        int loopDeliveries = 20;       ///< deliveries above which a queued message loops
        qint64 holdCycles = 50;        ///< cycles an event alarm stays after its last occurrence
        qint64 heldWaitCycles = 2;     ///< cycle ends in a row an urgent message waits behind held ones
    };

    /// A monitor with the default Settings.
    AlarmMonitor();
    /// A monitor with @p settings.
    explicit AlarmMonitor(Settings settings);

    const Settings &settings() const { return m_settings; }
    /// New thresholds; they apply from the next observe() or inspect().
    void setSettings(const Settings &settings) { m_settings = settings; }

    /// Forgets everything (a scenario was loaded or reset).
    void reset();

    /// Reads the report of the cycle that just ran and the current settings of @p simulation.
    /// @p setupNow: the setup of @p simulation now (the consumers' strategies, online states and
    /// failure rates) is the one @p report's cycle ran with; if false, the rules that read it
    /// (Setting, NoConsumer, the requeue loop's failing consumers) skip this report.
    void observe(const Simulation &simulation, const CycleReport &report, bool setupNow = true);

    /// observe() of each of @p reports, oldest first, read together after they ran (the app's
    /// throttled refresh): the setup now is theirs only from the last one whose cycle applied
    /// timeline changes (CycleReport::timelineChanges), so the rules that read it skip the reports
    /// before that one. An alarm a timeline change raises or clears is then dated by that
    /// change's cycle, however many cycles one refresh takes in (docs/design.md §5).
    void observe(const Simulation &simulation, const QList<CycleReport> &reports);

    /// Reads the consumers' settings now (Strategy::settingWarning), e.g. right after a live edit
    /// while paused; observe() does it after every cycle. @p cycle is the cycle to report.
    void checkSettings(const Simulation &simulation, qint64 cycle);

    /// A setting changed (a live edit, an undo): checkSettings(), then the active alarms say
    /// again what to change with the current values of the settings they name (their texts
    /// quote them, e.g. "A (now 4)"), and the next inspect() reads the queue even if no cycle
    /// ran. @p cycle is the cycle to report, the first one that runs with the new settings.
    void settingsChanged(const Simulation &simulation, qint64 cycle);

    /// Reads the queue of @p simulation: starving priorities and looping messages. Does nothing
    /// if no cycle ran since the last call.
    void inspect(const Simulation &simulation);

    /// observe() then inspect().
    void update(const Simulation &simulation, const CycleReport &report)
    {
        observe(simulation, report);
        inspect(simulation);
    }

    /// Raises or updates an alarm whose condition lies outside the simulation, e.g. Kind::Connection
    /// when the app's RabbitMQ mirror loses its connection (docs/design.md §11). No rule clears
    /// it: it stays until clearExternal(@p key) or reset(). @p cycle is the cycle to report.
    void raiseExternal(Alarm::Kind kind, const QString &key, const QString &title, const QString &text,
                       qint64 cycle)
    {
        raise(kind, key, title, text, cycle);
    }
    /// Clears the alarm @p key raised by raiseExternal(), if it is active.
    void clearExternal(const QString &key);

    /// The active alarms, in the order they were raised.
    const QList<Alarm> &alarms() const { return m_alarms; }

    /// The active alarm of @p kind (the first one), or nullptr.
    const Alarm *find(Alarm::Kind kind) const;

    /// Increases whenever an alarm is raised, cleared or its text changes: views redraw only then.
    quint64 revision() const { return m_revision; }

private:
    /// Per original priority: messages queued and the production cycle of the oldest.
    struct Waiting
    {
        qint64 count = 0;
        qint64 oldestProduced = 0;
    };
    /// Queued messages over Settings::loopDeliveries deliveries, and the most delivered one.
    struct Looping
    {
        qint64 count = 0;
        const Message *worst = nullptr;
    };
    /// A discarding consumer's settings at its last discard (the advice is read against them).
    struct LossSetting
    {
        QString type;   ///< strategy type
        int low = 0;    ///< TTL low bound (ttl strategy)
        qint64 cycle = 0;
    };
    /// What became of a discarding consumer's setting since its last discard.
    enum class LossChange
    {
        Strategy,    ///< another strategy type now
        TtlLowered,  ///< the ttl strategy still, with a lower low bound
        Ttl,         ///< the ttl strategy still, the low bound not lowered
        Other,       ///< any other strategy, the same type
    };
    /// A consumer of the episode's discards, with its setting at its last discard.
    struct Loss
    {
        const Consumer *consumer;
        const LossSetting *then;
        LossChange change;
    };
    /// The consumers of @p simulation that discarded in the episode, in consumer order.
    std::vector<Loss> losses(const Simulation &simulation) const;

    // One function per rule (see the class comment).
    void observeDataLoss(const Simulation &simulation, const CycleReport &report);
    /// Takes in the report's deliveries; updateRequeueLoop() only if @p setupNow (see observe()).
    void observeRequeueLoop(const Simulation &simulation, const CycleReport &report, bool setupNow);
    /// Raises, updates or clears the requeue-loop alarm from the last cycles' deliveries and the
    /// consumers' current failure rates.
    void updateRequeueLoop(const Simulation &simulation, qint64 cycle);
    /// The data-loss alarm's text: the discards of the episode, the last in @p lastCycle, and
    /// what to change, with the current settings.
    QString dataLossText(const Simulation &simulation, qint64 lastCycle) const;
    /// The data-loss alarm's headline (Alarm::headline): how many, by whom, and the setting to
    /// change with its current value, or the change that repaired it ("lowered from 4 to 0").
    QString dataLossHeadline(const Simulation &simulation) const;
    void observeNoConsumer(const Simulation &simulation, const CycleReport &report);
    void observeSafetyCap(const Simulation &simulation, const CycleReport &report);
    /// Loop ("Delivery limit reached", key "delivery-limit"): raised when a cycle dead-letters
    /// messages with reason delivery_limit; cleared after holdCycles without one.
    void observeDeliveryLimit(const Simulation &simulation, const CycleReport &report);
    /// DataLoss ("Length limit drops urgent messages", key "maxlen-urgent"): raised when a cycle's
    /// length limit (overflow drop-head) dead-letters messages of original priority >= 7;
    /// cleared after holdCycles without one.
    void observeUrgentDrops(const Simulation &simulation, const CycleReport &report);
    /// DataLoss ("Queue full: publishes refused", key "rejected"): raised when a cycle's length
    /// limit (overflow reject-publish) refuses new messages; they never reach a consumer unless
    /// their producer sends them again (docs/design.md §4). Cleared after holdCycles without one.
    void observeRefusals(const Simulation &simulation, const CycleReport &report);
    void observeRuntimeWarnings(const CycleReport &report);
    void inspectStarvation(const Simulation &simulation, const std::map<int, Waiting> &waiting,
                           qint64 last, qint64 recentFailure);
    void inspectMessageLoop(const Simulation &simulation, const Looping &looping, qint64 last,
                            qint64 recentFailure);
    /// The prefetch rule: @p topQueued is the highest current priority queued (nullopt: none).
    void inspectHeldInversion(const Simulation &simulation, std::optional<int> topQueued, qint64 last);
    /// What to change for the episode's discards, with the current settings (see the class comment).
    QString dataLossAdvice(const Simulation &simulation) const;
    /// Whether the event alarm @p alarm was last seen Settings::holdCycles or more before @p cycle.
    bool expired(const Alarm &alarm, qint64 cycle) const;

    /// Raises or updates the alarm @p key in cycle @p cycle (@p headline: Alarm::headline).
    void raise(Alarm::Kind kind, const QString &key, const QString &title, const QString &text,
               qint64 cycle, const QString &headline = {});
    /// raise(), for a condition seen in cycle @p cycle that holds since cycle @p since: a new
    /// alarm's raisedCycle is @p since (the cycle it happened, not the one it was inspected).
    void raiseSince(Alarm::Kind kind, const QString &key, const QString &title, const QString &text,
                    qint64 since, qint64 cycle, const QString &headline = {});
    /// The active alarm @p key, or nullptr.
    const Alarm *findKey(const QString &key) const;
    /// Clears the alarms of @p kind for which @p stale returns true.
    template<typename Predicate>
    void clearIf(Alarm::Kind kind, Predicate stale);
    /// The rule of an alarm counted per cycle (delivery limit, urgent drops, refusals): while
    /// @p count, the events of cycle @p cycle, is above 0, raises or updates alarm @p key of @p kind
    /// with @p title and the text @p text() returns (called only then); at 0, clears the alarm once
    /// its hold is over (expired()).
    template<typename Text>
    void raiseWhileCounted(Alarm::Kind kind, const QString &key, const QString &title, qint64 count,
                           qint64 cycle, Text text);

    Settings m_settings;
    QList<Alarm> m_alarms;
    quint64 m_revision = 0;
    qint64 m_inspectedCycle = -1;       ///< Simulation::cycle() at the last inspect()
    qint64 m_lastFailure = -1;          ///< last cycle with a processing failure
    qint64 m_urgentDropped = 0;         ///< messages of priority >= 7 the length limit dropped, since reset()
    qint64 m_refused = 0;               ///< new messages refused while the "rejected" alarm is active
    static constexpr int failureWindow = 10;  ///< cycles of the requeue-loop rule
    std::deque<std::pair<qint64, qint64>> m_recentDeliveries;  ///< (dispatched, failed) per cycle
    qint64 m_recentDispatched = 0;
    qint64 m_recentFailed = 0;
    qint64 m_lossCount = 0;             ///< messages discarded since the DataLoss alarm was raised
    std::map<QString, qint64> m_lossByConsumer;  ///< discards per consumer in the episode
    std::map<QString, LossSetting> m_lossSettings;  ///< per discarding consumer, at its last discard
    std::map<QString, qint64> m_brokerLoss;      ///< the broker's own dead letters in the episode, per reason
    qint64 m_heldWaitSince = -1;                 ///< first cycle end of the current prefetch wait (its message's production)
    /// First cycle, since the last inspect() found no looping message, in which a message went
    /// back to the queue with more than Settings::loopDeliveries deliveries (-1: none).
    qint64 m_loopSince = -1;
    std::map<QString, qint64> m_warningCounts;   ///< runtime warnings per source since raised
    std::map<int, qint64> m_lastProcessed;       ///< cycle a priority was last seen processed
    /// The cycle from which the settings now apply: the last settingsChanged() (a live edit, a
    /// lesson step's or a timeline change). A report of an earlier cycle ran with older ones.
    qint64 m_setupSince = 0;
};

/// An AlarmMonitor fed by a Simulation run headless (prioritylab-sim, sweeps, tests). It
/// observes every cycle's report as the simulation publishes it (Simulation::cycleCompleted, so
/// step() and runCycles() both feed it), reads the settings again when one changes (a timeline
/// change, a lesson step's settings: Simulation::setupChanged, as AlarmPanel does), forgets
/// everything when a scenario is loaded or reset, and inspects the queue when its alarms are
/// asked for. Its alarms after cycle N are the ones the app's alarm banner shows after cycle N,
/// whatever the app's refresh rate (docs/design.md §5: every alarm is dated by its reports, not
/// by the inspection), and they are the run summary's `alarms` (docs/design.md §7).
class AlarmWatch
{
public:
    /// Watches @p simulation, which must outlive the watch, from its next cycle on.
    explicit AlarmWatch(Simulation &simulation);
    ~AlarmWatch();
    AlarmWatch(const AlarmWatch &) = delete;
    AlarmWatch &operator=(const AlarmWatch &) = delete;

    /// The active alarms after the last cycle run (reads the queue first: AlarmMonitor::inspect()).
    const QList<Alarm> &alarms();
    /// The monitor fed so far (not inspected since the last cycle unless alarms() was called).
    const AlarmMonitor &monitor() const { return m_monitor; }

private:
    Simulation &m_simulation;
    AlarmMonitor m_monitor;
    QMetaObject::Connection m_cycles;
    QMetaObject::Connection m_loads;
    QMetaObject::Connection m_edits;
};

} // namespace PriorityLab
