// Analysis > Sweep…: the settings of the live setup, a sweep in the background with progress and
// cancel, the chart and table, Apply (undoable), CSV export and the preset sweep files.
#include "ui/charts/timeserieschart.h"
#include "ui/common/highlightoverlay.h"
#include "ui/editing/setupeditor.h"
#include "ui/sweep/sweepdialog.h"
#include "core/engine/simulation.h"
#include "tests/testsupport.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>
#include <QUndoStack>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {
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
