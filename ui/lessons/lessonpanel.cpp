#include "ui/lessons/lessonpanel.h"
#include "ui/common/textcolors.h"

#include "core/analysis/lesson.h"
#include "core/engine/simulation.h"
#include "ui/common/highlightoverlay.h"
#include "ui/common/wordings.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFrame>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace PriorityLab {

LessonPanel::LessonPanel(Simulation *simulation, QWidget *parent)
    : QWidget(parent), m_simulation(simulation)
{
    setObjectName(QStringLiteral("lessonPanel"));
    auto *layout = new QVBoxLayout(this);
    m_heading = new QLabel(this);
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::PlainText);
    // Bold, at the size of the rest: a larger heading took a line of the step's text from a
    // panel that is a few lines high in a 1024x768 window.
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_text = new QTextBrowser(this);
    m_text->setOpenLinks(false);
    m_text->setFrameShape(QFrame::NoFrame);
    // Tab reaches the text, so that a step longer than the panel scrolls by the arrow keys (it
    // is read-only: Space still runs); a click leaves the focus where it was.
    m_text->setFocusPolicy(Qt::TabFocus);
    m_text->setLineWrapMode(QTextEdit::WidgetWidth);
    m_text->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_text->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // A step longer than the room the panel has (about 5 lines at 1024x768) is read by
    // scrolling: a cue under the text says so while more is below, and a click on it scrolls
    // one page. It sits in its own row, not over the text: over the last visible line it cut
    // words ("Press S▼ More below" hid "Press Space").
    m_more = new QLabel(this);
    m_more->setObjectName(QStringLiteral("lessonMoreHint"));
    m_more->setTextFormat(Qt::RichText);
    m_more->setText(tr("<a href=\"#more\">▼ More below</a>"));
    m_more->setTextInteractionFlags(Qt::LinksAccessibleByMouse);
    m_more->setFocusPolicy(Qt::NoFocus);
    m_more->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_more->setToolTip(tr("The step goes on below: scroll the text (mouse wheel; Down on Back or Next; "
                          "or Tab to the text: Up, Down, Home, End)"));
    m_more->hide();
    connect(m_more, &QLabel::linkActivated, this, [this] {
        m_text->verticalScrollBar()->triggerAction(QAbstractSlider::SliderPageStepAdd);
    });
    connect(m_text->verticalScrollBar(), &QScrollBar::rangeChanged, this, &LessonPanel::updateMoreHint);
    connect(m_text->verticalScrollBar(), &QScrollBar::valueChanged, this, &LessonPanel::updateMoreHint);
    m_text->viewport()->installEventFilter(this);
    m_text->installEventFilter(this);  // Home and End (scrollTextByKey())
    // Where the step outlines a view out of sight (a card below the others): in the outline's
    // colour, so it reads as part of the outline.
    m_cue = new QLabel(this);
    m_cue->setObjectName(QStringLiteral("lessonOutlineCue"));
    m_cue->setWordWrap(true);
    m_cue->setTextFormat(Qt::PlainText);
    // A click brings what it names into sight (outlineCueClicked()); the keyboard stays where it is.
    m_cue->setCursor(Qt::PointingHandCursor);
    m_cue->setToolTip(tr("Click to bring the outlined view it names into sight"));
    m_cue->installEventFilter(this);
    m_cue->hide();
    m_progress = new QLabel(this);
    m_progress->setWordWrap(true);
    m_progress->setTextFormat(Qt::PlainText);
    m_progress->installEventFilter(this);  // fitProgress() at its width
    // Which step of how many, between Back and Next as a pager reads it: in the heading it took
    // a line of the step's text from the panel at 1024x768 (docs/design.md §8).
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("lessonStepCount"));
    m_count->setTextFormat(Qt::PlainText);
    m_count->setAlignment(Qt::AlignCenter);
    // It takes the room between the buttons and asks for none: the window's least width stays
    // what Back and Next need (fitStepCount() shortens it where it has less).
    m_count->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_count->installEventFilter(this);
    m_back = new QPushButton(tr("◀ Back"), this);
    m_next = new QPushButton(tr("Next ▶"), this);
    m_back->setToolTip(tr("Go back to the start of the previous step (Page Up): the run starts "
                          "over from cycle 0 and replays the lesson to that step, paused."));
    m_next->setToolTip(tr("Play this step to its end if it has not reached it (while it runs: at "
                          "once, then the next step starts paused), else go to the next step and "
                          "run it to its end (Page Down)."));
    for (QPushButton *b : {m_back, m_next}) {
        b->setFocusPolicy(Qt::TabFocus);  // a click must not steal Space from the simulation
        b->installEventFilter(this);      // Up and Down scroll the text (scrollTextByKey())
    }
    // Tight margins: at 1024x768 the dock is about 280 px wide and 230 to 320 px high, and
    // every line of it goes to the step's text.
    layout->setContentsMargins(6, 2, 6, 2);
    layout->setSpacing(2);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_back);
    buttons->addWidget(m_count, 1);
    buttons->addWidget(m_next);
    layout->addWidget(m_heading);
    layout->addWidget(m_cue);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_more);
    layout->addWidget(m_progress);
    layout->addLayout(buttons);
    connect(m_back, &QPushButton::clicked, this, &LessonPanel::back);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::next);
    connect(m_simulation, &Simulation::runningChanged, this, [this](bool running) {
        // A run that starts after the step shown has reached its end (paused there by the step,
        // or by Step) must not pause again after its first cycle: the condition goes.
        if (running)
            armPause();
        refresh();
    });
    // Running on past the step's end (Space after its pause): the line says so on the first
    // cycle after the end, not only at the next pause.
    connect(m_simulation, &Simulation::cycleCompleted, this, [this] {
        // A cycle run with an edit by hand in effect: the run is no longer the lesson's, undone
        // or not (handEditsRan()).
        if (m_handEdits > 0)
            m_handEditsRan = true;
        for (int i = 0; i < m_handEdits && i < int(m_stacked.size()); ++i)
            m_stacked[i].ran = true;
        if (m_endCycle >= 0 && !m_pastShown && m_simulation->cycle() > m_endCycle)
            refresh();
        // Reaching the step's end by Step (Right or N) pauses nothing, so no pause refreshes the
        // line: it said "Runs until cycle 15. Space plays it." at cycle 15 and 16 (a trial). It
        // says "Step done" on the cycle the step ends, whatever key got the run there (and, from
        // the next cycle, that the run is past it, above).
        else if (m_endCycle < 0 && m_index >= 0 && m_index < int(m_steps.size()) && stepHasEnd(m_steps.at(m_index))
                 && lessonStepDone(m_steps.at(m_index), *m_simulation))
            refresh();
    });
    // The run finished by Step, not while running (no runningChanged): the line says so at once.
    connect(m_simulation, &Simulation::finished, this, &LessonPanel::refresh);
    // An edit while paused: the line is current at once, not at the next run or pause.
    connect(m_simulation, &Simulation::setupChanged, this, &LessonPanel::refresh);
    // A run started over: the settings the steps applied are those of the run to come.
    connect(m_simulation, &Simulation::scenarioLoaded, this, [this] { m_applied.clear(); });
    setSteps({});
}

