#include "core/analysis/journal.h"

#include "core/model/prefetch.h"

#include <QMutex>
#include <QMutexLocker>
#include <QThread>
#include <QWaitCondition>

#include <algorithm>
#include <bit>
#include <deque>
#include <type_traits>

namespace PriorityLab {

namespace {
/// Distinct texts the table holds before its first compaction (Journal::compactTexts()).
constexpr size_t maxTexts = 4096;
/// Texts one event numbers: consumer, reason, explanation text.
constexpr size_t textsPerEvent = 3;
/// Steps an evicted entry's slot keeps room for (more is freed).
constexpr qsizetype reusedStepCapacity = 16;
/// Events recordEvents() looks ahead to ask for their message's cell in the id map: far enough for the
/// load to arrive before it is needed, near enough for it to be still in the cache.
constexpr qsizetype lookAhead = 8;
/// Evictions Journal::prefetchVictim() looks ahead, for the same reason.
constexpr qsizetype victimLookAhead = 8;
} // namespace

/// The journal's thread and what waits for it. Lists are handed over by record() and taken by
/// runFeed() in order; pendingEvents counts the events of both until recorded.
struct Journal::Feed
{
    QMutex mutex;
    QWaitCondition work;     ///< the journal's thread waits here for a list (or stop)
    QWaitCondition settled;  ///< record(), settle() and clear() wait here for lists to be recorded
    std::deque<QList<Event>> pending;  ///< handed over, not taken yet
    qsizetype pendingEvents = 0;       ///< events handed over and not recorded (taken ones too)
    bool stop = false;
    std::unique_ptr<QThread> thread;
};

Journal::Journal() : Journal(Limits()) { }

Journal::Journal(Limits limits) : m_limits(limits)
{
    m_limits.messages = std::max<qsizetype>(1, m_limits.messages);
    m_limits.events = std::max<qsizetype>(1, m_limits.events);
    m_limits.eventsPerMessage = std::max<qsizetype>(1, m_limits.eventsPerMessage);
    m_texts.emplace_back();  // number 0: the empty text
    m_compactTextsAt = maxTexts;
    // A step is written, dropped and evicted without touching a reference count (docs/design.md §9).
    static_assert(std::is_trivially_copyable_v<Step> && sizeof(Step) <= 88,
                  "a journal step is plain data of at most 88 bytes");
}

Journal::~Journal()
{
    if (!m_feed)
        return;
    {
        const QMutexLocker lock(&m_feed->mutex);
        m_feed->stop = true;
        m_feed->work.wakeAll();
    }
    m_feed->thread->wait();
}

void Journal::runFeed()
{
    Feed &feed = *m_feed;
    QMutexLocker lock(&feed.mutex);
    for (;;) {
        while (feed.pending.empty() && !feed.stop)
            feed.work.wait(&feed.mutex);
        if (feed.stop)
            return;
        QList<Event> events = std::move(feed.pending.front());
        feed.pending.pop_front();
        lock.unlock();
        recordEvents(events);
        const qsizetype recorded = events.size();
        events = QList<Event>();  // the last holder frees the list: here, or the views later
        lock.relock();
        feed.pendingEvents -= recorded;
        feed.settled.wakeAll();
    }
}

void Journal::settle() const
{
    if (!m_feed)
        return;
    QMutexLocker lock(&m_feed->mutex);
    while (m_feed->pendingEvents > 0)
        m_feed->settled.wait(&m_feed->mutex);
}

quint32 Journal::nonEmptyTextNumber(const QString &text)
{
    // A text with the characters of one seen before is equal to it (the copy kept holds them, so
    // they are neither freed nor changed in place meanwhile): no hashing.
    Recent &recent = m_recentTexts[(quintptr(text.constData()) / sizeof(QChar)) % m_recentTexts.size()];
    if (recent.seen.constData() == text.constData() && recent.seen.size() == text.size())
        return recent.number;
    quint32 number;
    if (const auto it = m_textNumbers.constFind(text); it != m_textNumbers.constEnd()) {
        number = *it;
    } else {
        number = quint32(m_texts.size());
        m_texts.push_back(text);
        m_textNumbers.insert(text, number);
    }
    recent = {text, number};
    return number;
}

void Journal::compactTexts()
{
    std::vector<quint32> renumbered(m_texts.size(), 0);  // old number -> new; 0: not kept (yet)
    std::vector<QString> kept;
    kept.emplace_back();
    const auto keep = [&](quint32 &number) {
        if (number == 0)
            return;
        if (renumbered[number] == 0) {
            renumbered[number] = quint32(kept.size());
            kept.push_back(std::move(m_texts[number]));
        }
        number = renumbered[number];
    };
    for (Entry &entry : m_slots) {
        for (Step &step : entry.steps) {
            keep(step.consumer);
            keep(step.reason);
            keep(step.detailText);
        }
    }
    m_texts = std::move(kept);
    m_textNumbers.clear();
    for (size_t i = 1; i < m_texts.size(); ++i)
        m_textNumbers.insert(m_texts[i], quint32(i));
    m_recentTexts.fill(Recent());
    m_compactTextsAt = std::max(maxTexts, 2 * m_texts.size());
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
    const qsizetype count = report.events.size();
    if (count == 0)
        return;
    if (!m_feed) {
        m_feed = std::make_unique<Feed>();
        m_feed->thread.reset(QThread::create([this] { runFeed(); }));
        m_feed->thread->setObjectName(QStringLiteral("journal"));
        m_feed->thread->start();
    }
    QMutexLocker lock(&m_feed->mutex);
    // Bounded: one list is always taken, however long.
    while (m_feed->pendingEvents > 0 && m_feed->pendingEvents + count > maxPendingEvents)
        m_feed->settled.wait(&m_feed->mutex);
    m_feed->pending.push_back(report.events);
    m_feed->pendingEvents += count;
    m_feed->work.wakeOne();
}

void Journal::recordEvents(const QList<Event> &events)
{
    for (qsizetype i = 0; i < events.size(); ++i) {
        // A dispatched event's message is the one its decision, a few events on, looks up: asked
        // for once, at the decision.
        if (i + lookAhead < events.size() && events[i + lookAhead].type != Event::Type::Dispatched)
            m_slotOf.prefetch(events[i + lookAhead].message.id);
        const Event &event = events[i];
        if (event.type == Event::Type::Dispatched)
            continue;
        // Between events, so that no text number is held in a local while they change.
        if (m_texts.size() + textsPerEvent > m_compactTextsAt)
            compactTexts();
        // Built first and copied into the entry's steps once, after the id's lookup: written field
        // by field there (after clearing it), the processor waited for that memory, mostly out of
        // the cache; copied at once from a step just built, it waited for the step's own writes.
        Step step;
        step.cycle = event.cycle;
        step.type = event.type;
        step.consumer = textNumber(event.consumer);
        step.words = event.detail.words;
        step.values = event.detail.values;
        step.detailText = textNumber(event.detail.text);
        step.reason = textNumber(event.reason);
        step.topic = event.message.topic;
        step.before = MessageMeta::of(event.message);
        step.after = (event.type == Event::Type::Postponed || event.type == Event::Type::Failed)
                ? event.after
                : step.before;
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
            // A reused slot still holds its evicted message: most messages share their payload's
            // template and producer with it, so this assignment mostly touches no reference count.
            fresh.identity = event.message;
            fresh.dropped = 0;
            m_slotOf.insert(id, slot);
            linkNewest(slot);
        }
        Entry &entry = m_slots[size_t(slot)];
        entry.steps.append(step);
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
        // The identity stays until the slot is reused (recordEvents()): releasing it here and taking the
        // next message's there would touch its payload's reference count twice. Nothing reads an
        // evicted entry's identity; clear() releases them all.
        m_freeSlots.push_back(slot);
        ++m_evicted;
        prefetchVictim();
    }
}

