#pragma once

#include "core/strategies/strategy.h"

namespace PriorityLab {

/// `accept-all`: processes every message; a failed processing requeues it unchanged
/// (docs/design.md §4). The plain-queue baseline.
class AcceptAllStrategy final : public Strategy
{
public:
    AcceptAllStrategy()
        : Strategy({QStringLiteral("accept-all"),
                    QStringLiteral("accept-all: processes every message at once, in queue order. The "
                                   "plain queue to compare the others with."),
                    QStringLiteral("sends it back unchanged")},
                   BuiltIn::AcceptAll)
    {
    }
    QList<ParameterInfo> parameters() const override { return {}; }
    QVariant parameter(const QString &) const override { return {}; }
    Decision decide(Message &, const StrategyContext &, QString *) override
    {
        return Decision::Process;
    }
    void onFailure(Message &) const override { }
    Explanation explain(const Message &, Decision) const override
    {
        return QStringLiteral("accept-all: processed");
    }
    Explanation explainFailure(const Message &) const override
    {
        return QStringLiteral("processing failed: requeued unchanged");
    }

protected:
    QString applyParameter(const QString &, const QVariant &) override { return {}; }
};

} // namespace PriorityLab
