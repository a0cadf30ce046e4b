#pragma once

#include "core/strategies/strategy.h"

namespace PriorityLab {

/// `ttl`: processes messages with low < ttl < high; ttl <= low is discarded (reason
/// "ttl-expired"); ttl >= high goes back with ttl - 1; a failed processing goes back with
/// ttl - 1 (docs/design.md §4). A range with no integer inside (high <= low + 1) discards everything:
/// allowed, as a lesson, and reported by settingWarning().
class TtlStrategy final : public IntegerParameterStrategy
{
public:
    /// Low bound 0, high bound 4.
    TtlStrategy();

    PRIORITYLAB_DECISION_RULES

    /// TTL at or below which a message is discarded.
    int low() const { return value(0); }
    /// TTL at or above which a message is postponed.
    int high() const { return value(1); }

    QString settingWarning() const override;
    QStringList discardReasons() const override { return {expiredReason()}; }

    /// The reason of every discard: "ttl-expired".
    static QString expiredReason() { return QStringLiteral("ttl-expired"); }
    /// The rule of decide(), inline and not virtual: the broker calls it directly
    /// (Strategy::BuiltIn) and takes the reason of a discard from expiredReason().
    Decision rule(Message &message) const
    {
        if (message.ttl <= low())
            return Decision::Discard;
        if (message.ttl >= high()) {
            message.ttl = saturatingAdd(message.ttl, -1);
            return Decision::Postpone;
        }
        return Decision::Process;
    }
};

} // namespace PriorityLab
