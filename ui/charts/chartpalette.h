#pragma once

#include <QColor>

namespace PriorityLab::ChartPalette {

/// The Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2008): eight colours that stay
/// distinct for the common forms of colour-blindness. Series colours of every chart come from
/// here; the priority scale of the queue has its own palette (prioritypalette.h).
inline QColor black() { return QColor(0x00, 0x00, 0x00); }
inline QColor orange() { return QColor(0xe6, 0x9f, 0x00); }
inline QColor skyBlue() { return QColor(0x56, 0xb4, 0xe9); }
inline QColor bluishGreen() { return QColor(0x00, 0x9e, 0x73); }
inline QColor yellow() { return QColor(0xf0, 0xe4, 0x42); }
inline QColor blue() { return QColor(0x00, 0x72, 0xb2); }
inline QColor vermillion() { return QColor(0xd5, 0x5e, 0x00); }
inline QColor reddishPurple() { return QColor(0xcc, 0x79, 0xa7); }

/// The @p index-th colour for a series of many (e.g. one per consumer), cycling through the
/// seven colours that read well on white (yellow is left out: too pale for thin lines).
inline QColor series(int index)
{
    static const QColor colors[] = {blue(), vermillion(), bluishGreen(), reddishPurple(),
                                    orange(), skyBlue(), black()};
    constexpr int n = int(sizeof colors / sizeof colors[0]);
    return colors[((index % n) + n) % n];
}

/// The colour of priority class @p index of BrokerConfig::priorityClasses() (0 high, 1 mid,
/// 2 low) in every latency chart, for a chart on a light background (the light palette and
/// presentation mode's black on white) or, with @p dark, on a dark one: the one definition of
/// the class colours. Okabe-Ito hues (orange, bluish green, blue: apart for the common forms of
/// colour-blindness), each at a lightness of its own, the high class the lightest as in the
/// queue's scale, so that the three lines differ in lightness too (CIE L* about 60, 40, 24 on
/// light, 86, 68, 52 on dark) and still reach 3:1 against the plot. On a projector the viridis
/// steps the classes had (lime drawn darkened to olive on white, and teal) read alike
/// (docs/design.md §8, colours). Out of range: the low class's.
inline QColor priorityClass(int index, bool dark = false)
{
    static const QColor onLight[] = {QColor(0xc0, 0x85, 0x00), QColor(0x00, 0x6c, 0x4f), QColor(0x00, 0x3c, 0x5e)};
    static const QColor onDark[] = {QColor(0xff, 0xd3, 0x25), QColor(0x00, 0xbc, 0x89), QColor(0x00, 0x81, 0xca)};
    constexpr int n = int(sizeof onLight / sizeof onLight[0]);
    const int i = index >= 0 && index < n ? index : n - 1;
    return dark ? onDark[i] : onLight[i];
}

} // namespace PriorityLab::ChartPalette
