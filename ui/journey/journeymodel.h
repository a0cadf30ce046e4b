#pragma once

#include "core/model/events.h"

#include <QAbstractItemModel>
#include <QList>

namespace PriorityLab {

/// The rows of one message's journey (Journal::journey()): one top-level row per event, oldest
/// first — its production, then each delivery with the consumer's decision and the metadata
/// before → after (priority, TTL, predicate runs). Each event row has one child row holding the
/// strategy's reason in words (column 0; views span it over every column so it reads on one
/// line whatever the width), e.g. "priority 3 < threshold 5: postponed with priority 4".
///
/// setJourney() with the same message and a longer journey appends the new rows in one
/// beginInsertRows; any other change resets the model.
class JourneyModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { Cycle, Delivery, Consumer, Decision, Priority, Ttl, PredicateRuns, ColumnCount };

    enum Role {
        EventTypeRole = Qt::UserRole, ///< int: the row's Event::Type
        CycleRole, ///< qint64: the row's cycle
        ReasonRole, ///< QString: the strategy's reason in words
    };

    explicit JourneyModel(QObject *parent = nullptr);

    /// Shows @p events of message @p id (0 = none).
    void setJourney(quint64 id, const QList<Event> &events);
    quint64 messageId() const { return m_id; }
    const QList<Event> &events() const { return m_events; }

    /// Whether @p index is a reason row (the child of an event row).
    static bool isReason(const QModelIndex &index)
    {
        return index.isValid() && index.internalId() != 0;
    }

    /// The decision column's words for @p event, e.g. "postponed", "failed (requeued)".
    static QString decisionText(const Event &event);

    /// The reason row's words for @p event: the strategy's explanation, or what a production is.
    static QString reasonText(const Event &event);

    /// "3" when @p before equals @p after, "3 → 4" otherwise.
    static QString change(int before, int after);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant eventData(const Event &event, int column, int role) const;

    quint64 m_id = 0;
    QList<Event> m_events;
};

} // namespace PriorityLab
