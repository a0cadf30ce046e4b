#include "core/strategies/ttlstrategy.h"

#include <QStringBuilder>

namespace PriorityLab {

TtlStrategy::TtlStrategy()
    : IntegerParameterStrategy(
            {QStringLiteral("ttl"),
             QStringLiteral("ttl: processes messages with low < TTL < high; sends TTL ≥ high back with "
                            "TTL − 1; discards TTL ≤ low (dead letter)."),
             QStringLiteral("sends it back with TTL − 1")},
            {
        {QStringLiteral("low"), QStringLiteral("Low bound"), ParameterInfo::Kind::Integer,
         -1000000, 1000000, -1, 20, 0, QStringLiteral("TTL"),
         QStringLiteral("Messages with TTL at or below the low bound are discarded "
                        "(dead letter, reason ttl-expired).")},
        {QStringLiteral("high"), QStringLiteral("High bound"), ParameterInfo::Kind::Integer,
         -1000000, 1000000, -1, 20, 4, QStringLiteral("TTL"),
         QStringLiteral("Messages with TTL at or above the high bound go back with TTL - 1; "
                        "those strictly between the bounds are processed.")},
      },
            &Message::ttl, QStringLiteral("TTL"), BuiltIn::Ttl)
{
}

Decision TtlStrategy::decide(Message &message, const StrategyContext &, QString *reason)
{
    const Decision decision = rule(message);
    if (decision == Decision::Discard && reason)
        *reason = expiredReason();
    return decision;
}

namespace {
// Explanation::Words of the rule (values: TTL before, low bound, high bound).
QString discardedWords(const Explanation &e)
{
    return comparisonWords(u"TTL", e.values[0], u"≤", u"low bound", e.values[1]) % u": discarded";
}
QString postponedWords(const Explanation &e)
{
    return comparisonWords(u"TTL", e.values[0], u"≥", u"high bound", e.values[2]) % u": postponed with TTL "
            % QString::number(saturatingAdd(e.values[0], -1));
}
QString processedWords(const Explanation &e)
{
    return comparisonWords(u"low bound", e.values[1], u"<", u"TTL", e.values[0]) % u" < high bound "
            % QString::number(e.values[2]) % u": processed";
}
} // namespace

Explanation TtlStrategy::explain(const Message &before, Decision decision) const
{
    const std::array<int, 3> values{before.ttl, low(), high()};
    switch (decision) {
    case Decision::Discard:
        return {discardedWords, values};
    case Decision::Postpone:
        return {postponedWords, values};
    case Decision::Process:
        break;
    }
    return {processedWords, values};
}

QString TtlStrategy::settingWarning() const
{
    if (qint64(high()) - low() <= 1)
        return QStringLiteral("TTL range low %1, high %2 has no value inside: every message is "
                              "discarded (data loss). Set high to at least low + 2.")
                .arg(low())
                .arg(high());
    return {};
}

} // namespace PriorityLab
