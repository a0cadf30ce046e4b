// prioritylab-bench-app: the app's figures of docs/design.md §9: with 100,000 messages queued
// and 1,000 arriving per cycle, one refresh of every view costs at most 8 ms (median), and the
// event loop never stalls longer than 50 ms at the fastest speed. Runs the real MainWindow,
// shown, 1400 x 900, offscreen unless QT_QPA_PLATFORM says otherwise. Build with the release
// preset:
//   cmake --build --preset release --target prioritylab-bench-app
//   build/release/bin/prioritylab-bench-app [--quick] [--json FILE|-] [--queued N] [--arrivals M]
//   [--seconds S] [--repeats K]
//
// Sections, in this order:
//   setup    the scenario built in code (a burst of N queued at cycle 0, then M arrivals a cycle,
//            six consumers with mixed strategies, paced dispatch that keeps the queue near N),
//            events recorded as in the app
//   refresh  R rounds of: step() one cycle (not timed), then MainWindow::refreshViews() timed
//            alone and with the paint it causes (the posted layout and update requests); the
//            costliest dispatches and paintEvent()s of that paint
//   views    the RefreshSnapshot, then each view refreshViews() refreshes with it, timed alone,
//            after 1 and after 20 cycles
//   queue    the queue's views (tiles, histogram, table) and the journey outside the window,
//            each refreshed and painted alone after every cycle; the journal's record of a cycle
//   loop     "as fast as possible" (interval 0) in the real event loop for S seconds, in K
//            slices (--repeats); a 1 ms precise probe timer measures the longest gap between its
//            ticks (= the longest stall), and every event dispatch is timed by kind to say what
//            stalled it
//   headless after each slice, the slice's cycles stepped without a window: the headless / app
//            ratio of each slice, and their median (the target's figure: slices seconds apart
//            see the same load, where one app run and one headless run did not)
// Targets print MET / NOT MET (as prioritylab-bench); a failed check exits 1.
#include "ui/alarms/alarmpanel.h"
#include "bench/benchoptions.h"
#include "ui/charts/chartpanel.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/deadletters/deadletterpanel.h"
#include "ui/eventlog/eventlogmodel.h"
#include "ui/eventlog/eventlogpanel.h"
#include "ui/journey/journeypanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/setup/producerpanel.h"
#include "ui/queue/queuepanel.h"
#include "ui/queue/prioritycensus.h"
#include "ui/queue/priorityhistogram.h"
#include "ui/queue/queuemodel.h"
#include "ui/queue/queuetilespanel.h"
#include "ui/queue/queuetilesview.h"
#include "core/analysis/journal.h"
#include "core/analysis/refreshsnapshot.h"
#include "core/scenario/scenario.h"
#include "core/engine/simulation.h"
#include "ui/shell/statussummary.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEvent>
#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QMetaEnum>
#include <QThread>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

using namespace PriorityLab;

