#include "mainwindow.h"

#include "chartpanel.h"
#include "consumerpanel.h"
#include "queuepanel.h"
#include "scenario.h"
#include "scenariocatalog.h"
#include "setupeditor.h"
#include "simulation.h"
#include "speedcontrol.h"
#include "statussummary.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QVBoxLayout>

namespace PriorityLab {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    m_simulation = new Simulation(this);
    // No view shows single events yet; the event log and message journeys will turn this on.
    m_simulation->setRecordEvents(false);
    m_setupEditor = new SetupEditor(m_simulation, this);

    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(refreshIntervalMs());
    connect(&m_refreshTimer, &QTimer::timeout, this, &MainWindow::refreshViews);

    // Central: the scenario's header above the queue.
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(8, 6, 4, 4);
    centralLayout->setSpacing(4);
    m_scenarioName = new QLabel(central);
    QFont titleFont = m_scenarioName->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    m_scenarioName->setFont(titleFont);
    m_scenarioDescription = new QLabel(central);
    m_scenarioDescription->setWordWrap(true);
    m_scenarioDescription->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runtimeWarning = new QLabel(central);
    m_runtimeWarning->setWordWrap(true);
    m_runtimeWarning->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_runtimeWarning->setVisible(false);
    m_queuePanel = new QueuePanel(m_simulation, central);
    centralLayout->addWidget(m_scenarioName);
    centralLayout->addWidget(m_scenarioDescription);
    centralLayout->addWidget(m_runtimeWarning);
    centralLayout->addSpacing(4);
    centralLayout->addWidget(m_queuePanel, 1);
    setCentralWidget(central);

    m_status = new StatusSummary(m_simulation, this);
    statusBar()->addPermanentWidget(m_status, 1);

    createActions();
    createToolBar();
    createDocks();
    createMenus();

    connect(m_simulation, &Simulation::cycleCompleted, this, &MainWindow::onCycleCompleted);
    connect(m_simulation, &Simulation::runningChanged, this, &MainWindow::onRunningChanged);
    connect(m_simulation, &Simulation::finished, this, &MainWindow::onFinished);
    connect(m_simulation, &Simulation::scenarioLoaded, this, &MainWindow::onScenarioLoaded);
    connect(m_simulation, &Simulation::setupChanged, this, &MainWindow::scheduleRefresh);

    // A size that shows everything on a projector; smaller on small screens.
    QSize size(1400, 900);
    if (const QScreen *s = screen()) {
        const QSize available = s->availableGeometry().size();
        size = size.boundedTo(available * 0.95);
    }
    resize(size);
    resizeDocks({m_consumerDock}, {int(size.width() * 0.56)}, Qt::Horizontal);
    resizeDocks({m_chartDock}, {int(size.height() * 0.30)}, Qt::Vertical);

    updateHeader();
    updateActions();
}

MainWindow::~MainWindow()
{
    m_simulation->pause();
}

