#pragma once

#include <QAbstractTableModel>

namespace PriorityLab {

class Simulation;
struct CycleReport;

/// A table over the broker's queue, head first (row 0 = next to be dispatched).
///
/// data() reads Broker::at(row) directly, so 100,000 queued rows cost no copy. The model follows
/// the queue with the FIFO bookkeeping of each CycleReport (takenFromHead, see core/model/events.h):
/// messages leave at the head and arrive at the tail, so a sync is ONE beginRemoveRows for the
/// head, ONE beginInsertRows for the tail and one dataChanged for the age column — never one
/// signal per message. A new scenario or a reset resets the model.
///
/// By default the model syncs after every cycle. With setBatchedUpdates(true) it only sums the
/// reports and syncs when sync() is called (the main window does so from its ~30 Hz refresh), so
/// at the fastest speed the view gets one update per frame however many cycles ran. Between two
/// syncs data() maps the stale rows onto the current queue: rows already taken from the head
/// read as empty, the others show the message they stand for.
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

    /// Whether cycle reports are applied only by sync() (see the class comment). Turning it off
    /// syncs at once.
    void setBatchedUpdates(bool batched);
    bool batchedUpdates() const { return m_batched; }

    /// Brings the rows up to the broker's queue: at most one removal, one insertion and one
    /// dataChanged of the age column. Cheap when nothing changed.
    void sync();

    /// True if cycles ran since the last sync.
    bool isStale() const { return m_pendingCycles > 0; }

private:
    void onCycleCompleted(const CycleReport &report);
    void onScenarioLoaded();
    qsizetype brokerRow(int row) const;

    Simulation *m_simulation;
    qsizetype m_rows = 0;           ///< rows the views know
    qint64 m_pendingTaken = 0;      ///< messages taken from the head since the last sync
    qint64 m_pendingCycles = 0;     ///< cycles run since the last sync
    bool m_batched = false;
};

} // namespace PriorityLab
