// The producer and broker panels, the consumer cards' new controls, remembered settings and the
// keyboard shortcuts. Runs offscreen (CTest sets QT_QPA_PLATFORM);
// cycles run through step(), views refresh through refreshViews(), no sleeps and no timers.
#include "ui/setup/brokerpanel.h"
#include "ui/common/windowtitle.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/heldtiles.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/deadletters/deadlettermodel.h"
#include "ui/deadletters/deadletterpanel.h"
#include "ui/queue/queuepanel.h"
#include "ui/shell/mainwindow.h"
#include "ui/editing/parametereditor.h"
#include "ui/setup/producerpanel.h"
#include "core/scenario/scenario.h"
#include "ui/shell/scenariofiles.h"
#include "ui/shell/settings.h"
#include "ui/editing/setupeditor.h"
#include "ui/shell/shortcutguard.h"
#include "core/engine/simulation.h"
#include "ui/common/sparkline.h"
#include "tests/testsupport.h"
#include "tests/ui/editedsetup.h"
#include "tests/ui/scenariowindow.h"
#include "tests/ui/labels.h"
#include "ui/shell/speedcontrol.h"
#include "ui/shell/statussummary.h"
#include "ui/common/digitshapelabel.h"
#include "ui/common/sizeguard.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonValue>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QImage>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTimer>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QAbstractTextDocumentLayout>
#include <QFontMetricsF>
#include <QTextDocument>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

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
        n += e.type == Event::Type::Produced && e.message.producer.text() == producer ? 1 : 0;
    return n;
}

/// Opens @p scenario (a resource path) in @p window without dialogs and shows the window as the
/// active one; "" if both worked, otherwise what did not.
QString showActive(MainWindow &window, const QString &scenario)
{
    window.setShowDialogs(false);
    if (const QStringList errors = window.openScenarioFile(scenario); !errors.isEmpty())
        return errors.join(u'\n');
    window.show();
    QApplication::setActiveWindow(&window);
    return QTest::qWaitForWindowActive(&window) ? QString() : QStringLiteral("the window did not become active");
}

} // namespace

class TestPanels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void queueCaptionChangesInPlainText();
    void lastBatchIsPlainTextWithACopyAction();
    void deadLetterSummaryKeepsItsHintsWhenOnlyNumbersChange();
    void resetShowsTheFirstCardsHeading();
    void producerRateChangesProduction();
    void producerRangesAndPause();
    void sendMessageNow();
    void brokerBatchSizeAndDispatch();
    void brokerLimits();
    void modeSwitchToPriorityReorders();
    void cardCapacityTopicsAndSparkline();
    void sparklineScaleLeavesTheLineInSight();
    void sizeGuardPassesOnlyChangedSizes();
    void digitShapeLabelKeepsHintsPerShape();
    void cardPrefetchAndHeldTiles();
    void cardRetryDelayEditAndUndo();
    void deadLetterConsumerAndQueueCaption();
    void statusBarCountsTheDeadLetterQueue();
    void statusBarShowsTheBrokersOwnDeadLetters();
    void brokerDeadLetterQueueRefusedWhileDrained();
    void cardDeadLettersFollowTheBroker();
    void deadLetterPanelCountsTheDeadLetterQueue();
    void addConsumerWhileRunning();
    void timelineNotesOnTheCards();
    void cardsIdleAtStartAndWhilePaused();
    void cardSaysWhatItHoldsBetweenCycles();
    void focusedFieldShowsWhoseCardItIs();
    void smallDialogsKeepTheirTitleWhole();
    void recentFilesRoundTrip();
    void openStartsInTheScenarioFolder();
    void saveNeverWritesOverAShippedLesson();
    void saveAsStartsInDocumentsOrWhereSavedLast();
    void windowStartsAtScenarioSpeed();
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
    PL_VERIFY_OK(sim.load(generating()));
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
    panel.rateSlider(0)->setSliderDown(true);
    for (int v = 8; v <= 12; ++v)
        panel.rateSlider(0)->setValue(v);
    panel.rateSlider(0)->setSliderDown(false);
    QCOMPARE(panel.rateBox(0)->value(), 12);
    QCOMPARE(sim.step().counts.produced, 12);
    QCOMPARE(editor.undoStack()->count(), 2);  // 7 (the spin box), then the drag 8..12

    editor.undoStack()->undo();
    QCOMPARE(panel.rateBox(0)->value(), 7);
    QCOMPARE(panel.rateSlider(0)->value(), 7);
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
    PL_VERIFY_OK(sim.load(generating()));
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
    PL_VERIFY_OK(sim.load(s));
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
        if (m.data.text() == QLatin1String("hello")) {
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
    PL_VERIFY_OK(sim.load(s));
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
    PL_VERIFY_OK(sim.load(s));
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

    // Clamp at 5: everything from 5 up ties, in arrival order. In one gesture (an arrow held
    // down, say).
    const quint64 gesture = SetupEditor::beginGesture();
    panel.maxPriorityBox()->setValue(5);
    QCOMPARE(sim.broker().config().maxPriority, std::optional<int>(5));
    panel.maxPriorityBox()->setValue(-1);
    QVERIFY(!sim.broker().config().maxPriority);
    SetupEditor::endGesture(gesture);

    editor.undoStack()->undo();  // the clamp (both edits merged, back to none: dropped)
    QCOMPARE(sim.broker().config().mode, BrokerConfig::Mode::Fifo);
    QCOMPARE(panel.modeBox()->currentData().toInt(), int(BrokerConfig::Mode::Fifo));
}

void TestPanels::brokerLimits()
{
    // The limits of a real broker: a spin box per limit (lowest value = off) and a combo box
    // per choice, each edit undoable, each following a change made elsewhere.
    Simulation sim;
    PL_VERIFY_OK(sim.load(generating()));
    SetupEditor editor(&sim);
    BrokerPanel panel(&editor);
    QSpinBox *maxLength = panel.limitBox(QStringLiteral("broker.maxLength"));
    QComboBox *overflow = panel.choiceBox(QStringLiteral("broker.overflow"));
    QVERIFY(maxLength && overflow);
    QCOMPARE(maxLength->value(), -1);
    QCOMPARE(maxLength->specialValueText(), QStringLiteral("no limit"));
    maxLength->setValue(7);
    QCOMPARE(sim.broker().config().maxLength, std::optional<int>(7));
    const int reject = overflow->findData(QStringLiteral("reject-publish"));
    overflow->setCurrentIndex(reject);
    Q_EMIT overflow->activated(reject);
    QCOMPARE(sim.broker().config().overflow, BrokerConfig::Overflow::RejectPublish);
    editor.undoStack()->undo();
    QCOMPARE(sim.broker().config().overflow, BrokerConfig::Overflow::DropHead);
    QCOMPARE(overflow->currentData().toString(), QStringLiteral("drop-head"));
    editor.undoStack()->undo();
    QVERIFY(!sim.broker().config().maxLength);
    QCOMPARE(maxLength->value(), -1);
    PL_VERIFY_OK(sim.applySetting(QStringLiteral("broker.maxLength"), 0));  // as a timeline would
    QCOMPARE(maxLength->value(), 0);
    // The delivery limit, the message TTL and the expiry the same way.
    panel.limitBox(QStringLiteral("broker.deliveryLimit"))->setValue(3);
    QCOMPARE(sim.broker().config().deliveryLimit, std::optional<int>(3));
    panel.limitBox(QStringLiteral("broker.messageTtl"))->setValue(20);
    QCOMPARE(sim.broker().config().messageTtl, std::optional<int>(20));
    QComboBox *expiry = panel.choiceBox(QStringLiteral("broker.expiry"));
    const int anywhere = expiry->findData(QStringLiteral("anywhere"));
    expiry->setCurrentIndex(anywhere);
    Q_EMIT expiry->activated(anywhere);
    QCOMPARE(sim.broker().config().expiry, BrokerConfig::Expiry::Anywhere);
    panel.limitBox(QStringLiteral("broker.messageTtl"))->setValue(-1);
    QVERIFY(!sim.broker().config().messageTtl);

    // The dead-letter queue: a check box, undoable.
    QCheckBox *dlq = panel.switchBox(QStringLiteral("broker.deadLetterQueue"));
    QVERIFY(dlq);
    QVERIFY(!dlq->isChecked());
    QVERIFY(dlq->toolTip().contains(QStringLiteral("drain")));
    dlq->click();
    QVERIFY(sim.broker().config().deadLetterQueue);
    editor.undoStack()->undo();
    QVERIFY(!sim.broker().config().deadLetterQueue);
    QVERIFY(!dlq->isChecked());
    editor.undoStack()->redo();
    QVERIFY(dlq->isChecked());
}

