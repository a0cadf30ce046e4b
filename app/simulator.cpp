// prioritylab-sim: runs a scenario headless, as fast as it can (docs/design.md §7).
#include "app/simulator.h"

#include "app/commandline.h"
#include "core/amqp/amqpclient.h"
#include "core/amqp/freerunning.h"
#include "core/amqp/lockstep.h"
#include "core/analysis/alarms.h"
#include "core/analysis/comparison.h"
#include "core/analysis/eventjson.h"
#include "core/analysis/sweep.h"
#include "core/engine/simulation.h"
#include "core/model/printable.h"
#include "core/scenario/scenario.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>

#include <cstdio>
#include <initializer_list>
#include <memory>
#include <tuple>

#include <sys/stat.h>
#include <unistd.h>

using namespace PriorityLab;

namespace {

/// Prints the runner's errors and warnings, one "prioritylab-sim: TEXT" line each.
class ErrorPrinter
{
public:
    explicit ErrorPrinter(std::FILE *file) : m_file(file) {}
    void operator()(const QString &text) const
    {
        // Names and data come from the scenario: control characters are escaped so that they can
        // neither cut the line (NUL) nor drive the terminal (ESC sequences).
        std::fprintf(m_file, "prioritylab-sim: %s\n", printableText(text).toLocal8Bit().constData());
    }
    /// Prints each of @p texts, in order.
    void operator()(const QStringList &texts) const
    {
        for (const QString &text : texts)
            (*this)(text);
    }

private:
    std::FILE *m_file;
};

/// Where a path leads, to tell whether two paths are one file: device and inode if it exists
/// (so links, "./x" and "/dev/stdout" are seen through), else the absolute path it would get.
struct FileIdentity
{
    bool exists = false;
    dev_t device = 0;
    ino_t inode = 0;
    QString path;

    /// @p path, or @p standardOutput for "-".
    static FileIdentity of(const QString &path, std::FILE *standardOutput)
    {
        FileIdentity id;
        struct stat info = {};
        const bool found = path == QLatin1String("-")
                ? ::fstat(::fileno(standardOutput), &info) == 0
                : ::stat(QFile::encodeName(path).constData(), &info) == 0;
        if (found) {
            id.exists = true;
            id.device = info.st_dev;
            id.inode = info.st_ino;
            // /dev/null swallows anything: several outputs may go there.
            id.path = QFileInfo(path).canonicalFilePath();
        } else {
            const QFileInfo file(path);
            id.path = file.absoluteDir().canonicalPath() + QLatin1Char('/') + file.fileName();
        }
        return id;
    }
    bool operator==(const FileIdentity &o) const
    {
        return exists == o.exists && (exists ? device == o.device && inode == o.inode : path == o.path);
    }
    bool isNull() const { return exists && path == QLatin1String("/dev/null"); }
};

/// One output file (or standard output) of the run.
struct Output
{
    Output(const ErrorPrinter &printError, std::FILE *standardOutput, const QString &option, const QString &path)
        : option(option), path(path), printError(printError), standardOutput(standardOutput)
    {
    }

    QString option;  ///< "events", "summary" or "csv"
    QString path;    ///< as given; "-" = standard output
    QFile file;
    bool failed = false;