void LessonPanel::setHandEdits(int count)
{
    count = std::max(0, count);
    if (count == m_handEdits)
        return;
    m_handEdits = count;
    refresh();
}

bool LessonPanel::HandEdit::is(const QUndoCommand *other) const
{
    return other && other == command && other->text() == text;
}

void LessonPanel::setUndoStack(const QUndoStack *stack)
{
    const int count = stack->index();
    const int commands = stack->count();
    const qint64 cycle = m_simulation->cycle();
    // Steps taken back that ran, still on the stack: edits undone, as the charts mark them (an
    // undo before a cycle ran with the edit leaves no mark there, nor a count here; a step
    // dropped from the stack, cleared or merged back to where it started, was not undone).
    for (int i = count; i < m_handEdits && i < commands && i < int(m_stacked.size()); ++i) {
        if (m_stacked.at(i).command == stack->command(i) && m_stacked.at(i).undoneAt < 0 && m_stacked.at(i).ran) {
            m_stacked[i].undoneAt = cycle;
            ++m_undoneRan;
        }
    }
    m_stacked.resize(commands);
    for (int i = 0; i < count; ++i) {
        HandEdit &edit = m_stacked[i];
        const QUndoCommand *command = stack->command(i);
        if (edit.command != command || (edit.undoneAt >= 0 && !edit.is(command))) {
            edit = HandEdit{command, command->text()};  // made since
        } else if (edit.undoneAt < 0) {
            edit.text = command->text();  // the same step, a later step of its gesture merged in
        } else {
            // Redone. Before any cycle ran since its undo, the undo is taken back (the chart's
            // undo marker goes too); after cycles, the redo is an edit again and the undone one
            // stays counted (the chart marks the redo at its own cycle, docs/design.md §8).
            if (edit.undoneAt == cycle)
                --m_undoneRan;
            else
                edit.ran = false;
            edit.undoneAt = -1;
        }
    }
    setHandEdits(count);
    refresh();
}

bool LessonPanel::keepsStepOnReset() const
{
    return m_index >= 0 && m_index == int(m_steps.size()) - 1 && m_index <= m_entered
           && !stepHasEnd(m_steps.at(m_index));
}

bool LessonPanel::resetRun()
{
    const bool keep = keepsStepOnReset();
    const QList<LessonStep> steps = m_steps;
    const int started = m_starts;
    const qint64 cycles = m_simulation->cycle();
    m_keepOnStart = keep ? m_index : -1;
    m_simulation->reset();  // its owner may answer scenarioLoaded with setSteps()
    if (m_starts == started)
        setSteps(steps);
    m_keepOnStart = -1;
    if (keep)
        m_keptFrom = std::max(m_keptFrom, cycles);
    return keep;
}

