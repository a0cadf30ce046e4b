#pragma once

#include "core/analysis/refreshsnapshot.h"
#include "ui/shell/scenariofiles.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <array>
#include <memory>

class QAction;
class QCloseEvent;
class QDockWidget;
class QLabel;
class QMenu;
class QToolBar;
class QToolButton;

namespace PriorityLab {

class AlarmPanel;
class BrokerPanel;
class ChartPanel;
class ConsumerPanel;
class DeadLetterPanel;
class EventLogPanel;
class ProducerPanel;
class ScenarioInfo;
class Journal;
class JourneyPanel;
class HighlightOverlay;
class LessonPanel;
class PresentationMode;
class QueuePanel;
class RabbitMqConnection;
class ShortcutGuard;
class SweepDialog;
class Zoom;
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
/// It owns the Simulation and is the only listener of Simulation::cycleCompleted. Views never
/// update per message: the simulation publishes one report per cycle, the window collects them
/// (CycleAccumulator) and refreshes every view from one coalescing timer at most
/// refreshIntervalMs() apart with one RefreshSnapshot (the reports since the last tick,
/// aggregated once, and the simulation), so that the UI stays responsive at "as fast as
/// possible". refreshViews() does the same at once (tests, screenshots).
///
/// Scenario files (open, save, recent files, the catalog menu, the rules of loading) are
/// ScenarioFiles' job. Problems (a broken scenario file, a failed save) go to a dialog, or only
/// to the problemsReported() signal when showDialogs is false (tests, --screenshot).
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
    /// The Simulation menu's line naming the speed and the scenario's interval (disabled).
    QAction *speedInfoAction() const { return m_speedInfo; }
    /// The status bar's speed notice, left of the figures: shown for a few seconds after [ or ]
    /// (or the slider) changes the speed, e.g. "Speed 6× (33 ms per cycle)", the whole
    /// SpeedControl::speedText() in its tooltip; hidden otherwise. The figures stay in sight.
    QLabel *speedNoticeLabel() const { return m_speedNotice; }
    /// A notice given while the simulation runs (showNotice()): beside the figures, not over
    /// them; hidden after its few seconds.
    QLabel *runNoticeLabel() const { return m_runNotice; }
    /// How long a notice stays by default (ms): a few seconds, then the figures are whole again.
    static constexpr int NoticeMs = 4000;
    ProducerPanel *producerPanel() const { return m_producerPanel; }
    BrokerPanel *brokerPanel() const { return m_brokerPanel; }
    /// The scenario's name, description and "what to try" hint above the queue.
    ScenarioInfo *scenarioInfo() const { return m_scenarioInfo; }

    /// Restores what the user had last time (QSettings, see Settings): window geometry and dock
    /// layout, speed, recent files; from then on they are remembered (recent files as they are
    /// opened and saved, layout and speed on close). Not called for --screenshot and in tests,
    /// so that those see the same window every time.
    void restoreSettings();
    /// Whether restoreSettings() was called (settings are read and written).
    bool remembersSettings() const { return m_rememberSettings; }
    /// Shows the window as a user first sees it: maximized where its preferred size
    /// (PreferredSize) does not fit the screen's available area (a 1280x720 projector, a
    /// 1024x768 laptop), so that the lesson row has the room its step texts are fitted to
    /// (docs/design.md §8); otherwise at the size the constructor chose, or as a geometry
    /// restored by restoreSettings() left it (maximized or not).
    void showAsFirstSeen();
    /// The window's size where the screen has room for it, in pixels.
    static constexpr QSize PreferredSize{1400, 900};
    /// Writes the window layout and the speed to QSettings now (also done on close).
    void saveSettings();
    /// The journeys of recent messages, fed with every cycle report.
    Journal *journal() const { return m_journal.get(); }
    /// The message journey dock's panel; JourneyPanel::showJourney() selects a message.
    JourneyPanel *journeyPanel() const { return m_journeyPanel; }
    /// The alarm banner above the queue (it owns the AlarmMonitor).
    AlarmPanel *alarmPanel() const { return m_alarmPanel; }
    /// File > Connect to RabbitMQ… and its status-bar indicator (the app's --amqp URL).
    RabbitMqConnection *rabbitMq() const { return m_rabbitMq; }
    /// The event log dock's panel.
    EventLogPanel *eventLogPanel() const { return m_eventLogPanel; }
    /// The dead letters dock's panel.
    DeadLetterPanel *deadLetterPanel() const { return m_deadLetterPanel; }
    /// The lesson dock's panel (guided lessons: a scenario's "steps").
    LessonPanel *lessonPanel() const { return m_lessonPanel; }
    /// The View menu (zoom, presentation mode, the panes keys, the docks).
    QMenu *viewMenu() const { return m_viewMenu; }
    /// View > Zoom In / Zoom Out / Actual Size (Ctrl++, Ctrl+-, Ctrl+0), remembered in settings.
    Zoom *zoom() const { return m_zoom; }
    /// Opens a new Analysis > Sweep… window on the current setup (deleted when closed) and
    /// returns it.
    SweepDialog *openSweepDialog();
    /// View > Presentation Mode (F11 or F5; Esc leaves).
    PresentationMode *presentationMode() const { return m_presentation; }
    /// The widget a lesson step's highlight name stands for (lessonViews(), "consumers[i]",
    /// "consumers[i].strategy.PARAMETER"), its dock brought to the front; nullptr if none.
    QWidget *viewForHighlight(const QString &name);
    /// The frame a lesson step draws around the first view it names.
    HighlightOverlay *highlightOverlay() const { return m_highlights.constFirst(); }
    /// The frames of the views the step names, in its order (LessonStep::highlights): as many as
    /// it names that exist; the first is highlightOverlay().
    QList<HighlightOverlay *> highlightOverlays() const;

