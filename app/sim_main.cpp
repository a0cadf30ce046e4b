// prioritylab-sim: runs a scenario headless, as fast as it can (docs/design.md §7).
#include "app/commandline.h"
#include "core/analysis/comparison.h"
#include "core/analysis/eventjson.h"
#include "core/engine/simulation.h"
#include "core/model/printable.h"
#include "core/scenario/scenario.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <csignal>
#include <cstdio>
#include <map>
#include <memory>

#include <sys/stat.h>
#include <unistd.h>

using namespace PriorityLab;

namespace {

void printError(const QString &text)
{
    // Names and data come from the scenario: control characters are escaped so that they can
    // neither cut the line (NUL) nor drive the terminal (ESC sequences).
    std::fprintf(stderr, "prioritylab-sim: %s\n", printableText(text).toLocal8Bit().constData());
}

/// Where a path leads, to tell whether two paths are one file: device and inode if it exists
/// (so links, "./x" and "/dev/stdout" are seen through), else the absolute path it would get.
struct FileIdentity
{
    bool exists = false;
    dev_t device = 0;
    ino_t inode = 0;
    QString path;

    /// @p path, or standard output for "-".
    static FileIdentity of(const QString &path)
    {
        FileIdentity id;
        struct stat info = {};
        const bool found = path == QLatin1String("-")
                ? ::fstat(STDOUT_FILENO, &info) == 0
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
    QString option;  ///< "events", "summary" or "csv"
    QString path;    ///< as given; "-" = standard output
    QFile file;
    bool failed = false;

    /// Opens it for writing; prints why and returns false on failure.
    bool open()
    {
        const bool ok = path == QLatin1String("-") ? file.open(stdout, QIODevice::WriteOnly)
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
bool checkTargets(const QList<std::pair<QString, QString>> &outputs, const QStringList &inputs)
{
    bool ok = true;
    QList<std::pair<QString, FileIdentity>> seen;
    for (const auto &[option, path] : outputs) {
        const FileIdentity id = FileIdentity::of(path);
        for (const QString &input : inputs) {
            if (id.exists && FileIdentity::of(input) == id) {
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
std::optional<quint64> parseSeed(const QString &text)
{
    bool ok = false;
    const qulonglong seed = text.toULongLong(&ok);
    if (!ok || seed > MaxSeed || text.startsWith(QLatin1Char('+'))) {
        printError(QStringLiteral("--seed \"%1\": expected a whole number from 0 to %2").arg(text).arg(MaxSeed));
        return std::nullopt;
    }
    return seed;
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
        auto it = m_entries.find(key);
        if (it == m_entries.end()) {
            if (m_entries.size() >= MaxDistinct) {
                ++m_dropped;
                return;
            }
            it = m_entries.emplace(key, Entry{m_order++, cycle, cycle, 0, text}).first;
        }
        ++it->second.count;
        it->second.last = cycle;
    }
    void print() const
    {
        std::vector<const Entry *> entries;
        for (const auto &[key, e] : m_entries)
            entries.push_back(&e);
        std::sort(entries.begin(), entries.end(), [](const Entry *a, const Entry *b) { return a->order < b->order; });
        const QLocale english(QLocale::English);
        for (const Entry *e : entries) {
            if (e->count == 1)
                printError(QStringLiteral("warning: cycle %1: %2").arg(e->first).arg(e->text));
            else
                printError(QStringLiteral("warning (x %1): cycles %2 to %3: %4")
                                   .arg(english.toString(e->count)).arg(e->first).arg(e->last).arg(e->text));
        }
        if (m_dropped > 0)
            printError(QStringLiteral("warning (x %1): further warnings of other kinds not shown")
                               .arg(english.toString(m_dropped)));
    }

private:
    struct Entry
    {
        qint64 order = 0;
        qint64 first = 0;
        qint64 last = 0;
        qint64 count = 0;
        QString text;
    };
    static constexpr size_t MaxDistinct = 100;
    std::map<QString, Entry> m_entries;
    qint64 m_order = 0;
    qint64 m_dropped = 0;
};

} // namespace

int main(int argc, char *argv[])
{
    // A closed pipe (prioritylab-sim ... | head) must not kill the process silently: ignore
    // SIGPIPE, so that the write fails and the run reports it (exit 1).
    std::signal(SIGPIPE, SIG_IGN);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("prioritylab-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PRIORITYLAB_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
            "Runs a PriorityLab scenario headless, as fast as it can, until the broker stops "
            "(idle or no progress) or N cycles pass.\nExit status: 0 success, 2 bad input, 1 internal error "
            "or failed output."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption scenarioOption(QStringLiteral("scenario"),
                                            QStringLiteral("Scenario file (JSON; see docs/scenario-format.md)."),
                                            QStringLiteral("FILE"));
    const QCommandLineOption cyclesOption(QStringLiteral("cycles"),
                                          QStringLiteral("Stop after N cycles (N >= 0)."),
                                          QStringLiteral("N"));
    const QCommandLineOption seedOption(QStringLiteral("seed"),
                                        QStringLiteral("Seed overriding the scenario's (S >= 0)."),
                                        QStringLiteral("S"));
    const QCommandLineOption eventsOption(QStringLiteral("events"),
                                          QStringLiteral("Write every event as JSON Lines to FILE "
                                                         "(- = standard output)."),
                                          QStringLiteral("FILE"));
    const QCommandLineOption summaryOption(QStringLiteral("summary"),
                                           QStringLiteral("Write the run summary as JSON to FILE "
                                                          "(- = standard output)."),
                                           QStringLiteral("FILE"));
    const QCommandLineOption compareOption(
            QStringLiteral("compare"),
            QStringLiteral("Compare 2 or 3 scenario files (given as arguments) on the same workload "
                           "and print a table of key figures; with --summary, write it as JSON."));
    const QCommandLineOption csvOption(QStringLiteral("csv"),
                                       QStringLiteral("Write the metrics of every cycle as CSV to FILE "
                                                      "(- = standard output)."),
                                       QStringLiteral("FILE"));
    parser.addOptions({scenarioOption, cyclesOption, seedOption, eventsOption, summaryOption,
                       compareOption, csvOption});
    parser.addPositionalArgument(QStringLiteral("FILES"),
                                 QStringLiteral("With --compare: the 2 or 3 scenario files."),
                                 QStringLiteral("[A.json B.json [C.json]]"));

    if (const auto error = parseArguments(parser, QCoreApplication::arguments())) {
        printError(*error + QStringLiteral("; see --help"));
        return BadInput;
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
        seed = parseSeed(parser.value(seedOption));
        if (!seed)
            return BadInput;
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
        if (!checkTargets(outputs, inputs))
            return BadInput;
    }

    if (parser.isSet(compareOption)) {
        for (const QCommandLineOption *option : {&eventsOption, &csvOption}) {
            if (parser.isSet(*option)) {
                printError(QStringLiteral("--%1 does not apply to --compare, which prints a table "
                                          "(or JSON with --summary); run each scenario with "
                                          "--scenario for its events or metrics")
                                   .arg(option->names().constFirst()));
                return BadInput;
            }
        }
        const QStringList files = parser.positionalArguments();
        if (files.size() < 2 || files.size() > 3 || parser.isSet(scenarioOption)) {
            printError(QStringLiteral("--compare takes 2 or 3 scenario files as arguments, e.g. "
                                      "--compare A.json B.json (without --scenario)"));
            return BadInput;
        }
        QList<Scenario> scenarios;
        bool bad = false;
        QString endless;
        for (const QString &file : files) {
            const ScenarioLoadResult loaded = loadScenarioFile(file);
            for (const QString &e : loaded.errors)
                printError(e);
            if (!loaded.ok()) {
                bad = true;
                continue;
            }
            Scenario s = *loaded.scenario;
            if (seed)
                s.seed = *seed;
            if (const QString reason = Simulation::endlessReason(s); !reason.isEmpty() && endless.isEmpty())
                endless = file + QStringLiteral(": ") + reason;
            scenarios << s;
        }
        if (bad)
            return BadInput;
        if (cycles < 0 && !endless.isEmpty()) {
            cycles = 1000;
            printError(QStringLiteral("note: a scenario never stops by itself (%1); comparing over "
                                      "%2 cycles (set --cycles N)").arg(endless).arg(cycles));
        }
        const Comparison comparison = compareScenarios(scenarios, cycles);
        for (const QString &e : comparison.errors)
            printError(e);
        if (!comparison.errors.isEmpty())
            return BadInput;
        Output out{QStringLiteral("summary"), parser.isSet(summaryOption) ? parser.value(summaryOption) : QStringLiteral("-"), {}, false};
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

    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("unexpected argument \"%1\"; give the scenario with --scenario FILE")
                           .arg(parser.positionalArguments().constFirst()));
        return BadInput;
    }
    if (!parser.isSet(scenarioOption)) {
        printError(QStringLiteral("missing --scenario FILE; e.g. --scenario resources/scenarios/reference-priority.json"));
        return BadInput;
    }

    const QString scenarioFile = parser.value(scenarioOption);
    ScenarioLoadResult loaded = loadScenarioFile(scenarioFile);
    if (!loaded.ok()) {
        for (const QString &e : loaded.errors)
            printError(e);
        return BadInput;
    }
    Scenario scenario = *loaded.scenario;
    if (seed)
        scenario.seed = *seed;
    if (cycles < 0) {
        if (const QString reason = Simulation::endlessReason(scenario); !reason.isEmpty()) {
            printError(QStringLiteral("%1: the run would never end: %2; pass --cycles N, or give "
                                      "broker.maxIdleCycles a value of 1 or more and every generator "
                                      "an untilCycle")
                               .arg(scenarioFile, reason));
            return BadInput;
        }
    }

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
        outputs.push_back(std::make_unique<Output>());
        Output &out = *outputs.back();
        out.option = option->names().constFirst();
        out.path = parser.value(*option);
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
    if (events) {
        eventBytes.reserve(EventChunk + 4096);
        sim.setEventSink([&](const Event &e) {
            appendEventJsonLine(eventBytes, e);
            if (eventBytes.size() >= EventChunk)
                flushEvents();
        });
    }

    QElapsedTimer clock;
    clock.start();
    WarningTally warnings;
    qint64 capCycles = 0;
    qint64 run = 0;
    bool lost = false;
    while (!sim.isFinished() && (cycles < 0 || run < cycles)) {
        const CycleReport report = sim.step();
        flushEvents();
        ++run;
        for (const QString &w : report.warnings)
            warnings.add(report.cycle, w);
        capCycles += report.capReached ? 1 : 0;
        if (events && events->failed) {
            // Nobody reads the rest (a closed pipe, a full disk): stop instead of running on.
            lost = true;
            break;
        }
        if (!sim.conservationHolds()) {
            warnings.print();
            printError(QStringLiteral("internal error: conservation law broken after cycle %1")
                               .arg(report.cycle));
            return InternalError;
        }
    }
    const qint64 wallMs = clock.elapsed();
    warnings.print();
    if (lost) {
        printError(QStringLiteral("stopped after cycle %1 because the events could not be written")
                           .arg(sim.cycle() - 1));
        return InternalError;
    }
    const QJsonObject result = summaryToJson(sim, wallMs, capCycles);
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
