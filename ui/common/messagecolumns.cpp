#include "ui/common/messagecolumns.h"

namespace PriorityLab {

QString MessageColumns::cycleToolTip(const QString &happened)
{
    return tr("The cycle in which it %1, counted from 0 as prioritylab-sim --events and a scenario's "
              "atCycle count: cycle 10 here is the eleventh, after which the toolbar's counter reads "
              "Cycle 11").arg(happened);
}

QString MessageColumns::title(Kind kind)
{
    switch (kind) {
    case Kind::Cycle: return tr("Cycle");
    case Kind::Event: return tr("Event");
    case Kind::Consumer: return tr("Consumer");
    case Kind::MessageId: return tr("Message");
    case Kind::Data: return tr("Data");
    case Kind::Priority: return tr("Priority");
    case Kind::Ttl: return tr("TTL");
    case Kind::Deliveries: return tr("Deliveries");
    case Kind::Reason: return tr("Reason");
    case Kind::Explanation: return tr("Explanation");
    }
    return {};
}

QVariant MessageColumns::messageCell(Kind kind, qint64 cycle, const QString &consumer, const Message &message)
{
    switch (kind) {
    case Kind::Cycle: return cycle;
    case Kind::Consumer: return consumer;
    case Kind::MessageId: return message.id;
    case Kind::Data: return message.data.text();
    case Kind::Priority: return message.priority;
    case Kind::Ttl: return message.ttl;
    case Kind::Deliveries: return message.deliveries;
    case Kind::Event:
    case Kind::Reason:
    case Kind::Explanation:
        break;  // the model's own
    }
    return {};
}

QVariant MessageColumns::alignment(Kind kind)
{
    switch (kind) {
    case Kind::Cycle:
    case Kind::MessageId:
    case Kind::Priority:
    case Kind::Ttl:
    case Kind::Deliveries:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant MessageColumns::headerData(const QList<Column> &columns, int section, Qt::Orientation orientation,
                                    int role)
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columns.size())
        return {};
    if (role == Qt::DisplayRole)
        return title(columns.at(section).kind);
    if (role == Qt::ToolTipRole)
        return columns.at(section).toolTip;
    return {};
}

} // namespace PriorityLab