void TestPanels::brokerDeadLetterQueueRefusedWhileDrained()
{
    // Switching the dead-letter queue off while a consumer takes dead letters is refused: the
    // engine's error is shown and the box stays checked.
    Simulation sim;
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(R"({"broker": {"deadLetterQueue": true},
        "consumers": [{"name": "A"}, {"name": "D", "deadLetters": true}],
        "producers": [{"name": "P", "messages": [{"data": "a"}]}]})",
                                                   QStringLiteral("dlq.json"))));
    SetupEditor editor(&sim);
    BrokerPanel panel(&editor);
    QCheckBox *dlq = panel.switchBox(QStringLiteral("broker.deadLetterQueue"));
    QVERIFY(dlq->isChecked());
    dlq->click();
    QVERIFY(sim.broker().config().deadLetterQueue);
    QVERIFY(dlq->isChecked());
    QCOMPARE(editor.undoStack()->count(), 0);
    QVERIFY(TestSupport::labelSaying(&panel, QStringLiteral("deadLetters")));
}

void TestPanels::cardDeadLettersFollowTheBroker()
{
    // The card's "Dead letters" box is enabled only when the broker keeps a dead-letter queue;
    // checking it makes the consumer drain that queue (undoable), and while it does the broker
    // refuses to switch the queue off.
    Simulation sim;
    PL_VERIFY_OK(sim.load(generating()));
    SetupEditor editor(&sim);
    ConsumerPanel consumers(&editor);
    BrokerPanel broker(&editor);
    QCheckBox *drains = consumers.cards().at(0)->deadLettersBox();
    QVERIFY(drains);
    QVERIFY(!drains->isEnabled());
    QVERIFY(drains->toolTip().contains(QStringLiteral("no dead-letter queue")));
    broker.switchBox(QStringLiteral("broker.deadLetterQueue"))->click();
    QVERIFY(sim.broker().config().deadLetterQueue);
    drains = consumers.cards().at(0)->deadLettersBox();
    QVERIFY(drains->isEnabled());
    QVERIFY(drains->toolTip().contains(QStringLiteral("drains the dead letters")));
    drains->click();
    QVERIFY(sim.consumers().at(0)->deadLetters);
    // Switching the queue off now is refused.
    broker.switchBox(QStringLiteral("broker.deadLetterQueue"))->click();
    QVERIFY(sim.broker().config().deadLetterQueue);
    QVERIFY(broker.switchBox(QStringLiteral("broker.deadLetterQueue"))->isChecked());
    editor.undoStack()->undo();
    QVERIFY(!sim.consumers().at(0)->deadLetters);
    QVERIFY(!consumers.cards().at(0)->deadLettersBox()->isChecked());
    editor.undoStack()->undo();
    QVERIFY(!sim.broker().config().deadLetterQueue);
    QVERIFY(!consumers.cards().at(0)->deadLettersBox()->isEnabled());
    editor.undoStack()->redo();
    editor.undoStack()->redo();
    QVERIFY(sim.consumers().at(0)->deadLetters);
    QVERIFY(consumers.cards().at(0)->deadLettersBox()->isChecked());
}

void TestPanels::cardPrefetchAndHeldTiles()
{
    // Prefetch 3 and work 1 set on the card, with undo: after a cycle A holds 2 messages, shown
    // as tiles (oldest first); going offline gives them back and hides the tiles.
    Scenario s = generating();
    s.producers[0].generator->perCycle = 9;
    Simulation sim;
    PL_VERIFY_OK(sim.load(s));
    SetupEditor editor(&sim);
    ConsumerPanel panel(&editor);
    ConsumerCard *a = panel.cards().at(0);
    TestSupport::CycleFeed feed(sim);
    QCOMPARE(a->prefetchBox()->specialValueText(), QStringLiteral("unlimited"));
    a->prefetchBox()->setValue(3);
    a->workPerCycleBox()->setValue(1);
    QCOMPARE(sim.consumers()[0]->prefetch, std::optional<int>(3));
    QCOMPARE(sim.consumers()[0]->workPerCycle, std::optional<int>(1));
    sim.step();
    panel.refresh(feed.take());
    QCOMPARE(sim.consumers()[0]->held.size(), size_t(2));
    QVERIFY(!a->heldTiles()->isHidden());
    QCOMPARE(a->heldTiles()->count(), 2);
    QCOMPARE(a->heldTiles()->idAt(0), sim.consumers()[0]->held.front().id);
    QVERIFY(a->heldTiles()->toolTip().startsWith(QLatin1String("Held: 2 messages")));
    a->onlineBox()->setChecked(false);
    QCOMPARE(sim.held(), 0);
    panel.refresh(feed.take());
    QVERIFY(a->heldTiles()->isHidden());
    // Undo back to the reference consumer: online, then no work limit, then no prefetch.
    editor.undoStack()->undo();
    editor.undoStack()->undo();
    editor.undoStack()->undo();
    QVERIFY(!sim.consumers()[0]->holdsMessages());
    panel.refresh(feed.take());
    QCOMPARE(a->prefetchBox()->value(), 0);
}

void TestPanels::cardRetryDelayEditAndUndo()
{
    // The strategy's retryDelay typed on A's card (beside the strategy): what A postpones in
    // cycle 0 waits 3 cycles, delayed, instead of coming back at once; Ctrl+Z restores "at once".
    MainWindow window;
    PL_VERIFY_OK(showActive(window, QStringLiteral(":/scenarios/reference-priority.json")));
    Simulation *sim = window.simulation();
    ConsumerCard *a = window.consumerPanel()->cards().at(0);
    QSpinBox *box = a->retryDelayBox();
    QCOMPARE(box->text(), QStringLiteral("at once"));
    QVERIFY(box->toolTip().contains(QStringLiteral("retry-later pattern")));
    window.findChild<QDockWidget *>(QStringLiteral("consumersDock"))->raise();
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("3"));
    QTest::keyClick(box, Qt::Key_Return);
    QTRY_VERIFY(!box->hasFocus());  // Enter ends the edit: Ctrl+Z is the window's again
    QCOMPARE(sim->consumers()[0]->strategy->retryDelay(), 3);
    QCOMPARE(box->text(), QStringLiteral("3 cycles"));
    QCOMPARE(window.setupEditor()->undoStack()->count(), 1);
    // A gets the first batch (priorities 0, 1, 2) and postpones it: delayed 3 cycles, as is
    // all it postpones in this cycle.
    sim->step();
    QVERIFY(sim->consumers()[0]->stats.postponed >= 3);
    QCOMPARE(sim->broker().delayedCount(), sim->consumers()[0]->stats.postponed);

    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(sim->consumers()[0]->strategy->retryDelay(), 0);
    QCOMPARE(box->text(), QStringLiteral("at once"));
    // The delayed messages come back in cycle 3; what A postpones from then on is back at once.
    const qint64 postponedBefore = sim->consumers()[0]->stats.postponed;
    while (sim->cycle() < 4) {
        sim->step();
    }
    QCOMPARE(sim->broker().delayedCount(), 0);
    QVERIFY(sim->consumers()[0]->stats.postponed > postponedBefore);
    // Redo brings it back, on the card too.
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_Z,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(sim->consumers()[0]->strategy->retryDelay(), 3);
    QCOMPARE(box->value(), 3);
}

void TestPanels::deadLetterConsumerAndQueueCaption()
{
    // A dead-letter consumer's card says so beside its name; the queue's caption counts the
    // dead-letter queue. A fails everything: with deliveryLimit 0 each message is a dead letter
    // at its first return, and waits while the dead-letter consumer D is offline.
    Simulation sim;
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(R"({"broker": {"deliveryLimit": 0, "deadLetterQueue": true},
        "consumers": [{"name": "A", "failureRate": 1}, {"name": "D", "deadLetters": true, "online": false}],
        "producers": [{"name": "P", "messages": [{"data": "a"}, {"data": "b"}]}]})", QStringLiteral("dlq.json"))));
    SetupEditor editor(&sim);
    ConsumerPanel panel(&editor);
    QueuePanel queue(&sim);
    TestSupport::CycleFeed feed(sim);
    const auto shows = [](QWidget *widget, const QString &text) {
        const QList<QLabel *> labels = widget->findChildren<QLabel *>();
        return std::any_of(labels.cbegin(), labels.cend(), [&](const QLabel *l) { return l->text().contains(text); });
    };
    QVERIFY(shows(panel.cards().at(1), QStringLiteral("D · dead letters")));
    QVERIFY(!shows(panel.cards().at(0), QStringLiteral("dead letters")));
    sim.step();
    const RefreshSnapshot snapshot = feed.take();
    panel.refresh(snapshot);
    queue.refresh(snapshot);
    QCOMPARE(sim.broker().deadLetterQueue().size(), size_t(2));
    QVERIFY(shows(&queue, QStringLiteral("2 in the dead-letter queue")));
}

