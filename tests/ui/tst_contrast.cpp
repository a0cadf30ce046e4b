// Colours under a dark and a light palette (docs/design.md §8, colours): every text colour the app
// picks itself reaches WCAG contrast 4.5 on the background it is drawn on (the alarm banner and
// its More and Hide buttons, the consumer cards' labels and counters, the dead-letter summary,
// the status bar), the toolbar's icons stand out from the toolbar in the window and in
// presentation mode, the latency chart's class colours stay apart (lightness and hue, for
// colour-blind viewers too) and every queue tile stands out from the view's background.
// Runs offscreen (CTest sets QT_QPA_PLATFORM); backgrounds are read from the rendered window.
#include "ui/alarms/alarmpanel.h"
#include "ui/charts/chartpalette.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/timeserieschart.h"
#include "ui/common/prioritypalette.h"
#include "ui/common/textcolors.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/deadletters/deadletterpanel.h"
#include "ui/queue/queuetilesview.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "core/engine/simulation.h"
#include "core/model/config.h"
#include "tests/ui/scenariowindow.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QHash>
#include <QIcon>
#include <QImage>
#include <QLabel>
#include <QScopeGuard>
#include <QStatusBar>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

#include <algorithm>
#include <climits>
#include <cmath>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {

/// A dark desktop palette as GTK's Adwaita:dark gives Qt (window #353535, the trial's #323232).
QPalette darkPalette()
{
    QPalette p;
    const std::pair<QPalette::ColorRole, QColor> roles[] = {
            {QPalette::Window, QColor(0x32, 0x32, 0x32)},     {QPalette::WindowText, QColor(0xee, 0xee, 0xec)},
            {QPalette::Base, QColor(0x2d, 0x2d, 0x2d)},       {QPalette::AlternateBase, QColor(0x3a, 0x3a, 0x3a)},
            {QPalette::Text, QColor(0xff, 0xff, 0xff)},       {QPalette::Button, QColor(0x3a, 0x3a, 0x3a)},
            {QPalette::ButtonText, QColor(0xee, 0xee, 0xec)}, {QPalette::BrightText, QColor(0xff, 0xff, 0xff)},
            {QPalette::Light, QColor(0x4a, 0x4a, 0x4a)},      {QPalette::Midlight, QColor(0x42, 0x42, 0x42)},
            {QPalette::Mid, QColor(0x25, 0x25, 0x25)},        {QPalette::Dark, QColor(0x1b, 0x1b, 0x1b)},
            {QPalette::Shadow, QColor(0x00, 0x00, 0x00)},     {QPalette::Highlight, QColor(0x15, 0x53, 0x9e)},
            {QPalette::HighlightedText, QColor(0xff, 0xff, 0xff)}, {QPalette::ToolTipBase, QColor(0x26, 0x26, 0x26)},
            {QPalette::ToolTipText, QColor(0xff, 0xff, 0xff)}, {QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x98)},
            {QPalette::Link, QColor(0x8a, 0xb4, 0xf8)},       {QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9)},
    };
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        for (const auto &[role, color] : roles)
            p.setColor(group, role, color);
    }
    for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x91, 0x91, 0x91));
    return p;
}

/// A light desktop palette whose window is not white (GTK's Adwaita: #f6f5f4): the colours
/// designed on white lose some contrast there.
QPalette lightPalette()
{
    QPalette p(QColor(0xf6, 0xf5, 0xf4));
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(group, QPalette::Window, QColor(0xf6, 0xf5, 0xf4));
        p.setColor(group, QPalette::WindowText, QColor(0x2e, 0x34, 0x36));
        p.setColor(group, QPalette::Base, Qt::white);
        p.setColor(group, QPalette::Text, QColor(0x2e, 0x34, 0x36));
        p.setColor(group, QPalette::Button, QColor(0xf6, 0xf5, 0xf4));
        p.setColor(group, QPalette::ButtonText, QColor(0x2e, 0x34, 0x36));
    }
    return p;
}

/// The rows of a test run under each desktop palette: a "palette" column (lightPalette(),
/// darkPalette()) and a "dark" column saying which of the two is the dark one.
void addDesktopPalettes()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<bool>("dark");
    QTest::newRow("light window") << lightPalette() << false;
    QTest::newRow("dark window") << darkPalette() << true;
}

