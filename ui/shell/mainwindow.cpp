#include "ui/shell/mainwindow.h"
#include "ui/common/sizeguard.h"

#include "ui/compare/comparewindow.h"
#include "ui/compare/realcomparedialog.h"
#include "ui/sweep/sweepdialog.h"

#include "ui/alarms/alarmpanel.h"
#include "ui/setup/brokerpanel.h"
#include "ui/charts/chartpanel.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/deadletters/deadletterpanel.h"
#include "ui/eventlog/eventlogmodel.h"
#include "ui/eventlog/eventlogpanel.h"
#include "ui/shell/exportmenu.h"
#include "ui/shell/rabbitmqconnection.h"
#include "core/analysis/journal.h"
#include "core/analysis/refreshsnapshot.h"
#include "ui/journey/journeypanel.h"
#include "ui/setup/producerpanel.h"
#include "ui/queue/queuepanel.h"
#include "core/scenario/scenario.h"
#include "ui/shell/scenariofiles.h"
#include "ui/setup/scenarioinfo.h"
#include "ui/setup/scenarioinfodialog.h"
#include "ui/shell/settings.h"
#include "ui/common/highlightoverlay.h"
#include "ui/common/themedicon.h"
#include "ui/consumers/consumercard.h"
#include "ui/editing/parametereditor.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/queue/priorityhistogram.h"
#include "ui/queue/queuetilespanel.h"
#include "ui/common/focusframe.h"
#include "ui/shell/focusorder.h"
#include "ui/shell/helpdialog.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/highcontraststyle.h"
#include "ui/shell/menufocus.h"
#include "ui/shell/whatsthiskey.h"
#include "ui/shell/zoom.h"
#include "ui/shell/shortcutguard.h"
#include "ui/editing/setupeditor.h"
#include "core/engine/simulation.h"
#include "core/scenario/settingpath.h"
#include "ui/shell/speedcontrol.h"
#include "ui/shell/statussummary.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
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
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QWhatsThis>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <iterator>

namespace PriorityLab {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    // Presentation mode's high-contrast palette outlines the panels and fields in black: the
    // style draws the edges the palette asks for (once per application, before any polish).
    HighContrastStyle::install();
    // First, before any widget is polished: the run keys act from anywhere but a text field;
    // controls take the focus by Tab only (a FocusFrame, below, always outlines the focus).
    m_shortcutGuard = new ShortcutGuard(this);
    qApp->installEventFilter(m_shortcutGuard);
    // Page Down / Page Up or Ctrl+R held back by a field's pending edit, or a run key (Space,
    // N, Right) that the field being typed into had no use for: say how to finish the edit and
    // that the key then works (a trial lost Space in a number field without a word).
    connect(m_shortcutGuard, &ShortcutGuard::editPending, this, [this](QWidget *field, const QKeySequence &key) {
        // A field of this window, or of one of its docks floated off it.
        const QWidget *window = field ? field->window() : nullptr;
        if (const auto *dock = qobject_cast<const QDockWidget *>(window); dock && dock->parentWidget())
            window = dock->parentWidget()->window();
        if (field && window == this) {
            m_finishEditNotice = finishEditNotice(key, m_simulation->isRunning());
            showNotice(m_finishEditNotice);
            m_finishEditField = field;
        }
    });
    // That notice goes as soon as the edit it is about ends: Enter and Escape give the focus to
    // the window (ShortcutGuard), and the focus may move on by Tab or a click. Left in place for
    // its 8 s, it hid the figures after the edit was applied, even after a Step.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        if (!m_finishEditField || !now || now == m_finishEditField || m_finishEditField->isAncestorOf(now)
            || now->window()->windowType() == Qt::Popup)  // in the field still, or its own list
            return;
        m_finishEditField = nullptr;
        if (statusBar()->currentMessage() == m_finishEditNotice)
            statusBar()->clearMessage();
        if (m_runNotice->toolTip() == m_finishEditNotice) {
            m_runNoticeTimer.stop();
            m_runNotice->hide();
        }
    });
    // A run key whose action is disabled (the run has finished) did nothing, not even to the
    // focused control: say why, or Space would seem lost (docs/help.md, Keys).
    connect(m_shortcutGuard, &ShortcutGuard::runKeyRefused, this, [this](QAction *action) {
        showNotice(m_simulation->isFinished() ? runFinishedNotice() : action->statusTip());
    });
    m_zoom = new Zoom(this);
    m_simulation = new Simulation(this);
    // The message journeys (and the event log) need each cycle's events.
    m_simulation->setRecordEvents(true);
    m_journal = std::make_unique<Journal>();
    m_setupEditor = new SetupEditor(m_simulation, this);
    m_files = new ScenarioFiles(m_setupEditor, this);
    m_open = m_files->openAction();
    m_save = m_files->saveAction();
    m_saveAs = m_files->saveAsAction();
    connect(m_files, &ScenarioFiles::problemsReported, this, &MainWindow::problemsReported);
    connect(m_files, &ScenarioFiles::currentFileChanged, this, &MainWindow::updateHeader);
    connect(m_files, &ScenarioFiles::statusMessage, statusBar(), &QStatusBar::showMessage);
    m_files->setConfirmDiscard([this](const QString &path) {
        return confirmDiscardEdits(tr("opening %1").arg(m_files->describeFile(path)));
    });

    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(refreshIntervalMs());
    connect(&m_refreshTimer, &QTimer::timeout, this, &MainWindow::refreshViews);
    // A view around the step's outlines changed size (a layout, a zoom, a dock's splitter): the
    // outlined views come into sight again, then the focused field, as after a resize.
    m_outlineResizeTimer.setSingleShot(true);
    m_outlineResizeTimer.setInterval(0);
    connect(&m_outlineResizeTimer, &QTimer::timeout, this, [this] {
        keepHighlightInSight();
        keepFocusInSight();
        for (HighlightOverlay *overlay : std::as_const(m_highlights))
            overlay->follow();
    });

    // Central: the scenario's header above the queue.
    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(8, 6, 4, 4);
    centralLayout->setSpacing(4);
    m_scenarioInfo = new ScenarioInfo(m_setupEditor, central);
    m_queuePanel = new QueuePanel(m_simulation, central);
    // Alarms (what to change) on a band above the queue; they cover the runtime warnings too.
    m_alarmPanel = new AlarmPanel(m_simulation, central);
    centralLayout->addWidget(m_scenarioInfo);
    centralLayout->addWidget(m_alarmPanel);
    centralLayout->addWidget(m_queuePanel, 1);
    // In a scroll area: on a short screen (a 1280x720 projector less its title bar and panel)
    // the header and the queue scroll instead of pushing the status bar, the charts' axes and
    // the dock tabs off the screen, and an alarm appearing does not squeeze the charts.
    auto *centralScroll = new QScrollArea(this);
    centralScroll->setObjectName(QStringLiteral("centralScroll"));
    centralScroll->setWidget(central);
    centralScroll->setWidgetResizable(true);
    centralScroll->setFrameShape(QFrame::NoFrame);
    centralScroll->setFocusPolicy(Qt::NoFocus);
    central->setMinimumHeight(central->minimumSizeHint().height());
    centralScroll->setMinimumHeight(220);
    setCentralWidget(centralScroll);
    // A scenario just opened shows its header (the name, the description, what to try) even if
    // the column was scrolled down in the one before; the outlined view of a lesson's first
    // step stays in sight.
    // A scroll bar appearing (a resize, an alarm, a zoom, another scenario): fit if it can.
    connect(centralScroll->verticalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int max) {
        if (max > 0)
            QTimer::singleShot(0, this, &MainWindow::fitColumn);
    });
    connect(m_files, &ScenarioFiles::scenarioOpened, this, [this, centralScroll] {
        centralScroll->verticalScrollBar()->setValue(0);
        showOpenedViews();
        keepHighlightInSight();
        // A control of the scenario before (an event log's table now behind the journey's tab)
        // kept the keys after File > Open, unseen. Set while a file dialog is up too: the window
        // gives its focus back to this on activation.
        holdTheKeys();
    });

    // Notices beside the figures, not over them, each hidden by its own timer: the speed after
    // [ or ] (a notice hid the produced, processed, queued and conservation figures for 4 s at
    // every key press), and a notice while the run goes on (showNotice()).
    const auto addNotice = [this](const char *name, QTimer &timer) {
        auto *label = new QLabel(this);
        label->setObjectName(QLatin1String(name));
        label->setTextFormat(Qt::PlainText);
        label->hide();
        statusBar()->addPermanentWidget(label);
        timer.setSingleShot(true);
        connect(&timer, &QTimer::timeout, label, &QWidget::hide);
        return label;
    };
    m_speedNotice = addNotice("speedNotice", m_speedNoticeTimer);
    m_speedNoticeTimer.setInterval(4000);
    m_runNotice = addNotice("runNotice", m_runNoticeTimer);
    m_status = new StatusSummary(m_simulation, this);
    statusBar()->addPermanentWidget(m_status, 1);
    // A message of the status bar is drawn left of the first permanent widget, and the figures
    // fill the bar: a notice (showNotice()) hides them until the message goes.
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString &message) {
        if (message.isEmpty())
            m_status->show();
    });
    m_alarmIndicator = m_alarmPanel->statusIndicator(this);
    statusBar()->addPermanentWidget(m_alarmIndicator);
    m_rabbitMq = new RabbitMqConnection(m_simulation, this);
    statusBar()->addPermanentWidget(m_rabbitMq->statusIndicator(this));
    connect(m_rabbitMq, &RabbitMqConnection::connectionAlarmChanged, m_alarmPanel, &AlarmPanel::setConnectionAlarm);
    // The zoom, when it is not 100%: a permanent label, so that a class (and the teacher after
    // Ctrl++ on a projector) can see the text is enlarged and by how much.
    m_zoomLabel = new QLabel(this);
    m_zoomLabel->setObjectName(QStringLiteral("zoomLabel"));
    m_zoomLabel->setToolTip(tr("The text, tiles and charts are zoomed (View > Zoom In / Zoom Out; "
                               "Ctrl+0 for the actual size)"));
    m_zoomLabel->hide();
    statusBar()->addPermanentWidget(m_zoomLabel);

    createActions();
    updateIcons();
    createToolBar();
    createDocks();
    createMenus();

    // The only listener of cycleCompleted: the views get the reports at the refresh tick.
    connect(m_simulation, &Simulation::cycleCompleted, this, &MainWindow::onCycleCompleted);
    connect(m_simulation, &Simulation::runningChanged, this, &MainWindow::onRunningChanged);
    connect(m_simulation, &Simulation::finished, this, &MainWindow::onFinished);
    connect(m_simulation, &Simulation::scenarioLoaded, this, &MainWindow::onScenarioLoaded);
    connect(m_simulation, &Simulation::setupChanged, this, [this] {
        m_cycles.noteSetupChanged();
        scheduleRefresh();
    });
    connect(m_queuePanel, &QueuePanel::messageSelected, this, [this](quint64 id) {
        m_journeyPanel->showJourney(id);
        m_journeyDock->show();
        m_journeyDock->raise();
    });

    // A size that shows everything on a projector; smaller on small screens.
    QSize size = PreferredSize;
    if (const QScreen *s = screen()) {
        const QSize available = s->availableGeometry().size();
        size = size.boundedTo(available * 0.95);
    }
    resize(size);
    resizeDocks({m_consumerDock}, {int(size.width() * 0.56)}, Qt::Horizontal);
    resizeDocks({m_chartDock}, {int(size.height() * 0.30)}, Qt::Vertical);
    m_lessonDock->setVisible(m_lessonPanel->hasLesson());
    arrangeBottomDocks();

    // At startup, after a scenario is opened and after Reset the window holds the keys: the
    // dashed outline marks where Tab starts, so the focus is never invisible (docs/help.md).
    (new FocusFrame(this))->setStartPoint([this]() -> QWidget * {
        return isVisible() ? FocusOrder::next(this, this, true) : nullptr;
    });
    addHighlightOverlay();
    connect(m_lessonPanel, &LessonPanel::highlightRequested, this, &MainWindow::highlight);
    connect(m_lessonPanel, &LessonPanel::outlineCueClicked, this, &MainWindow::showOutlinedOutOfSight);
    // Each step shown: the row grows if this one needs more than the row was fitted for (its
    // outline cue), once the step's views and cue are laid out.
    connect(m_lessonPanel, &LessonPanel::stepChanged, this, [this] {
        // The alarm banner unfolded by its More button folds back to its compact line: left
        // open into the next steps it squeezed the queue to one row of tiles (presenting).
        m_alarmPanel->setExpanded(false);
        QTimer::singleShot(0, this, &MainWindow::fitLessonHeight);
    });
    // A step about to change settings (a replay after Page Up, or steps played at once): the
    // views first take the cycles run with the settings before, so that the alarms learn what
    // the consumers discarded with (else the data-loss alarm named the repaired bound "(now 0)").
    connect(m_lessonPanel, &LessonPanel::applyingSettings, this, [this](bool applying) {
        if (applying)
            refreshViews();
    });
    connect(m_lessonPanel, &LessonPanel::applyingSettings, m_chartPanel, &ChartPanel::setApplyingScript);
    m_lessonPanel->setConfirmReplay([this] {
        return confirmDiscardEdits(tr("going back to step %1, which replays the lesson from cycle 0")
                                           .arg(m_lessonPanel->currentStep()));  // Back: the previous one
    });
    // The edits by hand in effect: the undo stack's index (0 again after undoing them all, and
    // after loading or replaying, which clear the stack).
    // The stack's size too: a step taken back but still on it is an edit undone (counted as
    // the charts count it, docs/design.md §8), a stack cleared undoes none.
    connect(m_setupEditor->undoStack(), &QUndoStack::indexChanged, m_lessonPanel, [this](int index) {
        Q_UNUSED(index);
        m_lessonPanel->setUndoStack(m_setupEditor->undoStack());
    });
    connect(m_lessonPanel, &LessonPanel::notice, this, [this](const QString &text) { showNotice(text); });
    connect(m_lessonPanel, &LessonPanel::problemsFound, this, [this](const QStringList &problems) {
        m_files->reportProblems(tr("A lesson step could not apply its settings"), problems);
    });
    m_presentation = new PresentationMode(this, m_zoom, this);
    m_presentation->setKeptDocks(keptDocks());
    m_presentation->setHiddenWidgets({m_scenarioInfo});
    connect(m_presentation, &PresentationMode::activeChanged, this, [this](bool active) {
        m_presentationAction->setChecked(active);
        m_leavePresentation->setEnabled(active);
        // One chart at a time, and room for the lesson's text beside it.
        m_chartPanel->setOneChartAtATime(active);
        m_consumerPanel->setPresenting(active);  // cards fold when they do not all fit
        m_deadLetterPanel->setReadFromAfar(active);  // no cut titles on the projector
        if (!active)
            m_queuePanel->tilesPanel()->setTight(false);  // fitColumn() made it tight presenting
        m_alarmPanel->setExpanded(false);  // each start and end of presenting folds the banner
        updateAlarmCompact();
        if (active) {
            arrangeDocks();
            // The docks take these sizes now, not at the next turn of the event loop: whatever
            // reads the geometry next (the focus below, Tab, a test) sees presenting's layout.
            // Showing a hidden child (the focus frame) used to do this by chance: the dashed
            // start point, already shown, left the docks at their old sizes until later.
            if (QLayout *own = layout())
                own->activate();
        }
        m_bottomHeights.clear();  // presenting has its own; leaving restores the window's state
        // Left: the layout put back is the one shared for the width the window gets back.
        if (!active)
            m_arrangedWidth = m_presentation->sizeBefore().width();
        focusForPresentation();
        keepFocusInSight();
        QTimer::singleShot(0, this, [this] {  // after the zoom's layouts and the window manager
            focusForPresentation();
            keepFocusInSight();
        });
        for (HighlightOverlay *overlay : std::as_const(m_highlights))
            overlay->follow();
    });
    // The docks' state put back on leaving (and again at the window's old size) brings back the
    // tabs in front before presenting: the step's outlined views come in front again.
    connect(m_presentation, &PresentationMode::windowStateRestored, this, &MainWindow::raiseHighlightedDocks);
    // The charts dock's height at the zoom being left, read before the fonts change: the
    // zoomed fonts' size hints reach the docks' layout before Zoom::changed (after leaving
    // presentation mode the first Ctrl++ read 11 px more than was shown, and Ctrl+0 gave that).
    // Keys faster than the layouts (Ctrl++, Ctrl+-, ... at a key's pace): a zoom left before its
    // own layouts ran shows the last one's height, and is not read (Ctrl+0 then gave the docks
    // a zoomed height).
    connect(m_zoom, &Zoom::aboutToChange, this, [this](int percent) {
        if (!m_presentation->isActive() && m_zoomLayoutsPending == 0)
            m_bottomHeights[percent] = m_chartDock->height();
    });
    connect(m_zoom, &Zoom::changed, this, &MainWindow::onZoomChanged);
    // The keyboard starts on the window itself: no control holds it until the user picks one.
    setFocus(Qt::OtherFocusReason);
    // A dock going behind another tab of its group (a line picked in the event log brings the
    // journey to the front) takes no focus with it: the focus moves on to what can be seen.
    for (QDockWidget *dock : findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly)) {
        connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
            if (!visible)
                QTimer::singleShot(0, this, &MainWindow::rescueFocus);  // once the tabs have switched
        });
    }
    connect(m_setupEditor->undoStack(), &QUndoStack::indexChanged, this, &MainWindow::updateHeader);
    connect(m_scenarioInfo, &ScenarioInfo::editRequested, this, &MainWindow::editScenarioInfo);

    updateHeader();
    updateActions();
}