void TestPanels::queueCaptionChangesInPlainText()
{
    // The queue's caption changes at every refresh: in plain text (a rich-text label lays out a
    // QTextDocument several times at each change), its heading in bold beside it.
    Simulation sim;
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(R"({"consumers": [{"name": "A", "online": false}],
        "producers": [{"name": "P", "generator": {"perCycle": 5}}]})", QStringLiteral("caption.json"))));
    QueuePanel queue(&sim);
    TestSupport::CycleFeed feed(sim);
    sim.step();
    queue.refresh(feed.take());
    QHash<QLabel *, QString> before;
    for (QLabel *label : queue.findChildren<QLabel *>())
        before.insert(label, label->text());
    sim.step();
    queue.refresh(feed.take());
    int changed = 0;
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        if (it.key()->text() == it.value())
            continue;
        ++changed;
        QVERIFY2(it.key()->textFormat() == Qt::PlainText, qPrintable(it.key()->text()));
        QVERIFY2(!it.key()->text().contains(u'<'), qPrintable(it.key()->text()));
    }
    QVERIFY2(changed >= 1, "the caption changed");
    const QList<QLabel *> labels = queue.findChildren<QLabel *>();
    const auto heading = std::find_if(labels.cbegin(), labels.cend(),
                                      [](const QLabel *l) { return l->text() == QStringLiteral("Broker queue:"); });
    QVERIFY(heading != labels.cend());
    QVERIFY((*heading)->font().bold());
}

void TestPanels::lastBatchIsPlainTextWithACopyAction()
{
    // The consumers' "Last batch" line changes at every cycle: plain text, not selectable (a
    // selectable label lays its text out through a QTextDocument); its ids are copied from its
    // context menu.
    TestSupport::EditedSetup e(QStringLiteral("reference-priority.json"));
    QVERIFY(e.loaded);
    QVERIFY(!e.panel.cards().isEmpty());
    e.sim.step();
    e.sim.step();
    ConsumerCard *card = nullptr;
    for (ConsumerCard *c : e.panel.cards()) {
        c->refresh();
        if (!card && e.sim.consumers()[size_t(c->index())]->lastBatchCycle >= 0)
            card = c;
    }
    QVERIFY(card);
    QLabel *label = nullptr;
    for (QLabel *l : card->findChildren<QLabel *>()) {
        if (l->text().startsWith(QLatin1String("Last batch: ")))
            label = l;
    }
    QVERIFY(label);
    QVERIFY2(label->text().startsWith(QLatin1String("Last batch: #")), qPrintable(label->text()));
    QVERIFY2(label->text().endsWith(QStringLiteral("(cycle %1)").arg(e.sim.consumers()[size_t(card->index())]->lastBatchCycle)),
             qPrintable(label->text()));
    QCOMPARE(label->textFormat(), Qt::PlainText);
    QVERIFY(!(label->textInteractionFlags() & Qt::TextSelectableByMouse));
    QVERIFY2(!label->findChild<QTextDocument *>(), "laid out without a QTextDocument");
    QCOMPARE(label->contextMenuPolicy(), Qt::ActionsContextMenu);
    QCOMPARE(label->actions().size(), 1);
    QApplication::clipboard()->clear();
    label->actions().constFirst()->trigger();
    QCOMPARE(QApplication::clipboard()->text(), label->text());
}

void TestPanels::deadLetterSummaryKeepsItsHintsWhenOnlyNumbersChange()
{
    // The dead letters' summary (rich text, its count in bold) changes at every refresh. When
    // only its numbers change (and the font's digits have one width), its size hints are not
    // measured again through its QTextDocument; the text is the same words as before.
    const QByteArray json = QByteArrayLiteral(R"({"broker": {"deliveryLimit": 0},
        "consumers": [{"name": "A", "failureRate": 1}],
        "producers": [{"name": "P", "generator": {"perCycle": 3}}]})");
    Simulation sim;
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(json, QStringLiteral("loss.json"))));
    DeadLetterPanel panel(&sim);
    sim.step();
    panel.refresh();
    QLabel *label = nullptr;
    for (QLabel *l : panel.findChildren<QLabel *>()) {
        if (l->text() == panel.summaryText())
            label = l;
    }
    QVERIFY(label);
    for (const QFont &font : {label->font(), QFont(label->font().family(), -1, QFont::Bold)}) {
        const QFontMetricsF metrics(font);
        for (char digit = '1'; digit <= '9'; ++digit) {
            if (metrics.horizontalAdvance(QLatin1Char(digit)) != metrics.horizontalAdvance(QLatin1Char('0')))
                QSKIP("the font's digits differ in width: the hints are measured at every change");
        }
    }
    const QString before = panel.summaryText();
    const QSize hint = label->sizeHint();
    const QSize minimumHint = label->minimumSizeHint();
    sim.step();
    panel.refresh();
    QVERIFY2(panel.summaryText() != before, qPrintable(before));
    QCOMPARE(QString(panel.summaryText()).replace(u'6', u'3'), before);
    QVERIFY2(panel.summaryText().startsWith(QLatin1String("<b>6 messages discarded</b>")), qPrintable(panel.summaryText()));
    auto *document = label->findChild<QTextDocument *>();
    QVERIFY(document);
    QSignalSpy laidOut(document->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged);
    QCOMPARE(label->sizeHint(), hint);
    QCOMPARE(label->minimumSizeHint(), minimumHint);
    QCOMPARE(laidOut.count(), 0);
}

void TestPanels::statusBarCountsTheDeadLetterQueue()
{
    // Dead letters kept in the dead-letter queue are not final: the status bar's "discarded"
    // counts the final ones and the queue's depth is shown beside the queue, so the figures add
    // up as the conservation law does. A fails everything (deliveryLimit 0: a dead letter at its
    // first return); D, offline, then failing too, makes them final.
    Simulation sim;
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(R"({"broker": {"deliveryLimit": 0, "deadLetterQueue": true},
        "consumers": [{"name": "A", "failureRate": 1}, {"name": "D", "deadLetters": true, "online": false}],
        "producers": [{"name": "P", "messages": [{"data": "a"}, {"data": "b"}, {"data": "c"}]}]})",
                                                   QStringLiteral("dlq.json"))));
    StatusSummary status(&sim);
    QVERIFY2(status.text().contains(QStringLiteral("discarded 0")), qPrintable(status.text()));
    QVERIFY2(status.text().contains(QStringLiteral("queued 0 · 0 in the dead-letter queue")), qPrintable(status.text()));
    sim.step();
    status.refresh();
    QCOMPARE(sim.metrics().totals().discarded, 3);
    QCOMPARE(sim.broker().deadLetterQueue().size(), size_t(3));
    QVERIFY2(status.text().contains(QStringLiteral("discarded 0 · failed 3")), qPrintable(status.text()));
    QVERIFY2(status.text().contains(QStringLiteral("queued 0 · 3 in the dead-letter queue")), qPrintable(status.text()));
    QVERIFY(status.text().contains(QStringLiteral("conservation ✓")));
    const QList<QLabel *> labels = status.findChildren<QLabel *>();
    const auto tipOf = [&labels](const QString &text) {
        for (const QLabel *l : labels) {
            if (l->text().contains(text))
                return l->toolTip();
        }
        return QString();
    };
    QVERIFY2(tipOf(QStringLiteral("conservation")).contains(QStringLiteral("3 = 0 + 0 + 0 + 0 + 3 + 0")),
             qPrintable(tipOf(QStringLiteral("conservation"))));
    QVERIFY(tipOf(QStringLiteral("produced")).contains(QStringLiteral("of 3 dead letters, 3 were kept")));

    // D comes online and fails them as well: they are final dead letters now.
    sim.setConsumerFailureRate(1, 1.0);
    sim.setConsumerOnline(1, true);
    sim.step();
    status.refresh();
    QCOMPARE(sim.metrics().totals().finalDiscarded(), 3);
    QVERIFY2(status.text().contains(QStringLiteral("discarded 3 · failed 6")), qPrintable(status.text()));
    QVERIFY2(status.text().contains(QStringLiteral("0 in the dead-letter queue")), qPrintable(status.text()));
    QVERIFY(tipOf(QStringLiteral("conservation")).contains(QStringLiteral("3 = 0 + 3 + 0 + 0 + 0 + 0")));

    // Without the dead-letter queue nothing about it is shown.
    PL_VERIFY_OK(sim.load(generating()));
    status.refresh();
    QVERIFY(!status.text().contains(QStringLiteral("dead-letter")));
}

