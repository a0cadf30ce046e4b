#pragma once

#include <QColor>
#include <QString>

namespace PriorityLab {

/// The fixed colour scale of message priorities, shared by every view that colours by priority
/// (queue tiles, the priority histogram, charts per priority class).
///
/// It is the 10-step viridis ramp (Smith & van der Walt, matplotlib): sequential, perceptually
/// uniform and readable with the common colour-vision deficiencies and in greyscale, dark purple
/// for priority 0 (least urgent) to yellow for 9 (most urgent). The scale does not follow the
/// data: a priority keeps its colour in every scenario and every view. Priorities below 0 take
/// the colour of 0, above 9 the colour of 9 (clamp()); their number is still shown as it is.
class PriorityPalette
{
public:
    /// Lowest and highest priority with a colour of their own.
    static constexpr int minPriority() { return 0; }
    static constexpr int maxPriority() { return 9; }
    /// Number of colours (10).
    static constexpr int steps() { return maxPriority() - minPriority() + 1; }

    /// @p priority clamped to minPriority()..maxPriority().
    static constexpr int clamp(int priority)
    {
        return priority < minPriority() ? minPriority()
                                        : (priority > maxPriority() ? maxPriority() : priority);
    }

    /// Fill colour of @p priority (clamped).
    static QColor color(int priority);

    /// Least contrast ratio of a tile's edge against the background it is drawn on (WCAG 2.x
    /// non-text contrast, 3:1).
    static constexpr double EdgeContrast = 3.0;

    /// The colour of the edge of a tile (or swatch) of @p priority drawn on @p background:
    /// color() where that stands out from the background by EdgeContrast, else the same hue and
    /// saturation, lighter on a dark background or darker on a light one, until it does. The
    /// fill keeps the scale's colour; the edge lets every tile be seen on any palette (the dark
    /// purples of ≤0–2 on a dark window, the yellow of 9+ on white; docs/design.md §8, colours).
    static QColor edgeColor(int priority, const QColor &background);

    /// Black or white, whichever reads better on color(@p priority).
    static QColor textColor(int priority);

    /// The label of step @p priority in a legend: "0" .. "9", with "≤0" and "9+" at the ends
    /// when @p openEnds (the ends stand for everything beyond them).
    static QString label(int priority, bool openEnds = true);

    /// What the scale is, in the words of the views that explain their colours (tooltips):
    /// "viridis: readable with colour-blindness and in greyscale" (translated).
    static QString scaleNote();
};

} // namespace PriorityLab