    /// Opens it for writing; prints why and returns false on failure.
    bool open()
    {
        const bool ok = path == QLatin1String("-") ? file.open(standardOutput, QIODevice::WriteOnly)
                                                   : (file.setFileName(path), file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        if (!ok)
            printError(QStringLiteral("--%1 %2: cannot write: %3; choose a writable path or - for "
                                      "standard output")
                               .arg(option, path, file.errorString()));
        return ok;
    }
    /// Writes @p bytes; on the first failure prints it (naming the file) and returns false.
    bool write(const QByteArray &bytes)
    {
        if (failed)
            return false;
        if (file.write(bytes) != bytes.size())
            return fail();
        return true;
    }
    /// Flushes and closes; false (printed) if anything written was lost.
    bool finish()
    {
        if (failed)
            return false;
        if (!file.flush() || file.error() != QFileDevice::NoError)
            return fail();
        file.close();
        return true;
    }

private:
    const ErrorPrinter &printError;
    std::FILE *standardOutput;

    bool fail()
    {
        failed = true;
        printError(QStringLiteral("--%1 %2: writing failed: %3; the output is incomplete (disk "
                                  "full, or the reading end of a pipe closed)")
                           .arg(option, path == QLatin1String("-") ? QStringLiteral("- (standard output)") : path,
                                file.errorString()));
        return false;
    }
};

/// Checks the output targets before anything is opened (opening truncates): no two outputs in
/// one file, no output on an input. Prints each problem; false if any.
bool checkTargets(const QList<std::pair<QString, QString>> &outputs, const QStringList &inputs,
                  std::FILE *standardOutput, const ErrorPrinter &printError)
{
    bool ok = true;
    QList<std::pair<QString, FileIdentity>> seen;
    for (const auto &[option, path] : outputs) {
        const FileIdentity id = FileIdentity::of(path, standardOutput);
        for (const QString &input : inputs) {
            if (id.exists && FileIdentity::of(input, standardOutput) == id) {
                printError(QStringLiteral("--%1 %2: that is the scenario file %3; writing there would "
                                          "replace it: choose another file")
                                   .arg(option, path, input));
                ok = false;
            }
        }
        for (const auto &[other, otherId] : std::as_const(seen)) {
            if (otherId == id && !id.isNull()) {
                printError(QStringLiteral("--%1 %2: another output already goes there (--%3); give each of --events, "
                                          "--summary and --csv its own file (at most one of them "
                                          "can be -)")
                                   .arg(option, path, other));
                ok = false;
                break;
            }
        }
        seen.append({option, id});
    }
    return ok;
}

/// Largest seed accepted, as in scenario files (exact in a JSON number).
constexpr qulonglong MaxSeed = qulonglong(1) << 53;

/// Parses --seed; prints the problem and returns nullopt if it is not a whole number 0..2^53.
std::optional<quint64> parseSeed(const QString &text, const ErrorPrinter &printError)
{
    bool ok = false;
    const qulonglong seed = text.toULongLong(&ok);
    if (!ok || seed > MaxSeed || text.startsWith(QLatin1Char('+'))) {
        printError(QStringLiteral("--seed \"%1\": expected a whole number from 0 to %2").arg(text).arg(MaxSeed));
        return std::nullopt;
    }
    return seed;
}

/// The refusal of a run of @p file without --cycles that would never end, for @p reason
/// (Simulation::endlessReason()), with the fix.
QString endlessRunError(const QString &file, const QString &reason)
{
    return QStringLiteral("%1: the run would never end: %2; pass --cycles N, or give "
                          "broker.maxIdleCycles a value of 1 or more and every generator "
                          "an untilCycle")
            .arg(file, reason);
}

/// The scenario of @p file as a run of the command line takes it: with @p seed (--seed) if
/// given, and refused if it would never end while no --cycles was given (@p cycles < 0). Prints
/// the loader's errors or the reason; nullopt on any of them.
std::optional<Scenario> runnableScenario(const QString &file, const std::optional<quint64> &seed, qint64 cycles,
                                         const ErrorPrinter &printError)
{
    const ScenarioLoadResult loaded = loadScenarioFile(file);
    printError(loaded.errors);
    if (!loaded.ok())
        return std::nullopt;
    Scenario scenario = *loaded.scenario;
    if (seed)
        scenario.seed = *seed;
    if (cycles < 0) {
        if (const QString reason = Simulation::endlessReason(scenario); !reason.isEmpty()) {
            printError(endlessRunError(file, reason));
            return std::nullopt;
        }
    }
    return scenario;
}

/// Runtime warnings of a run, printed once each with a count at the end instead of once per
/// cycle: a requeue loop warns in every cycle, and a million equal lines hide everything else.
class WarningTally
{
public:
    void add(qint64 cycle, const QString &text)
    {
        // Equal but for the numbers in it (cycle, counts): one entry.
        static const QRegularExpression digits(QStringLiteral("\\d+"));
        QString key = text;
        key.replace(digits, QStringLiteral("#"));
        auto it = m_index.constFind(key);
        if (it == m_index.cend()) {
            if (m_entries.size() >= MaxDistinct) {
                ++m_dropped;
                return;
            }
            it = m_index.insert(key, m_entries.size());
            m_entries.append({cycle, cycle, 0, text});
        }
        Entry &entry = m_entries[*it];
        ++entry.count;
        entry.last = cycle;
    }
    void print(const ErrorPrinter &printError) const
    {
        const QLocale english(QLocale::English);
        for (const Entry &e : m_entries) {
            if (e.count == 1)
                printError(QStringLiteral("warning: cycle %1: %2").arg(e.first).arg(e.text));
            else
                printError(QStringLiteral("warning (x %1): cycles %2 to %3: %4")
                                   .arg(english.toString(e.count)).arg(e.first).arg(e.last).arg(e.text));
        }
        if (m_dropped > 0)
            printError(QStringLiteral("warning (x %1): further warnings of other kinds not shown")
                               .arg(english.toString(m_dropped)));
    }

private:
    /// One kind of warning: the cycles it first and last came in, how often, its first text.
    struct Entry
    {
        qint64 first = 0;
        qint64 last = 0;
        qint64 count = 0;
        QString text;
    };
    static constexpr qsizetype MaxDistinct = 100;
    QList<Entry> m_entries;            ///< in the order they first came
    QHash<QString, qsizetype> m_index; ///< an entry's place in m_entries by its key
    qint64 m_dropped = 0;
};

/// An output written whole at the end of a run (a sweep's CSV or JSON): a file goes through
/// QSaveFile, so it is either complete or left as it was; "-" is standard output.
struct WholeOutput
{
    WholeOutput(const ErrorPrinter &printer, std::FILE *out, const QString &optionName, const QString &target)
        : printError(printer), standardOutput(out), option(optionName), path(target)
    {
    }

