// The producer and broker panels, the consumer cards' new controls, remembered settings and the
// keyboard shortcuts. Runs offscreen (CTest sets QT_QPA_PLATFORM);
// cycles run through step(), views refresh through refreshViews(), no sleeps and no timers.
#include "ui/setup/brokerpanel.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/setup/producerpanel.h"
#include "core/scenario/scenario.h"
#include "ui/shell/settings.h"
#include "ui/editing/setupeditor.h"
#include "ui/shell/shortcutguard.h"
#include "core/engine/simulation.h"
#include "ui/common/sparkline.h"
#include "ui/shell/speedcontrol.h"
#include "tests/testsupport.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

using namespace PriorityLab;

namespace {

/// One generating producer "P" (perCycle 2, priorities 0..9), consumers A and B accepting all,
/// paced dispatch of 1 batch, never idle-stopping.
Scenario generating()
{
    Scenario s;
    s.name = QStringLiteral("generating");
    s.seed = 3;
    s.broker.batchesPerCycle = 1;
    s.broker.maxIdleCycles = 0;
    for (const char *name : {"A", "B"}) {
        ConsumerConfig c;
        c.name = QString::fromLatin1(name);
        s.consumers << c;
    }
    ProducerConfig p;
    p.name = QStringLiteral("P");
    GeneratorConfig g;
    g.perCycle = 2;
    p.generator = g;
    s.producers << p;
    return s;
}

qint64 producedIn(const CycleReport &report, const QString &producer)
{
    qint64 n = 0;
    for (const Event &e : report.events)
        n += e.type == Event::Type::Produced && e.message.producer == producer ? 1 : 0;
    return n;
}

} // namespace

class TestPanels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void producerRateChangesProduction();
    void producerRangesAndPause();
    void sendMessageNow();
    void brokerBatchSizeAndDispatch();
    void modeSwitchToPriorityReorders();
    void cardCapacityTopicsAndSparkline();
    void addConsumerWhileRunning();
    void recentFilesRoundTrip();
    void windowRemembersSpeed();
    void shortcutsTriggerActions();
    void shortcutsLeaveTextFieldsAlone();
};

void TestPanels::initTestCase()
{
    // Settings go to a test location, never to the user's configuration.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PriorityLabTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_panels"));
}

void TestPanels::producerRateChangesProduction()
{
    Simulation sim;
    QVERIFY(sim.load(generating()).isEmpty());
    SetupEditor editor(&sim);
    ProducerPanel panel(&editor);
    QCOMPARE(panel.producerCount(), 1);
    QCOMPARE(panel.rateBox(0)->value(), 2);
    QVERIFY(!panel.rateBox(0)->toolTip().isEmpty());
    QCOMPARE(sim.step().counts.produced, 2);

    panel.rateBox(0)->setValue(7);
    QCOMPARE(panel.rateSlider(0)->value(), 7);
    QCOMPARE(sim.step().counts.produced, 7);

    // The slider: a drag is one undo step.
    for (int v = 8; v <= 12; ++v)
        panel.rateSlider(0)->setValue(v);
    QCOMPARE(panel.rateBox(0)->value(), 12);
    QCOMPARE(sim.step().counts.produced, 12);
    QCOMPARE(editor.undoStack()->count(), 1);  // 7 then 8..12: all the same value, merged

    editor.undoStack()->undo();
    QCOMPARE(panel.rateBox(0)->value(), 2);
    QCOMPARE(panel.rateSlider(0)->value(), 2);
    QCOMPARE(sim.step().counts.produced, 2);

    // Rates beyond the slider's range are typed into the box.
    panel.rateBox(0)->setValue(500);
    QCOMPARE(sim.step().counts.produced, 500);
    QCOMPARE(panel.rateSlider(0)->value(), panel.rateSlider(0)->maximum());
    panel.refresh();
}

