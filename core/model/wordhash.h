#pragma once

#include <QStringView>
#include <QtGlobal>

#include <cstring>

namespace PriorityLab {

/// The fold of the workload hash (docs/design.md §5): FNV-1a over 64-bit words, a fixed algorithm,
/// so equal on every machine (qHash is not). A text is folded as its whole words of four UTF-16
/// code units (the first in the low 16 bits), then one last word: the text's length with its
/// 0..3 code units left shifted in behind it, 16 bits each.
namespace WordHash {
/// The state before anything is folded (FNV-1a's 64-bit offset basis).
inline constexpr quint64 Basis = 14695981039346656037ULL;
inline constexpr quint64 Prime = 1099511628211ULL;

/// @p state folded with one @p word.
constexpr quint64 mix(quint64 state, quint64 word) noexcept
{
    return (state ^ word) * Prime;
}

/// The word of the four code units at @p units, the first in the low 16 bits.
inline quint64 word(const char16_t *units) noexcept
{
    quint64 w;
    std::memcpy(&w, units, sizeof w);
    return w;
}

/// @p state folded with the end of a text of @p length code units whose last @p count code units
/// are at @p units: their whole words, then the last word. A text is folded in one call of it
/// (units = the text, count = length), or in two: its first whole words, then the rest.
inline quint64 foldEnd(quint64 state, const char16_t *units, qsizetype count, qsizetype length) noexcept
{
    qsizetype i = 0;
    for (; i + 4 <= count; i += 4)
        state = mix(state, word(units + i));
    quint64 last = quint64(length);
    for (; i < count; ++i)
        last = (last << 16) | units[i];
    return mix(state, last);
}

/// @p state folded with @p text.
inline quint64 text(quint64 state, QStringView text) noexcept
{
    return foldEnd(state, text.utf16(), text.size(), text.size());
}
} // namespace WordHash

} // namespace PriorityLab
