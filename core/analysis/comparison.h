#pragma once

#include "core/engine/metrics.h"
#include "core/scenario/scenario.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

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
    qint64 held = 0;              ///< held by consumers at the end (prefetch, docs/design.md §4)
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

/// One figure of a Comparison, one value per run, and which way is better (for highlighting
/// the best value and for the verdicts).
struct ComparedFigure
{
    /// Which value is better: a lower latency, backlog, discard count, deliveries per message or
    /// longest wait; a higher throughput or processed count; neither for the setup figures.
    enum class Better { Neither, Lower, Higher };

    QString group;                        ///< row group, e.g. "Losses and extra work"
    QString label;                        ///< e.g. "latency p95, priority 4 (cycles)"
    Better better = Better::Neither;
    QStringList texts;                    ///< per run, as shown; "n/a" where the figure does not exist
    QList<std::optional<double>> values;  ///< per run; empty for "n/a" and for text figures
    /// False for every figure outside the "Workload" group when the runs produced different
    /// messages (not like for like): a total (processed, throughput, backlog, postponed, ...)
    /// grows with the workload, and a per-message figure (latency, longest wait, deliveries per
    /// message) depends on which messages came when, so comparing either says nothing
    /// (docs/design.md, "Figures and verdicts").
    bool comparable = true;

    /// Indices of the runs holding the best value. Empty when no run is better than another:
    /// Better::Neither, not comparable, no value at all, or every run has the same value. A run
    /// without a value ("n/a": e.g. no message of that priority processed) is never the best.
    QList<int> best() const;
};

/// The verdict on one row group of a Comparison, in words.
struct ComparisonVerdict
{
    QString group;  ///< as in ComparedFigure::group
    QString text;   ///< one sentence, e.g. "the TTL range loses 37 messages; the others lose none"
};

/// Result of compareScenarios().
struct Comparison
{
    QList<RunFigures> runs;
    bool sameWorkload = true;     ///< every run produced the identical messages
    QStringList errors;           ///< problems that stopped a run (bad scenario)

    /// True if a run had the broker's own dead letters or refusals (docs/design.md §3): the table
    /// and the figures then have a row for each; otherwise they are left out.
    bool limitsActed() const;

    /// The table of key figures: the first row is the header ("figure", run names), then one
    /// row per figure (latency p50/p95/max rows per priority, most urgent first), one cell per
    /// run. The same rows feed toText(); the app's compare table sets p50/p95/max of a priority
    /// in columns of one row instead (docs/design.md, "Figures and verdicts").
    QList<QStringList> rows() const;

    /// rows() as aligned text, plus a line saying whether the workloads were identical.
    QString toText() const;
    QJsonObject toJson() const;

    /// The run names without the title they all begin with, up to its ": " ("Compare: native
    /// priority", "Compare: priority topics" give "native priority", "priority topics"); the
    /// full names when that would leave one empty or two alike. One per run.
    QStringList shortNames() const;

    /// The figures of rows() as numbers, in row groups: "Workload" (broker mode, cycles,
    /// produced), "Throughput" (processed, throughput, backlog at end), "Losses and extra work"
    /// (postponed, failed, discarded, deliveries per message), "Waiting" (messages overtaken,
    /// longest wait), then per priority, most urgent first, "Latency, priority N" with separate
    /// p50, p95 and max rows (cycles; "n/a" for a run that processed none of that priority).
    QList<ComparedFigure> figures() const;

    /// One verdict per row group of figures(), in its order, naming runs by shortNames(); e.g.
    /// "native priority serves priority 4 at once (p50 0 vs 12 cycles for consumer strategies)".
    /// Latency is judged by the median (p50), by p95 when the medians are the same. When a name
    /// does not read as a subject (readsAsSubject()), the sentences name the runs after "with"
    /// instead. Without the same workload no verdict names a winner: throughput, the longest wait
    /// and latency give each run's value after "not compared (different workloads): ". Empty
    /// without runs.
    QList<ComparisonVerdict> groupVerdicts() const;

