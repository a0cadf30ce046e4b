#pragma once

#include "core/scenario/scenario.h"

#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QVariant>

#include <optional>

class QUndoCommand;
class QUndoStack;
class QWidget;

namespace PriorityLab {

class Simulation;

/// The single entry point through which the UI changes the running simulation's setup:
/// consumers, producers, broker settings and the scenario's name, description and hint. Views
/// never call the Simulation's setters themselves.
///
/// Every edit is checked first without being applied (Simulation::checkSetting(), validated
/// exactly as a scenario file would be, one round trip through JSON), then pushed onto a
/// QUndoStack (undoStack()) as a command storing the setting's path in the scenario format with
/// its old and new value (ChangeSettingCommand, after Tiled's ChangeValue), whose redo() applies
/// it. The steps of one continuous gesture on one setting merge into one undo step (a slider
/// dragged, a spin box arrow held, a key held down: see beginGesture() and trackGestures()), and
/// a gesture that brings the value back to where it started drops its step; any other two edits
/// are two steps. Adding and removing consumers are undoable too. An edit takes effect from the
/// next message handled; the simulation announces it with Simulation::setupChanged(), on which
/// the editors re-read their values (so they follow undo and redo). Loading a scenario
/// (Simulation::scenarioLoaded(), also Reset) clears the stack.
///
/// Functions returning QString return the problem in words ("PATH: what is wrong and the fix"),
/// or an empty string on success; on error nothing changes and nothing is pushed.
class SetupEditor : public QObject
{
    Q_OBJECT

public:
    /// Edits @p simulation, which must outlive the editor.
    explicit SetupEditor(Simulation *simulation, QObject *parent = nullptr);
    /// Silences the undo stack: clearing it on destruction must not reach views being destroyed.
    ~SetupEditor() override;

    Simulation *simulation() const { return m_simulation; }

    /// The undo stack of every edit made through this editor.
    QUndoStack *undoStack() const { return m_undoStack; }

    /// Sets the setting at @p path (e.g. "broker.batchSize", "producers[0].paused",
    /// "consumers[1].strategy.low") to @p value, as one undoable step (merged with the previous
    /// step only if both are steps of the current gesture on the same setting).
    /// QJsonValue::Undefined means "the format's default" (the key removed). A value equal to the
    /// current one does nothing.
    QString applySetting(const SettingPath &path, const QJsonValue &value);
    /// The same with the path as text (its parse error is returned).
    QString applySetting(const QString &path, const QJsonValue &value);

    // Gestures --------------------------------------------------------------------------------

    /// Starts a continuous gesture (a slider drag, a spin box arrow held, a key held down with
    /// its auto-repeats) and returns its id (never 0). Until endGesture(id), the edits of one
    /// setting merge into one undo step; nothing else merges. Gestures belong to the user (one
    /// pointer, one keyboard), so they are shared by every SetupEditor of the application; a
    /// gesture started within another one is a new gesture until it ends.
    static quint64 beginGesture();
    /// Ends gesture @p id (ignored if it has ended already).
    static void endGesture(quint64 id);
    /// Takes up gesture @p id again after endGesture(id) (ignored if it is under way or 0): a
    /// key held down whose auto-repeat the platform reported as a release and a new press
    /// (trackGestures()). Its next edit merges into its undo step only if that step is still on
    /// top of the undo stack and takes in edits (no other edit, undo or redo came between).
    static void resumeGesture(quint64 id);
    /// The innermost gesture under way; 0 when none.
    static quint64 currentGesture();
    /// Makes @p input report its gestures: a mouse button held on it (press to release; for a
    /// QAbstractSlider also sliderPressed() to sliderReleased()), and a key held down (a key
    /// press and its auto-repeats, to the release). An auto-repeat is a press that
    /// QKeyEvent::isAutoRepeat() says is one, or a press of the same key with the very time
    /// (QInputEvent::timestamp(), not 0) of the release just before it on the same input, with
    /// nothing between: X11 sends each repeat as a release and a press at one time,
    /// and Qt's xcb plugin reports them as a real release and press whenever the press has not
    /// reached its queue yet when it reads the release (seen under Xvfb: a key held on a
    /// parameter slider made one undo step per repeat). Two presses of a key, however quick,
    /// are two steps. Each other change (a single key press, a wheel step, a typed value) is its
    /// own undo step. For editors that change the setup.
    static void trackGestures(QWidget *input);
    /// Tells the tracked @p input (trackGestures()) whether the user is editing it by keys, as
    /// the keyboard model has it (ShortcutGuard: a slider of a main window changed by keys is
    /// being edited until Enter or Escape ends the edit or the focus moves on). While it is, its
    /// key presses are one gesture, as a drag is: each press after a release takes up the
    /// gesture of the press before (resumeGesture()), so that Left, Left, Right is one undo
    /// step, which undo takes back to the value before the edit. Anything between (another
    /// edit, an undo or redo, a mouse press on it) separates them as it does a held key's; cycles
    /// run between do not, as during a drag (SetupCommand::cycle() is then the first press's).
    /// The edit ends with @p editing false, or when @p input loses the focus or is hidden.
    /// Ignored for an input not tracked.
    static void setKeyEdit(QWidget *input, bool editing);