void Journal::prefetchVictim() const
{
    if (m_oldest < 0)
        return;
    // A slot is reused by the next new message as soon as its entry is evicted, so the entries
    // are mostly evicted in the order of their slots: the entry victimLookAhead slots after the
    // victim is likely to be evicted that many evictions later. Ask for its id's cell and its
    // steps' memory (the list's header sits just before its elements) now. A wrong guess costs
    // a useless load. With 20,000 messages kept, the id map (1 MB) and the entries (3 MB) are
    // mostly out of the cache: these loads were most of a cycle's journal (docs/design.md §9).
    // Reading that entry's id and steps waited for the entry itself, out of the cache as well:
    // the entry another victimLookAhead slots on is asked for here, to be read then.
    const size_t slotCount = m_slots.size();
    const auto slotAfter = [slotCount](size_t slot) {
        slot += victimLookAhead;
        while (slot >= slotCount)  // a wrap without a division (a wait of its own here)
            slot -= slotCount;
        return slot;
    };
    const size_t laterSlot = slotAfter(size_t(m_oldest));
    const Entry &farther = m_slots[slotAfter(laterSlot)];
    prefetch(&farther.identity.id);
    prefetch(&farther.steps);
    const Entry &later = m_slots[laterSlot];
    m_slotOf.prefetch(later.identity.id);
    if (!later.steps.isEmpty()) {
        const quintptr steps = quintptr(later.steps.constData());
        prefetch(reinterpret_cast<const void *>(steps - 16));
        prefetch(reinterpret_cast<const void *>(steps));
    }
}

