#include "core/analysis/journal.h"

#include <algorithm>

namespace PriorityLab {

namespace {
/// Distinct texts kept for sharing; beyond this the table starts again (texts already stored
/// stay shared by reference count).
constexpr qsizetype maxInternedTexts = 4096;
} // namespace

Journal::Journal() : Journal(Limits()) { }

Journal::Journal(Limits limits) : m_limits(limits)
{
    m_limits.messages = std::max<qsizetype>(1, m_limits.messages);
    m_limits.events = std::max<qsizetype>(1, m_limits.events);
    m_limits.eventsPerMessage = std::max<qsizetype>(1, m_limits.eventsPerMessage);
}

Journal::Meta Journal::metaOf(const Message &m)
{
    return {m.priority, m.ttl, m.predicateRuns, m.deliveries, m.requeued};
}

void Journal::applyMeta(Message &m, const Meta &meta)
{
    m.priority = meta.priority;
    m.ttl = meta.ttl;
    m.predicateRuns = meta.predicateRuns;
    m.deliveries = meta.deliveries;
    m.requeued = meta.requeued;
}

QString Journal::intern(const QString &text)
{
    if (text.isEmpty())
        return {};
    const auto it = m_texts.constFind(text);
    if (it != m_texts.constEnd())
        return *it;
    if (m_texts.size() >= maxInternedTexts)
        m_texts.clear();
    m_texts.insert(text);
    return text;
}

void Journal::record(const CycleReport &report)
{
    for (const Event &event : report.events) {
        if (event.type == Event::Type::Dispatched)
            continue;
        const quint64 id = event.message.id;
        auto it = m_entries.find(id);
        if (it == m_entries.end()) {
            m_recency.push_back(id);
            it = m_entries.insert(id, Entry {event.message, {}, 0, 0, std::prev(m_recency.end())});
        } else {
            m_recency.splice(m_recency.end(), m_recency, it->recency);
        }
        Entry &entry = *it;
        Step step;
        step.cycle = event.cycle;
        step.type = event.type;
        step.consumer = intern(event.consumer);
        step.detail = event.detail;
        step.detail.text = intern(event.detail.text);
        step.reason = intern(event.reason);
        step.topic = event.message.topic;
        step.before = metaOf(event.message);
        step.after = (event.type == Event::Type::Postponed || event.type == Event::Type::Failed)
                ? metaOf(event.after)
                : step.before;
        entry.steps.append(std::move(step));
        entry.revision = ++m_revision;
        ++m_eventCount;
        if (entry.steps.size() > m_limits.eventsPerMessage) {
            entry.steps.removeFirst();
            ++entry.dropped;
            --m_eventCount;
        }
        evict();
    }
}

void Journal::evict()
{
    // The entry just written is the most recent one, at the back: it goes last.
    while ((m_entries.size() > m_limits.messages || m_eventCount > m_limits.events)
           && m_recency.size() > 1) {
        const quint64 id = m_recency.front();
        m_recency.pop_front();
        const auto it = m_entries.find(id);
        m_eventCount -= it->steps.size();
        m_entries.erase(it);
        ++m_evicted;
    }
}

void Journal::clear()
{
    m_entries.clear();
    m_recency.clear();
    m_texts.clear();
    m_eventCount = 0;
    m_evicted = 0;
}

QList<Event> Journal::journey(quint64 id) const
{
    const auto it = m_entries.constFind(id);
    if (it == m_entries.constEnd())
        return {};
    QList<Event> events;
    events.reserve(it->steps.size());
    for (const Step &step : it->steps) {
        Event e;
        e.cycle = step.cycle;
        e.type = step.type;
        e.consumer = step.consumer;
        e.reason = step.reason;
        e.detail = step.detail;
        e.message = it->identity;
        e.message.topic = step.topic;
        applyMeta(e.message, step.before);
        if (step.type == Event::Type::Postponed || step.type == Event::Type::Failed) {
            e.after = e.message;
            applyMeta(e.after, step.after);
        }
        events.append(std::move(e));
    }
    return events;
}

qsizetype Journal::droppedEvents(quint64 id) const
{
    const auto it = m_entries.constFind(id);
    return it == m_entries.constEnd() ? 0 : it->dropped;
}

quint64 Journal::revision(quint64 id) const
{
    const auto it = m_entries.constFind(id);
    return it == m_entries.constEnd() ? 0 : it->revision;
}

} // namespace PriorityLab