    /// The current value at @p path in the scenario format; undefined if the key is absent.
    QJsonValue settingValue(const QString &path) const;

    /// What the scenario's timeline will do to the setting at @p path, for a note on its editor,
    /// so that a scripted change overriding a value set by hand is no surprise: "timeline sets
    /// this to 4 at cycle 60" (Simulation::nextTimelineChange()), or "timeline replaces
    /// consumers[0].strategy at cycle 60" for a change of a setting containing it. Empty if no
    /// change is still to come or it would set the value the setting has now.
    QString timelineNote(const SettingPath &path) const;

    // Consumers -------------------------------------------------------------------------------

    /// Takes consumer @p index online or offline (offline consumers get no batches).
    void setConsumerOnline(int index, bool online);

    /// Sets consumer @p index's failure rate, 0..1 (clamped).
    void setConsumerFailureRate(int index, double rate);

    /// Sets consumer @p index's capacity in batches per cycle; 0 = unlimited.
    QString setConsumerCapacity(int index, int batchesPerCycle);

    /// Subscribes consumer @p index to @p topics (topics mode); empty = every topic.
    QString setConsumerTopics(int index, const QStringList &topics);

    /// Gives consumer @p index a new strategy of @p type with default parameters. Undo brings
    /// back the old strategy with its parameters.
    QString setConsumerStrategyType(int index, const QString &type);

    /// Sets parameter @p name of consumer @p index's strategy. Returns the strategy's error in
    /// words (out of range, expression syntax error with its column); on error the strategy keeps
    /// its old value.
    QString setConsumerParameter(int index, const QString &name, const QVariant &value);

    /// Adds a consumer at the end of the round-robin order, while running. Fails if the name is
    /// empty or taken, or the strategy unknown.
    QString addConsumer(const ConsumerConfig &config);

    /// Removes consumer @p index while running; undo restores it with its configuration.
    QString removeConsumer(int index);

    /// A consumer name not yet taken: the next free letter when some name is one capital letter
    /// or there is no consumer (A, B, C -> D; A, B, parking-lot -> C), otherwise "consumer-N".
    QString uniqueConsumerName() const;

    // Producers -------------------------------------------------------------------------------

    /// Pauses or resumes producer @p index (a paused producer sends nothing).
    QString setProducerPaused(int index, bool paused);

    /// Messages producer @p index generates per cycle (generator.perCycle, 0..1,000,000).
    /// A producer without a generator gets one (0 leaves it without).
    QString setProducerRate(int index, int perCycle);

    /// Inclusive priority range of producer @p index's generated messages (generator.priority).
    QString setProducerPriorityRange(int index, int minimum, int maximum);

    /// Inclusive TTL range of producer @p index's generated messages (generator.ttl).
    QString setProducerTtlRange(int index, int minimum, int maximum);

    /// Sends one message by hand: produced at the start of the next cycle by producer "manual"
    /// (Simulation::sendMessage()). Not an undoable setting: a sent message cannot be unsent.
    void sendMessage(const ScriptedMessage &message);

    // Broker ----------------------------------------------------------------------------------

    /// Queue discipline: fifo (the reference), priority (native, highest first) or topics.
    QString setBrokerMode(BrokerConfig::Mode mode);

    /// Priority mode: priorities above @p maxPriority count as it; std::nullopt = no clamp.
    QString setBrokerMaxPriority(std::optional<int> maxPriority);

    /// Messages per batch, >= 1.
    QString setBatchSize(int messages);

    /// Dispatch per cycle: 0 = "drain" (until the queue is empty), K > 0 = at most K batches.
    QString setBatchesPerCycle(int batches);

    /// Consecutive idle cycles before the broker stops; 0 = never.
    QString setMaxIdleCycles(int cycles);