    /// What to do with unsaved edits before they would be lost (another scenario, Reset, Quit):
    /// asks Save / Discard / Cancel (or, without dialogs, follows setUnsavedEditsAnswer()).
    /// Returns true when the caller may go on (saved, discarded, or nothing to lose).
    bool confirmDiscardEdits(const QString &action);
    /// The answer confirmDiscardEdits() gives while dialogs are off (tests): Discard by default,
    /// QMessageBox::Save or QMessageBox::Cancel.
    void setUnsavedEditsAnswer(int button) { m_unsavedAnswer = button; }
    /// The last question confirmDiscardEdits() asked (also with dialogs off): its text, a newline,
    /// then its informative text, e.g. "“Default” (default.json) has 3 unsaved edits. Save them
    /// before opening “Aging” (lesson-aging.json)?\nDiscard loses these 3 edits and the undo
    /// history."
    QString lastUnsavedEditsQuestion() const { return m_lastUnsavedQuestion; }
    /// The default button (Enter) of the last question confirmDiscardEdits() asked: Save while an
    /// edit in effect is unsaved; Discard when none is (only edits the saved file holds are
    /// undone, or one moved to a later cycle: Enter keeps the file as it is).
    int lastUnsavedEditsDefault() const { return m_lastUnsavedDefault; }

    /// Opens the scenario file @p path (a file or a `:/scenarios/...` resource). Returns every
    /// problem found (empty on success). On success the new scenario replaces the old one and
    /// runs if the old one was running. On error the current scenario stays and keeps running
    /// untouched, and the problems are reported (dialog or problemsReported()).
    QStringList openScenarioFile(const QString &path) { return m_files->openScenarioFile(path); }

    /// Loads @p scenario, read from @p path (may be empty). Same rules as openScenarioFile().
    QStringList loadScenario(const Scenario &scenario, const QString &path)
    {
        return m_files->loadScenario(scenario, path);
    }

    /// Saves the current setup, live edits included (Simulation::currentScenario()), to @p path
    /// atomically. Returns the error in words, or an empty string; errors are also reported.
    QString saveScenarioFile(const QString &path) { return m_files->saveScenarioFile(path); }

    /// The file or resource the current scenario came from; empty if none.
    QString currentFile() const { return m_files->currentFile(); }

    /// Whether problems are shown in dialogs (default) or only emitted (tests, screenshots).
    bool showDialogs() const { return m_files->showDialogs(); }
    void setShowDialogs(bool show) { m_files->setShowDialogs(show); }
    /// Opening, saving and the recent files.
    ScenarioFiles *scenarioFiles() const { return m_files; }

    /// Refreshes every view now (queue, consumers, chart, status bar) with takeSnapshot().
    void refreshViews();
    /// The cycle reports collected since the last refresh, as one snapshot; the next refresh
    /// gets only what runs after. What refreshViews() hands to each view (benchmarks time the
    /// views alone with it).
    RefreshSnapshot takeSnapshot() { return m_cycles.take(*m_simulation); }