void MainWindow::showAsFirstSeen()
{
    const QScreen *s = screen();
    const QSize available = s ? s->availableGeometry().size() : PreferredSize;
    const bool small = available.width() < PreferredSize.width() || available.height() < PreferredSize.height();
    if (small && !m_geometryRestored)
        showMaximized();
    else
        show();
}

void MainWindow::restoreSettings()
{
    m_rememberSettings = true;
    const QByteArray geometry = Settings::windowGeometry();
    if (!geometry.isEmpty())
        m_geometryRestored = restoreGeometry(geometry);
    const QByteArray state = Settings::windowState();
    if (!state.isEmpty()) {
        restoreState(state);
        m_arrangedWidth = width();  // the remembered layout stays until the width changes
    }
    // The speed is not restored: a session starts at the scenario's own interval, never at a
    // remembered top speed that would race past a lesson's first cycles. The zoom is.
    m_zoom->setPercent(Settings::zoomPercent());
    m_files->setRemembersFiles(true);
}

void MainWindow::saveSettings()
{
    if (!m_rememberSettings)
        return;
    if (m_presentation && m_presentation->isActive())
        m_presentation->leave();  // remember the working layout, not the presentation's
    Settings::setWindowLayout(saveGeometry(), saveState());
    Settings::setZoomPercent(m_zoom->percent());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!confirmDiscardEdits(tr("quitting PriorityLab"))) {
        event->ignore();
        return;
    }
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::editScenarioInfo()
{
    ScenarioInfoDialog dialog(m_setupEditor, this);
    dialog.exec();
}

MainWindow::~MainWindow()
{
    // A value typed into a field and not applied yet is applied now, while the window is whole,
    // as Tab away from the field would: the field's focus-out, once the window's members are
    // being destroyed, applied it into a window half gone. A floating dock's field too.
    for (QWidget *w = QApplication::focusWidget(); w; w = w->parentWidget()) {
        if (w == this) {
            QApplication::focusWidget()->clearFocus();
            break;
        }
    }
    m_simulation->pause();
}

void MainWindow::createActions()
{
    QUndoStack *undoStack = m_setupEditor->undoStack();
    m_undo = undoStack->createUndoAction(this, tr("&Undo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_undo->setToolTip(tr("Undo the last setting change (Ctrl+Z). A dragged slider or spin box is "
                          "one step."));
    m_undo->setStatusTip(m_undo->toolTip());
    m_redo = undoStack->createRedoAction(this, tr("&Redo"));
    m_redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    m_redo->setToolTip(tr("Redo the change you undid (Ctrl+Shift+Z or Ctrl+Y)"));
    m_redo->setStatusTip(m_redo->toolTip());
    // The menu items name the step in the chart marker's words ("Undo B · threshold = 8"); so do
    // the tooltips.
    connect(undoStack, &QUndoStack::undoTextChanged, this, [this](const QString &text) {
        m_undo->setToolTip(text.isEmpty() ? tr("Nothing to undo") : tr("Undo %1 (Ctrl+Z)").arg(text));
    });
    connect(undoStack, &QUndoStack::redoTextChanged, this, [this](const QString &text) {
        m_redo->setToolTip(text.isEmpty() ? tr("Nothing to redo") : tr("Redo %1 (Ctrl+Shift+Z)").arg(text));
    });
    // The window title shows "*" after edits since the last save.
    connect(undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) { setWindowModified(!clean); });

    m_editInfo = createAction(tr("Scenario &Description…"), {},
                              tr("Edit the scenario's name, description and \"what to try\" hint "
                                 "(undoable, saved with the file)"));
    connect(m_editInfo, &QAction::triggered, this, &MainWindow::editScenarioInfo);

    m_quit = createAction(tr("&Quit"), {QKeySequence::Quit}, tr("Close PriorityLab"));
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    m_runPause = new QAction(this);
    m_runPause->setShortcut(QKeySequence(Qt::Key_Space));
    connect(m_runPause, &QAction::triggered, this, &MainWindow::toggleRun);

    m_step = new QAction(tr("&Step"), this);
    m_step->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_N)});
    m_step->setToolTip(tr("Run exactly one cycle, then pause (Right or N): producers send what is "
                          "due, the broker hands out batches, consumers decide."));
    m_step->setStatusTip(m_step->toolTip());
    connect(m_step, &QAction::triggered, this, &MainWindow::stepOnce);

    m_reset = new QAction(tr("&Reset"), this);
    m_reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_reset->setToolTip(tr("Back to cycle 0 with the scenario as it was opened (Ctrl+R): empty "
                           "queue, same seed, so the same run again. Live edits are undone. A lesson starts "
                           "again on its first step, except on its last step when that one has no end "
                           "(Try it yourself): it stays there."));
    m_reset->setStatusTip(m_reset->toolTip());
    connect(m_reset, &QAction::triggered, this, &MainWindow::resetSimulation);

    m_restart = new QAction(tr("Restart with &Current Settings"), this);
    m_restart->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_restart->setToolTip(tr("Back to cycle 0 keeping your live edits (thresholds, strategies, "
                             "online flags, failure rates), to compare runs from the start."));
    m_restart->setStatusTip(m_restart->toolTip());
    connect(m_restart, &QAction::triggered, m_files, &ScenarioFiles::restartWithCurrentSettings);

    m_speed = new SpeedControl(this);
    // The speed is the view's, not an edit of the scenario: the slider and [ ] set the timer's
    // interval only (no undo step, no "*"); a saved file keeps the scenario's own
    // broker.cycleIntervalMs (edited, undoable, in the broker panel). The slider shows what the
    // simulation has, whoever changed it.
    connect(m_speed, &SpeedControl::intervalChanged, m_simulation, &Simulation::setIntervalMs);
    connect(m_simulation, &Simulation::setupChanged, this, &MainWindow::updateSpeed);
    connect(m_setupEditor->undoStack(), &QUndoStack::indexChanged, this, &MainWindow::updateSpeed);
    // Where the speed lives: the toolbar's label, the Simulation menu, and the status bar when
    // [ or ] (or the slider) changes it.
    m_speedInfo = new QAction(this);
    m_speedInfo->setObjectName(QStringLiteral("speedInfo"));
    m_speedInfo->setEnabled(false);
    connect(m_speed, &SpeedControl::intervalChanged, this, &MainWindow::showSpeedNotice);

    // Speed on [ and ]: Ctrl++ and Ctrl+- are the platform's zoom keys.
    m_faster = createAction(tr("&Faster"), {QKeySequence(Qt::Key_BracketRight)},
                            tr("One step faster on the speed slider (])"));
    connect(m_faster, &QAction::triggered, m_speed, &SpeedControl::faster);
    m_slower = createAction(tr("S&lower"), {QKeySequence(Qt::Key_BracketLeft)},
                            tr("One step slower on the speed slider ([)"));
    connect(m_slower, &QAction::triggered, m_speed, &SpeedControl::slower);

    m_about = new QAction(tr("&About PriorityLab"), this);
    connect(m_about, &QAction::triggered, this, &MainWindow::showAbout);
    m_help = createAction(tr("&Rules and Figures"), {QKeySequence::HelpContents},
                          tr("The strategies' rules, the broker modes, what each figure means, the keys (F1)"));
    connect(m_help, &QAction::triggered, this, &MainWindow::showHelp);

    m_zoomIn = createAction(tr("Zoom &In"),
                            {QKeySequence(QKeySequence::ZoomIn), QKeySequence(Qt::CTRL | Qt::Key_Equal)},
                            tr("Bigger text, tiles and charts, e.g. for a projector (Ctrl++)"));
    connect(m_zoomIn, &QAction::triggered, m_zoom, &Zoom::zoomIn);
    m_zoomOut = createAction(tr("Zoom &Out"), {QKeySequence::ZoomOut},
                             tr("Smaller text, tiles and charts (Ctrl+-)"));
    connect(m_zoomOut, &QAction::triggered, m_zoom, &Zoom::zoomOut);
    m_zoomReset = createAction(tr("&Actual Size"), {QKeySequence(Qt::CTRL | Qt::Key_0)},
                               tr("Text at its normal size (Ctrl+0)"));
    connect(m_zoomReset, &QAction::triggered, m_zoom, &Zoom::actualSize);
    showZoom(m_zoom->percent());

    m_presentationAction = createAction(tr("&Presentation Mode"),
                                        {QKeySequence(Qt::Key_F11), QKeySequence(Qt::Key_F5)},
                                        tr("Full screen, zoomed, high contrast, only the queue, the "
                                           "consumers, the charts and the lesson (F11 or F5; Esc leaves)"));
    m_presentationAction->setCheckable(true);
    connect(m_presentationAction, &QAction::triggered, this, [this](bool on) { m_presentation->setActive(on); });
    m_leavePresentation = new QAction(tr("Leave Presentation Mode"), this);
    m_leavePresentation->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leavePresentation->setEnabled(false);
    connect(m_leavePresentation, &QAction::triggered, this, [this] { m_presentation->leave(); });
    addAction(m_leavePresentation);

    m_nextStep = createAction(tr("&Next Lesson Step"), {QKeySequence(Qt::Key_PageDown)},
                              tr("The lesson's next step: its settings apply, it runs to its end and "
                                 "pauses (Page Down, as a presentation clicker sends)"));
    m_previousStep = createAction(tr("&Previous Lesson Step"), {QKeySequence(Qt::Key_PageUp)},
                                  tr("Show the lesson's previous step again (Page Up)"));

    // F6 / Shift+F6, the platforms' "next pane" keys: one press from pane to pane instead of
    // dozens of Tabs through every control between.
    m_nextPane = createAction(tr("Next &Pane"), {QKeySequence(Qt::Key_F6)},
                              tr("Move the keyboard to the next pane (F6): toolbar, lesson, queue, "
                                 "consumers, charts, journey and logs"));
    m_nextPane->setObjectName(QStringLiteral("nextPaneAction"));
    connect(m_nextPane, &QAction::triggered, this, [this] { focusPane(true); });
    m_previousPane = createAction(tr("Pre&vious Pane"), {QKeySequence(Qt::SHIFT | Qt::Key_F6)},
                                  tr("Move the keyboard to the previous pane (Shift+F6)"));
    m_previousPane->setObjectName(QStringLiteral("previousPaneAction"));
    connect(m_previousPane, &QAction::triggered, this, [this] { focusPane(false); });
}