void TestPanels::producerRangesAndPause()
{
    Simulation sim;
    QVERIFY(sim.load(generating()).isEmpty());
    SetupEditor editor(&sim);
    ProducerPanel panel(&editor);
    // Raising the minimum above the maximum moves the maximum along.
    panel.priorityMinBox(0)->setValue(12);
    QCOMPARE(sim.producers()[0].config().generator->priorityMin, 12);
    QCOMPARE(sim.producers()[0].config().generator->priorityMax, 12);
    QCOMPARE(panel.priorityMaxBox(0)->value(), 12);
    const CycleReport report = sim.step();
    for (const Event &e : report.events) {
        if (e.type == Event::Type::Produced)
            QCOMPARE(e.message.priority, 12);
    }
    panel.ttlMaxBox(0)->setValue(1);
    panel.ttlMinBox(0)->setValue(0);
    QCOMPARE(sim.producers()[0].config().generator->ttlMin, 0);
    QCOMPARE(sim.producers()[0].config().generator->ttlMax, 1);

    panel.pausedBox(0)->click();
    QVERIFY(sim.producers()[0].config().paused);
    QCOMPARE(sim.step().counts.produced, 0);
    editor.undoStack()->undo();
    QVERIFY(!panel.pausedBox(0)->isChecked());
    QCOMPARE(sim.step().counts.produced, 2);
}

void TestPanels::sendMessageNow()
{
    Simulation sim;
    Scenario s = generating();
    s.consumers[0].online = false;
    s.consumers[1].online = false;  // nobody takes it: it stays queued
    QVERIFY(sim.load(s).isEmpty());
    SetupEditor editor(&sim);
    ProducerPanel panel(&editor);
    sim.step();

    panel.sendDataEdit()->setText(QStringLiteral("hello"));
    panel.sendPriorityBox()->setValue(8);
    panel.sendTtlBox()->setValue(4);
    panel.sendButton()->click();
    QVERIFY(panel.sendDataEdit()->text() != QStringLiteral("hello"));  // the next one proposed

    const CycleReport report = sim.step();
    QCOMPARE(producedIn(report, QStringLiteral("manual")), 1);
    bool found = false;
    for (qsizetype i = 0; i < sim.broker().size(); ++i) {
        const Message &m = sim.broker().at(i);
        if (m.data == QLatin1String("hello")) {
            found = true;
            QCOMPARE(m.priority, 8);
            QCOMPARE(m.ttl, 4);
            QCOMPARE(m.producedCycle, report.cycle);
        }
    }
    QVERIFY2(found, "the message sent by hand is in the queue after the next cycle");
    QCOMPARE(producedIn(sim.step(), QStringLiteral("manual")), 0);  // once only
    QCOMPARE(editor.undoStack()->count(), 0);  // not a setting
}

void TestPanels::brokerBatchSizeAndDispatch()
{
    Simulation sim;
    Scenario s = generating();
    s.producers[0].generator->perCycle = 30;
    QVERIFY(sim.load(s).isEmpty());
    SetupEditor editor(&sim);
    BrokerPanel panel(&editor);
    QCOMPARE(panel.dispatchBox()->currentIndex(), 1);  // paced
    QCOMPARE(panel.batchesPerCycleBox()->value(), 1);
    QVERIFY(!panel.batchSizeBox()->toolTip().isEmpty());

    panel.batchSizeBox()->setValue(5);
    QCOMPARE(sim.broker().config().batchSize, 5);
    CycleReport report = sim.step();
    QCOMPARE(report.counts.batches, 1);
    QCOMPARE(report.counts.dispatched, 5);

    panel.batchesPerCycleBox()->setValue(3);
    report = sim.step();
    QCOMPARE(report.counts.batches, 3);
    QCOMPARE(report.counts.dispatched, 15);

    // Drain: until the queue is empty.
    panel.dispatchBox()->setCurrentIndex(0);
    Q_EMIT panel.dispatchBox()->activated(0);
    QCOMPARE(sim.broker().config().batchesPerCycle, 0);
    QVERIFY(!panel.batchesPerCycleBox()->isEnabled());
    report = sim.step();
    QCOMPARE(report.queueDepth, 0);
    // Back to paced: the K used before.
    panel.dispatchBox()->setCurrentIndex(1);
    Q_EMIT panel.dispatchBox()->activated(1);
    QCOMPARE(sim.broker().config().batchesPerCycle, 3);

    panel.idleCyclesBox()->setValue(7);
    QCOMPARE(sim.broker().config().maxIdleCycles, 7);
    QCOMPARE(panel.idleCyclesBox()->specialValueText(), QStringLiteral("never stop"));
    panel.intervalBox()->setValue(40);
    QCOMPARE(sim.intervalMs(), 40);

    // Undo comes back into the panel.
    while (editor.undoStack()->canUndo())
        editor.undoStack()->undo();
    QCOMPARE(panel.batchSizeBox()->value(), 3);
    QCOMPARE(panel.batchesPerCycleBox()->value(), 1);
    QCOMPARE(sim.broker().config().maxIdleCycles, 0);
    QCOMPARE(panel.intervalBox()->value(), s.broker.cycleIntervalMs);
}