    /// The parts of refreshViews(), in its order: the snapshot, then each view.
    enum class RefreshPart { Snapshot, Queue, Consumers, Producers, CycleLabel, Charts, Journey, EventLog,
                             DeadLetters, Alarms, Status, Count };
    /// The name of @p part, e.g. "Charts".
    static const char *refreshPartName(RefreshPart part);
    /// Processor time each part took in the last refreshViews(), in nanoseconds (by RefreshPart;
    /// std::clock(), so microsecond steps, and time the process was not running is not counted;
    /// the layout and paint they cause come later, in the event loop): the benchmark tells what
    /// made its longest refresh long on a shared machine (docs/design.md §9). All 0 before the
    /// first refresh.
    const std::array<qint64, size_t(RefreshPart::Count)> &lastRefreshCpuNs() const { return m_lastRefreshCpuNs; }

    /// Longest time between a change and the views showing it, in milliseconds (about 30 Hz).
    static constexpr int refreshIntervalMs() { return 33; }

    /// The run actions, e.g. for tests of their shortcuts.
    QAction *runPauseAction() const { return m_runPause; }
    QAction *stepAction() const { return m_step; }
    QAction *resetAction() const { return m_reset; }
    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    QAction *saveAction() const { return m_save; }
    QAction *quitAction() const { return m_quit; }
    QAction *nextStepAction() const { return m_nextStep; }
    QAction *previousStepAction() const { return m_previousStep; }
    QAction *presentationAction() const { return m_presentationAction; }
    QAction *helpAction() const { return m_help; }
    /// File > Open Recent (at most 8 files; missing files are dropped when it opens).
    QMenu *recentMenu() const { return m_recentMenu; }

Q_SIGNALS:
    /// Problems to show the user: @p title in words, then one line per problem.
    void problemsReported(const QString &title, const QStringList &problems);

protected:
    void closeEvent(QCloseEvent *event) override;
    /// On a palette change (a dark desktop palette, presentation mode's high contrast) the
    /// toolbar's icons are drawn again in the new button text colour.
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /// The viewports around the outlined views (watchOutlinedViewports()): one that changes size
    /// brings the step's views into sight again (keepHighlightInSight()), once the layouts settle.
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// Tab and Shift+Tab follow the screen (FocusOrder): reading order, visible widgets only.
    bool focusNextPrevChild(bool next) override;

private:
    void createActions();
    /// A new action of this window: @p text, @p shortcuts (the first is shown in menus) and the
    /// status-bar text @p statusTip.
    QAction *createAction(const QString &text, const QList<QKeySequence> &shortcuts,
                          const QString &statusTip);
    void createMenus();
    void createToolBar();
    void createDocks();
    /// A dock titled @p title around @p content (movable, floatable, closable), named
    /// @p objectName for the saved layout, with tooltip @p toolTip; not yet placed.
    QDockWidget *createDock(const QString &title, const QString &objectName, QWidget *content,
                            const QString &toolTip = QString());
    void scheduleRefresh();
    void onCycleCompleted(const CycleReport &report);
    void onRunningChanged(bool running);
    void onFinished(const QString &reason);
    void onScenarioLoaded();
    void updateActions();
    /// Shows the run's speed (Simulation::intervalMs(), the view's) beside the scenario's own
    /// interval (SetupEditor::scenarioIntervalMs()) in the speed control and the Simulation menu.
    void updateSpeed();
    /// The panes F6 and Shift+F6 go through, in order: the toolbar, the lesson, the queue (the
    /// central widget), the consumers, producers and broker docks, the charts, the journey, the
    /// event log and the dead letters (FocusOrder::nextPane() skips those with nothing to focus).
    QList<QWidget *> panes() const;
    /// Moves the keyboard to the next (@p forward) or previous pane: its first Tab stop, or the
    /// lesson's Next button; outlined as after Tab (Qt::TabFocusReason).
    void focusPane(bool forward);
    void updateIcons();
    /// The toolbar's extension button ("»") in the palette's button text colour.
    void updateExtensionIcon();
    void updateHeader();
    void toggleRun();
    void stepOnce();
    void resetSimulation();
    void editScenarioInfo();
    void showAbout();
    void showHelp();
    /// Shows @p text in the status bar for @p timeoutMs ms (a few seconds) where it can be read.
    /// For what the user must read now: a lesson's notice, why Page Down waited. Paused, the
    /// figures (StatusSummary, which fills the bar) step aside until the message goes, or until
    /// the run starts; while the simulation runs it never covers them: it is shown beside them
    /// (runNoticeLabel(), elided, whole in its tooltip) ("Step 2 played to its end at once"
    /// hid the live counts from cycle 55 to past cycle 81 of the next step).
    void showNotice(const QString &text, int timeoutMs = NoticeMs);
    /// The notice shown when @p key waited for a field's edit (ShortcutGuard::editPending()):
    /// Page Down, Page Up or Ctrl+R for a pending edit, Space, N or Right that a field being
    /// typed into had no use for. It says how to finish the edit and, for a run key, what the
    /// key does then (Space: runs, or pauses while @p running); cleared as soon as that edit ends.
    static QString finishEditNotice(const QKeySequence &key = {}, bool running = false);
    /// What Run's tooltip and a refused run key (Space, Right, N) say once the run has
    /// finished: that Reset starts it again.
    static QString runFinishedNotice();
    /// Shows the speed the simulation now runs at in speedNoticeLabel() for a few seconds.
    void showSpeedNotice();
    /// Writes the speed the simulation runs at now into speedNoticeLabel() (text, tooltip).
    void writeSpeedNotice();
    void highlight(const QStringList &names);
    /// A scenario just opened (not on Reset): the first chart page, the consumers' and the
    /// journey's tabs in front, as in a fresh window, then the current (first) lesson step's
    /// highlight; nothing the scenario before brought to the front stays (docs/design.md §8).
    void showOpenedViews();
    void onZoomChanged(int percent);
    /// Shows the zoom @p percent: the status bar's zoom label (hidden at 100%) and the View
    /// menu's zoom actions ("Actual Size (now 150%)", "Zoom in to 160%").
    void showZoom(int percent);
    /// The Run/Pause action's texts.
    static QString runLabel();
    static QString pauseLabel();
    /// Gives the Run/Pause toolbar button the width of its wider text (again after a zoom).
    void fitRunButton();
    /// Shares the bottom dock area's width among the charts, the journey's tab group and the
    /// lesson (when shown; lessonRowWidths()), or the charts and the lesson while presenting;
    /// then, queued, fitLessonHeight(). Done again whenever the window's width changes (shown,
    /// maximized, another screen; not while presenting): made once, for the window's first
    /// size, the lesson kept about 230 px of a 1024-pixel window and 290 of a 1280-pixel one.
    void arrangeBottomDocks();
    /// The widths (px) of the charts, the journey's tab group and the lesson in a window
    /// @p width px wide, not presenting: the group at least JourneyGroupWidth (its tables' key
    /// columns whole) or 26%; the charts at least ChartsWidth at the zoom of now (two charts'
    /// axes, their legends whole) or 30%, and a tab per chart (ChartPanel::tabsWidth()) where
    /// that leaves the lesson LessonLeast; the lesson the rest up to LessonWidth or 32%, any more
    /// to the charts (at 100%: 1024 px: 307, 472, 245; 1280 px: about 410, 472, 398). The
    /// docks' least widths (zoomed text) win over these.
    std::array<int, 3> lessonRowWidths(int width) const;
    static constexpr int JourneyGroupWidth = 472;
    static constexpr int ChartsWidth = 307;
    static constexpr int LessonWidth = 440;
    static constexpr int LessonLeast = 245;
    /// What a dock's frame and its separator take each side of its content (px).
    static constexpr int ChartTabsMargin = 6;
    /// Makes the bottom dock row as high as the lesson needs to show every step of the lesson
    /// whole (LessonPanel::heightForSteps() at its width), by as much as the left column can
    /// give without a scroll bar (its least height stays: the queue's tiles); never lower.
    /// Not while presenting, which keeps its own layout.
    void fitLessonHeight();
    /// arrangeBottomDocks() and, while presenting, the consumers' and the charts' shares.
    void arrangeDocks();
    /// Scrolls the focused widget into view inside its scroll areas (after a resize or a zoom).
    void keepFocusInSight();
    /// After a zoom: keepFocusInSight(), or while the window itself holds the keys, scrolls the
    /// field the dashed frame outlines (where Tab resumes or starts, FocusFrame) into view.
    void keepKeyboardPlaceInSight();
    /// Moves a keyboard focus that can no longer be seen (its dock went behind another tab of
    /// its group) to where Tab would go from it (FocusOrder::next()), so the focus stays visible.
    void rescueFocus();
    /// Presentation mode entered or left: unless a control that can be seen has the keyboard,
    /// gives it to the lesson's Next button (Page Down's button), or else to the queue, so
    /// that the focus is outlined where the class looks and the run keys work at once.
    void focusForPresentation();
    /// The left column without a scroll bar where it can be had: a column a few pixels too tall
    /// for its room (the queue's tiles, an alarm's banner) takes them from the charts' row, down
    /// to the charts' minimum; a plain scenario's description and hint fold (ScenarioInfo::
    /// foldForRoom()) where even that is not enough.
    void fitColumn();
    /// The alarm banner on one line while presenting, or with a lesson open in a window lower
    /// than CompactAlarmHeight pixels.
    void updateAlarmCompact();
    static constexpr int CompactAlarmHeight = 820;
    /// Below this window height (px) the folded banner of a lesson is one line, else two
    /// (AlarmPanel::setCompactLines()).
    static constexpr int TwoLineAlarmHeight = 700;
    /// Scrolls the lesson step's highlighted views into sight: the first named first (its card
    /// first, so far as it fits, then its editor), then as many of the others as fit with it
    /// (a scroll that would take an earlier one out of sight is undone); then
    /// updateHighlightCue().
    void keepHighlightInSight();
    /// Watches the viewports of the scroll areas around the outlined views (and no others) for
    /// their size: see eventFilter().
    void watchOutlinedViewports();
    /// Brings every dock that holds one of the lesson step's outlined views in front of its tab
    /// group (the first named last, so that it wins in a group), then keepHighlightInSight():
    /// after leaving presentation mode the docks' state put back left the Broker panel of the
    /// poison-message lesson's step 4 behind the Consumers tab.
    void raiseHighlightedDocks();
    /// The window itself takes the keys, the dashed outline marking where Tab starts, as at
    /// startup: after a scenario is opened and after Reset (docs/help.md, keyboard); a field whose
    /// edit ended there is no longer where Tab goes on.
    void holdTheKeys();
    /// Tells the lesson panel which outlined views are out of sight and where to scroll for
    /// them (LessonPanel::setOutlineCue()), e.g. "B, C: scroll down to see them", or that their
    /// dock is behind another tab ("parking-lot: on the Consumers tab") or closed (not while
    /// presenting, which hides docks itself); no cue when every outlined view can be seen.
    void updateHighlightCue();
    /// Brings the first of the lesson step's outlined views that cannot be seen into sight
    /// (LessonPanel::outlineCueClicked()): its closed dock shown, its tab in front, scrolled to
    /// in its scroll areas; the keyboard focus stays where it is.
    void showOutlinedOutOfSight();
    /// A new outline for a lesson step's view (its moves update the cue).
    HighlightOverlay *addHighlightOverlay();
    /// The docks presentation mode keeps: the consumers, the charts, the lesson while one is open.
    QList<QDockWidget *> keptDocks() const;