/// The colour most pixels of @p rect of @p image have: the background text is drawn on.
QColor backgroundIn(const QImage &image, const QRect &rect)
{
    QHash<QRgb, int> counts;
    const QRect r = rect.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x)
            ++counts[image.pixel(x, y) | 0xff000000u];
    }
    QRgb best = 0;
    int most = -1;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > most) {
            most = it.value();
            best = it.key();
        }
    }
    return QColor::fromRgb(best);
}

/// The highest contrast of a pixel of @p rect of @p image against @p background: how far the
/// drawn text (or glyph) stands out.
double strongestIn(const QImage &image, const QRect &rect, const QColor &background)
{
    double strongest = 1;
    const QRect r = rect.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x)
            strongest = std::max(strongest, TextColors::contrast(QColor::fromRgb(image.pixel(x, y)), background));
    }
    return strongest;
}

/// The text widgets (labels with text, check boxes, buttons) under @p root that are shown and
/// enabled, with the part of them that can be seen, in @p window's coordinates.
QList<std::pair<QWidget *, QRect>> textWidgets(QWidget *root, QWidget *window)
{
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    QList<std::pair<QWidget *, QRect>> found;
    for (QWidget *w : std::as_const(widgets)) {
        QString text;
        if (const auto *label = qobject_cast<QLabel *>(w))
            text = label->text();
        else if (const auto *button = qobject_cast<QAbstractButton *>(w))
            text = button->text();
        if (text.trimmed().isEmpty() || !w->isVisible() || !w->isEnabled())
            continue;
        const QRect seen = w->visibleRegion().boundingRect();
        if (seen.width() < 4 || seen.height() < 4)
            continue;  // scrolled out of sight
        found.append({w, QRect(w->mapTo(window, seen.topLeft()), seen.size())});
    }
    return found;
}

/// What is wrong with the text of the widgets under @p root (empty: all readable): each must draw
/// its text in a colour (its palette's foreground) of contrast >= 4.5 against the background the
/// rendered window shows under it, and some pixel of it must stand out by 3 or more.
QStringList unreadable(QWidget *root, QWidget *window, const QImage &image, const QString &where)
{
    QStringList problems;
    const QList<std::pair<QWidget *, QRect>> widgets = textWidgets(root, window);
    if (widgets.isEmpty())
        problems << where + QStringLiteral(": no text shown");
    for (const auto &[w, rect] : widgets) {
        const QColor background = backgroundIn(image, rect);
        const QColor text = w->palette().color(w->foregroundRole());
        const double c = TextColors::contrast(text, background);
        const double drawn = strongestIn(image, rect, background);
        if (c < TextColors::MinimumContrast || drawn < 3) {
            QString name = w->objectName();
            if (const auto *label = qobject_cast<QLabel *>(w))
                name += QStringLiteral(" \"%1\"").arg(label->text().left(40));
            else if (const auto *button = qobject_cast<QAbstractButton *>(w))
                name += QStringLiteral(" [%1]").arg(button->text());
            problems << QStringLiteral("%1: %2 %3 on %4: %5 (drawn %6)")
                                .arg(where, name, text.name(), background.name())
                                .arg(c, 0, 'f', 2)
                                .arg(drawn, 0, 'f', 2);
        }
    }
    return problems;
}

/// How far the icon of @p action on @p bar stands out from the bar: the median contrast against
/// the bar's background of the icon's opaque pixels, blended over that background as drawn.
double iconContrast(QToolBar *bar, QAction *action, const QImage &image, QWidget *window)
{
    QWidget *button = bar->widgetForAction(action);
    if (!button)
        return 0;
    const QColor background = backgroundIn(image, QRect(button->mapTo(window, QPoint()), button->size()));
    const QImage icon = action->icon().pixmap(bar->iconSize()).toImage().convertToFormat(QImage::Format_ARGB32);
    QList<double> contrasts;
    for (int y = 0; y < icon.height(); ++y) {
        for (int x = 0; x < icon.width(); ++x) {
            const QColor c = icon.pixelColor(x, y);
            if (c.alpha() < 128)
                continue;
            const double a = c.alphaF();
            const QColor drawn = QColor::fromRgbF(float(c.redF() * a + background.redF() * (1 - a)),
                                                  float(c.greenF() * a + background.greenF() * (1 - a)),
                                                  float(c.blueF() * a + background.blueF() * (1 - a)));
            contrasts << TextColors::contrast(drawn, background);
        }
    }
    if (contrasts.isEmpty())
        return 0;
    std::sort(contrasts.begin(), contrasts.end());
    return contrasts.at(contrasts.size() / 2);
}