void TestPanels::modeSwitchToPriorityReorders()
{
    Simulation sim;
    Scenario s = generating();
    s.consumers[0].online = false;
    s.consumers[1].online = false;
    s.producers[0].generator->perCycle = 20;
    QVERIFY(sim.load(s).isEmpty());
    SetupEditor editor(&sim);
    BrokerPanel panel(&editor);
    sim.step();
    sim.step();
    QCOMPARE(sim.broker().size(), 40);
    // fifo: arrival order.
    for (qsizetype i = 1; i < sim.broker().size(); ++i)
        QVERIFY(sim.broker().at(i - 1).id < sim.broker().at(i).id);
    QVERIFY(panel.maxPriorityBox()->isHidden());

    const int priority = panel.modeBox()->findData(int(BrokerConfig::Mode::Priority));
    panel.modeBox()->setCurrentIndex(priority);
    Q_EMIT panel.modeBox()->activated(priority);
    QCOMPARE(sim.broker().config().mode, BrokerConfig::Mode::Priority);
    QVERIFY(!panel.maxPriorityBox()->isHidden());
    QCOMPARE(sim.broker().size(), 40);
    // Highest priority first, arrival order within a priority.
    for (qsizetype i = 1; i < sim.broker().size(); ++i) {
        const Message &a = sim.broker().at(i - 1);
        const Message &b = sim.broker().at(i);
        QVERIFY(a.priority > b.priority || (a.priority == b.priority && a.id < b.id));
    }
    QVERIFY(sim.broker().at(0).priority > sim.broker().at(39).priority);

    // Clamp at 5: everything from 5 up ties, in arrival order.
    panel.maxPriorityBox()->setValue(5);
    QCOMPARE(sim.broker().config().maxPriority, std::optional<int>(5));
    panel.maxPriorityBox()->setValue(-1);
    QVERIFY(!sim.broker().config().maxPriority);

    editor.undoStack()->undo();  // the clamp (both edits merged, back to none: dropped)
    QCOMPARE(sim.broker().config().mode, BrokerConfig::Mode::Fifo);
    QCOMPARE(panel.modeBox()->currentData().toInt(), int(BrokerConfig::Mode::Fifo));
}

void TestPanels::cardCapacityTopicsAndSparkline()
{
    Simulation sim;
    Scenario s = generating();
    s.producers[0].generator->perCycle = 9;
    s.broker.batchesPerCycle = 0;
    QVERIFY(sim.load(s).isEmpty());
    SetupEditor editor(&sim);
    ConsumerPanel panel(&editor);
    TestSupport::CycleFeed feed(sim);
    ConsumerCard *a = panel.cards().at(0);

    // Capacity 1 batch a cycle: A takes at most 3 messages a cycle in drain mode.
    QCOMPARE(a->capacityBox()->specialValueText(), QStringLiteral("unlimited"));
    a->capacityBox()->setValue(1);
    QCOMPARE(sim.consumers()[0]->capacity, 1);
    for (int i = 0; i < 5; ++i) {
        const qint64 before = sim.consumers()[0]->stats.received;
        sim.step();
        QVERIFY(sim.consumers()[0]->stats.received - before <= 3);
    }
    panel.refresh(feed.take());
    const QList<qint64> history = panel.throughput(QStringLiteral("A"));
    QCOMPARE(history.size(), 5);
    QCOMPARE(history.last(), 3);
    QCOMPARE(a->sparkline()->values(), history);
    QCOMPARE(panel.throughput(QStringLiteral("B")).last(), 6);
    for (int i = 0; i < 80; ++i)
        sim.step();
    panel.refresh(feed.take());
    QCOMPARE(panel.throughput(QStringLiteral("A")).size(), ConsumerPanel::throughputWindow());

    // Topics: check boxes only in topics mode.
    QVERIFY(a->topicBoxes().isEmpty() || !a->topicBoxes().first()->isVisibleTo(a));
    QVERIFY(editor.setBrokerMode(BrokerConfig::Mode::Topics).isEmpty());
    QCOMPARE(a->topicBoxes().size(), 3);
    QVERIFY(a->topicBoxes().first()->isVisibleTo(a));
    for (QCheckBox *box : a->topicBoxes())
        QVERIFY(box->isChecked());  // no list = every topic
    a->topicBoxes().at(1)->click();
    a->topicBoxes().at(2)->click();
    QCOMPARE(sim.consumers()[0]->topics, QStringList{QStringLiteral("orders-0")});
    // Both clicks changed the same setting one after the other: one undo step.
    editor.undoStack()->undo();
    QVERIFY(sim.consumers()[0]->topics.isEmpty());
    QVERIFY(a->topicBoxes().at(1)->isChecked());
    QVERIFY(a->topicBoxes().at(2)->isChecked());
    editor.undoStack()->undo();  // the mode
    QVERIFY(!a->topicBoxes().first()->isVisibleTo(a));
}