void LessonPanel::setSteps(const QList<LessonStep> &steps)
{
    const bool sameSteps = steps.size() == m_steps.size()
                           && std::equal(steps.cbegin(), steps.cend(), m_steps.cbegin(), [](const LessonStep &a, const LessonStep &b) {
                                  return a.title == b.title && a.text == b.text;
                              });
    const int keep = std::exchange(m_keepOnStart, -1);
    m_steps = steps;
    m_applied.clear();
    ++m_starts;
    m_handEditsRan = false;  // the lesson starts over: its own run again
    m_undoneRan = 0;
    for (HandEdit &edit : m_stacked)
        edit = HandEdit{edit.command, edit.text};
    m_entered = -1;
    m_index = -1;
    m_simulation->setPauseCondition({});
    if (m_steps.isEmpty()) {
        m_heading->setText(tr("No guided lesson"));
        m_count->setToolTip(QString());
        fitStepCount();
        setText(tr("This scenario has no steps. Open a lesson from the Scenarios menu, or add "
                                "\"steps\" to a scenario file (docs/scenario-format.md)."));
        m_progressWordings.clear();
        fitProgress();
        setButtonsEnabled(false, false);
        Q_EMIT highlightRequested(QStringList());
        return;
    }
    // Reset on the "try it yourself" step: that step stays, at cycle 0, none of the steps'
    // settings applied (resetRun()).
    if (keep > 0 && sameSteps && keep < int(m_steps.size()) && !stepHasEnd(m_steps.at(keep))) {
        m_entered = keep;
        show(keep);
        return;
    }
    m_keptFrom = 0;
    enter(0, false);
}

void LessonPanel::next()
{
    if (m_index < 0)
        return;
    // The step shown has an end not reached yet: Next plays this step to its end first, it
    // never skips it, so that no later step's settings apply before this step's end. Paused (a
    // lesson just opened, or Space pressed mid-step), the step runs at the chosen speed. Already
    // running, the rest of it runs at once and the next step starts paused on that cycle.
    if (m_index <= m_entered && !m_simulation->isFinished() && stepHasEnd(m_steps.at(m_index))
        && !lessonStepDone(m_steps.at(m_index), *m_simulation)) {
        if (!m_simulation->isRunning()) {
            m_simulation->run();  // armPause() stops it on the exact cycle
            return;
        }
        if (!playToEndAtOnce())
            return;
        if (m_index + 1 < int(m_steps.size()) && m_index == m_entered)
            enter(m_index + 1, false);
        return;
    }
    if (m_index + 1 >= int(m_steps.size()))
        return;
    if (m_index + 1 <= m_entered)
        show(m_index + 1);  // already entered (after Back): its settings applied once already
    else
        enter(m_index + 1, true);
}

qint64 LessonPanel::runCycles(qint64 cycles)
{
    qint64 ran = 0;
    while (ran < cycles && !m_simulation->isFinished()) {
        if (m_index >= 0 && m_index == m_entered && m_index + 1 < int(m_steps.size())
            && stepHasEnd(m_steps.at(m_index)) && lessonStepDone(m_steps.at(m_index), *m_simulation)) {
            enter(m_index + 1, false);
            continue;
        }
        m_simulation->step();
        ++ran;
    }
    armPause();
    refresh();
    return ran;
}

bool LessonPanel::playToEndAtOnce()
{
    const LessonStep &step = m_steps.at(m_index);
    const qint64 left = step.untilCycle ? *step.untilCycle - m_simulation->cycle() : -1;
    if (left < 0 || left > MaxCyclesAtOnce) {
        // Only a figure ends it, or its cycle is far: how long it takes is not known, or long.
        m_notice = tr("Next (Page Down) goes on when it pauses.");
        refresh();
        Q_EMIT notice(tr("Step %1 is still running. %2 %3").arg(m_index + 1).arg(describeLessonStepEnd(step), m_notice));
        return false;
    }
    m_simulation->pause();
    while (!m_simulation->isFinished() && !lessonStepDone(step, *m_simulation))
        m_simulation->step();
    Q_EMIT notice(tr("Step %1 played to its end at once (cycle %2).").arg(m_index + 1).arg(m_simulation->cycle()));
    armPause();
    refresh();
    return true;
}

void LessonPanel::back()
{
    if (m_index <= 0)
        return;
    if (m_confirmReplay && !m_confirmReplay())
        return;
    replayTo(m_index - 1);
}

