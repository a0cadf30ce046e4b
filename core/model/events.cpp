#include "core/model/events.h"

namespace PriorityLab {

QString Event::typeName(Type type)
{
    switch (type) {
    case Type::Produced: return QStringLiteral("produced");
    case Type::Dispatched: return QStringLiteral("dispatched");
    case Type::Processed: return QStringLiteral("processed");
    case Type::Postponed: return QStringLiteral("postponed");
    case Type::Discarded: return QStringLiteral("discarded");
    case Type::Failed: return QStringLiteral("failed");
    case Type::Rejected: return QStringLiteral("rejected");
    }
    return {};
}

} // namespace PriorityLab
