#include "ui/journey/journeymodel.h"
#include "ui/common/messagecolumns.h"
#include "ui/common/textcolors.h"

#include <QBrush>
#include <QColor>
#include <QGuiApplication>
#include <QPalette>

namespace PriorityLab {

namespace {
bool sameEvent(const Event &a, const Event &b)
{
    return a.cycle == b.cycle && a.type == b.type && a.message.deliveries == b.message.deliveries
            && a.consumer == b.consumer;
}

bool changesMessage(Event::Type type)
{
    return type == Event::Type::Postponed || type == Event::Type::Failed;
}

/// The background the journey's table draws its text on: the application palette's base colour
/// (a view repaints, and asks again, when the palette changes).
QColor viewBackground()
{
    return QGuiApplication::palette().color(QPalette::Base);
}
} // namespace

JourneyModel::JourneyModel(QObject *parent) : QAbstractItemModel(parent) { }

void JourneyModel::setJourney(quint64 id, const QList<Event> &events)
{
    const qsizetype old = m_events.size();
    const bool extends = id == m_id && events.size() > old
            && (old == 0
                || (sameEvent(events.at(0), m_events.at(0))
                    && sameEvent(events.at(old - 1), m_events.at(old - 1))));
    if (extends) {
        beginInsertRows({}, int(old), int(events.size() - 1));
        m_events = events;
        endInsertRows();
        return;
    }
    if (id == m_id && events.size() == old
        && (old == 0 || sameEvent(events.constLast(), m_events.constLast())))
        return; // nothing new
    beginResetModel();
    m_id = id;
    m_events = events;
    endResetModel();
}

// Event rows have internal id 0; the reason row of event row r has internal id r + 1.
QModelIndex JourneyModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_events.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (isReason(parent) || parent.column() != 0 || row != 0 || parent.row() >= m_events.size())
        return {};
    return createIndex(0, column, quintptr(parent.row()) + 1);
}

QModelIndex JourneyModel::parent(const QModelIndex &child) const
{
    if (!isReason(child))
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int JourneyModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_events.size());
    return !isReason(parent) && parent.column() == 0 ? 1 : 0;
}

int JourneyModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QString JourneyModel::decisionText(const Event &event)
{
    switch (event.type) {
    case Event::Type::Produced:
        return tr("produced");
    case Event::Type::Dispatched:
        return tr("delivered");
    case Event::Type::Processed:
        return tr("processed");
    case Event::Type::Postponed:
        return tr("postponed");
    case Event::Type::Discarded:
        return event.reason.isEmpty() ? tr("discarded") : tr("discarded (%1)").arg(event.reason);
    case Event::Type::Failed:
        return tr("failed (requeued)");
    case Event::Type::Rejected:
        return tr("refused (queue full)");
    }
    return {};
}

QString JourneyModel::reasonText(const Event &event)
{
    if (event.type == Event::Type::Produced)
        return tr("sent by %1 to the broker: it joined the queue at the tail")
                .arg(event.message.producer.text());
    return event.detail.isEmpty() ? decisionText(event) : event.explanationText();
}

QString JourneyModel::change(int before, int after)
{
    return before == after ? QString::number(before)
                           : QStringLiteral("%1 → %2").arg(before).arg(after);
}

QVariant JourneyModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this || index.column() >= ColumnCount)
        return {};
    const bool reasonRow = isReason(index);
    const qsizetype row = reasonRow ? qsizetype(index.internalId() - 1) : index.row();
    if (row >= m_events.size())
        return {};
    const Event &e = m_events.at(row);
    switch (role) {
    case EventTypeRole:
        return int(e.type);
    case CycleRole:
        return e.cycle;
    case ReasonRole:
        return reasonText(e);
    default:
        break;
    }
    if (!reasonRow)
        return eventData(e, index.column(), role);
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == 0 ? reasonText(e) : QVariant();
    case Qt::ToolTipRole:
        return tr("The rule that decided, in the strategy's own words");
    case Qt::ForegroundRole:
        return QBrush(TextColors::color(TextColors::Tone::Muted, viewBackground()));
    default:
        return {};
    }
}

QVariant JourneyModel::eventData(const Event &e, int column, int role) const
{
    const bool changed = changesMessage(e.type);
    const Message &before = e.message;
    const Message after = changed ? e.returned() : e.message;

    switch (role) {
    case Qt::DisplayRole:
        switch (Column(column)) {
        case Cycle:
            return e.cycle;
        case Delivery:
            return e.type == Event::Type::Produced ? QVariant(QString())
                                                   : QVariant(before.deliveries);
        case Consumer:
            return e.type == Event::Type::Produced ? tr("by %1").arg(before.producer.text()) : e.consumer;
        case Decision:
            return decisionText(e);
        case Priority:
            return change(before.priority, after.priority);
        case Ttl:
            return change(before.ttl, after.ttl);
        case PredicateRuns:
            return change(before.predicateRuns, after.predicateRuns);
        case ColumnCount:
            break;
        }
        return {};
    case Qt::ToolTipRole:
        switch (Column(column)) {
        case Decision: {
            // The decision whole (a narrow column wraps or cuts it), then the rule's words.
            const QString reason = reasonText(e);
            return reason.isEmpty() ? decisionText(e) : decisionText(e) + QLatin1Char('\n') + reason;
        }
        case Priority:
        case Ttl:
        case PredicateRuns:
            return changed ? tr("Before → after: the metadata of the copy the consumer sent back")
                           : tr("The message's metadata when this happened");
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        switch (Column(column)) {
        case Cycle:
        case Delivery:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case Priority:
        case Ttl:
        case PredicateRuns:
            return QVariant(Qt::AlignCenter);
        default:
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        }
    case Qt::ForegroundRole:
        if (column == Decision && e.type == Event::Type::Discarded)
            return QBrush(TextColors::color(TextColors::Tone::Error, viewBackground()));
        if (column == Decision && e.type == Event::Type::Processed)
            return QBrush(TextColors::color(TextColors::Tone::Success, viewBackground()));
        return {};
    default:
        return {};
    }
}

QVariant JourneyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractItemModel::headerData(section, orientation, role);
    // Title and tool tip per column, in Column order.
    static const char *const headers[ColumnCount][2] = {
        { QT_TR_NOOP("Cycle"), nullptr },  // MessageColumns::cycleToolTip(), as the event log's
        { QT_TR_NOOP("#"),
          QT_TR_NOOP("Delivery number: how many times the broker had handed this message to a "
                     "consumer, this delivery included") },
        { QT_TR_NOOP("Consumer"),
          QT_TR_NOOP("The consumer that got the batch (or the producer that sent the message)") },
        { QT_TR_NOOP("Decision"),
          QT_TR_NOOP("What the consumer's strategy decided: process, postpone (send back a "
                     "modified copy) or discard") },
        { QT_TR_NOOP("Priority"),
          QT_TR_NOOP("Priority before → after the decision (higher = more urgent)") },
        { QT_TR_NOOP("TTL"), QT_TR_NOOP("TTL before → after the decision") },
        { QT_TR_NOOP("Runs"), QT_TR_NOOP("Predicate runs before → after the decision") },
    };
    if (role == Qt::DisplayRole)
        return tr(headers[section][0]);
    if (role == Qt::ToolTipRole)
        return section == 0 ? MessageColumns::cycleToolTip(tr("happened")) : tr(headers[section][1]);
    return {};
}

} // namespace PriorityLab
