#pragma once

#include <QString>

class QWidget;

namespace PriorityLab::WhatsThisKey {

/// The widget whose What's This? text explains @p widget: @p widget itself or its nearest
/// ancestor (within its window) with a non-empty whatsThis(); nullptr if there is none or
/// @p widget is null.
QWidget *explaining(QWidget *widget);

/// What Shift+F1 says about @p focus: the What's This? text of explaining(@p focus), else the
/// nearest tooltip of @p focus or an ancestor (plain text), else @p fallback.
QString textFor(QWidget *focus, const QString &fallback);

/// What's This? by the keyboard (docs/help.md, Keys): shows textFor(@p focus, @p fallback) in
/// the What's This? box (QWhatsThis::showText) just under @p focus, centred on it, so that it
/// neither needs the mouse nor hides the part it explains. Returns the text shown; nothing is
/// shown and an empty string is returned when @p focus is null.
QString showFor(QWidget *focus, const QString &fallback);

} // namespace PriorityLab::WhatsThisKey
