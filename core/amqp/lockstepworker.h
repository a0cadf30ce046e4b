#pragma once

#include "core/amqp/lockstep.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <memory>
#include <vector>

namespace PriorityLab {

class Simulation;

/// The app's RabbitMQ mirror (docs/design.md §11): a LockstepBridge on a thread of its own, so
/// that the GUI thread never waits for the network. While attached, each cycle's batches and
/// events are copied as they happen (Simulation's batch and event sinks) and, when the cycle
/// ends, handed to the bridge's thread in one piece, which replays them on RabbitMQ in order.
/// The simulator never waits for RabbitMQ: the mirror follows behind, at most maxBacklog()
/// cycles; further behind it stops with a message saying to slow the simulation down.
/// A load, reset or broker-setting change ends the mirrored run (its queues are deleted): connect
/// again to mirror the new setup. Only one mirror at a time; not copyable.
class LockstepWorker : public QObject
{
    Q_OBJECT

public:
    /// Where the mirror stands.
    enum class State {
        Off,         ///< not connected
        Connecting,  ///< connecting and declaring the run's queues
        Mirroring,   ///< every cycle is replayed on RabbitMQ
        Failed,      ///< stopped: the connection was lost or refused, or the mirror fell behind
    };
    Q_ENUM(State)

    /// What the mirror shows in the app's status bar.
    struct Status
    {
        State state = State::Off;
        QString url;                 ///< the broker's URL, password hidden
        QString error;               ///< Failed: what happened and what to do
        qint64 cyclesMirrored = 0;   ///< cycles replayed on RabbitMQ
        qint64 cyclesBehind = 0;     ///< cycles run by the simulator and not replayed yet
        LockstepBridge::Figures figures; ///< the real side's counts so far (messages)
    };

    /// A mirror of @p simulation, which must outlive it. Starts Off.
    explicit LockstepWorker(Simulation *simulation, QObject *parent = nullptr);
    /// Stops the mirror (deleting the run's queues when the connection still works) and its thread.
    ~LockstepWorker() override;

    /// Connects to @p url and mirrors the simulation from its next cycle on (the queue as it is
    /// now is not copied: start on cycle 0, after a load or reset, for an exact mirror).
    /// Asynchronous: statusChanged() says when it is Mirroring or Failed (a wrong URL, a
    /// refused login, with the URL's password hidden and the fix).
    void connectTo(const QString &url);
    /// Ends the mirrored run: the queued cycles are replayed, the dead-letter queue read back and
    /// the run's queues deleted; then Off. Blocks until that is done (at most a few seconds).
    void disconnectFromBroker();

    /// The status as of the last statusChanged().
    Status status() const { return m_status; }
    /// Cycles the mirror may lag behind before it stops.
    static constexpr qint64 maxBacklog() { return 200; }

Q_SIGNALS:
    /// The status changed (state, counts after a mirrored cycle, an error).
    void statusChanged();

private:
    struct Operation
    {
        QString consumer;   ///< a batch: its consumer; empty for an event
        qint64 size = 0;    ///< a batch: its size in messages
        Event event;        ///< an event
    };
    using Cycle = std::vector<Operation>;

    void attach();
    void detach();
    /// Ends the bridge's run on its thread (@p type: blocking or not).
    void endMirroredRun(Qt::ConnectionType type);
    void onCycleEnded();
    void fail(const QString &error);
    void setupEnded(const QString &why);

    class Mirror;
    QPointer<Simulation> m_simulation; ///< may go first when both are children of one window
    QThread m_thread;
    Mirror *m_mirror = nullptr;  ///< lives on m_thread
    QString m_shape;             ///< the mirrored setup's mode, maximum priority and topics
    Cycle m_cycle;               ///< operations of the running cycle, not handed over yet
    Status m_status;
    qint64 m_handedOver = 0;     ///< cycles handed to the mirror
    quint64 m_generation = 0;    ///< increases with each connectTo(): late reports of an older run are ignored
};

} // namespace PriorityLab
