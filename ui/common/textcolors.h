#pragma once

#include <QColor>

class QPalette;
class QWidget;

namespace PriorityLab {

/// Colours of text the app picks itself (muted notes, errors, warnings, the consumers' outcome
/// counters, conservation ✓), made readable on the background they are drawn on under any
/// palette: light, a dark desktop palette, the high-contrast one of presentation mode.
///
/// Each Tone has its colour as designed for a white window; on another background it keeps its
/// hue and saturation and is made darker (light background) or lighter (dark background) until
/// its WCAG 2 contrast ratio reaches MinimumContrast (docs/design.md §8, "Colours").
namespace TextColors {

/// WCAG 2.x AA for normal text: the least contrast ratio of every text colour the app picks.
constexpr double MinimumContrast = 4.5;

/// WCAG 2.x relative luminance of @p color: 0 (black) to 1 (white); alpha is ignored.
double luminance(const QColor &color);

/// WCAG 2.x contrast ratio of @p a and @p b: 1 (the same luminance) to 21 (black on white).
double contrast(const QColor &a, const QColor &b);

/// Whether @p background reads better with light text than with dark (white has more contrast
/// on it than black).
bool isDark(const QColor &background);

/// Whether @p palette is a dark one: its window colour darker than its window text.
bool isDark(const QPalette &palette);

/// @p color unchanged if it reaches @p minimum contrast on @p background; else the colour of the
/// same hue and saturation, darker on a light background or lighter on a dark one, that first
/// reaches it (at worst black or white, which always reach 4.5 on one side).
QColor readable(const QColor &color, const QColor &background, double minimum = MinimumContrast);

/// What a text colour says; its colour on white is base().
enum class Tone {
    Normal,     ///< the surroundings' text colour (the parent's WindowText): apply() of another
                ///< tone undone
    Muted,      ///< secondary text: summaries, hints, "No alarms" (#4b5563, slate grey)
    Error,      ///< an error or a broken invariant (#b00020, red)
    Success,    ///< a check that holds, a processed message (#007a5a, bluish green)
    Warning,    ///< alarms, data loss (#a03c00, dark vermillion)
    Processed,  ///< a consumer's processed count (#007a5a)
    Postponed,  ///< postponed count (#a36200, dark orange)
    Discarded,  ///< discarded count (#b33c00, vermillion)
    Failed,     ///< failed count (#9a4a7a, reddish purple)
    Lesson,     ///< what the lesson outlines, in its outline's vermillion (#bb5100)
};

/// The colour of @p tone as designed on a white background (the Okabe-Ito hues, dark enough
/// for white).
QColor base(Tone tone);

/// @p tone as text on @p background: readable(base(tone), background), with a small margin
/// above MinimumContrast.
QColor color(Tone tone, const QColor &background);

/// The colour @p widget's text is drawn on: the background colour (its background role in its
/// palette) of the nearest of itself and its ancestors that paints its background: a window,
/// a widget with autoFillBackground, or a scroll area's viewport.
QColor backgroundOf(const QWidget *widget);

/// Gives @p widget's text (the WindowText, Text and ButtonText roles of its palette, active and
/// inactive) the colour of @p tone on backgroundOf(@p widget), and keeps it so whenever the
/// palette changes (the desktop's, presentation mode's, one set on a window) or the widget
/// moves to another parent. Calling it again changes the tone. Use it instead of a style
/// sheet's "color:", which stays the same on every background.
void apply(QWidget *widget, Tone tone);

} // namespace TextColors

} // namespace PriorityLab
