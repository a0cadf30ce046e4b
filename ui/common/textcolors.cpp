#include "ui/common/textcolors.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QEvent>
#include <QPalette>
#include <QPointer>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace PriorityLab::TextColors {

namespace {

double linear(double channel)
{
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

/// Margin above MinimumContrast for the tones, so that a background a shade off the one
/// measured (a hover, a zoomed font's anti-aliasing) still leaves the text above the minimum.
constexpr double ToneContrast = MinimumContrast + 0.2;

/// Keeps the tone of the widget it is a child of (apply()): recomputes the text colours when the
/// palette changes or the widget gets another parent.
class ToneKeeper : public QObject
{
public:
    ToneKeeper(QWidget *widget, Tone tone) : QObject(widget), m_widget(widget), m_tone(tone)
    {
        setObjectName(QStringLiteral("PriorityLab::TextColors::ToneKeeper"));
        widget->installEventFilter(this);
    }

    void setTone(Tone tone)
    {
        m_tone = tone;
        update();
    }

    /// Sets the widget's text roles to the tone on its background; does nothing when they
    /// already have it (setPalette() sends the PaletteChange this answers).
    void update()
    {
        const QColor background = backgroundOf(m_widget);
        QColor text;
        if (m_tone == Tone::Normal) {
            const QWidget *parent = m_widget->parentWidget();
            text = readable((parent ? parent->palette() : QApplication::palette()).color(QPalette::WindowText),
                            background, ToneContrast);
        } else {
            text = color(m_tone, background);
        }
        QPalette palette = m_widget->palette();
        bool same = true;
        for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
            for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
                same = same && palette.color(group, role) == text;
                palette.setColor(group, role, text);
            }
        }
        if (!same)
            m_widget->setPalette(palette);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_widget && (event->type() == QEvent::PaletteChange || event->type() == QEvent::ParentChange))
            update();
        return false;
    }

private:
    QWidget *m_widget;
    Tone m_tone;
};

ToneKeeper *keeperOf(QWidget *widget)
{
    return widget->findChild<ToneKeeper *>(QStringLiteral("PriorityLab::TextColors::ToneKeeper"),
                                           Qt::FindDirectChildrenOnly);
}

} // namespace

double luminance(const QColor &color)
{
    const QColor c = color.toRgb();
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

bool isDark(const QColor &background)
{
    return contrast(background, Qt::white) > contrast(background, Qt::black);
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

QColor readable(const QColor &color, const QColor &background, double minimum)
{
    if (contrast(color, background) >= minimum)
        return color;
    const bool lighten = isDark(background);
    const QColor hsl = color.toHsl();
    const int hue = hsl.hslHue();
    const int saturation = hsl.hslSaturation();
    int lightness = hsl.lightness();
    // Lightness moves the luminance one way only: the first step that reaches the minimum.
    while (lighten ? lightness < 255 : lightness > 0) {
        lightness += lighten ? 1 : -1;
        const QColor candidate = QColor::fromHsl(hue, saturation, lightness).toRgb();
        if (contrast(candidate, background) >= minimum)
            return candidate;
    }
    return lighten ? QColor(Qt::white) : QColor(Qt::black);
}

QColor base(Tone tone)
{
    switch (tone) {
    case Tone::Normal:
        return QColor(Qt::black);
    case Tone::Muted:
        return QColor(0x4b, 0x55, 0x63);
    case Tone::Error:
        return QColor(0xb0, 0x00, 0x20);
    case Tone::Success:
    case Tone::Processed:
        return QColor(0x00, 0x7a, 0x5a);
    case Tone::Warning:
        return QColor(0xa0, 0x3c, 0x00);
    case Tone::Postponed:
        return QColor(0xa3, 0x62, 0x00);
    case Tone::Discarded:
        return QColor(0xb3, 0x3c, 0x00);
    case Tone::Failed:
        return QColor(0x9a, 0x4a, 0x7a);
    case Tone::Lesson:
        return QColor(0xbb, 0x51, 0x00);
    }
    return QColor(Qt::black);
}

QColor color(Tone tone, const QColor &background)
{
    return readable(base(tone), background, ToneContrast);
}

QColor backgroundOf(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        const auto *area = w->parentWidget() ? qobject_cast<const QAbstractScrollArea *>(w->parentWidget()) : nullptr;
        if (w->isWindow() || w->autoFillBackground() || (area && area->viewport() == w))
            return w->palette().color(w->backgroundRole());
    }
    return widget ? widget->palette().color(QPalette::Window) : QColor(Qt::white);
}

void apply(QWidget *widget, Tone tone)
{
    if (!widget)
        return;
    if (ToneKeeper *keeper = keeperOf(widget)) {
        keeper->setTone(tone);
        return;
    }
    (new ToneKeeper(widget, tone))->update();
}

} // namespace PriorityLab::TextColors
