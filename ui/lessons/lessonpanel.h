#pragma once

#include "core/model/config.h"

#include <QWidget>

#include <functional>

class QKeyEvent;
class QLabel;
class QPushButton;
class QUndoCommand;
class QUndoStack;
class QTextBrowser;
class QTextDocument;

namespace PriorityLab {

class Simulation;

/// The "Lesson" dock's content: the current step of a guided lesson (scenario key "steps",
/// docs/scenario-format.md) with its title, text, how far it runs, and Back / Next.
///
/// Entering a step applies its "set" changes (Simulation::applySetting, like a timeline change),
/// asks for its highlights (highlightRequested()) and arms Simulation::setPauseCondition() so that
/// a run pauses on the exact cycle the step ends (a run started after that end is not paused). The first step is shown paused, on cycle 0.
/// Next plays the step shown to its end if it has one not reached yet: paused, at the chosen
/// speed (Space does the same); running, at once, then the following step starts paused. A later
/// step's settings never apply before the end of the one shown. Otherwise Next enters the
/// following step and runs it. Back replays: the run starts over from cycle 0 (Simulation::
/// reset(): same seed, timeline) and plays the steps, each entered on its previous step's end,
/// up to the start of the previous step, paused there.
class LessonPanel : public QWidget
{
    Q_OBJECT

public:
    /// Follows @p simulation, which must outlive the panel.
    explicit LessonPanel(Simulation *simulation, QWidget *parent = nullptr);

    /// Shows the steps of the loaded scenario from the first; no steps = "no guided lesson".
    /// Call after Simulation::load() or reset(); the first step's settings apply at once.
    void setSteps(const QList<LessonStep> &steps);

    /// Index of the step shown (0-based), -1 when there are no steps.
    int currentStep() const { return m_index; }
    /// The settings the steps entered since the run started applied (their `set`), each as a
    /// timeline change at the cycle its step was entered on, in order: with the scenario's own
    /// timeline and the edits at their cycles, the run as watched (Compare's "Run as watched",
    /// docs/design.md "Figures and verdicts"). Emptied by setSteps() and when the simulation
    /// loads or resets (Back replays the steps again).
    const QList<TimelineChange> &appliedSettings() const { return m_applied; }
    int stepCount() const { return int(m_steps.size()); }
    bool hasLesson() const { return !m_steps.isEmpty(); }

    /// Runs @p cycles cycles at once (as `prioritylab --cycles N` does) the way Next would play
    /// the lesson: whenever the step shown has reached its end and cycles remain, the following
    /// step is entered (its "set" applies on that cycle); a step without an end keeps the rest.
    /// Afterwards the panel shows the step the run reached, e.g. lesson-ttl-moved at cycle 60:
    /// step 3 ("until cycle 100"). Without steps it only runs the cycles. Returns the cycles run
    /// (fewer if the simulation finished).
    qint64 runCycles(qint64 cycles);

    /// Whether Reset keeps the step shown (resetRun()): the lesson's last step when it has no
    /// end, its "try it yourself" step, whose text may ask for a Reset before the class tries.
    bool keepsStepOnReset() const;
    /// Reset (Ctrl+R, docs/design.md §1): the run starts over at cycle 0 with the scenario as it
    /// was opened (Simulation::reset(): same seed and timeline, edits by hand and the steps'
    /// settings gone). The lesson starts over on its first step, except on a step
    /// keepsStepOnReset() says it keeps: that step stays shown, with its outlines, and none of the
    /// steps' settings applies (Back replays the steps before it as usual). E.g. the topics
    /// lesson's step 4, "Reset (Ctrl+R) and give urgent-1 a capacity of 2", stays on screen at
    /// cycle 0. Returns whether the step was kept.
    bool resetRun();

    /// Asked before Back starts the run over (it loses edits made since the scenario was
    /// opened, as Reset does): false cancels Back. None: Back always goes.
    void setConfirmReplay(std::function<bool()> confirm) { m_confirmReplay = std::move(confirm); }

