#pragma once

#include <QMainWindow>
#include <QStringList>
#include <QTimer>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;

namespace PriorityLab {

class ChartPanel;
class ConsumerPanel;
class QueuePanel;
class SetupEditor;
class Simulation;
class SpeedControl;
class StatusSummary;
struct CycleReport;
struct Scenario;

/// The PriorityLab window: run controls (toolbar and Simulation menu), the scenario's name and
/// description, the broker's queue (central), the consumer cards (right dock), the queue depth
/// chart (bottom dock) and the status bar's totals with the conservation check.
///
/// It owns the Simulation. Views never update per message: the simulation publishes one report
/// per cycle, and the window refreshes every view from one coalescing timer at most
/// refreshIntervalMs() apart, pulling what changed, so that the UI stays responsive at "as fast
/// as possible". refreshViews() does the same at once (tests, screenshots).
///
/// Problems (a broken scenario file, a failed save) go to a dialog, or only to the
/// problemsReported() signal when showDialogs is false (tests, --screenshot).
class MainWindow : public QMainWindow
{
    Q_OBJECT
    Q_PROPERTY(bool showDialogs READ showDialogs WRITE setShowDialogs)

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Simulation *simulation() const { return m_simulation; }
    SetupEditor *setupEditor() const { return m_setupEditor; }
    QueuePanel *queuePanel() const { return m_queuePanel; }
    ConsumerPanel *consumerPanel() const { return m_consumerPanel; }
    ChartPanel *chartPanel() const { return m_chartPanel; }
    StatusSummary *statusSummary() const { return m_status; }
    SpeedControl *speedControl() const { return m_speed; }

    /// Opens the scenario file @p path (a file or a `:/scenarios/...` resource). Returns every
    /// problem found (empty on success). On success the new scenario replaces the old one and
    /// runs if the old one was running. On error the current scenario stays and keeps running
    /// untouched, and the problems are reported (dialog or problemsReported()).
    QStringList openScenarioFile(const QString &path);

    /// Loads @p scenario, read from @p path (may be empty). Same rules as openScenarioFile().
    QStringList loadScenario(const Scenario &scenario, const QString &path);

    /// Saves the current setup, live edits included (Simulation::currentScenario()), to @p path
    /// atomically. Returns the error in words, or an empty string; errors are also reported.
    QString saveScenarioFile(const QString &path);

    /// The file or resource the current scenario came from; empty if none.
    QString currentFile() const { return m_currentFile; }

    /// Whether problems are shown in dialogs (default) or only emitted (tests, screenshots).
    bool showDialogs() const { return m_showDialogs; }
    void setShowDialogs(bool show) { m_showDialogs = show; }

    /// Refreshes every view now (queue, consumers, chart, status bar).
    void refreshViews();

    /// Longest time between a change and the views showing it, in milliseconds (about 30 Hz).
    static constexpr int refreshIntervalMs() { return 33; }

    /// The run actions, e.g. for tests of their shortcuts.
    QAction *runPauseAction() const { return m_runPause; }
    QAction *stepAction() const { return m_step; }
    QAction *resetAction() const { return m_reset; }

Q_SIGNALS:
    /// Problems to show the user: @p title in words, then one line per problem.
    void problemsReported(const QString &title, const QStringList &problems);

private:
    void createActions();
    void createMenus();
    void createToolBar();
    void createDocks();
    void scheduleRefresh();
    void onCycleCompleted(const CycleReport &report);
    void onRunningChanged(bool running);
    void onFinished(const QString &reason);
    void onScenarioLoaded();
    void updateActions();
    void updateHeader();
    void reportProblems(const QString &title, const QStringList &problems);
    void toggleRun();
    void stepOnce();
    void resetSimulation();
    void restartWithCurrentSettings();
    void openFileDialog();
    void saveAsDialog();
    void showAbout();

    Simulation *m_simulation = nullptr;
    SetupEditor *m_setupEditor = nullptr;
    QueuePanel *m_queuePanel = nullptr;
    ConsumerPanel *m_consumerPanel = nullptr;
    ChartPanel *m_chartPanel = nullptr;
    StatusSummary *m_status = nullptr;
    SpeedControl *m_speed = nullptr;
    QDockWidget *m_consumerDock = nullptr;
    QDockWidget *m_chartDock = nullptr;
    QLabel *m_scenarioName = nullptr;
    QLabel *m_scenarioDescription = nullptr;
    QLabel *m_runtimeWarning = nullptr;

    QAction *m_open = nullptr;
    QAction *m_saveAs = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_runPause = nullptr;
    QAction *m_step = nullptr;
    QAction *m_reset = nullptr;
    QAction *m_restart = nullptr;
    QAction *m_faster = nullptr;
    QAction *m_slower = nullptr;
    QAction *m_about = nullptr;
    QMenu *m_viewMenu = nullptr;

    QTimer m_refreshTimer;
    QString m_currentFile;
    QString m_lastWarning;
    qint64 m_lastWarningCycle = -1;
    qint64 m_warningCount = 0;
    bool m_warningChanged = false;
    bool m_showDialogs = true;
};

} // namespace PriorityLab
