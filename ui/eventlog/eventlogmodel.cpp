#include "ui/eventlog/eventlogmodel.h"

#include "ui/charts/chartpalette.h"
#include "core/analysis/eventjson.h"

#include <QIODevice>

namespace PriorityLab {

EventLogModel::EventLogModel(qsizetype capacity, QObject *parent)
    : MessageTableModel(columns(), parent), m_capacity(std::max<qsizetype>(1, capacity))
{
    Q_ASSERT(columns().size() == ColumnCount);
    m_releaseTimer.setSingleShot(true);
    m_releaseTimer.setInterval(0);
    connect(&m_releaseTimer, &QTimer::timeout, this, &EventLogModel::releaseDropped);
}

void EventLogModel::dropLater(QList<Event> &&events)
{
    // A list still shared (e.g. with the report a refresh is handling) frees nothing here.
    if (events.isDetached()) {
        m_releasedCount += events.size();
        m_released.push_back(std::move(events));
        if (!m_releaseTimer.isActive())
            m_releaseTimer.start();
    }
    events = QList<Event>();
}

void EventLogModel::releaseDropped()
{
    m_releaseTimer.stop();
    m_released.clear();
    m_releasedCount = 0;
}

int EventLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows);
}

const Event &EventLogModel::event(int row) const
{
    const qint64 n = m_chunks.front().first + row;
    // Sequential access (filtering new rows, painting) stays in the last chunk or the next one.
    for (size_t c = m_lastChunk; c < m_chunks.size() && c <= m_lastChunk + 1; ++c) {
        const Chunk &chunk = m_chunks[c];
        if (n >= chunk.first && n < chunk.first + chunk.size()) {
            m_lastChunk = c;
            return chunk.events.at(chunk.begin + (n - chunk.first));
        }
    }
    auto it = std::upper_bound(m_chunks.begin(), m_chunks.end(), n,
                               [](qint64 value, const Chunk &chunk) { return value < chunk.first; });
    --it;
    m_lastChunk = size_t(it - m_chunks.begin());
    return it->events.at(it->begin + (n - it->first));
}

QString EventLogModel::typeText(Event::Type type)
{
    return Event::typeName(type);
}

namespace {

/// "3" or, when a postponement or failure changed it, "3 → 4".
QString changed(int before, int after, bool hasAfter)
{
    if (!hasAfter || before == after)
        return QString::number(before);
    return QStringLiteral("%1 → %2").arg(before).arg(after);
}

} // namespace

QColor EventLogModel::typeColor(Event::Type type)
{
    switch (type) {
    case Event::Type::Produced:
        return ChartPalette::skyBlue();
    case Event::Type::Dispatched:
        return QColor(0x99, 0x99, 0x99);
    case Event::Type::Processed:
        return ChartPalette::bluishGreen();
    case Event::Type::Postponed:
        return ChartPalette::orange();
    case Event::Type::Discarded:
        return ChartPalette::vermillion();
    case Event::Type::Failed:
        return ChartPalette::reddishPurple();
    case Event::Type::Rejected:
        return ChartPalette::yellow();
    }
    return {};
}

const QList<MessageColumns::Column> &EventLogModel::columns()
{
    using Kind = MessageColumns::Kind;
    static const QList<MessageColumns::Column> columns = {
            {Kind::Cycle, MessageColumns::cycleToolTip(tr("happened"))},
            {Kind::Event, tr("produced: a producer sent it; dispatched: the broker handed it to a "
                             "consumer in a batch; processed, postponed (sent back to the queue's tail), "
                             "discarded (dead letter): the consumer's decision; failed: processing "
                             "failed and the message was requeued")},
            {Kind::Consumer, tr("The consumer that got or decided on the message")},
            {Kind::MessageId, tr("The message's id, unique, in order of arrival at the broker")},
            {Kind::Data, tr("The message's payload")},
            {Kind::Priority, tr("Priority as the consumer got it; 'a → b' when a postponement changed it "
                                "(aging raises it, a failure lowers it)")},
            {Kind::Ttl, tr("TTL as the consumer got it; 'a → b' when a postponement changed it")},
            {Kind::Explanation, tr("The strategy's reason for its decision, in its own words")},
    };
    return columns;
}

