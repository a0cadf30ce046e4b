#pragma once

#include "core/model/events.h"

#include <QSortFilterProxyModel>

namespace PriorityLab {

class EventLogModel;

/// Filters the event log by event type, consumer and message id, all at once:
/// a row is shown when its type is enabled AND (no consumer filter or its consumer matches) AND
/// (no message filter or its message id matches). It reads the events straight from its
/// EventLogModel, so filtering 50,000 rows costs a few milliseconds and adding a batch only
/// tests the new rows. Never sorts: the log stays in time order.
class EventLogFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit EventLogFilterModel(QObject *parent = nullptr);

    /// The log to filter; it must outlive this model.
    void setLog(EventLogModel *log);

    /// Whether events of @p type are shown (all are by default).
    void setTypeShown(Event::Type type, bool shown);
    bool isTypeShown(Event::Type type) const { return m_types & bit(type); }

    /// Shows only the events of consumer @p name; empty = every consumer (and produced events).
    void setConsumer(const QString &name);
    QString consumer() const { return m_consumer; }

    /// Shows only the events of message @p id; 0 = every message.
    void setMessageId(quint64 id);
    quint64 messageId() const { return m_messageId; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    static quint32 bit(Event::Type type) { return 1u << quint32(type); }
    /// Sets the criterion @p field (the types shown, the consumer, the message id) to @p value;
    /// if that changes it, filters the rows again.
    template<typename T>
    void setCriterion(T &field, const T &value);

    EventLogModel *m_log = nullptr;
    quint32 m_types = 0xffffffffu;
    QString m_consumer;
    quint64 m_messageId = 0;
};

} // namespace PriorityLab
