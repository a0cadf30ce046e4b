#pragma once

#include "ui/common/messagetablemodel.h"


namespace PriorityLab {

class Simulation;

/// The dead-letter list as a table: every discarded message the broker keeps
/// (Broker::deadLetters(), oldest first, at most Broker::deadLetterCapacity()), with the cycle,
/// the consumer and the reason. It reads the broker's list directly and follows it in refresh():
/// letters the broker dropped from the front leave in ONE beginRemoveRows() from row 0, new ones
/// come in ONE beginInsertRows() at the end; a new scenario resets the model.
class DeadLetterModel : public MessageTableModel
{
    Q_OBJECT

public:
    enum Column {
        CycleColumn,
        MessageIdColumn,
        DataColumn,
        ReasonColumn,
        ConsumerColumn,
        PriorityColumn,
        TtlColumn,
        DeliveriesColumn,
        ColumnCount
    };
    enum Role {
        MessageIdRole = Qt::UserRole,  ///< quint64 id of the discarded message
        CycleRole,                     ///< qint64 cycle of the discard
    };

    /// The dead letters of @p simulation, which must outlive the model.
    explicit DeadLetterModel(Simulation *simulation, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;

    /// Catches up with the broker's list. Returns the number of rows inserted.
    qsizetype refresh();

    /// Messages discarded since the start of the run, including those the list no longer keeps.
    qint64 totalCount() const;

    /// A teaching explanation of the discard reason @p reason, e.g. "ttl-expired".
    static QString reasonText(const QString &reason);

protected:
    QVariant messageData(int row, int column, MessageColumns::Kind kind, int role) const override;

private:
    /// The columns, in Column order.
    static const QList<MessageColumns::Column> &columns();
    /// Index in the broker's list of model row @p row, or -1 if the broker dropped it already.
    qsizetype brokerIndex(int row) const;

    Simulation *m_simulation;
    qint64 m_first = 0;   ///< number (from 0, over the whole run) of the letter in row 0
    qsizetype m_rows = 0;
};

} // namespace PriorityLab
