// Analysis > Sweep…: the settings of the live setup, a sweep in the background with progress and
// cancel, the chart and table, Apply (undoable), CSV export and the preset sweep files.
#include "ui/charts/stackedbarchart.h"
#include "ui/charts/timeserieschart.h"
#include "ui/common/highlightoverlay.h"
#include "ui/editing/setupeditor.h"
#include "ui/sweep/sweepdialog.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"
#include "ui/shell/shortcutguard.h"
#include "core/analysis/eventjson.h"

#include <QApplication>
#include <QAbstractItemView>
#include <QPushButton>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDir>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>
#include <QUndoStack>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {
/// The column of @p model whose header is @p label; -1 if none.
int column(const QStandardItemModel *model, const QString &label)
{
    for (int c = 0; c < model->columnCount(); ++c) {
        if (model->headerData(c, Qt::Horizontal).toString() == label)
            return c;
    }
    return -1;
}

/// The default preset in a simulation, its setup editor and a sweep dialog on that editor.
struct DialogRig
{
    /// Shows the dialog set to sweep @p setting over from..to by step for @p cycles cycles a
    /// point; false if the dialog does not offer the setting.
    bool prepare(const QString &setting, double from, double to, double step, int cycles)
    {
        dialog.show();
        if (!dialog.selectSetting(setting))
            return false;
        dialog.setRange(from, to, step);
        dialog.setCycles(cycles);
        return true;
    }

    /// prepare(), then runs the sweep to its end; false if it could not start or did not end.
    bool sweep(const QString &setting, double from, double to, double step, int cycles)
    {
        QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
        return prepare(setting, from, to, step, cycles) && dialog.start().isEmpty() && finished.wait(30000);
    }

    Simulation sim;
    QStringList problems = sim.load(loadPreset(QStringLiteral("default.json")));  ///< the preset's load problems
    SetupEditor editor{&sim};
    SweepDialog dialog{&editor};
};
} // namespace

class TestSweepDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void focusIsOutlined()
    {
        // As in the main window, the keyboard focus is outlined (a FocusFrame of its own).
        DialogRig rig;
        rig.dialog.show();
        QApplication::setActiveWindow(&rig.dialog);
        QVERIFY(QTest::qWaitForWindowActive(&rig.dialog));
        auto *frame = rig.dialog.findChild<HighlightOverlay *>(QStringLiteral("focusFrame"));
        QVERIFY(frame);
        auto *setting = rig.dialog.findChild<QComboBox *>();
        setting->setFocus(Qt::TabFocusReason);
        QTRY_COMPARE(frame->target(), setting);
        QVERIFY(frame->isVisible());
    }

    void listsTheNumericSettingsOfTheLiveSetup()
    {
        Simulation sim;
        PL_VERIFY_OK(sim.load(loadPreset(QStringLiteral("default.json"))));
        SetupEditor editor(&sim);
        PL_VERIFY_OK(editor.applySetting(QStringLiteral("consumers[0].strategy.threshold"), 6));
        SweepDialog dialog(&editor);
        auto *box = dialog.findChild<QComboBox *>();
        QVERIFY(box);
        const int index = box->findData(QStringLiteral("consumers[0].strategy.threshold"));
        QVERIFY(index >= 0);
        // The current value, with the edit.
        QCOMPARE(box->itemText(index), QStringLiteral("fast-lane: strategy.threshold = 6"));
        QVERIFY(box->findData(QStringLiteral("broker.batchSize")) >= 0);
        QVERIFY(box->findData(QStringLiteral("broker.cycleIntervalMs")) < 0);
        QVERIFY(box->findData(QStringLiteral("seed")) < 0);
    }

    void listsTheSettingsAsTheyRunNow()
    {
        // The sweep ran the file's start plus the edits by hand: a lesson step's settings
        // (lesson-aging's step 4 turns aging off) and the timeline's changes so far were not in
        // it. It sweeps what runs now (SetupEditor::runningScenario()), as File > Compare.
        Simulation sim;
        PL_VERIFY_OK(sim.load(loadPreset(QStringLiteral("lesson-aging.json"))));
        SetupEditor editor(&sim);
        const QString aging = QStringLiteral("consumers[0].strategy.agingStep");
        PL_VERIFY_OK(sim.applySetting(aging, 0));  // as the lesson's step does: no edit
        QCOMPARE(editor.undoStack()->count(), 0);
        SweepDialog dialog(&editor);
        auto *box = dialog.findChild<QComboBox *>();
        const int index = box->findData(aging);
        QVERIFY(index >= 0);
        QVERIFY2(box->itemText(index).endsWith(QStringLiteral("strategy.agingStep = 0")), qPrintable(box->itemText(index)));
        QVERIFY(dialog.selectSetting(QStringLiteral("broker.batchSize")));
        dialog.setRange(1, 2, 1);
        dialog.setCycles(300);
        QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
        PL_VERIFY_OK(dialog.start());
        QVERIFY(finished.wait(30000));
        // Each point is the setup with aging off and its batch size.
        Scenario agingOff = sim.currentScenario();
        agingOff.broker.batchSize = 1;
        Simulation point;
        PL_VERIFY_OK(point.load(agingOff));
        point.runCycles(300);
        QCOMPARE(dialog.result().points.constFirst().summary.value(QStringLiteral("totals")),
                 summaryToJson(point, 0).value(QStringLiteral("totals")));
    }

    void enterRunsTheSweep()
    {
        // With the app's keyboard policy (ShortcutGuard), Enter on the setting's list opened the
        // list. Enter runs the sweep from it and from the number fields (Run is the default).
        ShortcutGuard guard;
        qApp->installEventFilter(&guard);
        DialogRig rig;
        PL_VERIFY_OK(rig.problems);
        QVERIFY(rig.prepare(QStringLiteral("broker.batchSize"), 1, 2, 1, 50));
        QApplication::setActiveWindow(&rig.dialog);
        QVERIFY(QTest::qWaitForWindowActive(&rig.dialog));
        auto *setting = rig.dialog.findChild<QComboBox *>();
        QList<QWidget *> fields{setting};
        for (QDoubleSpinBox *box : rig.dialog.findChildren<QDoubleSpinBox *>())
            fields << box;
        QVERIFY(fields.size() >= 4);
        for (QWidget *field : std::as_const(fields)) {
            QSignalSpy finished(&rig.dialog, &SweepDialog::sweepFinished);
            field->setFocus(Qt::TabFocusReason);
            QTest::keyClick(field, Qt::Key_Return);
            QVERIFY2(!setting->view()->isVisible(), "Enter opened the list");
            QVERIFY2(rig.dialog.isRunning() || finished.count() == 1, field->metaObject()->className());
            QVERIFY(finished.count() == 1 || finished.wait(30000));
            QCOMPARE(rig.dialog.result().points.size(), 2);
        }
        qApp->removeEventFilter(&guard);
    }

    void runsInTheBackgroundAndApplies()
    {
        DialogRig rig;
        PL_VERIFY_OK(rig.problems);
        QVERIFY(rig.prepare(QStringLiteral("consumers[2].strategy.low"), 0, 4, 2, 200));
        QSignalSpy finished(&rig.dialog, &SweepDialog::sweepFinished);
        QSignalSpy progress(rig.dialog.runner(), &SweepRunner::progress);
        PL_VERIFY_OK(rig.dialog.start());
        QVERIFY(rig.dialog.isRunning());
        QVERIFY(finished.wait(30000));
        QVERIFY(!rig.dialog.isRunning());
        QVERIFY(progress.count() >= 2);
        QCOMPARE(progress.last().at(0).toInt(), 3);
        QCOMPARE(rig.dialog.result().points.size(), 3);
        QVERIFY(!rig.dialog.result().cancelled);

        // The chart shows the chosen figure against the swept value.
        QVERIFY(rig.dialog.setFigure(QStringLiteral("discarded")));
        QCOMPARE(rig.dialog.chart()->seriesCount(), 1);
        const QList<QPointF> points = rig.dialog.chart()->points(0);
        QCOMPARE(points.size(), 3);
        QCOMPARE(points.at(0), QPointF(0, 0));
        QCOMPARE(points.at(2).x(), 4.0);
        QVERIFY(points.at(2).y() > 0);  // a TTL range from 4 loses data
        QVERIFY(rig.dialog.littleText().startsWith(QLatin1String("Little's law: L = ")));

        // Apply the third point's value: one undoable step.
        rig.dialog.selectPoint(2);
        const int steps = rig.editor.undoStack()->count();
        PL_VERIFY_OK(rig.dialog.applySelected());
        QCOMPARE(rig.sim.settingValue(QStringLiteral("consumers[2].strategy.low")).toInt(), 4);
        QCOMPARE(rig.editor.undoStack()->count(), steps + 1);
        rig.editor.undoStack()->undo();
        QCOMPARE(rig.sim.settingValue(QStringLiteral("consumers[2].strategy.low")).toInt(), 0);

        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("sweep.csv"));
        PL_VERIFY_OK(rig.dialog.exportCsv(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), rig.dialog.result().toCsv());
        PL_VERIFY_OK(rig.dialog.exportPng(dir.filePath(QStringLiteral("sweep.png"))));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("sweep.png"))).size() > 1000);
    }

    void fatesAndReasonsMatchTheTable()
    {
        DialogRig rig;
        PL_VERIFY_OK(rig.problems);
        QVERIFY(rig.sweep(QStringLiteral("consumers[2].strategy.low"), 0, 4, 2, 200));
        const QStandardItemModel *table = rig.dialog.tableModel();
        QCOMPARE(table->rowCount(), 3);

        // One stacked set per fate, one bar per point, the table's numbers.
        const StackedBarChart *fates = rig.dialog.fatesChart();
        QCOMPARE(fates->setCount(), 3);
        QCOMPARE(fates->categories(), (QStringList{QStringLiteral("0"), QStringLiteral("2"), QStringLiteral("4")}));
        const QStringList names{QStringLiteral("processed"), QStringLiteral("discarded"), QStringLiteral("still queued")};
        const QStringList columns{QStringLiteral("processed"), QStringLiteral("discarded (data lost)"), QStringLiteral("queued at end")};
        for (int set = 0; set < 3; ++set) {
            QCOMPARE(fates->setName(set), names.at(set));
            const int c = column(table, columns.at(set));
            QVERIFY(c > 0);
            QList<qreal> expected;
            for (int row = 0; row < table->rowCount(); ++row)
                expected << table->item(row, c)->text().toDouble();
            QCOMPARE(fates->setValues(set), expected);
        }
        // Conservation: every bar is the messages produced.
        const int produced = column(table, QStringLiteral("produced"));
        for (int row = 0; row < 3; ++row)
            QCOMPARE(fates->setValues(0).at(row) + fates->setValues(1).at(row) + fates->setValues(2).at(row),
                     table->item(row, produced)->text().toDouble());
        QVERIFY(fates->setValues(1).at(2) > 0);  // a TTL range from 4 loses data

        // The discards by reason: all of them are ttl-expired here.
        const int reason = column(table, QStringLiteral("discarded: ttl-expired"));
        QVERIFY(reason > 0);
        for (int row = 0; row < 3; ++row)
            QCOMPARE(table->item(row, reason)->text(), table->item(row, column(table, columns.at(1)))->text());

        // The window fits a 1024x768 screen and a 1280x720 projector, its title bar included.
        QVERIFY(rig.dialog.width() <= 1000 && rig.dialog.height() <= 690);
        QVERIFY2(rig.dialog.minimumSizeHint().width() <= 1000 && rig.dialog.minimumSizeHint().height() <= 690,
                 qPrintable(QStringLiteral("%1x%2").arg(rig.dialog.minimumSizeHint().width()).arg(rig.dialog.minimumSizeHint().height())));

        // Under a dark palette the bars turn dark like the other charts and keep their colours.
        const QColor processedColor = fates->setColor(0);
        rig.dialog.setPalette(TestSupport::darkPalette());
        QCoreApplication::sendPostedEvents();
        QVERIFY(fates->isDarkTheme());
        QCOMPARE(fates->backgroundColor(), TestSupport::darkPalette().color(QPalette::Base));
        QCOMPARE(fates->setColor(0), processedColor);
        QVERIFY(rig.dialog.chart()->isDarkTheme());

        // Latency per priority class: p50 solid and p95 dashed per class, p95 out of the legend.
        QVERIFY(rig.dialog.setFigure(SweepDialog::latencyByClassKey()));
        QCOMPARE(rig.dialog.chart()->seriesCount(), 6);
        QCOMPARE(rig.dialog.chart()->seriesName(0), QStringLiteral("high 7+"));
        QCOMPARE(rig.dialog.chart()->points(1).size(), 3);
        QCOMPARE(rig.dialog.chart()->points(1).at(0).y(),
                 table->item(0, column(table, QStringLiteral("latency p95, high 7+ (cycles)")))->text().toDouble());

        // Both charts as a PNG and as an SVG drawing.
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("sweep.svg"));
        PL_VERIFY_OK(rig.dialog.exportSvg(svg));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.startsWith("<?xml") || bytes.contains("<svg"));
        QVERIFY(bytes.contains("</svg>"));
        QVERIFY(bytes.contains(">still queued<"));  // the fates' legend, whole, is in the drawing
        QVERIFY(!rig.dialog.exportSvg(dir.filePath(QStringLiteral("no/such/folder/sweep.svg"))).isEmpty());
    }

    void integerSettingsShowWholeNumbers()
    {
        DialogRig rig;
        PL_VERIFY_OK(rig.problems);
        PL_VERIFY_OK(rig.editor.applySetting(QStringLiteral("consumers[1].failureRate"), 0.25));
        rig.dialog.refreshSettings();
        auto *from = rig.dialog.findChild<QDoubleSpinBox *>(QStringLiteral("sweepFrom"));
        auto *step = rig.dialog.findChild<QDoubleSpinBox *>(QStringLiteral("sweepStep"));
        QVERIFY(from && step);
        QVERIFY(rig.sweep(QStringLiteral("consumers[0].strategy.threshold"), 2, 4, 1, 50));
        QCOMPARE(from->text(), QStringLiteral("2"));
        QCOMPARE(step->text(), QStringLiteral("1"));
        QCOMPARE(rig.dialog.tableModel()->item(1, 0)->text(), QStringLiteral("3"));
        QCOMPARE(rig.dialog.tableModel()->item(1, column(rig.dialog.tableModel(), QStringLiteral("alarms")))->text().contains(u'.'),
                 false);
        // A decimal setting keeps its decimals.
        QVERIFY(rig.dialog.selectSetting(QStringLiteral("consumers[1].failureRate")));
        QCOMPARE(from->decimals(), 3);
        rig.dialog.setRange(0, 0.5, 0.25);
        QCOMPARE(step->text(), QStringLiteral("0.250"));
    }

    // Every setting's default range is one the setting takes: Run works as offered (the batch
    // size's range started at 0, refused).
    void defaultRangesRunAsOffered()
    {
        DialogRig rig;
        PL_VERIFY_OK(rig.problems);
        rig.dialog.show();
        auto *box = rig.dialog.findChild<QComboBox *>();
        QVERIFY(box && box->count() > 0);
        QVERIFY(rig.dialog.selectSetting(QStringLiteral("broker.batchSize")));
        QCOMPARE(rig.dialog.findChild<QDoubleSpinBox *>(QStringLiteral("sweepFrom"))->value(), 1.0);
        for (int i = 0; i < box->count(); ++i) {
            box->setCurrentIndex(i);
            rig.dialog.setCycles(5);
            QSignalSpy finished(&rig.dialog, &SweepDialog::sweepFinished);
            const QStringList problems = rig.dialog.start();
            QVERIFY2(problems.isEmpty(), qPrintable(box->currentText() + QLatin1String(": ") + problems.join(u'\n')));
            QVERIFY(finished.wait(30000));
        }
    }

    void aSweepFileShowsItsOwnSetting()
    {
        DialogRig rig;
        PL_VERIFY_OK(rig.problems);
        // The live setup has another low bound than the file's scenario.
        PL_VERIFY_OK(rig.editor.applySetting(QStringLiteral("consumers[2].strategy.low"), 2));
        rig.dialog.refreshSettings();
        auto *box = rig.dialog.findChild<QComboBox *>();
        QVERIFY(box);
        const int live = box->count();
        PL_VERIFY_OK(rig.dialog.openSweepFile(QStringLiteral(":/sweeps/ttl-low-0-5.json")));
        QCOMPARE(box->currentText(), QStringLiteral("ttl-guard: strategy.low = 0 (in default.json)"));
        QCOMPARE(box->currentData().toString(), QStringLiteral("consumers[2].strategy.low"));
        QCOMPARE(box->count(), live + 1);
        // Choosing a setting of the live setup leaves the file: its item goes, the boxes apply.
        QVERIFY(rig.dialog.selectSetting(QStringLiteral("broker.batchSize")));
        QCOMPARE(box->count(), live);
        QCOMPARE(box->currentText(), QStringLiteral("broker: batchSize = 3"));
        QVERIFY(rig.dialog.findChild<QDoubleSpinBox *>(QStringLiteral("sweepFrom"))->isEnabled());
        QVERIFY(box->findText(QStringLiteral("ttl-guard: strategy.low = 2")) >= 0);
    }

    void cancelLeavesNoThreadAndTheWindowLive()
    {
        DialogRig rig;
        PL_VERIFY_OK(rig.problems);
        QVERIFY(rig.prepare(QStringLiteral("consumers[0].strategy.threshold"), 0, 9, 1, 10000000));
        QSignalSpy finished(&rig.dialog, &SweepDialog::sweepFinished);
        PL_VERIFY_OK(rig.dialog.start());
        // The event loop runs while the points do: the main simulation steps meanwhile.
        const qint64 before = rig.sim.cycle();
        QTimer::singleShot(0, &rig.sim, [&rig] { rig.sim.step(); });
        QTRY_VERIFY(rig.sim.cycle() > before);
        QVERIFY(rig.dialog.isRunning());
        // A second start is refused while one runs.
        QVERIFY(!rig.dialog.start().isEmpty());
        rig.dialog.cancel();
        QVERIFY(finished.wait(10000));
        QVERIFY(!rig.dialog.isRunning());
        QVERIFY(rig.dialog.result().cancelled);
        QCOMPARE(rig.dialog.runner()->activeThreads(), 0);
    }

    void opensThePresetSweepFiles()
    {
        DialogRig rig;
        PL_VERIFY_OK(rig.problems);
        for (const QString &name : QDir(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/sweeps")).entryList({QStringLiteral("*.json")})) {
            // Both from the source tree and from the resources built into the app.
            PL_VERIFY_OK(rig.dialog.openSweepFile(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/sweeps/") + name));
            PL_VERIFY_OK(rig.dialog.openSweepFile(QStringLiteral(":/sweeps/") + name));
        }
        PL_VERIFY_OK(rig.dialog.openSweepFile(QStringLiteral(":/sweeps/ttl-low-0-5.json")));
        // The range boxes do not apply to a file's sweep: they are off while it is loaded.
        auto *from = rig.dialog.findChild<QDoubleSpinBox *>(QStringLiteral("sweepFrom"));
        QVERIFY(from);
        QVERIFY(!from->isEnabled());
        rig.dialog.setCycles(100);
        QSignalSpy finished(&rig.dialog, &SweepDialog::sweepFinished);
        PL_VERIFY_OK(rig.dialog.start());
        QVERIFY(finished.wait(30000));
        QCOMPARE(rig.dialog.result().points.size(), 6);
        // The file's figure is charted first; Apply is off for points that are not the setup.
        QCOMPARE(rig.dialog.chart()->title(), QStringLiteral("discarded (data lost)"));
        rig.dialog.selectPoint(1);
        QVERIFY(!rig.dialog.applySelected().isEmpty());
    }
};

QTEST_MAIN(TestSweepDialog)
#include "tst_sweep_dialog.moc"
