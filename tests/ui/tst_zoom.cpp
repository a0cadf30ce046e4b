// View > Zoom: the application font and the widgets' own fonts scale by the same ratio, clamped,
// back to the exact start at Actual Size; widgets created later start from the zoomed font.
// Presentation mode: full screen, zoomed, high contrast, only the kept docks; leaving restores all.
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/zoom.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/lessons/lessonpanel.h"
#include "tests/ui/scenariowindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QLabel>
#include <QScreen>
#include <QSignalSpy>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

using namespace PriorityLab;

class TestZoom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ownFontsOfPartsScaledOnce()
    {
        // A dock has a font of its own that sets no size (it only draws its title: MainWindow),
        // a bold label inside it one that sets the weight only. Scaling the dock's font first
        // gave the label the zoomed size, and its own turn scaled that again: presenting at
        // 120 %, one consumer card's warning at 144 %, in whatever order the widgets came.
        // Many such pairs, so that both orders occur.
        const QFont start = QApplication::font();
        QWidget window;
        QList<QLabel *> bold;
        for (int i = 0; i < 40; ++i) {
            auto *dock = new QWidget(&window);
            QFont strategy = dock->font();
            strategy.setStyleStrategy(QFont::PreferAntialias);
            dock->setFont(strategy);
            auto *label = new QLabel(QStringLiteral("warning"), dock);
            QFont f = label->font();
            f.setBold(true);
            label->setFont(f);
            bold << label;
        }
        Zoom zoom;
        for (const int percent : {120, 150, 100}) {
            zoom.setPercent(percent);
            for (QLabel *label : std::as_const(bold)) {
                QCOMPARE(label->font().pointSizeF(), start.pointSizeF() * percent / 100);
                QVERIFY(label->font().bold());
            }
        }
    }

    void presentingScalesEveryFontOnce()
    {
        // Presenting (docs/design.md §8) lesson-aging at 1280x720 (120 %) at cycle 260: the three
        // cards' starvation warnings were drawn in two sizes, one ~20 % larger and cut by the
        // dock. Every widget of the window keeps the proportion its font had to the
        // application's at 100 %, presenting and back at 100 % after it.
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-aging.json"));
        QVERIFY(w.activeAt(1280, 720));
        w.window.lessonPanel()->runCycles(260);
        w.window.refreshViews();
        const auto ratios = [&w] {
            QHash<QWidget *, qreal> r;
            for (QWidget *widget : w.window.findChildren<QWidget *>()) {
                // Not a combo box's popup list; not a table's corner button, Qt's, which draws
                // no text (it keeps the font it was made with).
                if (widget->window() == &w.window && !widget->inherits("QTableCornerButton"))
                    r.insert(widget, widget->font().pointSizeF() / QApplication::font().pointSizeF());
            }
            return r;
        };
        const QHash<QWidget *, qreal> before = ratios();
        w.presentAt(QSize(1280, 720), PresentationMode::zoomPercentFor(QSize(1280, 720)));
        QVERIFY(!QTest::currentTestFailed());
        QCOMPARE(w.window.zoom()->percent(), 120);
        const auto verifyRatios = [&](const char *when) {
            const QHash<QWidget *, qreal> after = ratios();
            QStringList wrong;
            for (auto it = before.cbegin(); it != before.cend(); ++it) {
                if (after.contains(it.key()) && qAbs(after.value(it.key()) - it.value()) >= 0.01) {
                    const QWidget *parent = it.key()->parentWidget();
                    wrong << QStringLiteral("%1 \"%2\" in %3 \"%4\": %5 of the application's font, %6 before")
                                     .arg(QString::fromLatin1(it.key()->metaObject()->className()), it.key()->objectName(),
                                          QString::fromLatin1(parent->metaObject()->className()), parent->objectName())
                                     .arg(after.value(it.key())).arg(it.value());
                }
            }
            QVERIFY2(wrong.isEmpty(), qPrintable(QString::fromLatin1(when) + QStringLiteral(": ") + wrong.join(QLatin1Char('\n'))));
        };
        verifyRatios("presenting");
        QList<qreal> sizes;
        for (ConsumerCard *card : w.window.consumerPanel()->cards()) {
            for (QLabel *label : card->findChildren<QLabel *>()) {
                if (!card->warningText().isEmpty() && label->text() == card->warningText())
                    sizes << label->font().pointSizeF();
            }
        }
        QCOMPARE(sizes.size(), 3);
        QCOMPARE(sizes.at(1), sizes.at(0));
        QCOMPARE(sizes.at(2), sizes.at(0));
        w.leavePresenting();
        verifyRatios("back at 100 %");
    }

    void aboutToChangeComesBeforeTheFonts()
    {
        // MainWindow reads the charts dock's height at the zoom being left on aboutToChange():
        // read on changed(), after leaving presentation mode at 1280x720, it was 11 px more than
        // was shown (the zoomed fonts had made the layout apply the dock state put back), and
        // Ctrl+0 gave the bottom docks that height. The signal comes with the zoom left and
        // every font still as it was; changed() with the new zoom, the fonts scaled.
        const QFont start = QApplication::font();
        QWidget window;
        auto *label = new QLabel(QStringLiteral("label"), &window);
        Zoom zoom;
        QList<std::pair<int, qreal>> seen;
        connect(&zoom, &Zoom::aboutToChange, this, [&](int percent) { seen.append({percent, label->font().pointSizeF()}); });
        connect(&zoom, &Zoom::changed, this, [&](int percent) { seen.append({percent, label->font().pointSizeF()}); });
        zoom.setPercent(120);
        zoom.setPercent(120);  // no change, no signal
        zoom.actualSize();
        const QList<std::pair<int, qreal>> expected{{100, start.pointSizeF()}, {120, start.pointSizeF() * 1.2},
                                                    {120, start.pointSizeF() * 1.2}, {100, start.pointSizeF()}};
        QCOMPARE(seen, expected);
    }

    void toolbarIconsFollowTheZoom()
    {
        // Zooming out made the toolbar's icons bigger than at 100 %: they follow the zoom,
        // never larger for a smaller zoom, smaller below 100 %, back to the same size at 100 %.
        MainWindow window;
        window.setShowDialogs(false);
        window.show();
        auto *bar = window.findChild<QToolBar *>(QStringLiteral("runToolBar"));
        QVERIFY(bar);
        const auto side = [bar] {
            auto *run = qobject_cast<QToolButton *>(bar->widgetForAction(bar->actions().constFirst()));
            return run ? run->iconSize().height() : -1;
        };
        const int at100 = side();
        QVERIFY(at100 > 0);
        int previous = 0;
        for (int percent : {50, 70, 90, 100, 120, 150, 200}) {
            window.zoom()->setPercent(percent);
            QCoreApplication::processEvents();
            QVERIFY2(side() >= previous && (percent > 100 || side() > previous),
                     qPrintable(QStringLiteral("%1 %: %2 px after %3 px").arg(percent).arg(side()).arg(previous)));
            if (percent == 70)
                QVERIFY(side() < at100);
            previous = side();
        }
        window.zoom()->setPercent(100);
        QCOMPARE(side(), at100);
        window.zoom()->setPercent(100);
    }

    void scalesEveryFont()
    {
        const QFont start = QApplication::font();
        QVERIFY(start.pointSizeF() > 0);
        QWidget window;
        auto *plain = new QLabel(QStringLiteral("plain"), &window);
        auto *title = new QLabel(QStringLiteral("title"), &window);
        QFont big = title->font();
        big.setPointSizeF(big.pointSizeF() * 1.5);
        title->setFont(big);
        auto *pixels = new QLabel(QStringLiteral("pixels"), &window);
        QFont px = pixels->font();
        px.setPixelSize(20);
        pixels->setFont(px);

        // Under a style sheet, its own or its parent's (a caption's colour, the alarm banner).
        auto *coloured = new QLabel(QStringLiteral("coloured"), &window);
        coloured->setStyleSheet(QStringLiteral("color: #4b5563;"));
        auto *banner = new QWidget(&window);
        banner->setObjectName(QStringLiteral("banner"));
        banner->setStyleSheet(QStringLiteral("#banner QLabel { color: #2b1600; }"));
        auto *line = new QLabel(QStringLiteral("line"), banner);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(coloured->font().pointSizeF(), start.pointSizeF());
        QCOMPARE(line->font().pointSizeF(), start.pointSizeF());

        Zoom zoom;
        QSignalSpy changed(&zoom, &Zoom::changed);
        zoom.setPercent(150);
        QCOMPARE(coloured->font().pointSizeF(), start.pointSizeF() * 1.5);
        QCOMPARE(line->font().pointSizeF(), start.pointSizeF() * 1.5);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(zoom.percent(), 150);
        QCOMPARE(QApplication::font().pointSizeF(), start.pointSizeF() * 1.5);
        QCOMPARE(plain->font().pointSizeF(), start.pointSizeF() * 1.5);
        QCOMPARE(title->font().pointSizeF(), start.pointSizeF() * 1.5 * 1.5);
        QCOMPARE(pixels->font().pixelSize(), 30);
        QLabel later(QStringLiteral("later"));
        QCOMPARE(later.font().pointSizeF(), start.pointSizeF() * 1.5);

        zoom.zoomIn();
        QCOMPARE(zoom.percent(), 160);
        zoom.actualSize();
        QCOMPARE(zoom.percent(), 100);
        QCOMPARE(QApplication::font().pointSizeF(), start.pointSizeF());
        QCOMPARE(title->font().pointSizeF(), start.pointSizeF() * 1.5);
        QCOMPARE(pixels->font().pixelSize(), 20);
        QCOMPARE(coloured->font().pointSizeF(), start.pointSizeF());
        QCOMPARE(line->font().pointSizeF(), start.pointSizeF());

        zoom.setPercent(10000);
        QCOMPARE(zoom.percent(), Zoom::Maximum);
        zoom.setPercent(-5);
        QCOMPARE(zoom.percent(), Zoom::Minimum);
        const int count = changed.count();
        zoom.setPercent(Zoom::Minimum);  // no move, no signal
        QCOMPARE(changed.count(), count);
        zoom.actualSize();
    }

    // Presenting zooms as far as the presented window still fits, up to 150% (docs/design.md
    // §8, Presentation mode): 120% on a 1280x720 projector and a 1024x768 screen (130% cut the
    // queue's histogram at 720 lines, 125% the cards' labels at 1024 px), 150% on full HD.
    void presentationZoomFollowsTheScreen()
    {
        QCOMPARE(PresentationMode::zoomPercentFor(QSize(3840, 2160)), 150);
        QCOMPARE(PresentationMode::zoomPercentFor(QSize(1920, 1080)), 150);
        QCOMPARE(PresentationMode::zoomPercentFor(QSize(1600, 900)), 150);
        QCOMPARE(PresentationMode::zoomPercentFor(QSize(1366, 768)), 125);
        QCOMPARE(PresentationMode::zoomPercentFor(QSize(1024, 768)), 110);  // by the width
        QCOMPARE(PresentationMode::zoomPercentFor(QSize(1280, 720)), 120);  // by the height
        QCOMPARE(PresentationMode::zoomPercentFor(QSize(800, 600)), 100);
    }

    void presentationModeEntersAndLeavesWhole()
    {
        QMainWindow window;
        window.setCentralWidget(new QWidget);
        auto *queue = new QDockWidget(QStringLiteral("Queue"), &window);
        auto *log = new QDockWidget(QStringLiteral("Event log"), &window);
        queue->setObjectName(QStringLiteral("queueDock"));
        log->setObjectName(QStringLiteral("logDock"));
        window.addDockWidget(Qt::LeftDockWidgetArea, queue);
        window.addDockWidget(Qt::BottomDockWidgetArea, log);
        window.resize(640, 480);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QPalette palette = QApplication::palette();
        Zoom zoom;
        PresentationMode mode(&window, &zoom);
        mode.setKeptDocks({queue});
        QSignalSpy active(&mode, &PresentationMode::activeChanged);

        mode.toggle();
        QVERIFY(mode.isActive());
        QCOMPARE(active.count(), 1);
        QVERIFY(window.windowState() & Qt::WindowFullScreen);
        QCOMPARE(zoom.percent(), PresentationMode::zoomPercentFor(window.screen()->size()));
        QVERIFY(queue->isVisible());
        QVERIFY(!log->isVisible());
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
        QCOMPARE(QApplication::palette().color(QPalette::WindowText), QColor(Qt::black));

        mode.toggle();
        QVERIFY(!mode.isActive());
        QCOMPARE(active.count(), 2);
        QVERIFY(!(window.windowState() & Qt::WindowFullScreen));
        QCOMPARE(zoom.percent(), 100);
        QTRY_VERIFY(log->isVisible());
        QVERIFY(queue->isVisible());
        QCOMPARE(QApplication::palette(), palette);
        mode.leave();  // leaving twice changes nothing
        QCOMPARE(active.count(), 2);
    }
};

QTEST_MAIN(TestZoom)
#include "tst_zoom.moc"
