#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

namespace PriorityLab {

/// A setting's path in the scenario format (docs/design.md §6), parsed once from its text:
/// "consumers[1].strategy.low", "broker.batchSize", "producers[0].generator.perCycle",
/// "description". A path is a list of steps separated by '.', each a key optionally followed by
/// one array index ("consumers[1]"). The same path names a setting in a file's timeline, in a
/// live edit, in an undo step and in a chart marker.
///
/// Parsing never recurses and refuses paths longer than MaxLength characters or deeper than
/// MaxDepth steps: the scenario format has no setting deeper than 4 steps, so a longer path is a
/// mistake, and the limits bound every walk over a path.
class SettingPath
{
public:
    /// One step: a key and, for an array element, its index (-1: none).
    struct Step
    {
        QString key;
        qsizetype index = -1;
        bool operator==(const Step &other) const = default;
    };

    /// Most steps a path may have.
    static constexpr qsizetype MaxDepth = 16;
    /// Most characters a path may have.
    static constexpr qsizetype MaxLength = 512;

    /// The empty path: not valid (isValid() false, error() empty).
    SettingPath() = default;

    /// Parses @p text. On a problem the path is invalid and error() says which path, what is
    /// wrong and how to write it, e.g. "consumers[x].online: "x" is not an index; write e.g.
    /// consumers[1].strategy.low".
    static SettingPath parse(const QString &text);

    /// A path from @p steps (each key non-empty, at most MaxDepth steps); invalid otherwise.
    static SettingPath fromSteps(const QList<Step> &steps);

    /// True if parsing succeeded and the path has at least one step.
    bool isValid() const { return !m_steps.isEmpty() && m_error.isEmpty(); }
    /// Why the text given to parse() is not a path; empty for a valid path.
    QString error() const { return m_error; }

    /// The path as text; parse(p.toString()) == p for every valid path. An invalid path gives
    /// the text it was parsed from.
    QString toString() const;

    const QList<Step> &steps() const { return m_steps; }
    /// Number of steps (0 for an invalid path).
    qsizetype depth() const { return m_steps.size(); }

    /// The first step's key: "consumers", "producers", "broker", "name", "description", ...
    QString rootKey() const { return m_steps.isEmpty() ? QString() : m_steps.constFirst().key; }
    /// The first step's index: i of "consumers[i]..." or "producers[i]..."; -1 if it has none.
    qsizetype rootIndex() const { return m_steps.isEmpty() ? -1 : m_steps.constFirst().index; }
    /// True below (or at) one consumer, "consumers[i]...".
    bool isConsumer() const { return rootKey() == QLatin1String("consumers") && rootIndex() >= 0; }
    /// True below (or at) one producer, "producers[i]...".
    bool isProducer() const { return rootKey() == QLatin1String("producers") && rootIndex() >= 0; }
    /// True at or below "broker".
    bool isBroker() const { return rootKey() == QLatin1String("broker"); }

    /// The part below the first step: "strategy.low" for "consumers[1].strategy.low"; the empty
    /// (invalid) path for a one-step path.
    SettingPath below() const;
    /// This path with the first step's index set to @p index, e.g. consumers[1] -> consumers[3].
    SettingPath withRootIndex(qsizetype index) const;
    /// This path without its last step; the empty path for a one-step path.
    SettingPath parent() const;
    /// The path whose value a change at this path replaces: this path, except that
    /// "...strategy.type" replaces the whole "...strategy" (a new strategy type starts from its
    /// own defaults, the old type's parameters go). Used by every setting checker.
    SettingPath replacedPath() const;
    /// Whether a change of this setting belongs to the run's time, so that a live edit of it
    /// made after cycle 0 is saved as a timeline change at its cycle (docs/scenario-format.md,
    /// "Live edits in a saved file"): every setting but the scenario's texts ("name",
    /// "description", "hint"), which describe the file, and "broker.cycleIntervalMs", which sets
    /// how fast a run is seen, never what happens in it. False for an invalid path.
    bool isTimed() const;
    /// The last step's key ("low" for "consumers[1].strategy.low").
    QString lastKey() const { return m_steps.isEmpty() ? QString() : m_steps.constLast().key; }

    bool operator==(const SettingPath &other) const
    {
        return m_steps == other.m_steps && m_error == other.m_error;
    }

private:
    QList<Step> m_steps;
    QString m_error;
    QString m_text; ///< the text an invalid path was parsed from
};

} // namespace PriorityLab

Q_DECLARE_METATYPE(PriorityLab::SettingPath)
