#include "prioritystrategy.h"

namespace PriorityLab {

QList<ParameterInfo> PriorityStrategy::parameters() const
{
    return {
        {QStringLiteral("threshold"), QStringLiteral("Threshold"), ParameterInfo::Kind::Integer,
         -1000000, 1000000, 0, 10, 5, QStringLiteral("priority"),
         QStringLiteral("Messages with priority at or above the threshold are processed; those "
                        "below go back to the broker with priority + aging step.")},
        {QStringLiteral("agingStep"), QStringLiteral("Aging step"), ParameterInfo::Kind::Integer,
         0, 1000000, 0, 5, 1, QStringLiteral("priority"),
         QStringLiteral("How much a postponed message's priority rises each time it goes back; "
                        "0 means no aging, so messages below the threshold loop forever.")},
    };
}

QVariant PriorityStrategy::parameter(const QString &name) const
{
    if (name == QLatin1String("threshold"))
        return m_threshold;
    if (name == QLatin1String("agingStep"))
        return m_agingStep;
    return {};
}

QString PriorityStrategy::applyParameter(const QString &name, const QVariant &value)
{
    if (name == QLatin1String("threshold"))
        m_threshold = value.toInt();
    else
        m_agingStep = value.toInt();
    return {};
}

Decision PriorityStrategy::decide(Message &message, const StrategyContext &, QString *)
{
    if (message.priority >= m_threshold)
        return Decision::Process;
    message.priority = saturatingAdd(message.priority, m_agingStep);
    return Decision::Postpone;
}

void PriorityStrategy::onFailure(Message &message) const
{
    message.priority = saturatingAdd(message.priority, -1);
}

QString PriorityStrategy::explain(const Message &before, Decision decision) const
{
    if (decision == Decision::Process)
        return QStringLiteral("priority %1 ≥ threshold %2: processed").arg(before.priority).arg(m_threshold);
    return QStringLiteral("priority %1 < threshold %2: postponed with priority %3")
            .arg(before.priority)
            .arg(m_threshold)
            .arg(saturatingAdd(before.priority, m_agingStep));
}

QString PriorityStrategy::explainFailure(const Message &before) const
{
    return QStringLiteral("processing failed: requeued with priority %1 - 1 = %2")
            .arg(before.priority)
            .arg(saturatingAdd(before.priority, -1));
}

QString PriorityStrategy::settingWarning() const
{
    if (m_agingStep == 0)
        return QStringLiteral("Aging step 0: messages below threshold %1 never rise and are "
                              "postponed forever (starvation). Set the aging step to 1 or more.")
                .arg(m_threshold);
    return {};
}

} // namespace PriorityLab
