#pragma once

#include "core/strategies/strategy.h"

namespace PriorityLab {

/// `ttl`: processes messages with low < ttl < high; ttl <= low is discarded (reason
/// "ttl-expired"); ttl >= high goes back with ttl - 1; a failed processing goes back with
/// ttl - 1 (docs/design.md §4). A range with no integer inside (high <= low + 1) discards everything:
/// allowed, as a lesson, and reported by settingWarning().
class TtlStrategy final : public Strategy
{
public:
    QString type() const override { return QStringLiteral("ttl"); }
    QString ruleText() const override
    {
        return QStringLiteral("ttl: processes messages with low < TTL < high; sends TTL ≥ high back "
                              "with TTL − 1; discards TTL ≤ low (dead letter).");
    }
    QList<ParameterInfo> parameters() const override;
    QVariant parameter(const QString &name) const override;
    Decision decide(Message &message, const StrategyContext &context, QString *reason) override;
    void onFailure(Message &message) const override;
    QString explain(const Message &before, Decision decision) const override;
    QString explainFailure(const Message &before) const override;
    QString settingWarning() const override;

    int low() const { return m_low; }
    int high() const { return m_high; }

protected:
    QString applyParameter(const QString &name, const QVariant &value) override;

private:
    int m_low = 0;
    int m_high = 4;
};

} // namespace PriorityLab