QVariant EventLogModel::messageData(int row, int column, MessageColumns::Kind kind, int role) const
{
    const Event &e = event(row);
    switch (role) {
    case Qt::DisplayRole: {
        const bool hasAfter = e.type == Event::Type::Postponed || e.type == Event::Type::Failed;
        switch (kind) {
        case MessageColumns::Kind::Event:
            return typeText(e.type);
        case MessageColumns::Kind::Priority:
            return changed(e.message.priority, e.after.priority, hasAfter);
        case MessageColumns::Kind::Ttl:
            return changed(e.message.ttl, e.after.ttl, hasAfter);
        case MessageColumns::Kind::Explanation: {
            const QString detail = e.explanationText();
            return e.type == Event::Type::Discarded && !e.reason.isEmpty()
                    ? (detail.isEmpty() ? e.reason : detail + QStringLiteral(" (") + e.reason + QLatin1Char(')'))
                    : detail;
        }
        default:
            return MessageColumns::messageCell(kind, e.cycle, e.consumer, e.message);
        }
    }
    case Qt::DecorationRole:
        if (column == TypeColumn)
            return typeColor(e.type);
        return {};
    case Qt::TextAlignmentRole:
        return MessageColumns::alignment(kind);
    case Qt::ToolTipRole:
        if (column == ExplanationColumn || column == DataColumn)
            return messageData(row, column, kind, Qt::DisplayRole);
        return {};
    case MessageIdRole:
        return e.message.id;
    case EventTypeRole:
        return int(e.type);
    case ConsumerRole:
        return e.consumer;
    case CycleRole:
        return e.cycle;
    default:
        return {};
    }
}

void EventLogModel::addEvents(const QList<Event> &events)
{
    if (events.isEmpty())
        return;
    m_pending.push_back({events, 0, 0});
    m_pendingCount += events.size();
    m_total += events.size();
    // Keep at most capacity() pending events: older whole lists go first.
    while (m_pendingCount - m_pending.front().size() >= m_capacity) {
        m_pendingCount -= m_pending.front().size();
        dropLater(std::move(m_pending.front().events));
        m_pending.pop_front();
    }
}

qsizetype EventLogModel::flush()
{
    if (m_pendingCount == 0)
        return 0;
    // Only the newest capacity() pending events can stay.
    qsizetype skip = std::max<qsizetype>(0, m_pendingCount - m_capacity);
    while (skip >= m_pending.front().size()) {
        skip -= m_pending.front().size();
        dropLater(std::move(m_pending.front().events));
        m_pending.pop_front();
    }
    m_pending.front().begin += skip;
    const qsizetype incoming = m_pendingCount - std::max<qsizetype>(0, m_pendingCount - m_capacity);

    const qsizetype remove = std::max<qsizetype>(0, m_rows + incoming - m_capacity);
    if (remove > 0) {
        beginRemoveRows(QModelIndex(), 0, int(remove - 1));
        qsizetype left = remove;
        while (left > 0 && left >= m_chunks.front().size()) {
            left -= m_chunks.front().size();
            dropLater(std::move(m_chunks.front().events));
            m_chunks.pop_front();
        }
        if (left > 0) {
            m_chunks.front().begin += left;
            m_chunks.front().first += left;
        }
        m_rows -= remove;
        m_lastChunk = 0;
        endRemoveRows();
    }
    beginInsertRows(QModelIndex(), int(m_rows), int(m_rows + incoming - 1));
    for (Chunk &chunk : m_pending) {
        chunk.first = m_next;
        m_next += chunk.size();
        m_chunks.push_back(std::move(chunk));
    }
    m_rows += incoming;
    m_pending.clear();
    m_pendingCount = 0;
    endInsertRows();
    return incoming;
}

void EventLogModel::clear()
{
    m_pending.clear();
    m_pendingCount = 0;
    m_total = 0;
    if (m_rows == 0 && m_chunks.empty())
        return;
    beginResetModel();
    m_chunks.clear();
    m_rows = 0;
    m_lastChunk = 0;
    endResetModel();
}

qint64 EventLogModel::writeJsonLines(QIODevice *device)
{
    flush();
    qint64 lines = 0;
    QByteArray chunk;
    for (int row = 0; row < m_rows; ++row) {
        chunk += eventToJsonLine(event(row));
        ++lines;
        if (chunk.size() > (1 << 16)) {
            if (device->write(chunk) != chunk.size())
                return -1;
            chunk.clear();
        }
    }
    if (!chunk.isEmpty() && device->write(chunk) != chunk.size())
        return -1;
    return lines;
}

} // namespace PriorityLab
