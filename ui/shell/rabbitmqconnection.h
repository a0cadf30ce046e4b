#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

class QAction;
class QProcess;
class QToolButton;
class QWidget;

namespace PriorityLab {

class LockstepWorker;
class Simulation;

/// File > Connect to RabbitMQ…: mirrors the running simulation on a real RabbitMQ broker in
/// lockstep (docs/design.md §11) through a LockstepWorker, so that no network I/O happens on the
/// GUI thread. The dialog takes a URL (placeholder amqp://guest:guest@127.0.0.1:5672/) and offers
/// the project's private node (scripts/broker.sh start) in one click when the script and
/// rabbitmq-server are there. The status-bar indicator shows the mirror's state and counts; a lost
/// connection turns it red, names the reason and reconnects on a click.
class RabbitMqConnection : public QObject
{
    Q_OBJECT

public:
    /// Mirrors @p simulation, which must outlive this object.
    explicit RabbitMqConnection(Simulation *simulation, QObject *parent = nullptr);
    ~RabbitMqConnection() override;

    /// File > Connect to RabbitMQ… (opens the dialog; "Disconnect from RabbitMQ" while connected).
    QAction *connectAction() const { return m_action; }
    /// The status-bar indicator (hidden while nothing was ever connected); owned by @p parent.
    QToolButton *statusIndicator(QWidget *parent);

    /// Connects to @p url now, without the dialog (the app's --amqp URL, and Reconnect).
    void connectTo(const QString &url);
    /// The mirror (tests read its status).
    LockstepWorker *worker() const { return m_worker; }
    /// The URL last connected to (password included, never shown), "" before the first.
    QString lastUrl() const { return m_url; }
    /// The indicator's text as shown (tests).
    QString indicatorText() const;

    /// The private node's script, or "" when it or rabbitmq-server is missing.
    static QString brokerScript();

Q_SIGNALS:
    /// The mirror's connection was lost (@p text: the reason and how to reconnect, for an
    /// alarm), or is fine again (@p text empty: reconnecting, disconnected on purpose).
    void connectionAlarmChanged(const QString &text);

private:
    void openDialog(QWidget *parent);
    void updateIndicator();

    LockstepWorker *m_worker;
    QAction *m_action;
    QPointer<QToolButton> m_indicator;  ///< owned by the status bar, which may go first
    QString m_url;  ///< the last URL connected to (with its password, for Reconnect); never shown
    QString m_alarm; ///< the text last sent by connectionAlarmChanged()
};

} // namespace PriorityLab
