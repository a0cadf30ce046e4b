#include "ui/queue/queuemodel.h"

#include "core/analysis/refreshsnapshot.h"
#include "core/engine/simulation.h"

#include <algorithm>
#include <climits>

namespace PriorityLab {

QueueModel::QueueModel(Simulation *simulation, QObject *parent)
    : QAbstractTableModel(parent), m_simulation(simulation)
{
    m_rows = m_simulation->broker().size();
    m_syncedCycle = m_simulation->cycle();
    connect(m_simulation, &Simulation::scenarioLoaded, this, &QueueModel::onScenarioLoaded);
}

int QueueModel::rowCount(const QModelIndex &parent) const
{
    // Qt's models count rows in int; a queue beyond INT_MAX shows its first INT_MAX messages.
    return parent.isValid() ? 0 : int(std::min<qsizetype>(m_rows, INT_MAX));
}

int QueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

qsizetype QueueModel::brokerRow(int row) const
{
    // While sync() removes the rows that left at the head, the rows after them still stand for
    // the messages now at the head. Between two syncs the rows may outnumber the queue: those
    // beyond it read as empty.
    const qsizetype r = row - m_leavingHead;
    return r >= 0 && r < m_simulation->broker().size() ? r : -1;
}

bool QueueModel::isStale() const
{
    return m_syncedCycle != m_simulation->cycle();
}

QVariant QueueModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const qsizetype r = brokerRow(index.row());
    if (r < 0)
        return {};
    const Message &m = m_simulation->broker().at(r);

    switch (role) {
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case Id: return m.id;
        case Data: return m.data.text();
        case Priority: return m.priority;
        case Ttl: return m.ttl;
        case PredicateRuns: return m.predicateRuns;
        case Deliveries: return m.deliveries;
        case Age: return m_simulation->cycle() - m.producedCycle;
        case ColumnCount: break;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Data ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                      : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        // Numbers through arg(), strings appended: a payload containing "%1" stays as it is.
        const qint64 age = m_simulation->cycle() - m.producedCycle;
        QString tip = tr("Message %1, position %2 in the queue (0 = next to be dispatched)")
                              .arg(m.id).arg(r)
                + QLatin1Char('\n') + tr("data: ") + m.data.text()
                + QLatin1Char('\n') + tr("producer: ") + m.producer.text()
                + QLatin1Char('\n')
                + tr("priority %1 (produced with %2), TTL %3").arg(m.priority).arg(m.originalPriority).arg(m.ttl)
                + QLatin1Char('\n')
                + tr("predicate runs %1, deliveries %2").arg(m.predicateRuns).arg(m.deliveries)
                + QLatin1Char('\n')
                + (age == 1 ? tr("produced in cycle %1, waiting for 1 cycle").arg(m.producedCycle)
                             : tr("produced in cycle %1, waiting for %2 cycles").arg(m.producedCycle).arg(age));
        if (m.requeued)
            tip += QLatin1Char('\n') + tr("sent back by a consumer (postponed or failed)");
        return tip;
    }
    case MessageIdRole:
        return m.id;
    case RequeuedRole:
        return m.requeued;
    default:
        return {};
    }
}

QVariant QueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case Id: return tr("Id");
        case Data: return tr("Data");
        case Priority: return tr("Priority");
        case Ttl: return tr("TTL");
        case PredicateRuns: return tr("Pred. runs");
        case Deliveries: return tr("Deliveries");
        case Age: return tr("Age");
        case ColumnCount: break;
        }
    } else if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Id: return tr("Unique number given by the broker in order of arrival");
        case Data: return tr("The payload; the broker never looks at it (a predicate may)");
        case Priority: return tr("Higher = more urgent. The priority strategy processes messages at "
                                 "or above its threshold and raises the others on each postponement");
        case Ttl: return tr("Time-to-live counter. The TTL strategy processes a message while "
                            "low < TTL < high, lowers it while it is too high and discards it at or "
                            "below low");
        case PredicateRuns: return tr("How often a predicate postponed the message; at the maximum "
                                      "it is processed anyway");
        case Deliveries: return tr("How often the broker handed the message to a consumer");
        case Age: return tr("Cycles since the message was produced");
        case ColumnCount: break;
        }
    }
    return {};
}

void QueueModel::onScenarioLoaded()
{
    beginResetModel();
    m_rows = m_simulation->broker().size();
    m_syncedCycle = m_simulation->cycle();
    endResetModel();
}

void QueueModel::sync(const RefreshSnapshot &snapshot)
{
    const qsizetype size = m_simulation->broker().size();
    const bool cyclesRan = snapshot.cycles() > 0 || isStale();
    m_syncedCycle = m_simulation->cycle();
    if (!cyclesRan && !snapshot.setupChanged() && m_rows == size)
        return;
    const bool fifo = m_simulation->broker().config().mode == BrokerConfig::Mode::Fifo;
    if (!fifo || !snapshot.fifoOrder()) {
        rebuild();
        return;
    }
    // FIFO bookkeeping: the head rows that left, then the new tail.
    const qsizetype gone = qsizetype(std::min<qint64>(snapshot.takenFromHead(), m_rows));
    const qsizetype kept = m_rows - gone;
    if (kept > size) {
        // Not a FIFO change (cannot happen in fifo mode): rebuild rather than show wrong rows.
        rebuild();
        return;
    }
    if (gone > 0) {
        m_leavingHead = gone;
        beginRemoveRows({}, 0, int(gone - 1));
        m_rows = kept;
        m_leavingHead = 0;
        endRemoveRows();
    }
    if (size > m_rows) {
        beginInsertRows({}, int(m_rows), int(size - 1));
        m_rows = size;
        endInsertRows();
    }
    if (cyclesRan && kept > 0)
        Q_EMIT dataChanged(index(0, Age), index(int(kept - 1), Age), {Qt::DisplayRole});
}

void QueueModel::rebuild()
{
    // Messages left and arrived anywhere (priority order, topics): the rows keep their number
    // and show the message now at that position.
    const qsizetype size = m_simulation->broker().size();
    if (size < m_rows) {
        beginRemoveRows({}, int(size), int(m_rows - 1));
        m_rows = size;
        endRemoveRows();
    } else if (size > m_rows) {
        beginInsertRows({}, int(m_rows), int(size - 1));
        m_rows = size;
        endInsertRows();
    }
    if (m_rows > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace PriorityLab