void TestPanels::addConsumerWhileRunning()
{
    MainWindow window;
    window.setShowDialogs(false);
    QVERIFY(window.openScenarioFile(QStringLiteral(":/scenarios/default.json")).isEmpty());
    Simulation *sim = window.simulation();
    sim->runCycles(5);
    sim->run();
    ConsumerConfig config;
    config.name = window.setupEditor()->uniqueConsumerName();
    QCOMPARE(config.name, QStringLiteral("consumer-5"));
    config.strategy.type = QStringLiteral("ttl");
    QVERIFY(window.setupEditor()->addConsumer(config).isEmpty());
    QVERIFY(sim->isRunning());
    window.refreshViews();
    QCOMPARE(window.consumerPanel()->cards().size(), 5);
    sim->runCycles(5);
    QVERIFY(sim->consumers()[4]->stats.batches > 0);
    window.consumerPanel()->cards().at(0)->removeButton()->click();
    QCOMPARE(sim->consumers().size(), size_t(4));
    QVERIFY(sim->isRunning());
    sim->runCycles(5);
    QVERIFY(sim->checkInvariants().isEmpty());
    window.undoAction()->trigger();
    QCOMPARE(sim->consumers().size(), size_t(5));
    sim->pause();
    QVERIFY(!window.consumerPanel()->addButton()->toolTip().isEmpty());
}

void TestPanels::recentFilesRoundTrip()
{
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, config.path());
    Settings::clearRecentFiles();
    QVERIFY(Settings::recentFiles().isEmpty());

    QTemporaryDir dir;
    QStringList paths;
    for (int i = 0; i < 10; ++i) {
        const QString path = dir.filePath(QStringLiteral("s%1.json").arg(i));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        paths << path;
        Settings::addRecentFile(path);
    }
    QStringList recent = Settings::recentFiles();
    QCOMPARE(recent.size(), Settings::MaxRecentFiles);
    QCOMPARE(recent.first(), paths.last());          // most recent first
    QVERIFY(!recent.contains(paths.first()));        // the oldest beyond 8 dropped
    Settings::addRecentFile(paths.at(5));            // opened again: moves to the top
    recent = Settings::recentFiles();
    QCOMPARE(recent.first(), paths.at(5));
    QCOMPARE(recent.count(paths.at(5)), 1);
    Settings::addRecentFile(QStringLiteral(":/scenarios/default.json"));  // presets are not files
    QCOMPARE(Settings::recentFiles(), recent);

    // Stored in the file QSettings points at, read back by a fresh QSettings.
    QSettings settings;
    QVERIFY(settings.fileName().startsWith(config.path()));
    QCOMPARE(settings.value(QStringLiteral("recentFiles")).toStringList(), recent);

    // A file that no longer exists is pruned.
    QVERIFY(QFile::remove(paths.at(9)));
    recent = Settings::recentFiles();
    QVERIFY(!recent.contains(paths.at(9)));
    QCOMPARE(QSettings().value(QStringLiteral("recentFiles")).toStringList(), recent);

    // The window's File > Open Recent lists them once it remembers settings.
    MainWindow window;
    window.setShowDialogs(false);
    window.restoreSettings();
    QVERIFY(window.remembersSettings());
    const QString scenario = dir.filePath(QStringLiteral("saved.json"));
    QVERIFY(window.saveScenarioFile(scenario).isEmpty());
    QCOMPARE(Settings::recentFiles().first(), scenario);
    Q_EMIT window.recentMenu()->aboutToShow();
    const QList<QAction *> actions = window.recentMenu()->actions();
    QVERIFY(actions.size() >= 2);
    QCOMPARE(actions.first()->data().toString(), scenario);
    QVERIFY(window.openScenarioFile(paths.at(5)).size() > 0);  // empty files do not parse...
    QCOMPARE(Settings::recentFiles().first(), scenario);       // ...and are not recorded
    Settings::clearRecentFiles();
}

