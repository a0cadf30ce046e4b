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

/// The style's standard icon @p which for @p widget, made to read on the widget's palette
/// (forPalette()).
QIcon standard(const QWidget *widget, QStyle::StandardPixmap which);

} // namespace ThemedIcon

} // namespace PriorityLab
