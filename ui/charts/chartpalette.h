#pragma once

#include "core/model/config.h"
#include "ui/common/prioritypalette.h"

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

/// The colour of priority class @p index of BrokerConfig::priorityClasses() (high, mid, low) in
/// every latency chart: the queue tiles' colour of the class (PriorityPalette::classColor(): the
/// viridis steps of priority 8, 5 and 2: lime, teal, indigo), so that a colour means the same
/// priorities in the queue and in the charts. Out of range: the low class's.
inline QColor priorityClass(int index)
{
    const QList<PriorityClass> &classes = BrokerConfig::priorityClasses();
    const PriorityClass &c = classes.at(index >= 0 && index < classes.size() ? index : classes.size() - 1);
    return PriorityPalette::classColor(c.minPriority, c.maxPriority);
}

} // namespace PriorityLab::ChartPalette