QList<QWidget *> MainWindow::panes() const
{
    // The F6 order: the controls at the top (the lesson's Next where a lesson is open), then
    // the views as they lie on the screen. Docks of a tab group are each a pane; only the one
    // in front has stops.
    return {m_toolBar,        m_lessonDock,    centralWidget(), m_consumerDock,   m_producerDock,
            m_brokerDock,     m_chartDock,     m_journeyDock,   m_eventLogDock,   m_deadLetterDock};
}

void MainWindow::focusPane(bool forward)
{
    QWidget *from = QApplication::focusWidget();
    m_shortcutGuard->endEdit(this);  // an edit in progress ends first, as with Enter
    const QList<QWidget *> all = panes();
    qsizetype index = FocusOrder::nextPane(this, all, from, forward);
    // From the window itself (at startup, after opening a scenario, after Reset) the first F6
    // goes to the lesson, not to the toolbar's speed slider before it: a trial's F6 then Down,
    // meant to scroll the lesson's text, slowed the run.
    if (forward && (!from || from == this) && FocusOrder::firstStopIn(this, m_lessonDock))
        index = all.indexOf(m_lessonDock);
    if (index < 0)
        return;
    QWidget *target = FocusOrder::firstStopIn(this, all.at(index));
    // The lesson's pane starts on Next (Page Down's button), the one a teacher presses.
    if (all.at(index) == m_lessonDock && m_lessonPanel->nextButton()->isEnabled()
        && FocusOrder::isOnScreen(m_lessonPanel->nextButton(), this))
        target = m_lessonPanel->nextButton();
    target->setFocus(forward ? Qt::TabFocusReason : Qt::BacktabFocusReason);
    FocusOrder::scrollIntoView(target, this);
}

QAction *MainWindow::createAction(const QString &text, const QList<QKeySequence> &shortcuts,
                                  const QString &statusTip)
{
    auto *action = new QAction(text, this);
    action->setShortcuts(shortcuts);
    action->setStatusTip(statusTip);
    return action;
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Run"));
    m_toolBar = bar;
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setMovable(false);
    bar->addAction(m_runPause);
    m_runButton = qobject_cast<QToolButton *>(bar->widgetForAction(m_runPause));
    fitRunButton();
    bar->addAction(m_step);
    bar->addAction(m_reset);
    m_cycleLabel = new QLabel(bar);
    QFont cycleFont = m_cycleLabel->font();
    cycleFont.setBold(true);
    cycleFont.setPointSizeF(cycleFont.pointSizeF() * 1.15);
    m_cycleLabel->setFont(cycleFont);
    m_cycleLabel->setMinimumWidth(m_cycleLabel->fontMetrics().horizontalAdvance(tr("Cycle 0000000")));
    m_cycleLabel->setAlignment(Qt::AlignCenter);
    m_cycleLabel->setToolTip(tr("The cycle counter: cycles run since the start (or the last Reset). "
                                "In one cycle the producers send what is due, then the broker "
                                "hands out batches."));
    bar->addWidget(new SizeGuard(m_cycleLabel, bar));  // a new cycle at every refresh
    bar->addSeparator();
    // Undo and Redo come right after the run's own buttons: on a narrow screen the toolbar's
    // last items go behind its "»" extension button (at 1024 px and 125-130 % zoom Undo and
    // Redo did), and in class they are needed at every zoom. What gives way first is what has
    // another place: Open and Save (File menu, Ctrl+O, Ctrl+S), then the speed (the Simulation
    // menu's Faster and Slower, the status bar).
    // Fixed short labels in the toolbar (the actions' own text names the step and would make the
    // toolbar jump); the tooltips name the step.
    for (QAction *action : {m_undo, m_redo}) {
        bar->addAction(action);
        auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(action));
        const QString label = action == m_undo ? tr("Undo") : tr("Redo");
        connect(action, &QAction::changed, button, [button, label] {
            if (button->text() != label)
                button->setText(label);
        });
        button->setText(label);
    }
    bar->addSeparator();
    bar->addWidget(m_speed);
    bar->addSeparator();
    // Open and Save as icons (their tooltips name them).
    for (QAction *action : {m_open, m_save}) {
        auto *button = new QToolButton(bar);
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonIconOnly);
        button->setFocusPolicy(Qt::NoFocus);
        bar->addWidget(button);
    }
    updateExtensionIcon();
}

QDockWidget *MainWindow::createDock(const QString &title, const QString &objectName, QWidget *content,
                                    const QString &toolTip)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    // QDockWidget draws its title in the font it was made with while its own font is the
    // application's (it would not zoom); a font of its own, drawn the same, is zoomed with it.
    QFont font = dock->font();
    font.setStyleStrategy(QFont::PreferAntialias);
    dock->setFont(font);
    dock->setWidget(content);
    dock->setToolTip(toolTip);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                      | QDockWidget::DockWidgetClosable);
    return dock;
}

