#pragma once

#include "core/engine/indexiterator.h"

#include <QTypeInfo>
#include <QtGlobal>

#include <algorithm>
#include <cstring>

#include <memory>
#include <new>
#include <utility>

namespace PriorityLab {

/// The storage of a RingQueue's slots. A block of at least HugeBlockBytes is aligned to 2 MiB,
/// taken in whole 2 MiB pages (rounded up) and advised as transparent huge pages (Linux,
/// madvise; elsewhere or when refused an ordinary block): a ring of a million messages (80 MiB)
/// then takes about 45 page faults instead of 22,000, which were half the cost of producing it,
/// and its random reads miss the TLB less.
namespace RingStorage {
constexpr size_t HugeBlockBytes = size_t(4) << 20;
/// A block of @p bytes aligned to @p alignment (at least); release it with release() and the
/// same arguments.
void *allocate(size_t bytes, size_t alignment);
/// Frees a block of allocate(@p bytes, @p alignment); null is ignored.
void release(void *block, size_t bytes, size_t alignment) noexcept;
/// Advises the whole 2 MiB pages inside [@p begin, @p begin + @p bytes) as transparent huge
/// pages, for a large buffer another allocator made (a QList's): its pages not yet touched then
/// come 2 MiB at a time. Only from HugeBlockBytes on (smaller: nothing); Linux only, advice only.
void adviseHugePages(void *begin, size_t bytes) noexcept;
} // namespace RingStorage

/// A FIFO queue on one ring of slots: push_back at the tail, pop_front at the head, O(1) random
/// access by position from the head. Unlike std::deque it allocates only when it grows, never
/// per few elements, so a broker that takes and requeues millions of messages does not churn the
/// allocator (see bench/). Capacity is kept when it shrinks.
/// Its capacity is any count, not a power of two: a reserve() for a known number of arrivals
/// takes that many slots, not up to twice as many (10 million messages of 80 bytes: 800 MB, not
/// 1.34 GB; once postponed messages go round the ring every slot is written, so every slot is
/// memory the process touches, docs/design.md §9). Positions wrap by a compare, not a mask.
template<typename T>
class RingQueue
{
public:
    RingQueue() = default;
    RingQueue(const RingQueue &) = delete;
    RingQueue &operator=(const RingQueue &) = delete;
    RingQueue(RingQueue &&other) noexcept { swap(other); }
    RingQueue &operator=(RingQueue &&other) noexcept
    {
        RingQueue(std::move(other)).swap(*this);
        return *this;
    }
    ~RingQueue()
    {
        clear();
        RingStorage::release(m_slots, sizeof(T) * size_t(capacity()), alignof(T));
    }

    qsizetype size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    qsizetype capacity() const { return m_capacity; }

    /// The element at @p index from the head (0 = front). Undefined if out of range.
    T &operator[](qsizetype index) { return m_slots[wrap(m_head + index)]; }
    const T &operator[](qsizetype index) const { return m_slots[wrap(m_head + index)]; }
    T &front() { return m_slots[m_head]; }

    /// Forward iteration from the head, for range-for loops.
    using iterator = IndexIterator<RingQueue, T>;
    using const_iterator = IndexIterator<const RingQueue, const T>;
    iterator begin() { return {this, 0}; }
    iterator end() { return {this, m_size}; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, m_size}; }

    void push_back(T &&value)
    {
        if (m_size == capacity())
            grow(capacity() * 2);
        new (&m_slots[wrap(m_head + m_size)]) T(std::move(value));
        ++m_size;
    }

    void pop_front()
    {
        m_slots[m_head].~T();
        advanceHead();
        --m_size;
    }

    /// Moves the head to the tail of @p target (which may be this queue) by copying its bytes
    /// once: pop_front() and target.push_back() in one, without a move out into a temporary and
    /// a move back in. Only for relocatable elements (Q_DECLARE_TYPEINFO). Onto this queue it
    /// never grows: when the ring is full, the head's slot is the tail's and nothing is copied.
    /// Undefined if empty.
    void relocateFrontTo(RingQueue &target)
    {
        static_assert(QTypeInfo<T>::isRelocatable, "relocateFrontTo() copies the element's bytes");
        T *const from = &m_slots[m_head];
        if (&target == this) {
            T *const to = &m_slots[wrap(m_head + m_size)];
            if (to != from)
                std::memcpy(static_cast<void *>(to), static_cast<const void *>(from), sizeof(T));
        } else {
            if (target.m_size == target.capacity())
                target.grow(target.capacity() * 2);
            std::memcpy(static_cast<void *>(&target.m_slots[target.wrap(target.m_head + target.m_size)]),
                        static_cast<const void *>(from), sizeof(T));
            ++target.m_size;
            --m_size;
        }
        advanceHead();
    }

    /// Makes room for at least @p count elements without further growth: exactly @p count
    /// slots (at least 16) when that is at least twice the capacity, else twice the capacity, so
    /// that reserving a little more every cycle still grows geometrically (each growth copies
    /// the queue).
    void reserve(qsizetype count)
    {
        if (count > capacity())
            grow(std::max(count, capacity() * 2));
    }

    void clear()
    {
        while (!empty())
            pop_front();
        m_head = 0;
    }

    void swap(RingQueue &other) noexcept
    {
        std::swap(m_slots, other.m_slots);
        std::swap(m_head, other.m_head);
        std::swap(m_size, other.m_size);
        std::swap(m_capacity, other.m_capacity);
    }

private:
    /// The slot of position @p index counted from slot 0, for @p index < 2 × capacity.
    qsizetype wrap(qsizetype index) const { return index >= m_capacity ? index - m_capacity : index; }
    void advanceHead()
    {
        if (++m_head == m_capacity)
            m_head = 0;
    }

    void grow(qsizetype newCapacity)
    {
        if (newCapacity < 16)
            newCapacity = 16;
        T *fresh = static_cast<T *>(RingStorage::allocate(sizeof(T) * size_t(newCapacity), alignof(T)));
        if constexpr (QTypeInfo<T>::isRelocatable) {
            // A relocatable element (Q_DECLARE_TYPEINFO) moves by copying its bytes: the ring's
            // two runs (head to the end of the slots, then the start) in two copies.
            if (m_size > 0) {
                const qsizetype first = std::min(m_size, capacity() - m_head);
                std::memcpy(static_cast<void *>(fresh), static_cast<const void *>(m_slots + m_head), size_t(first) * sizeof(T));
                std::memcpy(static_cast<void *>(fresh + first), static_cast<const void *>(m_slots), size_t(m_size - first) * sizeof(T));
            }
        } else {
            for (qsizetype i = 0; i < m_size; ++i) {
                T &old = (*this)[i];
                new (&fresh[i]) T(std::move(old));
                old.~T();
            }
        }
        RingStorage::release(m_slots, sizeof(T) * size_t(capacity()), alignof(T));
        m_slots = fresh;
        m_head = 0;
        m_capacity = newCapacity;
    }

    T *m_slots = nullptr;
    qsizetype m_head = 0;
    qsizetype m_size = 0;
    qsizetype m_capacity = 0;  // 0 before the first push or reserve
};

} // namespace PriorityLab