    const ErrorPrinter &printError;
    std::FILE *standardOutput;
    QString option;  ///< "summary" or "csv"
    QString path;    ///< as given; "-" = standard output
    QSaveFile save;
    QFile out;

    /// Opens it before the run (a bad path is refused before anything runs); prints why and
    /// returns false on failure.
    bool open()
    {
        if (path == QLatin1String("-"))
            return out.open(standardOutput, QIODevice::WriteOnly);
        save.setFileName(path);
        if (save.open(QIODevice::WriteOnly))
            return true;
        printError(QStringLiteral("--%1 %2: cannot write: %3; choose a writable path or - for standard output")
                           .arg(option, path, save.errorString()));
        return false;
    }
    /// Writes @p bytes and commits; false (printed, naming the file) if they were not all written.
    bool write(const QByteArray &bytes)
    {
        QFileDevice &device = path == QLatin1String("-") ? static_cast<QFileDevice &>(out) : save;
        const bool written = device.write(bytes) == bytes.size();
        const bool done = path == QLatin1String("-") ? written && out.flush() : written && save.commit();
        if (!done) {
            if (path != QLatin1String("-"))
                save.cancelWriting();
            printError(QStringLiteral("--%1 %2: writing failed: %3; %4")
                               .arg(option, path == QLatin1String("-") ? QStringLiteral("- (standard output)") : path,
                                    device.errorString(),
                                    path == QLatin1String("-") ? QStringLiteral("the output is incomplete")
                                                               : QStringLiteral("the file was left as it was")));
        }
        return done;
    }
};

/// The options of a sweep, as given on the command line.
struct SweepOptions
{
    QStringList sweeps;    ///< --sweep PATH=VALUES, each
    QString sweepFile;     ///< --sweep-file FILE
    QString scenarioFile;  ///< --scenario FILE (may be empty with --sweep-file)
    qint64 cycles = -1;
    std::optional<quint64> seed;
    int threads = 0;
    QString summary;       ///< --summary FILE, empty if not given
    QString csv;           ///< --csv FILE, empty if not given
};

/// prioritylab-sim --sweep / --sweep-file: plans the sweep (every path and value checked
/// before any point runs), runs the points on a thread pool, prints the table and writes the
/// JSON and CSV (docs/design.md §10).
int runSweepCommand(const SweepOptions &options, std::FILE *standardOutput, std::FILE *standardError,
                    const ErrorPrinter &printError)
{
    Scenario scenario;
    QList<SweepAxis> axes;
    qint64 cycles = options.cycles;
    QString scenarioName = options.scenarioFile;
    if (!options.sweepFile.isEmpty()) {
        const SweepFile file = loadSweepFile(options.sweepFile);
        printError(file.errors);
        if (!file.ok())
            return BadInput;
        scenario = file.scenario;
        scenarioName = file.scenarioPath;
        axes = file.axes;
        if (cycles < 0)
            cycles = file.cycles;
    }
    if (!options.scenarioFile.isEmpty()) {
        const ScenarioLoadResult loaded = loadScenarioFile(options.scenarioFile);
        printError(loaded.errors);
        if (!loaded.ok())
            return BadInput;
        scenario = *loaded.scenario;
        scenarioName = options.scenarioFile;
    }
    bool bad = false;
    for (const QString &text : options.sweeps) {
        QString error;
        if (const auto axis = SweepAxis::parse(text, &error)) {
            axes << *axis;
        } else {
            printError(QStringLiteral("--sweep ") + error);
            bad = true;
        }
    }
    if (bad)
        return BadInput;
    if (axes.size() > MaxSweepAxes) {
        printError(QStringLiteral("--sweep: %1 settings swept; a sweep varies 1 or %2 (a grid), give --sweep at most twice")
                           .arg(axes.size()).arg(MaxSweepAxes));
        return BadInput;
    }
    if (options.seed)
        scenario.seed = *options.seed;
    if (cycles < 0) {
        if (const QString reason = Simulation::endlessReason(scenario); !reason.isEmpty()) {
            printError(endlessRunError(scenarioName, reason));
            return BadInput;
        }
    }
    const SweepPlan plan = planSweep(scenario, axes, cycles);
    for (const QString &e : plan.errors)
        printError(QStringLiteral("--sweep ") + e);
    if (!plan.ok())
        return BadInput;
    for (const QString &note : plan.notes)
        printError(QStringLiteral("note: ") + note);

    std::vector<std::unique_ptr<WholeOutput>> outputs;
    WholeOutput *summary = nullptr;
    WholeOutput *csv = nullptr;
    for (auto [option, path, target] : {std::tuple{QStringLiteral("summary"), options.summary, &summary},
                                        std::tuple{QStringLiteral("csv"), options.csv, &csv}}) {
        if (path.isEmpty())
            continue;
        outputs.push_back(std::make_unique<WholeOutput>(printError, standardOutput, option, path));
        if (!outputs.back()->open())
            return BadInput;
        *target = outputs.back().get();
    }

    // A progress line only for a person watching: never into a file or a pipe.
    const bool showProgress = ::isatty(::fileno(standardError)) == 1;
    const SweepResult result = runSweep(plan, options.threads, [showProgress, standardError](int done, int total) {
        if (showProgress)
            std::fprintf(standardError, "\rprioritylab-sim: sweep: %d of %d points done", done, total);
    });
    if (showProgress)
        std::fprintf(standardError, "\n");
    for (const SweepPointResult &point : result.points) {
        if (!point.error.isEmpty()) {
            printError(scenarioName + QStringLiteral(": ") + point.error);
            return BadInput;
        }
    }
    if (!result.sameWorkload)
        printError(QStringLiteral("note: the points produced different messages (a swept setting changes the "
                                  "producers or the seed): they are not on the same workload"));

    bool ok = true;
    const bool tableToStdout = options.summary != QLatin1String("-") && options.csv != QLatin1String("-");
    if (tableToStdout) {
        const QByteArray table = result.toText().toUtf8();
        ok = std::fwrite(table.constData(), 1, size_t(table.size()), standardOutput) == size_t(table.size())
                && std::fflush(standardOutput) == 0;
        if (!ok)
            printError(QStringLiteral("standard output: writing the table failed (the reading end of a pipe closed?)"));
    }
    if (summary)
        ok = summary->write(QJsonDocument(result.toJson()).toJson(QJsonDocument::Indented)) && ok;
    if (csv)
        ok = csv->write(result.toCsv()) && ok;
    return ok ? Ok : InternalError;
}

/// The name of the first of @p options given on @p parser's command line ("events"), or "" when
/// none is: for the refusals of options that do not go together.
QString firstGiven(const QCommandLineParser &parser, std::initializer_list<const QCommandLineOption *> options)
{
    for (const QCommandLineOption *option : options) {
        if (parser.isSet(*option))
            return option->names().constFirst();
    }
    return {};
}

/// An option taking a value: --NAME VALUENAME, e.g. valueOption("cycles", "N", "Stop after N cycles.").
QCommandLineOption valueOption(const char *name, const char *valueName, const QString &description)
{
    return QCommandLineOption(QString::fromLatin1(name), description, QString::fromLatin1(valueName));
}

/// An option naming the FILE an output is written to ("-" for standard output); @p what is what
/// it writes, e.g. "the run summary as JSON".
QCommandLineOption outputOption(const char *name, const QString &what)
{
    return valueOption(name, "FILE", QStringLiteral("Write %1 to FILE (- = standard output).").arg(what));
}

/// `--amqp URL --free-running`: compareFreeRunning() and its summary (docs/design.md §11). Exit 2
/// when RabbitMQ cannot be reached; 1 when the connection is lost, conservation fails, a run does
/// not end within its bound, or the summary cannot be written.
int runFreeRunning(const Scenario &scenario, const QString &url, qint64 cycles, int tickMs, Output *summary,
                   const ErrorPrinter &printError)
{
    if (!scenario.timeline.isEmpty())
        printError(QStringLiteral("warning: --free-running does not apply the scenario's timeline (%1 "
                                  "change(s)): the run keeps the starting settings")
                           .arg(scenario.timeline.size()));
    const FreeRunningComparison r = compareFreeRunning(url, scenario, cycles, tickMs);
    const FreeRunningBridge::Figures &f = r.real;
    if (!r.error.isEmpty()) {
        printError(QStringLiteral("--amqp: ") + r.error
                   + (r.couldNotStart ? QString()
                                      : QStringLiteral(" (%1 published, %2 processed, %3 dead-lettered so far)")
                                                .arg(f.published).arg(f.processed).arg(f.deadLettered)));
        return r.couldNotStart ? BadInput : InternalError;
    }
    const QJsonObject totals = r.simulated.value(QLatin1String("totals")).toObject();
    printError(QStringLiteral("free-running on RabbitMQ: %1 tick(s) of %2 ms; published %3, processed %4 (simulator %5), "
                              "dead-lettered %6 (simulator %7), left %8 + in flight %9; conservation %10")
                       .arg(f.ticks).arg(tickMs).arg(f.published).arg(f.processed)
                       .arg(totals.value(QLatin1String("processed")).toInteger())
                       .arg(f.deadLettered).arg(totals.value(QLatin1String("discarded")).toInteger())
                       .arg(f.leftInQueue).arg(f.inFlight)
                       .arg(f.conserved ? QStringLiteral("holds") : QStringLiteral("BROKEN")));
    QJsonObject result = r.simulated;
    result.insert(QStringLiteral("rabbitmq"), r.realSummary);
    result.insert(QStringLiteral("comparison"), r.comparison);
    if (summary && (!summary->write(QJsonDocument(result).toJson(QJsonDocument::Indented)) || !summary->finish()))
        return InternalError;
    if (!f.conserved) {
        printError(QStringLiteral("--amqp: conservation broken on RabbitMQ: published %1 != processed %2 + "
                                  "dead-lettered %3 + left in queue %4 + in flight %5")
                           .arg(f.published).arg(f.processed).arg(f.deadLettered).arg(f.leftInQueue).arg(f.inFlight));
        return InternalError;
    }
    if (!r.ended) {
        printError(QStringLiteral("--amqp: the free-running run did not end within %1 ticks (the simulator "
                                  "took %2 cycles): %3 message(s) still queued or in flight; give --cycles N to "
                                  "bound it").arg(r.bound).arg(r.predictedCycles).arg(f.leftInQueue + f.inFlight));
        return InternalError;
    }
    return Ok;
}

} // namespace

int PriorityLab::runSimulator(const QStringList &arguments, std::FILE *standardOutput, std::FILE *standardError)
{
    const ErrorPrinter printError(standardError);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
            "Runs a PriorityLab scenario headless, as fast as it can, until the broker stops "
            "(idle or no progress) or N cycles pass.\nExit status: 0 success, 2 bad input, 1 internal error "
            "or failed output."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption scenarioOption =
            valueOption("scenario", "FILE", QStringLiteral("Scenario file (JSON; see docs/scenario-format.md)."));
    const QCommandLineOption cyclesOption = valueOption("cycles", "N", QStringLiteral("Stop after N cycles (N >= 0)."));
    const QCommandLineOption seedOption = valueOption("seed", "S", QStringLiteral("Seed overriding the scenario's (S >= 0)."));
    const QCommandLineOption eventsOption = outputOption("events", QStringLiteral("every event as JSON Lines"));
    const QCommandLineOption summaryOption = outputOption("summary", QStringLiteral("the run summary as JSON"));
    const QCommandLineOption compareOption(
            QStringLiteral("compare"),
            QStringLiteral("Compare 2 or 3 scenario files (given as arguments) on the same workload "
                           "and print a table of key figures; with --summary, write it as JSON."));
    const QCommandLineOption csvOption = outputOption("csv", QStringLiteral("the metrics of every cycle as CSV"));
    const QCommandLineOption sweepOption = valueOption(
            "sweep", "PATH=VALUES",
            QStringLiteral("Run the scenario once per value of a setting: PATH=0..9, PATH=0..9:2 or "
                           "PATH=1,2,4,8 (PATH as in the timeline); give it twice for a grid. Prints "
                           "a table; --summary writes JSON, --csv a row per point."));
    const QCommandLineOption sweepFileOption =
            valueOption("sweep-file", "FILE",
                        QStringLiteral("Run the sweep of a sweep file (scenario, paths, values, cycles; see "
                                       "docs/scenario-format.md)."));
    const QCommandLineOption threadsOption = valueOption(
            "threads", "N", QStringLiteral("Sweep points run on N threads at once (default: one per core)."));
    const QCommandLineOption amqpOption = valueOption(
            "amqp", "URL",
            QStringLiteral("Lockstep with a real RabbitMQ broker at URL (amqp://user:password@host:port/; "
                           "scripts/broker.sh start gives a private one): every queue operation also "
                           "happens on RabbitMQ and every delivery must be the simulator's; the summary "
                           "gets a \"rabbitmq\" object (docs/design.md §11)."));
    const QCommandLineOption freeRunningOption(
            QStringLiteral("free-running"),
            QStringLiteral("With --amqp: RabbitMQ decides who gets what (basic.consume, prefetch = batch size); "
                           "cycles become ticks of real time; the summary compares it with the simulator."));
    const QCommandLineOption tickOption = valueOption(
            "tick-ms", "MS", QStringLiteral("With --free-running: milliseconds per tick (1..10000, default 20)."));
    parser.addOptions({scenarioOption, cyclesOption, seedOption, eventsOption, summaryOption,
                       compareOption, csvOption, sweepOption, sweepFileOption, threadsOption, amqpOption,
                       freeRunningOption, tickOption});
    parser.addPositionalArgument(QStringLiteral("FILES"),
                                 QStringLiteral("With --compare: the 2 or 3 scenario files."),
                                 QStringLiteral("[A.json B.json [C.json]]"));

    if (const auto error = parseError(parser, arguments)) {
        printError(*error + QStringLiteral("; see --help"));
        return BadInput;
    }
    // As QCommandLineParser::showHelp() and showVersion() print them, without ending the process.
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("version"))) {
        const QString text = parser.isSet(QStringLiteral("help"))
                ? parser.helpText()
                : QCoreApplication::applicationName() + QLatin1Char(' ') + QCoreApplication::applicationVersion()
                        + QLatin1Char('\n');
        std::fputs(text.toLocal8Bit().constData(), standardOutput);
        std::fflush(standardOutput);
        return Ok;
    }
    qint64 cycles = -1;
    if (parser.isSet(cyclesOption)) {
        bool ok = false;
        cycles = parser.value(cyclesOption).toLongLong(&ok);
        if (!ok || cycles < 0) {
            printError(QStringLiteral("--cycles \"%1\": expected a whole number >= 0")
                               .arg(parser.value(cyclesOption)));
            return BadInput;
        }
    }

    std::optional<quint64> seed;
    if (parser.isSet(seedOption)) {
        seed = parseSeed(parser.value(seedOption), printError);
        if (!seed)
            return BadInput;
    }

    int tickMs = 20;
    if (parser.isSet(freeRunningOption) || parser.isSet(tickOption)) {
        if (!parser.isSet(amqpOption)) {
            printError(QStringLiteral("--%1 needs --amqp URL (a RabbitMQ broker; scripts/broker.sh start gives a "
                                      "private one)")
                               .arg(parser.isSet(freeRunningOption) ? QStringLiteral("free-running") : QStringLiteral("tick-ms")));
            return BadInput;
        }
        if (parser.isSet(tickOption) && !parser.isSet(freeRunningOption)) {
            printError(QStringLiteral("--tick-ms applies to --free-running only (lockstep runs as fast as RabbitMQ answers)"));
            return BadInput;
        }
        if (const QString given = firstGiven(parser, {&eventsOption, &csvOption}); !given.isEmpty()) {
            printError(QStringLiteral("--%1 does not apply to --free-running, where RabbitMQ decides the deliveries; "
                                      "use --summary (it compares the real run with the simulator), or run "
                                      "without --free-running (lockstep) for the simulator's %1")
                               .arg(given));
            return BadInput;
        }
        if (parser.isSet(tickOption)) {
            bool ok = false;
            tickMs = parser.value(tickOption).toInt(&ok);
            if (!ok || tickMs < 1 || tickMs > 10000) {
                printError(QStringLiteral("--tick-ms \"%1\": expected a whole number of milliseconds from 1 to 10000")
                                   .arg(parser.value(tickOption)));
                return BadInput;
            }
        }
    }

    // Each output goes to its own place: two in one file, or two on standard output, would mix
    // formats nothing can read back; and no output may replace an input.
    {
        QList<std::pair<QString, QString>> outputs;
        for (const QCommandLineOption *option : {&eventsOption, &summaryOption, &csvOption}) {
            if (parser.isSet(*option))
                outputs.append({option->names().constFirst(), parser.value(*option)});
        }
        QStringList inputs = parser.positionalArguments();
        if (parser.isSet(scenarioOption))
            inputs << parser.value(scenarioOption);
        if (parser.isSet(sweepFileOption))
            inputs << parser.value(sweepFileOption);
        if (!checkTargets(outputs, inputs, standardOutput, printError))
            return BadInput;
    }

    // Files as arguments belong to --compare only.
    if (!parser.isSet(compareOption) && !parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("unexpected argument \"%1\"; give the scenario with --scenario FILE")
                           .arg(parser.positionalArguments().constFirst()));
        return BadInput;
    }
    const bool sweeping = parser.isSet(sweepOption) || parser.isSet(sweepFileOption);
    if (parser.isSet(threadsOption) && !sweeping) {
        printError(QStringLiteral("--threads applies to a sweep only; add --sweep PATH=VALUES or --sweep-file FILE"));
        return BadInput;
    }
    if (sweeping) {
        if (const QString given = firstGiven(parser, {&compareOption, &eventsOption, &amqpOption}); !given.isEmpty()) {
            printError(QStringLiteral("--%1 does not apply to a sweep, which prints a table (JSON with --summary, "
                                      "CSV with --csv); run one point with --scenario for its events")
                               .arg(given));
            return BadInput;
        }
        if (parser.isSet(sweepOption) && parser.isSet(sweepFileOption)) {
            printError(QStringLiteral("--sweep and --sweep-file do not go together; give the paths in the sweep "
                                      "file, or --scenario FILE with --sweep"));
            return BadInput;
        }
        if (parser.isSet(sweepOption) && !parser.isSet(scenarioOption)) {
            printError(QStringLiteral("--sweep needs --scenario FILE, e.g. --scenario resources/scenarios/default.json "
                                      "--sweep consumers[0].strategy.threshold=0..9 --cycles 500"));
            return BadInput;
        }
        SweepOptions options;
        if (parser.isSet(threadsOption)) {
            bool ok = false;
            options.threads = parser.value(threadsOption).toInt(&ok);
            if (!ok || options.threads < 1 || options.threads > 256) {
                printError(QStringLiteral("--threads \"%1\": expected a whole number from 1 to 256")
                                   .arg(parser.value(threadsOption)));
                return BadInput;
            }
        }
        options.sweeps = parser.values(sweepOption);
        options.sweepFile = parser.value(sweepFileOption);
        options.scenarioFile = parser.value(scenarioOption);
        options.cycles = cycles;
        options.seed = seed;
        options.summary = parser.value(summaryOption);
        options.csv = parser.value(csvOption);
        return runSweepCommand(options, standardOutput, standardError, printError);
    }


    if (parser.isSet(compareOption)) {
        if (const QString given = firstGiven(parser, {&eventsOption, &csvOption, &amqpOption}); !given.isEmpty()) {
            printError(QStringLiteral("--%1 does not apply to --compare, which prints a table "
                                      "(or JSON with --summary); run each scenario with "
                                      "--scenario for its events or metrics")
                               .arg(given));
            return BadInput;
        }
        const QStringList files = parser.positionalArguments();
        if (files.size() < 2 || files.size() > 3 || parser.isSet(scenarioOption)) {
            printError(QStringLiteral("--compare takes 2 or 3 scenario files as arguments, e.g. "
                                      "--compare A.json B.json (without --scenario)"));
            return BadInput;
        }
        QList<Scenario> scenarios;
        bool bad = false;
        for (const QString &file : files) {
            if (const auto scenario = runnableScenario(file, seed, cycles, printError))
                scenarios << *scenario;
            else
                bad = true;
        }
        if (bad)
            return BadInput;
        const Comparison comparison = compareScenarios(scenarios, cycles);
        printError(comparison.errors);
        if (!comparison.errors.isEmpty())
            return BadInput;
        Output out(printError, standardOutput, QStringLiteral("summary"),
                   parser.isSet(summaryOption) ? parser.value(summaryOption) : QStringLiteral("-"));
        if (!out.open())
            return BadInput;
        const QByteArray bytes = parser.isSet(summaryOption)
                ? QJsonDocument(comparison.toJson()).toJson(QJsonDocument::Indented)
                : comparison.toText().toUtf8();
        if (!out.write(bytes) || !out.finish())
            return InternalError;
        if (!comparison.sameWorkload)
            printError(QStringLiteral("warning: the runs produced different messages (their producers "
                                      "or seeds differ): the comparison is not like for like"));
        return Ok;
    }

    if (!parser.isSet(scenarioOption)) {
        printError(QStringLiteral("missing --scenario FILE; e.g. --scenario resources/scenarios/reference-priority.json"));
        return BadInput;
    }

    const QString scenarioFile = parser.value(scenarioOption);
    const std::optional<Scenario> runnable = runnableScenario(scenarioFile, seed, cycles, printError);
    if (!runnable)
        return BadInput;
    const Scenario &scenario = *runnable;

    Simulation sim;
    if (const QStringList errors = sim.load(scenario); !errors.isEmpty()) {
        for (const QString &e : errors)
            printError(scenarioFile + QStringLiteral(": ") + e);
        return BadInput;
    }

    // Settings that lose data or loop are allowed (they are lessons), but said.
    for (const auto &consumer : sim.consumers()) {
        if (const QString w = consumer->strategy->settingWarning(); !w.isEmpty())
            printError(QStringLiteral("warning: consumer %1: %2").arg(consumer->name, w));
    }

    std::vector<std::unique_ptr<Output>> outputs;
    Output *events = nullptr;
    Output *summary = nullptr;
    Output *csv = nullptr;
    for (auto [option, target] : {std::pair{&eventsOption, &events}, std::pair{&summaryOption, &summary},
                                  std::pair{&csvOption, &csv}}) {
        if (!parser.isSet(*option))
            continue;
        outputs.push_back(std::make_unique<Output>(printError, standardOutput, option->names().constFirst(),
                                                   parser.value(*option)));
        Output &out = *outputs.back();
        if (!out.open())
            return BadInput;
        *target = &out;
    }
    // Events are written as they happen, never kept: a requeue loop makes millions in a cycle.
    // Each line goes into one reused buffer, handed to the file whenever it holds 256 KiB (and
    // after each cycle), so memory stays flat and each write is large.
    sim.setRecordEvents(false);
    QByteArray eventBytes;
    constexpr qsizetype EventChunk = 256 * 1024;
    const auto flushEvents = [&] {
        if (events && !eventBytes.isEmpty()) {
            events->write(eventBytes);
            eventBytes.resize(0);  // keeps the capacity
        }
    };
    if (events)
        eventBytes.reserve(EventChunk + 4096);
    std::unique_ptr<LockstepBridge> rabbit;
    if (parser.isSet(amqpOption)) {
        QString error;
        // Message expiry is not mirrored either (the broker's own limits are refused by open()).
        for (qsizetype i = 0; i < scenario.producers.size(); ++i) {
            const ProducerConfig &p = scenario.producers.at(i);
            const bool expiring = (p.generator && p.generator->expirationMin >= 0)
                    || std::any_of(p.messages.cbegin(), p.messages.cend(),
                                   [](const ScriptedMessage &m) { return m.expiration >= 0; });
            if (expiring) {
                printError(QStringLiteral("--amqp: producers[%1]: message expiration is not mirrored on "
                                          "RabbitMQ (lockstep or free-running); remove it from the scenario to run it "
                                          "with --amqp").arg(i));
                return BadInput;
            }
        }
        if (parser.isSet(freeRunningOption))
            return runFreeRunning(scenario, parser.value(amqpOption), cycles, tickMs, summary, printError);
        if (const QString refused = LockstepBridge::refusal(scenario.consumers); !refused.isEmpty()) {
            printError(QStringLiteral("--amqp: ") + refused);
            return BadInput;
        }
        rabbit = LockstepBridge::open(parser.value(amqpOption), sim.broker().config(), &error);
        if (!rabbit) {
            printError(QStringLiteral("--amqp: ") + error);
            return BadInput;
        }
        sim.setBatchSink([&rabbit](const QString &consumer, qint64 size) { rabbit->onBatch(consumer, size); });
    }
    if (events || rabbit) {
        sim.setEventSink([&](const Event &e) {
            if (rabbit)
                rabbit->onEvent(e);
            if (events) {
                appendEventJsonLine(eventBytes, e);
                if (eventBytes.size() >= EventChunk)
                    flushEvents();
            }
        });
    }

    QElapsedTimer clock;
    clock.start();
    WarningTally warnings;
    AlarmWatch alarms(sim);  // the summary's alarms: the app's banner after the same cycle (docs/design.md §7)
    qint64 run = 0;
    bool lost = false;
    while (!sim.isFinished() && (cycles < 0 || run < cycles)) {
        const CycleReport report = sim.step();
        flushEvents();
        ++run;
        for (const QString &w : report.warnings)
            warnings.add(report.cycle, w);
        if (events && events->failed) {
            // Nobody reads the rest (a closed pipe, a full disk): stop instead of running on.
            lost = true;
            break;
        }
        if (rabbit && (rabbit->failed() || !rabbit->afterCycle(sim.broker().size()))) {
            warnings.print(printError);
            printError(QStringLiteral("--amqp: stopped after cycle %1: the RabbitMQ bridge failed: %2 "
                                      "(%3 published, %4 taken, %5 acknowledged, %6 dead-lettered so far)")
                               .arg(report.cycle).arg(rabbit->error())
                               .arg(rabbit->figures().published).arg(rabbit->figures().gets)
                               .arg(rabbit->figures().acked).arg(rabbit->figures().deadLettered));
            return InternalError;
        }
        if (!sim.conservationHolds()) {
            warnings.print(printError);
            printError(QStringLiteral("internal error: conservation law broken after cycle %1")
                               .arg(report.cycle));
            return InternalError;
        }
    }
    const qint64 wallMs = clock.elapsed();
    warnings.print(printError);
    if (lost) {
        printError(QStringLiteral("stopped after cycle %1 because the events could not be written")
                           .arg(sim.cycle() - 1));
        return InternalError;
    }
    QJsonObject result = summaryToJson(sim, wallMs, &alarms);
    if (rabbit) {
        if (!rabbit->finish()) {
            printError(QStringLiteral("--amqp: the RabbitMQ bridge failed at the end of the run: %1").arg(rabbit->error()));
            return InternalError;
        }
        const LockstepBridge::Figures &f = rabbit->figures();
        if (f.divergences > 0)
            printError(QStringLiteral("warning: RabbitMQ handed out %1 message(s) other than the simulator's; "
                                      "first: %2").arg(f.divergences).arg(f.firstDivergence));
        if (!f.deadLettersMatch)
            printError(QStringLiteral("warning: RabbitMQ's dead-letter queue held %1 message(s), not the %2 "
                                      "the simulator discarded").arg(f.deadLetterQueue).arg(f.deadLettered));
        result.insert(QStringLiteral("rabbitmq"), rabbit->summary());
    }
    for (const QJsonValue &alarm : result.value(QLatin1String("alarms")).toArray())
        printError(QStringLiteral("alarm: %1: %2").arg(alarm[QLatin1String("kind")].toString(),
                                                       alarm[QLatin1String("text")].toString()));
    if (summary)
        summary->write(QJsonDocument(result).toJson(QJsonDocument::Indented));
    if (csv) {
        csv->write(metricsToCsv(sim.metrics()));
        if (sim.cycle() > Metrics::historyCapacity())
            printError(QStringLiteral("warning: --csv %1 holds the latest %2 of %3 cycles (the history "
                                      "keeps at most %2); run fewer cycles for all of them")
                               .arg(csv->path).arg(Metrics::historyCapacity()).arg(sim.cycle()));
    }
    bool ok = true;
    for (const auto &out : outputs)
        ok = out->finish() && ok;
    return ok ? Ok : InternalError;
}