void MainWindow::createDocks()
{
    // Consumers on the right of the queue; the charts below both, full width (time runs wide).
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);

    m_consumerPanel = new ConsumerPanel(m_setupEditor, this);
    m_consumerDock = createDock(tr("Consumers"), QStringLiteral("consumersDock"), m_consumerPanel,
                                tr("The broker hands batches round-robin to the online consumers. "
                                   "Each decides per message with its own strategy; change it here "
                                   "while the simulation runs."));
    addDockWidget(Qt::RightDockWidgetArea, m_consumerDock);

    // Producers and broker: tabs beside the consumers, so each panel gets the full height.
    m_producerPanel = new ProducerPanel(m_setupEditor, this);
    m_producerDock = createDock(tr("Producers"), QStringLiteral("producersDock"), m_producerPanel,
                                tr("What the producers send each cycle, live; and a form to send a "
                                   "message of your own"));
    addDockWidget(Qt::RightDockWidgetArea, m_producerDock);
    m_brokerPanel = new BrokerPanel(m_setupEditor, this);
    m_brokerDock = createDock(tr("Broker"), QStringLiteral("brokerDock"), m_brokerPanel,
                              tr("The broker's queue mode, batch size, dispatch and idle stop, live"));
    addDockWidget(Qt::RightDockWidgetArea, m_brokerDock);
    setTabPosition(Qt::RightDockWidgetArea, QTabWidget::North);
    tabifyDockWidget(m_consumerDock, m_producerDock);
    tabifyDockWidget(m_producerDock, m_brokerDock);
    m_consumerDock->raise();

    m_chartPanel = new ChartPanel(m_simulation, this);
    m_chartDock = createDock(tr("Charts"), QStringLiteral("chartsDock"), m_chartPanel);
    addDockWidget(Qt::BottomDockWidgetArea, m_chartDock);

    m_journeyPanel = new JourneyPanel(m_simulation, m_journal.get(), this);
    m_journeyDock = createDock(tr("Message journey"), QStringLiteral("journeyDock"), m_journeyPanel,
                               tr("Click a message in the queue to follow it: each delivery, the "
                                  "consumer's decision and the strategy's reason in words."));
    splitDockWidget(m_chartDock, m_journeyDock, Qt::Horizontal);

    // Event log and dead letters: tabs beside the journey (a log line or a dead letter selects
    // the message whose journey it shows).
    m_eventLogPanel = new EventLogPanel(m_simulation, this);
    m_eventLogDock = createDock(tr("Event log"), QStringLiteral("eventLogDock"), m_eventLogPanel,
                                tr("Every event: produced, dispatched, processed, postponed, "
                                   "discarded, failed, with the strategy's explanation"));
    // Between two ticks the reports keep no more events than the log can show.
    m_cycles.setEventLimit(m_eventLogPanel->model()->capacity());
    // The journal keeps the lists longest (Journal::Limits::events, beyond the log's capacity):
    // those it lets go, nobody else holds any more, go back to the engine, whose next cycles
    // write into that memory.
    m_journal->setRecycler([this](QList<Event> &&events) { m_simulation->recycleEvents(std::move(events)); });
    m_deadLetterPanel = new DeadLetterPanel(m_simulation, this);
    m_deadLetterDock = createDock(tr("Dead letters"), QStringLiteral("deadLettersDock"), m_deadLetterPanel,
                                  tr("Discarded messages with the reason, the consumer and the cycle"));
    // The log waits while its tab is behind; brought to the front it shows the newest events at
    // once, those of the cycles since the last refresh tick too.
    connect(m_eventLogDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && m_cycles.pending() > 0)
            refreshViews();
    });

    // The lesson (a scenario's guided steps): a dock of its own right of that tab group, shown
    // while a lesson is open. Never a tab among them: the dead letters' first discard, a picked
    // message or a step's highlight brings one of them to the front, and that must not cover
    // the lesson.
    m_lessonPanel = new LessonPanel(m_simulation, this);
    m_lessonDock = createDock(tr("Lesson"), QStringLiteral("lessonDock"), m_lessonPanel,
                              tr("The lesson's steps: Next (Page Down) applies a step's settings, runs "
                                 "it to its end and pauses; Back (Page Up) shows a step again."));
    // (Split before the journey gets its tabs: a dock split off a tabbed one becomes a tab.)
    splitDockWidget(m_journeyDock, m_lessonDock, Qt::Horizontal);
    tabifyDockWidget(m_journeyDock, m_eventLogDock);
    tabifyDockWidget(m_eventLogDock, m_deadLetterDock);
    // A step moves on with the run keys working: an edit in progress ends first (as with Enter),
    // or the field kept Right and N while the step scrolled it out of sight.
    connect(m_nextStep, &QAction::triggered, this, [this] {
        m_shortcutGuard->endEdit(this);
        m_lessonPanel->next();
    });
    connect(m_previousStep, &QAction::triggered, this, [this] {
        m_shortcutGuard->endEdit(this);
        m_lessonPanel->back();
    });
    m_journeyDock->raise();
    // A line picked in the log or the dead letters asks for that message's journey: bring its
    // dock to the front (it shares the tab group with them).
    const auto showJourney = [this](quint64 id) {
        m_journeyPanel->showJourney(id);
        m_journeyDock->show();
        m_journeyDock->raise();
    };
    connect(m_eventLogPanel, &EventLogPanel::messageSelected, this, showJourney);
    connect(m_deadLetterPanel, &DeadLetterPanel::messageSelected, this, showJourney);
    // The first discard of a run brings the dead letters to the front: data loss must be seen.
    connect(m_deadLetterPanel, &DeadLetterPanel::firstLetterArrived, this, [this] {
        if (m_presentation && m_presentation->isActive())
            return;  // presenting shows only the queue, the consumers, a chart and the lesson
        m_deadLetterDock->show();
        m_deadLetterDock->raise();
    });

    // What's This? (Shift+F1 on the focus, or a click): what each view shows, in a few sentences.
    const std::pair<QWidget *, QString> whatsThis[] = {
            {m_consumerPanel, tr("<b>Consumers</b><p>One card per consumer, in the broker's round-robin "
                                 "order. Each decides per message with its strategy: process, "
                                 "postpone (back to the broker, modified) or discard. Change any "
                                 "setting while it runs; <i>+ Consumer</i> adds one.</p>")},
            {m_producerPanel, tr("<b>Producers</b><p>What each producer sends per cycle (rate, priority "
                                 "and TTL ranges), live, and a form to send one message of your "
                                 "own.</p>")},
            {m_brokerPanel, tr("<b>Broker</b><p>The queue's mode (FIFO, native priority, priority "
                               "topics), the batch size, how many batches a cycle, when an idle "
                               "broker stops, and the speed of the app's timer.</p>")},
            {m_journeyPanel, tr("<b>Message journey</b><p>Every delivery of the selected message: "
                                "which consumer got it, what its strategy decided and why, in "
                                "words. Click a tile, a log line or a dead letter to select one.</p>")},
            {m_eventLogPanel, tr("<b>Event log</b><p>Every event of the run in order: produced, "
                                 "dispatched, processed, postponed, discarded, failed, with the "
                                 "strategy's explanation. Filter it by type, consumer or text.</p>")},
            {m_deadLetterPanel, tr("<b>Dead letters</b><p>The messages a strategy discarded, with the "
                                   "reason, the consumer and the cycle: the data the setup "
                                   "lost.</p>")},
            {m_lessonPanel, tr("<b>Lesson</b><p>The lesson's story, one step at a time. Next (Page Down) "
                               "applies the step's settings, runs to its end and pauses; Back "
                               "(Page Up) shows the previous step. The view a step talks about is "
                               "outlined.</p>")},
            {m_alarmPanel, tr("<b>Alarms</b><p>What is going wrong now and what to change: data loss, "
                              "a starving priority class, no consumer online, a setting that "
                              "discards everything.</p>")},
    };
    for (const auto &[widget, text] : whatsThis)
        widget->setWhatsThis(text);
    m_alarmIndicator->setWhatsThis(m_alarmPanel->whatsThis());
}