void Journal::clear()
{
    if (m_feed) {
        QMutexLocker lock(&m_feed->mutex);
        for (const QList<Event> &events : m_feed->pending)
            m_feed->pendingEvents -= events.size();
        m_feed->pending.clear();
        while (m_feed->pendingEvents > 0)  // the list being recorded
            m_feed->settled.wait(&m_feed->mutex);
    }
    m_slotOf.clear();
    std::vector<Entry>().swap(m_slots);
    std::vector<qsizetype>().swap(m_freeSlots);
    m_oldest = m_newest = -1;
    std::vector<QString>(1).swap(m_texts);  // number 0: the empty text
    m_textNumbers.clear();
    m_compactTextsAt = maxTexts;
    m_recentTexts.fill(Recent());
    m_eventCount = 0;
    m_evicted = 0;
}

QList<Event> Journal::journey(quint64 id) const
{
    settle();
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
        e.consumer = m_texts[step.consumer];
        e.reason = m_texts[step.reason];
        e.detail = Explanation(step.words, step.values, m_texts[step.detailText]);
        e.message = it->identity;
        e.message.topic = step.topic;
        step.before.applyTo(e.message);
        if (step.type == Event::Type::Postponed || step.type == Event::Type::Failed)
            e.after = step.after;
        events.append(std::move(e));
    }
    return events;
}

qsizetype Journal::droppedEvents(quint64 id) const
{
    settle();
    const qsizetype slot = m_slotOf.find(id);
    return slot < 0 ? 0 : m_slots[size_t(slot)].dropped;
}

quint64 Journal::revision(quint64 id) const
{
    settle();
    const qsizetype slot = m_slotOf.find(id);
    return slot < 0 ? 0 : m_slots[size_t(slot)].revision;
}

bool Journal::contains(quint64 id) const
{
    settle();
    return m_slotOf.find(id) >= 0;
}

qsizetype Journal::messageCount() const
{
    settle();
    return m_slotOf.size();
}

qsizetype Journal::eventCount() const
{
    settle();
    return m_eventCount;
}

qint64 Journal::evictedCount() const
{
    settle();
    return m_evicted;
}

} // namespace PriorityLab