/// The lesson "TTL range moved" at 1280x720, run past the cycle its data loss starts: alarm
/// shown, dead letters counted, the cards' counters changing.
struct LessonWithAlarm : ScenarioWindow
{
    LessonWithAlarm() : ScenarioWindow(QStringLiteral(":/scenarios/lesson-ttl-moved.json"), QSize(1280, 720)) {}

    bool ready()
    {
        if (!exposed())
            return false;
        sim()->runCycles(75);
        window.refreshViews();
        return window.alarmPanel()->alarmCount() > 0;
    }
};

/// LessonWithAlarm under the palette of the current data row: its columns "palette" (set on the
/// window) and "dark" (whether that palette is a dark one), as addDesktopPalettes() adds them.
struct LessonInRowPalette : LessonWithAlarm
{
    LessonInRowPalette()
    {
        QFETCH(QPalette, palette);
        QFETCH(bool, dark);
        window.setPalette(palette);
        rowPalette = palette;
        rowIsDark = dark;
    }

    QPalette rowPalette;  ///< the row's palette, set on the window
    bool rowIsDark = false;  ///< the row's "dark"
};

/// A colour in CIELAB (D65): lightness 0 (black) to 100 (white), and its two colour axes.
struct Lab
{
    double l = 0;
    double a = 0;
    double b = 0;
};

/// @p c in CIELAB (sRGB, D65 white).
Lab labOf(const QColor &c)
{
    const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const double r = linear(c.redF()), g = linear(c.greenF()), b = linear(c.blueF());
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

/// Colour vision: normal, or one of the three dichromacies.
enum class Vision { Normal, Protan, Deutan, Tritan };

/// @p c as a dichromat sees it (Machado, Oliveira and Fernandes 2009, severity 1, applied to
/// linear sRGB).
QColor asSeenWith(const QColor &c, Vision vision)
{
    static const double matrices[3][3][3] = {
            {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
            {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
            {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
    };
    if (vision == Vision::Normal)
        return c;
    const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const auto encoded = [](double v) {
        v = std::clamp(v, 0.0, 1.0);
        return v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1 / 2.4) - 0.055;
    };
    const double in[3] = {linear(c.redF()), linear(c.greenF()), linear(c.blueF())};
    const auto &m = matrices[int(vision) - 1];
    double out[3];
    for (int i = 0; i < 3; ++i)
        out[i] = encoded(m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2]);
    return QColor::fromRgbF(float(out[0]), float(out[1]), float(out[2]));
}

} // namespace

class TestContrast : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void contrastRatios();
    void tonesReachTheMinimumOnAnyBackground();
    void windowTextUnderPalette_data();
    void windowTextUnderPalette();
    void presentingUnderADarkDesktop();
    void toolbarIconsFollowThePalette_data();
    void toolbarIconsFollowThePalette();
    void undoRedoIconsAreCurvedArrows_data();
    void undoRedoIconsAreCurvedArrows();
    void alarmBannerFollowsThePalette();
    void latencyClassesAreDistinct_data();
    void latencyClassesAreDistinct();
    void queueTilesStandOutFromTheView_data();
    void queueTilesStandOutFromTheView();
};

void TestContrast::initTestCase()
{
    // The desktop's icons, as a GNOME desktop gives them (Adwaita's media and arrow icons are
    // pale outlines with a light fill); Qt's own where the theme is not installed.
    QIcon::setThemeSearchPaths(QIcon::themeSearchPaths() << QStringLiteral("/usr/share/icons"));
    QIcon::setThemeName(QStringLiteral("Adwaita"));
    if (!QIcon::hasThemeIcon(QStringLiteral("media-playback-pause")))
        qInfo("Adwaita icon theme not installed: the toolbar shows Qt's own icons");
}