void MainWindow::createActions()
{
    QStyle *s = style();

    m_open = new QAction(s->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    m_open->setShortcut(QKeySequence::Open);
    m_open->setStatusTip(tr("Open a scenario file (JSON). A broken file is refused with every "
                            "problem listed; the current scenario keeps running."));
    connect(m_open, &QAction::triggered, this, &MainWindow::openFileDialog);

    m_saveAs = new QAction(s->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save As…"), this);
    m_saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_S));
    m_saveAs->setStatusTip(tr("Save the current setup, with your live edits, as a scenario file"));
    connect(m_saveAs, &QAction::triggered, this, &MainWindow::saveAsDialog);

    m_quit = new QAction(tr("&Quit"), this);
    m_quit->setShortcut(QKeySequence::Quit);
    m_quit->setStatusTip(tr("Close PriorityLab"));
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    m_runPause = new QAction(this);
    m_runPause->setShortcut(QKeySequence(Qt::Key_Space));
    connect(m_runPause, &QAction::triggered, this, &MainWindow::toggleRun);

    m_step = new QAction(s->standardIcon(QStyle::SP_MediaSkipForward), tr("&Step"), this);
    m_step->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_N)});
    m_step->setToolTip(tr("Run exactly one cycle, then pause (Right or N): producers send what is "
                          "due, the broker hands out batches, consumers decide."));
    m_step->setStatusTip(m_step->toolTip());
    connect(m_step, &QAction::triggered, this, &MainWindow::stepOnce);

    m_reset = new QAction(s->standardIcon(QStyle::SP_MediaSkipBackward), tr("&Reset"), this);
    m_reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_reset->setToolTip(tr("Back to cycle 0 with the scenario as it was opened (Ctrl+R): empty "
                           "queue, same seed, so the same run again. Live edits are undone."));
    m_reset->setStatusTip(m_reset->toolTip());
    connect(m_reset, &QAction::triggered, this, &MainWindow::resetSimulation);

    m_restart = new QAction(tr("Restart with &Current Settings"), this);
    m_restart->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_restart->setToolTip(tr("Back to cycle 0 keeping your live edits (thresholds, strategies, "
                             "online flags, failure rates), to compare runs from the start."));
    m_restart->setStatusTip(m_restart->toolTip());
    connect(m_restart, &QAction::triggered, this, &MainWindow::restartWithCurrentSettings);

    m_speed = new SpeedControl(this);
    connect(m_speed, &SpeedControl::intervalChanged, m_simulation, &Simulation::setIntervalMs);

    m_faster = new QAction(tr("&Faster"), this);
    m_faster->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    m_faster->setStatusTip(tr("One step faster on the speed slider"));
    connect(m_faster, &QAction::triggered, m_speed, &SpeedControl::faster);
    m_slower = new QAction(tr("S&lower"), this);
    m_slower->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    m_slower->setStatusTip(tr("One step slower on the speed slider"));
    connect(m_slower, &QAction::triggered, m_speed, &SpeedControl::slower);

    m_about = new QAction(tr("&About PriorityLab"), this);
    connect(m_about, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setMovable(false);
    bar->addAction(m_runPause);
    bar->addAction(m_step);
    bar->addAction(m_reset);
    bar->addSeparator();
    bar->addWidget(m_speed);
    bar->addSeparator();
    bar->addAction(m_open);
}

void MainWindow::createDocks()
{
    // Consumers on the right of the queue; the charts below both, full width (time runs wide).
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);

    m_consumerPanel = new ConsumerPanel(m_setupEditor, this);
    m_consumerDock = new QDockWidget(tr("Consumers"), this);
    m_consumerDock->setObjectName(QStringLiteral("consumersDock"));
    m_consumerDock->setWidget(m_consumerPanel);
    m_consumerDock->setToolTip(tr("The broker hands batches round-robin to the online consumers. "
                                  "Each decides per message with its own strategy; change it here "
                                  "while the simulation runs."));
    m_consumerDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                                | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, m_consumerDock);

    m_chartPanel = new ChartPanel(m_simulation, this);
    m_chartDock = new QDockWidget(tr("Charts"), this);
    m_chartDock->setObjectName(QStringLiteral("chartsDock"));
    m_chartDock->setWidget(m_chartPanel);
    m_chartDock->setFeatures(m_consumerDock->features());
    addDockWidget(Qt::BottomDockWidgetArea, m_chartDock);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_open);
    file->addAction(m_saveAs);
    file->addSeparator();
    file->addAction(m_quit);

    QMenu *presets = menuBar()->addMenu(tr("S&cenarios"));
    presets->setToolTipsVisible(true);
    for (const ScenarioCatalog::Entry &entry : ScenarioCatalog::entries()) {
        QString text = entry.name;
        text.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction *action = presets->addAction(text);
        action->setToolTip(entry.description);
        action->setStatusTip(entry.description);
        action->setData(entry.path);
        const QString path = entry.path;
        connect(action, &QAction::triggered, this, [this, path] { openScenarioFile(path); });
    }

    QMenu *run = menuBar()->addMenu(tr("&Simulation"));
    run->addAction(m_runPause);
    run->addAction(m_step);
    run->addSeparator();
    run->addAction(m_reset);
    run->addAction(m_restart);
    run->addSeparator();
    run->addAction(m_faster);
    run->addAction(m_slower);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addAction(m_consumerDock->toggleViewAction());
    m_viewMenu->addAction(m_chartDock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_about);
}

