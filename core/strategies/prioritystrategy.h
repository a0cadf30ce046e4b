#pragma once

#include "core/strategies/strategy.h"

namespace PriorityLab {

/// `priority`: processes messages with priority >= threshold; below it a message goes back with
/// priority + agingStep (aging, so each message is processed in the end); a failed processing
/// sends it back with priority - 1 (docs/design.md §4). Arithmetic saturates at the int limits.
class PriorityStrategy final : public Strategy
{
public:
    QString type() const override { return QStringLiteral("priority"); }
    QString ruleText() const override
    {
        return QStringLiteral("priority: processes messages with priority at or above the "
                              "threshold; sends the others back with their priority raised by the "
                              "aging step, so each gets its turn.");
    }
    QList<ParameterInfo> parameters() const override;
    QVariant parameter(const QString &name) const override;
    Decision decide(Message &message, const StrategyContext &context, QString *reason) override;
    void onFailure(Message &message) const override;
    QString explain(const Message &before, Decision decision) const override;
    QString explainFailure(const Message &before) const override;
    QString settingWarning() const override;

    int threshold() const { return m_threshold; }
    int agingStep() const { return m_agingStep; }

protected:
    QString applyParameter(const QString &name, const QVariant &value) override;

private:
    int m_threshold = 5;
    int m_agingStep = 1;
};

} // namespace PriorityLab
