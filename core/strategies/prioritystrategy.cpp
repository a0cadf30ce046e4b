#include "core/strategies/prioritystrategy.h"

#include <QStringBuilder>

namespace PriorityLab {

PriorityStrategy::PriorityStrategy()
    : IntegerParameterStrategy(
            {QStringLiteral("priority"),
             QStringLiteral("priority: processes messages with priority at or above the threshold; sends "
                            "the others back with their priority raised by the aging step, so each gets "
                            "its turn."),
             QStringLiteral("sends it back with its priority lowered by 1")},
            {
        {QStringLiteral("threshold"), QStringLiteral("Threshold"), ParameterInfo::Kind::Integer,
         -1000000, 1000000, 0, 10, 5, QStringLiteral("priority"),
         QStringLiteral("Messages with priority at or above the threshold are processed; those "
                        "below go back to the broker with priority + aging step.")},
        {QStringLiteral("agingStep"), QStringLiteral("Aging step"), ParameterInfo::Kind::Integer,
         0, 1000000, 0, 5, 1, QStringLiteral("priority"),
         QStringLiteral("How much a postponed message's priority rises each time it goes back; "
                        "0 means no aging, so messages below the threshold loop forever.")},
      },
            &Message::priority, QStringLiteral("priority"), BuiltIn::Priority)
{
}

Decision PriorityStrategy::decide(Message &message, const StrategyContext &, QString *)
{
    return rule(message);
}

namespace {
// Explanation::Words of the rule (values: priority before, threshold, priority after).
QString processedWords(const Explanation &e)
{
    return comparisonWords(u"priority", e.values[0], u"≥", u"threshold", e.values[1]) % u": processed";
}
QString postponedWords(const Explanation &e)
{
    return comparisonWords(u"priority", e.values[0], u"<", u"threshold", e.values[1])
            % u": postponed with priority " % QString::number(e.values[2]);
}
} // namespace

Explanation PriorityStrategy::explain(const Message &before, Decision decision) const
{
    if (decision == Decision::Process)
        return {processedWords, {before.priority, threshold(), 0}};
    return {postponedWords, {before.priority, threshold(), saturatingAdd(before.priority, agingStep())}};
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
