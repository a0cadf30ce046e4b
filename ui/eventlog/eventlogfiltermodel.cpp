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

template<typename T>
void EventLogFilterModel::setCriterion(T &field, const T &value)
{
    if (value == field)
        return;
    field = value;
    invalidateRowsFilter();
}

void EventLogFilterModel::setTypeShown(Event::Type type, bool shown)
{
    setCriterion(m_types, shown ? (m_types | bit(type)) : (m_types & ~bit(type)));
}

void EventLogFilterModel::setConsumer(const QString &name)
{
    setCriterion(m_consumer, name);
}

void EventLogFilterModel::setMessageId(quint64 id)
{
    setCriterion(m_messageId, id);
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