void TestContrast::contrastRatios()
{
    QCOMPARE(qRound(TextColors::contrast(Qt::black, Qt::white) * 100), 2100);
    QCOMPARE(TextColors::contrast(Qt::white, Qt::white), 1.0);
    // The trial's figures: slate grey on the dark window 1.7, the failed counter 2.2.
    QCOMPARE(qRound(TextColors::contrast(QColor(0x4b, 0x55, 0x63), QColor(0x32, 0x32, 0x32)) * 10), 17);
    QCOMPARE(qRound(TextColors::contrast(QColor(0x9a, 0x4a, 0x7a), QColor(0x32, 0x32, 0x32)) * 10), 22);
    QVERIFY(TextColors::isDark(QColor(0x32, 0x32, 0x32)));
    QVERIFY(!TextColors::isDark(QColor(0xf6, 0xf5, 0xf4)));
    QVERIFY(TextColors::isDark(darkPalette()));
    QVERIFY(!TextColors::isDark(lightPalette()));
}

void TestContrast::tonesReachTheMinimumOnAnyBackground()
{
    using TextColors::Tone;
    const QColor backgrounds[] = {Qt::white, QColor(0xf6, 0xf5, 0xf4), QColor(0xef, 0xef, 0xef), QColor(0x32, 0x32, 0x32),
                                  QColor(0x2d, 0x2d, 0x2d), Qt::black, QColor(0x60, 0x60, 0x60), QColor(0xa0, 0xa0, 0xa0)};
    for (const Tone tone : {Tone::Normal, Tone::Muted, Tone::Error, Tone::Success, Tone::Warning, Tone::Processed,
                            Tone::Postponed, Tone::Discarded, Tone::Failed, Tone::Lesson}) {
        for (const QColor &background : backgrounds) {
            const QColor c = TextColors::color(tone, background);
            QVERIFY2(TextColors::contrast(c, background) >= TextColors::MinimumContrast,
                     qPrintable(QStringLiteral("tone %1 on %2: %3").arg(int(tone)).arg(background.name(), c.name())));
        }
        // As designed on white; lighter (a light variant of the same hue) on a dark window.
        QCOMPARE(TextColors::color(tone, Qt::white), TextColors::base(tone));
        QVERIFY(TextColors::color(tone, QColor(0x32, 0x32, 0x32)).lightness() > TextColors::base(tone).lightness());
    }
    const QColor failedOnDark = TextColors::color(Tone::Failed, QColor(0x32, 0x32, 0x32));
    QVERIFY(std::abs(failedOnDark.hslHue() - TextColors::base(Tone::Failed).hslHue()) <= 3);
}

void TestContrast::windowTextUnderPalette_data()
{
    addDesktopPalettes();
}

void TestContrast::windowTextUnderPalette()
{
    LessonInRowPalette w;
    QVERIFY(w.ready());
    AlarmPanel *alarms = w.window.alarmPanel();
    QTRY_VERIFY(alarms->isVisible());
    QVERIFY(alarms->moreButton()->isVisible());  // a lesson at 720 pixels: the compact banner
    DeadLetterPanel *deadLetters = w.window.deadLetterPanel();
    QVERIFY(deadLetters->summaryText().contains(QStringLiteral("data loss")));
    const QImage image = w.window.grab().toImage();
    QVERIFY2(TextColors::isDark(backgroundIn(image, QRect(QPoint(0, 0), w.window.size()))) == w.rowIsDark,
             "the palette is the window's");

    QStringList problems;
    problems << unreadable(alarms, &w.window, image, QStringLiteral("alarm banner"));
    problems << unreadable(w.window.consumerPanel(), &w.window, image, QStringLiteral("consumers"));
    problems << unreadable(w.window.statusBar(), &w.window, image, QStringLiteral("status bar"));
    // The dead-letter summary ("73 messages discarded (data loss)"), where its dock is shown.
    QLabel *summary = nullptr;
    for (QLabel *label : deadLetters->findChildren<QLabel *>()) {
        if (label->text() == deadLetters->summaryText())
            summary = label;
    }
    QVERIFY(summary);
    const QColor summaryColor = summary->palette().color(summary->foregroundRole());
    const QColor summaryBackground = TextColors::backgroundOf(summary);
    QVERIFY2(TextColors::contrast(summaryColor, summaryBackground) >= TextColors::MinimumContrast,
             qPrintable(summaryColor.name() + QStringLiteral(" on ") + summaryBackground.name()));
    QVERIFY(summaryColor != deadLetters->palette().color(QPalette::WindowText));  // the warning colour
    if (deadLetters->isVisible())
        problems << unreadable(summary, &w.window, image, QStringLiteral("dead letters"));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));

    // The counters keep their meaning: four different colours.
    ConsumerCard *card = w.window.consumerPanel()->cards().constFirst();
    QStringList counterColors;
    for (QLabel *label : card->findChildren<QLabel *>()) {
        if (label->font().bold() && label->text().at(0).isDigit())
            counterColors << label->palette().color(QPalette::WindowText).name();
    }
    counterColors.removeDuplicates();
    QCOMPARE(counterColors.size(), 4);
}

