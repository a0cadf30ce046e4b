#include "core/engine/ringqueue.h"

#include <cstdint>

#if defined(Q_OS_LINUX)
#include <sys/mman.h>
#endif

namespace PriorityLab::RingStorage {

namespace {
constexpr size_t HugePage = size_t(2) << 20;

/// The alignment a block of @p bytes gets: a huge page for large blocks.
size_t blockAlignment(size_t bytes, size_t alignment)
{
    return bytes >= HugeBlockBytes ? std::max(alignment, HugePage) : alignment;
}

/// The bytes taken for a block of @p bytes: a large block in whole huge pages. The kernel backs
/// only whole aligned 2 MiB pages with a huge page; the rest of a block's last one would be
/// 4 KiB pages, up to 511 faults where one does (a ring of exactly 100,000 messages is 3.8 huge
/// pages: 400 faults for its last 1.6 MiB, measured).
size_t blockBytes(size_t bytes)
{
    return bytes >= HugeBlockBytes ? (bytes + HugePage - 1) & ~(HugePage - 1) : bytes;
}
} // namespace

void *allocate(size_t bytes, size_t alignment)
{
    const size_t aligned = blockAlignment(bytes, alignment);
    const size_t taken = blockBytes(bytes);
    void *block = ::operator new(taken, std::align_val_t(aligned));
#if defined(Q_OS_LINUX) && defined(MADV_HUGEPAGE)
    // Advice only: where transparent huge pages are off the kernel ignores it (the block stays
    // ordinary pages). The block is whole huge pages from a huge page's start.
    if (aligned == HugePage)
        madvise(block, taken, MADV_HUGEPAGE);
#endif
    return block;
}

void adviseHugePages(void *begin, size_t bytes) noexcept
{
#if defined(Q_OS_LINUX) && defined(MADV_HUGEPAGE)
    if (!begin || bytes < HugeBlockBytes)
        return;
    const auto first = (reinterpret_cast<uintptr_t>(begin) + HugePage - 1) & ~uintptr_t(HugePage - 1);
    const auto end = (reinterpret_cast<uintptr_t>(begin) + bytes) & ~uintptr_t(HugePage - 1);
    if (end > first)
        madvise(reinterpret_cast<void *>(first), end - first, MADV_HUGEPAGE);
#else
    Q_UNUSED(begin);
    Q_UNUSED(bytes);
#endif
}

void release(void *block, size_t bytes, size_t alignment) noexcept
{
    if (block)
        ::operator delete(block, blockBytes(bytes), std::align_val_t(blockAlignment(bytes, alignment)));
}

} // namespace PriorityLab::RingStorage
