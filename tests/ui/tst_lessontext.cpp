// A step of a lesson is read whole, without scrolling, in the main window of a classroom screen
// (1024x768, 1280x720), in the window and presenting (the lesson panel of
// docs/scenario-format.md, "steps"). The charts, the journey's tab group and the queue keep
// their room beside it.
#include "core/analysis/lesson.h"
#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "ui/charts/chartpanel.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/queue/queuetilesview.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/zoom.h"
#include "ui/setup/scenarioinfo.h"
#include "tests/datatable.h"
#include "tests/testsupport.h"
#include "tests/ui/scenariowindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextDocument>
#include <QWindow>

#include <algorithm>
#include <cmath>

using namespace PriorityLab;

namespace {

/// The width of the dock named @p name of @p window (0 if hidden).
int dockWidth(const MainWindow &window, const char *name)
{
    const auto *dock = window.findChild<QDockWidget *>(QLatin1String(name));
    return dock && dock->isVisible() ? dock->width() : 0;
}

/// The bottom docks' sizes, for a failure message.
QString docksText(const MainWindow &window)
{
    QStringList parts;
    for (const char *name : {"chartsDock", "journeyDock", "eventLogDock", "deadLettersDock", "lessonDock"}) {
        const auto *dock = window.findChild<QDockWidget *>(QLatin1String(name));
        if (dock && dock->isVisible())
            parts << QStringLiteral("%1 %2x%3").arg(QLatin1String(name)).arg(dock->width()).arg(dock->height());
    }
    return QStringLiteral("window %1x%2: %3").arg(window.width()).arg(window.height()).arg(parts.join(QStringLiteral(", ")));
}

} // namespace