namespace {

constexpr int BatchSize = 3;
constexpr int WindowWidth = 1400;
constexpr int WindowHeight = 900;

QString count(qint64 n)
{
    return QLocale(QLocale::English).toString(n);
}

/// The value at quantile @p q (0..1) of @p values by nearest rank; 0 if empty.
double quantile(std::vector<double> values, double q)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto rank = size_t(std::ceil(q * double(values.size())));
    return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

/// Processor seconds the calling thread has run (CLOCK_THREAD_CPUTIME_ID).
double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

double maximum(const std::vector<double> &values)
{
    return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

/// Batches per cycle that keep the queue near its start: near that depth the consumers below
/// process or discard about 76% of their deliveries (the rest is postponed or failed and goes
/// back to the tail), so K = arrivals x 1.32 / 3 batches of 3 take out what arrives. The
/// load-adaptive consumer holds the balance: it processes everything while the queue is at least
/// as long as at the start and postpones low priorities below that (tuned with prioritylab-sim:
/// 99.8k queued after 2,000 cycles).
int pacedBatches(int arrivals)
{
    return std::max(1, int(std::ceil(double(arrivals) * 1.32 / BatchSize)));
}

/// The benchmark scenario: producer "burst" sends @p queued messages in cycle 0, producer
/// "orders" @p arrivals every cycle (priorities 0..9, TTL 1..6); six consumers with mixed
/// strategies, batch 3, @p batches batches a cycle, never idle-stops.
Scenario benchScenario(qint64 queued, int arrivals, int batches)
{
    Scenario s;
    s.name = QStringLiteral("bench: %1 queued, %2 arrivals a cycle").arg(count(queued), count(arrivals));
    s.description = QStringLiteral(
            "A burst at cycle 0 that the consumers cannot keep up with, then a steady stream; "
            "the load-adaptive consumer holds the queue near its start.");
    s.seed = 1;
    s.broker.batchSize = BatchSize;
    s.broker.batchesPerCycle = batches;
    s.broker.maxIdleCycles = 0;
    s.broker.cycleIntervalMs = 0;

    const auto consumer = [&s](const QString &name, const QString &type, const QVariantMap &parameters,
                               double failureRate = 0.0) {
        ConsumerConfig c;
        c.name = name;
        c.strategy.type = type;
        c.strategy.parameters = parameters;
        c.failureRate = failureRate;
        s.consumers << c;
    };
    consumer(QStringLiteral("fast"), QStringLiteral("accept-all"), {});
    consumer(QStringLiteral("threshold-3"), QStringLiteral("priority"),
             {{QStringLiteral("threshold"), 3}, {QStringLiteral("agingStep"), 1}});
    consumer(QStringLiteral("ttl"), QStringLiteral("ttl"),
             {{QStringLiteral("low"), 1}, {QStringLiteral("high"), 5}});
    consumer(QStringLiteral("adaptive"), QStringLiteral("predicate"),
             {{QStringLiteral("predicate"),
               QStringLiteral("queueLength >= %1 || priority >= 5").arg(queued)},
              {QStringLiteral("maxPredicateRuns"), 3}});
    consumer(QStringLiteral("threshold-6"), QStringLiteral("priority"),
             {{QStringLiteral("threshold"), 6}, {QStringLiteral("agingStep"), 1}});
    consumer(QStringLiteral("flaky"), QStringLiteral("accept-all"), {}, 0.05);

    const auto producer = [&s](const QString &name, qint64 perCycle, const QString &data,
                               qint64 untilCycle) {
        ProducerConfig p;
        p.name = name;
        GeneratorConfig g;
        g.perCycle = int(perCycle);
        g.priorityMin = 0;
        g.priorityMax = 9;
        g.ttlMin = 1;
        g.ttlMax = 6;
        g.data = data;
        g.fromCycle = 0;
        g.untilCycle = untilCycle;
        p.generator = g;
        s.producers << p;
    };
    producer(QStringLiteral("burst"), queued, QStringLiteral("burst-{n}"), 0);
    producer(QStringLiteral("orders"), arrivals, QStringLiteral("order-{n}"), -1);
    return s;
}

/// Kinds of event dispatch the loop section tells apart.
enum Kind { SimulationTick, Refresh, Repaint, Probe, Other, KindCount };

/// Longest and total time of the outermost event dispatches of one kind.
struct DispatchStats
{
    qint64 count = 0;
    qint64 totalNs = 0;
    qint64 maxNs = 0;
    int maxType = 0;  ///< QEvent::Type of the longest
    std::vector<double> ms;  ///< every duration, kept for Refresh only
};

/// A QApplication that times every outermost event dispatch (notify()), classified as the
/// simulation's timer (Simulation::tick()), the window's refresh timer (refreshViews()), a
/// repaint (QEvent::UpdateRequest: layouts settled and dirty widgets painted), the probe, or
/// other. It also counts paint events while countPaints is set.
class TimedApplication : public QApplication
{
public:
    /// The QApplication of @p argc, @p argv; its clock starts now.
    TimedApplication(int &argc, char **argv) : QApplication(argc, argv) { m_clock.start(); }

    /// Dispatches @p event to @p receiver. While timing is on, times it if it is outermost, and
    /// times nested repaints (QEvent::UpdateRequest) and paint events: a nested repaint counts as
    /// Repaint, not as the event that caused it (Qt Charts' scene flushes the window's pending
    /// repaint synchronously from its own queued call).
    bool notify(QObject *receiver, QEvent *event) override
    {
        const QEvent::Type type = event->type();
        if (countPaints && type == QEvent::Paint)
            ++paints;
        const bool outermost = m_depth == 0;
        const bool nestedRepaint = !outermost && type == QEvent::UpdateRequest && m_repaintDepth == 0;
        if (!timing || (!outermost && !nestedRepaint && type != QEvent::Paint)) {
            ++m_depth;
            const bool result = QApplication::notify(receiver, event);
            --m_depth;
            return result;
        }
        // Read before the dispatch: the handler may delete the receiver or the event.
        const QByteArray receiverClass(receiver->metaObject()->className());
        QByteArray parentClass("-");
        if (type == QEvent::Paint && receiver->parent()) {
            const QObject *parent = receiver->parent();
            parentClass = parent->metaObject()->className();
            if (parent->parent())
                parentClass += QByteArray(" in ") + parent->parent()->metaObject()->className();
        }
        const Kind kind = outermost ? classify(receiver, event) : Repaint;
        if (outermost)
            m_nestedRepaintNs = 0;
        if (type == QEvent::UpdateRequest)
            ++m_repaintDepth;
        const qint64 start = m_clock.nsecsElapsed();
        ++m_depth;
        const bool result = QApplication::notify(receiver, event);
        --m_depth;
        const qint64 ns = m_clock.nsecsElapsed() - start;
        if (type == QEvent::UpdateRequest)
            --m_repaintDepth;
        if (type == QEvent::Paint)
            add(paintBreakdown[receiverClass + " in " + parentClass], ns);
        if (nestedRepaint) {
            m_nestedRepaintNs += ns;
            record(Repaint, type, receiverClass + " UpdateRequest (nested)", ns);
            if (recordSpans)
                spans.push_back({start, ns, Repaint});
        }
        if (outermost) {
            if (kind == Refresh) {
                const RefreshParts now{m_window->lastRefreshCpuNs(), ns - m_nestedRepaintNs, m_simulation->cycle(), start};
                if (now.ns > longestRefresh.ns)
                    longestRefresh = now;
                if (now.cpuNs() > costliestRefresh.cpuNs())
                    costliestRefresh = now;
                for (size_t i = 0; i < now.parts.size(); ++i)
                    summedRefresh.parts[i] += now.parts[i];
                summedRefresh.ns += now.ns;
                ++summedRefresh.cycle;  // here: the number of refreshes summed
            }
            record(kind, type, receiverClass + ' ' + eventName(type), ns - m_nestedRepaintNs);
            if (recordSpans)
                spans.push_back({start, ns - m_nestedRepaintNs, kind});
        }
        return result;
    }

    /// The objects that identify the kinds: QTimer members of @p window and @p simulation (each
    /// has exactly one, MainWindow::m_refreshTimer and Simulation::m_timer), and @p probe.
    void watch(const MainWindow *window, const Simulation *simulation, const QObject *probe)
    {
        m_window = window;
        m_simulation = simulation;
        m_probe = probe;
    }

    /// Forgets every time measured so far.
    void clearStats()
    {
        for (DispatchStats &d : stats)
            d = DispatchStats();
        longestRefresh = costliestRefresh = summedRefresh = RefreshParts();
        breakdown.clear();
        paintBreakdown.clear();
    }

    /// Outermost dispatches by "ReceiverClass EventType" while timing is on.
    struct Breakdown
    {
        qint64 count = 0;
        qint64 totalNs = 0;
        qint64 maxNs = 0;
    };

    /// The name of QEvent::Type @p type, e.g. "MetaCall".
    static QByteArray eventName(int type)
    {
        const char *key = QMetaEnum::fromType<QEvent::Type>().valueToKey(type);
        return key ? QByteArray(key) : QByteArray::number(type);
    }

    /// The @p n costliest entries of @p from (by total time); clears it.
    static QList<QPair<QByteArray, Breakdown>> takeTop(QHash<QByteArray, Breakdown> &from, int n)
    {
        QList<QPair<QByteArray, Breakdown>> all;
        for (auto it = from.cbegin(); it != from.cend(); ++it)
            all.append({it.key(), it.value()});
        std::sort(all.begin(), all.end(),
                  [](const auto &a, const auto &b) { return a.second.totalNs > b.second.totalNs; });
        from.clear();
        return all.mid(0, n);
    }

    /// A dispatch (outermost, exclusive of nested repaints; or a nested repaint) in time.
    struct Span
    {
        qint64 start = 0;  ///< now() when it began
        qint64 ns = 0;
        Kind kind = Other;
    };

    /// Nanoseconds on the clock of the spans.
    qint64 now() const { return m_clock.nsecsElapsed(); }

    /// The longest refreshViews() the timer ran while timing, by part (MainWindow::lastRefreshCpuNs()).
    struct RefreshParts
    {
        std::array<qint64, size_t(MainWindow::RefreshPart::Count)> parts = {};
        qint64 ns = 0;     ///< the whole dispatch (exclusive of nested repaints)
        qint64 cycle = 0;  ///< the simulation's cycle after it
        qint64 start = 0;  ///< now() when it began
        /// The processor time of the parts together.
        qint64 cpuNs() const
        {
            qint64 sum = 0;
            for (const qint64 part : parts)
                sum += part;
            return sum;
        }
    };
    RefreshParts longestRefresh;   ///< by wall time
    RefreshParts costliestRefresh; ///< by processor time
    RefreshParts summedRefresh;    ///< every refresh's parts summed; cycle counts the refreshes

    bool timing = false;
    bool recordSpans = false;  ///< also keep every dispatch in spans
    std::vector<Span> spans;
    bool countPaints = false;
    /// Outermost dispatches (exclusive of nested repaints) by "ReceiverClass EventType".
    QHash<QByteArray, Breakdown> breakdown;
    /// Paint events by "ReceiverClass in ParentClass" (a widget's own paintEvent(), without its
    /// children).
    QHash<QByteArray, Breakdown> paintBreakdown;
    qint64 paints = 0;
    DispatchStats stats[KindCount];

private:
    static void add(Breakdown &b, qint64 ns)
    {
        ++b.count;
        b.totalNs += ns;
        b.maxNs = std::max(b.maxNs, ns);
    }

    void record(Kind kind, int type, const QByteArray &key, qint64 ns)
    {
        DispatchStats &d = stats[kind];
        ++d.count;
        d.totalNs += ns;
        if (ns > d.maxNs) {
            d.maxNs = ns;
            d.maxType = type;
        }
        if (kind == Refresh)
            d.ms.push_back(double(ns) / 1e6);
        add(breakdown[key], ns);
    }

    /// True if @p o lies inside the object at @p base of @p size bytes (i.e. is a member of it).
    static bool memberOf(const QObject *o, const void *base, size_t size)
    {
        const auto *p = reinterpret_cast<const char *>(o);
        const auto *b = reinterpret_cast<const char *>(base);
        return base && p >= b && p < b + size;
    }

    Kind classify(const QObject *receiver, const QEvent *event) const
    {
        if (receiver == m_probe)
            return Probe;
        if (event->type() == QEvent::UpdateRequest)
            return Repaint;
        if (event->type() == QEvent::Timer) {
            if (memberOf(receiver, m_simulation, sizeof(Simulation)))
                return SimulationTick;
            if (memberOf(receiver, m_window, sizeof(MainWindow)))
                return Refresh;
        }
        return Other;
    }

    const MainWindow *m_window = nullptr;
    const Simulation *m_simulation = nullptr;
    const QObject *m_probe = nullptr;
    QElapsedTimer m_clock;
    int m_depth = 0;
    int m_repaintDepth = 0;       ///< UpdateRequests being dispatched
    qint64 m_nestedRepaintNs = 0; ///< nested repaint time within the current outermost dispatch
};

/// Screen of the offscreen platform: 1600 x 1000 (the size of the README's xvfb screenshots),
/// so that the window's own size rule gives 1400 x 900. Returns the platform argument or "".
QByteArray offscreenPlatform()
{
    const QString path = QDir::temp().filePath(
            QStringLiteral("prioritylab-bench-app-screen-%1.json").arg(QCoreApplication::applicationPid()));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return "offscreen";
    f.write(R"({"screens": [{"name": "bench", "x": 0, "y": 0, "width": 1600, "height": 1000,
                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    return "offscreen:configfile=" + QFile::encodeName(path);
}

/// CPU time of the calling thread in nanoseconds: unlike wall time, it leaves out the time
/// other processes took the CPU (this machine runs builds beside the benchmark).
qint64 threadCpuNs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
}

double ms(qint64 ns)
{
    return double(ns) / 1e6;
}

/// Prints @p top (from TimedApplication::takeTop()) under @p title: receiver class and event
/// type, dispatches, total per @p per (@p perName), longest.
void printTop(Output &out, const QList<QPair<QByteArray, TimedApplication::Breakdown>> &top, qint64 per,
              const QString &perName, const QString &title)
{
    out.note(title);
    for (const auto &[key, b] : top) {
        out.note(QStringLiteral("  %1 %2 x, %3 ms %4, longest %5 ms")
                         .arg(QString::fromLatin1(key), -44)
                         .arg(b.count, 6)
                         .arg(ms(b.totalNs) / double(std::max<qint64>(1, per)), 6, 'f', 2)
                         .arg(perName)
                         .arg(ms(b.maxNs), 0, 'f', 2));
    }
}

/// @p parts (MainWindow::lastRefreshCpuNs(), processor time) of a refresh that took @p totalNs
/// (wall time) in words, the costliest first: "wall 30.1 ms; processor time: Charts 21.3, Queue
/// 1.2, ... ms".
QString refreshPartsText(const std::array<qint64, size_t(MainWindow::RefreshPart::Count)> &parts, qint64 totalNs)
{
    std::vector<int> order(parts.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::sort(order.begin(), order.end(), [&parts](int a, int b) { return parts[size_t(a)] > parts[size_t(b)]; });
    QStringList words;
    for (const int i : order) {
        words << QStringLiteral("%1 %2").arg(QString::fromLatin1(MainWindow::refreshPartName(MainWindow::RefreshPart(i))))
                                         .arg(ms(parts[size_t(i)]), 0, 'f', 2);
    }
    return QStringLiteral("wall %1 ms; processor time: %2 ms").arg(ms(totalNs), 0, 'f', 2)
            .arg(words.join(QStringLiteral(", ")));
}

/// One cycle of the refresh rounds: Simulation::step() with the window's per-cycle hooks
/// (MainWindow::onCycleCompleted()). Not inlined, so that a profiler can take it alone:
///   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*stepRound*' ...
Q_NEVER_INLINE void stepRound(Simulation *sim)
{
    sim->step();
}

/// One timed refresh of the refresh rounds: MainWindow::refreshViews(), then the events it posted
/// (layout and update requests: the dirty widgets paint). Not inlined, so that a profiler can take
/// it alone: valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*refreshRound*' ...
/// Sets @p refreshedNs to the time refreshViews() took, from @p clock (started by the caller).
Q_NEVER_INLINE void refreshRound(MainWindow &window, TimedApplication &app, const QElapsedTimer &clock,
                                  qint64 &refreshedNs)
{
    window.refreshViews();
    refreshedNs = clock.nsecsElapsed();
    app.timing = true;
    QCoreApplication::processEvents();  // layout and update requests: the dirty widgets paint
    app.timing = false;
}

} // namespace

int main(int argc, char *argv[])
{
    QByteArray platform;
    QString screenConfig;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        platform = offscreenPlatform();
        qputenv("QT_QPA_PLATFORM", platform);
        if (const qsizetype at = platform.indexOf('='); at > 0)
            screenConfig = QFile::decodeName(platform.mid(at + 1));
    }
    TimedApplication app(argc, argv);
    if (!screenConfig.isEmpty())
        QFile::remove(screenConfig);  // read by the platform plugin when the application started
    QCommandLineParser parser;
    setUpBenchParser(parser, QStringLiteral("prioritylab-bench-app"), QStringLiteral(
            "Prints the PriorityLab app figures of docs/design.md §9: the cost of one refresh of "
            "every view (MainWindow::refreshViews() and its paint) with N queued and M arrivals "
            "a cycle, and the longest event-loop stall at the fastest speed. Runs the real "
            "window offscreen (unless QT_QPA_PLATFORM is set).\n"
            "Build with the release preset for meaningful figures."));
    parser.addOptions({
            {QStringLiteral("quick"), QStringLiteral("50 refresh rounds and a 5 s loop in 5 slices.")},
            {QStringLiteral("rounds"), QStringLiteral("Refresh rounds (default 200, 50 with --quick)."),
             QStringLiteral("R")},
            {QStringLiteral("seconds"),
             QStringLiteral("Seconds of the event-loop section (default 10, 5 with --quick)."),
             QStringLiteral("S")},
            {QStringLiteral("repeats"),
             QStringLiteral("Slices of the event-loop section, each followed by its cycles headless "
                            "(default 10, 5 with --quick); the headless / app figure is their median."),
             QStringLiteral("K")},
            {QStringLiteral("queued"), QStringLiteral("Messages queued at the start (default 100000)."),
             QStringLiteral("N"), QStringLiteral("100000")},
            {QStringLiteral("arrivals"), QStringLiteral("Messages arriving per cycle (default 1000)."),
             QStringLiteral("M"), QStringLiteral("1000")},
            {QStringLiteral("hide"),
             QStringLiteral("Hide these docks before measuring (comma-separated object names, e.g. "
                            "chartsDock,eventLogDock), to attribute the cost to views."),
             QStringLiteral("DOCKS")},
            {QStringLiteral("screenshot"),
             QStringLiteral("Save a PNG of the window after the refresh rounds to FILE."),
             QStringLiteral("FILE")},
            {QStringLiteral("freeze-labels"),
             QStringLiteral("Diagnostic: give every visible label a fixed size before measuring, so "
                            "that text changes do not relayout the window (the cost of that layout "
                            "cascade is the difference).")},
    });
    parser.process(app);

    const bool quick = parser.isSet(QStringLiteral("quick"));
    const auto integer = [&parser](const QString &name, qint64 fallback, qint64 lo, qint64 hi) {
        return benchIntegerOption(parser, name, fallback, lo, hi);
    };
    const int rounds = int(integer(QStringLiteral("rounds"), quick ? 50 : 200, 1, 100000));
    const int loopSeconds = int(integer(QStringLiteral("seconds"), quick ? 5 : 10, 1, 3600));
    const int repeats = int(integer(QStringLiteral("repeats"), quick ? 5 : 10, 1, 1000));
    const qint64 queued = integer(QStringLiteral("queued"), -1, 1, std::numeric_limits<int>::max());
    const int arrivals = int(integer(QStringLiteral("arrivals"), -1, 1, 10000000));
    const int batches = pacedBatches(arrivals);
    const QString jsonPath = parser.value(QStringLiteral("json"));
    Output out(jsonPath != QLatin1String("-"));

    out.note(QStringLiteral("prioritylab-bench-app %1, platform %2, workload: %3 queued at "
                            "cycle 0, %4 arrivals a cycle, priorities 0..9, TTL 1..6, 6 consumers "
                            "(accept-all, priority 3, ttl 1..5, load-adaptive predicate, "
                            "priority 6, accept-all failing 5%), batch %5 x %6 a cycle, events "
                            "recorded%7%8")
                     .arg(QStringLiteral(PRIORITYLAB_VERSION), QGuiApplication::platformName(),
                          count(queued), count(arrivals))
                     .arg(BatchSize).arg(batches)
                     .arg(quick ? QStringLiteral(", --quick") : QString(),
                          (parser.isSet(QStringLiteral("hide")) ? QStringLiteral(", hidden: ") + parser.value(QStringLiteral("hide"))
                                                    : QString())
                                  + (parser.isSet(QStringLiteral("freeze-labels")) ? QStringLiteral(", --freeze-labels")
                                                                : QString())));
    if (QFile loadavg(QStringLiteral("/proc/loadavg")); loadavg.open(QIODevice::ReadOnly))
        out.note(QStringLiteral("load average at start (1, 5, 15 min): %1 on %2 CPUs")
                         .arg(QString::fromLatin1(loadavg.readLine()).section(u' ', 0, 2))
                         .arg(QThread::idealThreadCount()));
    noteBenchBuild(out);
    QElapsedTimer total;
    total.start();

    // -- setup ------------------------------------------------------------------------------
    out.section(QStringLiteral("setup"), QStringLiteral("the real MainWindow, shown"));
    MainWindow window;
    window.setShowDialogs(false);
    QObject::connect(&window, &MainWindow::problemsReported, &window,
                     [](const QString &title, const QStringList &problems) {
                         std::fprintf(stderr, "prioritylab-bench-app: %s: %s\n", qPrintable(title),
                                      qPrintable(problems.join(QStringLiteral("; "))));
                     });
    const QStringList problems = window.loadScenario(benchScenario(queued, arrivals, batches), QString());
    if (!problems.isEmpty())
        return 1;
    window.resize(WindowWidth, WindowHeight);
    const QStringList hidden = parser.value(QStringLiteral("hide")).split(u',', Qt::SkipEmptyParts);
    for (const QString &name : hidden) {
        auto *dock = window.findChild<QDockWidget *>(name);
        if (!dock) {
            QStringList names;
            for (const QDockWidget *d : window.findChildren<QDockWidget *>())
                names << d->objectName();
            std::fprintf(stderr, "prioritylab-bench-app: --hide: no dock \"%s\"; use %s\n",
                         qPrintable(name), qPrintable(names.join(u',')));
            return 2;
        }
        dock->hide();
    }
    window.show();
    QCoreApplication::processEvents();
    Simulation *sim = window.simulation();
    out.figure(QStringLiteral("window width"), window.width(), QStringLiteral("px"));
    out.figure(QStringLiteral("window height"), window.height(), QStringLiteral("px"));
    out.check(QStringLiteral("window shown at 1400 x 900"),
              window.isVisible() && window.size() == QSize(WindowWidth, WindowHeight),
              QStringLiteral("%1 x %2").arg(window.width()).arg(window.height()));
    out.check(QStringLiteral("events recorded (as the app runs)"), sim->recordEvents(),
              QStringLiteral("Simulation::recordEvents()"));

    // -- refresh ----------------------------------------------------------------------------
    out.section(QStringLiteral("refresh"),
                QStringLiteral("%1 rounds of: step() one cycle (not timed), then refreshViews() "
                               "and the paint it causes, timed").arg(rounds));
    // Warm-up: the burst's cycle and a few more, each refreshed and painted (fonts, caches).
    for (int i = 0; i < 5; ++i) {
        sim->step();
        window.refreshViews();
        QCoreApplication::processEvents();
    }
    if (parser.isSet(QStringLiteral("freeze-labels"))) {
        // Diagnostic: a label of fixed size does not pass its geometry change up (QWidget::
        // updateGeometry() stops at a widget whose minimum and maximum sizes are equal), so no
        // text change relayouts the window. 40 px spare width for growing numbers.
        for (QLabel *label : window.findChildren<QLabel *>()) {
            if (label->isVisible())
                label->setFixedSize(label->size() + QSize(40, 0));
        }
        QCoreApplication::processEvents();
    }
    const qint64 depthBefore = sim->broker().size();
    const qint64 producedBefore = sim->metrics().totals().produced;
    const qint64 cycleBefore = sim->cycle();
    std::vector<double> stepMs, refreshMs, paintedMs, paintedCpuMs, paints, fullMs;
    std::array<qint64, size_t(MainWindow::RefreshPart::Count)> longestRoundParts = {};
    qint64 longestRoundNs = 0;
    app.watch(&window, sim, nullptr);
    stepMs.reserve(size_t(rounds));
    refreshMs.reserve(size_t(rounds));
    paintedMs.reserve(size_t(rounds));
    QElapsedTimer clock;
    for (int round = 0; round < rounds; ++round) {
        clock.start();
        stepRound(sim);
        stepMs.push_back(ms(clock.nsecsElapsed()));
        // What the cycle itself posted (not the refresh's); not timers: the window's refresh
        // timer would refresh before the timed refreshViews().
        QCoreApplication::sendPostedEvents();
        app.paints = 0;
        app.countPaints = true;
        const qint64 cpuStart = threadCpuNs();
        clock.restart();
        qint64 refreshed = 0;
        refreshRound(window, app, clock, refreshed);
        const qint64 painted = clock.nsecsElapsed();
        paintedCpuMs.push_back(ms(threadCpuNs() - cpuStart));
        app.countPaints = false;
        if (refreshMs.empty() || ms(refreshed) > maximum(refreshMs)) {
            longestRoundParts = window.lastRefreshCpuNs();
            longestRoundNs = refreshed;
        }
        refreshMs.push_back(ms(refreshed));
        paintedMs.push_back(ms(painted));
        paints.push_back(double(app.paints));
        if (round % 10 == 0) {  // a whole-window repaint now and then (e.g. after an expose)
            clock.restart();
            window.repaint();
            fullMs.push_back(ms(clock.nsecsElapsed()));
        }
    }
    const qint64 depthAfter = sim->broker().size();
    if (parser.isSet(QStringLiteral("screenshot")))
        window.grab().save(parser.value(QStringLiteral("screenshot")), "PNG");
    const double arrivalsSeen = double(sim->metrics().totals().produced - producedBefore)
            / double(std::max<qint64>(1, sim->cycle() - cycleBefore));
    out.figure(QStringLiteral("queue depth before the rounds"), double(depthBefore), QStringLiteral("messages"));
    out.figure(QStringLiteral("queue depth after the rounds"), double(depthAfter), QStringLiteral("messages"));
    out.figure(QStringLiteral("arrivals per cycle"), arrivalsSeen, QStringLiteral("messages"));
    out.figure(QStringLiteral("step(), median (engine + per-cycle hooks)"), quantile(stepMs, 0.5),
               QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("refreshViews only, median"), quantile(refreshMs, 0.5), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("refreshViews only, p95"), quantile(refreshMs, 0.95), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("refreshViews only, max"), maximum(refreshMs), QStringLiteral("ms"), 2);
    out.note(QStringLiteral("the longest refreshViews by part: %1").arg(refreshPartsText(longestRoundParts, longestRoundNs)));
    out.figure(QStringLiteral("refresh + paint, median"), quantile(paintedMs, 0.5), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("refresh + paint, p95"), quantile(paintedMs, 0.95), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("refresh + paint, max"), maximum(paintedMs), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("refresh + paint, median CPU time (main thread)"),
               quantile(paintedCpuMs, 0.5), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("widgets painted per refresh, median"), quantile(paints, 0.5),
               QStringLiteral("paint events"));
    out.figure(QStringLiteral("whole-window repaint(), median"), quantile(fullMs, 0.5), QStringLiteral("ms"), 2);
    const double q = double(std::max<qint64>(1, queued));
    printTop(out, TimedApplication::takeTop(app.breakdown, 6), rounds, QStringLiteral("per round"),
             QStringLiteral("costliest event dispatches after refreshViews() (the paint phase):"));
    printTop(out, TimedApplication::takeTop(app.paintBreakdown, 12), rounds, QStringLiteral("per round"),
             QStringLiteral("costliest paintEvent()s by widget class in the paint phase:"));
    out.check(QStringLiteral("queue stays near its start (within 20%)"),
              std::abs(double(depthAfter) - q) <= 0.2 * q && std::abs(double(depthBefore) - q) <= 0.2 * q,
              QStringLiteral("%1 -> %2 messages").arg(count(depthBefore), count(depthAfter)));
    out.check(QStringLiteral("conservation"), sim->conservationHolds(),
              QStringLiteral("produced = processed + discarded + queued"));
    out.check(QStringLiteral("target: refresh + paint median <= 8 ms"), quantile(paintedMs, 0.5) <= 8.0,
              QStringLiteral("%1 ms (refreshViews only %2 ms)")
                      .arg(quantile(paintedMs, 0.5), 0, 'f', 2)
                      .arg(quantile(refreshMs, 0.5), 0, 'f', 2),
              true);
    out.check(QStringLiteral("target: refresh + paint p95 <= 12 ms"), quantile(paintedMs, 0.95) <= 12.0,
              QStringLiteral("%1 ms").arg(quantile(paintedMs, 0.95), 0, 'f', 2), true);

    // -- views ------------------------------------------------------------------------------
    // The views refreshViews() refreshes, each timed alone (the list of MainWindow::
    // refreshViews() when this was written), after one cycle (as in the rounds above) and after
    // BurstCycles cycles (about what accumulates between two refreshes at the fastest speed).
    constexpr int BurstCycles = 20;
    const int viewRounds = std::max(1, rounds / 4);
    out.section(QStringLiteral("views"),
                QStringLiteral("%1 rounds each of: step() 1 or %2 cycles, then each view's "
                               "refresh() timed alone (no paint)").arg(viewRounds).arg(BurstCycles));
    struct View
    {
        QString name;
        std::function<void(const RefreshSnapshot &)> refresh;
        std::vector<double> ms[2];  ///< after 1 cycle, after BurstCycles cycles
    };
    std::vector<View> views{
            {QStringLiteral("QueuePanel"), [&window](const RefreshSnapshot &s) { window.queuePanel()->refresh(s); }, {}},
            {QStringLiteral("ConsumerPanel"), [&window](const RefreshSnapshot &s) { window.consumerPanel()->refresh(s); }, {}},
            {QStringLiteral("ProducerPanel"), [&window](const RefreshSnapshot &) { window.producerPanel()->refresh(); }, {}},
            {QStringLiteral("ChartPanel"), [&window](const RefreshSnapshot &s) { window.chartPanel()->refresh(s); }, {}},
            {QStringLiteral("JourneyPanel"), [&window](const RefreshSnapshot &) { window.journeyPanel()->refresh(); }, {}},
            {QStringLiteral("EventLogPanel"), [&window](const RefreshSnapshot &s) { window.eventLogPanel()->refresh(s); }, {}},
            {QStringLiteral("DeadLetterPanel"), [&window](const RefreshSnapshot &) { window.deadLetterPanel()->refresh(); }, {}},
            {QStringLiteral("AlarmPanel"), [&window](const RefreshSnapshot &s) { window.alarmPanel()->refresh(s); }, {}},
            {QStringLiteral("StatusSummary"), [&window](const RefreshSnapshot &) { window.statusSummary()->refresh(); }, {}},
    };
    std::vector<double> snapshotMs[2];  ///< building the one RefreshSnapshot of a refresh
    for (int burst = 0; burst < 2; ++burst) {
        for (int round = 0; round < viewRounds; ++round) {
            sim->runCycles(burst == 0 ? 1 : BurstCycles);
            // What the cycles posted, but not the refresh timer (it would refresh first).
            QCoreApplication::sendPostedEvents();
            clock.restart();
            const RefreshSnapshot snapshot = window.takeSnapshot();
            snapshotMs[burst].push_back(ms(clock.nsecsElapsed()));
            for (View &v : views) {
                clock.restart();
                v.refresh(snapshot);
                v.ms[burst].push_back(ms(clock.nsecsElapsed()));
            }
            window.refreshViews();  // the rest (cycle label) and the window's bookkeeping
            QCoreApplication::processEvents();
        }
    }
    double sums[2] = {quantile(snapshotMs[0], 0.5), quantile(snapshotMs[1], 0.5)};
    out.figure(QStringLiteral("RefreshSnapshot, median after 1 cycle"), sums[0], QStringLiteral("ms"), 3);
    out.figure(QStringLiteral("RefreshSnapshot, median after %1 cycles").arg(BurstCycles), sums[1],
               QStringLiteral("ms"), 3);
    for (const View &v : views) {
        for (int burst = 0; burst < 2; ++burst)
            sums[burst] += quantile(v.ms[burst], 0.5);
        out.figure(QStringLiteral("%1, median after 1 cycle").arg(v.name),
                   quantile(v.ms[0], 0.5), QStringLiteral("ms"), 3);
        out.figure(QStringLiteral("%1, median after %2 cycles").arg(v.name).arg(BurstCycles),
                   quantile(v.ms[1], 0.5), QStringLiteral("ms"), 3);
    }
    out.figure(QStringLiteral("sum of the medians after 1 cycle"), sums[0], QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("sum of the medians after %1 cycles").arg(BurstCycles), sums[1],
               QStringLiteral("ms"), 2);

    // -- queue ------------------------------------------------------------------------------
    // The queue's views and the journey alone, outside the window, each refreshed and painted
    // offscreen after every cycle: tiles, histogram (census), table, journey of a message deep
    // in the queue; and the journal's share of a cycle.
    {
        out.section(QStringLiteral("queue"),
                    QStringLiteral("25 rounds of: step() one cycle, then each queue view "
                                   "refreshed and grabbed (painted) alone"));
        Simulation queueSim;
        queueSim.setRecordEvents(true);
        Journal journal;
        CycleAccumulator cycles;
        std::vector<double> record;  // each cycle's journal.record(), the followed message's scan included
        QObject::connect(&queueSim, &Simulation::cycleCompleted, &queueSim,
                         [&journal, &cycles, &record](const CycleReport &report) {
                             QElapsedTimer recordClock;
                             recordClock.start();
                             journal.record(report);
                             record.push_back(ms(recordClock.nsecsElapsed()));
                             cycles.add(report);
                         });
        if (const QStringList errors = queueSim.load(benchScenario(queued, arrivals, batches)); !errors.isEmpty())
            return 1;
        QueuePanel queue(&queueSim);
        JourneyPanel journey(&queueSim, &journal);
        queue.resize(900, 600);
        journey.resize(600, 250);
        queue.show();
        journey.show();
        queueSim.step();
        queue.refresh(cycles.take(queueSim));
        // A queued message deep in the queue: its position is looked up at each refresh.
        journey.showJourney(queueSim.broker().at(queueSim.broker().size() / 2).id);

        std::vector<double> tiles, histogram, table, journeyTimes;
        QueueTilesPanel *panel = queue.tilesPanel();
        for (int i = 0; i < 25; ++i) {
            queueSim.step();
            const RefreshSnapshot snapshot = cycles.take(queueSim);
            clock.restart();
            panel->tilesView()->refresh();
            panel->tilesView()->viewport()->grab();  // paints now, offscreen
            tiles.push_back(ms(clock.nsecsElapsed()));
            clock.restart();
            panel->histogram()->setCounts(panel->census()->counts(snapshot));
            panel->histogram()->grab();
            histogram.push_back(ms(clock.nsecsElapsed()));
            clock.restart();
            queue.model()->sync(snapshot);
            queue.tableView()->viewport()->grab();
            table.push_back(ms(clock.nsecsElapsed()));
            clock.restart();
            journey.refresh();
            journey.grab();
            journeyTimes.push_back(ms(clock.nsecsElapsed()));
        }
        // A journey asked for afresh (a click on another message) scans every kept list once:
        // timed with the journal full, alternating two messages so that each ask is afresh.
        while (journal.eventCount() < journal.limits().events && !queueSim.isFinished())
            queueSim.step();
        std::vector<double> afresh;
        const Broker &filled = queueSim.broker();
        const quint64 asked[] = {filled.size() > 0 ? filled.at(0).id : 1,
                                 filled.size() > 0 ? filled.at(filled.size() / 2).id : 2};
        for (int i = 0; i < 10; ++i) {
            clock.restart();
            journal.revision(asked[i % 2]);
            afresh.push_back(ms(clock.nsecsElapsed()));
        }
        out.figure(QStringLiteral("queued"), double(queueSim.broker().size()), QStringLiteral("messages"));
        out.figure(QStringLiteral("tiles refresh + paint, median"), quantile(tiles, 0.5), QStringLiteral("ms"), 2);
        out.figure(QStringLiteral("tiles painted"), double(panel->tilesView()->lastPaintedTiles()),
                   QStringLiteral("tiles"));
        out.figure(QStringLiteral("histogram (census) + paint, median"), quantile(histogram, 0.5),
                   QStringLiteral("ms"), 2);
        out.figure(QStringLiteral("table sync + paint, median"), quantile(table, 0.5), QStringLiteral("ms"), 2);
        out.figure(QStringLiteral("journey refresh + paint, median"), quantile(journeyTimes, 0.5),
                   QStringLiteral("ms"), 2);
        out.figure(QStringLiteral("journal.record of one cycle, a message followed, median"),
                   quantile(record, 0.5), QStringLiteral("ms"), 3);
        out.figure(QStringLiteral("journey asked for afresh (%1 kept events, %2 cycles), median")
                           .arg(count(journal.eventCount()), count(journal.cycleCount())),
                   quantile(afresh, 0.5), QStringLiteral("ms"), 2);
    }

    // -- loop and headless ------------------------------------------------------------------
    // The loop runs in `repeats` slices of loopSeconds / repeats each. After each slice, the
    // same cycles are stepped without a window (the headless section), so each slice gives one
    // ratio measured beside the app's, seconds apart: on this machine, shared with other builds,
    // one app run and one headless run a few seconds later gave anything from 1.7x to 4.1x,
    // the load changing between them; the median of the slices' ratios moves much less
    // (docs/design.md §9, App).
    out.section(QStringLiteral("loop"),
                QStringLiteral("as fast as possible (interval 0) in the event loop for %1 s in %2 "
                               "slices, each followed by the same cycles headless; 1 ms precise "
                               "probe timer").arg(loopSeconds).arg(repeats));
    std::vector<qint64> ticks;  // app.now() of each probe tick in a slice, its start first
    ticks.reserve(size_t(loopSeconds) * 1100 / size_t(repeats) + 16);
    std::vector<std::pair<qint64, qint64>> gapsAt;  // every gap between ticks: its start and end
    gapsAt.reserve(size_t(loopSeconds) * 1100);
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(1);
    QObject::connect(&probe, &QTimer::timeout, &probe, [&ticks, &app] { ticks.push_back(app.now()); });
    app.watch(&window, sim, &probe);
    // As a teacher would: the journey of a message deep in the queue shown, so the journal scans
    // each cycle's events for it.
    if (sim->broker().size() > 0)
        window.journeyPanel()->showJourney(sim->broker().at(sim->broker().size() / 2).id);
    app.clearStats();
    const qint64 loopCycleBefore = sim->cycle();
    sim->setIntervalMs(0);
    app.spans.reserve(size_t(loopSeconds) * 20000);
    // The same scenario without a window, as prioritylab-sim runs it (events recorded, as in the
    // app): after each slice, the cycles the slice ran, from the cycle it started at.
    Simulation headless;
    headless.load(benchScenario(queued, arrivals, batches));
    headless.setRecordEvents(true);
    /// One run of cycles: how many, and the wall and processor seconds they took.
    struct Run
    {
        qint64 cycles = 0;
        double seconds = 0;
        double cpuSeconds = 0;
        double mainCpuSeconds = 0;  ///< of cpuSeconds, the main thread's (the rest: Qt's threads)
        double rate() const { return seconds > 0 ? double(cycles) / seconds : 0.0; }
        double cpuRate() const { return cpuSeconds > 0 ? double(cycles) / cpuSeconds : 0.0; }
    };
    /// One slice: the app's cycles, then the same number stepped headless.
    struct Slice
    {
        Run app, headless;
    };
    std::vector<Slice> slices;
    const int sliceMs = std::max(1, loopSeconds * 1000 / repeats);
    qint64 loopStart = -1;
    qint64 loopNs = 0;
    for (int k = 0; k < repeats; ++k) {
        // The headless run catches up with the app, untimed: the first time, the cycles the
        // sections above ran; later, nothing (it stepped the slice's cycles).
        while (headless.cycle() < sim->cycle() && !headless.isFinished())
            headless.step();
        Slice slice;
        const qint64 cycleStart = sim->cycle();
        // A local loop: QCoreApplication::quit() would close the window (Qt 6 closes all windows).
        QEventLoop loop;
        QTimer::singleShot(sliceMs, Qt::PreciseTimer, &loop, &QEventLoop::quit);
        ticks.clear();
        const qint64 sliceStart = app.now();
        if (loopStart < 0)
            loopStart = sliceStart;
        const std::clock_t cpuStart = std::clock();
        const double mainCpuStart = threadCpuSeconds();
        ticks.push_back(sliceStart);
        probe.start();
        sim->run();
        app.timing = true;
        app.recordSpans = true;
        loop.exec();
        app.timing = false;
        app.recordSpans = false;
        const qint64 sliceEnd = app.now();
        slice.app.cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
        slice.app.mainCpuSeconds = threadCpuSeconds() - mainCpuStart;
        slice.app.seconds = double(std::max<qint64>(1, sliceEnd - sliceStart)) / 1e9;
        sim->pause();
        probe.stop();
        ticks.push_back(sliceEnd);  // the last gap runs to the slice's end
        for (size_t i = 1; i < ticks.size(); ++i)
            gapsAt.push_back({ticks[i - 1], ticks[i]});
        QCoreApplication::processEvents();  // what the pause posted, untimed
        slice.app.cycles = sim->cycle() - cycleStart;
        loopNs += sliceEnd - sliceStart;

        QElapsedTimer clock;
        clock.start();
        const std::clock_t headlessCpuStart = std::clock();
        while (slice.headless.cycles < std::max<qint64>(1, slice.app.cycles) && !headless.isFinished()) {
            headless.step();
            ++slice.headless.cycles;
        }
        slice.headless.seconds = double(std::max<qint64>(1, clock.nsecsElapsed())) / 1e9;
        slice.headless.cpuSeconds = double(std::max<std::clock_t>(1, std::clock() - headlessCpuStart)) / CLOCKS_PER_SEC;
        slices.push_back(slice);
    }
    const qint64 cyclesRun = sim->cycle() - loopCycleBefore;

    std::vector<double> gaps;
    gaps.reserve(gapsAt.size());
    size_t longest = 0;
    for (size_t i = 0; i < gapsAt.size(); ++i) {
        gaps.push_back(ms(gapsAt[i].second - gapsAt[i].first));
        if (gapsAt[i].second - gapsAt[i].first > gapsAt[longest].second - gapsAt[longest].first)
            longest = i;
    }
    // What filled the longest gap: the dispatches that began in it, by kind; the rest is the
    // event dispatcher's own time and time the CPU went to other processes.
    qint64 inGap[KindCount] = {};
    int inGapCount[KindCount] = {};
    for (const TimedApplication::Span &span : app.spans) {
        if (span.start >= gapsAt[longest].first && span.start < gapsAt[longest].second) {
            inGap[span.kind] += span.ns;
            ++inGapCount[span.kind];
        }
    }
    const qint64 gapNs = gapsAt[longest].second - gapsAt[longest].first;
    qint64 accounted = 0;
    for (const qint64 ns : inGap)
        accounted += ns;
    const DispatchStats &ticksOf = app.stats[SimulationTick];
    const DispatchStats &refreshes = app.stats[Refresh];
    const DispatchStats &repaints = app.stats[Repaint];
    const DispatchStats &other = app.stats[Other];
    const double seconds = double(loopNs) / 1e9;
    out.figure(QStringLiteral("wall time"), seconds, QStringLiteral("s"), 2);
    out.figure(QStringLiteral("cycles run"), double(cyclesRun), QStringLiteral("cycles"));
    out.figure(QStringLiteral("cycles per second"), double(cyclesRun) / seconds, QStringLiteral("cycles/s"));
    out.figure(QStringLiteral("queue depth at the end"), double(sim->broker().size()), QStringLiteral("messages"));
    out.figure(QStringLiteral("probe ticks"), double(gapsAt.size() - slices.size()), QStringLiteral("ticks"));
    out.figure(QStringLiteral("gap between ticks, median"), quantile(gaps, 0.5), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("gap between ticks, p99"), quantile(gaps, 0.99), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("gap between ticks, max (longest stall)"), maximum(gaps), QStringLiteral("ms"), 2);
    out.note(QStringLiteral("the longest stall (%1 ms) was: simulation ticks %2 ms (%3), refreshViews %4 ms "
                            "(%5), repaints %6 ms (%7), other events %8 ms (%9), outside any "
                            "event (dispatcher, other processes) %10 ms")
                     .arg(ms(gapNs), 0, 'f', 1)
                     .arg(ms(inGap[SimulationTick]), 0, 'f', 1).arg(inGapCount[SimulationTick])
                     .arg(ms(inGap[Refresh]), 0, 'f', 1).arg(inGapCount[Refresh])
                     .arg(ms(inGap[Repaint]), 0, 'f', 1).arg(inGapCount[Repaint])
                     .arg(ms(inGap[Other] + inGap[Probe]), 0, 'f', 1).arg(inGapCount[Other] + inGapCount[Probe])
                     .arg(ms(gapNs - accounted), 0, 'f', 1));
    out.figure(QStringLiteral("refreshViews count"), double(refreshes.count), QStringLiteral("refreshes"));
    out.figure(QStringLiteral("refreshes per second"), double(refreshes.count) / seconds, QStringLiteral("Hz"), 1);
    out.figure(QStringLiteral("refreshViews in the loop, median"), quantile(refreshes.ms, 0.5), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("refreshViews in the loop, max"), ms(refreshes.maxNs), QStringLiteral("ms"), 2);
    out.note(QStringLiteral("the longest refreshViews in the loop (cycle %1, %2 ms into the loop) by part: %3")
                     .arg(app.longestRefresh.cycle)
                     .arg(ms(app.longestRefresh.start - loopStart), 0, 'f', 0)
                     .arg(refreshPartsText(app.longestRefresh.parts, app.longestRefresh.ns)));
    out.note(QStringLiteral("the costliest refreshViews in the loop by processor time (cycle %1, %2 ms into the loop): %3")
                     .arg(app.costliestRefresh.cycle)
                     .arg(ms(app.costliestRefresh.start - loopStart), 0, 'f', 0)
                     .arg(refreshPartsText(app.costliestRefresh.parts, app.costliestRefresh.ns)));
    {
        // The mean refresh by part: where the views' share of the loop goes, refresh after refresh.
        std::array<qint64, size_t(MainWindow::RefreshPart::Count)> parts = {};
        const qint64 n = std::max<qint64>(1, app.summedRefresh.cycle);
        for (size_t i = 0; i < parts.size(); ++i)
            parts[i] = app.summedRefresh.parts[i] / n;
        out.note(QStringLiteral("the mean refreshViews in the loop by part: %1")
                         .arg(refreshPartsText(parts, app.summedRefresh.ns / n)));
    }
    out.figure(QStringLiteral("simulation ticks (Simulation::tick)"), double(ticksOf.count), QStringLiteral("ticks"));
    out.figure(QStringLiteral("simulation tick, longest"), ms(ticksOf.maxNs), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("repaints (UpdateRequest)"), double(repaints.count), QStringLiteral("repaints"));
    out.figure(QStringLiteral("repaint, longest"), ms(repaints.maxNs), QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("repaint, mean"), repaints.count ? ms(repaints.totalNs) / double(repaints.count) : 0.0,
               QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("other event, longest (QEvent::Type %1)").arg(other.maxType), ms(other.maxNs),
               QStringLiteral("ms"), 2);
    out.figure(QStringLiteral("share of time: simulation ticks"), 100.0 * double(ticksOf.totalNs) / double(loopNs),
               QStringLiteral("%"), 1);
    out.figure(QStringLiteral("share of time: refreshViews"), 100.0 * double(refreshes.totalNs) / double(loopNs),
               QStringLiteral("%"), 1);
    out.figure(QStringLiteral("share of time: repaints"), 100.0 * double(repaints.totalNs) / double(loopNs),
               QStringLiteral("%"), 1);
    printTop(out, TimedApplication::takeTop(app.breakdown, 8), cyclesRun, QStringLiteral("per cycle"),
             QStringLiteral("costliest event dispatches in the loop:"));
    printTop(out, TimedApplication::takeTop(app.paintBreakdown, 12), std::max<qint64>(1, refreshes.count),
             QStringLiteral("per refresh"), QStringLiteral("costliest paintEvent()s by widget class in the loop:"));
    out.check(QStringLiteral("the views were refreshed by the timer"), refreshes.count > 0,
              QStringLiteral("%1 refreshes").arg(count(refreshes.count)));
    out.check(QStringLiteral("conservation"), sim->conservationHolds(),
              QStringLiteral("produced = processed + discarded + queued"));
    out.check(QStringLiteral("target: longest stall <= 50 ms"), maximum(gaps) <= 50.0,
              QStringLiteral("%1 ms (p99 %2 ms)").arg(maximum(gaps), 0, 'f', 2).arg(quantile(gaps, 0.99), 0, 'f', 2),
              true);

    // -- headless ---------------------------------------------------------------------------
    // The ratio of each slice, and their median: the target's figure.
    {
        std::vector<double> headlessRates, appRates, ratios, headlessCpuRates, appCpuRates, cpuRatios;
        qint64 stepped = 0;
        QStringList ratioWords, cpuRatioWords;
        for (const Slice &slice : slices) {
            stepped += slice.headless.cycles;
            headlessRates.push_back(slice.headless.rate());
            appRates.push_back(slice.app.rate());
            ratios.push_back(slice.app.cycles > 0 ? slice.headless.rate() / slice.app.rate() : 0.0);
            headlessCpuRates.push_back(slice.headless.cpuRate());
            appCpuRates.push_back(slice.app.cpuRate());
            cpuRatios.push_back(slice.app.cpuRate() > 0 ? slice.headless.cpuRate() / slice.app.cpuRate() : 0.0);
            ratioWords << QString::number(ratios.back(), 'f', 2);
            cpuRatioWords << QString::number(cpuRatios.back(), 'f', 2);
        }
        const double ratio = quantile(ratios, 0.5);
        out.section(QStringLiteral("headless"),
                    QStringLiteral("after each slice of the loop, the same cycles without a window "
                                   "(Simulation::step() back to back, events recorded); medians of "
                                   "the %1 slices").arg(slices.size()));
        out.figure(QStringLiteral("cycles stepped"), double(stepped), QStringLiteral("cycles"));
        out.figure(QStringLiteral("cycles per second, headless, median"), quantile(headlessRates, 0.5),
                   QStringLiteral("cycles/s"));
        out.figure(QStringLiteral("cycles per second, app visible, median"), quantile(appRates, 0.5),
                   QStringLiteral("cycles/s"));
        out.note(QStringLiteral("headless / app of each slice: %1").arg(ratioWords.join(QStringLiteral(", "))));
        out.figure(QStringLiteral("headless / app, median of the slices"), ratio, QStringLiteral("x"), 2);
        // By processor time (std::clock(), the process's): on a machine shared with other work,
        // the wall times above include the time the process waited for a core, this does not.
        out.figure(QStringLiteral("cycles per processor second, headless, median"), quantile(headlessCpuRates, 0.5),
                   QStringLiteral("cycles/s"));
        out.figure(QStringLiteral("cycles per processor second, app visible, median"), quantile(appCpuRates, 0.5),
                   QStringLiteral("cycles/s"));
        out.note(QStringLiteral("headless / app by processor time, each slice: %1")
                         .arg(cpuRatioWords.join(QStringLiteral(", "))));
        out.figure(QStringLiteral("headless / app by processor time, median of the slices"), quantile(cpuRatios, 0.5),
                   QStringLiteral("x"), 2);
        // Where the app's processor time per cycle goes: its main thread (the engine, the
        // per-cycle hooks, the journal, the views) and its other threads (Qt's own), against the
        // cycle headless.
        std::vector<double> mainMs, otherMs, headlessMs;
        for (const Slice &slice : slices) {
            if (slice.app.cycles <= 0 || slice.headless.cycles <= 0)
                continue;
            mainMs.push_back(1000.0 * slice.app.mainCpuSeconds / double(slice.app.cycles));
            otherMs.push_back(1000.0 * std::max(0.0, slice.app.cpuSeconds - slice.app.mainCpuSeconds)
                              / double(slice.app.cycles));
            headlessMs.push_back(1000.0 * slice.headless.cpuSeconds / double(slice.headless.cycles));
        }
        out.figure(QStringLiteral("processor time per cycle, headless, median"), quantile(headlessMs, 0.5),
                   QStringLiteral("ms"), 3);
        out.figure(QStringLiteral("processor time per cycle, app's main thread, median"), quantile(mainMs, 0.5),
                   QStringLiteral("ms"), 3);
        out.figure(QStringLiteral("processor time per cycle, app's other threads, median"),
                   quantile(otherMs, 0.5), QStringLiteral("ms"), 3);
        out.check(QStringLiteral("target: app visible within 2 x of headless (cycles per second, median)"),
                  ratio > 0 && ratio <= 2.0,
                  QStringLiteral("%1 x; %2 cycles/s against %3 headless (medians)")
                          .arg(ratio, 0, 'f', 2)
                          .arg(quantile(appRates, 0.5), 0, 'f', 0)
                          .arg(quantile(headlessRates, 0.5), 0, 'f', 0),
                  true);
    }

    // The event log waits while its dock tab is behind another (EventLogPanel::refresh()):
    // brought to the front, it shows the newest events at once.
    if (auto *logDock = window.findChild<QDockWidget *>(QStringLiteral("eventLogDock"))) {
        const EventLogModel *log = window.eventLogPanel()->model();
        const bool waited = log->pendingCount() > 0;
        logDock->show();
        logDock->raise();
        const bool current = log->pendingCount() == 0 && log->rowCount() > 0
                && log->event(log->rowCount() - 1).cycle == sim->cycle() - 1;
        out.check(QStringLiteral("event log up to date once its tab is raised"), current,
                  QStringLiteral("%1 rows, newest of cycle %2; it %3 while behind")
                          .arg(count(log->rowCount()))
                          .arg(log->rowCount() > 0 ? log->event(log->rowCount() - 1).cycle : -1)
                          .arg(waited ? QStringLiteral("waited") : QStringLiteral("did not wait")));
    }

    return finishBench(out, double(total.elapsed()) / 1e3,
                       QJsonObject{{QStringLiteral("version"), QStringLiteral(PRIORITYLAB_VERSION)},
                                   {QStringLiteral("platform"), QGuiApplication::platformName()},
                                   {QStringLiteral("queued"), double(queued)},
                                   {QStringLiteral("arrivals"), arrivals},
                                   {QStringLiteral("batchesPerCycle"), batches},
                                   {QStringLiteral("quick"), quick},
                                   {QStringLiteral("rounds"), rounds},
                                   {QStringLiteral("loopSeconds"), loopSeconds},
                                   {QStringLiteral("repeats"), repeats}},
                       jsonPath);
}