void LessonPanel::replayTo(int index)
{
    // The run is deterministic from cycle 0 (seed, timeline, the steps' settings): starting over
    // and playing the steps before @p index brings back the very run that step started on. It
    // started no later than now, so it takes at most as many cycles as have run.
    const qint64 bound = std::max(m_simulation->cycle(), m_keptFrom);  // after a kept Reset: the run before it
    const QList<LessonStep> steps = m_steps;
    const int started = m_starts;
    m_simulation->reset();  // its owner may answer scenarioLoaded with setSteps(), as after Reset
    if (m_starts == started)
        setSteps(steps);
    qint64 ran = 0;
    while (m_index >= 0 && m_index < index) {
        if (lessonStepDone(m_steps.at(m_index), *m_simulation)) {
            enter(m_index + 1, false);  // on the cycle Next would have entered it
            continue;
        }
        if (ran++ >= bound)
            break;  // not reached again (should not happen): shown where the replay stopped
        m_simulation->step();
    }
    armPause();
    refresh();
}

void LessonPanel::enter(int index, bool run)
{
    const LessonStep &step = m_steps.at(index);
    QStringList problems;
    if (!step.set.isEmpty())
        Q_EMIT applyingSettings(true);
    for (const TimelineChange &c : step.set) {
        if (QString e = m_simulation->applySetting(c.path, c.value); !e.isEmpty())
            problems << tr("step %1 (%2): %3").arg(index + 1).arg(step.title, e);
        else
            m_applied << TimelineChange{m_simulation->cycle(), c.path, c.value};
    }
    if (!step.set.isEmpty())
        Q_EMIT applyingSettings(false);
    m_entered = std::max(m_entered, index);
    show(index);
    if (!problems.isEmpty())
        Q_EMIT problemsFound(problems);
    if (run && !lessonStepDone(step, *m_simulation))
        m_simulation->run();
}

void LessonPanel::show(int index)
{
    m_index = index;
    const LessonStep &step = m_steps.at(index);
    m_heading->setText(headingText(index));
    m_count->setToolTip(tr("Step %1 of %2").arg(index + 1).arg(m_steps.size()));
    m_count->setAccessibleName(m_count->toolTip());
    fitStepCount();
    setText(step.text);
    m_text->verticalScrollBar()->setValue(0);
    recheckMoreHint();
    m_notice.clear();
    m_endCycle = -1;
    m_pastShown = false;
    armPause();
    refresh();
    Q_EMIT highlightRequested(step.highlights);
    Q_EMIT stepChanged(index);
}

void LessonPanel::setOutlineCue(const QString &text)
{
    const QString shown = text.isEmpty() ? QString() : QStringLiteral("➜ ") + text;
    if (m_cue->text() == shown && m_cue->isVisibleTo(this) == !text.isEmpty())
        return;
    TextColors::apply(m_cue, TextColors::Tone::Lesson);  // the outline's orange, readable as text
    m_cue->setText(shown);
    m_cue->setVisible(!text.isEmpty());
}

void LessonPanel::showStep(int index)
{
    if (index >= 0 && index < int(m_steps.size()))
        show(index);
}

