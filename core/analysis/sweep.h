#pragma once

#include "core/scenario/scenario.h"
#include "core/scenario/settingpath.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace PriorityLab {

// What-if sweeps (docs/design.md §10): one scenario run once per value of one or two settings,
// every point on the identical seeded workload, each yielding the single-run summary.

/// Most points a sweep may have (the product of its axes' value counts).
inline constexpr qsizetype MaxSweepPoints = 1000;
/// Most settings a sweep varies at once (two make a grid).
inline constexpr qsizetype MaxSweepAxes = 2;

/// One swept setting: its path (the timeline's syntax) and the values it takes, in order.
struct SweepAxis
{
    SettingPath path;
    QList<QJsonValue> values;  ///< numbers: integers as integers, others as doubles

    /// Parses "PATH=VALUES" with VALUES a range "0..9" (step 1), a stepped range "0..9:2" or
    /// "0..1:0.25", or a list "1,2,4,8" (numbers, ascending or not, no repeats). Returns
    /// nullopt and sets @p error ("PATH=VALUES: what is wrong; how to write it") on a bad path,
    /// a bad number, an empty or reversed range, a step <= 0, a repeat, or more than
    /// MaxSweepPoints values. Only the syntax is checked here; planSweep() checks the values
    /// against a scenario.
    static std::optional<SweepAxis> parse(const QString &text, QString *error);
    /// The values in the syntax of parse(): "0..9" style is not rebuilt, the list is ("0,1,2").
    QString valuesText() const;
};

/// A numeric setting a sweep can vary, with its current value.
struct SweepableSetting
{
    SettingPath path;
    double value = 0;
    bool integer = true;  ///< the setting takes whole numbers only (checkSetting() refuses a half)
    QString label;        ///< e.g. "fast-lane: strategy.threshold = 7"
    double rangeStart = 0; ///< where a default range starts: 0, or the lowest of 1 and value it takes
};

/// Every numeric setting @p scenario gives in its JSON form (docs/design.md §6), in file order:
/// broker, consumers, producers' generators; not the seed, the timer interval (it changes no
/// figure), scripted messages, the timeline or lesson steps. Keys left at their default are not
/// listed.
QList<SweepableSetting> sweepableSettings(const Scenario &scenario);

/// A sweep preset file (docs/scenario-format.md, "Sweep files"): a JSON object with "scenario"
/// (a scenario file, relative to the sweep file), "sweep" (1 or 2 objects {"path": PATH,
/// "values": "0..9" | "0..9:2" | "1,2,4,8" | [numbers]}), optional "cycles" (>= 0), "name",
/// "description" and "figure" (a SweepFigure key the app charts first).
struct SweepFile
{
    QString name;
    QString description;
    QString scenarioPath;     ///< absolute (or a resource path), resolved against the sweep file
    Scenario scenario;        ///< the scenario file, loaded
    QList<SweepAxis> axes;
    qint64 cycles = -1;       ///< -1 when the file gives none
    QString figure;           ///< empty when the file gives none
    /// Every problem, "FILE: KEY: what is wrong and how to fix it"; empty when it loaded.
    QStringList errors;
    bool ok() const { return errors.isEmpty(); }
};

/// Reads and checks the sweep file @p path (at most 1 MiB; unknown keys are errors) and the
/// scenario it names. The axes are parsed (SweepAxis::parse()) but checked against the scenario
/// only by planSweep().
SweepFile loadSweepFile(const QString &path);

/// One point of a sweep: a value per axis and the scenario with those values set.
struct SweepPoint
{
    QList<QJsonValue> values;  ///< one per axis, in axis order
    Scenario scenario;
};

/// A sweep checked against its scenario, ready to run: every point's scenario is built and
/// validated before any point runs.
struct SweepPlan
{
    QList<SweepAxis> axes;
    QList<SweepPoint> points;  ///< first axis outer, second inner (row-major grid)
    qint64 cycles = -1;        ///< cycles per point; < 0: until the broker stops
    /// Problems that refuse the sweep, each naming the path ("PATH: problem and fix").
    QStringList errors;
    /// Things worth saying that do not refuse it (a timeline change of a swept setting).
    QStringList notes;
    bool ok() const { return errors.isEmpty() && !points.isEmpty(); }
};

/// Checks @p axes (1..MaxSweepAxes, distinct paths) and every value of each against @p base,
/// validated as a file would be (PriorityLab::checkSetting()), and builds one scenario per point
/// (at most MaxSweepPoints). A run of @p cycles < 0 must be able to end by itself
/// (Simulation::endlessReason()). Nothing runs.
SweepPlan planSweep(const Scenario &base, const QList<SweepAxis> &axes, qint64 cycles);