    ShortcutGuard *m_shortcutGuard = nullptr;
    Simulation *m_simulation = nullptr;
    SetupEditor *m_setupEditor = nullptr;
    ScenarioFiles *m_files = nullptr;
    QueuePanel *m_queuePanel = nullptr;
    ConsumerPanel *m_consumerPanel = nullptr;
    ChartPanel *m_chartPanel = nullptr;
    StatusSummary *m_status = nullptr;
    SpeedControl *m_speed = nullptr;
    QDockWidget *m_consumerDock = nullptr;
    QDockWidget *m_chartDock = nullptr;
    std::unique_ptr<Journal> m_journal;
    JourneyPanel *m_journeyPanel = nullptr;
    QDockWidget *m_journeyDock = nullptr;
    ProducerPanel *m_producerPanel = nullptr;
    BrokerPanel *m_brokerPanel = nullptr;
    QDockWidget *m_producerDock = nullptr;
    QDockWidget *m_brokerDock = nullptr;
    ScenarioInfo *m_scenarioInfo = nullptr;
    QLabel *m_cycleLabel = nullptr;
    QLabel *m_zoomLabel = nullptr;  ///< "Zoom 150%" in the status bar, hidden at 100%
    QLabel *m_speedNotice = nullptr;  ///< speedNoticeLabel()
    QPointer<QWidget> m_finishEditField;  ///< the field finishEditNotice() is about, until its edit ends
    QString m_finishEditNotice;          ///< that notice as shown
    int m_speedNoticeMs = -1;         ///< the interval (ms) speedNoticeLabel() says
    QTimer m_speedNoticeTimer;        ///< hides m_speedNotice
    QLabel *m_runNotice = nullptr;    ///< runNoticeLabel()
    QTimer m_runNoticeTimer;          ///< hides m_runNotice
    QMenu *m_recentMenu = nullptr;
    QAction *m_save = nullptr;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QAction *m_editInfo = nullptr;
    bool m_rememberSettings = false;
    bool m_geometryRestored = false; ///< restoreSettings() found a remembered geometry
    AlarmPanel *m_alarmPanel = nullptr;
    EventLogPanel *m_eventLogPanel = nullptr;
    DeadLetterPanel *m_deadLetterPanel = nullptr;
    QDockWidget *m_eventLogDock = nullptr;
    QDockWidget *m_deadLetterDock = nullptr;

