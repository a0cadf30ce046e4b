#include "ui/deadletters/deadlettermodel.h"

#include "core/engine/simulation.h"

namespace PriorityLab {

DeadLetterModel::DeadLetterModel(Simulation *simulation, QObject *parent)
    : MessageTableModel(columns(), parent), m_simulation(simulation)
{
    Q_ASSERT(columns().size() == ColumnCount);
    connect(m_simulation, &Simulation::scenarioLoaded, this, [this] {
        beginResetModel();
        m_first = 0;
        m_rows = 0;
        endResetModel();
        refresh();
    });
    refresh();
}

int DeadLetterModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows);
}

qint64 DeadLetterModel::totalCount() const
{
    return m_simulation->broker().deadLetterCount();
}

qsizetype DeadLetterModel::brokerIndex(int row) const
{
    const Broker &broker = m_simulation->broker();
    // Number of the broker's oldest kept letter over the whole run.
    const qint64 front = broker.deadLetterCount() - qint64(broker.deadLetters().size());
    const qint64 index = m_first + row - front;
    return index >= 0 && index < qint64(broker.deadLetters().size()) ? qsizetype(index) : -1;
}

QString DeadLetterModel::reasonText(const QString &reason)
{
    if (reason == QLatin1String("ttl-expired"))
        return tr("TTL at or below the consumer's low bound: the message expired");
    return Broker::reasonText(reason);
}

const QList<MessageColumns::Column> &DeadLetterModel::columns()
{
    using Kind = MessageColumns::Kind;
    static const QList<MessageColumns::Column> columns = {
            {Kind::Cycle, MessageColumns::cycleToolTip(tr("was discarded"))},
            {Kind::MessageId, tr("The message's id")},
            {Kind::Data, tr("The message's payload: this data is lost unless someone replays it")},
            {Kind::Reason, tr("Why: ttl-expired = its TTL was at or below the consumer's low bound; the broker's own: "
                              "maxlen = dropped from the head of a full queue, delivery_limit = "
                              "came back more often than broker.deliveryLimit, expired = its "
                              "expiration passed")},
            {Kind::Consumer, tr("The consumer whose strategy discarded it, or that handed it back the last time (delivery_limit); empty when the broker dropped it")},
            {Kind::Priority, tr("Priority when it was discarded")},
            {Kind::Ttl, tr("TTL when it was discarded")},
            {Kind::Deliveries, tr("How often the broker had handed it to a consumer")},
    };
    return columns;
}

QVariant DeadLetterModel::messageData(int row, int /*column*/, MessageColumns::Kind kind, int role) const
{
    const qsizetype i = brokerIndex(row);
    if (i < 0)
        return {};  // dropped by the broker since the last refresh(); gone at the next one
    const Broker::DeadLetter &letter = m_simulation->broker().deadLetters()[size_t(i)];
    switch (role) {
    case Qt::DisplayRole:
        if (kind == MessageColumns::Kind::Reason)
            return letter.reason;
        return MessageColumns::messageCell(kind, letter.cycle, letter.consumer, letter.message);
    case Qt::ToolTipRole:
        // Every column's value, so that a row says all when a narrow view hides columns
        // (DeadLetterPanel: the data, TTL, id and priority give way first).
        return tr("Message %1 (%2), produced by %3 in cycle %4 with priority %5, discarded by %6 "
                  "in cycle %7 with priority %8 and TTL %9 after %10 deliveries: %11 (%12)")
                .arg(letter.message.id)
                .arg(letter.message.data.text(), letter.message.producer.text())
                .arg(letter.message.producedCycle)
                .arg(letter.message.originalPriority)
                .arg(letter.consumer.isEmpty() ? tr("the broker") : letter.consumer)
                .arg(letter.cycle)
                .arg(letter.message.priority)
                .arg(letter.message.ttl)
                .arg(letter.message.deliveries)
                .arg(reasonText(letter.reason), letter.reason);
    case Qt::TextAlignmentRole:
        return MessageColumns::alignment(kind);
    case MessageIdRole:
        return letter.message.id;
    case CycleRole:
        return letter.cycle;
    default:
        return {};
    }
}

qsizetype DeadLetterModel::refresh()
{
    const Broker &broker = m_simulation->broker();
    const qint64 total = broker.deadLetterCount();
    const qint64 front = total - qint64(broker.deadLetters().size());
    const qint64 end = m_first + m_rows;  // number after our last row
    if (total < end || front > end) {
        // The list restarted (should not happen without scenarioLoaded) or moved past all our
        // rows: start over.
        beginResetModel();
        m_first = front;
        m_rows = qsizetype(total - front);
        endResetModel();
        return m_rows;
    }
    if (front > m_first) {
        beginRemoveRows(QModelIndex(), 0, int(front - m_first - 1));
        m_rows -= qsizetype(front - m_first);
        m_first = front;
        endRemoveRows();
    }
    const qsizetype added = qsizetype(total - end);
    if (added > 0) {
        beginInsertRows(QModelIndex(), int(m_rows), int(m_rows + added - 1));
        m_rows += added;
        endInsertRows();
    }
    return added;
}

} // namespace PriorityLab
