#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>

namespace PriorityLab {

/// Forward iterator over a container by position: element @p index is (*container)[index], as
/// RingQueue and Broker::SubQueueList give it. @p C is the container (const for a
/// const_iterator), @p V the element type as the iterator hands it out (const likewise);
/// iterators of one container compare by position.
template<typename C, typename V>
class IndexIterator
{
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::remove_const_t<V>;
    using difference_type = std::ptrdiff_t;
    using pointer = V *;
    using reference = V &;

    IndexIterator(C *container, std::ptrdiff_t index) : m_container(container), m_index(index) { }
    reference operator*() const { return (*m_container)[m_index]; }
    pointer operator->() const { return &(*m_container)[m_index]; }
    IndexIterator &operator++()
    {
        ++m_index;
        return *this;
    }
    bool operator==(const IndexIterator &other) const { return m_index == other.m_index; }

private:
    C *m_container;
    std::ptrdiff_t m_index;
};

} // namespace PriorityLab