void TestPanels::statusBarShowsTheBrokersOwnDeadLetters()
{
    // The broker's own dead letters are named by reason (only the non-zero ones) beside
    // "discarded", and messages a full queue refused are shown as "rejected". A is offline: a
    // queue of length 1 receives 3 messages, so it drops its head twice (maxlen 2).
    const QByteArray full = QByteArrayLiteral(R"({"broker": {"maxLength": 1},
        "consumers": [{"name": "A", "online": false}],
        "producers": [{"name": "P", "messages": [{"data": "a"}, {"data": "b"}, {"data": "c"}]}]})");
    Simulation sim;
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(full, QStringLiteral("full.json"))));
    StatusSummary status(&sim);
    QVERIFY2(status.text().contains(QStringLiteral("discarded 0 · failed 0")), qPrintable(status.text()));
    sim.step();
    status.refresh();
    QCOMPARE(sim.metrics().totals().maxlen, 2);
    QVERIFY2(status.text().contains(QStringLiteral("discarded 2 (maxlen 2) · failed 0")), qPrintable(status.text()));
    QVERIFY(!status.text().contains(QStringLiteral("expired")));
    QVERIFY(!status.text().contains(QStringLiteral("rejected")));

    // Overflow reject-publish: the same queue refuses the 2 new messages instead.
    QByteArray refusing = full;
    refusing.replace(R"("maxLength": 1)", R"("maxLength": 1, "overflow": "reject-publish")");
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(refusing, QStringLiteral("refusing.json"))));
    sim.step();
    status.refresh();
    QCOMPARE(sim.metrics().totals().rejected, 2);
    QVERIFY2(status.text().contains(QStringLiteral("discarded 0 · rejected 2 · failed 0")), qPrintable(status.text()));
    QVERIFY(!status.text().contains(QStringLiteral("maxlen")));
}

void TestPanels::deadLetterPanelCountsTheDeadLetterQueue()
{
    // With the dead-letter queue on, the dead letters' count line says how many wait there, how
    // many its consumers drained, and counts only the final ones as data loss; it follows the
    // queue's depth while the list itself does not change. A fails everything (deliveryLimit 0:
    // a dead letter at its first return); D drains the dead-letter queue once it is online.
    const QByteArray dlq = QByteArrayLiteral(R"({"broker": {"deliveryLimit": 0, "deadLetterQueue": true},
        "consumers": [{"name": "A", "failureRate": 1}, {"name": "D", "deadLetters": true, "online": false}],
        "producers": [{"name": "P", "messages": [{"data": "a"}, {"data": "b"}, {"data": "c"}]}]})");
    Simulation sim;
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(dlq, QStringLiteral("dlq.json"))));
    DeadLetterPanel panel(&sim);
    QSignalSpy first(&panel, &DeadLetterPanel::firstLetterArrived);
    const auto summary = [&panel] { return panel.summaryText(); };
    QVERIFY2(summary().contains(QStringLiteral("0 waiting in the dead-letter queue")), qPrintable(summary()));
    sim.step();
    panel.refresh();
    QCOMPARE(first.count(), 1);
    QCOMPARE(panel.model()->totalCount(), 3);
    QVERIFY2(summary().startsWith(QStringLiteral("<b>3 dead letters</b>: 3 waiting in the dead-letter queue, 0 drained")),
             qPrintable(summary()));
    QVERIFY2(summary().contains(QStringLiteral("; none final, no data lost.")), qPrintable(summary()));
    QVERIFY(!summary().contains(QStringLiteral("data loss")));

    // D drains them: the list keeps its 3 letters, the line follows the queue.
    sim.setConsumerOnline(1, true);
    sim.step();
    panel.refresh();
    QCOMPARE(panel.model()->totalCount(), 3);
    QCOMPARE(sim.broker().deadLetterQueue().size(), size_t(0));
    QVERIFY2(summary().contains(QStringLiteral("0 waiting in the dead-letter queue, 3 drained by its consumers;")),
             qPrintable(summary()));
    QVERIFY(summary().contains(QStringLiteral("none final")));
    QCOMPARE(first.count(), 1);

    // A dead-letter consumer that fails them too makes them final: that is data loss.
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(QByteArray(dlq).replace(R"("deadLetters": true, "online": false)",
                                                                           R"("deadLetters": true, "failureRate": 1)"),
                                                   QStringLiteral("dlq-fail.json"))));
    panel.refresh();
    QVERIFY2(summary().startsWith(QStringLiteral("<b>0 dead letters</b>")), qPrintable(summary()));
    sim.step();
    sim.step();
    panel.refresh();
    QCOMPARE(first.count(), 2);  // a new run
    QCOMPARE(sim.metrics().totals().finalDiscarded(), 3);
    QVERIFY2(summary().startsWith(QStringLiteral("<b>6 dead letters</b>: 0 waiting in the dead-letter queue, 0 drained")),
             qPrintable(summary()));
    QVERIFY2(summary().contains(QStringLiteral("<b>3 final</b> (data loss).")), qPrintable(summary()));

    // Without the dead-letter queue every dead letter is data loss, as before.
    PL_VERIFY_OK(sim.load(TestSupport::parseOrFail(QByteArray(dlq)
                                                           .replace(R"(, "deadLetterQueue": true)", "")
                                                           .replace(R"(, {"name": "D", "deadLetters": true, "online": false})", ""),
                                                   QStringLiteral("no-dlq.json"))));
    sim.step();
    panel.refresh();
    QCOMPARE(summary(), QStringLiteral("<b>3 messages discarded</b> (data loss)."));
}

void TestPanels::sparklineScaleLeavesTheLineInSight()
{
    // The scale ("5/cycle", top left over a light box) was drawn over the top 40% of the line:
    // the highest points went under the box. The line is drawn below the label: a run at its
    // highest value all along is a line in sight under the label's whole width.
    for (const int percent : {100, 150}) {
        Sparkline line;
        QFont font = line.font();
        font.setPointSizeF(font.pointSizeF() * percent / 100.0);
        line.setFont(font);
        line.setUnit(QStringLiteral("/cycle"));
        line.setColor(QColor(200, 0, 0));
        line.setValues(QList<qint64>(60, 5));
        line.resize(line.sizeHint());
        const QRectF label = line.scaleRect();
        const QRectF plot = line.plotRect();
        const QString where = QStringLiteral("at %1%: label %2..%3, plot %4..%5 px")
                                      .arg(percent).arg(label.top()).arg(label.bottom()).arg(plot.top()).arg(plot.bottom());
        QVERIFY2(plot.top() >= label.bottom(), qPrintable(where));
        QVERIFY2(plot.height() >= line.fontMetrics().height() * 0.9, qPrintable(where));  // a line, not a strip
        const QImage image = line.grab().toImage();
        const auto red = [&image](int x, int y) {
            const QColor c = image.pixelColor(x, y);
            return c.red() > 150 && c.green() < 130 && c.blue() < 130;
        };
        for (int x = int(label.left()) + 1; x < int(label.right()); ++x) {
            bool seen = false;
            for (int y = int(plot.top()) - 1; y <= int(plot.top()) + 1 && !seen; ++y)
                seen = red(x, y);
            QVERIFY2(seen, qPrintable(where + QStringLiteral(": the line is hidden at x %1").arg(x)));
        }
    }
}

