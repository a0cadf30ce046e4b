// Analysis > Sweep…: the settings of the live setup, a sweep in the background with progress and
// cancel, the chart and table, Apply (undoable), CSV export and the preset sweep files.
#include "ui/charts/timeserieschart.h"
#include "ui/editing/setupeditor.h"
#include "ui/sweep/sweepdialog.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QComboBox>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>
#include <QUndoStack>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

class TestSweepDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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

    void runsInTheBackgroundAndApplies()
    {
        Simulation sim;
        PL_VERIFY_OK(sim.load(loadPreset(QStringLiteral("default.json"))));
        SetupEditor editor(&sim);
        SweepDialog dialog(&editor);
        dialog.show();
        QVERIFY(dialog.selectSetting(QStringLiteral("consumers[2].strategy.low")));
        dialog.setRange(0, 4, 2);
        dialog.setCycles(200);
        QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
        QSignalSpy progress(dialog.runner(), &SweepRunner::progress);
        PL_VERIFY_OK(dialog.start());
        QVERIFY(dialog.isRunning());
        QVERIFY(finished.wait(30000));
        QVERIFY(!dialog.isRunning());
        QVERIFY(progress.count() >= 2);
        QCOMPARE(progress.last().at(0).toInt(), 3);
        QCOMPARE(dialog.result().points.size(), 3);
        QVERIFY(!dialog.result().cancelled);

        // The chart shows the chosen figure against the swept value.
        QVERIFY(dialog.setFigure(QStringLiteral("discarded")));
        QCOMPARE(dialog.chart()->seriesCount(), 1);
        const QList<QPointF> points = dialog.chart()->points(0);
        QCOMPARE(points.size(), 3);
        QCOMPARE(points.at(0), QPointF(0, 0));
        QCOMPARE(points.at(2).x(), 4.0);
        QVERIFY(points.at(2).y() > 0);  // a TTL range from 4 loses data
        QVERIFY(dialog.littleText().startsWith(QLatin1String("Little's law: L = ")));

        // Apply the third point's value: one undoable step.
        dialog.selectPoint(2);
        const int steps = editor.undoStack()->count();
        PL_VERIFY_OK(dialog.applySelected());
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[2].strategy.low")).toInt(), 4);
        QCOMPARE(editor.undoStack()->count(), steps + 1);
        editor.undoStack()->undo();
        QCOMPARE(sim.settingValue(QStringLiteral("consumers[2].strategy.low")).toInt(), 0);

        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("sweep.csv"));
        PL_VERIFY_OK(dialog.exportCsv(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), dialog.result().toCsv());
        PL_VERIFY_OK(dialog.exportPng(dir.filePath(QStringLiteral("sweep.png"))));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("sweep.png"))).size() > 1000);
    }

    void cancelLeavesNoThreadAndTheWindowLive()
    {
        Simulation sim;
        PL_VERIFY_OK(sim.load(loadPreset(QStringLiteral("default.json"))));
        SetupEditor editor(&sim);
        SweepDialog dialog(&editor);
        dialog.show();
        QVERIFY(dialog.selectSetting(QStringLiteral("consumers[0].strategy.threshold")));
        dialog.setRange(0, 9, 1);
        dialog.setCycles(10000000);
        QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
        PL_VERIFY_OK(dialog.start());
        // The event loop runs while the points do: the main simulation steps meanwhile.
        const qint64 before = sim.cycle();
        QTimer::singleShot(0, &sim, [&sim] { sim.step(); });
        QTRY_VERIFY(sim.cycle() > before);
        QVERIFY(dialog.isRunning());
        // A second start is refused while one runs.
        QVERIFY(!dialog.start().isEmpty());
        dialog.cancel();
        QVERIFY(finished.wait(10000));
        QVERIFY(!dialog.isRunning());
        QVERIFY(dialog.result().cancelled);
        QCOMPARE(dialog.runner()->activeThreads(), 0);
    }

    void opensThePresetSweepFiles()
    {
        Simulation sim;
        PL_VERIFY_OK(sim.load(loadPreset(QStringLiteral("default.json"))));
        SetupEditor editor(&sim);
        SweepDialog dialog(&editor);
        for (const QString &name : QDir(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/sweeps")).entryList({QStringLiteral("*.json")})) {
            // Both from the source tree and from the resources built into the app.
            PL_VERIFY_OK(dialog.openSweepFile(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/resources/sweeps/") + name));
            PL_VERIFY_OK(dialog.openSweepFile(QStringLiteral(":/sweeps/") + name));
        }
        PL_VERIFY_OK(dialog.openSweepFile(QStringLiteral(":/sweeps/ttl-low-0-5.json")));
        dialog.setCycles(100);
        QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
        PL_VERIFY_OK(dialog.start());
        QVERIFY(finished.wait(30000));
        QCOMPARE(dialog.result().points.size(), 6);
        // The file's figure is charted first; Apply is off for points that are not the setup.
        QCOMPARE(dialog.chart()->title(), QStringLiteral("discarded (data lost)"));
        dialog.selectPoint(1);
        QVERIFY(!dialog.applySelected().isEmpty());
    }
};

QTEST_MAIN(TestSweepDialog)
#include "tst_sweep_dialog.moc"
