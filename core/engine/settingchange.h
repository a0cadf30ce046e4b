#pragma once

#include "core/scenario/settingpath.h"

#include <QMetaType>

namespace PriorityLab {

/// What a live edit changed: the argument of Simulation::setupChanged(), after Tiled's
/// ChangeEvent. Views use it to refresh only what it concerns, or refresh everything. A producer's
/// settings change only by path (Kind::Setting with `producer` set).
struct SettingChange
{
    enum class Kind {
        Setting, ///< one setting by its path (path; consumer or producer if below one)
        ConsumerAdded, ///< consumer `consumer` was inserted at that position
        ConsumerRemoved, ///< the consumer at position `consumer` was removed
        Broker, ///< the broker's settings were replaced (the timer interval included)
        Interval, ///< only the timer interval (broker.cycleIntervalMs) changed
        All, ///< anything may have changed
    };

    Kind kind = Kind::All;
    /// For Kind::Setting: the setting whose value was replaced, e.g. "consumers[1].strategy.low"
    /// ("consumers[1].strategy" when the strategy's type changed); empty otherwise.
    SettingPath path;
    /// Index of the consumer concerned (Setting below consumers[i], ConsumerAdded,
    /// ConsumerRemoved); -1 if none.
    int consumer = -1;
    /// Index of the producer concerned (Setting below producers[i]); -1 if none.
    int producer = -1;
    /// For ConsumerAdded and ConsumerRemoved: the consumer's name (once removed, its index
    /// names nothing); empty otherwise.
    QString consumerName;
    /// True if the scenario's timeline made the change (at the start of a cycle, inside
    /// Simulation::step()); false for a live edit.
    bool scripted = false;

    /// A change of @p kind, concerning consumer @p consumer (-1: none) named @p name.
    static SettingChange of(Kind kind, int consumer = -1, const QString &name = {})
    {
        SettingChange change;
        change.kind = kind;
        change.consumer = consumer;
        change.consumerName = name;
        return change;
    }

    /// The change to setting @p path, with its consumer or producer index.
    static SettingChange setting(const SettingPath &path)
    {
        SettingChange change = of(Kind::Setting);
        change.path = path;
        if (path.isConsumer())
            change.consumer = int(path.rootIndex());
        else if (path.isProducer())
            change.producer = int(path.rootIndex());
        return change;
    }
};

} // namespace PriorityLab

Q_DECLARE_METATYPE(PriorityLab::SettingChange)