void TestPanels::cardCapacityTopicsAndSparkline()
{
    Simulation sim;
    Scenario s = generating();
    s.producers[0].generator->perCycle = 9;
    s.broker.batchesPerCycle = 0;
    PL_VERIFY_OK(sim.load(s));
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
    PL_VERIFY_OK(editor.setBrokerMode(BrokerConfig::Mode::Topics));
    QCOMPARE(a->topicBoxes().size(), 3);
    QVERIFY(a->topicBoxes().first()->isVisibleTo(a));
    for (QCheckBox *box : a->topicBoxes())
        QVERIFY(box->isChecked());  // no list = every topic
    a->topicBoxes().at(1)->click();
    a->topicBoxes().at(2)->click();
    QCOMPARE(sim.consumers()[0]->topics, QStringList{QStringLiteral("orders-0")});
    // Two clicks, two undo steps, each back to exactly where it was.
    editor.undoStack()->undo();
    QCOMPARE(sim.consumers()[0]->topics, (QStringList{QStringLiteral("orders-0"), QStringLiteral("orders-2")}));
    QVERIFY(!a->topicBoxes().at(1)->isChecked());
    QVERIFY(a->topicBoxes().at(2)->isChecked());
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
    PL_VERIFY_OK(window.openScenarioFile(QStringLiteral(":/scenarios/default.json")));
    Simulation *sim = window.simulation();
    sim->runCycles(5);
    sim->run();
    ConsumerConfig config;
    config.name = window.setupEditor()->uniqueConsumerName();
    QCOMPARE(config.name, QStringLiteral("consumer-5"));
    config.strategy.type = QStringLiteral("ttl");
    PL_VERIFY_OK(window.setupEditor()->addConsumer(config));
    QVERIFY(sim->isRunning());
    window.refreshViews();
    QCOMPARE(window.consumerPanel()->cards().size(), 5);
    sim->runCycles(5);
    QVERIFY(sim->consumers()[4]->stats.batches > 0);
    window.consumerPanel()->cards().at(0)->removeButton()->click();
    QCOMPARE(sim->consumers().size(), size_t(4));
    QVERIFY(sim->isRunning());
    sim->runCycles(5);
    PL_VERIFY_OK(sim->checkInvariants());
    window.undoAction()->trigger();
    QCOMPARE(sim->consumers().size(), size_t(5));
    sim->pause();
    QVERIFY(!window.consumerPanel()->addButton()->toolTip().isEmpty());
}

void TestPanels::cardsIdleAtStartAndWhilePaused()
{
    // A batch is handled within its cycle: at cycle 0 nothing was handed out yet, and while the
    // run is paused no consumer holds a message. Only a running simulation shows "handling".
    TestSupport::EditedSetup e(QStringLiteral("reference-priority.json"));
    QVERIFY(e.loaded);
    QVERIFY(!e.panel.cards().isEmpty());
    const QString idle = QStringLiteral("idle");
    for (ConsumerCard *card : e.panel.cards()) {
        card->refresh();
        QCOMPARE(card->stateText(), idle);
    }

    e.sim.step();  // cycle 0, paused
    const auto gotBatch = [&e](const ConsumerCard *card) {
        return e.sim.consumers()[size_t(card->index())]->lastBatchCycle == 0;
    };
    int handed = 0;
    for (ConsumerCard *card : e.panel.cards()) {
        handed += gotBatch(card) ? 1 : 0;
        card->refresh();
        QCOMPARE(card->stateText(), idle);
    }
    QVERIFY(handed > 0);

    QSignalSpy running(&e.sim, &Simulation::runningChanged);
    e.sim.setIntervalMs(60000);  // no tick during the test: the cycle is driven by step()
    e.sim.run();
    QCOMPARE(running.count(), 1);
    e.sim.step();  // cycle 1 while running
    for (ConsumerCard *card : e.panel.cards()) {
        card->refresh();
        const bool got = e.sim.consumers()[size_t(card->index())]->lastBatchCycle == 1;
        QCOMPARE(card->stateText(), got ? QStringLiteral("handling a batch") : idle);
    }
    e.sim.pause();
    QCOMPARE(running.count(), 2);
    for (ConsumerCard *card : e.panel.cards()) {
        card->refresh();
        QCOMPARE(card->stateText(), idle);
    }
}

void TestPanels::focusedFieldShowsWhoseCardItIs()
{
    // A trial tabbed to a bound on a card whose header ("A idle") had scrolled away: the class
    // could not tell whose setting it was. A field that takes the keyboard focus comes into
    // sight with its card's name where the view has room for both.
    TestSupport::EditedSetup e(QStringLiteral("lesson-mixed-thresholds.json"));
    QVERIFY(e.loaded);
    QVERIFY(e.panel.cards().size() >= 3);
    e.panel.resize(460, 300);
    e.panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&e.panel));
    auto *scroll = e.panel.findChild<QScrollArea *>();
    QVERIFY(scroll);
    const auto inSight = [scroll](const QWidget *w) {
        const QRect r(w->mapTo(scroll->viewport(), QPoint(0, 0)), w->size());
        return scroll->viewport()->rect().contains(r);
    };
    for (ConsumerCard *card : {e.panel.cards().at(2), e.panel.cards().at(0)}) {
        QWidget *field = card->capacityBox();
        QVERIFY(!inSight(field) || !inSight(card->nameLabel()) || card == e.panel.cards().at(0));
        field->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY2(inSight(field) && inSight(card->nameLabel()), qPrintable(card->nameLabel()->text()));
    }
}

void TestPanels::smallDialogsKeepTheirTitleWhole()
{
    // A trial under openbox: the "Add a consumer" form was narrower than its title bar's text
    // and read "Add a … rityLab". It is at least as wide as the title with the application's
    // name, in bold, and the title bar's buttons.
    TestSupport::EditedSetup e(QStringLiteral("reference-priority.json"));
    QVERIFY(e.loaded);
    e.panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&e.panel));
    int width = 0;
    QString title;
    QTimer::singleShot(0, &e.panel, [&] {
        QWidget *dialog = QApplication::activeModalWidget();
        if (!dialog)
            return;
        QTRY_VERIFY(dialog->isVisible());
        width = dialog->width();
        title = dialog->windowTitle();
        static_cast<QDialog *>(dialog)->reject();
    });
    e.panel.addConsumerDialog();
    QCOMPARE(title, QStringLiteral("Add a consumer"));
    QFont bold = e.panel.font();
    bold.setBold(true);
    const int needed = QFontMetrics(bold).horizontalAdvance(title + QStringLiteral(" — ") + QGuiApplication::applicationDisplayName())
            + WindowTitleRoom;
    QVERIFY2(width >= needed, qPrintable(QStringLiteral("%1 px for a title of %2 px").arg(width).arg(needed)));
}

void TestPanels::cardSaysWhatItHoldsBetweenCycles()
{
    // A trial, lesson-prefetch-hides-priority paused: A's card said "idle" beside four held
    // tiles. A consumer that holds prefetched messages between cycles says so, and how many.
    TestSupport::EditedSetup e(QStringLiteral("lesson-prefetch-hides-priority.json"));
    QVERIFY(e.loaded);
    ConsumerCard *card = e.panel.cards().at(0);
    card->refresh();
    QCOMPARE(card->stateText(), QStringLiteral("idle"));
    e.sim.runCycles(3);
    QCOMPARE(e.sim.consumers()[0]->held.size(), size_t(4));
    card->refresh();
    QCOMPARE(card->stateText(), QStringLiteral("holding 4"));
    // Offline, it says so (what it holds goes back to the queue).
    e.sim.setConsumerOnline(0, false);
    card->refresh();
    QCOMPARE(card->stateText(), QStringLiteral("offline"));
}

