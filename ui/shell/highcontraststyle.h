#pragma once

#include <QProxyStyle>

namespace PriorityLab {

/// The application's style (the platform's, e.g. Fusion) with edges that follow a
/// high-contrast palette: when the palette a widget is drawn with has its Mid and Dark roles
/// as dark as its text (PresentationMode::highContrastPalette()), frames, cards, fields, combo
/// and spin boxes, buttons and check boxes get an outline in the palette's Dark colour (2 px
/// for frames and panels, 1 px for controls) instead of the grey the base style derives from
/// the window colour. With any other palette it draws exactly as the base style.
///
/// With every palette, a table header's title wider than its section ends with "…" (the base
/// style clips a centred title at both edges: "riorit" for "Priority"); the full title stays in
/// the model's header tooltip.
class HighContrastStyle : public QProxyStyle
{
    Q_OBJECT

public:
    /// Draws as @p base (taken over; nullptr: the application's default style) does.
    explicit HighContrastStyle(QStyle *base = nullptr);

    /// Installs a HighContrastStyle over the application's current style, once (a second call
    /// does nothing). Call before the first widget is shown.
    static void install();

    /// Whether @p palette is a high-contrast one: Mid and Dark equal to the window's text colour,
    /// and the window a different colour.
    static bool isHighContrast(const QPalette &palette);

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    /// Draws @p element as the base style does; CE_HeaderLabel gets its title elided first.
    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option, QPainter *painter,
                            const QWidget *widget = nullptr) const override;
};

} // namespace PriorityLab