bool LessonPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_text->viewport() && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) {
        updateMoreHint();
        if (m_handEdits > 0)
            fitProgress();  // the edits' sentence takes lines of its own where the text spares them
    }
    if (watched == m_count && (event->type() == QEvent::Resize || event->type() == QEvent::FontChange))
        fitStepCount();
    if (watched == m_progress && (event->type() == QEvent::Resize || event->type() == QEvent::Show
                                  || event->type() == QEvent::FontChange))
        fitProgress();
    if (event->type() == QEvent::KeyPress && scrollTextByKey(watched, static_cast<QKeyEvent *>(event)))
        return true;
    if (watched == m_cue && event->type() == QEvent::MouseButtonRelease
        && static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton) {
        Q_EMIT outlineCueClicked();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

bool LessonPanel::scrollTextByKey(QObject *watched, const QKeyEvent *event)
{
    QScrollBar *bar = m_text->verticalScrollBar();
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    // On Back and Next (where F6 and presentation mode put the focus) Up and Down scroll the
    // text a line: they did nothing there, and "▼ More below" must be readable from where the
    // keyboard is. Page Up and Page Down stay the step keys everywhere.
    if ((watched == m_back || watched == m_next) && modifiers == Qt::NoModifier
        && (event->key() == Qt::Key_Up || event->key() == Qt::Key_Down)) {
        bar->triggerAction(event->key() == Qt::Key_Down ? QAbstractSlider::SliderSingleStepAdd
                                                        : QAbstractSlider::SliderSingleStepSub);
        return true;
    }
    // In the text, Home and End (with or without Ctrl) go to its top and its end; the read-only
    // view had no key for them.
    if (watched == m_text && (modifiers == Qt::NoModifier || modifiers == Qt::ControlModifier)
        && (event->key() == Qt::Key_Home || event->key() == Qt::Key_End)) {
        bar->triggerAction(event->key() == Qt::Key_End ? QAbstractSlider::SliderToMaximum
                                                       : QAbstractSlider::SliderToMinimum);
        return true;
    }
    return false;
}

void LessonPanel::fitStepCount()
{
    if (m_index < 0 || m_steps.isEmpty()) {
        m_count->clear();
        return;
    }
    const int step = m_index + 1;
    const int steps = int(m_steps.size());
    const int room = m_count->contentsRect().width();
    // Blank rather than cut ("3 o"): the step's title says where the lesson is.
    m_count->setText(firstThatFits(QFontMetrics(m_count->font()), room,
                                   {tr("%1 of %2").arg(step).arg(steps), QStringLiteral("%1/%2").arg(step).arg(steps)},
                                   WhenNoneFits::Nothing));
}

void LessonPanel::setText(const QString &text)
{
    m_text->setPlainText(text);
    withoutBottomMargin(m_text->document());
}

void LessonPanel::withoutBottomMargin(QTextDocument *document)
{
    // The last line ends the text: the margin under it (4 px) hides nothing, but it made the
    // view scroll, and "▼ More below" show, under a text read whole (presenting at 1024x768).
    QTextFrame *root = document->rootFrame();
    QTextFrameFormat format = root->frameFormat();
    if (format.bottomMargin() != 0) {
        format.setBottomMargin(0);
        root->setFrameFormat(format);
    }
}

void LessonPanel::recheckMoreHint()
{
    // The cue's own row (and the scroll bar) may be all that the text lacks: shown while the
    // panel was lower or the step longer, they kept the text a line short in a panel high
    // enough for it. Hidden, the text gets their room; the cue comes back if it still scrolls.
    m_more->hide();
    // Not shown again by the view's range while it is laid out anew (a range the bar's width
    // or the cue's row gave it): once, when all is laid out.
    m_moreHeld = true;
    if (layout()) {
        layout()->invalidate();
        layout()->activate();  // the view takes the cue's row now, before the bar is asked
    }
    // The view keeps a scroll bar while the text is longer than the view at the width the bar
    // leaves it, even where the text at the whole width fits: it lays the text out again
    // without the bar, which comes back only if that still scrolls.
    if (m_text->verticalScrollBar()->isVisibleTo(m_text)) {
        m_text->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_text->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    }
    QTimer::singleShot(0, this, [this] {
        m_moreHeld = false;
        updateMoreHint();
    });
}

void LessonPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Grown back after it was lowered for a while (the docks' row given to the left column, a
    // splitter dragged), the panel kept the cue and the scroll bar of the lower height, the text
    // a line short: a trial at 1024x768 (docs/design.md §8).
    const QSize old = event->oldSize();
    if (old.isValid() && event->size().height() > old.height() && !m_moreHeld && m_more->isVisibleTo(this))
        recheckMoreHint();
}

void LessonPanel::updateMoreHint()
{
    if (m_moreHeld)
        return;  // recheckMoreHint() asks once laid out
    const QScrollBar *bar = m_text->verticalScrollBar();
    const bool more = bar->maximum() > 0 && bar->value() < bar->maximum();
    m_more->setVisible(more);
}

bool LessonPanel::stepHasEnd(const LessonStep &step)
{
    return step.untilCycle || step.until;
}

void LessonPanel::armPause()
{
    if (m_index < 0 || m_index > m_entered) {
        m_simulation->setPauseCondition({});
        return;
    }
    const LessonStep step = m_steps.at(m_index);
    // A step without an end, or one already past it (the teacher went back to it): Space runs
    // on instead of stopping again after every cycle.
    if (!stepHasEnd(step) || lessonStepDone(step, *m_simulation)) {
        m_simulation->setPauseCondition({});
        return;
    }
    m_simulation->setPauseCondition([step](const Simulation &s) { return lessonStepDone(step, s); });
}

void LessonPanel::setButtonsEnabled(bool back, bool next)
{
    // A disabled button hands the keyboard focus to the next widget of the window's chain, the
    // toolbar's speed slider, where the arrow keys then changed the speed: it goes to the other
    // button instead, or to the step's text when both are off.
    const QWidget *focus = window()->focusWidget();
    QPushButton *losing = focus == m_next && !next ? m_next : focus == m_back && !back ? m_back : nullptr;
    if (losing) {
        QPushButton *other = losing == m_next ? m_back : m_next;
        const bool otherOn = losing == m_next ? back : next;
        other->setEnabled(otherOn);
        QWidget *target = otherOn ? static_cast<QWidget *>(other) : m_text;
        target->setFocus(losing == m_next ? Qt::BacktabFocusReason : Qt::TabFocusReason);
    }
    m_back->setEnabled(back);
    m_next->setEnabled(next);
}

QString LessonPanel::progressLine(int index, Phase phase, qint64 endCycle, const QString &notice) const
{
    const LessonStep &step = m_steps.at(index);
    const bool last = index + 1 >= int(m_steps.size());
    const QString end = describeLessonStepEnd(step);
    QString state;
    bool whole = false;  // state is the whole line, without the step's end in words first
    switch (phase) {
    case Phase::Finished:
        // The run goes no further: the step's end is not one to come ("Runs until cycle 10. The
        // run has finished." at cycle 65, a trial). Past it, at it, or short of it.
        if (end.isEmpty())
            state = tr("The run has finished.");
        else if (endCycle < 0)
            state = tr("The run has finished before this step's end.");
        else if (m_simulation->cycle() > endCycle)
            state = tr("Past this step's end (cycle %1). The run has finished.").arg(endCycle);
        else
            state = tr("Step done. The run has finished.");
        whole = true;
        break;
    case Phase::Past:
        // The step shown is no longer what the run is doing, and the line says so.
        state = last ? tr("Past the lesson's last step (it ended on cycle %1): the run goes on freely.").arg(endCycle)
                     : tr("Past this step's end (cycle %1) — Page Down for the next step.").arg(endCycle);
        whole = true;
        break;
    case Phase::NoEnd:
        state = last ? tr("End of the lesson.") : tr("Next (Page Down) goes on.");
        break;
    case Phase::Done:
        state = last ? tr("Step done: end of the lesson.") : tr("Step done: Next (Page Down) goes on.");
        break;
    case Phase::Running:
        state = tr("Running…");
        break;
    case Phase::Play:
        // Short, so that it and the step's end share a line at 1024x768: Next's own key (Page
        // Down) is in its tooltip, and the line says it once the step is done.
        state = tr("Space plays it.");
        break;
    }
    if (!notice.isEmpty())
        state += QLatin1Char(' ') + notice;
    return end.isEmpty() || whole ? state : end + QLatin1Char(' ') + state;
}

QStringList LessonPanel::progressWordings(int index, Phase phase, qint64 endCycle, const QString &notice) const
{
    const bool last = index + 1 >= int(m_steps.size());
    QStringList wordings{progressLine(index, phase, endCycle, notice)};
    // Shorter, for a line under the text that would wrap: at the step's end (or past it) how
    // far it ran is said already, and what Next does now is what matters. The full line is the
    // tooltip.
    switch (phase) {
    case Phase::Done:
        wordings << (last ? tr("Step done: end of the lesson.") : tr("Step done: Next (Page Down) goes on."))
                 << (last ? tr("Done: end of the lesson.") : tr("Done: Page Down goes on."));
        break;
    case Phase::Past:
        wordings << (last ? tr("Past the last step's end (cycle %1).").arg(endCycle)
                          : tr("Past its end (cycle %1): Page Down.").arg(endCycle));
        break;
    case Phase::Finished:
        if (endCycle >= 0 && m_simulation->cycle() > endCycle)
            wordings << tr("Past its end (cycle %1), finished.").arg(endCycle);
        wordings << tr("The run has finished.");
        break;
    case Phase::Running:
        if (!notice.isEmpty())
            wordings << progressLine(index, phase, endCycle, QString());  // the notice is in the status bar too
        break;
    case Phase::Play:
    case Phase::NoEnd:
        break;
    }
    wordings.removeDuplicates();
    return wordings;
}

QStringList LessonPanel::editMarkWordings() const
{
    if (m_handEdits <= 0 && m_handEditsRan && m_undoneRan >= 2) {
        // Edits undone after cycles ran with them, counted as the charts count them ("✎ 2
        // edits, both undone"): "An edit by hand ran" read as one where the charts had two.
        const QString undone = m_undoneRan == 2 ? tr("both undone") : tr("all undone");
        return {tr("✎ %1 edits by hand ran, %2; the text is without them.").arg(m_undoneRan).arg(undone),
                tr("✎ %1 edits, %2").arg(m_undoneRan).arg(undone), tr("✎ %1 undone").arg(m_undoneRan),
                QStringLiteral("✎")};
    }
    if (m_handEdits <= 0 && m_handEditsRan) {
        // Undone after cycles ran with it (Ctrl+Z): no edit is in effect, but the cycles it
        // shaped are this run's; the mark stays until the lesson starts over.
        return {tr("✎ An edit by hand ran, since undone; the text is without it."), tr("✎ undone edit ran"),
                QStringLiteral("✎")};
    }
    if (m_handEdits <= 0)
        return {QString()};
    if (m_undoneRan > 0) {
        // Some in effect, some undone after they ran: all of them, the undone ones apart, as a
        // chart's label holding them all reads ("✎ 3 edits, 1 undone").
        const int all = m_handEdits + m_undoneRan;
        return {tr("✎ %1 edits by hand, %2 undone; the text is without them.").arg(all).arg(m_undoneRan),
                tr("✎ %1 edits by hand, %2 undone").arg(all).arg(m_undoneRan),
                tr("✎ %1 edits, %2 undone").arg(all).arg(m_undoneRan), QStringLiteral("✎ %1").arg(m_handEdits),
                QStringLiteral("✎")};
    }
    return {m_handEdits == 1 ? tr("✎ 1 edit by hand; the text is without it.")
                             : tr("✎ %1 edits by hand; the text is without them.").arg(m_handEdits),
            m_handEdits == 1 ? tr("✎ 1 edit by hand") : tr("✎ %1 edits by hand").arg(m_handEdits),
            QStringLiteral("✎ %1").arg(m_handEdits), QStringLiteral("✎")};
}

QString LessonPanel::withMark(const QString &status, const QString &mark)
{
    return mark.isEmpty() ? status : status + QLatin1Char(' ') + mark;
}

void LessonPanel::fitProgress()
{
    if (m_progressWordings.isEmpty()) {
        m_progress->clear();
        m_progress->setToolTip(QString());
        return;
    }
    // The text names the lesson's values and figures ("73 by cycle 100"): it is the author's and
    // stays as written, but with edits by hand the run is no longer the one it tells. The mark
    // of the edits shares the status's line, its words shortened to fit there ("✎ 1 edit by
    // hand", "✎ 1", "✎"), or else stands beside the step's title: at 1024x768 a line of its own
    // under the status took a line from the step's text, which went behind "More below". The
    // whole sentence takes lines of its own only where the text has them to spare; it is in the
    // tooltip in any case.
    const QStringList marks = editMarkWordings();
    // A panel not shown yet has no width of its own: the full line (fitted again when shown).
    ProgressFit fit{m_progressWordings.constFirst(), withMark(m_progressWordings.constFirst(), marks.constFirst()), {}};
    if (m_progress->isVisible() && (m_progressWordings.size() > 1 || marks.size() > 1))
        fit = fittedProgress(marks);
    showProgress(fit, marks.constFirst());
}

namespace {
/// Heights of texts as a word-wrapped QLabel lays them out (its own word wrap: the font
/// metrics' rectangle gave a line less at times, see LessonPanel::heightForSteps()).
class WrappedHeights
{
public:
    /// Measures as @p label lays out.
    explicit WrappedHeights(const QLabel *label)
    {
        m_probe.setWordWrap(true);
        measureAs(label);
    }
    /// Measures as @p label lays out from now on (its font, text format, margin and indent).
    void measureAs(const QLabel *label)
    {
        m_probe.setFont(label->font());
        m_probe.setTextFormat(label->textFormat());
        m_probe.setMargin(label->margin());
        m_probe.setIndent(label->indent());
    }
    /// The height of @p text at @p width.
    int of(const QString &text, int width)
    {
        m_probe.setText(text);
        return m_probe.heightForWidth(width);
    }

private:
    QLabel m_probe;
};
} // namespace

LessonPanel::ProgressFit LessonPanel::fittedProgress(const QStringList &marks) const
{
    const int room = m_progress->contentsRect().width() - 2 * m_progress->margin() - m_progress->indent();
    const int labelWidth = m_progress->width();
    WrappedHeights heights(m_progress);
    const auto height = [&heights, labelWidth](const QString &text) { return heights.of(text, labelWidth); };

    // The status: the first wording that fits on one line; where none does, the shortest
    // (fewest lines).
    const QString base = firstThatFits(QFontMetrics(m_progress->font()), room, m_progressWordings);
    ProgressFit fit{base, withMark(base, marks.constLast()), {}};
    const QString edits = marks.constFirst();  // the whole sentence; empty without edits

    // Then the mark: the first wording of it (and of the status) that adds no line to the
    // status's.
    const int statusHeight = height(base);
    bool onStatusLine = false;
    for (const QString &wording : m_progressWordings) {
        for (const QString &mark : marks) {
            if (height(withMark(wording, mark)) <= statusHeight) {
                fit.status = wording;
                fit.line = withMark(wording, mark);
                onStatusLine = true;
                break;
            }
        }
        if (onStatusLine)
            break;
    }

    // No room on the status's line even for the sign (the status fills it): the mark ("✎ 1")
    // goes beside the step's title where it adds no line there.
    if (!onStatusLine && !edits.isEmpty() && m_index >= 0 && m_heading->width() > 0) {
        const QString title = headingText(m_index);
        const QString mark = marks.at(2);
        heights.measureAs(m_heading);
        if (heights.of(title + QLatin1Char(' ') + mark, m_heading->width()) <= heights.of(title, m_heading->width()))
            fit = ProgressFit{base, base, QLatin1Char(' ') + mark};
        heights.measureAs(m_progress);
    }

    // Lines to spare under the text (it is whole with the sentence's lines more below it):
    // the sentence, whole, on lines of its own under the status.
    if (!edits.isEmpty() && room > 0 && m_text->isVisible()) {
        const QString shown = m_progress->text();
        const int ownNow = shown.contains(QLatin1Char('\n')) ? height(shown) - height(shown.section(QLatin1Char('\n'), 0, 0)) : 0;
        const int view = m_text->viewport()->height() + ownNow;  // the view without those lines
        const int text = int(std::ceil(m_text->document()->size().height()));
        const QString whole = base + QLatin1Char('\n') + edits;
        if (text + height(whole) - height(fit.line) <= view)
            fit = ProgressFit{base, whole, {}};
    }
    return fit;
}

void LessonPanel::showProgress(const ProgressFit &fit, const QString &edits)
{
    if (m_index >= 0 && m_heading->text() != headingText(m_index) + fit.headingMark)
        m_heading->setText(headingText(m_index) + fit.headingMark);
    if (fit.line != m_progress->text())
        m_progress->setText(fit.line);
    QStringList tip;
    if (fit.status != m_progressWordings.constFirst())
        tip << m_progressWordings.constFirst();
    if (m_handEdits > 0)
        tip << edits
            << tr("The step's text tells the lesson's own run; your edits by hand change it. Ctrl+Z undoes them.");
    else if (m_handEditsRan)
        tip << edits
            << tr("The step's text tells the lesson's own run; cycles of this one ran with your edit by hand. "
                  "Reset starts the lesson's own run again.");
    m_progress->setToolTip(tip.join(QLatin1Char('\n')));
}

QString LessonPanel::headingText(int index) const
{
    return m_steps.at(index).title;
}

int LessonPanel::heightForSteps(int width) const
{
    if (m_steps.isEmpty())
        return 0;
    const QMargins margins = layout()->contentsMargins();
    const int spacing = layout()->spacing();
    const int inner = std::max(1, width - margins.left() - margins.right());
    // A label's height for a text as QLabel lays it out (its own word wrap, not the font
    // metrics' rectangle, which gave a line less at times).
    WrappedHeights heights(m_progress);
    const auto wrapped = [inner, &heights](const QLabel *label, const QString &text) {
        heights.measureAs(label);
        return heights.of(text, inner);
    };
    // The text as the view lays it out at that width (QTextEdit::WidgetWidth) less a scroll
    // bar: the room it needs to show whole, also while a scroll bar shown before the panel
    // grew is still there (the view keeps it, and the width it takes, while the text is longer
    // than the view at that width).
    QTextDocument document;
    document.setDefaultFont(m_text->document()->defaultFont());
    document.setDocumentMargin(m_text->document()->documentMargin());
    const int bar = m_text->verticalScrollBar()->sizeHint().width();
    document.setTextWidth(inner - 2 * m_text->frameWidth() - bar);
    int tallest = 0;
    for (int i = 0; i < int(m_steps.size()); ++i) {
        document.setPlainText(m_steps.at(i).text);
        withoutBottomMargin(&document);  // as setText() lays it out
        int progress = 0;
        const QString wait = tr("Next (Page Down) goes on when it pauses.");
        for (const auto &[phase, notice] : {std::pair{Phase::Play, QString()}, std::pair{Phase::Running, wait},
                                            std::pair{Phase::Done, QString()}, std::pair{Phase::Past, QString()},
                                            std::pair{Phase::Finished, QString()}})
            progress = std::max(progress, wrapped(m_progress, progressLine(i, phase, 9999, notice)));
        tallest = std::max(tallest, wrapped(m_heading, headingText(i)) + int(std::ceil(document.size().height()))
                                            + m_text->height() - m_text->viewport()->height() + progress);
    }
    int rows = 3;  // heading, text, progress; then the buttons
    int cue = 0;
    if (m_cue->isVisibleTo(this)) {
        cue = wrapped(m_cue, m_cue->text());
        ++rows;
    }
    const int buttons = std::max({m_back->sizeHint().height(), m_next->sizeHint().height(), m_count->sizeHint().height()});
    // A pixel a row for the rounding of the labels' and the document's layouts.
    return margins.top() + margins.bottom() + tallest + cue + buttons + rows * (spacing + 1);
}

void LessonPanel::refresh()
{
    if (m_index < 0)
        return;
    const LessonStep &step = m_steps.at(m_index);
    const bool last = m_index + 1 >= int(m_steps.size());
    setButtonsEnabled(m_index > 0, !last);
    const QString end = describeLessonStepEnd(step);
    const qint64 cycle = m_simulation->cycle();
    const bool done = lessonStepDone(step, *m_simulation);
    // The cycle the step ended on: the run pauses there (armPause()), and this is called when it
    // does; a step entered past its untilCycle (after Back) ended on that cycle.
    if (m_endCycle < 0 && stepHasEnd(step) && done)
        m_endCycle = step.untilCycle ? std::min(cycle, *step.untilCycle) : cycle;
    Phase phase = Phase::Play;
    if (m_simulation->isFinished())
        phase = Phase::Finished;
    else if (m_endCycle >= 0 && cycle > m_endCycle)
        phase = Phase::Past;  // Space after the step's pause runs on freely (the teacher may)
    else if (end.isEmpty())
        phase = Phase::NoEnd;
    else if (done)
        phase = Phase::Done;
    else if (m_simulation->isRunning())
        phase = Phase::Running;
    if (phase == Phase::Past)
        m_pastShown = true;
    if (!m_simulation->isRunning())
        m_notice.clear();  // it asked to wait for the pause
    m_progressWordings = progressWordings(m_index, phase, m_endCycle, m_notice);
    fitProgress();
}

} // namespace PriorityLab