void TestPanels::windowRemembersSpeed()
{
    QTemporaryDir config;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, config.path());
    {
        MainWindow window;
        window.setShowDialogs(false);
        window.restoreSettings();
        window.speedControl()->faster();
        const int chosen = window.simulation()->intervalMs();
        window.close();  // saves
        QCOMPARE(Settings::speedIntervalMs(-1), chosen);
        QVERIFY(!Settings::windowState().isEmpty());
    }
    Settings::setSpeedIntervalMs(0);
    MainWindow window;
    QVERIFY(window.simulation()->intervalMs() != 0);  // without restoreSettings(): untouched
    window.restoreSettings();
    QCOMPARE(window.simulation()->intervalMs(), 0);
    QCOMPARE(window.speedControl()->intervalMs(), 0);
}

void TestPanels::shortcutsTriggerActions()
{
    MainWindow window;
    window.setShowDialogs(false);
    QVERIFY(window.openScenarioFile(QStringLiteral(":/scenarios/reference-priority.json")).isEmpty());
    Simulation *sim = window.simulation();
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.setFocus();

    QTest::keyClick(&window, Qt::Key_Space);
    QVERIFY(sim->isRunning());
    QTest::keyClick(&window, Qt::Key_Space);
    QVERIFY(!sim->isRunning());

    QTest::keyClick(&window, Qt::Key_Right);
    QCOMPARE(sim->cycle(), 1);
    QTest::keyClick(&window, Qt::Key_N);
    QCOMPARE(sim->cycle(), 2);

    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(sim->cycle(), 0);

    QVERIFY(window.setupEditor()->setConsumerParameter(0, QStringLiteral("threshold"), 7).isEmpty());
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(sim->consumers()[0]->strategy->parameter(QStringLiteral("threshold")).toInt(), 5);
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(sim->consumers()[0]->strategy->parameter(QStringLiteral("threshold")).toInt(), 7);
    QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(&window, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(sim->consumers()[0]->strategy->parameter(QStringLiteral("threshold")).toInt(), 7);
}

void TestPanels::shortcutsLeaveTextFieldsAlone()
{
    MainWindow window;
    window.setShowDialogs(false);
    QVERIFY(window.openScenarioFile(QStringLiteral(":/scenarios/reference-priority.json")).isEmpty());
    Simulation *sim = window.simulation();
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));

    // Space and N in a text field type; Right moves the cursor.
    QLineEdit *data = window.producerPanel()->sendDataEdit();
    window.findChild<QDockWidget *>(QStringLiteral("producersDock"))->raise();
    data->setFocus();
    QVERIFY(data->hasFocus());
    data->clear();
    QTest::keyClicks(data, QStringLiteral("a b"));
    QTest::keyClick(data, Qt::Key_Space);
    QTest::keyClick(data, Qt::Key_N);
    QCOMPARE(data->text(), QStringLiteral("a b n"));
    QVERIFY(!sim->isRunning());
    QTest::keyClick(data, Qt::Key_Right);
    QCOMPARE(sim->cycle(), 0);

    // A spin box keeps Space and Right too.
    QSpinBox *rate = window.producerPanel()->sendPriorityBox();
    rate->setFocus();
    QTest::keyClick(rate, Qt::Key_Space);
    QTest::keyClick(rate, Qt::Key_Right);
    QVERIFY(!sim->isRunning());
    QCOMPARE(sim->cycle(), 0);

    // A check box reached with Tab toggles with Space instead of running.
    QCheckBox *paused = window.producerPanel()->pausedBox(0);
    QCOMPARE(paused->focusPolicy(), Qt::TabFocus);  // a click does not take the keyboard
    paused->setFocus(Qt::TabFocusReason);
    QVERIFY(paused->hasFocus());
    QTest::keyClick(paused, Qt::Key_Space);
    QVERIFY(paused->isChecked());
    QVERIFY(!sim->isRunning());

    // A slider reached with Tab moves with the arrows instead of stepping.
    QSlider *slider = window.producerPanel()->rateSlider(0);
    slider->setFocus(Qt::TabFocusReason);
    const int before = slider->value();
    QTest::keyClick(slider, Qt::Key_Right);
    QCOMPARE(slider->value(), before + 1);
    QCOMPARE(sim->cycle(), 0);

    QVERIFY(ShortcutGuard::controlUsesKey(slider, Qt::Key_Left));
    QVERIFY(!ShortcutGuard::controlUsesKey(slider, Qt::Key_Space));
    QVERIFY(!ShortcutGuard::controlUsesKey(&window, Qt::Key_Space));
}

QTEST_MAIN(TestPanels)
#include "tst_panels.moc"