    /// The number of edits by hand in effect (the undo stack's index: edits made since the
    /// scenario was loaded and not undone). The step's text is the lesson's, written for its own
    /// run, and stays as written; while edits apply, the line under it says so, e.g. "✎ 2 edits
    /// by hand; the text is without them." (the line's tooltip: Ctrl+Z undoes them).
    void setHandEdits(int count);
    /// As setHandEdits() with @p stack's index, where @p stack holds the edits by hand: a step
    /// taken back (still on the stack) after cycles ran with it counts as an edit undone
    /// (undoneHandEdits()); a stack cleared (load, replay) or a step dropped undoes none.
    void setUndoStack(const QUndoStack *stack);
    int handEdits() const { return m_handEdits; }
    /// Edits by hand undone (Ctrl+Z) after cycles ran with them since the lesson last started,
    /// each undo step once (a redo before a cycle ran since its undo takes it back): the line
    /// under the text counts them as the charts do, "✎ 2 edits by hand ran, both undone",
    /// "✎ 3 edits by hand, 1 undone" (docs/design.md §8, Charts).
    int undoneHandEdits() const { return m_undoneRan; }
    /// Whether cycles ran with an edit by hand in effect since the lesson last started (opened,
    /// Reset, Back's replay: setSteps()). Such a run differs from the lesson as written even once
    /// the edit is undone (Ctrl+Z): the latency chart keeps "✎ A · low = 2, undone", and the line
    /// under the text keeps its "✎" ("✎ An edit by hand ran, since undone; the text is without
    /// it.") until the lesson starts again (docs/design.md §8, Charts).
    bool handEditsRan() const { return m_handEditsRan; }

    /// The panel's Back and Next buttons (tests, focus order).
    QPushButton *backButton() const { return m_back; }
    QPushButton *nextButton() const { return m_next; }
    /// The step's text (read-only, word-wrapped; Tab reaches it, between the heading and Back;
    /// Up, Down, Home and End scroll it there, and Up and Down on Back and Next scroll it too).
    QTextBrowser *textView() const { return m_text; }
    /// The cue under the text (in its own row) while part of it is below the visible lines
    /// ("▼ More below"; a click scrolls one page); hidden when the whole text shows or the end is
    /// scrolled into view.
    QLabel *moreHint() const { return m_more; }
    /// Says which views the step outlines that cannot be seen and where to scroll for them,
    /// e.g. "B, C: scroll down to see them", in a row under the heading; empty hides it. A
    /// click on it emits outlineCueClicked().
    void setOutlineCue(const QString &text);
    /// The row of setOutlineCue() (tests).
    QLabel *outlineCue() const { return m_cue; }
    /// The heading (the step's title) and the line under the text (how far the step runs).
    QLabel *headingLabel() const { return m_heading; }
    QLabel *progressLabel() const { return m_progress; }
    /// Which step is shown, between Back and Next: "3 of 5", or "3/5" where the row is narrow
    /// (its tooltip "Step 3 of 5").
    QLabel *stepCountLabel() const { return m_count; }
    /// The least height (px) the panel needs at @p width px (its own width, the dock's less its
    /// frame) to show every step of the lesson whole: heading, text without scrolling, the line
    /// under it (its longest wording: how far the step runs and what Next does), the outline
    /// cue if one is shown now, and the buttons. 0 without a lesson.
    int heightForSteps(int width) const;
    /// Shows step @p index (0-based) as Back or Next would, its text scrolled to the top, without
    /// applying its settings or running (screenshots, tests that read every step).
    void showStep(int index);
    /// Hides "More below" and the text's scroll bar and shows them again, once laid out, only
    /// if the text still scrolls (after the panel grew: the cue's row and the bar's width kept
    /// the text short of the room it now has). Done by the panel itself whenever it grows.
    void recheckMoreHint();

