// prioritylab-sim: runs a scenario headless, as fast as it can (docs/design.md §7).
#include "core/analysis/comparison.h"
#include "core/analysis/eventjson.h"
#include "core/scenario/scenario.h"
#include "core/engine/simulation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>

#include <cstdio>
#include <memory>

using namespace PriorityLab;

namespace {

enum ExitCode { Ok = 0, InternalError = 1, BadInput = 2 };

void printError(const QString &text)
{
    std::fprintf(stderr, "prioritylab-sim: %s\n", qPrintable(text));
}

/// Opens FILE for writing, or stdout for "-". Returns nullptr and prints why on failure.
std::unique_ptr<QFile> openOutput(const QString &path, const QString &option)
{
    auto file = std::make_unique<QFile>();
    bool ok = false;
    if (path == QLatin1String("-")) {
        ok = file->open(stdout, QIODevice::WriteOnly);
    } else {
        file->setFileName(path);
        ok = file->open(QIODevice::WriteOnly | QIODevice::Truncate);
    }
    if (!ok) {
        printError(QStringLiteral("--%1 %2: cannot write: %3; choose a writable path or - for "
                                  "standard output")
                           .arg(option, path, file->errorString()));
        return nullptr;
    }
    return file;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("prioritylab-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PRIORITYLAB_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
            "Runs a PriorityLab scenario headless, as fast as it can, until the broker stops "
            "(idle) or N cycles pass.\nExit status: 0 success, 2 bad input, 1 internal error."));
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

    if (!parser.parse(QCoreApplication::arguments())) {
        QString text = parser.errorText();
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
        printError(text + QStringLiteral("; see --help"));
        return BadInput;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(Ok);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
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

    // Each output goes to its own place: two in one file, or two on standard output, would mix
    // formats nothing can read back.
    {
        QStringList targets;
        for (const QCommandLineOption *option : {&eventsOption, &summaryOption, &csvOption}) {
            if (!parser.isSet(*option))
                continue;
            const QString target = parser.value(*option);
            if (targets.contains(target)) {
                printError(QStringLiteral("--%1 %2: another output already goes there; give each of "
                                          "--events, --summary and --csv its own file (at most one "
                                          "of them can be -)")
                                   .arg(option->names().constFirst(), target));
                return BadInput;
            }
            targets << target;
        }
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
        bool endless = false;
        for (const QString &file : files) {
            const ScenarioLoadResult loaded = loadScenarioFile(file);
            for (const QString &e : loaded.errors)
                printError(e);
            if (!loaded.ok()) {
                bad = true;
                continue;
            }
            Scenario s = *loaded.scenario;
            if (parser.isSet(seedOption))
                s.seed = parser.value(seedOption).toULongLong();
            if (s.broker.maxIdleCycles == 0)
                endless = true;
            scenarios << s;
        }
        if (bad)
            return BadInput;
        if (cycles < 0 && endless) {
            cycles = 1000;
            printError(QStringLiteral("note: a scenario never stops by itself (maxIdleCycles 0); "
                                      "comparing over %1 cycles (set --cycles N)").arg(cycles));
        }
        const Comparison comparison = compareScenarios(scenarios, cycles);
        for (const QString &e : comparison.errors)
            printError(e);
        if (!comparison.errors.isEmpty())
            return BadInput;
        if (parser.isSet(summaryOption)) {
            auto out = openOutput(parser.value(summaryOption), QStringLiteral("summary"));
            if (!out)
                return BadInput;
            out->write(QJsonDocument(comparison.toJson()).toJson(QJsonDocument::Indented));
        } else {
            std::fputs(comparison.toText().toUtf8().constData(), stdout);
        }
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

    ScenarioLoadResult loaded = loadScenarioFile(parser.value(scenarioOption));
    if (!loaded.ok()) {
        for (const QString &e : loaded.errors)
            printError(e);
        return BadInput;
    }
    Scenario scenario = *loaded.scenario;
    if (parser.isSet(seedOption)) {
        bool ok = false;
        const qulonglong seed = parser.value(seedOption).toULongLong(&ok);
        if (!ok) {
            printError(QStringLiteral("--seed \"%1\": expected a whole number >= 0")
                               .arg(parser.value(seedOption)));
            return BadInput;
        }
        scenario.seed = seed;
    }
    if (cycles < 0 && scenario.broker.maxIdleCycles == 0) {
        bool endless = false;
        for (const ProducerConfig &p : scenario.producers)
            endless = endless || (p.generator && p.generator->untilCycle < 0 && p.generator->perCycle > 0);
        if (endless) {
            printError(QStringLiteral("%1: broker.maxIdleCycles is 0 and a generator has no untilCycle, "
                                      "so the run never ends; pass --cycles N")
                               .arg(parser.value(scenarioOption)));
            return BadInput;
        }
    }

    Simulation sim;
    if (const QStringList errors = sim.load(scenario); !errors.isEmpty()) {
        for (const QString &e : errors)
            printError(parser.value(scenarioOption) + QStringLiteral(": ") + e);
        return BadInput;
    }

    // Settings that lose data or loop are allowed (they are lessons), but said.
    for (const auto &consumer : sim.consumers()) {
        if (const QString w = consumer->strategy->settingWarning(); !w.isEmpty())
            printError(QStringLiteral("warning: consumer %1: %2").arg(consumer->name, w));
    }

    std::unique_ptr<QFile> events;
    if (parser.isSet(eventsOption)) {
        events = openOutput(parser.value(eventsOption), QStringLiteral("events"));
        if (!events)
            return BadInput;
    }
    std::unique_ptr<QFile> summary;
    if (parser.isSet(summaryOption)) {
        summary = openOutput(parser.value(summaryOption), QStringLiteral("summary"));
        if (!summary)
            return BadInput;
    }
    std::unique_ptr<QFile> csv;
    if (parser.isSet(csvOption)) {
        csv = openOutput(parser.value(csvOption), QStringLiteral("csv"));
        if (!csv)
            return BadInput;
    }
    sim.setRecordEvents(events != nullptr);

    QElapsedTimer clock;
    clock.start();
    bool writeFailed = false;
    qint64 run = 0;
    while (!sim.isFinished() && (cycles < 0 || run < cycles)) {
        const CycleReport report = sim.step();
        ++run;
        for (const QString &w : report.warnings)
            printError(QStringLiteral("warning: cycle %1: %2").arg(report.cycle).arg(w));
        if (events) {
            for (const Event &e : report.events)
                writeFailed = writeFailed || events->write(eventToJsonLine(e)) < 0;
        }
        if (!sim.conservationHolds()) {
            printError(QStringLiteral("internal error: conservation law broken after cycle %1")
                               .arg(report.cycle));
            return InternalError;
        }
    }
    const qint64 wallMs = clock.elapsed();
    if (summary) {
        const QByteArray json = QJsonDocument(summaryToJson(sim, wallMs)).toJson(QJsonDocument::Indented);
        writeFailed = writeFailed || summary->write(json) < 0;
    }
    if (csv)
        writeFailed = writeFailed || csv->write(metricsToCsv(sim.metrics())) < 0;
    if (writeFailed) {
        printError(QStringLiteral("writing the output failed (disk full or closed pipe?)"));
        return InternalError;
    }
    return Ok;
}
