#include "ui/eventlog/eventlogfiltermodel.h"

#include "ui/eventlog/eventlogmodel.h"

namespace PriorityLab {

EventLogFilterModel::EventLogFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(false);
}

void EventLogFilterModel::setLog(EventLogModel *log)
{
    m_log = log;
    setSourceModel(log);
}

void EventLogFilterModel::setTypeShown(Event::Type type, bool shown)
{
    const quint32 types = shown ? (m_types | bit(type)) : (m_types & ~bit(type));
    if (types == m_types)
        return;
    m_types = types;
    invalidateRowsFilter();
}

void EventLogFilterModel::setConsumer(const QString &name)
{
    if (name == m_consumer)
        return;
    m_consumer = name;
    invalidateRowsFilter();
}

void EventLogFilterModel::setMessageId(quint64 id)
{
    if (id == m_messageId)
        return;
    m_messageId = id;
    invalidateRowsFilter();
}

bool EventLogFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_log || sourceParent.isValid())
        return false;
    const Event &e = m_log->event(sourceRow);
    if (!(m_types & bit(e.type)))
        return false;
    if (m_messageId != 0 && e.message.id != m_messageId)
        return false;
    return m_consumer.isEmpty() || e.consumer == m_consumer;
}

} // namespace PriorityLab