QStringList MainWindow::openScenarioFile(const QString &path)
{
    const ScenarioLoadResult result = loadScenarioFile(path);
    QStringList errors = result.errors;
    if (result.ok())
        errors = loadScenario(*result.scenario, path);
    else if (errors.isEmpty())
        errors << tr("%1: the file could not be read as a scenario").arg(path);
    if (!errors.isEmpty() && !result.ok())
        reportProblems(tr("Could not open %1").arg(QFileInfo(path).fileName()), errors);
    return errors;
}

QStringList MainWindow::loadScenario(const Scenario &scenario, const QString &path)
{
    const bool wasRunning = m_simulation->isRunning();
    QStringList errors = m_simulation->load(scenario);
    if (!errors.isEmpty()) {
        if (!path.isEmpty()) {
            for (QString &e : errors)
                e.prepend(path + QStringLiteral(": "));
        }
        // Simulation::load() pauses before it checks: resume, so a refused file changes nothing.
        if (wasRunning)
            m_simulation->run();
        reportProblems(tr("Could not open %1").arg(path.isEmpty() ? scenario.name : QFileInfo(path).fileName()),
                       errors);
        return errors;
    }
    m_currentFile = path;
    updateHeader();
    if (wasRunning)
        m_simulation->run();
    return {};
}

QString MainWindow::saveScenarioFile(const QString &path)
{
    const QString error = PriorityLab::saveScenarioFile(m_simulation->currentScenario(), path);
    if (!error.isEmpty())
        reportProblems(tr("Could not save the scenario"), {error});
    else
        statusBar()->showMessage(tr("Saved to %1").arg(QDir::toNativeSeparators(path)), 5000);
    return error;
}

void MainWindow::reportProblems(const QString &title, const QStringList &problems)
{
    Q_EMIT problemsReported(title, problems);
    if (!m_showDialogs)
        return;
    QMessageBox box(QMessageBox::Warning, tr("PriorityLab"), QString(), QMessageBox::Ok, this);
    box.setTextFormat(Qt::RichText);
    box.setText(QStringLiteral("<b>%1</b><br>%2")
                        .arg(title.toHtmlEscaped(),
                             (problems.size() == 1
                                      ? tr("1 problem found.")
                                      : tr("%1 problems found.").arg(problems.size()))
                                     + QLatin1Char(' ')
                                     + tr("The current scenario keeps running unchanged.")));
    const int shown = 12;
    QString list = QStringLiteral("<ul style=\"margin-left: 0px; -qt-list-indent: 1;\">");
    for (qsizetype i = 0; i < std::min<qsizetype>(problems.size(), shown); ++i)
        list += QStringLiteral("<li>") + problems.at(i).toHtmlEscaped() + QStringLiteral("</li>");
    list += QStringLiteral("</ul>");
    if (problems.size() > shown)
        list += tr("… and %1 more: see Show Details.").arg(problems.size() - shown);
    box.setInformativeText(list);
    box.setDetailedText(problems.join(QLatin1Char('\n')));
    box.exec();
}

