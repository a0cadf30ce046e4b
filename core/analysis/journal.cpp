#include "core/analysis/journal.h"

#include <algorithm>
#include <bit>

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

qsizetype Journal::SlotMap::find(quint64 id) const
{
    if (m_cells.empty())
        return -1;
    const size_t mask = m_cells.size() - 1;
    for (size_t i = home(id);; i = (i + 1) & mask) {
        const Cell &cell = m_cells[i];
        if (cell.slot < 0)
            return -1;
        if (cell.id == id)
            return cell.slot;
    }
}

void Journal::SlotMap::insert(quint64 id, qsizetype slot)
{
    if (size_t(m_size + 1) * 2 > m_cells.size())
        grow();
    const size_t mask = m_cells.size() - 1;
    size_t i = home(id);
    while (m_cells[i].slot >= 0)
        i = (i + 1) & mask;
    m_cells[i] = {id, slot};
    ++m_size;
}

void Journal::SlotMap::remove(quint64 id)
{
    const size_t mask = m_cells.size() - 1;
    size_t i = home(id);
    while (m_cells[i].id != id || m_cells[i].slot < 0)
        i = (i + 1) & mask;
    // Shift back the cells after it that would no longer be found past the hole.
    for (size_t j = (i + 1) & mask; m_cells[j].slot >= 0; j = (j + 1) & mask) {
        const size_t want = home(m_cells[j].id);
        // Cell j may move into hole i unless its home lies cyclically in (i, j].
        if (((j - want) & mask) >= ((j - i) & mask)) {
            m_cells[i] = m_cells[j];
            i = j;
        }
    }
    m_cells[i] = Cell();
    --m_size;
}

void Journal::SlotMap::clear()
{
    std::vector<Cell>().swap(m_cells);
    m_shift = 64;
    m_size = 0;
}

void Journal::SlotMap::grow()
{
    std::vector<Cell> old;
    old.swap(m_cells);
    const size_t cells = std::max<size_t>(64, old.size() * 2);
    m_cells.assign(cells, Cell());
    m_shift = 64 - std::countr_zero(cells);
    m_size = 0;
    for (const Cell &cell : old) {
        if (cell.slot >= 0)
            insert(cell.id, cell.slot);
    }
}

void Journal::record(const CycleReport &report)
{
    for (const Event &event : report.events) {
        if (event.type == Event::Type::Dispatched)
            continue;
        const quint64 id = event.message.id;
        qsizetype slot = m_slotOf.find(id);
        if (slot >= 0) {
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
        // Written in place: no Step is built and moved.
        Step &step = entry.steps.emplace_back();
        step.cycle = event.cycle;
        step.type = event.type;
        step.consumer = intern(event.consumer);
        step.detail.words = event.detail.words;
        step.detail.values = event.detail.values;
        step.detail.text = intern(event.detail.text);
        step.reason = intern(event.reason);
        step.topic = event.message.topic;
        step.before = metaOf(event.message);
        step.after = (event.type == Event::Type::Postponed || event.type == Event::Type::Failed)
                ? metaOf(event.after)
                : step.before;
        entry.revision = ++m_revision;
        ++m_eventCount;
        if (entry.steps.size() > m_limits.eventsPerMessage) {
            entry.steps.removeFirst();
            ++entry.dropped;
            --m_eventCount;
        }
        if (m_slotOf.size() > m_limits.messages || m_eventCount > m_limits.events)
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
    const qsizetype slot = m_slotOf.find(id);
    if (slot < 0)
        return {};
    const Entry *it = &m_slots[size_t(slot)];
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
    const qsizetype slot = m_slotOf.find(id);
    return slot < 0 ? 0 : m_slots[size_t(slot)].dropped;
}

quint64 Journal::revision(quint64 id) const
{
    const qsizetype slot = m_slotOf.find(id);
    return slot < 0 ? 0 : m_slots[size_t(slot)].revision;
}

} // namespace PriorityLab
