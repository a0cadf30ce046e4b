#include "core/strategies/predicatestrategy.h"

#include <QStringBuilder>

namespace PriorityLab {

PredicateStrategy::PredicateStrategy()
    : Strategy({QStringLiteral("predicate"),
                QStringLiteral("predicate: processes a message when the predicate is true, or when it was "
                               "already postponed max predicate runs times; otherwise sends it back with "
                               "predicate runs + 1."),
                QStringLiteral("sends it back with predicate runs + 1")})
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
    if (m_expression.readsData())
        v.data = message.data.text();  // built only for an expression that reads it
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

namespace {
// Explanation::Words of the rule (values: predicate runs before, max runs; text: the predicate).
QString postponedWords(const Explanation &e)
{
    return u"predicate " % e.text % u" is false: postponed (predicate runs " % QString::number(e.values[0])
            % u" → " % QString::number(saturatingAdd(e.values[0], 1)) % u" of max "
            % QString::number(e.values[1]) % u")";
}
QString anywayWords(const Explanation &e)
{
    return u"predicate runs " % QString::number(e.values[0]) % u" ≥ max " % QString::number(e.values[1])
            % u": processed anyway";
}
QString processedWords(const Explanation &e)
{
    return u"predicate " % e.text % u" is true: processed";
}
// values: predicate runs before.
QString failedWords(const Explanation &e)
{
    return QStringLiteral("processing failed: requeued with predicate runs %1").arg(saturatingAdd(e.values[0], 1));
}
} // namespace

Explanation PredicateStrategy::explain(const Message &before, Decision decision) const
{
    const std::array<int, 3> values{before.predicateRuns, m_maxRuns, 0};
    if (decision == Decision::Postpone)
        return {postponedWords, values, m_expression.text()};
    if (before.predicateRuns >= m_maxRuns)
        return {anywayWords, values};
    return {processedWords, values, m_expression.text()};
}

Explanation PredicateStrategy::explainFailure(const Message &before) const
{
    return {failedWords, {before.predicateRuns, 0, 0}};
}

} // namespace PriorityLab