void TestContrast::presentingUnderADarkDesktop()
{
    // Presentation mode puts its black-on-white palette in the application's place (under a dark
    // desktop, QT_QPA_PLATFORMTHEME=gtk3 with GTK_THEME=Adwaita:dark, too: the platform theme's
    // palette is the base an application palette overrides; offscreen there is no platform
    // theme, and a dark application palette set by QApplication::setPalette() would stay in the
    // widgets' resolved roles). The compact banner's More and Hide, the cards and the status bar
    // must read on white; the toolbar's icons under Adwaita too (pale outlines on white before).
    LessonWithAlarm w;
    QVERIFY(w.ready());
    w.window.presentationMode()->enter();
    QVERIFY(w.window.presentationMode()->isActive());
    QTRY_VERIFY(w.window.alarmPanel()->isVisible());
    QVERIFY(w.window.alarmPanel()->moreButton()->isVisible());
    // The palette reaches the widgets through posted events.
    QTRY_COMPARE(backgroundIn(w.window.grab().toImage(), QRect(QPoint(0, 0), w.window.size())), QColor(Qt::white));
    // The cards as the class sees them, folded for the view (ConsumerPanel::isFoldingPending()):
    // before, a card cut by the view's edge may show a strip of its × button with no glyph in it.
    QTRY_VERIFY(!w.window.consumerPanel()->isFoldingPending());
    const QImage image = w.window.grab().toImage();
    QStringList problems;
    problems << unreadable(w.window.alarmPanel(), &w.window, image, QStringLiteral("alarm banner"));
    problems << unreadable(w.window.consumerPanel(), &w.window, image, QStringLiteral("consumers"));
    problems << unreadable(w.window.statusBar(), &w.window, image, QStringLiteral("status bar"));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QToolBar *bar = w.window.findChild<QToolBar *>();
    for (QAction *action : {w.window.runPauseAction(), w.window.stepAction(), w.window.resetAction()}) {
        const double c = iconContrast(bar, action, image, &w.window);
        QVERIFY2(c >= 3, qPrintable(QStringLiteral("%1: icon contrast %2").arg(action->text()).arg(c)));
    }
    w.window.presentationMode()->leave();
}

void TestContrast::toolbarIconsFollowThePalette_data()
{
    QTest::addColumn<int>("mode");
    QTest::newRow("dark window") << 0;
    QTest::newRow("light window") << 1;
    QTest::newRow("high contrast window") << 2;
    QTest::newRow("dark, then high contrast") << 3;
}

void TestContrast::toolbarIconsFollowThePalette()
{
    QFETCH(int, mode);
    LessonWithAlarm w;
    const QPalette palettes[] = {darkPalette(), lightPalette(), PresentationMode::highContrastPalette()};
    if (mode == 3)
        w.window.setPalette(darkPalette());
    w.window.setPalette(palettes[std::min(mode, 2)]);
    QVERIFY(w.ready());
    QToolBar *bar = w.window.findChild<QToolBar *>();
    QVERIFY(bar);
    const QImage image = w.window.grab().toImage();
    for (QAction *action : {w.window.runPauseAction(), w.window.stepAction(), w.window.resetAction()}) {
        const double c = iconContrast(bar, action, image, &w.window);
        QVERIFY2(c >= 3, qPrintable(QStringLiteral("%1: icon contrast %2").arg(action->text()).arg(c)));
    }
    // A disabled icon (Undo before any edit) still shows, fainter.
    QVERIFY(!w.window.undoAction()->isEnabled());
    // The toolbar's "»", which holds Open and Save on a narrow screen, in the buttons' text
    // colour: dark grey on a dark GTK theme at 1024x768 before, nearly invisible.
    auto *extension = bar->findChild<QToolButton *>(QStringLiteral("qt_toolbar_ext_button"));
    QVERIFY(extension);
    const QColor ink = palettes[std::min(mode, 2)].color(QPalette::Active, QPalette::ButtonText);
    const QImage glyph = extension->icon().pixmap(QSize(16, 16)).toImage().convertToFormat(QImage::Format_ARGB32);
    int inked = 0;
    QStringList others;
    for (int y = 0; y < glyph.height(); ++y) {
        for (int x = 0; x < glyph.width(); ++x) {
            const QColor c = glyph.pixelColor(x, y);
            if (c.alpha() < 128)
                continue;
            const int distance = std::abs(c.red() - ink.red()) + std::abs(c.green() - ink.green()) + std::abs(c.blue() - ink.blue());
            if (distance <= 24)
                ++inked;
            else
                others << c.name();
        }
    }
    QVERIFY2(inked > 0 && others.isEmpty(),
             qPrintable(QStringLiteral("ink %1, %2 pixels in it, others: %3").arg(ink.name()).arg(inked).arg(others.join(QLatin1Char(' ')))));
}