    /// The most cycles Next runs at once to bring a running step to its end (a step that ends
    /// later, or only by a figure, is not cut short: Next asks to wait for its pause).
    static constexpr qint64 MaxCyclesAtOnce = 10000;

public Q_SLOTS:
    /// Runs the step shown to its end if it has an end not reached yet: paused, on the timer
    /// (at the chosen speed); running, at once (step() up to MaxCyclesAtOnce cycles; else only
    /// notice() is emitted), then the next step is entered paused. A step at its end: enters
    /// the next step and runs it to its end (no-op on the last step).
    void next();
    /// Goes back to the start of the previous step (no-op on the first): after the question of
    /// setConfirmReplay() (unsaved edits are lost), resets the simulation and replays the lesson
    /// by step() to the cycle the previous step started on (at most as many cycles as had run),
    /// its settings and the earlier steps' applied, paused. E.g. lesson-ttl-moved at step 5,
    /// cycle 130: Back goes to step 4 at cycle 100 with low 0 on every consumer.
    void back();
    /// Updates the line under the text (running, done, past the step's end, finished, edits by
    /// hand in effect); called when the run starts or pauses, on the first cycle past the step's
    /// end, and after every change of the setup (an edit may end the step: a consumer removed
    /// gives its held messages back to the queue). Once the run
    /// goes on past the end of the step shown (Space after the step paused it; running freely is
    /// allowed), the line says so, e.g. "Past this step's end (cycle 60) — Page Down for the
    /// next step.", instead of showing the step as if it were still current.
    void refresh();

Q_SIGNALS:
    /// The views to outline, each a name of lessonViews(), "consumers[i]" or
    /// "consumers[i].strategy.P" (LessonStep::highlights); empty for none.
    void highlightRequested(const QStringList &views);
    /// A step was entered or shown again.
    void stepChanged(int index);
    /// A step's settings were refused by the simulation (should not happen: the reader checks
    /// them); @p problems name the step and the setting.
    void problemsFound(const QStringList &problems);
    /// A step's settings are being applied (true before the first, false after the last): the
    /// setup changes in between are the lesson's, not edits by hand.
    void applyingSettings(bool applying);
    /// The outline cue (outlineCue()) was clicked: the window brings the first outlined view
    /// it names into sight.
    void outlineCueClicked();
    /// A line for the status bar: what Next did or why it did nothing, e.g. "Step 3 is still
    /// running. Runs until discarded is above 0. Next (Page Down) goes on when it pauses."
    void notice(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// Grown higher while "More below" shows: recheckMoreHint().
    void resizeEvent(QResizeEvent *event) override;

private:
    QList<TimelineChange> m_applied;  ///< appliedSettings()
    /// Enables Back and Next as @p back and @p next say; a button that loses the keyboard focus
    /// by it passes the focus to the other one, else to the step's text.
    void setButtonsEnabled(bool back, bool next);
    /// What the line under the text says of the step: playable, running, done, past its end.
    enum class Phase { Play, Running, Done, Past, NoEnd, Finished };
    /// The line under the text for step @p index in @p phase: how far the step runs, then what
    /// happens now (@p endCycle: the cycle it ended on, for Past and Finished; -1 if it has not
    /// ended), then @p notice. Finished names no end to come: past it, done, or short of it.
    QString progressLine(int index, Phase phase, qint64 endCycle, const QString &notice) const;
    /// The wordings of the line under the text for step @p index in @p phase, the full one
    /// (progressLine()) first, then shorter ones (at the step's end: what Next does, without
    /// how far the step ran), for fitProgress().
    QStringList progressWordings(int index, Phase phase, qint64 endCycle, const QString &notice) const;
    /// Writes the line under the text: the first of its wordings that fits on one line at the
    /// label's width, else the shortest, then the edits by hand; a shortened line's tooltip has
    /// the full one. At the step's end "Runs until cycle 100. Step done: Next (Page Down) goes
    /// on." took a second line from the step's text (docs/design.md §8), cut behind "More below".
    void fitProgress();
    /// What fitProgress() shows: the status's wording, the line under the text (the status
    /// with the edits' mark, or the sentence on lines of its own), and the mark beside the
    /// step's title (" ✎ 1") where the status's line had no room for it.
    struct ProgressFit
    {
        QString status;
        QString line;
        QString headingMark;
    };
    /// The mark of the edits by hand, longest first: the sentence ("✎ 1 edit by hand; the text
    /// is without it."), "✎ 1 edit by hand", "✎ 1", "✎"; one empty wording without edits.
    QStringList editMarkWordings() const;
    /// @p status, then @p mark after a space where there is one.
    static QString withMark(const QString &status, const QString &mark);
    /// Fits the status and the mark (editMarkWordings(), @p marks) to the shown label's width:
    /// the status's first wording that fits one line; the first wordings of both that add no
    /// line to it; else the mark beside the title where it adds no line there; the whole
    /// sentence on lines of its own where the text spares them.
    ProgressFit fittedProgress(const QStringList &marks) const;
    /// Shows @p fit: the title with its mark, the line, and the tooltip (the full status where
    /// it is shortened, @p edits, the sentence of the edits by hand, and what they change).
    void showProgress(const ProgressFit &fit, const QString &edits);
    /// The heading of step @p index: its title (which step of how many is stepCountLabel()).
    QString headingText(int index) const;
    /// Scrolls the text for @p event on @p watched: Up/Down on Back or Next (a line), Home/End
    /// (with or without Ctrl) in the text (its top, its end). True if it did (the key is used).
    bool scrollTextByKey(QObject *watched, const QKeyEvent *event);
    /// Writes which step is shown in stepCountLabel() as its width allows: "3 of 5", else "3/5",
    /// else nothing (its tooltip says it whole).
    void fitStepCount();
    /// Shows @p text in the text view, without the document's margin under its last line.
    void setText(const QString &text);
    /// Sets @p document's bottom margin to 0 (the view's text, and heightForSteps()' measure).
    static void withoutBottomMargin(QTextDocument *document);
    /// Shows moreHint() (in its row under the text) while more of the text is below.
    void updateMoreHint();
    void enter(int index, bool run);
    void show(int index);
    void armPause();
    /// Runs the step shown (running, with an end not reached) to its end by step(), paused
    /// there; false, with a notice, if its end is not a cycle within MaxCyclesAtOnce.
    bool playToEndAtOnce();
    /// Back's replay: reset, then the steps played by step() up to the start of step @p index.
    void replayTo(int index);
    /// True if @p step has an end (untilCycle or until).
    static bool stepHasEnd(const LessonStep &step);

    Simulation *m_simulation;
    QList<LessonStep> m_steps;
    int m_index = -1;
    int m_entered = -1;  ///< the furthest step entered (its settings applied)
    int m_starts = 0;    ///< setSteps() calls: tells whether a reset's owner called it
    /// The step the next setSteps() shows instead of the first (resetRun()), -1 for none.
    int m_keepOnStart = -1;
    /// The most cycles Back's replay may need after resetRun() kept a step: the cycles the run
    /// had when it was reset (the step was entered no later), 0 once the lesson starts over.
    qint64 m_keptFrom = 0;
    std::function<bool()> m_confirmReplay;
    QLabel *m_heading = nullptr;
    QTextBrowser *m_text = nullptr;
    QLabel *m_more = nullptr;
    QLabel *m_cue = nullptr;
    QLabel *m_progress = nullptr;
    QLabel *m_count = nullptr;
    QPushButton *m_back = nullptr;
    QPushButton *m_next = nullptr;
    QStringList m_progressWordings;  ///< progressWordings() of the step shown, for fitProgress()
    QString m_notice;  ///< why Next did nothing, shown under the text while the run goes on
    /// The cycle on which the step shown reached its end (its untilCycle or its condition), -1
    /// while it has not (or has no end): past it, the line under the text says so.
    qint64 m_endCycle = -1;
    bool m_pastShown = false;  ///< the line says the run is past m_endCycle
    bool m_moreHeld = false;   ///< recheckMoreHint() lays the text out anew: no cue until it asks
    int m_handEdits = 0;       ///< setHandEdits()
    bool m_handEditsRan = false;  ///< handEditsRan()
    /// Each undo step on the stack, by its place: whether cycles ran with it in effect, and the
    /// cycle it was undone at (-1 while in effect).
    struct HandEdit
    {
        const QUndoCommand *command = nullptr;  ///< the step (compared, never dereferenced)
        QString text;  ///< its text then: a step made anew where one was freed differs in it
        bool ran = false;
        qint64 undoneAt = -1;
        /// Whether @p other is this step (the same command, the same text).
        bool is(const QUndoCommand *other) const;
    };
    QList<HandEdit> m_stacked;
    int m_undoneRan = 0;  ///< undoneHandEdits()
};

} // namespace PriorityLab