/// The result of one point: its values and the single-run summary (summaryToJson()).
struct SweepPointResult
{
    QList<QJsonValue> values;
    QJsonObject summary;       ///< empty if it did not run (cancelled) or failed
    quint64 workloadHash = 0;  ///< Simulation::workloadHash() at the end
    QString error;             ///< why it did not run (load error); empty otherwise
    bool ran() const { return !summary.isEmpty(); }
};

/// Runs @p point for @p cycles cycles (or until it stops, cycles < 0) on its own Simulation,
/// in the calling thread, without events. Stops early (summary left empty) once @p cancel is
/// set; it is read between cycles.
SweepPointResult runSweepPoint(const SweepPoint &point, qint64 cycles, const std::atomic<bool> *cancel = nullptr);

/// One figure of a point, read from its summary, for tables, CSV and charts.
struct SweepFigure
{
    QString key;    ///< e.g. "throughput", "p95.priority9", stable (CSV header)
    QString label;  ///< e.g. "throughput (msg/cycle)", "latency p95, priority 9 (cycles)"
};

/// Every point of a sweep, in plan order.
struct SweepResult
{
    QList<SweepAxis> axes;
    qint64 cycles = -1;
    QList<SweepPointResult> points;
    bool cancelled = false;
    /// Every point that ran produced the identical messages (Simulation::workloadHash()); false
    /// when a swept setting changes the producers or the seed.
    bool sameWorkload = true;

    /// The figures of the points that ran, in a fixed order: produced, processed, throughput,
    /// discarded, discarded per reason ("discarded.ttl-expired", discardReasons() order), queued
    /// at end, postponed, failed, requeues per message, longest wait, alarms, Little's L, λW and
    /// error, then latency p50/p95/max per priority class ("p95.high", most urgent first, every
    /// class any point processed) and per priority ("p95.priority9", most urgent first, every
    /// priority any point processed).
    QList<SweepFigure> figures() const;
    /// The discard reasons that get a column: every reason a registered strategy can give
    /// (StrategyRegistry::discardReasons(), whether or not a point discarded so), then any other
    /// reason a point's summary lists, sorted.
    QStringList discardReasons() const;
    /// The value of figure @p key in @p summary; nullopt where it does not exist (no message
    /// of that priority or class processed; no discardedByReason in the summary).
    static std::optional<double> figure(const QJsonObject &summary, const QString &key);

    /// {"sweep": [paths], "cycles": N, "sameWorkload": b, "cancelled": b, "points":
    /// [{"values": {path: value}, "summary": {...}}]}.
    QJsonObject toJson() const;
    /// RFC 4180 CSV: a column per swept path, then one per figure (figures() keys); one row per
    /// point that ran; an empty cell where a figure does not exist.
    QByteArray toCsv() const;
    /// An aligned text table: the swept values and the main figures, one row per point.
    QString toText() const;
};

/// Runs the points of a plan in parallel (QtConcurrent on its own QThreadPool, each point its
/// own Simulation), reporting progress and able to cancel. Results are in plan order whatever
/// the number of threads. Emits progress() and finished() in the thread that owns it (it needs
/// an event loop there).
class SweepRunner : public QObject
{
    Q_OBJECT

public:
    explicit SweepRunner(QObject *parent = nullptr);
    /// Cancels and waits for the running points.
    ~SweepRunner() override;

    /// Starts running @p plan (which must be ok()) on at most @p threads threads (<= 0: one per
    /// core). Returns false if a sweep is already running.
    bool start(const SweepPlan &plan, int threads = 0);
    /// Stops: points not started are skipped, running ones stop at their next cycle. finished()
    /// follows with result().cancelled set. Does nothing when idle.
    void cancel();
    /// True from start() until finished() is emitted.
    bool isRunning() const { return m_running; }
    /// Blocks until the running points ended (the event loop is not run: finished() comes later).
    void waitForDone();
    /// Threads of the pool currently running a point (0 once finished after a cancel).
    int activeThreads() const { return m_pool.activeThreadCount(); }
    /// The result of the last sweep that finished.
    const SweepResult &result() const { return m_result; }

Q_SIGNALS:
    /// @p done of @p total points have ended.
    void progress(int done, int total);
    /// The sweep ended (all points, or cancelled); see result().
    void finished();

private:
    void collect();

    struct Job
    {
        SweepPoint point;
        SweepPointResult result;
    };

    QThreadPool m_pool;
    QFutureWatcher<void> m_watcher;
    QList<Job> m_jobs;  ///< one per point, each written by its own worker only
    std::shared_ptr<std::atomic<bool>> m_cancel;
    SweepResult m_result;
    bool m_running = false;
};

/// Runs @p plan to its end in the calling thread's event loop on @p threads threads, calling
/// @p onProgress(done, total) as points end (may be empty). For the command-line runner.
SweepResult runSweep(const SweepPlan &plan, int threads, const std::function<void(int, int)> &onProgress = {});

} // namespace PriorityLab