void TestContrast::undoRedoIconsAreCurvedArrows_data()
{
    addDesktopPalettes();
}

void TestContrast::undoRedoIconsAreCurvedArrows()
{
    // A trial under Qt's own style with no icon theme (offscreen, -style Fusion): Undo and Redo
    // showed filled discs, the style's round arrow buttons drawn as one-colour glyphs. Without a
    // theme's edit-undo they are curved arrows drawn in the buttons' text colour
    // (ThemedIcon::drawnUndoArrow(), docs/design.md §8, colours).
    QFETCH(QPalette, palette);
    const QString theme = QIcon::themeName();
    const auto restore = qScopeGuard([theme] { QIcon::setThemeName(theme); });
    QIcon::setThemeName(QStringLiteral("prioritylab-no-such-theme"));
    QVERIFY(!QIcon::hasThemeIcon(QStringLiteral("edit-undo")));
    ScenarioWindow w(QStringLiteral(":/scenarios/reference-priority.json"));
    w.window.setPalette(palette);
    QVERIFY(w.exposed());
    const QColor ink = palette.color(QPalette::Active, QPalette::ButtonText);

    const QSize size(32, 32);
    const auto alphaOf = [size](QAction *action) {
        return action->icon().pixmap(size).toImage().convertToFormat(QImage::Format_ARGB32);
    };
    const QImage undo = alphaOf(w.window.undoAction());
    const QImage redo = alphaOf(w.window.redoAction());
    QCOMPARE(undo.size(), size);
    QCOMPARE(redo.size(), size);
    QRect bounds;
    int opaque = 0;
    int mirrored = 0;
    int differing = 0;
    for (int y = 0; y < size.height(); ++y) {
        for (int x = 0; x < size.width(); ++x) {
            const QColor c = undo.pixelColor(x, y);
            const int mirror = redo.pixelColor(size.width() - 1 - x, y).alpha();
            mirrored += std::abs(c.alpha() - mirror) > 64 ? 1 : 0;
            differing += std::abs(c.alpha() - redo.pixelColor(x, y).alpha()) > 64 ? 1 : 0;
            if (c.alpha() < 128)
                continue;
            ++opaque;
            bounds |= QRect(x, y, 1, 1);
            // In the buttons' text colour, so that it reads on a dark palette too.
            QVERIFY2(std::abs(c.red() - ink.red()) <= 2 && std::abs(c.green() - ink.green()) <= 2
                             && std::abs(c.blue() - ink.blue()) <= 2,
                     qPrintable(QStringLiteral("pixel %1,%2 is %3, not %4").arg(x).arg(y).arg(c.name(), ink.name())));
        }
    }
    // A stroke and a head, not a disc: a filled disc covers about 79 % of its bounding box.
    QVERIFY2(bounds.width() >= size.width() * 3 / 4 && bounds.height() >= size.height() * 3 / 4,
             qPrintable(QStringLiteral("%1x%2").arg(bounds.width()).arg(bounds.height())));
    const double fill = double(opaque) / (bounds.width() * bounds.height());
    QVERIFY2(fill < 0.55, qPrintable(QString::number(fill)));
    // Redo is Undo's mirror image, and not the same picture: the arrows point opposite ways.
    QVERIFY2(mirrored <= size.width() * size.height() / 100, qPrintable(QString::number(mirrored)));
    QVERIFY2(differing >= size.width() * size.height() / 10, qPrintable(QString::number(differing)));
    // Undo's head points left: its leftmost opaque pixels are in the upper half (the head), the
    // stroke's round turn on the right.
    int leftmostY = -1;
    for (int x = 0; x < size.width() && leftmostY < 0; ++x) {
        for (int y = 0; y < size.height(); ++y) {
            if (undo.pixelColor(x, y).alpha() >= 128) {
                leftmostY = y;
                break;
            }
        }
    }
    QVERIFY2(leftmostY >= 0 && leftmostY < size.height() / 2, qPrintable(QString::number(leftmostY)));
}