class TestLessonText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyStepWholeWithoutScrolling_data()
    {
        TestSupport::addColumns<QString, QSize, bool>("file", "size", "presenting");
        for (const QString &file : TestSupport::presetFiles()) {
            if (TestSupport::loadPreset(file).steps.isEmpty())
                continue;
            for (const QSize size : {QSize(1024, 768), QSize(1280, 720)}) {
                for (const bool presenting : {false, true})
                    QTest::addRow("%s %dx%d%s", qPrintable(file), size.width(), size.height(),
                                  presenting ? " presenting" : "")
                            << TestSupport::presetPath(file) << size << presenting;
            }
        }
    }

    void everyStepWholeWithoutScrolling()
    {
        // At 1024x768 the Lesson dock was about 220 px wide and every step of every lesson
        // stopped behind "▼ More below"; at 1280x720 some did, step 3 of the TTL lesson after
        // Back too. Walked as a class walks it (each step run to its end, the next entered on
        // that cycle, then Back to the first), every step's text shows whole, also paused at
        // the step's end, where the line under it says more: the text needs no scroll bar and
        // no cue. The charts, the journey's tab group and the queue's tiles
        // keep their room.
        QFETCH(QString, file);
        QFETCH(QSize, size);
        QFETCH(bool, presenting);
        // On a screen of that size (main() gives the offscreen platform one of each): full
        // screen and presentation mode's zoom are those of a classroom's screen.
        QScreen *screen = nullptr;
        for (QScreen *s : QGuiApplication::screens()) {
            if (s->size() == size)
                screen = s;
        }
        QVERIFY2(screen, "no offscreen screen of that size");
        TestSupport::ScenarioWindow w(file);
        w.window.windowHandle()->setScreen(screen);
        w.window.move(screen->geometry().topLeft());
        // In a window, the maximized window of a desktop: the screen less its title bar (openbox
        // gives 1024x749 and 1280x701); presenting, the whole screen.
        const QSize windowSize = presenting ? size : size - QSize(0, 19);
        QVERIFY(w.activeAt(windowSize.width(), windowSize.height()));
        QCOMPARE(w.window.screen(), screen);
        if (presenting) {
            w.press(Qt::Key_F11);
            QVERIFY(w.window.presentationMode()->isActive());
            QCOMPARE(w.window.zoom()->percent(), PresentationMode::zoomPercentFor(size));
        }
        QTRY_COMPARE(w.window.size(), presenting ? size : windowSize);
        LessonPanel *lesson = w.window.lessonPanel();
        QTRY_VERIFY(lesson->isVisible());
        QTextBrowser *text = lesson->textView();
        QStringList over;
        const auto check = [&](const QString &how) {
            w.window.refreshViews();
            for (int i = 0; i < 5; ++i) {  // the layouts, the queued arrangement and its fit
                QCoreApplication::sendPostedEvents();
                QCoreApplication::processEvents();
            }
            const int hidden = text->verticalScrollBar()->maximum();
            const QString where = QStringLiteral("step %1 %2 (panel %3x%4, text %5x%6)")
                                          .arg(lesson->currentStep() + 1)
                                          .arg(how)
                                          .arg(lesson->width())
                                          .arg(lesson->height())
                                          .arg(text->viewport()->width())
                                          .arg(text->viewport()->height());
            if (hidden > 0 || lesson->moreHint()->isVisible())
                over << QStringLiteral("%1: %2 px below").arg(where).arg(hidden);
            for (QLabel *label : {lesson->headingLabel(), lesson->progressLabel()}) {
                if (label->heightForWidth(label->width()) > label->height())
                    over << QStringLiteral("%1: cut: %2").arg(where, label->text());
            }
        };
        // Forward: each step entered on the cycle its previous one ended, as Next does.
        check(QStringLiteral("entered"));
        Simulation *sim = w.sim();
        const auto runToEnd = [&](const LessonStep &step) {
            for (int ran = 0; !lessonStepDone(step, *sim) && ran < 5000 && !sim->isFinished(); ++ran)
                lesson->runCycles(1);
        };
        while (lesson->currentStep() + 1 < lesson->stepCount()) {
            const int step = lesson->currentStep();
            const LessonStep &shown = sim->loadedScenario().steps.at(step);
            if (!shown.untilCycle && !shown.until) {
                lesson->next();  // a step without an end: Next enters the next one and runs it
                sim->pause();
            } else {
                // Paused on its end, as the run pauses there: the line under the text says
                // "Step done: Next (Page Down) goes on." and takes a second line at these
                // widths; the text stays whole (it was cut behind "▼ More below").
                runToEnd(shown);
                check(QStringLiteral("at its end"));
            }
            for (int ran = 0; lesson->currentStep() == step && ran < 5000 && !sim->isFinished(); ++ran)
                lesson->runCycles(1);
            QVERIFY2(lesson->currentStep() == step + 1, qPrintable(QStringLiteral("step %1 never ended").arg(step + 1)));
            check(QStringLiteral("entered"));
        }
        // The last step at its end ("Step done: end of the lesson.").
        if (const LessonStep &last = sim->loadedScenario().steps.at(lesson->currentStep()); last.untilCycle || last.until) {
            runToEnd(last);
            check(QStringLiteral("at its end"));
        }
        // Back (Page Up) to the first: each step replayed from cycle 0.
        while (lesson->currentStep() > 0) {
            const int step = lesson->currentStep();
            w.press(Qt::Key_PageUp);
            QTRY_COMPARE(lesson->currentStep(), step - 1);
            check(QStringLiteral("after Back"));
            // The replay scrolled the left column down a few pixels, the lesson's title sliced
            // at the top: the title's top stays inside the column's viewport.
            const ScenarioInfo *info = w.window.scenarioInfo();
            const auto *column = w.window.findChild<QScrollArea *>(QStringLiteral("centralScroll"));
            QVERIFY(info && column);
            if (info->isVisible()) {
                const int top = info->mapTo(column->viewport(), QPoint(0, 0)).y();
                if (top < 0)
                    over << QStringLiteral("step %1 after Back: title %2 px above the column's top")
                                    .arg(lesson->currentStep() + 1)
                                    .arg(-top);
            }
        }
        QVERIFY2(over.isEmpty(), qPrintable(docksText(w.window) + QStringLiteral("; ") + over.join(QStringLiteral("; "))));

        // The rest stays usable: charts wide enough for a plot, the journey's group for its
        // tables (in the window), the queue's tiles in sight.
        const int charts = dockWidth(w.window, "chartsDock");
        QVERIFY2(charts >= 280, qPrintable(docksText(w.window)));  // as wide as before at 1024x768
        const int group = std::max({dockWidth(w.window, "journeyDock"), dockWidth(w.window, "eventLogDock"),
                                    dockWidth(w.window, "deadLettersDock")});
        if (!presenting)
            QVERIFY2(group >= 450, qPrintable(docksText(w.window)));
        if (!presenting && size.width() >= 1280)
            QVERIFY2(charts >= 320, qPrintable(docksText(w.window)));
        auto *tiles = w.window.findChild<QueueTilesView *>();
        QVERIFY(tiles);
        QVERIFY2(tiles->isVisible() && tiles->height() >= 60,
                 qPrintable(QStringLiteral("tiles %1 px high; %2").arg(tiles->height()).arg(docksText(w.window))));
    }

    void editByHandKeepsTheTextWhole_data()
    {
        QTest::addColumn<int>("width");
        QTest::addRow("the lesson's dock at 1024x768: 235 px") << 235;
        QTest::addRow("at 1280x720: 390 px") << 390;
    }

    void editByHandKeepsTheTextWhole()
    {
        // A trial at 1024x768 (openbox, maximized), the aging lesson's step 2 running: an edit
        // by hand added "✎ 1 edit by hand; the text is without it." under the step's status, two
        // lines the panel had no room for, and the step's text went behind "More below". In a
        // panel as low as shows the text whole, the edit's mark shares the status's line
        // ("✎ 1"), or the title's; the whole sentence is in the tooltip, and on lines of its own where the text
        // has them to spare.
        QFETCH(int, width);
        LessonStep step;
        step.title = QStringLiteral("The rush");
        step.text = QStringLiteral("From cycle 30 the rush producer adds 6 urgent messages (priority 7 to 9) per "
                                   "cycle. The three consumers take one batch of 3 each per cycle, 9 deliveries, "
                                   "and postponements use some of them: the backlog grows by about 2 messages per "
                                   "cycle, to 234 at cycle 130. In a FIFO queue urgent messages wait behind "
                                   "everything else.");
        step.untilCycle = 130;
        const auto whole = [](LessonPanel &shown) {
            for (int i = 0; i < 3; ++i) {
                QCoreApplication::sendPostedEvents();
                QCoreApplication::processEvents();
            }
            return shown.textView()->verticalScrollBar()->maximum() == 0 && !shown.moreHint()->isVisible();
        };
        // The lowest panel that shows the text whole (walked down; the cue, once shown, keeps
        // its row: a second panel is given that height).
        int height = 600;
        {
            Simulation sim;
            LessonPanel probe(&sim);
            probe.setSteps({step});
            probe.resize(width, height);
            static_cast<QWidget &>(probe).show();  // LessonPanel::show(int) shows a step
            QVERIFY(QTest::qWaitForWindowExposed(&probe));
            QVERIFY(whole(probe));
            for (; height > 100; --height) {
                probe.resize(width, height - 1);
                if (!whole(probe))
                    break;
            }
        }
        Simulation sim;
        LessonPanel panel(&sim);
        panel.setSteps({step});
        panel.resize(width, height);
        static_cast<QWidget &>(panel).show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTextBrowser *text = panel.textView();
        QVERIFY2(whole(panel), qPrintable(QString::number(height)));
        const QString status = panel.progressLabel()->text();
        QVERIFY(!status.contains(QStringLiteral("✎")));
        panel.setHandEdits(1);
        const QString where = QStringLiteral("panel %1x%2: \"%3\", %4 px below")
                                      .arg(width).arg(height)
                                      .arg(panel.progressLabel()->text())
                                      .arg(text->verticalScrollBar()->maximum());
        QVERIFY2(whole(panel), qPrintable(where));
        // The mark in sight: beside the status, or beside the title where the status fills its line.
        QVERIFY2(panel.progressLabel()->text().contains(QStringLiteral("✎ 1"))
                         || panel.headingLabel()->text() == step.title + QStringLiteral(" ✎ 1"),
                 qPrintable(where + QStringLiteral(", heading \"%1\"").arg(panel.headingLabel()->text())));
        QVERIFY2(panel.progressLabel()->toolTip().contains(QStringLiteral("✎ 1 edit by hand; the text is without it.")),
                 qPrintable(panel.progressLabel()->toolTip()));
        // With room to spare, the whole sentence under the status, as before.
        panel.resize(width, height + 200);
        QTRY_VERIFY2(panel.progressLabel()->text().contains(QStringLiteral("\n✎ 1 edit by hand; the text is without it.")),
                     qPrintable(panel.progressLabel()->text()));
        QVERIFY(whole(panel));
    }

    void headerMoreAndLessKeepTheLessonWhole()
    {
        // A trial at 1024x768 (openbox, maximized: 1024x749), the length-limit lesson at the
        // start of step 4, its text whole: More on the lesson's title (the description and the
        // hint) overflowed the left column, which took the room from the docks' row, and Less
        // did not give it back; the step's text went behind "▼ More below". The unfolded header
        // scrolls in its column (as the alarm banner's does): the docks keep their place and
        // size, and the text stays whole, during More and after Less.
        TestSupport::ScenarioWindow w(TestSupport::presetPath(QStringLiteral("lesson-max-length-drops-urgent.json")));
        QVERIFY(w.activeAt(1024, 749));
        w.runLesson(160);  // step 3 at its end
        LessonPanel *lesson = w.window.lessonPanel();
        lesson->next();  // Page Down: step 4, which has no end, entered on cycle 160
        w.sim()->pause();
        QCOMPARE(lesson->currentStep(), 3);
        QCOMPARE(w.sim()->cycle(), 160);
        const auto whole = [lesson] {
            return lesson->textView()->verticalScrollBar()->maximum() == 0 && !lesson->moreHint()->isVisible();
        };
        TestSupport::settleLayouts();
        const QString before = w.dockGeometries();
        QVERIFY2(whole(), qPrintable(before));
        ScenarioInfo *info = w.window.scenarioInfo();
        auto *more = info->findChild<QToolButton *>(QStringLiteral("scenarioInfoMore"));
        QVERIFY(more && more->isVisible() && info->isFolded());
        more->setFocus(Qt::TabFocusReason);  // F6 there, then Enter
        QTest::keyClick(more, Qt::Key_Return);
        QVERIFY(!info->isFolded());
        TestSupport::settleLayouts();
        QCOMPARE(w.dockGeometries(), before);
        QVERIFY2(whole(), qPrintable(w.dockGeometries()));
        QTest::keyClick(more, Qt::Key_Return);
        QVERIFY(info->isFolded());
        TestSupport::settleLayouts();
        QCOMPARE(w.dockGeometries(), before);
        QVERIFY2(whole(), qPrintable(w.dockGeometries()));
    }

    void textWholeAgainOnceThePanelGrowsBack()
    {
        // Lowered for a moment (the docks' row given to the column, a splitter dragged), the
        // panel showed "▼ More below" and the text's scroll bar; grown back to its height, it
        // kept both: the text, narrower by the bar and shorter by the cue's row, took a line
        // more than it has (a trial at 1024x768, the length-limit lesson's step 4). Grown back,
        // the panel shows the text whole again, as before it was lowered.
        LessonStep step;
        step.title = QStringLiteral("What a length limit is for");
        step.text = QStringLiteral("A length limit protects the broker's memory, but it is no priority rule: "
                                   "drop-head throws away the oldest message of a plain queue and the most urgent "
                                   "of a priority queue; reject-publish pushes the problem back to the producers. "
                                   "Neither adds capacity. Try a second consumer (or a larger Max length) and "
                                   "watch the refusals stop: the queue no longer fills.");
        const auto whole = [](const LessonPanel &panel) {
            return panel.textView()->verticalScrollBar()->maximum() == 0 && !panel.moreHint()->isVisible();
        };
        // At widths about the lesson dock's at 1024x768: the lowest panel that shows the text
        // whole (walked down; a second panel is given that height), where a scroll bar's width
        // takes a line more (elsewhere the bar alone never stays).
        int checked = 0;
        for (int width = 230; width <= 330; width += 4) {
            Simulation sim;
            int height = 500;
            {
                LessonPanel probe(&sim);
                probe.setSteps({step});
                probe.resize(width, height);
                static_cast<QWidget &>(probe).show();  // LessonPanel::show(int) shows a step
                QVERIFY(QTest::qWaitForWindowExposed(&probe));
                TestSupport::settleLayouts();
                QVERIFY(whole(probe));
                for (; height > 100; --height) {
                    probe.resize(width, height - 1);
                    TestSupport::settleLayouts();
                    if (!whole(probe))
                        break;
                }
            }
            LessonPanel panel(&sim);
            panel.setSteps({step});
            panel.resize(width, height);
            static_cast<QWidget &>(panel).show();
            QVERIFY(QTest::qWaitForWindowExposed(&panel));
            TestSupport::settleLayouts();
            QVERIFY(whole(panel));
            QTextDocument narrower;
            narrower.setDefaultFont(panel.textView()->document()->defaultFont());
            narrower.setPlainText(step.text);
            narrower.setTextWidth(panel.textView()->viewport()->width());
            const int full = int(std::ceil(narrower.size().height()));
            narrower.setTextWidth(panel.textView()->viewport()->width()
                                  - panel.textView()->verticalScrollBar()->sizeHint().width());
            if (int(std::ceil(narrower.size().height())) <= full)
                continue;  // the bar's width takes no line here
            ++checked;
            panel.resize(width, height - 40);
            TestSupport::settleLayouts();
            QVERIFY(!whole(panel));
            panel.resize(width, height);
            TestSupport::settleLayouts();
            QVERIFY2(whole(panel), qPrintable(QStringLiteral("panel %1x%2: %3 px below, cue %4")
                                                      .arg(width).arg(height)
                                                      .arg(panel.textView()->verticalScrollBar()->maximum())
                                                      .arg(panel.moreHint()->isVisible())));
        }
        QVERIFY(checked > 0);  // the walk reached widths where the bar takes a line
    }

    void moreBelowOnlyWhileALineIsHidden()
    {
        // Presenting at 1024x768, "▼ More below" and a scroll bar showed under a step read
        // whole: the 4 px margin under the last line was all that was "below". Whatever the
        // panel's height, the cue shows only while a line of the text is out of sight.
        Simulation sim;
        LessonPanel panel(&sim);
        LessonStep step;
        step.title = QStringLiteral("Short lines");
        step.text = QStringLiteral("one\ntwo\nthree\nfour\nfive\nsix");  // no wrapping at any width
        panel.setSteps({step});
        panel.resize(300, 600);
        static_cast<QWidget &>(panel).show();  // LessonPanel::show(int) shows a step
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTextBrowser *text = panel.textView();
        QTextDocument *document = text->document();
        const int lines = int(std::ceil(document->documentLayout()->blockBoundingRect(document->lastBlock()).bottom()));
        // Walked down a pixel at a time: where the cue comes, with its row (which takes a line
        // from the text), the view a pixel lower than the height before, without that row, would
        // have hidden a line; where it is not, no line is hidden and nothing scrolls.
        int cued = 0;
        int viewBefore = -1;  // the view's height one pixel higher, the cue hidden
        for (int height = 600; height > 120; --height) {
            panel.resize(300, height);
            for (int i = 0; i < 3; ++i) {
                QCoreApplication::sendPostedEvents();
                QCoreApplication::processEvents();
            }
            const int view = text->viewport()->height();
            const QString where = QStringLiteral("panel %1 px high: text to %2 px in a view %3 px high (%4 before), scrolls %5 px")
                                          .arg(height)
                                          .arg(lines)
                                          .arg(view)
                                          .arg(viewBefore)
                                          .arg(text->verticalScrollBar()->maximum());
            if (!panel.moreHint()->isVisible()) {
                QVERIFY2(lines <= view && text->verticalScrollBar()->maximum() == 0, qPrintable(where));
                viewBefore = view;
                continue;
            }
            if (cued++ == 0)
                QVERIFY2(lines > viewBefore - 1, qPrintable(QStringLiteral("the cue came too soon: ") + where));
        }
        QVERIFY(cued > 0);  // the walk reached heights where a line is hidden
    }
};

int main(int argc, char **argv)
{
    // The offscreen platform's one screen is 800x600: two classroom screens instead, side by
    // side, so that a window shown full screen (presentation mode) has a classroom's size.
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("screens.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(config));
    file.write(R"({"synchronousWindowSystemEvents": false, "windowFrameMargins": false, "screens": [
        {"name": "classroom-1024", "x": 0, "y": 0, "width": 1024, "height": 768, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
        {"name": "projector-1280", "x": 1024, "y": 0, "width": 1280, "height": 720, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", QByteArrayLiteral("offscreen:configfile=") + QFile::encodeName(config));
    QApplication app(argc, argv);
    QTEST_SET_MAIN_SOURCE_PATH
    TestLessonText test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_lessontext.moc"
