#include "core/strategies/prioritystrategy.h"

#include <QStringBuilder>

namespace PriorityLab {

PriorityStrategy::PriorityStrategy()
    : IntegerParameterStrategy({
        {QStringLiteral("threshold"), QStringLiteral("Threshold"), ParameterInfo::Kind::Integer,
         -1000000, 1000000, 0, 10, 5, QStringLiteral("priority"),
         QStringLiteral("Messages with priority at or above the threshold are processed; those "
                        "below go back to the broker with priority + aging step.")},
        {QStringLiteral("agingStep"), QStringLiteral("Aging step"), ParameterInfo::Kind::Integer,
         0, 1000000, 0, 5, 1, QStringLiteral("priority"),
         QStringLiteral("How much a postponed message's priority rises each time it goes back; "
                        "0 means no aging, so messages below the threshold loop forever.")},
      })
{
}

Decision PriorityStrategy::decide(Message &message, const StrategyContext &, QString *)
{
    if (message.priority >= threshold())
        return Decision::Process;
    message.priority = saturatingAdd(message.priority, agingStep());
    return Decision::Postpone;
}

void PriorityStrategy::onFailure(Message &message) const
{
    message.priority = saturatingAdd(message.priority, -1);
}

// Explanations are built by concatenation, not QString::arg: they are made for every decision
// while events are recorded, and arg() parses its pattern each time.
QString PriorityStrategy::explain(const Message &before, Decision decision) const
{
    const QString p = QString::number(before.priority);
    const QString t = QString::number(threshold());
    if (decision == Decision::Process)
        return u"priority " % p % u" ≥ threshold " % t % u": processed";
    return u"priority " % p % u" < threshold " % t % u": postponed with priority "
            % QString::number(saturatingAdd(before.priority, agingStep()));
}

QString PriorityStrategy::explainFailure(const Message &before) const
{
    return u"processing failed: requeued with priority " % QString::number(before.priority)
            % u" - 1 = " % QString::number(saturatingAdd(before.priority, -1));
}

QString PriorityStrategy::settingWarning() const
{
    if (agingStep() == 0)
        return QStringLiteral("Aging step 0: messages below threshold %1 never rise and are "
                              "postponed forever (starvation). Set the aging step to 1 or more.")
                .arg(threshold());
    return {};
}

} // namespace PriorityLab