void TestContrast::alarmBannerFollowsThePalette()
{
    for (const QPalette &palette : {darkPalette(), lightPalette(), PresentationMode::highContrastPalette()}) {
        const AlarmPanel::Colors c = AlarmPanel::colorsFor(palette);
        QVERIFY(TextColors::contrast(c.text, c.background) >= TextColors::MinimumContrast);
        QVERIFY(TextColors::contrast(c.secondary, c.background) >= TextColors::MinimumContrast);
        // Dark on a light window, light on a dark one.
        QCOMPARE(TextColors::isDark(c.background), TextColors::isDark(palette));
    }
    LessonWithAlarm w;
    QVERIFY(w.ready());
    AlarmPanel *alarms = w.window.alarmPanel();
    QTRY_VERIFY(alarms->isVisible());
    const auto shown = [alarms](QWidget *widget) { return widget->palette().color(widget->foregroundRole()); };
    w.window.setPalette(darkPalette());
    QCOMPARE(shown(alarms->moreButton()), AlarmPanel::colorsFor(darkPalette()).text);
    w.window.setPalette(lightPalette());
    QCOMPARE(shown(alarms->moreButton()), AlarmPanel::colorsFor(lightPalette()).text);
}

void TestContrast::latencyClassesAreDistinct_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<bool>("dark");
    QTest::newRow("light window") << lightPalette() << false;
    QTest::newRow("dark window") << darkPalette() << true;
    QTest::newRow("presenting") << PresentationMode::highContrastPalette() << false;
}

