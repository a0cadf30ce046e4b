#include "core/analysis/journal.h"

#include <algorithm>

namespace PriorityLab {

namespace {
/// Distinct texts kept for sharing; beyond this the table starts again (texts already stored
/// stay shared by reference count).
constexpr qsizetype maxInternedTexts = 4096;
/// Steps an evicted entry's slot keeps room for (more is freed).
constexpr qsizetype reusedStepCapacity = 16;
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
    // A text with the characters of one seen before is equal to it (the copy kept holds them, so
    // they are neither freed nor changed in place meanwhile): no hashing.
    Recent &recent = m_recentTexts[(quintptr(text.constData()) / sizeof(QChar)) % m_recentTexts.size()];
    if (recent.seen.constData() == text.constData() && recent.seen.size() == text.size())
        return recent.shared;
    auto it = m_texts.constFind(text);
    if (it == m_texts.constEnd()) {
        if (m_texts.size() >= maxInternedTexts)
            m_texts.clear();
        it = m_texts.insert(text);
    }
    recent = {text, *it};
    return *it;
}

void Journal::unlink(qsizetype slot)
{
    Entry &entry = m_slots[size_t(slot)];
    (entry.older >= 0 ? m_slots[size_t(entry.older)].newer : m_oldest) = entry.newer;
    (entry.newer >= 0 ? m_slots[size_t(entry.newer)].older : m_newest) = entry.older;
    entry.older = entry.newer = -1;
}

void Journal::linkNewest(qsizetype slot)
{
    Entry &entry = m_slots[size_t(slot)];
    entry.older = m_newest;
    entry.newer = -1;
    (m_newest >= 0 ? m_slots[size_t(m_newest)].newer : m_oldest) = slot;
    m_newest = slot;
}

void Journal::record(const CycleReport &report)
{
    for (const Event &event : report.events) {
        if (event.type == Event::Type::Dispatched)
            continue;
        const quint64 id = event.message.id;
        qsizetype slot;
        if (const auto found = m_slotOf.constFind(id); found != m_slotOf.constEnd()) {
            slot = *found;
            if (slot != m_newest) {
                unlink(slot);
                linkNewest(slot);
            }
        } else {
            if (!m_freeSlots.empty()) {
                slot = m_freeSlots.back();
                m_freeSlots.pop_back();
            } else {
                slot = qsizetype(m_slots.size());
                m_slots.emplace_back();
            }
            Entry &fresh = m_slots[size_t(slot)];
            fresh.identity = event.message;
            fresh.dropped = 0;
            m_slotOf.insert(id, slot);
            linkNewest(slot);
        }
        Entry &entry = m_slots[size_t(slot)];
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
    // The entry just written is the most recent one: it goes last.
    while ((m_slotOf.size() > m_limits.messages || m_eventCount > m_limits.events) && m_slotOf.size() > 1) {
        const qsizetype slot = m_oldest;
        Entry &entry = m_slots[size_t(slot)];
        unlink(slot);
        m_slotOf.remove(entry.identity.id);
        m_eventCount -= entry.steps.size();
        // The slot is reused by the next new message: its steps keep their memory unless a
        // looping message made them long.
        if (entry.steps.capacity() > reusedStepCapacity)
            entry.steps = QList<Step>();
        else
            entry.steps.clear();
        entry.identity = Message();  // its payload and names are released now
        m_freeSlots.push_back(slot);
        ++m_evicted;
    }
}

void Journal::clear()
{
    m_slotOf.clear();
    std::vector<Entry>().swap(m_slots);
    std::vector<qsizetype>().swap(m_freeSlots);
    m_oldest = m_newest = -1;
    m_texts.clear();
    m_recentTexts.fill(Recent());
    m_eventCount = 0;
    m_evicted = 0;
}

QList<Event> Journal::journey(quint64 id) const
{
    const auto found = m_slotOf.constFind(id);
    if (found == m_slotOf.constEnd())
        return {};
    const Entry *it = &m_slots[size_t(*found)];
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
    const auto found = m_slotOf.constFind(id);
    return found == m_slotOf.constEnd() ? 0 : m_slots[size_t(*found)].dropped;
}

quint64 Journal::revision(quint64 id) const
{
    const auto found = m_slotOf.constFind(id);
    return found == m_slotOf.constEnd() ? 0 : m_slots[size_t(*found)].revision;
}

} // namespace PriorityLab
