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

QVariant MessageColumns::cell(const Cells &cells, Kind kind)
{
    switch (kind) {
    case Kind::Cycle: return cells.cycle;
    case Kind::Event: return cells.event;
    case Kind::Consumer: return cells.consumer;
    case Kind::MessageId: return cells.messageId;
    case Kind::Data: return cells.data;
    case Kind::Priority: return cells.priority;
    case Kind::Ttl: return cells.ttl;
    case Kind::Deliveries: return cells.deliveries;
    case Kind::Reason: return cells.reason;
    case Kind::Explanation: return cells.explanation;
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