SweepDialog *MainWindow::openSweepDialog()
{
    auto *dialog = new SweepDialog(m_setupEditor, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_open);
    m_recentMenu = m_files->recentMenu(file);
    file->addAction(m_save);
    file->addAction(m_saveAs);
    auto *exportMenu = new ExportMenu(m_simulation, m_chartPanel, m_eventLogPanel, this);
    connect(exportMenu, &ExportMenu::exportFailed, m_files, &ScenarioFiles::reportProblems);
    connect(exportMenu, &ExportMenu::exported, this, [this](const QString &what, const QString &path) {
        statusBar()->showMessage(tr("%1 exported to %2").arg(what, QDir::toNativeSeparators(path)), 5000);
    });
    file->addMenu(exportMenu);
    file->addSeparator();
    QAction *compare = file->addAction(tr("&Compare Configurations…"));
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    compare->setStatusTip(tr("Run two or three scenarios on the same workload and compare their "
                             "latency, starvation, data loss and throughput side by side"));
    connect(compare, &QAction::triggered, this, [this] {
        auto *window = new CompareWindow(this);
        // What runs now: the settings the lesson's steps and the timeline applied count as much as
        // the edits (lesson-aging's step 4 turns aging off), and the choice says which it holds.
        // "(your edits)" only with edits by hand (the lesson panel counts the same ones).
        CompareWindow::CurrentSetup setup;
        setup.scenario = m_setupEditor->runningScenario();
        setup.edited = m_setupEditor->undoStack()->index() > 0;
        const QList<LessonStep> &steps = m_simulation->loadedScenario().steps;
        for (int step = 0; step <= m_lessonPanel->currentStep() && step < int(steps.size()); ++step) {
            if (!steps.at(step).set.isEmpty())
                setup.lessonSteps << step + 1;
        }
        setup.timelineChanges = m_simulation->loadedScenario().timeline.size() - setup.scenario.timeline.size();
        setup.cycle = m_simulation->cycle();
        setup.file = m_files->currentFile();
        // The run as watched: the scenario as opened with its timeline, the lesson steps'
        // settings at the cycles the steps were entered on and the edits at the cycles they were
        // made (as File > Save writes them), so that it runs again what the class saw; only
        // where that is not the file's own run. Within a cycle: the step's settings, the edits,
        // then the file's entries (applied at the cycle's start, after both).
        const QList<TimelineChange> &lessonSettings = m_lessonPanel->appliedSettings();
        if (!lessonSettings.isEmpty() || setup.edited) {
            Scenario watched = m_setupEditor->editedScenario();
            QList<TimelineChange> timeline = lessonSettings + watched.timeline;
            std::stable_sort(timeline.begin(), timeline.end(),
                             [](const TimelineChange &a, const TimelineChange &b) { return a.atCycle < b.atCycle; });
            watched.timeline = timeline;
            setup.watched = watched;
        }
        window->setCurrentSetup(setup);
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->show();
        window->compare();
    });
    QAction *compareReal = file->addAction(tr("Compare Simulated vs &RabbitMQ…"));
    compareReal->setStatusTip(tr("Run the current setup on a real RabbitMQ broker, RabbitMQ deciding who gets "
                                 "what, and compare it with the simulator's prediction"));
    connect(compareReal, &QAction::triggered, this, [this] {
        auto *dialog = new RealCompareDialog(this);
        dialog->setScenario(m_setupEditor->runningScenario());  // what runs now, as Compare's
        dialog->setUrl(m_rabbitMq->lastUrl());
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    file->addAction(m_rabbitMq->connectAction());
    file->addSeparator();
    file->addAction(m_quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    edit->addSeparator();
    edit->addAction(m_editInfo);

    m_files->fillCatalogMenu(menuBar()->addMenu(tr("S&cenarios")));

    QMenu *run = menuBar()->addMenu(tr("&Simulation"));
    run->addAction(m_runPause);
    run->addAction(m_step);
    run->addSeparator();
    run->addAction(m_reset);
    run->addAction(m_restart);
    run->addSeparator();
    run->addAction(m_faster);
    run->addAction(m_slower);
    run->addAction(m_speedInfo);
    run->addSeparator();
    run->addAction(m_nextStep);
    run->addAction(m_previousStep);

    QMenu *analysis = menuBar()->addMenu(tr("&Analysis"));
    QAction *sweep = analysis->addAction(tr("&Sweep…"));
    sweep->setObjectName(QStringLiteral("sweepAction"));
    sweep->setStatusTip(tr("Run the current setup once per value of one setting, on the same workload, "
                           "and chart the figures against the value"));
    connect(sweep, &QAction::triggered, this, &MainWindow::openSweepDialog);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addAction(m_zoomIn);
    m_viewMenu->addAction(m_zoomOut);
    m_viewMenu->addAction(m_zoomReset);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_presentationAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_nextPane);
    m_viewMenu->addAction(m_previousPane);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_lessonDock->toggleViewAction());
    m_viewMenu->addAction(m_consumerDock->toggleViewAction());
    m_viewMenu->addAction(m_producerDock->toggleViewAction());
    m_viewMenu->addAction(m_brokerDock->toggleViewAction());
    m_viewMenu->addAction(m_chartDock->toggleViewAction());
    m_viewMenu->addAction(m_journeyDock->toggleViewAction());
    m_viewMenu->addAction(m_eventLogDock->toggleViewAction());
    m_viewMenu->addAction(m_deadLetterDock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_help);
    // Shift+F1 explains the part that has the keyboard focus, under it: Qt's What's This?
    // waited for a click, which a teacher at the keyboard (or a clicker) cannot give.
    QAction *whatsThis = createAction(tr("What's &This?"), {QKeySequence(Qt::SHIFT | Qt::Key_F1)},
                                      tr("What the part that has the keyboard focus shows, in a box "
                                         "under it (Shift+F1; Esc closes it)"));
    whatsThis->setObjectName(QStringLiteral("whatsThisAction"));
    connect(whatsThis, &QAction::triggered, this, [this] {
        if (WhatsThisKey::showFor(QApplication::focusWidget(),
                                  tr("Nothing to explain about this part. F1 shows the rules, the "
                                     "figures and the keys."))
                    .isEmpty())
            QWhatsThis::enterWhatsThisMode();  // no focus: a click says what to explain
    });
    help->addAction(whatsThis);
    QAction *whatsThisClick = QWhatsThis::createAction(this);
    whatsThisClick->setShortcuts({});
    whatsThisClick->setText(tr("What's This? (&Click a Part)"));
    whatsThisClick->setStatusTip(tr("Click a part of the window to learn what it shows"));
    help->addAction(whatsThisClick);
    help->addSeparator();
    help->addAction(m_about);
    new MenuFocus(menuBar());  // Esc in a menu gives the focus back where it was
}

void MainWindow::updateSpeed()
{
    m_speed->setScenarioIntervalMs(m_setupEditor->scenarioIntervalMs());
    m_speed->setIntervalMs(m_simulation->intervalMs());
    m_speedInfo->setText(SpeedControl::speedText(m_simulation->intervalMs(), m_setupEditor->scenarioIntervalMs()));
    // A notice of [ or ] still up (for 4 s) never says a speed gone: set otherwise since (a
    // scenario opened at its own interval, the broker's Cycle interval edited), it goes; the
    // same speed against another scenario interval (Restart with Current Settings), it is
    // written again. Opening a lesson right after ] left "Speed 4× (50 ms per cycle)" beside a
    // toolbar that read "5 cycles/s".
    if (m_speedNotice->isVisibleTo(this)) {
        if (m_simulation->intervalMs() != m_speedNoticeMs) {
            m_speedNoticeTimer.stop();
            m_speedNotice->hide();
        } else {
            writeSpeedNotice();
        }
    }
}

void MainWindow::scheduleRefresh()
{
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void MainWindow::onCycleCompleted(const CycleReport &report)
{
    // The journal keeps each report's event list (shared, O(1)); its panel reads it at refresh.
    m_journal->record(report);
    m_cycles.add(report);
    scheduleRefresh();
}

const char *MainWindow::refreshPartName(RefreshPart part)
{
    static const char *const names[] = {"Snapshot", "Queue", "Consumers", "Producers", "CycleLabel", "Charts",
                                        "Journey", "EventLog", "DeadLetters", "Alarms", "Status"};
    static_assert(std::size(names) == size_t(RefreshPart::Count));
    return part < RefreshPart::Count ? names[size_t(part)] : "";
}

void MainWindow::refreshViews()
{
    m_refreshTimer.stop();
    // Each part timed (lastRefreshCpuNs()): a dozen clock reads, against milliseconds of views.
    const auto cpuNs = [] { return qint64(std::clock()) * (1000000000 / CLOCKS_PER_SEC); };
    qint64 last = cpuNs();
    const auto done = [this, &cpuNs, &last](RefreshPart part) {
        const qint64 now = cpuNs();
        m_lastRefreshCpuNs[size_t(part)] = now - last;
        last = now;
    };
    // One snapshot per tick: the reports since the last tick, aggregated once, for every view.
    const RefreshSnapshot snapshot = takeSnapshot();
    done(RefreshPart::Snapshot);
    m_queuePanel->refresh(snapshot);
    done(RefreshPart::Queue);
    m_consumerPanel->refresh(snapshot);
    done(RefreshPart::Consumers);
    m_producerPanel->refresh();
    done(RefreshPart::Producers);
    m_cycleLabel->setText(tr("Cycle %1").arg(m_simulation->cycle()));
    done(RefreshPart::CycleLabel);
    m_chartPanel->refresh(snapshot);
    done(RefreshPart::Charts);
    m_journeyPanel->refresh();
    done(RefreshPart::Journey);
    m_eventLogPanel->refresh(snapshot);
    done(RefreshPart::EventLog);
    m_deadLetterPanel->refresh();
    done(RefreshPart::DeadLetters);
    // Runtime warnings are shown by the alarm banner, with what to change.
    m_alarmPanel->refresh(snapshot);
    done(RefreshPart::Alarms);
    m_status->refresh();
    done(RefreshPart::Status);
}

void MainWindow::onRunningChanged(bool running)
{
    // A notice over the figures goes when the run starts: the counts change from now on
    // (docs/design.md §8).
    if (running && !m_status->isVisibleTo(this) && !statusBar()->currentMessage().isEmpty())
        statusBar()->clearMessage();  // messageChanged("") shows the figures
    if (!running) {
        m_runNoticeTimer.stop();
        m_runNotice->hide();
    }
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
    // The views started over with the new system: reports of the old one are gone.
    m_cycles.clear();
    m_journal->clear();
    updateSpeed();
    // A lesson opens on its first step, paused; the lesson tab comes to the front.
    m_lessonPanel->setSteps(m_simulation->loadedScenario().steps);
    const bool lesson = m_lessonPanel->hasLesson();
    updateAlarmCompact();
    m_nextStep->setEnabled(lesson);
    m_previousStep->setEnabled(lesson);
    // The lesson dock is there while a lesson is open, in presentation mode too.
    const bool lessonShown = m_lessonDock->isVisibleTo(this);
    m_lessonDock->setVisible(lesson);
    if (lesson && !lessonShown)
        arrangeBottomDocks();
    else if (lesson)
        QTimer::singleShot(0, this, &MainWindow::fitLessonHeight);  // another lesson's steps
    if (m_presentation)
        m_presentation->setKeptDocks(keptDocks());
    updateHeader();
    updateActions();
    refreshViews();
}

void MainWindow::updateIcons()
{
    // The style's icons are dark glyphs that vanish on a dark palette: drawn light there.
    const std::pair<QAction *, QStyle::StandardPixmap> icons[] = {
            {m_step, QStyle::SP_MediaSkipForward},   {m_reset, QStyle::SP_MediaSkipBackward},
            {m_open, QStyle::SP_DialogOpenButton},   {m_save, QStyle::SP_DialogSaveButton},
    };
    for (const auto &[action, which] : icons)
        action->setIcon(ThemedIcon::standard(this, which));
    // Curved arrows, not the style's round arrow buttons (filled discs as a glyph).
    m_undo->setIcon(ThemedIcon::undoRedo(this, false));
    m_redo->setIcon(ThemedIcon::undoRedo(this, true));
    updateExtensionIcon();
    updateActions();
}

void MainWindow::updateExtensionIcon()
{
    // The toolbar's "»" (its extension button, Qt's own child) holds Open and Save on a narrow
    // screen: a dark grey glyph on a dark GTK theme at 1024x768, nearly invisible.
    if (!m_toolBar)
        return;
    if (auto *extension = m_toolBar->findChild<QToolButton *>(QStringLiteral("qt_toolbar_ext_button")))
        extension->setIcon(ThemedIcon::standard(this, QStyle::SP_ToolBarHorizontalExtensionButton));
}

void MainWindow::updateAlarmCompact()
{
    // One line (with More) where the queue needs the room: presenting, and a lesson in a window
    // of a projector's height (1280x720), whose left column the lesson's header and a six-line
    // alarm filled, pushing the queue's tiles out of sight. The lesson panel tells the story.
    // In the window (not presenting) it is two lines that lead with who and which setting (the
    // lesson's step says "the Data loss alarm names the consumers and the setting").
    const bool presenting = m_presentation && m_presentation->isActive();
    // Below TwoLineAlarmHeight (1280x660, a maximized window on a 720-pixel projector) the
    // second line would make the column scroll: one line there.
    m_alarmPanel->setCompactLines(presenting || height() < TwoLineAlarmHeight ? 1 : 2);
    m_alarmPanel->setCompact(presenting || (m_lessonPanel->hasLesson() && height() < CompactAlarmHeight));
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);  // the docks and scroll areas have their new sizes
    // The lesson's share follows the window's width (shown, maximized, another screen): once
    // the main window's layout has taken the new size. Presenting keeps the layout it made.
    if (width() != m_arrangedWidth && !(m_presentation && m_presentation->isActive())) {
        QTimer::singleShot(0, this, [this] {
            if (width() != m_arrangedWidth && !m_presentation->isActive())
                arrangeBottomDocks();
        });
    }
    updateAlarmCompact();
    // Presenting the dead letters: their dock keeps the width their columns read whole in (the
    // switch to full screen comes after presenting arranged the docks).
    if (m_presentation && m_presentation->isActive() && m_presentation->stepDock() == m_deadLetterDock)
        QTimer::singleShot(0, this, &MainWindow::arrangeBottomDocks);
    keepHighlightInSight();  // the step's view, scrolled while the window had another size
    keepFocusInSight();      // the focus comes last: it wins where both cannot be seen
}

void MainWindow::keepFocusInSight()
{
    // Full screen, presentation mode, a zoom or a smaller window: the focused box stays in sight.
    if (QWidget *focus = QApplication::focusWidget(); focus && isAncestorOf(focus))
        FocusOrder::scrollIntoView(focus, this);
}

void MainWindow::keepKeyboardPlaceInSight()
{
    // The window itself holding the keys, the dashed frame marks where Tab resumes (the field
    // an edit ended in) or starts: zoomed, that field moved with its grown pane and the frame
    // was a sliver at the view's edge (at 120 %, consumer A's aging step). It stays whole in
    // its pane's view, as the focused widget does (docs/design.md §8).
    QWidget *focus = QApplication::focusWidget();
    if (focus && focus != this && isAncestorOf(focus)) {
        keepFocusInSight();
        return;
    }
    const FocusFrame *frame = FocusFrame::of(this);
    if (QWidget *place = frame ? frame->target() : nullptr; place && place->isVisible()) {
        // Once the panes' new heights have reached their scroll areas (the layout requests
        // posted until now) and the zoom's docks have their heights (onZoomChanged()): forced
        // sooner, the layouts kept the docks where they were.
        QTimer::singleShot(0, this, [this, at = QPointer<QWidget>(place)] {
            if (at && at->isVisible())
                FocusOrder::scrollIntoView(at, this);
        });
    }
}

void MainWindow::fitColumn()
{
    auto *column = qobject_cast<QScrollArea *>(centralWidget());
    if (!column || !isVisible())
        return;
    if (column->verticalScrollBar()->maximum() <= 0)
        return;
    // The alarm banner unfolded by its More button keeps to the room the column has: taking it
    // from the charts moved the split between the docks at every More and Less (presenting),
    // and Less never gave it back; scrolling the column pushed the outlined histogram's ≤0, 1
    // and 2 bars and its total out of sight (the native-starvation lesson at 1280x720, a
    // teacher's trial). It gives up what the column is over, down to its folded height, and its
    // text scrolls inside it (AlarmPanel::setExpandedRoom()).
    if (m_alarmPanel->isExpanded()) {
        const int over = column->verticalScrollBar()->maximum();
        const int room = std::max(m_alarmPanel->compactHeight(), m_alarmPanel->height() - over);
        if (room < m_alarmPanel->height())
            m_alarmPanel->setExpandedRoom(room);
        return;
    }
    // The header's description and hint unfolded by its More button likewise: their room taken
    // from the docks' row moved the split, and Less did not give it back; the lesson's text went
    // behind "More below" (1024x768, docs/design.md §8).
    const int over = column->verticalScrollBar()->maximum() - m_scenarioInfo->unfoldedHeight();
    if (over <= 0)
        return;
    // What the charts' row can give: the charts dock down to its minimum.
    const int spare = m_chartDock->isVisible() && !m_chartDock->isFloating()
            ? m_chartDock->height() - m_chartDock->minimumSizeHint().height()
            : 0;
    if (spare > 0)
        resizeDocks({m_chartDock}, {m_chartDock->height() - std::min(over, spare)}, Qt::Vertical);
    if (over <= spare)
        return;
    const bool presenting = m_presentation && m_presentation->isActive();
    // Presenting, the queue's key and histogram give up their spare lines and pixels (under
    // GTK's Adwaita at 1280x720 the ≤0 row and the histogram's total were cut); the range
    // changes again if that is not all (docs/design.md §8).
    if (QueueTilesPanel *tiles = m_queuePanel->tilesPanel(); presenting && !tiles->isTight()) {
        tiles->setTight(true);
        return;
    }
    if (!presenting && m_simulation->loadedScenario().steps.isEmpty() && m_scenarioInfo->isVisible()
        && !m_scenarioInfo->isFolded())
        m_scenarioInfo->foldForRoom();  // the range changes again: the charts give the rest
}

void MainWindow::rescueFocus()
{
    QWidget *focus = QApplication::focusWidget();
    if (!isVisible() || !focus || focus == this || !isAncestorOf(focus) || FocusOrder::isOnScreen(focus, this))
        return;
    if (QWidget *target = FocusOrder::next(this, focus, true)) {
        target->setFocus(Qt::TabFocusReason);  // an item view gets no current row (ShortcutGuard)
        FocusOrder::scrollIntoView(target, this);
    }
}

void MainWindow::focusForPresentation()
{
    QWidget *focus = QApplication::focusWidget();
    if (!focus || !isAncestorOf(focus))
        focus = focusWidget();  // the window's own, while the window manager has it inactive
    if (focus && focus != this && isAncestorOf(focus) && FocusOrder::isOnScreen(focus, this))
        return;
    // After an edit ended by Enter or Esc the window holds the keys and the field keeps its
    // dotted frame (where Tab goes on): that is the user's place, kept in sight, not moved to
    // the lesson or the queue.
    if (focus == this || !focus) {
        const auto *frame = findChild<FocusFrame *>();
        if (QWidget *resume = frame ? frame->resumePoint() : nullptr; resume && resume->isVisibleTo(this)) {
            FocusOrder::scrollIntoView(resume, this);
            if (FocusOrder::isOnScreen(resume, this))
                return;
        }
    }
    const QList<QWidget *> stops = FocusOrder::stops(this);
    QWidget *target = nullptr;
    if (QWidget *next = m_lessonPanel->nextButton(); stops.contains(next) && next->isEnabled())
        target = next;
    for (auto it = stops.cbegin(); !target && it != stops.cend(); ++it) {
        if (m_queuePanel->isAncestorOf(*it))
            target = *it;
    }
    if (!target && !stops.isEmpty())
        target = stops.constFirst();
    if (!target)
        return;
    target->setFocus(Qt::TabFocusReason);  // outlined; an item view gets no current row
    FocusOrder::scrollIntoView(target, this);
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    // Full screen under a window manager: the window may be given back the keyboard after the
    // switch; the focus it gets must be one the class can see.
    if (event->type() == QEvent::ActivationChange && isActiveWindow() && m_presentation && m_presentation->isActive())
        QTimer::singleShot(0, this, &MainWindow::focusForPresentation);
    if (event->type() == QEvent::PaletteChange && m_runPause)
        updateIcons();
}

std::array<int, 3> MainWindow::lessonRowWidths(int width) const
{
    const int group = std::max(JourneyGroupWidth, width * 26 / 100);
    int charts = std::max(ChartsWidth * m_zoom->percent() / 100, width * 30 / 100);
    // A tab per chart rather than a list of pages, where the lesson keeps its least width
    // (1280 px: the list showed at 384 px).
    if (const int tabs = m_chartPanel->tabsWidth() + 2 * ChartTabsMargin; width - group - tabs >= LessonLeast)
        charts = std::max(charts, tabs);
    const int lesson = std::min(std::max(0, width - group - charts), std::max(LessonWidth, width * 32 / 100));
    return {width - group - lesson, group, lesson};
}

void MainWindow::arrangeDocks()
{
    arrangeBottomDocks();
    if (m_presentation && m_presentation->isActive()) {
        // The queue, the heart of a demonstration, gets more of the width than the cards.
        resizeDocks({m_consumerDock}, {width() * 46 / 100}, Qt::Horizontal);
        resizeDocks({m_chartDock}, {height() * 40 / 100}, Qt::Vertical);
    }
}

void MainWindow::arrangeBottomDocks()
{
    // Charts get room for two side by side; journey, event log and dead letters share the rest
    // with the lesson, which gets enough for a few lines of its text. Presenting, the charts
    // (one at a time) and the lesson share the width.
    const int w = width();
    if (!(m_presentation && m_presentation->isActive()))
        m_arrangedWidth = w;
    const bool lesson = m_lessonDock->isVisibleTo(this);
    if (m_presentation && m_presentation->isActive()) {
        // A dock of the journey's group a step outlines stands between the chart and the lesson.
        QDockWidget *step = m_presentation->stepDock();
        const QList<QDockWidget *> group{m_journeyDock, m_eventLogDock, m_deadLetterDock};
        if (lesson && step == m_deadLetterDock && step->isVisibleTo(this)) {
            // The dead letters get the width in which a class reads the cycle, the reason, the
            // consumer and the deliveries whole (at 150 % a quarter of 1280 px cut them to
            // "Cy…", "ttl-ex…"), at least a quarter of the width; the chart gives it down to a
            // quarter, the lesson from 35 % down to 30 % (1024 px at 150 %).
            const int chrome = step->widget() && step->widget()->width() > 0 && step->width() > step->widget()->width()
                    ? step->width() - step->widget()->width()
                    : 2 * style()->pixelMetric(QStyle::PM_DockWidgetFrameWidth, nullptr, step);
            const int dead = std::clamp(m_deadLetterPanel->readableWidth() + chrome, w * 25 / 100, w * 45 / 100);
            const int text = std::clamp(w * 75 / 100 - dead, w * 30 / 100, w * 35 / 100);
            resizeDocks({m_chartDock, step, m_lessonDock}, {w - dead - text, dead, text}, Qt::Horizontal);
        } else if (lesson && step && group.contains(step) && step->isVisibleTo(this)) {
            resizeDocks({m_chartDock, step, m_lessonDock}, {w * 40 / 100, w * 25 / 100, w * 35 / 100}, Qt::Horizontal);
        }
        else if (lesson) {
            resizeDocks({m_chartDock, m_lessonDock}, {w * 55 / 100, w * 45 / 100}, Qt::Horizontal);
        }
    } else if (lesson) {
        const std::array<int, 3> widths = lessonRowWidths(w);
        resizeDocks({m_chartDock, m_journeyDock, m_lessonDock}, {widths[0], widths[1], widths[2]}, Qt::Horizontal);
    } else {
        resizeDocks({m_chartDock, m_journeyDock}, {w * 60 / 100, w * 40 / 100}, Qt::Horizontal);
    }
    if (lesson)
        QTimer::singleShot(0, this, &MainWindow::fitLessonHeight);  // at the widths laid out
}

void MainWindow::fitLessonHeight()
{
    if (!isVisible() || !m_lessonDock->isVisible() || m_lessonDock->isFloating() || m_presentation->isActive())
        return;
    const int more = m_lessonPanel->heightForSteps(m_lessonPanel->width()) - m_lessonPanel->height();
    const auto *column = qobject_cast<QScrollArea *>(centralWidget());
    if (more <= 0 || !column || !column->widget())
        return;
    // What the column can give without scrolling: the rest above its content's least height
    // (the one set at the last zoom, or more: the header of the scenario opened since, its
    // wrapped texts at the column's width, an alarm's banner).
    const QWidget *content = column->widget();
    int least = std::max(content->minimumHeight(), content->minimumSizeHint().height());
    if (content->hasHeightForWidth())
        least = std::max(least, content->heightForWidth(column->viewport()->width()));
    // Less the room of an alarm's banner to come (one line, or two), so that it does not make
    // the column scroll (it did by 1 px at 1280x660 at cycle 70 of four lessons): the banner's
    // own height and the column's spacing above it. Its lines alone were up to 9 px short at
    // 1280x690 (the Hide button is higher than a line): the poison lesson's banner at cycle 150
    // scrolled the column, and the charts were a moment taller until fitColumn() took it back.
    int banner = 0;
    if (!m_alarmPanel->isVisible())
        banner = m_alarmPanel->compactHeight() + (content->layout() ? content->layout()->spacing() : 0);
    const int spare = column->viewport()->height() - least - banner;
    if (spare > 0) {
        resizeDocks({m_lessonDock}, {m_lessonDock->height() + std::min(more, spare)}, Qt::Vertical);
        m_lessonPanel->recheckMoreHint();
    }
}

QList<QDockWidget *> MainWindow::keptDocks() const
{
    QList<QDockWidget *> docks{m_consumerDock, m_chartDock};
    if (m_lessonPanel->hasLesson())
        docks << m_lessonDock;
    return docks;
}

bool MainWindow::focusNextPrevChild(bool next)
{
    return FocusOrder::move(this, next);
}

QString MainWindow::runLabel()
{
    return tr("&Run");
}

QString MainWindow::pauseLabel()
{
    return tr("&Pause");
}

void MainWindow::fitRunButton()
{
    if (!m_runButton)
        return;
    // As wide as the wider of its two faces, so that the buttons after it never move.
    const QString text = m_runButton->text();
    m_runButton->setMinimumWidth(0);
    m_runButton->setMaximumWidth(QWIDGETSIZE_MAX);
    int width = 0;
    for (const QString &label : {runLabel(), pauseLabel()}) {
        m_runButton->setText(label);
        width = std::max(width, m_runButton->sizeHint().width());
    }
    m_runButton->setText(text);
    m_runButton->setFixedWidth(width);
}

void MainWindow::updateActions()
{
    const bool running = m_simulation->isRunning();
    const bool finished = m_simulation->isFinished();
    m_runPause->setText(running ? pauseLabel() : runLabel());
    m_runPause->setIcon(ThemedIcon::standard(this, running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_runPause->setToolTip(running ? tr("Pause the simulation (Space)")
                                   : finished ? runFinishedNotice()
                                              : tr("Run cycles at the chosen speed (Space)"));
    m_runPause->setStatusTip(m_runPause->toolTip());
    m_runPause->setEnabled(running || !finished);
    m_step->setEnabled(!finished);
}

void MainWindow::updateHeader()
{
    const QString scenarioName = m_setupEditor->scenarioName();
    const QString name = scenarioName.isEmpty() ? tr("Untitled scenario") : scenarioName;
    m_scenarioInfo->sync();
    m_scenarioInfo->setFile(m_files->currentFile());
    // "[*]" shows "*" while there are edits since the last save (setWindowModified()).
    setWindowTitle(tr("%1[*] — PriorityLab").arg(name));
    setWindowModified(!m_setupEditor->undoStack()->isClean());
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
    if (!confirmDiscardEdits(tr("resetting to cycle 0 with the scenario as it was opened")))
        return;
    const bool wasRunning = m_simulation->isRunning();
    // On a lesson's "try it yourself" step (its last, without an end) the step stays: its text
    // asks for this Reset before the class tries something ("Reset (Ctrl+R) and give urgent-1 a
    // capacity of 2"), and going back to step 1 took the instruction off the screen (a trial).
    if (m_lessonPanel->resetRun()) {
        showNotice(tr("Reset: cycle 0, the scenario as it was opened. The lesson stays on step %1; "
                      "Back (Page Up) goes to step %2.")
                           .arg(m_lessonPanel->currentStep() + 1)
                           .arg(m_lessonPanel->currentStep()),
                   8000);
    }
    if (wasRunning)
        m_simulation->runUnlessLesson();
    // A consumer card's slider kept the keys after Reset, with no outline, and Tab went on from there.
    holdTheKeys();
}

void MainWindow::holdTheKeys()
{
    setFocus(Qt::OtherFocusReason);
    // A field whose edit Enter ended kept its dashed frame after another lesson was opened
    // (the broker's fields stay): Tab starts afresh, where the start point says.
    m_shortcutGuard->forgetEndedEdit();
    if (FocusFrame *frame = FocusFrame::of(this)) {
        frame->setResumePoint(nullptr);
        QTimer::singleShot(0, frame, &FocusFrame::refresh);  // the start point, in the new layout
    }
}

bool MainWindow::confirmDiscardEdits(const QString &action)
{
    if (m_setupEditor->undoStack()->isClean())
        return true;
    int answer = m_unsavedAnswer == 0 ? int(QMessageBox::Discard) : m_unsavedAnswer;
    // The question names the scenario with the edits and what comes next ("opening “Default”
    // (default.json)"): "another scenario" left a teacher unsure which was which.
    QString current = m_setupEditor->scenarioName().isEmpty() ? tr("The scenario")
                                                              : tr("“%1”").arg(m_setupEditor->scenarioName());
    if (!currentFile().isEmpty())
        current += QStringLiteral(" (%1)").arg(QFileInfo(currentFile()).fileName());
    // A plain Save / Discard / Cancel question: what is unsaved and the question in the text,
    // what Discard loses in the informative text. The document is modified (the undo stack is
    // not clean) by edits since the save, by saved edits undone, or by a saved edit redone at a
    // later cycle (docs/scenario-format.md, "Live edits in a saved file"): each said as it is.
    const int edits = m_setupEditor->unsavedEditCount();
    const int undone = m_setupEditor->undoneSavedEditCount();
    const bool later = m_setupEditor->editRedoneLater();
    const QString editsText = edits == 1 ? tr("1 unsaved edit") : tr("%1 unsaved edits").arg(edits);
    const QString undoneText = undone == 1 ? tr("1 saved edit undone") : tr("%1 saved edits undone").arg(undone);
    QString text;
    QString info;
    if (edits > 0 && undone == 0) {
        text = tr("%1 has %2. Save %3 before %4?").arg(current, editsText, edits == 1 ? tr("it") : tr("them"), action);
        info = edits == 1 ? tr("Discard loses this edit and the undo history.")
                          : tr("Discard loses these %1 edits and the undo history.").arg(edits);
    } else if (edits > 0) {
        text = tr("%1 has %2 and %3. Save the scenario as it is now before %4?").arg(current, editsText, undoneText, action);
        info = edits == 1 ? tr("Discard keeps the file as it is and loses the unsaved edit and the undo history.")
                          : tr("Discard keeps the file as it is and loses the unsaved edits and the undo history.");
    } else if (undone > 0) {
        text = tr("%1 has %2, so it differs from its file. Save the scenario as it is now before %3?")
                       .arg(current, undoneText, action);
        info = (undone == 1 ? tr("Save writes it without the undone edit.") : tr("Save writes it without the undone edits."))
               + QLatin1Char(' ') + tr("Discard keeps the file as it is and loses the undo history.");
    } else {
        text = tr("%1 has an edit you redid after more cycles ran: it now takes effect later than its file "
                  "says. Save the scenario as it is now before %2?")
                       .arg(current, action);
        info = tr("Save writes the edit at its new cycle. Discard keeps the file as it is and loses the undo "
                  "history.");
    }
    if (later && (edits > 0 || undone > 0))
        info += QLatin1Char(' ') + tr("An edit you redid after more cycles ran also takes effect later than the file says.");
    m_lastUnsavedQuestion = text + QLatin1Char('\n') + info;
    // Enter saves only where there is an edit to save: with none in effect, a teacher's Enter
    // on Reset opened a Save As (a built-in lesson has no file to write) for nothing new.
    m_lastUnsavedDefault = edits > 0 ? QMessageBox::Save : QMessageBox::Discard;
    if (showDialogs()) {
        QMessageBox box(QMessageBox::Warning, tr("PriorityLab"), text,
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
        box.setInformativeText(info);
        box.setDefaultButton(QMessageBox::StandardButton(m_lastUnsavedDefault));
        answer = box.exec();
    }
    if (answer == QMessageBox::Save)
        return m_files->save();
    return answer == QMessageBox::Discard;
}

void MainWindow::showOpenedViews()
{
    // What the scenario before brought to the front (a step's chart, the dead letters' first
    // discard, a picked message's journey) is not this one's: the fresh window's tabs first...
    m_chartPanel->showChart(QStringLiteral("depth"));
    m_consumerDock->raise();
    m_journeyDock->raise();
    // ...then what the first step names, outlined again on top of them.
    const QList<LessonStep> &steps = m_simulation->loadedScenario().steps;
    const int step = m_lessonPanel->currentStep();
    highlight(step >= 0 && step < steps.size() ? steps.at(step).highlights : QStringList());
}

QWidget *MainWindow::viewForHighlight(const QString &name)
{
    const auto front = [](QDockWidget *dock) -> QWidget * {
        dock->show();
        dock->raise();
        return dock;
    };
    if (name == QLatin1String("queue"))
        return m_queuePanel;
    if (name == QLatin1String("histogram"))
        return m_queuePanel->tilesPanel()->histogram();
    if (name == QLatin1String("alarms"))  // the banner while alarms are up, else the status-bar count
        return m_alarmPanel->isVisible() ? static_cast<QWidget *>(m_alarmPanel) : m_alarmIndicator;
    if (name == QLatin1String("status"))
        return m_status;
    const QList<std::pair<QLatin1String, QDockWidget *>> docks{
            {QLatin1String("consumers"), m_consumerDock}, {QLatin1String("producers"), m_producerDock},
            {QLatin1String("broker"), m_brokerDock},       {QLatin1String("charts"), m_chartDock},
            {QLatin1String("eventLog"), m_eventLogDock},   {QLatin1String("deadLetters"), m_deadLetterDock},
            {QLatin1String("journey"), m_journeyDock}};
    for (const auto &[key, dock] : docks) {
        if (name == key)
            return front(dock);
    }
    // charts.NAME: one chart, its tab brought to the front (docs/scenario-format.md).
    if (name.startsWith(QLatin1String("charts."))) {
        front(m_chartDock);
        return m_chartPanel->showChart(name.mid(int(qstrlen("charts."))));
    }
    // consumers[i] or consumers[i].strategy.PARAMETER: a card, or one editor on it.
    const SettingPath path = SettingPath::parse(name);
    if (!path.isValid() || !path.isConsumer())
        return nullptr;
    const qsizetype index = path.rootIndex();
    if (index < 0 || index >= m_consumerPanel->cards().size())
        return nullptr;
    front(m_consumerDock);
    ConsumerCard *card = m_consumerPanel->cards().at(index);
    const QString parameter = name.section(QLatin1Char('.'), 2);
    if (parameter.isEmpty())
        return card;
    ParameterEditor *editor = card->parameterEditor(parameter);
    return editor ? static_cast<QWidget *>(editor) : card;
}

QList<HighlightOverlay *> MainWindow::highlightOverlays() const
{
    QList<HighlightOverlay *> shown;
    for (HighlightOverlay *overlay : m_highlights) {
        if (overlay->target())
            shown << overlay;
    }
    return shown;
}

HighlightOverlay *MainWindow::addHighlightOverlay()
{
    auto *overlay = new HighlightOverlay(this);
    // The user scrolling a view into sight (or out of it) changes what the cue says.
    // Queued: a frame also follows while the window is being destroyed.
    connect(overlay, &HighlightOverlay::followed, this, &MainWindow::updateHighlightCue, Qt::QueuedConnection);
    m_highlights.append(overlay);
    return overlay;
}

namespace {

/// The dock of @p window that holds @p target (a dock of its own, not one floating inside
/// another widget); null where @p target is in no dock.
QDockWidget *dockHolding(QWidget *target, const QMainWindow *window)
{
    for (QWidget *w = target; w && w != window; w = w->parentWidget()) {
        if (auto *d = qobject_cast<QDockWidget *>(w); d && d->parentWidget() == window)
            return d;
    }
    return nullptr;
}

} // namespace

void MainWindow::highlight(const QStringList &names)
{
    m_outlineShown = -1;  // a click on the cue starts from the first view again
    QList<QWidget *> targets;
    m_highlightNames.clear();
    for (const QString &name : names) {
        if (QWidget *target = name.isEmpty() ? nullptr : viewForHighlight(name); target && !targets.contains(target)) {
            targets << target;
            m_highlightNames << name;
        }
    }
    while (m_highlights.size() < targets.size())
        addHighlightOverlay();
    for (qsizetype i = 0; i < m_highlights.size(); ++i)
        m_highlights.at(i)->setTarget(targets.value(i));
    m_consumerPanel->setHighlighted(targets);  // an outlined card stays unfolded while presenting
    // Presenting hides most docks: the one the step talks about is shown while the step needs
    // it; of several, the first that presenting would hide.
    QDockWidget *dock = nullptr;
    const QList<QDockWidget *> kept = keptDocks();
    for (QWidget *target : std::as_const(targets)) {
        QDockWidget *own = dockHolding(target, this);
        if (own && (!dock || (kept.contains(dock) && !kept.contains(own))))
            dock = own;
    }
    if (m_presentation) {
        const bool rearrange = m_presentation->isActive() && dock != m_presentation->stepDock();
        m_presentation->setStepDock(dock);
        if (rearrange)
            arrangeBottomDocks();
    }
    watchOutlinedViewports();
    if (!targets.isEmpty()) {
        keepHighlightInSight();
        keepFocusInSight();  // a field being edited wins where both cannot be seen
        for (HighlightOverlay *overlay : std::as_const(m_highlights))
            overlay->follow();
    }
}

namespace {

/// The part of @p widget that can be seen in @p window: its rectangle clipped by every widget
/// around it (a scroll area's viewport), in the window's coordinates; empty when hidden.
QRect seenPart(const QWidget *widget, const QWidget *window)
{
    if (!widget || !widget->isVisible() || !window->isAncestorOf(widget))
        return {};
    QRect seen(widget->mapTo(window, QPoint(0, 0)), widget->size());
    for (const QWidget *w = widget->parentWidget(); w && w != window; w = w->parentWidget())
        seen &= QRect(w->mapTo(window, QPoint(0, 0)), w->size());
    return seen & window->rect();
}

/// Pixels of @p rect (0 if empty).
qint64 area(const QRect &rect)
{
    return rect.isEmpty() ? 0 : qint64(rect.width()) * rect.height();
}

} // namespace

void MainWindow::watchOutlinedViewports()
{
    QList<QPointer<QWidget>> viewports;
    for (HighlightOverlay *overlay : std::as_const(m_highlights)) {
        for (QWidget *w = overlay->target() ? overlay->target()->parentWidget() : nullptr; w && w != this; w = w->parentWidget()) {
            if (auto *scroll = qobject_cast<QScrollArea *>(w); scroll && !viewports.contains(scroll->viewport()))
                viewports << scroll->viewport();
        }
    }
    for (const QPointer<QWidget> &viewport : std::as_const(m_outlinedViewports)) {
        if (viewport && !viewports.contains(viewport))
            viewport->removeEventFilter(this);
    }
    for (const QPointer<QWidget> &viewport : std::as_const(viewports)) {
        if (!m_outlinedViewports.contains(viewport))
            viewport->installEventFilter(this);
    }
    m_outlinedViewports = viewports;
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && m_outlinedViewports.contains(qobject_cast<QWidget *>(watched)))
        m_outlineResizeTimer.start();
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::keepHighlightInSight()
{
    QList<QWidget *> targets;
    for (HighlightOverlay *overlay : std::as_const(m_highlights)) {
        if (overlay->target())
            targets << overlay->target();
    }
    // The first view named is the one in sight: a card may be scrolled out of view, so the whole
    // card first (its name and counts), so far as it fits, then the editor the step names. Then
    // each of the others, unless scrolling to it takes part of an earlier one out of sight (the
    // three low bounds of the TTL lesson: A's, and B's where the dock is high enough).
    QList<QWidget *> shown;
    for (QWidget *target : std::as_const(targets)) {
        QList<QPair<QScrollBar *, int>> before;
        for (QWidget *w = target->parentWidget(); w && w != this; w = w->parentWidget()) {
            if (auto *scroll = qobject_cast<QScrollArea *>(w)) {
                before.append({scroll->horizontalScrollBar(), scroll->horizontalScrollBar()->value()});
                before.append({scroll->verticalScrollBar(), scroll->verticalScrollBar()->value()});
            }
        }
        QList<qint64> seenBefore;
        for (QWidget *w : std::as_const(shown))
            seenBefore << area(seenPart(w, this));
        ConsumerCard *card = nullptr;
        for (QWidget *w = target; w && !card; w = w->parentWidget())
            card = qobject_cast<ConsumerCard *>(w);
        if (shown.isEmpty() && card)
            FocusOrder::scrollIntoView(card, this);
        FocusOrder::scrollIntoView(target, this);
        // A setting on a card: with the card's header (whose card it is) and its warning, so
        // far as the view has room (ConsumerPanel::showWithWarning()).
        if (card && card != target)
            m_consumerPanel->showWithWarning(target);
        bool lost = false;
        for (qsizetype i = 0; i < shown.size() && !lost; ++i)
            lost = area(seenPart(shown.at(i), this)) < seenBefore.at(i);
        if (lost) {
            for (const auto &[bar, value] : std::as_const(before))
                bar->setValue(value);
        } else {
            shown << target;
        }
    }
    updateHighlightCue();
}

void MainWindow::showOutlinedOutOfSight()
{
    // The views a step outlines do not always fit the view together (the TTL lesson's step 4:
    // the low bounds of A, B and C, about 620 px apart in a cards' view of about 300 px): the
    // cue names those out of sight, and a click on it brings the next of them into sight (after
    // the one the last click brought, so that clicks go through them all), its closed dock
    // shown or its tab in front; the keyboard focus stays where it is.
    const qsizetype count = m_highlights.size();
    for (qsizetype k = 1; k <= count; ++k) {
        const qsizetype index = (m_outlineShown + k) % count;
        QWidget *target = m_highlights.at(index)->target();
        if (!target)
            continue;
        QDockWidget *dock = dockHolding(target, this);
        const bool presenting = m_presentation && m_presentation->isActive();
        if (dock && dock->isHidden() && !presenting) {
            dock->show();
            dock->raise();
        } else if (dock && dock->isVisible() && !dock->isFloating() && seenPart(dock, this).isEmpty()) {
            dock->raise();
        } else if (!target->isVisible() || 2 * area(seenPart(target, this)) >= area(target->rect())) {
            continue;  // in sight
        }
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        FocusOrder::scrollIntoView(target, this);
        if (target != m_consumerPanel && m_consumerPanel->isAncestorOf(target)) {
            bool card = false;
            for (QWidget *w = target->parentWidget(); w && !card; w = w->parentWidget())
                card = qobject_cast<ConsumerCard *>(w);
            if (card)
                m_consumerPanel->showWithWarning(target);
        }
        for (HighlightOverlay *o : std::as_const(m_highlights))
            o->follow();
        m_outlineShown = index;
        return;
    }
}

void MainWindow::raiseHighlightedDocks()
{
    for (qsizetype i = m_highlights.size() - 1; i >= 0; --i) {
        QDockWidget *dock = dockHolding(m_highlights.at(i)->target(), this);
        if (dock && (dock->isVisible() || !tabifiedDockWidgets(dock).isEmpty()))
            dock->raise();
    }
    keepHighlightInSight();
    for (HighlightOverlay *overlay : std::as_const(m_highlights))
        overlay->follow();
}

void MainWindow::updateHighlightCue()
{
    if (!m_lessonPanel)
        return;
    // A view less than half of which can be seen is out of sight; its scroll area says where it
    // is. Grouped by what to do: "B, C: scroll down to see them". A view whose dock is behind
    // another tab of its group, or closed, says so instead ("parking-lot: on the Consumers
    // tab"): its scroll area would say "scroll left", the dock being moved out of the window.
    struct Group
    {
        QString one, many;  // "%1" for the names
        QStringList names;
    };
    QList<Group> groups;
    const bool presenting = m_presentation && m_presentation->isActive();
    for (qsizetype i = 0; i < m_highlights.size() && i < m_highlightNames.size(); ++i) {
        QWidget *target = m_highlights.at(i)->target();
        if (!target)
            continue;
        QDockWidget *dock = dockHolding(target, this);
        QString one, many;
        if (dock && dock->isHidden() && !presenting) {  // presenting hides the docks it does not show
            one = many = tr("%1: in the %2 panel, closed (View > %2)").arg(QStringLiteral("%1"), dock->windowTitle());
        } else if (dock && dock->isVisible() && !dock->isFloating() && !tabifiedDockWidgets(dock).isEmpty()
                   && seenPart(dock, this).isEmpty()) {
            one = many = tr("%1: on the %2 tab").arg(QStringLiteral("%1"), dock->windowTitle());
        } else if (!target->isVisible() || 2 * area(seenPart(target, this)) >= area(target->rect())) {
            continue;
        } else {
            QScrollArea *scroll = nullptr;
            for (QWidget *w = target->parentWidget(); w && w != this && !scroll; w = w->parentWidget())
                scroll = qobject_cast<QScrollArea *>(w);
            if (!scroll)
                continue;
            const QRect inViewport(target->mapTo(scroll->viewport(), QPoint(0, 0)), target->size());
            const QRect viewport = scroll->viewport()->rect();
            QString direction;
            if (inViewport.top() >= viewport.bottom() - inViewport.height() / 2)
                direction = tr("scroll down");
            else if (inViewport.bottom() <= viewport.top() + inViewport.height() / 2)
                direction = tr("scroll up");
            else if (inViewport.left() >= viewport.center().x())
                direction = tr("scroll right");
            else
                direction = tr("scroll left");
            one = tr("%1: %2 to see it").arg(QStringLiteral("%1"), direction);
            many = tr("%1: %2 to see them").arg(QStringLiteral("%1"), direction);
        }
        // A consumer's card or editor goes by the consumer's name, another view by its name.
        QString name = m_highlightNames.at(i);
        for (QWidget *w = target; w; w = w->parentWidget()) {
            if (auto *card = qobject_cast<ConsumerCard *>(w)) {
                if (size_t(card->index()) < m_simulation->consumers().size())
                    name = m_simulation->consumers().at(size_t(card->index()))->name;
                break;
            }
        }
        auto group = std::find_if(groups.begin(), groups.end(), [&](const Group &g) { return g.one == one; });
        if (group == groups.end())
            groups.append({one, many, {name}});
        else if (!group->names.contains(name))
            group->names << name;
    }
    QStringList parts;
    for (const Group &group : std::as_const(groups))
        parts << (group.names.size() == 1 ? group.one : group.many).arg(group.names.join(QStringLiteral(", ")));
    m_lessonPanel->setOutlineCue(parts.join(QStringLiteral("; ")));
    QTimer::singleShot(0, this, &MainWindow::fitLessonHeight);  // the cue's row takes a line
}

QString MainWindow::runFinishedNotice()
{
    return tr("The run is finished: Reset (Ctrl+R) to start again");
}

QString MainWindow::finishEditNotice(const QKeySequence &key, bool running)
{
    const QString finish = tr("Finish the edit first: press Enter to apply it or Escape to cancel it");
    if (key.isEmpty())
        return finish;
    const QString name = key.toString(QKeySequence::NativeText);
    switch (key[0].key()) {
    case Qt::Key_Space:
        return running ? tr("%1; then %2 pauses").arg(finish, name) : tr("%1; then %2 runs").arg(finish, name);
    case Qt::Key_Right:
    case Qt::Key_N:
        return tr("%1; then %2 steps one cycle").arg(finish, name);
    case Qt::Key_R:
        return tr("%1; then %2 resets").arg(finish, name);
    default:
        return finish;  // Page Down, Page Up: the lesson moves on
    }
}

void MainWindow::showNotice(const QString &text, int timeoutMs)
{
    if (m_simulation->isRunning()) {
        // The counts change every cycle: they keep their place. The notice takes a third of the
        // bar at most (StatusSummary shortens its figures for the rest), elided, whole in its
        // tooltip.
        const int room = std::max(1, statusBar()->width() / 3);
        m_runNotice->setMaximumWidth(room);
        m_runNotice->setText(m_runNotice->fontMetrics().elidedText(text, Qt::ElideRight, room - 2 * m_runNotice->margin()));
        m_runNotice->setToolTip(text);
        m_runNotice->show();
        m_runNoticeTimer.start(timeoutMs);
        return;
    }
    m_status->hide();  // shown again when the message goes (messageChanged(""))
    statusBar()->showMessage(text, timeoutMs);
}

void MainWindow::showSpeedNotice()
{
    writeSpeedNotice();
    m_speedNotice->show();
    m_speedNoticeTimer.start();
}

void MainWindow::writeSpeedNotice()
{
    const int interval = m_simulation->intervalMs();
    m_speedNoticeMs = interval;
    const QString factor = SpeedControl::factor(interval, m_setupEditor->scenarioIntervalMs());
    // Short, so that the figures beside it keep their room at 1024 px; the rest in the tooltip.
    const QString text = interval == 0    ? tr("Speed: as fast as possible")
                         : factor.isEmpty() ? tr("Speed: %1 ms per cycle").arg(interval)
                                            : tr("Speed %1 (%2 ms per cycle)").arg(factor).arg(interval);
    const QString full = SpeedControl::speedText(interval, m_setupEditor->scenarioIntervalMs())
            + tr(" (how fast you watch: not an edit, not saved)");
    m_speedNotice->setText(text);
    m_speedNotice->setToolTip(full);
    m_speedNotice->setAccessibleName(full);
}

void MainWindow::showHelp()
{
    if (!m_helpDialog) {
        auto *dialog = new HelpDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        // The zoom keys (Ctrl++, Ctrl+-, Ctrl+0) work while the help window is active too: a
        // window-wide shortcut is live in every window its action is added to.
        dialog->addActions({m_zoomIn, m_zoomOut, m_zoomReset});
        m_helpDialog = dialog;
    }
    m_helpDialog->show();
    m_helpDialog->raise();
    m_helpDialog->activateWindow();
}

void MainWindow::showZoom(int percent)
{
    const QString zoomed = tr("Zoom %1%").arg(percent);
    m_zoomLabel->setText(zoomed);
    m_zoomLabel->setAccessibleName(zoomed);
    m_zoomLabel->setVisible(percent != 100);
    m_zoomReset->setText(percent == 100 ? tr("&Actual Size") : tr("&Actual Size (now %1%)").arg(percent));
    m_zoomReset->setStatusTip(tr("Text at its normal size, 100% (Ctrl+0); now %1%").arg(percent));
    const int in = std::min(percent + Zoom::Step, int(Zoom::Maximum));
    const int out = std::max(percent - Zoom::Step, int(Zoom::Minimum));
    m_zoomIn->setStatusTip(tr("Bigger text, tiles and charts, e.g. for a projector: %1% to %2% (Ctrl++)").arg(percent).arg(in));
    m_zoomOut->setStatusTip(tr("Smaller text, tiles and charts: %1% to %2% (Ctrl+-)").arg(percent).arg(out));
    for (QAction *action : {m_zoomIn, m_zoomOut, m_zoomReset})
        action->setToolTip(action->statusTip());
    m_zoomIn->setEnabled(percent < Zoom::Maximum);
    m_zoomOut->setEnabled(percent > Zoom::Minimum);
}

void MainWindow::onZoomChanged(int percent)
{
    showZoom(percent);
    statusBar()->showMessage(tr("Zoom %1%").arg(percent), 2000);
    // The column's least height was taken at the first zoom: zoomed text and tiles need more
    // (at 150 % the queue kept its caption and no tile), and the column scrolls for it.
    // Zoomed text also makes the charts' minimum taller and pushes the bottom docks up; back at
    // a zoom already seen (Ctrl+0), they get the height they had there (read on
    // Zoom::aboutToChange()), once the column's new least height has reached the window's layout
    // (sized earlier, the window's next layout would keep them where they were). Presentation
    // mode puts back its own layout.
    const bool byUser = !m_presentation->isSwitching();
    ++m_zoomLayoutsPending;
    QTimer::singleShot(0, this, [this, percent, byUser] {
        if (auto *column = qobject_cast<QScrollArea *>(centralWidget()); column && column->widget())
            column->widget()->setMinimumHeight(column->widget()->minimumSizeHint().height());
        // Presenting the dead letters: their dock follows the zoomed text's widths. In a window
        // by the user's zoom, the charts' share does (their legends' least width, their tabs).
        if (m_presentation->isActive() ? m_presentation->stepDock() == m_deadLetterDock
                                       : byUser && m_lessonDock->isVisibleTo(this))
            arrangeBottomDocks();
        QTimer::singleShot(0, this, [this, percent, byUser] {
            const auto at = m_bottomHeights.constFind(percent);
            if (at != m_bottomHeights.cend() && m_zoom->percent() == percent && !m_presentation->isActive())
                resizeDocks({m_chartDock}, {*at}, Qt::Vertical);
            // Zoomed, the lesson's text needs more lines: the row gets them where it can. Not
            // after leaving presentation mode, which puts back the layout it found.
            if (m_zoom->percent() == percent && byUser)
                fitLessonHeight();
            --m_zoomLayoutsPending;
        });
    });
    // The toolbar's icons follow the zoom down as its text does: the style's size at 100 %,
    // scaled below it (at 70 % they stayed at the style's size and, beside the smaller text,
    // looked larger). Above 100 % they keep the style's size, so the toolbar's width (its
    // overflow "»" at 1024 px) stays what it was.
    if (m_toolBar) {
        const int base = style()->pixelMetric(QStyle::PM_ToolBarIconSize, nullptr, m_toolBar);
        const int side = std::clamp(int(std::lround(base * percent / 100.0)), 8, base);
        m_toolBar->setIconSize(QSize(side, side));
    }
    fitRunButton();
    QTimer::singleShot(0, this, &MainWindow::keepKeyboardPlaceInSight);  // once the layouts have the new sizes
    for (HighlightOverlay *overlay : std::as_const(m_highlights))
        overlay->follow();
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
