#pragma once

#include <QFontMetrics>
#include <QList>
#include <QString>
#include <QStringList>

namespace PriorityLab {

/// What firstThatFits() gives where none of the wordings fits the width.
enum class WhenNoneFits {
    Shortest,  ///< the last (shortest) wording whole: a label that wraps, or whose width is ample
    Elided,    ///< the last wording elided at its right ("1.2k ev…"): a one-line label
    Nothing,   ///< an empty text: a label that is better blank than cut ("3 o")
};

/// The first of @p wordings whose width in @p metrics (QFontMetrics::horizontalAdvance()) is at
/// most @p width, for a label that says one thing in several lengths, longest first: "2,521
/// events", "2.5k events", "2.5k". Where none fits, as @p otherwise says. An empty list gives an
/// empty text. The labels of the app that fit their width this way (the lesson's step count and
/// status, the event count, the queue's strip titles, the dead-letter line, the consumers'
/// summary) keep the full wording in their tooltip (docs/design.md §8, Layout).
QString firstThatFits(const QFontMetrics &metrics, int width, const QStringList &wordings,
                      WhenNoneFits otherwise = WhenNoneFits::Shortest);

/// The index of the first of @p wordings that fits @p width in @p metrics, or -1 where none does.
qsizetype firstFittingIndex(const QFontMetrics &metrics, int width, const QStringList &wordings);

/// The same rule for what is not one label's text, measured by @p fits: the first of
/// @p candidates, most readable first, for which @p fits is true; where none is, the last (a
/// default-constructed value for no candidates). E.g. a consumer card's header arrangements
/// (ConsumerCard::fitHeader()) or the status line's stages (StatusSummary::fit()), each of which
/// changes several texts at once.
template <typename T, typename Fits>
T firstThatFits(const QList<T> &candidates, Fits &&fits)
{
    for (const T &candidate : candidates) {
        if (fits(candidate))
            return candidate;
    }
    return candidates.isEmpty() ? T() : candidates.constLast();
}

} // namespace PriorityLab
