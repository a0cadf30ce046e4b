#pragma once

#include "core/scenario/scenario.h"

#include <QJsonValue>
#include <QString>
#include <QUndoCommand>

class QUndoStack;

#include <optional>

namespace PriorityLab {

class Simulation;

/// Base of the setup edits kept on SetupEditor's QUndoStack, the Qt way: SetupEditor checks an
/// edit without applying it, pushes the command, and its redo() applies it. Besides undo() and
/// redo() on the live simulation, each command can replay its edit onto a Scenario (applyTo()), so that
/// SetupEditor::editedScenario() is the scenario as opened plus the user's edits, without the
/// changes the scenario's own timeline made while it ran.
///
/// Consumers are referred to by name, not by index: a consumer removed and restored by undo keeps
/// its edits, whatever its position. (Names are unique in a scenario and the app never renames.)
class SetupCommand : public QUndoCommand
{
public:
    /// Replays this edit (the redo direction) onto @p scenario; returns the problem, or "".
    virtual QString applyTo(Scenario &scenario) const = 0;

    /// Replays @p command and its children (a macro, e.g. the scenario description dialog) onto
    /// @p scenario in order; returns the first problem, or "".
    static QString replay(const QUndoCommand *command, Scenario &scenario);

    /// The cycle the live run had when this edit took effect: Simulation::cycle(), the number of
    /// cycles run. 0 = before the first cycle, an edit of the starting setup. Merged steps of one
    /// gesture keep the first one's. A redo at the cycle of its undo (no cycle ran between them)
    /// keeps it: undo then redo is as if nothing happened. A redo after cycles ran since the undo
    /// is a new edit at the redo's cycle (docs/scenario-format.md, "Live edits in a saved file").
    qint64 cycle() const { return m_cycle; }

    /// Whether its last redo came after cycles had run since its undo, so that it took the redo's
    /// cycle as its own: no longer the edit a file saved before may hold.
    bool movedByRedo() const { return m_movedByRedo; }

    /// True while a command's undo() runs (Edit > Undo, Ctrl+Z): the setup changes it makes
    /// take an edit back. The charts mark them as undos, not as new edits (docs/design.md §8).
    static bool undoing() { return s_undoing > 0; }

    /// True while a pushed edit is applied that QUndoStack then merges into the undo step on
    /// top of the stack (a step of the same gesture, ChangeSettingCommand::mergesInto()): one
    /// undo step, so the charts move that step's marker to the new value rather than add one
    /// (docs/design.md §8).
    static bool merging() { return s_merging > 0; }
    /// Makes merging() true while it lives (SetupEditor::push() around a push that merges).
    struct MergeScope
    {
        MergeScope() { ++s_merging; }
        ~MergeScope() { --s_merging; }
        MergeScope(const MergeScope &) = delete;
        MergeScope &operator=(const MergeScope &) = delete;
    };

protected:
    explicit SetupCommand(Simulation *simulation, QUndoCommand *parent = nullptr);

    /// Index of the consumer named @p name in the simulation, or -1.
    int liveConsumerIndex(const QString &name) const;
    /// Remembers the simulation's cycle as the one this edit took effect on, unless it is the
    /// redo of an undo made at this same cycle (redo() calls it).
    void noteCycle();
    /// Remembers the cycle of this undo (undo() calls it).
    void noteUndo();
    /// Makes undoing() true while it lives: each undo() holds one.
    struct UndoScope
    {
        UndoScope() { ++s_undoing; }
        ~UndoScope() { --s_undoing; }
        UndoScope(const UndoScope &) = delete;
        UndoScope &operator=(const UndoScope &) = delete;
    };
    /// Whether the edit changes what happens in a run (not, e.g., the scenario's texts).
    virtual bool affectsRun() const { return true; }

    Simulation *m_simulation;
    qint64 m_cycle = 0;
    qint64 m_undoneAt = -1;  ///< Simulation::cycle() at the last undo; -1 once redone
    bool m_movedByRedo = false;

private:
    static inline int s_undoing = 0;  ///< undo() calls running (a macro's children nest)
    static inline int s_merging = 0;  ///< MergeScope objects alive
};

/// Sets one setting by its path in the scenario format (Simulation::applySetting(), validated as
/// in a file), e.g. "consumers[1].strategy.threshold", "broker.dispatch", "producers[0].paused",
/// "description". Made from a change already checked (Simulation::checkSetting()): its first
/// redo() applies that check, later ones apply the new value again; undo() applies the old one.
/// Modelled on Tiled's ChangeValue (src/tiled/changevalue.h): the steps of one continuous
/// gesture (SetupEditor::beginGesture()) on one setting merge into one undo step, and a merged
/// command whose value is back where it started makes itself obsolete, so QUndoStack drops it.
/// Edits outside a gesture, of another gesture, or once undone, never merge.
///
/// A value QJsonValue::Undefined stands for "key absent" (the format's default, e.g. online,
/// failureRate 0, no maxPriority).
class ChangeSettingCommand final : public SetupCommand
{
public:
    /// The change @p check (valid, made by @p simulation's checkSetting() just before) of the
    /// setting check.target, from check.oldValue to check.newValue, within gesture @p gesture
    /// (0: none). A path below "consumers[i]" is remembered by the consumer's current name.
    ChangeSettingCommand(Simulation *simulation, CheckedSetting check, quint64 gesture = 0,
                         QUndoCommand *parent = nullptr);

