#include "core/model/config.h"

namespace PriorityLab {

QString BrokerConfig::modeName(Mode mode)
{
    switch (mode) {
    case Mode::Fifo: return QStringLiteral("fifo");
    case Mode::Priority: return QStringLiteral("priority");
    case Mode::Topics: return QStringLiteral("topics");
    }
    return {};
}

QList<TopicConfig> BrokerConfig::defaultTopics()
{
    return {{QStringLiteral("orders-0"), 7, 9},
            {QStringLiteral("orders-1"), 4, 6},
            {QStringLiteral("orders-2"), 0, 3}};
}

QStringList lessonFigures()
{
    return {QStringLiteral("cycle"), QStringLiteral("produced"), QStringLiteral("dispatched"),
            QStringLiteral("processed"), QStringLiteral("postponed"), QStringLiteral("discarded"),
            QStringLiteral("failed"), QStringLiteral("queued")};
}

QStringList lessonViews()
{
    return {QStringLiteral("queue"), QStringLiteral("histogram"), QStringLiteral("consumers"),
            QStringLiteral("producers"), QStringLiteral("broker"), QStringLiteral("charts"),
            QStringLiteral("alarms"), QStringLiteral("eventLog"), QStringLiteral("deadLetters"),
            QStringLiteral("journey"), QStringLiteral("status")};
}

} // namespace PriorityLab
