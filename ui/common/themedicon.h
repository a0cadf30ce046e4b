#pragma once

#include <QIcon>
#include <QStyle>

class QPalette;
class QWidget;

namespace PriorityLab {

/// Icons that follow the palette, so that toolbar icons stay visible under a dark desktop
/// palette.
namespace ThemedIcon {

/// @p icon as it reads on the background of @p palette: unchanged under a light palette; under
/// a dark one (window colour darker than its text) every pixel's lightness inverted, hue,
/// saturation and alpha kept, so that the style's dark glyphs turn light and light details
/// inside them turn dark. At the sizes the icon has (16, 24, 32 and 48 pixels for a scalable
/// one), normal and disabled modes.
QIcon forPalette(const QIcon &icon, const QPalette &palette);

/// @p icon's shape (its alpha) filled with the button text colour of @p palette (active for the
/// normal mode, disabled for the disabled one): a one-colour glyph that reads as the buttons'
/// text does, whatever the icon theme drew. Adwaita's media and arrow icons are pale outlines
/// with a light fill, nearly invisible on white (presentation mode under a dark desktop); Qt's
/// own are dark, invisible on a dark palette. At the sizes of forPalette().
QIcon glyph(const QIcon &icon, const QPalette &palette);

/// Whether standard icon @p which is a one-colour symbol (the media and arrow icons, a
/// toolbar's extension "»"), drawn by
/// standard() as a glyph().
bool isGlyph(QStyle::StandardPixmap which);

/// The style's standard icon @p which for @p widget, made to read on the widget's palette (the
/// palette the window is drawn with): a glyph() in its button text colour for the media and
/// arrow symbols (isGlyph()), else forPalette() (a coloured folder or disk keeps its colours).
/// Call it again when the palette changes (QEvent::PaletteChange).
QIcon standard(const QWidget *widget, QStyle::StandardPixmap which);

/// An undo symbol (@p redo false: a curved arrow that turns back to the left, ↶) or a redo one
/// (its mirror image, ↷), drawn with a QPainterPath at whatever size it is asked for, in the
/// button text colour of @p palette (active for the normal mode, disabled for the disabled
/// one), so that it reads on a dark palette too. The icons where the icon theme has none: the
/// style's own fallback is a round arrow button, which glyph() turns into a filled disc.
QIcon drawnUndoArrow(const QPalette &palette, bool redo);

/// The icon of Edit > Undo (@p redo false) or Redo for @p widget: the icon theme's "edit-undo" or
/// "edit-redo" as a glyph() in the button text colour where the theme has it, else
/// drawnUndoArrow(). Call it again when the palette changes.
QIcon undoRedo(const QWidget *widget, bool redo);

} // namespace ThemedIcon

} // namespace PriorityLab