    /// The scenario's timer interval in milliseconds (0 = as fast as possible; no effect on
    /// results), as the broker panel edits it: undoable, saved with the file. The speed control
    /// sets Simulation::setIntervalMs() directly instead (the view's speed, not an edit).
    QString setCycleIntervalMs(int ms);

    // Scenario --------------------------------------------------------------------------------

    /// Sets the scenario's name, description and "what to try" hint as one undo step; only the
    /// fields that differ are changed. An empty name is refused.
    QString setScenarioInfo(const QString &name, const QString &description, const QString &hint);

    /// The scenario's name with the edits made here: the last name set through the undo stack
    /// up to its current index, else Simulation::loadedScenario().name.
    QString scenarioName() const;

    /// The scenario as opened (Simulation::loadedScenario()) with every edit up to the undo
    /// stack's current index (an undone edit is not saved), timeline included: what File > Save
    /// writes. An edit made on cycle 0 (before the first cycle) changes the starting setup; a
    /// setting changed after cycle 0 becomes a timeline change at the cycle it took effect
    /// (SetupCommand::cycle()), placed before the file's own changes of that cycle; the texts
    /// (name, description, hint) and adding or removing a consumer change the starting setup
    /// whenever made (docs/scenario-format.md, "Live edits in a saved file"). Unlike
    /// Simulation::currentScenario() it does not bake in the changes the scenario's timeline made
    /// while it ran, so the saved file, opened again, runs the same way. Falls back to
    /// currentScenario() if an edit cannot be replayed.
    Scenario editedScenario() const;

    /// What the main window runs now, as a scenario that a headless run (File > Compare's
    /// "Current setup", Analysis > Sweep, Compare Simulated vs RabbitMQ) starts from cycle 0:
    /// the engine's current configuration (Simulation::currentScenario(): the scenario as
    /// opened with the settings a lesson step's `set` applied, the live edits in effect and the
    /// timeline's changes applied so far), its timeline only the changes still to come (at
    /// their cycles, Simulation::cycle() or later; those applied are in the settings already),
    /// broker.cycleIntervalMs the scenario's own (scenarioIntervalMs(), not the
    /// speed). Unlike editedScenario() (what File > Save writes, which replays the run from the
    /// file) it is not the file: a lesson's steps, kept for their texts, do not run headless.
    Scenario runningScenario() const;

    /// The scenario's own cycle interval in milliseconds, what File > Save writes as
    /// broker.cycleIntervalMs: as opened, or as last set through setCycleIntervalMs() (an edit
    /// not undone). Not the speed control's interval (Simulation::intervalMs(), the view's).
    int scenarioIntervalMs() const;

    /// Marks the current state as saved (the undo stack's clean state, which the title's "*"
    /// follows: undoing every edit made since brings it back, docs/scenario-format.md, "Live
    /// edits in a saved file").
    void markSaved();

    /// Whether an edit the saved file holds was undone and, after cycles ran, redone since the
    /// save (SetupCommand::movedByRedo()), and is in effect: it now takes effect at a later cycle
    /// than the file says, so the document is modified even at the saved index. The
    /// unsaved-edits prompt says so.
    bool editRedoneLater() const { return !m_redoneLater.isEmpty(); }
    /// The edits in effect that the saved file (or, before any save, the scenario as opened)
    /// does not hold: the undo steps above the saved index. 0 at the saved state.
    int unsavedEditCount() const;
    /// The edits the saved file holds that are no longer in effect: undone below the saved
    /// index, or dropped by a new edit made after such an undo. 0 before any save.
    int undoneSavedEditCount() const;

private:
    QString push(CheckedSetting check);
    /// Before a push (or a macro) drops the undone edits: counts the saved ones among them.
    void noteDroppedEdits();
    QString setGeneratorValue(int producer, const QString &key, const QJsonValue &value);
    bool validConsumer(int index) const;
    bool validProducer(int index) const;

    Simulation *m_simulation;
    QUndoStack *m_undoStack;
    bool m_pushing = false;
    int m_lastIndex = 0;  ///< the undo stack's index before its last change
    int m_savedIndex = 0;  ///< the saved steps still at the stack's bottom: its index when saved (0: as loaded), less those a push dropped
    int m_droppedSaved = 0;  ///< saved steps a push dropped (undoneSavedEditCount())
    QList<const QUndoCommand *> m_redoneLater;  ///< saved steps redone late since the save, in effect (editRedoneLater())
};

} // namespace PriorityLab
