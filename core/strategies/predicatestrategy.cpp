#include "core/strategies/predicatestrategy.h"

#include <QStringBuilder>

namespace PriorityLab {

PredicateStrategy::PredicateStrategy()
{
    m_expression.setText(QStringLiteral("true"));
}

QList<ParameterInfo> PredicateStrategy::parameters() const
{
    return {
        {QStringLiteral("predicate"), QStringLiteral("Predicate"), ParameterInfo::Kind::Expression,
         0, 0, 0, 0, QStringLiteral("true"), QString(),
         QStringLiteral("True = process now, false = postpone. Names: %1. "
                        "Example: queueLength < 50 || priority >= 7")
                 .arg(Expression::variableNames().join(QStringLiteral(", ")))},
        {QStringLiteral("maxPredicateRuns"), QStringLiteral("Max predicate runs"),
         ParameterInfo::Kind::Integer, 0, 1000000, 0, 10, 3, QStringLiteral("runs"),
         QStringLiteral("After this many postponements a message is processed anyway, "
                        "so no message waits forever.")},
    };
}

QVariant PredicateStrategy::parameter(const QString &name) const
{
    if (name == QLatin1String("predicate"))
        return m_expression.text();
    if (name == QLatin1String("maxPredicateRuns"))
        return m_maxRuns;
    return {};
}

QString PredicateStrategy::applyParameter(const QString &name, const QVariant &value)
{
    if (name == QLatin1String("maxPredicateRuns")) {
        m_maxRuns = value.toInt();
        return {};
    }
    return m_expression.setText(value.toString());
}

Decision PredicateStrategy::decide(Message &message, const StrategyContext &context, QString *)
{
    if (message.predicateRuns >= m_maxRuns)
        return Decision::Process;
    Expression::Variables v;
    v.data = message.data;
    v.priority = message.priority;
    v.ttl = message.ttl;
    v.predicateRuns = message.predicateRuns;
    v.deliveries = message.deliveries;
    v.age = context.cycle - message.producedCycle;
    v.queueLength = context.queueLength;
    v.onlineConsumers = context.onlineConsumers;
    v.cycle = context.cycle;
    QString error;
    const std::optional<bool> result = m_expression.evaluate(v, &error);
    if (!result) {
        m_runtimeWarning = QStringLiteral("predicate \"%1\" failed on message %2 (%3): processed "
                                          "it now. Fix the expression.")
                .arg(m_expression.text())
                .arg(message.id)
                .arg(error);
        return Decision::Process;
    }
    if (*result)
        return Decision::Process;
    message.predicateRuns = saturatingAdd(message.predicateRuns, 1);
    return Decision::Postpone;
}

void PredicateStrategy::onFailure(Message &message) const
{
    message.predicateRuns = saturatingAdd(message.predicateRuns, 1);
}

// Built by concatenation, not QString::arg: made for every decision while events are recorded.
QString PredicateStrategy::explain(const Message &before, Decision decision) const
{
    if (decision == Decision::Postpone)
        return u"predicate " % m_expression.text() % u" is false: postponed (predicate runs "
                % QString::number(before.predicateRuns) % u" → "
                % QString::number(saturatingAdd(before.predicateRuns, 1)) % u" of max "
                % QString::number(m_maxRuns) % u")";
    if (before.predicateRuns >= m_maxRuns)
        return u"predicate runs " % QString::number(before.predicateRuns) % u" ≥ max "
                % QString::number(m_maxRuns) % u": processed anyway";
    return u"predicate " % m_expression.text() % u" is true: processed";
}

QString PredicateStrategy::explainFailure(const Message &before) const
{
    return QStringLiteral("processing failed: requeued with predicate runs %1")
            .arg(saturatingAdd(before.predicateRuns, 1));
}

} // namespace PriorityLab
