#include "core/engine/ringqueue.h"

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
} // namespace

void *allocate(size_t bytes, size_t alignment)
{
    const size_t aligned = blockAlignment(bytes, alignment);
    void *block = ::operator new(bytes, std::align_val_t(aligned));
#if defined(Q_OS_LINUX) && defined(MADV_HUGEPAGE)
    // Advice only: where transparent huge pages are off the kernel ignores it (the block stays
    // ordinary pages). The range is whole pages of the block (it starts on a huge page).
    if (aligned == HugePage)
        madvise(block, bytes & ~size_t(4095), MADV_HUGEPAGE);
#endif
    return block;
}

void release(void *block, size_t bytes, size_t alignment) noexcept
{
    if (block)
        ::operator delete(block, std::align_val_t(blockAlignment(bytes, alignment)));
}

} // namespace PriorityLab::RingStorage
