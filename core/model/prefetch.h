#pragma once

namespace PriorityLab {

/// Asks the processor to load the cache line of @p address ahead of its use: a hint, no effect
/// on what the program does. For walks over memory that is mostly out of the cache, whose loads
/// would otherwise wait one after the other (docs/design.md §9).
inline void prefetch(const void *address)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address);
#else
    (void)address;
#endif
}

} // namespace PriorityLab