void TestPanels::timelineNotesOnTheCards()
{
    // lesson-ttl-moved.json: the timeline sets low to 4 on A, B and C at cycle 60.
    Simulation sim;
    PL_VERIFY_OK(sim.load(TestSupport::loadPreset(QStringLiteral("lesson-ttl-moved.json"))));
    SetupEditor editor(&sim);
    ConsumerPanel panel(&editor);
    const QString note = QStringLiteral("timeline sets this to 4 at cycle 60");
    for (ConsumerCard *card : panel.cards()) {
        QCOMPARE(card->parameterEditor(QStringLiteral("low"))->note(), note);
        QCOMPARE(card->parameterEditor(QStringLiteral("high"))->note(), QString());
        QCOMPARE(card->timelineNoteText(), QString());
    }
    const std::optional<TimelineChange> next = sim.nextTimelineChange(SettingPath::parse(QStringLiteral("consumers[2].strategy.low")));
    QVERIFY(next.has_value());
    QCOMPARE(next->atCycle, 60);
    QCOMPARE(next->value, QJsonValue(4));

    // The teacher sets A's low bound by hand at cycle 30: the note says it will not last. Set to
    // the timeline's own value, there is nothing to warn about.
    for (int i = 0; i < 30; ++i)
        sim.step();
    ConsumerCard *a = panel.cards().at(0);
    QCOMPARE(editor.setConsumerParameter(0, QStringLiteral("low"), 2), QString());
    QCOMPARE(a->parameterEditor(QStringLiteral("low"))->note(), note);
    QCOMPARE(editor.setConsumerParameter(0, QStringLiteral("low"), 4), QString());
    QCOMPARE(a->parameterEditor(QStringLiteral("low"))->note(), QString());
    editor.undoStack()->undo();
    QCOMPARE(a->parameterEditor(QStringLiteral("low"))->note(), note);

    // Cycle 60 runs the change: the notes go, nothing is left to come.
    for (int i = 30; i < 60; ++i)
        sim.step();
    QCOMPARE(a->parameterEditor(QStringLiteral("low"))->note(), note);
    sim.step();
    for (ConsumerCard *card : panel.cards())
        QCOMPARE(card->parameterEditor(QStringLiteral("low"))->note(), QString());
    QVERIFY(!sim.nextTimelineChange(SettingPath::parse(QStringLiteral("consumers[0].strategy.low"))));

    // Other settings are named in the card's note: lesson-consumers-offline takes B and C
    // offline at cycle 40; A has nothing coming.
    PL_VERIFY_OK(sim.load(TestSupport::loadPreset(QStringLiteral("lesson-consumers-offline.json"))));
    QCOMPARE(panel.cards().at(0)->timelineNoteText(), QString());
    QCOMPARE(panel.cards().at(1)->timelineNoteText(), QStringLiteral("Online: timeline sets this to false at cycle 40"));
    // A new strategy type from the timeline.
    Scenario s = generating();
    s.timeline << TimelineChange{25, QStringLiteral("consumers[1].strategy.type"), QStringLiteral("ttl")};
    PL_VERIFY_OK(sim.load(s));
    QCOMPARE(panel.cards().at(1)->timelineNoteText(),
             QStringLiteral("Strategy: timeline sets this to ttl at cycle 25"));
    // The retry delay set from the timeline, on the card beside the strategy.
    s.timeline = {TimelineChange{30, QStringLiteral("consumers[0].strategy.retryDelay"), 2}};
    PL_VERIFY_OK(sim.load(s));
    QCOMPARE(panel.cards().at(0)->timelineNoteText(), QStringLiteral("Retry delay: timeline sets this to 2 at cycle 30"));
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
    PL_VERIFY_OK(window.saveScenarioFile(scenario));
    QCOMPARE(Settings::recentFiles().first(), scenario);
    Q_EMIT window.recentMenu()->aboutToShow();
    const QList<QAction *> actions = window.recentMenu()->actions();
    QVERIFY(actions.size() >= 2);
    QCOMPARE(actions.first()->data().toString(), scenario);
    QVERIFY(window.openScenarioFile(paths.at(5)).size() > 0);  // empty files do not parse...
    QCOMPARE(Settings::recentFiles().first(), scenario);       // ...and are not recorded
    Settings::clearRecentFiles();
}

void TestPanels::openStartsInTheScenarioFolder()
{
    // Ctrl+O started in the working directory whenever the scenario was a built-in one, even
    // right after a file was opened from elsewhere. It starts in the current file's folder, else
    // in the folder last used (this session's, else the one remembered from the last session).
    // With none of them (a lab machine's first session, a lesson from the Scenarios menu) a
    // teacher's trial found it in the working folder, wherever the launcher started the app: it
    // starts in the shipped scenarios' folder (the checkout's resources/scenarios here).
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, config.path());
    QSettings().clear();
    QTemporaryDir first;
    QTemporaryDir second;
    QVERIFY(first.isValid() && second.isValid());
    const QString shipped = ScenarioFiles::shippedScenarioFolder();
    QVERIFY(QFileInfo::exists(shipped + QStringLiteral("/lesson-ttl-moved.json")));
    QVERIFY(QFileInfo(shipped).isAbsolute());
    QVERIFY(shipped != QDir::currentPath());

    // The rule itself.
    const QString inFirst = first.filePath(QStringLiteral("a.json"));
    QCOMPARE(ScenarioFiles::openFolder(inFirst, second.path()), QFileInfo(inFirst).absolutePath());
    QCOMPARE(ScenarioFiles::openFolder(QStringLiteral(":/scenarios/default.json"), second.path()),
             QFileInfo(second.path()).absoluteFilePath());
    QCOMPARE(ScenarioFiles::openFolder(QString(), second.path()), QFileInfo(second.path()).absoluteFilePath());
    QCOMPARE(ScenarioFiles::openFolder(QStringLiteral(":/scenarios/default.json"), second.filePath(QStringLiteral("gone"))),
             shipped);
    QCOMPARE(ScenarioFiles::openFolder(QString(), QString()), shipped);

    {
        MainWindow window;
        window.setShowDialogs(false);
        window.restoreSettings();  // remembers files and folders
        ScenarioFiles *files = window.scenarioFiles();
        QCOMPARE(files->openFolder(), shipped);  // nothing used yet
        // Not there either: in Documents (saveAsStartsInDocumentsOrWhereSavedLast).
        QCOMPARE(QFileInfo(files->saveAsPath()).absolutePath(), ScenarioFiles::documentsFolder());
        PL_VERIFY_OK(window.saveScenarioFile(inFirst));
        QCOMPARE(files->openFolder(), QFileInfo(inFirst).absolutePath());
        const QString inSecond = second.filePath(QStringLiteral("b.json"));
        QVERIFY(QFile::copy(inFirst, inSecond));
        PL_VERIFY_OK(window.openScenarioFile(inSecond));
        QCOMPARE(files->openFolder(), QFileInfo(inSecond).absolutePath());
        // A built-in lesson now: the folder last used.
        PL_VERIFY_OK(window.openScenarioFile(QStringLiteral(":/scenarios/lesson-aging.json")));
        QCOMPARE(files->openFolder(), QFileInfo(inSecond).absolutePath());
    }
    // The next session, on a built-in scenario: the folder of the last one.
    MainWindow window;
    window.setShowDialogs(false);
    window.restoreSettings();
    PL_VERIFY_OK(window.openScenarioFile(QStringLiteral(":/scenarios/default.json")));
    QCOMPARE(window.scenarioFiles()->openFolder(), QFileInfo(second.path()).absoluteFilePath());
    QSettings().clear();
}

void TestPanels::saveNeverWritesOverAShippedLesson()
{
    // A teacher who edited a lesson opened from the checkout's resources/scenarios was offered
    // that very file by Save As, and Save in the unsaved-changes prompt would have written over
    // it: the next class would get the edited lesson. A shipped lesson (built in, or a file with
    // a shipped name and the shipped bytes) is never the save target; a user's own file is.
    const QString shipped = TestSupport::presetPath(QStringLiteral("lesson-poison-message.json"));
    QVERIFY(ScenarioFiles::isShippedScenario(shipped));
    QVERIFY(ScenarioFiles::isShippedScenario(QStringLiteral(":/scenarios/default.json")));
    QVERIFY(!ScenarioFiles::isShippedScenario(QString()));
    QTemporaryDir user;
    QVERIFY(user.isValid());
    const QString copy = user.filePath(QStringLiteral("lesson-poison-message.json"));
    QVERIFY(QFile::copy(shipped, copy));
    QVERIFY(ScenarioFiles::isShippedScenario(copy));  // same name, same bytes: still the lesson
    QFile edited(copy);
    QVERIFY(edited.setPermissions(edited.permissions() | QFileDevice::WriteOwner));
    QVERIFY(edited.open(QIODevice::Append));
    edited.write("\n");
    edited.close();
    QVERIFY(!ScenarioFiles::isShippedScenario(copy));  // the user's own version now
    QVERIFY(!ScenarioFiles::isShippedScenario(user.filePath(QStringLiteral("mine.json"))));

    QCOMPARE(ScenarioFiles::saveAsSuggestion(shipped, user.path()),
             user.filePath(QStringLiteral("lesson-poison-message-edited.json")));
    QCOMPARE(ScenarioFiles::saveAsSuggestion(QStringLiteral(":/scenarios/default.json"), user.path()),
             user.filePath(QStringLiteral("default-edited.json")));
    QCOMPARE(ScenarioFiles::saveAsSuggestion(copy, user.path()), copy);
    QCOMPARE(ScenarioFiles::saveAsSuggestion(QString(), user.path()), user.filePath(QStringLiteral("scenario.json")));
}

