#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <set>
#include <utility>

namespace PriorityLab {

/// A blocking AMQP 0-9-1 client for one RabbitMQ connection (channel 1 open, more on request), over rabbitmq-c
/// (librabbitmq, Debian's librabbitmq-dev). It is the only place that talks to the library;
/// the engine never links it. Every call returns false / nothing on failure and leaves the reason
/// in error() ("the broker closed the channel: NOT_FOUND - no queue 'x'", "connection lost:
/// a socket error occurred"); after a connection-level failure every later call fails at once.
/// Not thread-safe: use it from one thread.
class AmqpClient
{
public:
    /// One message taken by get().
    struct Delivery
    {
        quint64 tag = 0;        ///< delivery tag, for ack() and reject()
        QByteArray messageId;   ///< the message-id property ("" when absent)
        QByteArray body;
        int priority = -1;      ///< the priority property, -1 when absent
        bool redelivered = false;
        int channel = 1;        ///< the channel it came on (consume(): the consumer's)
        QList<std::pair<QByteArray, qint64>> headers; ///< the integer headers, in the message's order
        /// Header @p name, or @p fallback when the message has none.
        qint64 header(const QByteArray &name, qint64 fallback) const
        {
            for (const auto &h : headers)
                if (h.first == name)
                    return h.second;
            return fallback;
        }
    };
    /// A header of a published message: name and integer value.
    using Header = std::pair<QByteArray, qint64>;

    /// Connects to @p url (amqp://user:password@host:port/vhost; the default port is 5672),
    /// logs in and opens channel 1, waiting at most @p timeoutMs milliseconds for the socket and
    /// the login. Returns nullptr with @p error set to a sentence naming the URL (password
    /// hidden) and the fix: a malformed URL, a refused connection, a refused login.
    static std::unique_ptr<AmqpClient> connect(const QString &url, QString *error, int timeoutMs = 5000);
    /// @p url with its password replaced by "***", for messages.
    static QString redactedUrl(const QString &url);
    ~AmqpClient();

    AmqpClient(const AmqpClient &) = delete;
    AmqpClient &operator=(const AmqpClient &) = delete;

    /// Declares a non-durable queue. @p maxPriority > 0 makes it a priority queue (argument
    /// x-max-priority, at most 255); a non-empty @p deadLetterExchange sets
    /// x-dead-letter-exchange, where rejected messages go.
    bool declareQueue(const QByteArray &name, int maxPriority = 0, const QByteArray &deadLetterExchange = {});
    /// Declares a non-durable fanout exchange and binds @p queue to it.
    bool declareFanoutTo(const QByteArray &exchange, const QByteArray &queue);
    /// Publishes @p body to @p queue through the default exchange, with the priority property when
    /// @p priority >= 0 (0..255), the message-id property and integer headers.
    bool publish(const QByteArray &queue, const QByteArray &body, int priority, const QByteArray &messageId,
                 const QList<Header> &headers = {});
    /// Puts the channel in confirm mode (confirm.select): RabbitMQ then acknowledges each
    /// publish once the queue holds the message, and waitForConfirms() waits for that.
    bool enableConfirms();
    /// Waits (at most 30 s) until RabbitMQ has confirmed every message published so far, so that
    /// a following basic.get or depth() sees them (a publish is asynchronous inside RabbitMQ).
    /// False on a refused message (basic.nack), a timeout or a lost connection. A no-op without
    /// enableConfirms().
    bool waitForConfirms();
    /// basic.get with acknowledgement: the queue's head, or std::nullopt when the queue is empty
    /// or on failure (then ok is false and error() says why).
    std::optional<Delivery> get(const QByteArray &queue, bool *ok);
    /// basic.ack of delivery @p tag on @p channel.
    bool ack(quint64 tag, int channel = 1);
    /// basic.reject; without @p requeue the message goes to the queue's dead-letter exchange.
    bool reject(quint64 tag, bool requeue, int channel = 1);

    /// Opens channel @p channel (2 and up; 1 is open from the start).
    bool openChannel(int channel);
    /// basic.qos: RabbitMQ hands at most @p prefetch unacknowledged messages (1..65535) to the
    /// consumers of @p channel.
    bool setPrefetch(int channel, int prefetch);
    /// basic.consume with acknowledgements on @p channel from @p queue: RabbitMQ pushes messages,
    /// read with nextDelivery(). Returns the consumer tag, "" on failure.
    QByteArray consume(int channel, const QByteArray &queue);
    /// basic.cancel of consumer @p tag on @p channel. Deliveries RabbitMQ sent before it
    /// confirmed are kept and still come out of nextDelivery().
    bool cancel(int channel, const QByteArray &tag);
    /// The next pushed message of any consume(), waiting at most @p timeoutMs milliseconds:
    /// std::nullopt with ok true when none came in time; ok false on failure (a closed channel,
    /// a lost connection: error() says which).
    std::optional<Delivery> nextDelivery(int timeoutMs, bool *ok);
    /// Messages ready in @p queue (a passive declare), or -1 on failure.
    qint64 depth(const QByteArray &queue);
    bool deleteQueue(const QByteArray &queue);
    bool deleteExchange(const QByteArray &exchange);

    QString error() const { return m_error; }
    bool isBroken() const { return m_broken; }

private:
    AmqpClient() = default;
    bool check(const char *what);

    struct State;
    std::unique_ptr<State> d;
    QString m_error;
    bool m_broken = false;
    bool m_confirms = false;
    quint64 m_published = 0;       ///< messages published since enableConfirms()
    std::set<quint64> m_unconfirmed; ///< their publish sequence numbers not confirmed yet
};

} // namespace PriorityLab
