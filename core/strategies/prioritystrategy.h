#pragma once

#include "core/strategies/strategy.h"

namespace PriorityLab {

/// `priority`: processes messages with priority >= threshold; below it a message goes back with
/// priority + agingStep (aging, so each message is processed in the end); a failed processing
/// sends it back with priority - 1 (docs/design.md §4). Arithmetic saturates at the int limits.
class PriorityStrategy final : public IntegerParameterStrategy
{
public:
    /// Threshold 5, aging step 1.
    PriorityStrategy();

    PRIORITYLAB_DECISION_RULES
    QString settingWarning() const override;

    /// The rule of decide(), inline and not virtual: the broker calls it directly
    /// (Strategy::BuiltIn). Processes at or above the threshold; else ages @p message.
    Decision rule(Message &message) const
    {
        if (message.priority >= threshold())
            return Decision::Process;
        message.priority = saturatingAdd(message.priority, agingStep());
        return Decision::Postpone;
    }

    /// Lowest priority processed at once (priority).
    int threshold() const { return value(0); }
    /// What a postponement adds to the priority (0 = no aging).
    int agingStep() const { return value(1); }
};

} // namespace PriorityLab