void TestPanels::saveAsStartsInDocumentsOrWhereSavedLast()
{
    // Save (or Save in the unsaved-edits prompt) on a shipped lesson opened from the checkout's
    // resources/scenarios proposed that very folder (installed, it is not writable), where the
    // README says Documents. It proposes NAME-edited.json (never the lesson itself) in the
    // folder last saved to, remembered from session to session, else in the user's Documents,
    // created if missing (a new lab account has none: the dialog then opened in the working
    // folder); a user's own file, itself in its own folder.
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, config.path());
    QSettings().clear();
    const auto clear = qScopeGuard([] { QSettings().clear(); });
    // A home of its own, without a Documents folder (QStandardPaths' Documents is HOME's).
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QByteArray oldHome = qgetenv("HOME");
    qputenv("HOME", QFile::encodeName(home.path()));
    const auto restoreHome = qScopeGuard([oldHome] { qputenv("HOME", oldHome); });
    const QString documents = ScenarioFiles::documentsFolder();
    QVERIFY2(documents.startsWith(QFileInfo(home.path()).absoluteFilePath()), qPrintable(documents));
    QVERIFY(!QFileInfo::exists(documents));
    const QString shipped = TestSupport::presetPath(QStringLiteral("lesson-ttl-moved.json"));
    QTemporaryDir user;
    QVERIFY(user.isValid());
    const QString userFolder = QFileInfo(user.path()).absoluteFilePath();
    {
        MainWindow window;
        window.setShowDialogs(false);
        window.restoreSettings();  // remembers files and folders
        ScenarioFiles *files = window.scenarioFiles();
        PL_VERIFY_OK(window.openScenarioFile(shipped));
        const QString inDocuments = QDir(documents).filePath(QStringLiteral("lesson-ttl-moved-edited.json"));
        QCOMPARE(files->saveAsPath(), inDocuments);
        QVERIFY(!QFileInfo(files->saveAsPath()).absolutePath().startsWith(QFileInfo(shipped).absolutePath()));
        QVERIFY(!QFileInfo::exists(documents));  // only asking: nothing made
        QCOMPARE(files->preparedSaveAsPath(), inDocuments);  // what the dialog starts with
        QVERIFY(QFileInfo(documents).isDir());
        // A user's own file: itself, in its own folder.
        const QString own = QDir(userFolder).filePath(QStringLiteral("own.json"));
        QVERIFY(QFile::copy(shipped, own));
        {
            QFile edited(own);
            QVERIFY(edited.setPermissions(edited.permissions() | QFileDevice::WriteOwner));
            QVERIFY(edited.open(QIODevice::Append));
            edited.write("\n");
        }
        PL_VERIFY_OK(window.openScenarioFile(own));
        QCOMPARE(files->saveAsPath(), own);
        PL_VERIFY_OK(window.openScenarioFile(shipped));
        // Saved elsewhere: the next shipped lesson proposes that folder; the user's own file
        // itself.
        const QString mine = QDir(userFolder).filePath(QStringLiteral("mine.json"));
        PL_VERIFY_OK(window.saveScenarioFile(mine));
        QCOMPARE(files->saveAsPath(), mine);
        PL_VERIFY_OK(window.openScenarioFile(TestSupport::presetPath(QStringLiteral("lesson-aging.json"))));
        QCOMPARE(files->saveAsPath(), QDir(userFolder).filePath(QStringLiteral("lesson-aging-edited.json")));
        PL_VERIFY_OK(window.openScenarioFile(QStringLiteral(":/scenarios/default.json")));
        QCOMPARE(files->saveAsPath(), QDir(userFolder).filePath(QStringLiteral("default-edited.json")));
    }
    // The next session remembers where the user saved.
    MainWindow window;
    window.setShowDialogs(false);
    window.restoreSettings();
    PL_VERIFY_OK(window.openScenarioFile(shipped));
    QCOMPARE(window.scenarioFiles()->saveAsPath(), QDir(userFolder).filePath(QStringLiteral("lesson-ttl-moved-edited.json")));
}

void TestPanels::windowStartsAtScenarioSpeed()
{
    // The layout is remembered; the speed is not: a new session starts at the scenario's own
    // interval, never at a top speed chosen earlier (it would race past a lesson's first cycles).
    QTemporaryDir config;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, config.path());
    int scenarioInterval = 0;
    {
        MainWindow window;
        window.setShowDialogs(false);
        window.restoreSettings();
        scenarioInterval = window.simulation()->intervalMs();
        QVERIFY(scenarioInterval != 0);
        while (window.simulation()->intervalMs() != 0)
            window.speedControl()->faster();  // as fast as possible
        window.close();  // saves
        QVERIFY(!Settings::windowState().isEmpty());
    }
    MainWindow window;
    window.setShowDialogs(false);
    window.restoreSettings();
    QCOMPARE(window.simulation()->intervalMs(), scenarioInterval);
    QVERIFY(window.openScenarioFile(QStringLiteral(":/scenarios/default.json")).isEmpty());
    const int defaultInterval = window.simulation()->loadedScenario().broker.cycleIntervalMs;
    QVERIFY(defaultInterval > 0);
    QCOMPARE(window.simulation()->intervalMs(), defaultInterval);
    QCOMPARE(window.speedControl()->intervalMs(), defaultInterval);
    QVERIFY(!window.simulation()->isRunning());
    QCOMPARE(window.simulation()->cycle(), 0);
}

void TestPanels::shortcutsTriggerActions()
{
    MainWindow window;
    PL_VERIFY_OK(showActive(window, QStringLiteral(":/scenarios/reference-priority.json")));
    Simulation *sim = window.simulation();
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

    PL_VERIFY_OK(window.setupEditor()->setConsumerParameter(0, QStringLiteral("threshold"), 7));
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
    PL_VERIFY_OK(showActive(window, QStringLiteral(":/scenarios/reference-priority.json")));
    Simulation *sim = window.simulation();

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

    // A spin box being edited keeps Space and Right too (merely focused, it holds no edit and
    // leaves them to the run: docs/help.md, tst_keys).
    QSpinBox *rate = window.producerPanel()->sendPriorityBox();
    rate->setFocus();
    rate->selectAll();
    QTest::keyClicks(rate, QString::number(rate->value() == 1 ? 2 : 1));  // an edit: another number
    QTest::keyClick(rate, Qt::Key_Space);
    QTest::keyClick(rate, Qt::Key_Right);
    QVERIFY(!sim->isRunning());
    QCOMPARE(sim->cycle(), 0);

    // Enter ends the edit: the field gives the focus back, and the run keys work again.
    QTest::keyClick(rate, Qt::Key_Return);
    QTRY_VERIFY(!rate->hasFocus());
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_Right);
    QCOMPARE(sim->cycle(), 1);

    // A check box or slider, even reached with Tab, leaves Space and Right to the run: the run
    // keys act from anywhere but a text field. A check box toggles with Enter.
    QCheckBox *paused = window.producerPanel()->pausedBox(0);
    QCOMPARE(paused->focusPolicy(), Qt::TabFocus);  // a click does not take the keyboard
    paused->setFocus(Qt::TabFocusReason);
    QVERIFY(paused->hasFocus());
    QTest::keyClick(paused, Qt::Key_Space);
    QVERIFY(!paused->isChecked());
    QVERIFY(sim->isRunning());
    QTest::keyClick(paused, Qt::Key_Space);
    QVERIFY(!sim->isRunning());
    QTest::keyClick(paused, Qt::Key_Return);
    QVERIFY(paused->isChecked());

    QSlider *slider = window.producerPanel()->rateSlider(0);
    slider->setFocus(Qt::TabFocusReason);
    const int before = slider->value();
    const qint64 cycle = sim->cycle();
    QTest::keyClick(slider, Qt::Key_Right);
    QCOMPARE(slider->value(), before);
    QCOMPARE(sim->cycle(), cycle + 1);
    QTest::keyClick(slider, Qt::Key_Up);  // the slider keeps Up and Down
    QCOMPARE(slider->value(), before + 1);

    QVERIFY(ShortcutGuard::controlUsesKey(rate, Qt::Key_Right));
    QVERIFY(!ShortcutGuard::controlUsesKey(slider, Qt::Key_Right));
    QVERIFY(!ShortcutGuard::controlUsesKey(slider, Qt::Key_Space));
    QVERIFY(!ShortcutGuard::controlUsesKey(&window, Qt::Key_Space));

    // A tab bar takes Left to pick its tab, round from the first to the last, so every tab is in
    // reach; Right, N and Space still drive the run (a class trial lost a step to a tab bar).
    // Changed with that rule: Right used to pick the next tab here.
    QTabBar *docks = nullptr;
    for (QTabBar *bar : window.findChildren<QTabBar *>()) {
        for (int i = 0; bar->isVisible() && i < bar->count(); ++i)
            if (bar->tabText(i) == QLatin1String("Consumers"))
                docks = bar;
    }
    QVERIFY(docks);
    window.findChild<QDockWidget *>(QStringLiteral("consumersDock"))->raise();
    docks->setFocus(Qt::TabFocusReason);
    QVERIFY(docks->hasFocus());
    const int tab = docks->currentIndex();
    const qint64 before2 = sim->cycle();
    QTest::keyClick(docks, Qt::Key_Right);
    QCOMPARE(docks->currentIndex(), tab);
    QCOMPARE(sim->cycle(), before2 + 1);
    QTest::keyClick(docks, Qt::Key_Left);
    QCOMPARE(docks->currentIndex(), (tab + docks->count() - 1) % docks->count());
    QTest::keyClick(docks, Qt::Key_N);
    QCOMPARE(sim->cycle(), before2 + 2);
    QVERIFY(ShortcutGuard::controlUsesKey(docks, Qt::Key_Left));
    QVERIFY(!ShortcutGuard::controlUsesKey(docks, Qt::Key_Right));
    QVERIFY(!ShortcutGuard::controlUsesKey(docks, Qt::Key_Space));
}

