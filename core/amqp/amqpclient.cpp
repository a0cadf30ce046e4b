#include "core/amqp/amqpclient.h"

#include <amqp.h>
#include <amqp_tcp_socket.h>

#include <QUrl>

#include <algorithm>

#include <sys/time.h>

namespace PriorityLab {

struct AmqpClient::State
{
    amqp_connection_state_t conn = nullptr;
};

namespace {

constexpr amqp_channel_t Channel = 1;

amqp_bytes_t bytes(const QByteArray &b)
{
    return amqp_bytes_t{size_t(b.size()), const_cast<char *>(b.constData())};
}

QByteArray fromBytes(amqp_bytes_t b)
{
    return QByteArray(static_cast<const char *>(b.bytes), qsizetype(b.len));
}

// The words of a failed RPC: the library's reason, or the code and text the broker closed the
// channel or the connection with.
// A library status in words; a lost connection says so and what to check, since the usual cause
// is a broker that stopped or restarted.
QString libraryError(int status)
{
    const QString text = QString::fromUtf8(amqp_error_string2(status));
    switch (status) {
    case AMQP_STATUS_SOCKET_ERROR:
    case AMQP_STATUS_SOCKET_CLOSED:
    case AMQP_STATUS_CONNECTION_CLOSED:
    case AMQP_STATUS_TCP_ERROR:
    case AMQP_STATUS_HEARTBEAT_TIMEOUT:
        return QStringLiteral("the connection to RabbitMQ was lost (%1); is the broker still running? "
                              "(scripts/broker.sh status, or the server's log)")
                .arg(text);
    default:
        return text;
    }
}

QString describe(const amqp_rpc_reply_t &reply)
{
    switch (reply.reply_type) {
    case AMQP_RESPONSE_NORMAL:
        return {};
    case AMQP_RESPONSE_NONE:
        return QStringLiteral("no reply from the broker");
    case AMQP_RESPONSE_LIBRARY_EXCEPTION:
        return libraryError(reply.library_error);
    case AMQP_RESPONSE_SERVER_EXCEPTION:
        if (reply.reply.id == AMQP_CONNECTION_CLOSE_METHOD) {
            const auto *m = static_cast<const amqp_connection_close_t *>(reply.reply.decoded);
            return QStringLiteral("the broker closed the connection: %1 %2")
                .arg(m->reply_code).arg(QString::fromUtf8(fromBytes(m->reply_text)));
        }
        if (reply.reply.id == AMQP_CHANNEL_CLOSE_METHOD) {
            const auto *m = static_cast<const amqp_channel_close_t *>(reply.reply.decoded);
            return QStringLiteral("the broker closed the channel: %1 %2")
                .arg(m->reply_code).arg(QString::fromUtf8(fromBytes(m->reply_text)));
        }
        return QStringLiteral("the broker answered with method 0x%1").arg(reply.reply.id, 8, 16, QLatin1Char('0'));
    }
    return QStringLiteral("unknown reply");
}

bool isAccessRefused(const amqp_rpc_reply_t &reply)
{
    if (reply.reply_type == AMQP_RESPONSE_SERVER_EXCEPTION && reply.reply.id == AMQP_CONNECTION_CLOSE_METHOD)
        return static_cast<const amqp_connection_close_t *>(reply.reply.decoded)->reply_code == AMQP_ACCESS_REFUSED;
    // rabbitmq-c reports a refused PLAIN login as a socket closed during the handshake.
    return reply.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION
        && reply.library_error == AMQP_STATUS_CONNECTION_CLOSED;
}

// The properties of @p message that a Delivery carries: body, message id, priority, and every
// integer header.
void fill(AmqpClient::Delivery &delivery, const amqp_message_t &message)
{
    delivery.body = fromBytes(message.body);
    const amqp_basic_properties_t &p = message.properties;
    if (p._flags & AMQP_BASIC_MESSAGE_ID_FLAG)
        delivery.messageId = fromBytes(p.message_id);
    if (p._flags & AMQP_BASIC_PRIORITY_FLAG)
        delivery.priority = p.priority;
    if (!(p._flags & AMQP_BASIC_HEADERS_FLAG))
        return;
    for (int i = 0; i < p.headers.num_entries; ++i) {
        const amqp_table_entry_t &e = p.headers.entries[i];
        qint64 value = 0;
        switch (e.value.kind) {
        case AMQP_FIELD_KIND_I8: value = e.value.value.i8; break;
        case AMQP_FIELD_KIND_U8: value = e.value.value.u8; break;
        case AMQP_FIELD_KIND_I16: value = e.value.value.i16; break;
        case AMQP_FIELD_KIND_U16: value = e.value.value.u16; break;
        case AMQP_FIELD_KIND_I32: value = e.value.value.i32; break;
        case AMQP_FIELD_KIND_U32: value = e.value.value.u32; break;
        case AMQP_FIELD_KIND_I64: value = e.value.value.i64; break;
        default: continue;   // not an integer: not one of ours
        }
        delivery.headers.append({fromBytes(e.key), value});
    }
}

} // namespace

QString AmqpClient::redactedUrl(const QString &url)
{
    QUrl u(url);
    if (!u.isValid() || u.password().isEmpty())
        return url;
    u.setPassword(QStringLiteral("***"));
    return u.toString();
}

std::unique_ptr<AmqpClient> AmqpClient::connect(const QString &url, QString *error, int timeoutMs)
{
    const QString shown = redactedUrl(url);
    QByteArray buffer = url.toUtf8();   // amqp_parse_url points into it
    amqp_connection_info info;
    if (!url.startsWith(QLatin1String("amqp://")) || amqp_parse_url(buffer.data(), &info) != AMQP_STATUS_OK) {
        *error = QStringLiteral("%1 is not an AMQP URL: write amqp://user:password@host:port/ "
                                "(e.g. amqp://guest:guest@127.0.0.1:5672/)").arg(shown);
        return nullptr;
    }
    // "amqp://host:port/" names the default virtual host "/" here, as most clients read it
    // (the AMQP URI specification reads it as ""; write %2f or the name for any other host).
    if (info.vhost == nullptr || *info.vhost == '\0')
        info.vhost = const_cast<char *>("/");
    std::unique_ptr<AmqpClient> client(new AmqpClient);
    client->d = std::make_unique<State>();
    amqp_connection_state_t conn = amqp_new_connection();
    client->d->conn = conn;
    amqp_socket_t *socket = amqp_tcp_socket_new(conn);
    timeval timeout{timeoutMs / 1000, (timeoutMs % 1000) * 1000};
    if (!socket) {
        *error = QStringLiteral("could not create a socket for %1").arg(shown);
        client->m_broken = true;
        return nullptr;
    }
    if (int status = amqp_socket_open_noblock(socket, info.host, info.port, &timeout); status != AMQP_STATUS_OK) {
        *error = QStringLiteral("could not connect to %1: %2. Is a RabbitMQ broker running there? "
                                "Start a private one with scripts/broker.sh start, which prints its URL.")
                     .arg(shown, QString::fromUtf8(amqp_error_string2(status)));
        client->m_broken = true;   // nothing to close: the destructor only frees
        return nullptr;
    }
    amqp_set_handshake_timeout(conn, &timeout);
    timeval rpcTimeout{30, 0};
    amqp_set_rpc_timeout(conn, &rpcTimeout);
    const amqp_rpc_reply_t login = amqp_login(conn, info.vhost, 0, 131072, 0, AMQP_SASL_METHOD_PLAIN,
                                              info.user, info.password);
    if (login.reply_type != AMQP_RESPONSE_NORMAL) {
        *error = isAccessRefused(login)
            ? QStringLiteral("%1 refused the login (%2): check the user name, the password and the "
                             "virtual host in the URL (RabbitMQ's guest user may only log in from "
                             "127.0.0.1)").arg(shown, describe(login))
            : QStringLiteral("could not log in to %1: %2").arg(shown, describe(login));
        client->m_broken = true;
        return nullptr;
    }
    amqp_channel_open(conn, Channel);
    if (const amqp_rpc_reply_t r = amqp_get_rpc_reply(conn); r.reply_type != AMQP_RESPONSE_NORMAL) {
        *error = QStringLiteral("could not open a channel on %1: %2").arg(shown, describe(r));
        client->m_broken = true;
        return nullptr;
    }
    return client;
}

AmqpClient::~AmqpClient()
{
    if (!d || !d->conn)
        return;
    if (!m_broken) {
        amqp_channel_close(d->conn, Channel, AMQP_REPLY_SUCCESS);
        amqp_connection_close(d->conn, AMQP_REPLY_SUCCESS);
    }
    amqp_destroy_connection(d->conn);
}

bool AmqpClient::check(const char *what)
{
    const amqp_rpc_reply_t r = amqp_get_rpc_reply(d->conn);
    if (r.reply_type == AMQP_RESPONSE_NORMAL)
        return true;
    m_error = QStringLiteral("%1: %2").arg(QLatin1String(what), describe(r));
    m_broken = true;   // a closed channel or connection ends the session
    return false;
}

bool AmqpClient::declareQueue(const QByteArray &name, int maxPriority, const QByteArray &deadLetterExchange)
{
    if (m_broken)
        return false;
    amqp_table_entry_t entries[2];
    int n = 0;
    if (maxPriority > 0) {
        entries[n].key = amqp_cstring_bytes("x-max-priority");
        entries[n].value.kind = AMQP_FIELD_KIND_I32;
        entries[n].value.value.i32 = std::min(maxPriority, 255);
        ++n;
    }
    if (!deadLetterExchange.isEmpty()) {
        entries[n].key = amqp_cstring_bytes("x-dead-letter-exchange");
        entries[n].value.kind = AMQP_FIELD_KIND_UTF8;
        entries[n].value.value.bytes = bytes(deadLetterExchange);
        ++n;
    }
    amqp_queue_declare(d->conn, Channel, bytes(name), 0, 0, 0, 0, amqp_table_t{n, entries});
    return check("declaring the queue");
}

bool AmqpClient::declareFanoutTo(const QByteArray &exchange, const QByteArray &queue)
{
    if (m_broken)
        return false;
    amqp_exchange_declare(d->conn, Channel, bytes(exchange), amqp_cstring_bytes("fanout"), 0, 0, 0, 0,
                          amqp_empty_table);
    if (!check("declaring the dead-letter exchange"))
        return false;
    amqp_queue_bind(d->conn, Channel, bytes(queue), bytes(exchange), amqp_empty_bytes, amqp_empty_table);
    return check("binding the dead-letter queue");
}

bool AmqpClient::publish(const QByteArray &queue, const QByteArray &body, int priority,
                         const QByteArray &messageId, const QList<Header> &headers)
{
    if (m_broken)
        return false;
    std::vector<amqp_table_entry_t> entries(size_t(headers.size()));
    for (qsizetype i = 0; i < headers.size(); ++i) {
        entries[size_t(i)].key = bytes(headers[i].first);
        entries[size_t(i)].value.kind = AMQP_FIELD_KIND_I64;
        entries[size_t(i)].value.value.i64 = headers[i].second;
    }
    amqp_basic_properties_t props{};
    props._flags = AMQP_BASIC_MESSAGE_ID_FLAG | AMQP_BASIC_HEADERS_FLAG;
    props.message_id = bytes(messageId);
    props.headers = amqp_table_t{int(entries.size()), entries.data()};
    if (priority >= 0) {
        props._flags |= AMQP_BASIC_PRIORITY_FLAG;
        props.priority = uint8_t(std::min(priority, 255));
    }
    const int status = amqp_basic_publish(d->conn, Channel, amqp_empty_bytes, bytes(queue), 0, 0, &props,
                                          bytes(body));
    if (status != AMQP_STATUS_OK) {
        m_error = QStringLiteral("publishing: %1").arg(libraryError(status));
        m_broken = true;
        return false;
    }
    if (m_confirms)
        m_unconfirmed.insert(++m_published);
    return true;
}

bool AmqpClient::enableConfirms()
{
    if (m_broken)
        return false;
    amqp_confirm_select_t request{0};
    amqp_simple_rpc_decoded(d->conn, Channel, AMQP_CONFIRM_SELECT_METHOD, AMQP_CONFIRM_SELECT_OK_METHOD, &request);
    if (!check("confirm.select"))
        return false;
    m_confirms = true;
    m_published = 0;
    m_unconfirmed.clear();
    return true;
}

bool AmqpClient::waitForConfirms()
{
    while (m_confirms && !m_broken && !m_unconfirmed.empty()) {
        amqp_frame_t frame;
        timeval timeout{30, 0};
        const int status = amqp_simple_wait_frame_noblock(d->conn, &frame, &timeout);
        if (status != AMQP_STATUS_OK) {
            m_error = QStringLiteral("waiting for publisher confirms: %1").arg(libraryError(status));
            m_broken = true;
            return false;
        }
        if (frame.frame_type != AMQP_FRAME_METHOD || frame.channel != Channel)
            continue;
        switch (frame.payload.method.id) {
        case AMQP_BASIC_ACK_METHOD: {
            const auto *ack = static_cast<const amqp_basic_ack_t *>(frame.payload.method.decoded);
            // One message, or (multiple) every one up to the tag; messages routed to different
            // queues may be confirmed out of order.
            if (ack->multiple)
                m_unconfirmed.erase(m_unconfirmed.begin(), m_unconfirmed.upper_bound(ack->delivery_tag));
            else
                m_unconfirmed.erase(ack->delivery_tag);
            break;
        }
        case AMQP_BASIC_NACK_METHOD:
            m_error = QStringLiteral("RabbitMQ refused a published message (basic.nack)");
            m_broken = true;
            return false;
        case AMQP_CHANNEL_CLOSE_METHOD:
        case AMQP_CONNECTION_CLOSE_METHOD:
            m_error = QStringLiteral("the broker closed the channel while confirming publishes");
            m_broken = true;
            return false;
        default:
            break;
        }
    }
    amqp_maybe_release_buffers(d->conn);
    return !m_broken;
}

std::optional<AmqpClient::Delivery> AmqpClient::get(const QByteArray &queue, bool *ok)
{
    *ok = false;
    // Every publish is in its queue first, and no confirm frame waits to be read in between.
    if (!waitForConfirms())
        return std::nullopt;
    const amqp_rpc_reply_t r = amqp_basic_get(d->conn, Channel, bytes(queue), 0);
    if (r.reply_type != AMQP_RESPONSE_NORMAL) {
        m_error = QStringLiteral("basic.get: %1").arg(describe(r));
        m_broken = true;
        return std::nullopt;
    }
    if (r.reply.id == AMQP_BASIC_GET_EMPTY_METHOD) {
        *ok = true;
        return std::nullopt;
    }
    const auto *getOk = static_cast<const amqp_basic_get_ok_t *>(r.reply.decoded);
    Delivery delivery;
    delivery.tag = getOk->delivery_tag;
    delivery.redelivered = getOk->redelivered;
    amqp_message_t message;
    const amqp_rpc_reply_t read = amqp_read_message(d->conn, Channel, &message, 0);
    if (read.reply_type != AMQP_RESPONSE_NORMAL) {
        m_error = QStringLiteral("reading a message: %1").arg(describe(read));
        m_broken = true;
        return std::nullopt;
    }
    fill(delivery, message);
    amqp_destroy_message(&message);
    amqp_maybe_release_buffers(d->conn);
    *ok = true;
    return delivery;
}

bool AmqpClient::ack(quint64 tag, int channel)
{
    if (m_broken)
        return false;
    if (int status = amqp_basic_ack(d->conn, amqp_channel_t(channel), tag, 0); status != AMQP_STATUS_OK) {
        m_error = QStringLiteral("basic.ack: %1").arg(libraryError(status));
        m_broken = true;
        return false;
    }
    return true;
}

bool AmqpClient::reject(quint64 tag, bool requeue, int channel)
{
    if (m_broken)
        return false;
    if (int status = amqp_basic_reject(d->conn, amqp_channel_t(channel), tag, requeue); status != AMQP_STATUS_OK) {
        m_error = QStringLiteral("basic.reject: %1").arg(libraryError(status));
        m_broken = true;
        return false;
    }
    return true;
}

qint64 AmqpClient::depth(const QByteArray &queue)
{
    if (!waitForConfirms())
        return -1;
    const amqp_queue_declare_ok_t *ok = amqp_queue_declare(d->conn, Channel, bytes(queue), 1, 0, 0, 0,
                                                           amqp_empty_table);
    if (!check("reading the queue depth") || !ok)
        return -1;
    return qint64(ok->message_count);
}

bool AmqpClient::deleteQueue(const QByteArray &queue)
{
    if (m_broken)
        return false;
    amqp_queue_delete(d->conn, Channel, bytes(queue), 0, 0);
    return check("deleting the queue");
}

bool AmqpClient::deleteExchange(const QByteArray &exchange)
{
    if (m_broken)
        return false;
    amqp_exchange_delete(d->conn, Channel, bytes(exchange), 0);
    return check("deleting the exchange");
}

bool AmqpClient::openChannel(int channel)
{
    if (m_broken)
        return false;
    amqp_channel_open(d->conn, amqp_channel_t(channel));
    return check("opening a channel");
}

bool AmqpClient::setPrefetch(int channel, int prefetch)
{
    if (m_broken)
        return false;
    amqp_basic_qos(d->conn, amqp_channel_t(channel), 0, uint16_t(std::clamp(prefetch, 1, 65535)), 0);
    return check("basic.qos");
}

QByteArray AmqpClient::consume(int channel, const QByteArray &queue)
{
    if (m_broken)
        return {};
    const amqp_basic_consume_ok_t *ok = amqp_basic_consume(d->conn, amqp_channel_t(channel), bytes(queue),
                                                           amqp_empty_bytes, 0, 0, 0, amqp_empty_table);
    if (!check("basic.consume") || !ok)
        return {};
    return fromBytes(ok->consumer_tag);
}

bool AmqpClient::cancel(int channel, const QByteArray &tag)
{
    if (m_broken)
        return false;
    amqp_basic_cancel(d->conn, amqp_channel_t(channel), bytes(tag));
    return check("basic.cancel");
}

std::optional<AmqpClient::Delivery> AmqpClient::nextDelivery(int timeoutMs, bool *ok)
{
    *ok = false;
    if (m_broken)
        return std::nullopt;
    amqp_maybe_release_buffers(d->conn);
    amqp_envelope_t envelope;
    timeval timeout{timeoutMs / 1000, (timeoutMs % 1000) * 1000};
    const amqp_rpc_reply_t r = amqp_consume_message(d->conn, &envelope, &timeout, 0);
    if (r.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION && r.library_error == AMQP_STATUS_TIMEOUT) {
        *ok = true;
        return std::nullopt;
    }
    if (r.reply_type == AMQP_RESPONSE_LIBRARY_EXCEPTION && r.library_error == AMQP_STATUS_UNEXPECTED_STATE) {
        // A frame other than a delivery: a closed channel or connection ends the session, anything
        // else (a basic.cancel-ok read late, a heartbeat) is passed over.
        amqp_frame_t frame;
        const int status = amqp_simple_wait_frame(d->conn, &frame);
        if (status != AMQP_STATUS_OK) {
            m_error = QStringLiteral("waiting for deliveries: %1").arg(libraryError(status));
            m_broken = true;
            return std::nullopt;
        }
        if (frame.frame_type == AMQP_FRAME_METHOD
            && (frame.payload.method.id == AMQP_CHANNEL_CLOSE_METHOD
                || frame.payload.method.id == AMQP_CONNECTION_CLOSE_METHOD)) {
            m_error = QStringLiteral("the broker closed the channel of a consumer");
            m_broken = true;
            return std::nullopt;
        }
        *ok = true;
        return std::nullopt;
    }
    if (r.reply_type != AMQP_RESPONSE_NORMAL) {
        m_error = QStringLiteral("waiting for deliveries: %1").arg(describe(r));
        m_broken = true;
        return std::nullopt;
    }
    Delivery delivery;
    delivery.tag = envelope.delivery_tag;
    delivery.redelivered = envelope.redelivered;
    delivery.channel = envelope.channel;
    fill(delivery, envelope.message);
    amqp_destroy_envelope(&envelope);
    *ok = true;
    return delivery;
}

} // namespace PriorityLab
