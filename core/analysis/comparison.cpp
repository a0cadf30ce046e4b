#include "core/analysis/comparison.h"

#include "core/analysis/eventjson.h"
#include "core/engine/simulation.h"

#include "core/model/printable.h"

#include <algorithm>
#include <limits>
#include <QJsonArray>
#include <QMap>
#include <QRegularExpression>

namespace PriorityLab {

RunFigures RunFigures::of(const Simulation &sim)
{
    RunFigures f;
    f.name = sim.loadedScenario().name;
    f.mode = BrokerConfig::modeName(sim.broker().config().mode);
    f.cycles = sim.cycle();
    f.totals = sim.metrics().totals();
    f.queued = sim.queued();
    f.held = sim.held();
    f.throughput = f.cycles > 0 ? double(f.totals.processed) / double(f.cycles) : 0.0;
    const qint64 ended = f.totals.processed + f.totals.finalDiscarded();
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
    QJsonObject o{{QStringLiteral("name"), name},
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
                        totals.processed + totals.finalDiscarded() > 0 ? QJsonValue(deliveriesPerMessage) : QJsonValue()},
                       {QStringLiteral("longestWait"), longestWait},
                       {QStringLiteral("overtaken"), overtaken},
                       {QStringLiteral("latencyByPriority"), lat},
                       {QStringLiteral("workloadHash"), QString::number(workloadHash, 16)}};
    if (totals.rejected + totals.brokerDiscarded() > 0)  // the broker's limits acted (§3)
        insertBrokerLimitCounts(o, totals);
    if (held > 0)  // consumers hold messages (prefetch, §4)
        o.insert(QStringLiteral("held"), held);
    return o;
}

