#pragma once

#include <QString>
#include <QTypeInfo>

#include <array>

namespace PriorityLab {

/// A strategy's explanation of one decision, kept as data (the values its rule compared) and
/// turned into words only when it is written or shown (toText()): building the words for every
/// decision cost more than the decision itself (docs/design.md §4).
struct Explanation
{
    /// Makes the words from the values, e.g. "priority 3 < threshold 5: postponed with
    /// priority 4"; a strategy's own function, so the wording stays next to its rule. It runs for
    /// every event written, so it builds by concatenation (QStringBuilder), not QString::arg,
    /// which parses its pattern each time.
    using Words = QString (*)(const Explanation &);

    Words words = nullptr;
    std::array<int, 3> values = {};  ///< what the rule read and made (meaning set by words)
    /// Without words: the whole explanation. With words: a text the rule names (e.g. the
    /// predicate; a shared string, not a copy).
    QString text;

    Explanation() = default;
    /// An explanation already in words (custom strategies, tests, a journal's copy).
    Explanation(QString words) : text(std::move(words)) { }  // NOLINT: implicit on purpose
    Explanation(Words w, std::array<int, 3> v, QString t = {}) : words(w), values(v), text(std::move(t)) { }

    /// The explanation in words; empty if there is none.
    QString toText() const { return words ? words(*this) : text; }
    /// True if there is nothing to explain.
    bool isEmpty() const { return !words && text.isEmpty(); }
};

} // namespace PriorityLab

// A function pointer, three ints and a QString: it may be moved in memory with memcpy.
Q_DECLARE_TYPEINFO(PriorityLab::Explanation, Q_RELOCATABLE_TYPE);
