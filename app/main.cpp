// prioritylab: the GUI. Parses the command line, opens a scenario and shows the main window.
#include "app/commandline.h"
#include "core/amqp/lockstepworker.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/rabbitmqconnection.h"
#include "ui/shell/scenariocatalog.h"
#include "ui/shell/zoom.h"
#include "ui/sweep/sweepdialog.h"
#include "core/engine/simulation.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QIcon>
#include <QMessageBox>
#include <QPixmap>
#include <QTimer>

#include <cstdio>

using namespace PriorityLab;

namespace {

void printError(const QString &text)
{
    std::fprintf(stderr, "prioritylab: %s\n", qPrintable(text));
}

/// What the command line asks for.
struct Options
{
    QString scenario;        ///< empty: the built-in default
    qint64 cycles = 0;       ///< cycles to run before showing the window
    QString screenshot;      ///< PNG to write, then exit; empty: run interactively
    int zoom = 0;            ///< View > Zoom percent; 0: the one remembered (100 for screenshots)
    bool presentation = false;  ///< start in presentation mode
    QString sweepFile;       ///< sweep file to open and run in Analysis > Sweep; empty: none
    QString amqp;            ///< RabbitMQ URL to mirror the run on (File > Connect to RabbitMQ…); empty: none
};

/// Runs the event loop while @p busy says the RabbitMQ mirror of @p window is still at work
/// (connecting, or replaying cycles); then, if it failed, says why on stderr. False when it failed.
bool waitForMirror(MainWindow &window, bool (*busy)(const LockstepWorker::Status &))
{
    LockstepWorker *worker = window.rabbitMq()->worker();
    QEventLoop loop;
    QObject::connect(worker, &LockstepWorker::statusChanged, &loop, [&] {
        if (!busy(worker->status()))
            loop.quit();
    });
    if (busy(worker->status()))
        loop.exec();
    if (worker->status().state != LockstepWorker::State::Failed)
        return true;
    printError(QStringLiteral("--amqp: ") + worker->status().error);
    return false;
}

bool connecting(const LockstepWorker::Status &s)
{
    return s.state == LockstepWorker::State::Connecting;
}

bool replaying(const LockstepWorker::Status &s)
{
    return s.state == LockstepWorker::State::Mirroring && s.cyclesBehind > 0;
}

/// Parses the command line. --help and --version print and exit 0; bad arguments print a message
/// naming the fix and return BadInput. Runs without a display (no QApplication yet), so that
/// --help and argument errors work on a machine without X.
int parseCommandLine(const QStringList &arguments, Options *options)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
            "Simulates a priority message system (producers, one broker, consumers with "
            "prioritization strategies) and shows it live.\n"
            "Without SCENARIO it opens the built-in default scenario and starts running at its "
            "own interval; a lesson (a scenario with steps) starts paused on its first step."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QStringLiteral("Scenario file (JSON) to open."),
                                 QStringLiteral("[SCENARIO]"));
    const QCommandLineOption cyclesOption(
            QStringLiteral("cycles"),
            QStringLiteral("Run N cycles as fast as possible before showing the window."),
            QStringLiteral("N"));
    const QCommandLineOption screenshotOption(
            QStringLiteral("screenshot"),
            QStringLiteral("Save a PNG of the main window to FILE (after --cycles N) and exit. "
                           "Works with QT_QPA_PLATFORM=offscreen."),
            QStringLiteral("FILE"));
    const QCommandLineOption zoomOption(
            QStringLiteral("zoom"),
            QStringLiteral("Zoom the text, tiles and charts to PERCENT (50 to 300), e.g. for a projector "
                           "or scripted screenshots."),
            QStringLiteral("PERCENT"));
    const QCommandLineOption presentationOption(
            QStringLiteral("presentation"),
            QStringLiteral("Start in presentation mode (full screen, zoomed, high contrast)."));
    parser.addOption(cyclesOption);
    parser.addOption(screenshotOption);
    parser.addOption(zoomOption);
    parser.addOption(presentationOption);
    const QCommandLineOption sweepFileOption(
            QStringLiteral("sweep-file"),
            QStringLiteral("Open FILE (a sweep file) in Analysis > Sweep and run it; with --screenshot, "
                           "save a PNG of the Sweep window once it has finished."),
            QStringLiteral("FILE"));
    parser.addOption(sweepFileOption);
    const QCommandLineOption amqpOption(
            QStringLiteral("amqp"),
            QStringLiteral("Mirror the run on the RabbitMQ broker at URL in lockstep, as File > Connect to "
                           "RabbitMQ… does (amqp://user:password@host:port/; scripts/broker.sh url prints the "
                           "private node's)."),
            QStringLiteral("URL"));
    parser.addOption(amqpOption);

    // QApplication's own options (e.g. -platform offscreen, -style Fusion) are taken from argv
    // when it is created, after this parse: accept them here without listing them in --help.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const char *name : {"platform", "platformpluginpath", "platformtheme", "plugin", "display",
                             "geometry", "qwindowgeometry", "qwindowicon", "qwindowtitle", "session",
                             "style", "stylesheet", "qmljsdebugger"}) {
        QCommandLineOption qtOption(QString::fromLatin1(name), QString(), QStringLiteral("value"));
        qtOption.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(qtOption);
    }
    for (const char *name : {"reverse", "widgetcount", "nograb", "dograb", "sync"}) {
        QCommandLineOption qtFlag(QString::fromLatin1(name));
        qtFlag.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(qtFlag);
    }

    if (const auto error = parseArguments(parser, arguments)) {
        printError(*error + QStringLiteral("; see --help"));
        return BadInput;
    }

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        printError(QStringLiteral("expected at most one scenario file, got %1: %2; open one at a time")
                           .arg(positional.size())
                           .arg(positional.join(QStringLiteral(", "))));
        return BadInput;
    }
    options->scenario = positional.value(0);
    if (parser.isSet(cyclesOption)) {
        bool ok = false;
        options->cycles = parser.value(cyclesOption).toLongLong(&ok);
        if (!ok || options->cycles < 0) {
            printError(QStringLiteral("--cycles %1: expected a whole number of cycles, 0 or more; "
                                      "e.g. --cycles 60")
                               .arg(parser.value(cyclesOption)));
            return BadInput;
        }
    }
    if (parser.isSet(zoomOption)) {
        bool ok = false;
        options->zoom = parser.value(zoomOption).toInt(&ok);
        if (!ok || options->zoom < Zoom::Minimum || options->zoom > Zoom::Maximum) {
            printError(QStringLiteral("--zoom %1: expected a percentage from %2 to %3, e.g. --zoom 150")
                               .arg(parser.value(zoomOption))
                               .arg(Zoom::Minimum)
                               .arg(Zoom::Maximum));
            return BadInput;
        }
    }
    options->presentation = parser.isSet(presentationOption);
    options->sweepFile = parser.value(sweepFileOption);
    options->amqp = parser.value(amqpOption);
    if (parser.isSet(amqpOption) && options->amqp.trimmed().isEmpty()) {
        printError(QStringLiteral("--amqp needs a broker URL, e.g. --amqp amqp://guest:guest@127.0.0.1:5672/ "
                                  "(scripts/broker.sh url prints the private node's once it runs)"));
        return BadInput;
    }
    if (parser.isSet(screenshotOption)) {
        options->screenshot = parser.value(screenshotOption);
        if (options->screenshot.isEmpty()) {
            printError(QStringLiteral("--screenshot needs a file name, e.g. --screenshot shot.png"));
            return BadInput;
        }
    }
    return -1;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication::setApplicationName(QStringLiteral("PriorityLab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PRIORITYLAB_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("PriorityLab"));

    Options options;
    {
        QCoreApplication parsing(argc, argv);
        if (const int exitCode = parseCommandLine(QCoreApplication::arguments(), &options); exitCode >= 0)
            return exitCode;
    }
    const bool screenshot = !options.screenshot.isEmpty();

    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("PriorityLab"));
    QApplication::setDesktopFileName(QStringLiteral("org.prioritylab.PriorityLab"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/prioritylab.svg")));

    MainWindow window;
    // With --screenshot nobody is there to close a dialog: problems go to stderr.
    window.setShowDialogs(!screenshot);
    QObject::connect(&window, &MainWindow::problemsReported, &window,
                     [screenshot](const QString &title, const QStringList &problems) {
                         if (!screenshot)
                             return;
                         printError(title);
                         for (const QString &p : problems)
                             std::fprintf(stderr, "  %s\n", qPrintable(p));
                     });

    if (!window.openScenarioFile(ScenarioCatalog::defaultPath()).isEmpty()) {
        printError(QStringLiteral("the built-in default scenario does not load; the build is broken"));
        return InternalError;
    }
    // Layout, speed and recent files of the last session; not for screenshots, which must look
    // the same on every machine.
    if (!screenshot)
        window.restoreSettings();
    if (options.zoom > 0)
        window.zoom()->setPercent(options.zoom);
    window.showAsFirstSeen();
    if (options.presentation)
        window.presentationMode()->enter();
    if (!options.scenario.isEmpty()) {
        // On error the problems are shown (over the window) and the default scenario stays;
        // with --screenshot they went to stderr, and a picture of another scenario would
        // mislead: no PNG, exit status 2.
        if (!window.openScenarioFile(options.scenario).isEmpty() && screenshot)
            return BadInput;
    }

    Simulation *simulation = window.simulation();
    if (!options.amqp.isEmpty()) {
        // --amqp: mirrored from cycle 0, as File > Connect to RabbitMQ… would.
        window.rabbitMq()->connectTo(options.amqp);
        if (!waitForMirror(window, connecting) && screenshot)
            return BadInput;
    }
    if (options.cycles > 0)
        window.lessonPanel()->runCycles(options.cycles);  // a lesson's panel follows the steps
    if (!options.amqp.isEmpty())
        waitForMirror(window, replaying);
    window.refreshViews();

    if (!options.sweepFile.isEmpty()) {
        SweepDialog *dialog = window.openSweepDialog();
        QStringList problems = dialog->openSweepFile(options.sweepFile);
        if (problems.isEmpty())
            problems = dialog->start();
        for (const QString &p : std::as_const(problems))
            printError(QStringLiteral("--sweep-file %1: %2").arg(options.sweepFile, p));
        if (!problems.isEmpty() && screenshot)
            return BadInput;
        if (screenshot) {
            // The picture is of the Sweep window, once every point has run.
            const QString path = options.screenshot;
            QObject::connect(dialog, &SweepDialog::sweepFinished, dialog, [dialog, path] {
                QTimer::singleShot(200, dialog, [dialog, path] {
                    QApplication::processEvents();
                    if (!dialog->grab().save(path, "PNG")) {
                        printError(QStringLiteral("--screenshot %1: cannot write the PNG; choose a writable "
                                                  "path ending in .png").arg(path));
                        QApplication::exit(BadInput);
                        return;
                    }
                    QApplication::exit(Ok);
                });
            });
            return QApplication::exec();
        }
    }

    if (screenshot) {
        // Let the layouts and the chart settle, then grab what the user would see.
        const QString path = options.screenshot;
        QTimer::singleShot(200, &window, [&window, path] {
            window.refreshViews();
            QApplication::processEvents();
            const QPixmap pixmap = window.grab();
            if (!pixmap.save(path, "PNG")) {
                printError(QStringLiteral("--screenshot %1: cannot write the PNG; choose a writable "
                                          "path ending in .png")
                                   .arg(path));
                QApplication::exit(BadInput);
                return;
            }
            QApplication::exit(Ok);
        });
        return QApplication::exec();
    }

    // Any scenario but a lesson runs at its own interval (a speed chosen in an earlier session is
    // not restored).
    simulation->runUnlessLesson();
    return QApplication::exec();
}