Comparison compareScenarios(const QList<Scenario> &scenarios, qint64 cycles)
{
    Comparison result;
    for (const Scenario &s : scenarios) {
        Simulation sim;
        sim.setRecordEvents(false);
        sim.setHashWorkload(true);  // sameWorkload
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

bool Comparison::limitsActed() const
{
    return std::any_of(runs.cbegin(), runs.cend(), [](const RunFigures &r) {
        return r.totals.rejected + r.totals.brokerDiscarded() > 0;
    });
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
    row(QStringLiteral("discarded (data lost)"), [&](const RunFigures &r) { return num(r.totals.finalDiscarded()); });
    if (limitsActed()) {
        row(QStringLiteral("  by the broker: maxlen / delivery_limit / expired"), [&](const RunFigures &r) {
            return QStringLiteral("%1 / %2 / %3").arg(r.totals.maxlen).arg(r.totals.deliveryLimit).arg(r.totals.expired);
        });
        row(QStringLiteral("rejected (queue full)"), [&](const RunFigures &r) { return num(r.totals.rejected); });
    }
    row(QStringLiteral("backlog at end"), [&](const RunFigures &r) { return num(r.queued); });
    row(QStringLiteral("deliveries per message"), [](const RunFigures &r) {
        // Nothing ended (processed or discarded): there is no ratio to show.
        return r.totals.processed + r.totals.finalDiscarded() > 0 ? QString::number(r.deliveriesPerMessage, 'f', 2)
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
    QString text;
    for (const QString &line : alignedTableLines(rows(), 1))
        text += line.trimmed() + QLatin1Char('\n');
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

// ---- Figures by group and verdicts --------------------------------------------------------

namespace {

// The row groups of Comparison::figures(), in their order; then one per priority.
const QString WorkloadGroup = QStringLiteral("Workload");
const QString ThroughputGroup = QStringLiteral("Throughput");
const QString LossesGroup = QStringLiteral("Losses and extra work");
const QString WaitingGroup = QStringLiteral("Waiting");

/// @p v with at most @p decimals decimals, trailing zeros dropped ("2", "2.5", "1.25").
QString number(double v, int decimals)
{
    QString text = QString::number(v, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

/// "1 cycle", "N cycles" for a figure's text @p figure.
QString cyclesText(const QString &figure)
{
    return figure == QLatin1String("1") ? QStringLiteral("1 cycle") : QStringLiteral("%1 cycles").arg(figure);
}

/// "a", "a and b", "a, b and c".
QString joinNames(const QStringList &names)
{
    if (names.size() <= 1)
        return names.value(0);
    return QStringList(names.mid(0, names.size() - 1)).join(QStringLiteral(", ")) + QStringLiteral(" and ")
           + names.constLast();
}

/// Index of the lowest (@p lowest) or highest present value; -1 if none.
qsizetype extreme(const QList<std::optional<double>> &values, bool lowest)
{
    qsizetype found = -1;
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (values.at(i) && (found < 0 || (lowest ? *values.at(i) < *values.at(found) : *values.at(i) > *values.at(found))))
            found = i;
    }
    return found;
}

/// Indices of the runs with a value in @p values other than @p first and @p last, highest value
/// first (ties in run order): the runs a verdict names between its two extremes, so that a
/// comparison of three or more configurations names every one's figure (docs/design.md §5, Figures and verdicts).
QList<qsizetype> between(const QList<std::optional<double>> &values, qsizetype first, qsizetype last)
{
    QList<qsizetype> found;
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i != first && i != last && values.at(i))
            found << i;
    }
    std::stable_sort(found.begin(), found.end(), [&](qsizetype a, qsizetype b) { return *values.at(a) > *values.at(b); });
    return found;
}

const ComparedFigure *findFigure(const QList<ComparedFigure> &figures, const QString &group, const QString &labelStart)
{
    for (const ComparedFigure &f : figures) {
        if (f.group == group && f.label.startsWith(labelStart))
            return &f;
    }
    return nullptr;
}

QString latencyGroup(int priority)
{
    return QStringLiteral("Latency, priority %1").arg(priority);
}

/// The verdict on figure @p f when the workloads differ: its value per run, no winner, e.g. "not
/// compared (different workloads): p50 12 cycles for native priority and 30 cycles for plain
/// fifo". Runs without a value ("n/a") are left out.
QString notCompared(const ComparedFigure &f, const QStringList &names, const QString &unit, const QString &prefix = {})
{
    QStringList each;
    for (qsizetype i = 0; i < f.texts.size() && i < names.size(); ++i) {
        if (f.values.value(i))
            each << QStringLiteral("%1 %2 for %3").arg(f.texts.at(i), unit, names.at(i));
    }
    return QStringLiteral("not compared (different workloads): ") + prefix + joinNames(each);
}

/// True if the verdict's lines name the runs by letter and name (VerdictNaming::LettersAndNames):
/// every short name in @p names reads as a subject (a noun phrase of a few words).
bool namesInLines(const QStringList &names)
{
    return std::all_of(names.cbegin(), names.cend(), Comparison::readsAsSubject);
}

/// Run @p run's letter and short name @p name as the verdict says them: "A (mixed thresholds)";
/// a trailing "(...)" of the name after a comma, "B (mixed thresholds, as watched)".
QString letterAndName(qsizetype run, const QString &name)
{
    QString core = name.trimmed();
    QString extra;
    const qsizetype open = core.lastIndexOf(QLatin1Char('('));
    if (core.endsWith(QLatin1Char(')')) && open > 0) {
        extra = core.mid(open + 1, core.size() - open - 2).trimmed();
        core = core.left(open).trimmed();
    }
    return QStringLiteral("%1 (%2)").arg(Comparison::runLetter(run), extra.isEmpty() ? core : core + QStringLiteral(", ") + extra);
}

/// @p text, a verdict naming the runs by letter, with each run's first mention followed by its
/// name in @p names (letterAndName()); its later mentions keep the letter alone. The first
/// mention outside brackets where there is one: "(… cycles for B (mixed thresholds, as
/// watched))" read as a slip.
QString withNames(const QString &text, const QStringList &names)
{
    static const QRegularExpression letter(QStringLiteral("\\b([A-Z])\\b"));
    QList<qsizetype> at(names.size(), -1);  // per run, the mention to name
    QList<bool> outside(names.size(), false);
    for (auto it = letter.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const qsizetype run = m.captured(1).at(0).unicode() - u'A';
        if (run >= names.size() || outside.at(run))
            continue;
        const QStringView before = QStringView(text).left(m.capturedStart());
        const bool bare = before.count(QLatin1Char('(')) == before.count(QLatin1Char(')'));
        if (at.at(run) < 0 || bare) {
            at[run] = m.capturedStart();
            outside[run] = bare;
        }
    }
    QString result = text;
    QList<qsizetype> runs;
    for (qsizetype run = 0; run < at.size(); ++run) {
        if (at.at(run) >= 0)
            runs << run;
    }
    // From the last mention back, so that the earlier positions hold.
    std::sort(runs.begin(), runs.end(), [&](qsizetype a, qsizetype b) { return at.at(a) > at.at(b); });
    for (qsizetype run : std::as_const(runs))
        result.replace(at.at(run), 1, letterAndName(run, names.at(run)));
    return result;
}

/// "4", "4–9", "0–3, 7–9" for @p priorities.
QString priorityRanges(QList<int> priorities)
{
    std::sort(priorities.begin(), priorities.end());
    QStringList parts;
    for (qsizetype i = 0; i < priorities.size();) {
        qsizetype j = i;
        while (j + 1 < priorities.size() && priorities.at(j + 1) == priorities.at(j) + 1)
            ++j;
        parts << (j == i ? QString::number(priorities.at(i))
                         : QStringLiteral("%1–%2").arg(priorities.at(i)).arg(priorities.at(j)));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

/// "3" or "0–2": the values from @p lowest to @p highest.
QString valueRange(double lowest, double highest)
{
    return lowest == highest ? number(lowest, 2) : QStringLiteral("%1–%2").arg(number(lowest, 2), number(highest, 2));
}

/// The words for a latency far below another run's, the quickest's figure @p best cycles: "within
/// a cycle" for 1 (or 0), else "far sooner" (docs/design.md, "Figures and verdicts").
QString farSooner(double best)
{
    return best <= 1 ? QStringLiteral("within a cycle") : QStringLiteral("far sooner");
}

} // namespace

QList<int> ComparedFigure::best() const
{
    if (better == Better::Neither || !comparable)
        return {};
    const qsizetype found = extreme(values, better == Better::Lower);
    if (found < 0)
        return {};
    QList<int> best;
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (values.at(i) && *values.at(i) == *values.at(found))
            best << int(i);
    }
    return best.size() == values.size() ? QList<int>() : best;
}

QStringList Comparison::shortNames() const
{
    QStringList names;
    for (const RunFigures &r : runs)
        names << r.name;
    if (names.size() < 2)
        return names;
    // A title shared by every name: the longest common prefix up to its last ": ".
    qsizetype common = names.constFirst().size();
    for (const QString &n : std::as_const(names)) {
        qsizetype i = 0;
        while (i < std::min(common, n.size()) && n.at(i) == names.constFirst().at(i))
            ++i;
        common = i;
    }
    const qsizetype colon = names.constFirst().left(common).lastIndexOf(QLatin1String(": "));
    common = colon < 0 ? 0 : colon + 2;
    QStringList shortened;
    for (const QString &n : std::as_const(names))
        shortened << n.mid(common).trimmed();
    for (const QString &n : std::as_const(shortened)) {
        if (n.isEmpty() || shortened.count(n) > 1)
            return names;
    }
    return shortened;
}

QList<ComparedFigure> Comparison::figures() const
{
    using Better = ComparedFigure::Better;
    QList<ComparedFigure> figures;
    const auto add = [&](const QString &group, const QString &label, Better better, int decimals,
                         auto value) {
        ComparedFigure f{group, label, better, {}, {}};
        for (const RunFigures &r : runs) {
            const std::optional<double> v = value(r);
            f.values << v;
            f.texts << (v ? number(*v, decimals) : QStringLiteral("n/a"));
        }
        figures << f;
    };
    const auto always = [](auto member) {
        return [member](const RunFigures &r) { return std::optional<double>(double(member(r))); };
    };
    ComparedFigure mode{WorkloadGroup, QStringLiteral("broker mode"), Better::Neither, {}, {}};
    for (const RunFigures &r : runs) {
        mode.texts << r.mode;
        mode.values << std::nullopt;
    }
    figures << mode;
    add(WorkloadGroup, QStringLiteral("cycles"), Better::Neither, 0, always([](const RunFigures &r) { return r.cycles; }));
    add(WorkloadGroup, QStringLiteral("produced"), Better::Neither, 0,
        always([](const RunFigures &r) { return r.totals.produced; }));
    add(ThroughputGroup, QStringLiteral("processed"), Better::Higher, 0,
        always([](const RunFigures &r) { return r.totals.processed; }));
    add(ThroughputGroup, QStringLiteral("throughput (msg/cycle)"), Better::Higher, 2, [](const RunFigures &r) {
        return r.cycles > 0 ? std::optional<double>(r.throughput) : std::nullopt;
    });
    add(ThroughputGroup, QStringLiteral("backlog at end"), Better::Lower, 0, always([](const RunFigures &r) { return r.queued; }));
    add(LossesGroup, QStringLiteral("postponed"), Better::Lower, 0,
        always([](const RunFigures &r) { return r.totals.postponed; }));
    add(LossesGroup, QStringLiteral("failed"), Better::Lower, 0, always([](const RunFigures &r) { return r.totals.failed; }));
    add(LossesGroup, QStringLiteral("discarded (data lost)"), Better::Lower, 0,
        always([](const RunFigures &r) { return r.totals.finalDiscarded(); }));
    if (limitsActed()) {
        add(LossesGroup, QStringLiteral("dead-lettered by the broker (maxlen, delivery_limit, expired)"), Better::Lower,
            0, always([](const RunFigures &r) { return r.totals.brokerDiscarded(); }));
        add(LossesGroup, QStringLiteral("rejected (queue full)"), Better::Lower, 0,
            always([](const RunFigures &r) { return r.totals.rejected; }));
    }
    add(LossesGroup, QStringLiteral("deliveries per message"), Better::Lower, 2, [](const RunFigures &r) {
        const bool ended = r.totals.processed + r.totals.finalDiscarded() > 0;
        return ended ? std::optional<double>(r.deliveriesPerMessage) : std::nullopt;
    });
    add(WaitingGroup, QStringLiteral("messages overtaken"), Better::Neither, 0,
        always([](const RunFigures &r) { return r.overtaken; }));
    add(WaitingGroup, QStringLiteral("longest wait (cycles)"), Better::Lower, 0,
        always([](const RunFigures &r) { return r.longestWait; }));
    QList<int> priorities;  // every priority seen in any run, most urgent first
    for (const RunFigures &r : runs)
        priorities += r.priorities;
    std::sort(priorities.begin(), priorities.end(), std::greater<int>());
    priorities.erase(std::unique(priorities.begin(), priorities.end()), priorities.end());
    const QList<std::pair<QString, qint64 LatencyStats::*>> stats{
            {QStringLiteral("p50"), &LatencyStats::p50}, {QStringLiteral("p95"), &LatencyStats::p95}, {QStringLiteral("max"), &LatencyStats::max}};
    for (int p : std::as_const(priorities)) {
        for (const auto &stat : stats) {
            // A named copy: clang 14 cannot capture a structured binding.
            qint64 LatencyStats::*const member = stat.second;
            add(latencyGroup(p), QStringLiteral("latency %1, priority %2 (cycles)").arg(stat.first).arg(p), Better::Lower, 0,
                [p, member](const RunFigures &r) {
                    const qsizetype i = r.priorities.indexOf(p);
                    if (i < 0 || r.latency.at(i).count == 0)
                        return std::optional<double>();
                    return std::optional<double>(double(r.latency.at(i).*member));
                });
        }
    }
    // Not like for like when the runs produced different messages: a total grows with the
    // workload, and a per-message figure (latency, longest wait, deliveries per message) depends
    // on which messages came and when. No figure outside the workload group is compared then.
    for (ComparedFigure &f : figures)
        f.comparable = sameWorkload || f.group == WorkloadGroup;
    return figures;
}

bool Comparison::readsAsSubject(const QString &name)
{
    // Finite verbs (and "retry", an imperative) that a scenario's name may hold; a name with one
    // is a sentence of its own.
    static const QStringList verbs{
            QStringLiteral("is"),      QStringLiteral("are"),     QStringLiteral("was"),     QStringLiteral("were"),
            QStringLiteral("has"),     QStringLiteral("have"),    QStringLiteral("does"),    QStringLiteral("do"),
            QStringLiteral("can"),     QStringLiteral("cannot"),  QStringLiteral("will"),    QStringLiteral("must"),
            QStringLiteral("loses"),   QStringLiteral("lose"),    QStringLiteral("fails"),   QStringLiteral("fail"),
            QStringLiteral("drops"),   QStringLiteral("drop"),    QStringLiteral("expire"),  QStringLiteral("expires"),
            QStringLiteral("starves"), QStringLiteral("starve"),  QStringLiteral("hides"),   QStringLiteral("hide"),
            QStringLiteral("serves"),  QStringLiteral("serve"),   QStringLiteral("keeps"),   QStringLiteral("keep"),
            QStringLiteral("needs"),   QStringLiteral("need"),    QStringLiteral("ends"),    QStringLiteral("processes"),
            QStringLiteral("retry"),   QStringLiteral("retries"), QStringLiteral("moves"),   QStringLiteral("blocks"),
            QStringLiteral("waits"),   QStringLiteral("wins"),    QStringLiteral("beats"),   QStringLiteral("breaks"),
            QStringLiteral("takes"),   QStringLiteral("gets"),    QStringLiteral("goes"),    QStringLiteral("runs")};
    QString core = name.trimmed();
    if (core.endsWith(QLatin1Char(')')) && core.lastIndexOf(QLatin1Char('(')) > 0)
        core = core.left(core.lastIndexOf(QLatin1Char('('))).trimmed();
    if (core.isEmpty() || core.contains(QLatin1Char(':')))
        return false;
    const QStringList words = core.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.size() > 3)
        return false;
    for (const QString &w : words) {
        if (verbs.contains(w))
            return false;
    }
    return true;
}

QString Comparison::runLetter(qsizetype run)
{
    return run >= 0 && run < 26 ? QString(QChar(u'A' + int(run))) : QString::number(run + 1);
}

QStringList Comparison::verdictNames(VerdictNaming naming) const
{
    QStringList names = shortNames();
    if (naming == VerdictNaming::Names
        || (naming == VerdictNaming::Letters && std::all_of(names.cbegin(), names.cend(), readsAsSubject)))
        return names;
    for (qsizetype i = 0; i < names.size(); ++i)
        names[i] = runLetter(i);
    return names;
}

QStringList Comparison::verdictKey(VerdictNaming naming) const
{
    const QStringList names = shortNames();
    if (verdictNames(naming) == names || (naming == VerdictNaming::LettersAndNames && namesInLines(names)))
        return {};
    QStringList key;
    for (qsizetype i = 0; i < names.size(); ++i)
        key << QStringLiteral("%1: %2").arg(runLetter(i), names.at(i));
    return key;
}

QList<ComparisonVerdict> Comparison::groupVerdicts() const
{
    return groupVerdicts(VerdictNaming::Names);
}

QList<ComparisonVerdict> Comparison::groupVerdicts(VerdictNaming naming) const
{
    QList<ComparisonVerdict> verdicts;
    if (runs.isEmpty())
        return verdicts;
    const QList<ComparedFigure> figures = this->figures();
    // Names that read as subjects stand before their verb ("plain fifo serves ..."), and so do
    // letters ("A serves ..."); otherwise every name goes in quotes after "with" ("... with “a
    // TTL range ... loses data”"), so that no name that is a sentence of its own meets a second
    // verb.
    QStringList names = verdictNames(naming);
    bool subjects = true;
    for (const QString &n : std::as_const(names))
        subjects = subjects && readsAsSubject(n);
    if (!subjects) {
        for (QString &n : names)
            n = QStringLiteral("“%1”").arg(n);
    }
    const auto namesOf = [&](const QList<qsizetype> &indices) {
        QStringList list;
        for (qsizetype i : indices)
            list << names.at(i);
        return joinNames(list);
    };

    // Workload.
    const RunFigures &first = runs.constFirst();
    bool sameLength = true;
    for (const RunFigures &r : runs)
        sameLength = sameLength && r.cycles == first.cycles;
    if (!sameWorkload)
        verdicts << ComparisonVerdict{WorkloadGroup, QStringLiteral("the configurations produced different messages "
                                                                    "(producers or seeds differ): not like for like, "
                                                                    "so no figure is compared")};
    else if (sameLength)
        verdicts << ComparisonVerdict{WorkloadGroup, QStringLiteral("every configuration saw the same %1 messages in %2 cycles")
                                                             .arg(first.totals.produced).arg(first.cycles)};
    else
        verdicts << ComparisonVerdict{WorkloadGroup, QStringLiteral("every configuration saw the same %1 messages")
                                                             .arg(first.totals.produced)};

    // Throughput.
    if (const ComparedFigure *f = findFigure(figures, ThroughputGroup, QStringLiteral("throughput"))) {
        const qsizetype hi = extreme(f->values, false);
        const qsizetype lo = extreme(f->values, true);
        QString text;
        if (hi < 0) {
            text = QStringLiteral("no run lasted a cycle");
        } else if (!f->comparable) {
            QStringList each;
            for (qsizetype i = 0; i < runs.size(); ++i)
                each << QStringLiteral("%1 per cycle for %2").arg(f->texts.at(i), names.at(i));
            text = QStringLiteral("not compared (different workloads): ") + joinNames(each);
        } else if (f->texts.count(f->texts.at(hi)) == f->texts.size()) {
            text = QStringLiteral("throughput is the same (%1 per cycle)").arg(f->texts.at(hi));
        } else {
            // Every run's figure, highest first: "vs 1.8 for b and 1.5 for c"; the runs tied at
            // the top (the same figure as shown) named together, "a and b process the most" (a
            // trial read "a processes the most: 5.51 per cycle vs 5.51 for b").
            QList<qsizetype> order = between(f->values, hi, lo);
            order.prepend(hi);
            if (lo != hi)  // one run with a figure (the others lasted no cycle): named once
                order.append(lo);
            QStringList top;
            QStringList rest;
            for (qsizetype i : std::as_const(order)) {
                if (f->texts.at(i) == f->texts.at(hi))
                    top << names.at(i);
                else
                    rest << QStringLiteral("%1 %2 %3").arg(f->texts.at(i), subjects ? QStringLiteral("for") : QStringLiteral("with"), names.at(i));
            }
            text = (!subjects          ? QStringLiteral("the most processed with %1: %2 per cycle")
                    : top.size() == 1 ? QStringLiteral("%1 processes the most: %2 per cycle")
                                      : QStringLiteral("%1 process the most: %2 per cycle"))
                           .arg(joinNames(top), f->texts.at(hi));
            if (!rest.isEmpty())
                text += QStringLiteral(" vs ") + joinNames(rest);
        }
        if (const ComparedFigure *backlog = findFigure(figures, ThroughputGroup, QStringLiteral("backlog"))) {
            const qsizetype worst = extreme(backlog->values, false);
            if (!backlog->best().isEmpty() && worst >= 0)
                text += (subjects ? QStringLiteral("; %1 ends with %2 still queued")
                                  : QStringLiteral("; %2 still queued at the end with %1"))
                                .arg(names.at(worst), backlog->texts.at(worst));
        }
        verdicts << ComparisonVerdict{ThroughputGroup, text};
    }

    // Losses and extra work.
    {
        QList<qsizetype> losing;
        QStringList losses;
        for (qsizetype i = 0; i < runs.size(); ++i) {
            if (runs.at(i).totals.finalDiscarded() > 0) {
                losing << i;
                losses << (subjects ? QStringLiteral("%1 loses %2") : QStringLiteral("%2 with %1"))
                                  .arg(names.at(i))
                                  .arg(runs.at(i).totals.finalDiscarded());
            }
        }
        const int others = int(runs.size() - losing.size());
        // Runs that lose as many as each other are named once: "A loses 614 and B loses 614"
        // read as a slip (a trial).
        const bool alike = losing.size() > 1 && std::all_of(losing.cbegin(), losing.cend(), [&](qsizetype i) {
            return runs.at(i).totals.finalDiscarded() == runs.at(losing.constFirst()).totals.finalDiscarded();
        });
        if (alike)
            losses = {(subjects ? QStringLiteral("%1 each lose %2") : QStringLiteral("%2 with each of %1"))
                              .arg(namesOf(losing))
                              .arg(runs.at(losing.constFirst()).totals.finalDiscarded())};
        QString text;
        if (losing.isEmpty())
            text = runs.size() == 1 ? QStringLiteral("no message is lost") : QStringLiteral("no configuration loses a message");
        else if (subjects)
            text = joinNames(losses) + QStringLiteral(" messages")
                   + (others == 0       ? QString()
                      : others == 1     ? QStringLiteral("; the other loses none")
                                        : QStringLiteral("; the others lose none"));
        else
            text = QStringLiteral("messages lost: ") + joinNames(losses)
                   + (others == 0 ? QString() : others == 1 ? QStringLiteral("; none with the other") : QStringLiteral("; none with the others"));
        // The broker's own dead letters (delivery limit, expiry, length limit): kept in a
        // dead-letter queue they are no loss, but the table's row differed and the verdict said
        // nothing of it (a trial, the poison lesson: 10 vs 0).
        if (const ComparedFigure *f = findFigure(figures, LossesGroup, QStringLiteral("dead-lettered by the broker"));
            f && !f->best().isEmpty()) {
            QStringList each;
            for (qsizetype i = 0; i < runs.size(); ++i)
                each << (f->values.at(i) && *f->values.at(i) > 0 ? QStringLiteral("%1 with %2").arg(f->texts.at(i), names.at(i))
                                                                  : QStringLiteral("none with %1").arg(names.at(i)));
            text += QStringLiteral("; the broker dead-letters ") + joinNames(each);
        }
        // Every run that needs more than one delivery a message, the most first, with what made
        // the extra deliveries (a trial read "(postponements, failures)" where none failed, and
        // only the worst run's figure beside a starred better one).
        if (const ComparedFigure *f = findFigure(figures, LossesGroup, QStringLiteral("deliveries"))) {
            QList<qsizetype> extra;
            for (qsizetype i = 0; i < runs.size(); ++i) {
                if (f->values.at(i) && *f->values.at(i) >= 1.005)
                    extra << i;
            }
            std::stable_sort(extra.begin(), extra.end(), [&](qsizetype a, qsizetype b) { return *f->values.at(a) > *f->values.at(b); });
            if (!extra.isEmpty()) {
                bool postponed = false;
                bool failed = false;
                QStringList each;
                for (qsizetype i : std::as_const(extra)) {
                    postponed = postponed || runs.at(i).totals.postponed > 0;
                    failed = failed || runs.at(i).totals.failed > 0;
                    each << (each.isEmpty() ? (subjects ? QStringLiteral("%1 needs %2") : QStringLiteral("%2 with %1"))
                                            : (subjects ? QStringLiteral("%1 %2") : QStringLiteral("%2 with %1")))
                                    .arg(names.at(i), f->texts.at(i));
                }
                const QString why = postponed && failed ? QStringLiteral("postponements and failures")
                        : failed                        ? QStringLiteral("failures")
                                                        : QStringLiteral("postponements");
                text += subjects ? QStringLiteral("; %1 deliveries per message (%2)").arg(each.join(QStringLiteral(", ")), why)
                                 : QStringLiteral("; deliveries per message: %1 (%2)").arg(joinNames(each), why);
            }
        }
        verdicts << ComparisonVerdict{LossesGroup, text};
    }

    // Waiting.
    if (const ComparedFigure *f = findFigure(figures, WaitingGroup, QStringLiteral("longest wait"))) {
        const qsizetype worst = extreme(f->values, false);
        const qsizetype best = extreme(f->values, true);
        const double w = *f->values.at(worst);
        const double b = *f->values.at(best);
        QString text;
        if (runs.size() == 1)
            text = QStringLiteral("the longest wait is %1 cycles").arg(f->texts.at(worst));
        else if (!f->comparable)
            text = notCompared(*f, names, QStringLiteral("cycles"), QStringLiteral("longest wait "));
        else if (w <= b * 1.5 + 2)
            text = f->texts.at(best) == f->texts.at(worst)
                    ? QStringLiteral("the longest wait is the same (%1)").arg(cyclesText(f->texts.at(best)))
                    : QStringLiteral("the longest wait is similar (%1 to %2 cycles)").arg(f->texts.at(best), f->texts.at(worst));
        else {
            // Every run's figure: the worst, those between it and the best, then the best.
            QString middle;
            for (qsizetype i : between(f->values, worst, best))
                middle += (subjects ? QStringLiteral(", %1 %2 cycles") : QStringLiteral(", %2 cycles with %1"))
                                  .arg(names.at(i), f->texts.at(i));
            text = (subjects ? QStringLiteral("%1 keeps a message waiting %2 cycles (starvation)%5; %3 at most %4")
                             : QStringLiteral("a message waits %2 cycles with %1 (starvation)%5; at most %4 with %3"))
                           .arg(names.at(worst), f->texts.at(worst), names.at(best), f->texts.at(best), middle);
        }
        verdicts << ComparisonVerdict{WaitingGroup, text};
    }

    // Latency per priority.
    for (qsizetype at = 0; at < figures.size(); ++at) {
        const ComparedFigure &p50 = figures.at(at);
        if (!p50.label.startsWith(QLatin1String("latency p50")) || at + 2 >= figures.size())
            continue;
        const ComparedFigure &p95 = figures.at(at + 1);
        const ComparedFigure &max = figures.at(at + 2);
        const QString priority = p50.group.mid(p50.group.lastIndexOf(QLatin1Char(' ')) + 1);
        QList<qsizetype> starved;
        for (qsizetype i = 0; i < p50.values.size(); ++i) {
            if (!p50.values.at(i))
                starved << i;
        }
        QStringList parts;
        const qsizetype best = extreme(p50.values, true);
        if (!p50.comparable && runs.size() > 1) {
            if (starved.size() < runs.size())
                parts << notCompared(p50, names, QStringLiteral("cycles"), QStringLiteral("p50 "));
        } else if (best >= 0 && runs.size() > 1 && starved.size() < runs.size() - 1) {
            // The median tells the runs apart; if it is the same, the 95th percentile.
            const bool medianTies = p50.best().isEmpty() || p50.texts.at(best) == p50.texts.at(extreme(p50.values, false));
            const ComparedFigure &by = medianTies ? p95 : p50;
            const QString stat = medianTies ? QStringLiteral("p95") : QStringLiteral("p50");
            const qsizetype b = extreme(by.values, true);
            const qsizetype w = extreme(by.values, false);
            const double bv = *by.values.at(b);
            const double wv = *by.values.at(w);
            // The median's fastest with a longer tail than another run: the median alone named
            // the wrong winner ("A serves priority 0 at once (p50 0 vs 1 cycles for B)" where A's
            // p95 was 90 and its max 111 against B's 63 and 64, a teacher's trial). Both halves
            // then, as the table's stars mark them.
            QList<qsizetype> median;  // the runs with the lowest median
            QList<qsizetype> tail;    // the runs with the shortest p95, where none of those is
            if (!medianTies) {
                for (int i : p50.best())
                    median << i;
                const QList<int> shortestTail = p95.best();
                if (std::none_of(median.cbegin(), median.cend(), [&](qsizetype i) { return shortestTail.contains(int(i)); })) {
                    for (int i : shortestTail)
                        tail << i;
                }
            }
            if (!tail.isEmpty()) {
                const qsizetype t = tail.constFirst();
                const QString figures = QStringLiteral("(p95 %1 vs %2 cycles, max %3 vs %4)")
                                                .arg(p95.texts.at(t), p95.texts.at(b), max.texts.at(t), max.texts.at(b));
                if (subjects)
                    parts << QStringLiteral("%1 %2 the lower median for priority %3 (p50 %4 vs %5 cycles for %6), but %7 %8 the shorter tail %9")
                                     .arg(namesOf(median), median.size() == 1 ? QStringLiteral("has") : QStringLiteral("have"), priority,
                                          p50.texts.at(b), p50.texts.at(t), names.at(t), namesOf(tail),
                                          tail.size() == 1 ? QStringLiteral("has") : QStringLiteral("have"), figures);
                else
                    parts << QStringLiteral("priority %1 has the lower median with %2 (p50 %3 vs %4 cycles with %5), but the shorter tail with %6 %7")
                                     .arg(priority, namesOf(median), p50.texts.at(b), p50.texts.at(t), names.at(t), namesOf(tail), figures);
            } else if (bv == wv) {
                parts << QStringLiteral("served alike (p50 %1, p95 %2)").arg(cyclesText(p50.texts.at(best)), cyclesText(p95.texts.at(best)));
            } else {
                QList<qsizetype> fastest;
                for (int i : by.best())
                    fastest << i;
                const QString serve = fastest.size() == 1 ? QStringLiteral("serves") : QStringLiteral("serve");
                // The runs neither fastest nor slowest, with their figure, inside the brackets.
                QString others;
                for (qsizetype i : between(by.values, w, b)) {
                    if (!fastest.contains(i))
                        others += (subjects ? QStringLiteral("; %1 %2") : QStringLiteral("; %2 with %1")).arg(names.at(i), by.texts.at(i));
                }
                const qsizetype sentence = parts.size();
                // "At once" only where none of them waited at all: by p95 0 with a max of 1 to
                // 3 cycles, "serves priority 5 at once" contradicted the table (a trial).
                const bool atOnce = bv == 0 && std::all_of(fastest.cbegin(), fastest.cend(), [&](qsizetype i) {
                    return max.values.at(i) && *max.values.at(i) == 0;
                });
                if (bv == 0 && !atOnce)
                    parts << (subjects ? QStringLiteral("%1 %2 priority %3 sooner (%4 0 vs %5 cycles for %6)")
                                                 .arg(namesOf(fastest), serve, priority, stat, by.texts.at(w), names.at(w))
                                       : QStringLiteral("priority %1 is served sooner with %2 (%3 0 vs %4 cycles with %5)")
                                                 .arg(priority, namesOf(fastest), stat, by.texts.at(w), names.at(w)));
                else if (bv == 0 && subjects)
                    parts << QStringLiteral("%1 %2 priority %3 at once (%4 0 vs %5 cycles for %6)")
                                     .arg(namesOf(fastest), serve, priority, stat, by.texts.at(w), names.at(w));
                else if (bv == 0)
                    parts << QStringLiteral("priority %1 is served at once with %2 (%3 0 vs %4 cycles with %5)")
                                     .arg(priority, namesOf(fastest), stat, by.texts.at(w), names.at(w));
                else if (bv == 1 || wv / bv >= 20)
                    // Words, not "187× faster" (p95 1 vs 187: a teacher's trial found it odd):
                    // within a cycle, or far sooner where the ratio is 20 or more.
                    parts << (subjects ? QStringLiteral("%1 %2 priority %3 %4 (%5 %6 vs %7 cycles for %8)")
                                                 .arg(namesOf(fastest), serve, priority, farSooner(bv), stat, by.texts.at(b),
                                                      by.texts.at(w), names.at(w))
                                       : QStringLiteral("priority %1 is served %2 with %3 (%4 %5 vs %6 cycles with %7)")
                                                 .arg(priority, farSooner(bv), namesOf(fastest), stat, by.texts.at(b),
                                                      by.texts.at(w), names.at(w)));
                else if (subjects)
                    parts << QStringLiteral("%1 %2 priority %3 %4× faster than %5 (%6 %7 vs %8 cycles)")
                                     .arg(namesOf(fastest), serve, priority, number(wv / bv, 1), names.at(w), stat,
                                          by.texts.at(b), by.texts.at(w));
                else
                    parts << QStringLiteral("priority %1 is served %2× faster with %3 than with %4 (%5 %6 vs %7 cycles)")
                                     .arg(priority, number(wv / bv, 1), namesOf(fastest), names.at(w), stat,
                                          by.texts.at(b), by.texts.at(w));
                parts[sentence].insert(parts.at(sentence).size() - 1, others);  // before its ")"
            }
            // Every run that keeps one of them waiting far longer than the quickest, longest
            // first: a median of 0 ("at once") said nothing of native priority's 124 cycles for
            // priority 0 under load (a teacher's trial).
            const qsizetype longest = extreme(max.values, false);
            const qsizetype shortest = extreme(max.values, true);
            const double limit = *max.values.at(shortest) * 3 + 10;
            if (*max.values.at(longest) > limit) {
                QString slow = (subjects ? QStringLiteral("%1 keeps one waiting %2 cycles") : QStringLiteral("one waits %2 cycles with %1"))
                                       .arg(names.at(longest), max.texts.at(longest));
                for (qsizetype i : between(max.values, longest, shortest)) {
                    if (*max.values.at(i) > limit)
                        slow += (subjects ? QStringLiteral(", %1 %2") : QStringLiteral(", %2 with %1")).arg(names.at(i), max.texts.at(i));
                }
                parts << slow;
            }
        } else if (best >= 0) {
            parts << QStringLiteral("p50 %1 cycles, at most %2 for %3")
                             .arg(p50.texts.at(best), max.texts.at(best), names.at(best));
        }
        if (!starved.isEmpty())
            parts << (subjects ? QStringLiteral("%1 processed none of them (starved)")
                               : QStringLiteral("none of them processed with %1 (starved)"))
                             .arg(namesOf(starved));
        verdicts << ComparisonVerdict{p50.group, parts.join(QStringLiteral("; "))};
    }
    if (naming == VerdictNaming::LettersAndNames && namesInLines(shortNames())) {
        for (ComparisonVerdict &v : verdicts)
            v.text = withNames(v.text, shortNames());
    }
    return verdicts;
}

namespace {
/// The outcome of one priority's latency (Comparison::shownVerdicts()): what its verdict says,
/// so that priorities saying the same share a line.
struct LatencyOutcome
{
    enum class Kind { Win, Alike, NotCompared, Own };
    int priority = 0;
    Kind kind = Kind::Own;
    QList<qsizetype> winners;  ///< Win: the runs with the best figure (p50, or p95 where the medians tie)
    QList<qsizetype> starved;  ///< the runs that processed none of them
    const ComparedFigure *p50 = nullptr;
    const ComparedFigure *p95 = nullptr;
    const ComparedFigure *max = nullptr;
    QString group;             ///< "Latency, priority N"
};

/// The latency outcome of every priority in @p figures, most urgent first, judged as
/// Comparison::groupVerdicts() judges it for @p runs runs.
QList<LatencyOutcome> latencyOutcomes(const QList<ComparedFigure> &figures, qsizetype runs)
{
    QList<LatencyOutcome> outcomes;
    for (qsizetype at = 0; at + 2 < figures.size(); ++at) {
        const ComparedFigure &p50 = figures.at(at);
        if (!p50.label.startsWith(QLatin1String("latency p50")))
            continue;
        LatencyOutcome o;
        o.p50 = &p50;
        o.p95 = &figures.at(at + 1);
        o.max = &figures.at(at + 2);
        o.group = p50.group;
        o.priority = p50.group.mid(p50.group.lastIndexOf(QLatin1Char(' ')) + 1).toInt();
        for (qsizetype i = 0; i < p50.values.size(); ++i) {
            if (!p50.values.at(i))
                o.starved << i;
        }
        const qsizetype best = extreme(p50.values, true);
        if (!p50.comparable && runs > 1) {
            o.kind = o.starved.size() < runs ? LatencyOutcome::Kind::NotCompared : LatencyOutcome::Kind::Own;
        } else if (best >= 0 && runs > 1 && o.starved.size() < runs - 1) {
            const bool medianTies = p50.best().isEmpty() || p50.texts.at(best) == p50.texts.at(extreme(p50.values, false));
            const ComparedFigure &by = medianTies ? *o.p95 : p50;
            const double bv = *by.values.at(extreme(by.values, true));
            const double wv = *by.values.at(extreme(by.values, false));
            bool split = false;
            if (!medianTies) {
                const QList<int> median = p50.best();
                const QList<int> tail = o.p95->best();
                split = !tail.isEmpty()
                        && std::none_of(median.cbegin(), median.cend(), [&](int i) { return tail.contains(i); });
            }
            if (split)
                o.kind = LatencyOutcome::Kind::Own;
            else if (bv == wv)
                o.kind = LatencyOutcome::Kind::Alike;
            else {
                o.kind = LatencyOutcome::Kind::Win;
                for (int i : by.best())
                    o.winners << i;
                // By the median, a winner whose p95 is longer than a run it beats is not sooner
                // for its tail ("A and B serve them sooner" where B's p95 was 75 against C's
                // 65): only the winners no other run beats at p95 are named; none left, the
                // priority has its own line, which gives both.
                if (!medianTies) {
                    double othersTail = std::numeric_limits<double>::max();
                    for (qsizetype i = 0; i < runs; ++i) {
                        if (!o.winners.contains(i) && o.p95->values.at(i))
                            othersTail = std::min(othersTail, *o.p95->values.at(i));
                    }
                    o.winners.removeIf([&](qsizetype i) {
                        return o.p95->values.at(i) && *o.p95->values.at(i) > othersTail;
                    });
                    if (o.winners.isEmpty())
                        o.kind = LatencyOutcome::Kind::Own;
                }
            }
        }
        outcomes << o;
    }
    return outcomes;
}

/// The lowest and highest value of run @p run in @p figure over @p outcomes (p50, p95 or max
/// by @p which); std::nullopt where the run has none.
std::optional<std::pair<double, double>> spanOf(const QList<LatencyOutcome> &outcomes, qsizetype run,
                                                const ComparedFigure *LatencyOutcome::*which)
{
    std::optional<std::pair<double, double>> span;
    for (const LatencyOutcome &o : outcomes) {
        const std::optional<double> v = (o.*which)->values.value(run);
        if (!v)
            continue;
        span = span ? std::make_pair(std::min(span->first, *v), std::max(span->second, *v)) : std::make_pair(*v, *v);
    }
    return span;
}
} // namespace

ComparisonVerdict Comparison::overallVerdict(VerdictNaming naming) const
{
    const QString group = QStringLiteral("Overall");
    if (runs.isEmpty())
        return {group, QString()};
    const QStringList letters = verdictNames(VerdictNaming::LettersAndNames);
    const auto named = [&](const QString &text) {
        return naming == VerdictNaming::LettersAndNames && namesInLines(shortNames()) ? withNames(text, shortNames()) : text;
    };
    const qsizetype n = runs.size();
    if (n == 1)
        return {group, named(QStringLiteral("one run: nothing to compare it with"))};
    if (!sameWorkload)
        return {group, named(QStringLiteral("not compared: %1 produced different messages")
                                     .arg(joinNames(letters)))};
    const QList<ComparedFigure> figures = this->figures();
    QList<int> wins(n, 0);
    int rows = 0;
    // Each run's findings: the rows it is better on, by their label (latency: the priorities).
    QList<QStringList> won(n);
    QList<QList<int>> fasterFor(n);
    // A row counts for a run only where that run alone is best: where two share the best value
    // neither is better than the other there ("B processes more (5.51 vs 5.19)" read as more
    // than A, which processed as much), and the counts add up to at most the rows.
    for (const ComparedFigure &f : figures) {
        if (f.better == ComparedFigure::Better::Neither || f.label.startsWith(QLatin1String("latency")))
            continue;
        ++rows;
        if (const QList<int> best = f.best(); best.size() == 1) {
            ++wins[best.constFirst()];
            won[best.constFirst()] << f.label;
        }
    }
    const QList<LatencyOutcome> latency = latencyOutcomes(figures, n);
    for (const LatencyOutcome &o : latency) {
        ++rows;
        QList<int> stars(n, 0);
        for (const ComparedFigure *f : {o.p50, o.p95, o.max}) {
            for (int i : f->best())
                ++stars[i];
        }
        const int top = *std::max_element(stars.cbegin(), stars.cend());
        if (top == 0 || stars.count(top) > 1)
            continue;
        const qsizetype i = stars.indexOf(top);
        ++wins[i];
        fasterFor[i] << o.priority;
    }
    // A run's finding on figure @p label in words, its figure against the others'.
    const auto finding = [&](qsizetype run, const QString &label) -> QString {
        if (label == QLatin1String("latency"))
            return fasterFor.at(run).size() == qsizetype(latency.size()) && latency.size() > 1
                    ? QStringLiteral("serves every priority sooner")
                    : QStringLiteral("serves %1 %2 sooner")
                              .arg(fasterFor.at(run).size() == 1 ? QStringLiteral("priority") : QStringLiteral("priorities"),
                                   priorityRanges(fasterFor.at(run)));
        const ComparedFigure *f = findFigure(figures, [&] {
            for (const ComparedFigure &g : figures) {
                if (g.label == label)
                    return g.group;
            }
            return QString();
        }(), label);
        if (!f)
            return QString();
        QStringList others;
        const QList<int> best = f->best();
        for (qsizetype i = 0; i < n; ++i) {
            if (!best.contains(int(i)) && f->values.at(i))
                others << f->texts.at(i);
        }
        const QString versus = QStringLiteral("%1 vs %2").arg(f->texts.at(run), joinNames(others));
        if (label.startsWith(QLatin1String("throughput")))
            return QStringLiteral("processes more (%1 per cycle)").arg(versus);
        if (label.startsWith(QLatin1String("processed")))
            return QStringLiteral("processes more (%1 messages)").arg(versus);
        if (label.startsWith(QLatin1String("longest wait")))
            return QStringLiteral("makes no message wait as long (at most %1 cycles)").arg(versus);
        if (label.startsWith(QLatin1String("discarded")))
            return QStringLiteral("loses fewer messages (%1)").arg(versus);
        if (label.startsWith(QLatin1String("backlog")))
            return QStringLiteral("ends with fewer queued (%1)").arg(versus);
        if (label.startsWith(QLatin1String("deliveries")))
            return QStringLiteral("needs fewer deliveries (%1 a message)").arg(versus);
        if (label.startsWith(QLatin1String("postponed")))
            return QStringLiteral("postpones fewer (%1)").arg(versus);
        if (label.startsWith(QLatin1String("failed")))
            return QStringLiteral("fails fewer (%1)").arg(versus);
        if (label.startsWith(QLatin1String("dead-lettered")))
            return QStringLiteral("dead-letters fewer (%1)").arg(versus);
        if (label.startsWith(QLatin1String("rejected")))
            return QStringLiteral("refuses fewer (%1)").arg(versus);
        return QString();
    };
    // A run's strongest findings, at most @p count: the longest wait first (starvation, what a
    // run better on many latency rows may hide: a teacher's trial saw the starving setup crowned
    // with the cap on every wait on a later line), then latency, what a teacher asks first,
    // then throughput, losses, the backlog and the extra work.
    const auto findings = [&](qsizetype run, int count) {
        QStringList labels;
        for (const QString &l : won.at(run)) {
            if (l.startsWith(QLatin1String("longest wait")))
                labels << l;
        }
        if (!fasterFor.at(run).isEmpty())
            labels << QStringLiteral("latency");
        const bool throughput = std::any_of(won.at(run).cbegin(), won.at(run).cend(),
                                            [](const QString &l) { return l.startsWith(QLatin1String("throughput")); });
        for (const char *start : {"throughput", "processed", "discarded", "backlog", "dead-lettered", "rejected",
                                  "failed", "deliveries", "postponed"}) {
            for (const QString &l : won.at(run)) {
                if (l.startsWith(QLatin1String(start)) && !(throughput && l.startsWith(QLatin1String("processed"))))
                    labels << l;
            }
        }
        QStringList words;
        for (const QString &l : std::as_const(labels)) {
            if (words.size() < count)
                words << finding(run, l);
        }
        return joinNames(words);
    };
    const int top = *std::max_element(wins.cbegin(), wins.cend());
    if (top == 0)
        return {group, named(QStringLiteral("equal: no row of the table tells %1 apart").arg(joinNames(letters)))};
    QList<qsizetype> order;  // most rows first, then run order
    for (qsizetype i = 0; i < n; ++i)
        order << i;
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return wins.at(a) > wins.at(b); });
    QStringList parts;
    const bool mixed = wins.count(top) > 1;
    for (qsizetype i : std::as_const(order)) {
        const QString count = wins.at(i) == 0 ? QStringLiteral("none")
                : parts.isEmpty()             ? QStringLiteral("%1 of %2 rows").arg(wins.at(i)).arg(rows)
                                              : QString::number(wins.at(i));
        QString part = parts.isEmpty() ? QStringLiteral("%1 is better on %2").arg(letters.at(i), count)
                                       : QStringLiteral("%1 on %2").arg(letters.at(i), count);
        if (wins.at(i) > 0)
            part += QStringLiteral(": it ") + findings(i, parts.isEmpty() ? 2 : 1);
        parts << part;
    }
    return {group, named((mixed ? QStringLiteral("mixed: ") : QString()) + parts.join(QStringLiteral("; ")))};
}

QList<ComparisonVerdict> Comparison::shownVerdicts(VerdictNaming naming) const
{
    QList<ComparisonVerdict> shown;
    if (runs.isEmpty())
        return shown;
    shown << overallVerdict(naming);
    const QList<ComparisonVerdict> groups = groupVerdicts(naming);
    QMap<QString, QString> own;  // a priority's verdict as groupVerdicts() gives it
    for (const ComparisonVerdict &v : groups) {
        if (v.group.startsWith(QLatin1String("Latency")))
            own.insert(v.group, v.text);
        else
            shown << v;
    }
    const bool namesIn = naming == VerdictNaming::LettersAndNames && namesInLines(shortNames());
    QStringList names = verdictNames(naming);
    bool subjects = std::all_of(names.cbegin(), names.cend(), readsAsSubject);
    if (!subjects) {
        for (QString &name : names)
            name = QStringLiteral("“%1”").arg(name);
    }
    const auto namesOf = [&](const QList<qsizetype> &indices) {
        QStringList list;
        for (qsizetype i : indices)
            list << names.at(i);
        return joinNames(list);
    };
    const QList<ComparedFigure> figures = this->figures();
    const QList<LatencyOutcome> outcomes = latencyOutcomes(figures, runs.size());
    // Priorities of the same verdict together, in the order of the most urgent of each.
    QList<QList<LatencyOutcome>> sets;
    for (const LatencyOutcome &o : outcomes) {
        auto same = std::find_if(sets.begin(), sets.end(), [&](const QList<LatencyOutcome> &set) {
            const LatencyOutcome &first = set.constFirst();
            return o.kind != LatencyOutcome::Kind::Own && first.kind == o.kind && first.winners == o.winners
                   && first.starved == o.starved;
        });
        if (same == sets.end())
            sets.append(QList<LatencyOutcome>{o});
        else
            same->append(o);
    }
    for (const QList<LatencyOutcome> &set : std::as_const(sets)) {
        const LatencyOutcome &first = set.constFirst();
        if (first.kind == LatencyOutcome::Kind::Own) {
            shown << ComparisonVerdict{first.group, own.value(first.group)};
            continue;
        }
        QList<int> priorities;
        for (const LatencyOutcome &o : set)
            priorities << o.priority;
        const bool one = set.size() == 1;
        const QString label = one ? first.group : QStringLiteral("Latency, priorities %1").arg(priorityRanges(priorities));
        const QString them = one ? QStringLiteral("priority %1").arg(first.priority) : QStringLiteral("them");
        const auto span = [&](qsizetype run, const ComparedFigure *LatencyOutcome::*which) {
            const auto s = spanOf(set, run, which);
            return s ? valueRange(s->first, s->second) : QString();
        };
        QStringList parts;
        const qsizetype n = runs.size();
        if (first.kind == LatencyOutcome::Kind::NotCompared) {
            QStringList each;
            for (qsizetype i = 0; i < n; ++i) {
                if (const QString s = span(i, &LatencyOutcome::p50); !s.isEmpty())
                    each << QStringLiteral("%1 cycles for %2").arg(s, names.at(i));
            }
            parts << QStringLiteral("not compared (different workloads): p50 ") + joinNames(each);
        } else if (first.kind == LatencyOutcome::Kind::Alike) {
            const qsizetype any = first.winners.value(0, extreme(first.p50->values, true));
            parts << QStringLiteral("served alike (p50 %1, p95 %2)").arg(cyclesText(span(any, &LatencyOutcome::p50)),
                                                                         cyclesText(span(any, &LatencyOutcome::p95)));
        } else {
            // The winners' p95 against each other run's, over these priorities, and words for how
            // far apart they are: at once (none of the winners' waited at all), within a cycle or
            // far sooner (the others' 20 times or more), else sooner.
            double winnersTail = 0;
            QList<int> atOncePriorities;  // where none of the winners' waited at all (max 0)
            for (const LatencyOutcome &o : set) {
                bool atOnce = true;
                for (qsizetype i : o.winners) {
                    winnersTail = std::max(winnersTail, o.p95->values.at(i).value_or(0));
                    atOnce = atOnce && o.max->values.at(i) && *o.max->values.at(i) == 0;
                }
                if (atOnce)
                    atOncePriorities << o.priority;
            }
            const bool atOnce = atOncePriorities.size() == set.size();
            double othersTail = -1;
            QStringList each;
            for (qsizetype i = 0; i < n; ++i) {
                if (first.winners.contains(i) || first.starved.contains(i))
                    continue;
                if (const auto s = spanOf(set, i, &LatencyOutcome::p95)) {
                    othersTail = othersTail < 0 ? s->first : std::min(othersTail, s->first);
                    each << (subjects ? QStringLiteral("%1 cycles for %2") : QStringLiteral("%1 cycles with %2"))
                                    .arg(valueRange(s->first, s->second), names.at(i));
                }
            }
            // Each winner's p95 where two or more win ("0–111 for B and 1 for C"): one range for
            // both hid which of them had the long tail.
            QStringList spans;
            for (qsizetype i : first.winners) {
                if (const auto s = spanOf(set, i, &LatencyOutcome::p95))
                    spans << (first.winners.size() == 1 ? valueRange(s->first, s->second)
                                                        : QStringLiteral("%1 %2 %3").arg(valueRange(s->first, s->second),
                                                                                          subjects ? QStringLiteral("for") : QStringLiteral("with"),
                                                                                          names.at(i)));
            }
            const QString winnersSpan = joinNames(spans);
            QString how = atOnce                                                                              ? QStringLiteral("at once")
                    : othersTail >= 20 * std::max(winnersTail, 1.0) || (winnersTail <= 1 && othersTail >= 10) ? farSooner(winnersTail)
                                                                                                              : QStringLiteral("sooner");
            // Some of them at once: said too (a line per priority said it of each).
            if (!atOnce && !atOncePriorities.isEmpty())
                how += QStringLiteral(", %1 %2 at once")
                               .arg(atOncePriorities.size() == 1 ? QStringLiteral("priority") : QStringLiteral("priorities"),
                                    priorityRanges(atOncePriorities));
            const QString serve = first.winners.size() == 1 ? QStringLiteral("serves") : QStringLiteral("serve");
            parts << (subjects ? QStringLiteral("%1 %2 %3 %4 (p95 %5 vs %6)").arg(namesOf(first.winners), serve, them, how, winnersSpan, joinNames(each))
                               : QStringLiteral("%1 %2 served %3 with %4 (p95 %5 vs %6)")
                                         .arg(them == QLatin1String("them") ? QStringLiteral("they are") : them + QStringLiteral(" is"),
                                              QString(), how, namesOf(first.winners), winnersSpan, joinNames(each))
                                         .replace(QStringLiteral("  "), QStringLiteral(" ")));
        }
        // Every run that keeps one of them waiting far longer than the quickest at its longest
        // wait, longest first (as groupVerdicts() says it per priority).
        if (first.kind != LatencyOutcome::Kind::NotCompared) {
            QList<std::pair<qsizetype, double>> slow;
            for (qsizetype i = 0; i < n; ++i) {
                double longest = -1;
                for (const LatencyOutcome &o : set) {
                    const qsizetype shortest = extreme(o.max->values, true);
                    if (shortest < 0 || !o.max->values.at(i))
                        continue;
                    if (*o.max->values.at(i) > *o.max->values.at(shortest) * 3 + 10)
                        longest = std::max(longest, *o.max->values.at(i));
                }
                if (longest >= 0)
                    slow << std::make_pair(i, longest);
            }
            std::stable_sort(slow.begin(), slow.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
            QStringList each;
            for (const auto &[run, longest] : std::as_const(slow)) {
                const QString cycles = number(longest, 0);
                if (each.isEmpty())
                    each << (subjects ? QStringLiteral("%1 keeps one waiting %2%3 cycles") : QStringLiteral("one waits %2%3 cycles with %1"))
                                    .arg(names.at(run), one ? QString() : QStringLiteral("up to "), cycles);
                else
                    each << (subjects ? QStringLiteral("%1 %2%3") : QStringLiteral("%2%3 with %1"))
                                    .arg(names.at(run), one ? QString() : QStringLiteral("up to "), cycles);
            }
            if (!each.isEmpty())
                parts << each.join(QStringLiteral(", "));
        }
        if (!first.starved.isEmpty())
            parts << (subjects ? QStringLiteral("%1 processed none of them (starved)") : QStringLiteral("none of them processed with %1 (starved)"))
                             .arg(namesOf(first.starved));
        QString text = parts.join(QStringLiteral("; "));
        if (namesIn)
            text = withNames(text, shortNames());
        shown << ComparisonVerdict{label, text};
    }
    return shown;
}

QStringList Comparison::verdicts() const
{
    return verdicts(VerdictNaming::Names);
}

QStringList Comparison::verdicts(VerdictNaming naming) const
{
    QStringList lines;
    for (const ComparisonVerdict &v : groupVerdicts(naming))
        lines << v.group + QStringLiteral(": ") + v.text;
    return lines;
}

} // namespace PriorityLab