void TestPanels::sizeGuardPassesOnlyChangedSizes()
{
    // A label's new text of the same size repaints it without laying out the window again (at
    // the fastest speed every refresh laid out the whole main window: docs/design.md §9, App);
    // a text of another size lays out as without the guard.
    QWidget window;
    auto *layout = new QVBoxLayout(&window);
    auto *label = new QLabel(QStringLiteral("Cycle 12"));
    auto *guard = new SizeGuard(label, &window);
    layout->addWidget(guard);
    auto *wrapped = new QLabel(QStringLiteral("one two three"));
    wrapped->setWordWrap(true);
    auto *wrappedGuard = new SizeGuard(wrapped, &window);
    layout->addWidget(wrappedGuard);
    layout->addStretch(1);
    window.resize(240, 300);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    QCOMPARE(label->parentWidget(), guard);
    QCOMPARE(label->geometry(), guard->rect());
    QVERIFY(label->isVisible());

    TestSupport::EventCounter requests(QEvent::LayoutRequest, &window);
    label->setText(QStringLiteral("Cycle 21"));  // the same glyphs: the same size
    QCoreApplication::processEvents();
    QCOMPARE(requests.count, 0);
    QCOMPARE(label->text(), QStringLiteral("Cycle 21"));

    label->setText(QStringLiteral("Cycle 21 and a much longer text"));
    QCoreApplication::processEvents();
    QCOMPARE(guard->sizeHint(), label->sizeHint());
    QCOMPARE(label->geometry(), guard->rect());
    QVERIFY(guard->width() >= std::min(label->sizeHint().width(), window.width() - 40));

    // Its height for a width follows the text at once (no event in between).
    const int oneLine = wrappedGuard->heightForWidth(120);
    QCOMPARE(oneLine, wrapped->heightForWidth(120));
    wrapped->setText(QStringLiteral("one two three four five six seven eight nine ten eleven twelve"));
    QCOMPARE(wrappedGuard->heightForWidth(120), wrapped->heightForWidth(120));
    QVERIFY(wrappedGuard->heightForWidth(120) > oneLine);

    // Shown and hidden with the label.
    label->hide();
    QVERIFY(guard->isHidden());
    label->show();
    QVERIFY(guard->isVisible());
    QVERIFY(label->isVisible());
}

void TestPanels::digitShapeLabelKeepsHintsPerShape()
{
    // A rich-text line whose numbers change at every refresh (the dead letters' summary, an
    // alarm) is not measured through its QTextDocument again while only its digits change; any
    // other change (words, wrap, margins, font) gives QLabel's own hints at once.
    QCOMPARE(DigitShapeLabel::shapeOf(QStringLiteral("Cycle 1,289"), false), QStringLiteral("Cycle 0,000"));
    QCOMPARE(DigitShapeLabel::shapeOf(QStringLiteral("<h1>12 lost</h1>"), true), QStringLiteral("<h1>00 lost</h1>"));
    QCOMPARE(DigitShapeLabel::shapeOf(QStringLiteral("<span style=\"color:#123456\">7</span> <3"), false),
             QStringLiteral("<span style=\"color:#000000\">0</span> <0"));
    QCOMPARE(DigitShapeLabel::shapeOf(QStringLiteral("<span style=\"color:#123456\">7</span>"), true),
             QStringLiteral("<span style=\"color:#123456\">0</span>"));

    DigitShapeLabel label;
    QLabel plain;  // the same settings and texts, measured every time
    for (QLabel *l : {static_cast<QLabel *>(&label), &plain}) {
        l->setWordWrap(true);
        l->setTextFormat(Qt::RichText);
        l->setContentsMargins(6, 3, 6, 3);
    }
    const auto setText = [&](const QString &text) {
        label.setText(text);
        plain.setText(text);
    };
    const auto sameHints = [&] {
        return label.sizeHint() == plain.sizeHint() && label.minimumSizeHint() == plain.minimumSizeHint();
    };
    setText(QStringLiteral("<b>3 messages discarded</b> <span style=\"color:#808080\">since cycle 12</span>"));
    QVERIFY(sameHints());
    if (!DigitShapeLabel::hasTabularDigits(label.font())) {
        setText(QStringLiteral("<b>8 messages discarded</b> <span style=\"color:#808080\">since cycle 12</span>"));
        QVERIFY(sameHints());
        QSKIP("the font's digits differ in width: the hints are measured at every change");
    }
    const QSize hint = label.sizeHint();
    auto *document = label.findChild<QTextDocument *>();
    QVERIFY(document);
    QSignalSpy laidOut(document->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged);
    setText(QStringLiteral("<b>9 messages discarded</b> <span style=\"color:#808080\">since cycle 47</span>"));
    QCOMPARE(label.sizeHint(), hint);
    QVERIFY(sameHints());
    QCOMPARE(laidOut.count(), 0);  // kept, not measured
    QCOMPARE(label.heightForWidth(120), plain.heightForWidth(120));  // the real text

    // More digits, other words, another form or font: measured again.
    setText(QStringLiteral("<b>19 messages discarded</b> <span style=\"color:#808080\">since cycle 47</span>"));
    QVERIFY(sameHints());
    setText(QStringLiteral("<b>19 messages lost</b> by the consumer that fails everything it gets"));
    QVERIFY(sameHints());
    for (QLabel *l : {static_cast<QLabel *>(&label), &plain})
        l->setWordWrap(false);
    QVERIFY(sameHints());
    for (QLabel *l : {static_cast<QLabel *>(&label), &plain})
        l->setContentsMargins(20, 3, 20, 3);
    QVERIFY(sameHints());
    for (QLabel *l : {static_cast<QLabel *>(&label), &plain}) {
        QFont font = l->font();
        font.setPointSizeF(font.pointSizeF() * 1.5);
        l->setFont(font);
    }
    QVERIFY(sameHints());
    for (QLabel *l : {static_cast<QLabel *>(&label), &plain})
        l->setTextFormat(Qt::PlainText);
    QVERIFY(sameHints());
}

void TestPanels::resetShowsTheFirstCardsHeading()
{
    // After a lesson step scrolled the cards down to a bound, Reset (Ctrl+R) left them
    // scrolled: card A's heading (name, state, Online) was out of sight at cycle 0.
    TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"), QSize(1280, 720));
    QVERIFY(w.exposed());
    MainWindow &window = w.window;
    auto *scroll = window.consumerPanel()->findChild<QScrollArea *>();
    QVERIFY(scroll);
    QTRY_VERIFY(scroll->verticalScrollBar()->maximum() > 0);
    scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
    window.simulation()->runCycles(20);
    window.simulation()->reset();
    QCoreApplication::processEvents();
    QCOMPARE(scroll->verticalScrollBar()->value(), 0);
}

QTEST_MAIN(TestPanels)
#include "tst_panels.moc"
