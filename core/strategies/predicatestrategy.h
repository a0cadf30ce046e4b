#pragma once

#include "core/strategies/expression.h"
#include "core/strategies/strategy.h"

namespace PriorityLab {

/// `predicate`: processes a message when the predicate is true or when it has already been
/// postponed maxPredicateRuns times; otherwise postpones it with predicateRuns + 1. A failed
/// processing also postpones it with predicateRuns + 1 (docs/design.md §4). An expression that fails
/// at run time counts as "process now" and raises a runtime warning.
class PredicateStrategy final : public Strategy
{
public:
    PredicateStrategy();

    QList<ParameterInfo> parameters() const override;
    QVariant parameter(const QString &name) const override;
    PRIORITYLAB_STRATEGY_RULES

    QString predicate() const { return m_expression.text(); }
    int maxPredicateRuns() const { return m_maxRuns; }

protected:
    QString applyParameter(const QString &name, const QVariant &value) override;

private:
    Expression m_expression;
    int m_maxRuns = 3;
};

} // namespace PriorityLab
