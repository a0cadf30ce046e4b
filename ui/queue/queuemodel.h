#pragma once

#include <QAbstractTableModel>

namespace PriorityLab {

class RefreshSnapshot;
class Simulation;

/// A table over the broker's queue, head first (row 0 = next to be dispatched).
///
/// data() reads Broker::at(row) directly, so 100,000 queued rows cost no copy. sync() brings the
/// rows up to the queue from one RefreshSnapshot (the main window's ~30 Hz refresh), so at the
/// fastest speed the view gets one update per frame however many cycles ran:
/// - in `fifo` mode, with the FIFO bookkeeping of the snapshot (takenFromHead, see
///   core/model/events.h): messages leave at the head and arrive at the tail, so a sync is ONE
///   beginRemoveRows for the head, ONE beginInsertRows for the tail and one dataChanged for the
///   age column — never one signal per message;
/// - in `priority` and `topics` modes (and after a timeline change or a live edit, which may
///   re-route the queue) messages leave and arrive anywhere: the rows are rebuilt in place —
///   rows added or removed at the end, one dataChanged over every row and column.
/// A new scenario or a reset resets the model. Between two syncs rows beyond the queue read as
/// empty.
class QueueModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Id, Data, Priority, Ttl, PredicateRuns, Deliveries, Age, ColumnCount };

    enum Role {
        MessageIdRole = Qt::UserRole,  ///< quint64 id of the row's message
        RequeuedRole,                  ///< bool: it went back to the broker at least once
    };

    /// Follows @p simulation's broker, which must outlive the model.
    explicit QueueModel(Simulation *simulation, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// Brings the rows up to the broker's queue after the cycles of @p snapshot: at most one
    /// removal, one insertion and one dataChanged (see the class comment). Cheap when nothing
    /// changed.
    void sync(const RefreshSnapshot &snapshot);

    /// True if cycles ran since the last sync.
    bool isStale() const;

private:
    void onScenarioLoaded();
    void rebuild();
    qsizetype brokerRow(int row) const;

    Simulation *m_simulation;
    qsizetype m_rows = 0;           ///< rows the views know
    qint64 m_syncedCycle = 0;       ///< Simulation::cycle() at the last sync
    qsizetype m_leavingHead = 0;    ///< during sync(): rows being removed at the head
};

} // namespace PriorityLab