void MainWindow::scheduleRefresh()
{
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void MainWindow::onCycleCompleted(const CycleReport &report)
{
    if (!report.warnings.isEmpty()) {
        m_lastWarning = report.warnings.constLast();
        m_lastWarningCycle = report.cycle;
        m_warningCount += report.warnings.size();
        m_warningChanged = true;
    }
    scheduleRefresh();
}

void MainWindow::refreshViews()
{
    m_refreshTimer.stop();
    m_queuePanel->refresh();
    m_consumerPanel->refresh();
    m_chartPanel->refresh();
    m_status->refresh();
    if (m_warningChanged) {
        m_warningChanged = false;
        m_runtimeWarning->setText(tr("⚠ Cycle %1: %2 (%3 warnings so far)")
                                          .arg(m_lastWarningCycle)
                                          .arg(m_lastWarning)
                                          .arg(m_warningCount));
        m_runtimeWarning->setVisible(true);
    }
}

void MainWindow::onRunningChanged(bool)
{
    updateActions();
    scheduleRefresh();
}

void MainWindow::onFinished(const QString &reason)
{
    statusBar()->showMessage(tr("The broker stopped: %1. Reset (Ctrl+R) to run it again.").arg(reason), 8000);
    updateActions();
    scheduleRefresh();
}

void MainWindow::onScenarioLoaded()
{
    m_speed->setIntervalMs(m_simulation->intervalMs());
    m_lastWarning.clear();
    m_lastWarningCycle = -1;
    m_warningCount = 0;
    m_warningChanged = false;
    m_runtimeWarning->clear();
    m_runtimeWarning->setVisible(false);
    updateHeader();
    updateActions();
    refreshViews();
}

void MainWindow::updateActions()
{
    const bool running = m_simulation->isRunning();
    const bool finished = m_simulation->isFinished();
    m_runPause->setText(running ? tr("&Pause") : tr("&Run"));
    m_runPause->setIcon(style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_runPause->setToolTip(running ? tr("Pause the simulation (Space)")
                                   : finished ? tr("The run is finished: Reset (Ctrl+R) to start again")
                                              : tr("Run cycles at the chosen speed (Space)"));
    m_runPause->setStatusTip(m_runPause->toolTip());
    m_runPause->setEnabled(running || !finished);
    m_step->setEnabled(!finished);
}

void MainWindow::updateHeader()
{
    const Scenario &s = m_simulation->loadedScenario();
    const QString name = s.name.isEmpty() ? tr("Untitled scenario") : s.name;
    m_scenarioName->setText(name);
    m_scenarioDescription->setText(s.description);
    m_scenarioDescription->setVisible(!s.description.isEmpty());
    setWindowTitle(tr("%1 — PriorityLab").arg(name));
    m_scenarioName->setToolTip(m_currentFile.isEmpty()
                                       ? QString()
                                       : tr("From %1").arg(QDir::toNativeSeparators(m_currentFile)));
}

void MainWindow::toggleRun()
{
    if (m_simulation->isRunning())
        m_simulation->pause();
    else
        m_simulation->run();
}

void MainWindow::stepOnce()
{
    m_simulation->pause();
    m_simulation->step();
}

void MainWindow::resetSimulation()
{
    const bool wasRunning = m_simulation->isRunning();
    m_simulation->reset();
    if (wasRunning)
        m_simulation->run();
}

void MainWindow::restartWithCurrentSettings()
{
    loadScenario(m_simulation->currentScenario(), m_currentFile);
}

void MainWindow::openFileDialog()
{
    QString dir = QDir::currentPath();
    if (!m_currentFile.isEmpty() && !m_currentFile.startsWith(QLatin1Char(':')))
        dir = QFileInfo(m_currentFile).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), dir,
                                                      tr("Scenarios (*.json);;All files (*)"));
    if (!path.isEmpty())
        openScenarioFile(path);
}

void MainWindow::saveAsDialog()
{
    QString suggestion = m_currentFile;
    if (suggestion.isEmpty() || suggestion.startsWith(QLatin1Char(':')))
        suggestion = QDir::current().filePath(
                suggestion.isEmpty() ? QStringLiteral("scenario.json") : QFileInfo(suggestion).fileName());
    QString path = QFileDialog::getSaveFileName(this, tr("Save scenario as"), suggestion,
                                                tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    saveScenarioFile(path);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About PriorityLab"),
                       tr("<b>PriorityLab %1</b><p>Simulates a priority message system — producers, "
                          "one broker, consumers with prioritization strategies — and shows it "
                          "live, for exploring strategies, tuning thresholds and TTL ranges, and "
                          "teaching.</p>")
                               .arg(QApplication::applicationVersion()));
}

} // namespace PriorityLab