    void undo() override;
    void redo() override;
    /// The same id for every command on the same setting (same path, same consumer) within a
    /// gesture; -1 (never merge) outside a gesture and once undone.
    int id() const override { return m_gesture != 0 ? m_id : -1; }
    bool mergeWith(const QUndoCommand *other) override;
    /// Whether @p top (the command on top of @p stack, in effect) takes this one in when it is
    /// pushed onto @p stack: QUndoStack::push()'s test (same id, not at the clean index) and
    /// mergeWith()'s (same gesture and setting).
    bool mergesInto(const QUndoCommand *top, const QUndoStack *stack) const;
    QString applyTo(Scenario &scenario) const override;

    /// Whether this edit belongs to the run's time, so that one made after cycle 0 is saved as a
    /// timeline change at cycle(): SettingPath::isTimed() of its path.
    bool isTimed() const;
    /// This edit as a change of @p scenario's timeline at cycle(): its path resolved in
    /// @p scenario (a consumer by its name); std::nullopt if that consumer is not in it.
    std::optional<TimelineChange> asTimelineChange(const Scenario &scenario) const;

protected:
    bool affectsRun() const override { return isTimed(); }

public:

    /// The path as it resolves now (the consumer's current index), e.g. "consumers[2].capacity";
    /// empty if the consumer no longer exists.
    QString path() const { return settingPath().toString(); }
    /// The same as a SettingPath; invalid if the consumer no longer exists.
    SettingPath settingPath() const;
    QJsonValue oldValue() const { return m_old; }
    QJsonValue newValue() const { return m_new; }
    /// The gesture it belongs to; 0 if none, once undone, or after endMerging().
    quint64 gesture() const { return m_gesture; }
    /// Takes in no later edit (SetupEditor calls it when an undo or redo separates edits).
    void endMerging() { m_gesture = 0; }

    /// A JSON value in words for the Edit menu, e.g. 7, "drain", [0, 9], or "default" for
    /// QJsonValue::Undefined.
    static QString describeValue(const QJsonValue &value);

    /// The merge id of a setting key; the same key always gives the same id (never -1).
    static int idFor(const QString &key);

private:
    /// Whether @p other is a step of this edit's gesture on the same setting (mergeWith()'s
    /// test, and mergesInto()'s after QUndoStack's own).
    bool sameGesture(const ChangeSettingCommand *other) const;
    void apply(const QJsonValue &value);
    void updateText();

    SettingPath m_path;      ///< as checked; for consumer paths, the part below consumers[i] is m_rest
    QString m_consumer;      ///< consumer name if the path is below consumers[i], else empty
    QString m_owner;         ///< whose setting, for the text: a consumer's or producer's name, "broker", or empty
    SettingPath m_rest;      ///< path below consumers[i], e.g. "strategy.threshold"; empty for consumers[i]
    QJsonValue m_old;
    QJsonValue m_new;
    std::optional<CheckedSetting> m_check;  ///< until the first redo() applies it
    quint64 m_gesture = 0;
    int m_id = -1;
};

/// Adds a consumer or removes one, the same edit in two directions: undo does the other.
/// Adding puts it at the end (SetupEditor checks it first with Simulation::checkConsumer()).
/// Removing keeps its configuration (name, strategy and parameters, online, failure rate,
/// capacity, topics) and puts it back at its old position in the round-robin order; its counts
/// start again from 0 (the removed counts stay in Simulation::removedConsumerStats(), so the
/// totals still add up).
class ConsumerCommand final : public SetupCommand
{
public:
    /// Adding @p config at the end of @p simulation's consumers.
    static ConsumerCommand *add(Simulation *simulation, ConsumerConfig config, QUndoCommand *parent = nullptr);
    /// Removal of consumer @p index of @p simulation, which must exist.
    static ConsumerCommand *remove(Simulation *simulation, int index, QUndoCommand *parent = nullptr);

    void undo() override;
    void redo() override;
    QString applyTo(Scenario &scenario) const override;

private:
    ConsumerCommand(Simulation *simulation, bool adds, ConsumerConfig config, int index, QUndoCommand *parent);
    /// Puts the consumer into the live simulation (@p in: at m_index, or at the end if there are
    /// fewer consumers), or takes it, found by its name, out of it.
    void setLive(bool in);

    ConsumerConfig m_config;
    bool m_adds;
    int m_index;  ///< where the removed consumer stood; INT_MAX (the end) when adding
};

} // namespace PriorityLab