void TestContrast::latencyClassesAreDistinct()
{
    // A teacher's trial on a projector: the latency chart's "high 7+" and "mid 4–6" lines (the
    // queue's lime drawn darkened to olive on white, and teal: CIE L* 61 and 59) were hard to
    // tell apart. The classes' colours are Okabe-Ito hues at lightness steps of their own: the
    // lines differ in lightness (L*) by 12 or more and in colour (ΔE) by 15 or more, with
    // normal colour vision and as the three kinds of dichromats see them, in every palette, and
    // each reaches 3:1 against the plot (docs/design.md §8, colours).
    LessonInRowPalette w;
    QVERIFY(w.exposed());
    const TimeSeriesChart *latency = w.window.chartPanel()->latencyChart();
    QCOMPARE(TextColors::isDark(latency->backgroundColor()), w.rowIsDark);
    const QList<PriorityClass> &classes = BrokerConfig::priorityClasses();
    QCOMPARE(int(classes.size()), int(ChartPanel::PriorityClassCount));
    QList<QColor> drawn;
    for (int c = 0; c < ChartPanel::PriorityClassCount; ++c) {
        const QColor defined = ChartPalette::priorityClass(c, w.rowIsDark);  // the sweep's latency chart too
        const int solid = ChartPanel::latencySeries(ChartPanel::PriorityClass(c), false);
        const int dashed = ChartPanel::latencySeries(ChartPanel::PriorityClass(c), true);
        QCOMPARE(latency->seriesColor(solid), ChartPalette::priorityClass(c));
        const QColor line = latency->drawnSeriesColor(solid);
        QCOMPARE(latency->drawnSeriesColor(dashed), line);  // p50 and p95 of a class alike
        QVERIFY2(TextColors::contrast(line, latency->backgroundColor()) >= TimeSeriesChart::LineContrast - 0.01,
                 qPrintable(line.name()));
        QVERIFY2(std::abs(line.hslHue() - defined.hslHue()) <= 3, qPrintable(line.name() + QStringLiteral(" for ") + defined.name()));
        drawn << line;
    }
    QVERIFY(ChartPalette::priorityClass(-1, w.rowIsDark) == ChartPalette::priorityClass(2, w.rowIsDark));
    QStringList problems;
    for (const Vision vision : {Vision::Normal, Vision::Protan, Vision::Deutan, Vision::Tritan}) {
        for (int a = 0; a < drawn.size(); ++a) {
            for (int b = a + 1; b < drawn.size(); ++b) {
                const Lab x = labOf(asSeenWith(drawn.at(a), vision));
                const Lab y = labOf(asSeenWith(drawn.at(b), vision));
                const double lightness = std::abs(x.l - y.l);
                const double distance = std::hypot(x.l - y.l, x.a - y.a, x.b - y.b);
                if (lightness < 12 || distance < 15)
                    problems << QStringLiteral("vision %1: %2 and %3: ΔL* %4, ΔE %5")
                                        .arg(int(vision))
                                        .arg(drawn.at(a).name(), drawn.at(b).name())
                                        .arg(lightness, 0, 'f', 1)
                                        .arg(distance, 0, 'f', 1);
            }
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS")) {
        // The aging lesson, where the three classes wait differently, as a picture to look at.
        ScenarioWindow shot(QStringLiteral(":/scenarios/lesson-aging.json"), QSize(1280, 720));
        shot.window.setPalette(w.rowPalette);
        QVERIFY(shot.exposed());
        shot.runLesson(200);
        shot.window.chartPanel()->showChart(QStringLiteral("latency"));
        turnEventLoop(5);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        shot.window.grab().save(QStringLiteral("/tmp/classes-%1.png").arg(tag));
    }
}

void TestContrast::queueTilesStandOutFromTheView_data()
{
    latencyClassesAreDistinct_data();
}

void TestContrast::queueTilesStandOutFromTheView()
{
    // A trial under a dark palette: the tiles of priorities ≤0 to 2 (viridis' dark purples) were
    // dark on the dark view, hard to see; on white the yellow of 9+ has 1.2:1. Every tile's edge,
    // as drawn, stands out from the view's background by 3:1 (WCAG 2.x non-text contrast) in
    // every palette; the fill keeps the scale's colour (docs/design.md §8, colours).
    LessonInRowPalette w;
    QVERIFY(w.ready());
    auto *view = w.window.findChild<QueueTilesView *>();
    QVERIFY(view);
    const QColor background = view->viewport()->palette().color(QPalette::Base);
    QCOMPARE(TextColors::isDark(background), w.rowIsDark);
    // Queued tiles drawn on the view as seen: their edge's pixels against the view's.
    QStringList problems;
    for (int priority = PriorityPalette::minPriority() - 1; priority <= PriorityPalette::maxPriority() + 1; ++priority) {
        for (const bool requeued : {false, true}) {
            Message m;
            m.priority = priority;
            m.ttl = 3;
            m.requeued = requeued;
            const QImage tile = view->tilePixmap(m).toImage();
            const qreal dpr = tile.devicePixelRatio();
            const int w1 = tile.width() - 1, h1 = tile.height() - 1, inside = qRound(dpr);  // the edge's second pixel
            const QPoint edge[] = {{inside, tile.height() / 2}, {w1 - inside, tile.height() / 2},
                                   {tile.width() / 2, inside}, {tile.width() / 2, h1 - inside}};
            for (const QPoint &at : edge) {
                const QColor pixel = tile.pixelColor(at);
                const double c = TextColors::contrast(pixel, background);
                if (c < PriorityPalette::EdgeContrast - 0.05)
                    problems << QStringLiteral("priority %1%2 at %3,%4: %5 on %6, %7:1")
                                        .arg(priority)
                                        .arg(requeued ? QStringLiteral(" (requeued)") : QString())
                                        .arg(at.x())
                                        .arg(at.y())
                                        .arg(pixel.name(), background.name())
                                        .arg(c, 0, 'f', 2);
            }
            // The fill is the scale's colour: the middle of the tile's top row of text aside.
            QCOMPARE(tile.pixelColor(qRound(4 * dpr), tile.height() / 2), PriorityPalette::color(priority));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    if (qEnvironmentVariableIsSet("PRIORITYLAB_SHOTS")) {
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        w.window.grab().save(QStringLiteral("/tmp/tiles-%1.png").arg(tag));
    }
}

QTEST_MAIN(TestContrast)
#include "tst_contrast.moc"