    QAction *m_open = nullptr;
    QAction *m_saveAs = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_runPause = nullptr;
    QToolButton *m_runButton = nullptr;  ///< the toolbar's Run/Pause button
    QAction *m_step = nullptr;
    QAction *m_reset = nullptr;
    QAction *m_restart = nullptr;
    QAction *m_faster = nullptr;
    QAction *m_slower = nullptr;
    QAction *m_nextPane = nullptr;      ///< F6
    QAction *m_previousPane = nullptr;  ///< Shift+F6
    QToolBar *m_toolBar = nullptr;
    QAction *m_speedInfo = nullptr;  ///< the Simulation menu's line naming the speed (disabled)
    QAction *m_about = nullptr;
    QAction *m_help = nullptr;
    QAction *m_nextStep = nullptr;
    QAction *m_previousStep = nullptr;
    QAction *m_presentationAction = nullptr;
    QAction *m_leavePresentation = nullptr;
    QAction *m_zoomIn = nullptr;
    QAction *m_zoomOut = nullptr;
    QAction *m_zoomReset = nullptr;
    QMenu *m_viewMenu = nullptr;
    LessonPanel *m_lessonPanel = nullptr;
    QDockWidget *m_lessonDock = nullptr;
    QList<HighlightOverlay *> m_highlights;  ///< one per outlined view; at least one
    qsizetype m_outlineShown = -1;  ///< the outline the last click on the cue brought into sight (showOutlinedOutOfSight())
    QStringList m_highlightNames;  ///< the step's name of each outlined view, as m_highlights
    /// The viewports of the scroll areas around the outlined views, watched for their size
    /// (eventFilter()): the consumers' view lost 24 px to a layout after the step scrolled a
    /// card into it at 120 % zoom, and the card's last row (the topics the step is about) went
    /// out of sight.
    QList<QPointer<QWidget>> m_outlinedViewports;
    /// Coalesces the viewports' resizes into one keepHighlightInSight() once the layouts settle.
    QTimer m_outlineResizeTimer;
    QWidget *m_alarmIndicator = nullptr;
    RabbitMqConnection *m_rabbitMq = nullptr;
    Zoom *m_zoom = nullptr;
    PresentationMode *m_presentation = nullptr;
    QPointer<QWidget> m_helpDialog;
    int m_unsavedAnswer = 0;  ///< 0 = Discard
    QString m_lastUnsavedQuestion;
    int m_lastUnsavedDefault = 0; ///< see lastUnsavedEditsDefault()

    QTimer m_refreshTimer;
    std::array<qint64, size_t(RefreshPart::Count)> m_lastRefreshCpuNs = {};
    CycleAccumulator m_cycles;  ///< the reports since the last refresh tick
    /// The charts dock's height at each zoom left since the last presentation (percent -> px),
    /// as shown when the zoom changed (read on Zoom::aboutToChange()).
    QHash<int, int> m_bottomHeights;
    /// Zoom changes whose layouts (onZoomChanged()'s two passes) have not run yet: a zoom left
    /// before its layouts settled is not read into m_bottomHeights.
    int m_zoomLayoutsPending = 0;
    int m_arrangedWidth = -1;  ///< the window width arrangeBottomDocks() last shared (px)
};

} // namespace PriorityLab