    /// How groupVerdicts() names the runs.
    enum class VerdictNaming {
        Names,    ///< by shortNames(), in quotes after "with" when one does not read as a subject
        /// by shortNames() when every one reads as a subject; else by runLetter() ("A", "B", "C",
        /// the Compare window's configurations A, B and C): a lesson's name, quoted whole in every
        /// verdict, made each verdict two or three lines at 1024x768 (docs/design.md, "Figures and
        /// verdicts"). The reader's key to the letters is verdictKey().
        Letters,
        /// by runLetter() always, each run's first mention in a line with its short name as the
        /// table's header says it, "A (mixed thresholds)", "B (mixed thresholds, as watched)": two
        /// names read aloud alike, the letters do not (a teacher's trial). Only where every short
        /// name reads as a subject; a longer one, in every line, made each verdict two or three
        /// lines at 1024x768: then letters alone, and the key (verdictKey()) after the verdict.
        LettersAndNames,
    };
    /// groupVerdicts() naming the runs as @p naming says (verdictNames()).
    QList<ComparisonVerdict> groupVerdicts(VerdictNaming naming) const;
    /// The run names groupVerdicts(@p naming) uses, one per run, without quotes.
    QStringList verdictNames(VerdictNaming naming) const;
    /// "A", "B", "C", ... for run @p run (0-based).
    static QString runLetter(qsizetype run);
    /// The key to the letters: "A: <short name>", one per run, when groupVerdicts(@p naming) names
    /// the runs by letters; empty when it names them by their names.
    QStringList verdictKey(VerdictNaming naming) const;

    /// True if @p name reads as the subject of a verdict's verb ("plain fifo serves ..."): a
    /// noun phrase of at most 3 words, a trailing "(...)" not counted, without a title (": ")
    /// or a verb ("a TTL range moved mid-run loses data" does not: "... loses data loses 614").
    /// When a run's short name does not, groupVerdicts() puts every name in quotes after "with"
    /// ("614 messages lost with “a TTL range moved mid-run loses data”").
    static bool readsAsSubject(const QString &name);

    /// The verdict in one line before the groups' (group "Overall"): which run is better on more
    /// of the table's rows that have a better way (a latency row going to the run with the most
    /// ★ of its p50, p95 and max), and why, in its two strongest findings, then each other run's
    /// count and strongest finding, e.g. "A is better on 16 of 18 rows: it serves every priority
    /// sooner and processes more (5 vs 2.9 per cycle); B on none"; "mixed: ..." where two runs
    /// are better on as many rows; "equal: ..." where no row tells them apart; "not compared:
    /// A and B produced different messages" when the workloads differ. The runs named as @p naming says.
    ComparisonVerdict overallVerdict(VerdictNaming naming) const;
    /// The verdict as the Compare window shows it, the runs named as @p naming says: the overall
    /// line (overallVerdict()), the groups Workload to Waiting, then latency with the priorities
    /// of the same verdict on one line, most urgent first ("Latency, priorities 5–9: A serves
    /// them at once (p95 0 vs 51–55 cycles for B); B keeps one waiting up to 57 cycles"): the
    /// same winner (and runs that processed none), served alike, or not compared; the figures
    /// as ranges over those priorities. A priority whose verdict splits median and tail keeps a
    /// line of its own, as in groupVerdicts(). Empty without runs.
    QList<ComparisonVerdict> shownVerdicts(VerdictNaming naming = VerdictNaming::LettersAndNames) const;

    /// groupVerdicts() as lines "group: text".
    QStringList verdicts() const;
    /// groupVerdicts(@p naming) as lines "group: text".
    QStringList verdicts(VerdictNaming naming) const;
};

/// Runs each scenario headless for @p cycles cycles (or until its broker stops if @p cycles < 0)
/// and collects their figures. The runs see the same produced messages when their producers and
/// seeds are the same; Comparison::sameWorkload checks it by hash.
Comparison compareScenarios(const QList<Scenario> &scenarios, qint64 cycles);

} // namespace PriorityLab
