#include "core/strategies/ttlstrategy.h"

#include <QStringBuilder>

namespace PriorityLab {

TtlStrategy::TtlStrategy()
    : IntegerParameterStrategy({
        {QStringLiteral("low"), QStringLiteral("Low bound"), ParameterInfo::Kind::Integer,
         -1000000, 1000000, -1, 20, 0, QStringLiteral("TTL"),
         QStringLiteral("Messages with TTL at or below the low bound are discarded "
                        "(dead letter, reason ttl-expired).")},
        {QStringLiteral("high"), QStringLiteral("High bound"), ParameterInfo::Kind::Integer,
         -1000000, 1000000, -1, 20, 4, QStringLiteral("TTL"),
         QStringLiteral("Messages with TTL at or above the high bound go back with TTL - 1; "
                        "those strictly between the bounds are processed.")},
      })
{
}

Decision TtlStrategy::decide(Message &message, const StrategyContext &, QString *reason)
{
    if (message.ttl <= low()) {
        if (reason)
            *reason = QStringLiteral("ttl-expired");
        return Decision::Discard;
    }
    if (message.ttl >= high()) {
        message.ttl = saturatingAdd(message.ttl, -1);
        return Decision::Postpone;
    }
    return Decision::Process;
}

void TtlStrategy::onFailure(Message &message) const
{
    message.ttl = saturatingAdd(message.ttl, -1);
}

// Built by concatenation, not QString::arg: made for every decision while events are recorded.
QString TtlStrategy::explain(const Message &before, Decision decision) const
{
    const QString ttl = QString::number(before.ttl);
    switch (decision) {
    case Decision::Discard:
        return u"TTL " % ttl % u" ≤ low bound " % QString::number(low()) % u": discarded";
    case Decision::Postpone:
        return u"TTL " % ttl % u" ≥ high bound " % QString::number(high()) % u": postponed with TTL "
                % QString::number(saturatingAdd(before.ttl, -1));
    case Decision::Process:
        break;
    }
    return u"low bound " % QString::number(low()) % u" < TTL " % ttl % u" < high bound "
            % QString::number(high()) % u": processed";
}

QString TtlStrategy::explainFailure(const Message &before) const
{
    return u"processing failed: requeued with TTL " % QString::number(before.ttl) % u" - 1 = "
            % QString::number(saturatingAdd(before.ttl, -1));
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
