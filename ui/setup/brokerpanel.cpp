#include "ui/setup/brokerpanel.h"
#include "ui/common/textcolors.h"

#include "ui/common/notelabels.h"
#include "ui/editing/setupeditor.h"
#include "ui/setup/panelform.h"
#include "core/engine/simulation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonValue>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

#include <climits>

namespace PriorityLab {

namespace {

template <typename Suffix>
QSpinBox *makeSpin(QWidget *parent, int minimum, int maximum, const Suffix &suffix, const QString &tip)
{
    QSpinBox *spin = PanelForm::spinBox(parent, minimum, maximum, tip, suffix);
    SetupEditor::trackGestures(spin);  // an arrow held down is one undo step
    return spin;
}

using PanelForm::setSpin;

QLabel *label(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    l->setBuddy(buddy);
    l->setToolTip(buddy->toolTip());
    return l;
}

/// A form row's label: the field's label (BrokerPanel::fieldLabel()) and a colon.
QString rowLabel(const QString &path)
{
    return BrokerPanel::tr("%1:").arg(BrokerPanel::fieldLabel(path));
}

/// One table for the form's labels and the words that name a field elsewhere (an alarm's
/// advice, AlarmPanel::inPanelWords()): they cannot drift apart.
const std::pair<const char *, const char *> FieldLabels[] = {
        {"broker.mode", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Mode")},
        {"broker.maxPriority", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Max priority")},
        {"broker.batchSize", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Batch size")},
        {"broker.dispatch", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Dispatch")},
        {"broker.maxIdleCycles", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Stop after")},
        {"broker.cycleIntervalMs", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Cycle interval")},
        {"broker.maxLength", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Max length")},
        {"broker.overflow", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Overflow")},
        {"broker.deliveryLimit", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Delivery limit")},
        {"broker.messageTtl", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Message TTL")},
        {"broker.expiry", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Expiry")},
        {"broker.deadLetterQueue", QT_TRANSLATE_NOOP("PriorityLab::BrokerPanel", "Dead-letter queue")},
};

} // namespace

QString BrokerPanel::fieldLabel(const QString &path)
{
    for (const auto &[key, label] : FieldLabels) {
        if (path == QLatin1String(key))
            return tr(label);
    }
    return {};
}

QStringList BrokerPanel::fieldPaths()
{
    QStringList paths;
    for (const auto &entry : FieldLabels)
        paths << QLatin1String(entry.first);
    return paths;
}

BrokerPanel::BrokerPanel(SetupEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_simulation(editor->simulation())
{
    const auto [content, contentLayout] = PanelForm::scrolledContent(this);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    form->setVerticalSpacing(6);

    m_mode = new QComboBox(content);
    m_mode->setFocusPolicy(Qt::TabFocus);
    // The modes describe themselves (core/model/config).
    for (const BrokerConfig::Mode mode :
         {BrokerConfig::Mode::Fifo, BrokerConfig::Mode::Priority, BrokerConfig::Mode::Topics}) {
        m_mode->addItem(BrokerConfig::modeName(mode) + QStringLiteral(": ") + BrokerConfig::modeSummary(mode),
                        int(mode));
        m_mode->setItemData(m_mode->count() - 1, BrokerConfig::modeRule(mode), Qt::ToolTipRole);
    }
    m_mode->setToolTip(tr("How the broker orders its queue. Switching re-routes the messages "
                          "already queued, keeping their arrival order. The consumer strategies "
                          "work in every mode."));
    form->addRow(label(rowLabel(QStringLiteral("broker.mode")), m_mode, content), m_mode);
    m_modeHelp = new QLabel(content);
    m_modeHelp->setWordWrap(true);
    TextColors::apply(m_modeHelp, TextColors::Tone::Muted);
    form->addRow(m_modeHelp);

    m_maxPriority = makeSpin(content, -1, 1000000, QString(),
                             tr("Priority mode: priorities above this count as it, as RabbitMQ's "
                                "x-max-priority clamps them, so such messages tie and keep arrival "
                                "order. \"no clamp\" (the lowest value) = every priority counts."));
    m_maxPriority->setSpecialValueText(tr("no clamp"));
    m_maxPriorityLabel = label(rowLabel(QStringLiteral("broker.maxPriority")), m_maxPriority, content);
    form->addRow(m_maxPriorityLabel, m_maxPriority);

    m_topics = new QLabel(content);
    m_topics->setWordWrap(true);
    m_topics->setToolTip(tr("Topics mode: the topics, most urgent first, and the priority band "
                            "routed to each (set in the scenario file, broker.topics)."));
    m_topicsLabel = new QLabel(tr("Topics:"), content);
    m_topicsLabel->setToolTip(m_topics->toolTip());
    form->addRow(m_topicsLabel, m_topics);

    m_batchSize = makeSpin(content, 1, 1000000, PanelForm::CountUnit{tr(" message"), tr(" messages")},
                           tr("Batch size: how many messages, taken from the head of the queue, "
                              "a consumer gets at a time (default 3). Bigger batches mean fewer "
                              "hand-overs but a longer wait behind one consumer."));
    form->addRow(label(rowLabel(QStringLiteral("broker.batchSize")), m_batchSize, content), m_batchSize);

    m_dispatch = new QComboBox(content);
    m_dispatch->setFocusPolicy(Qt::TabFocus);
    m_dispatch->addItem(tr("drain"), 0);
    m_dispatch->addItem(tr("paced"), 1);
    m_dispatch->setItemData(0, tr("Drain (the reference): batches are handed out until the queue is "
                                  "empty, so a postponed message can come round again in the same "
                                  "cycle."),
                            Qt::ToolTipRole);
    m_dispatch->setItemData(1, tr("Paced: at most K batches a cycle, so a backlog builds up and can "
                                  "be watched."),
                            Qt::ToolTipRole);
    m_dispatch->setToolTip(tr("Dispatch per cycle: drain the whole queue (the reference), or hand "
                              "out at most K batches (paced, for live viewing)."));
    m_batchesPerCycle = makeSpin(content, 1, 1000000, PanelForm::CountUnit{tr(" batch/cycle"), tr(" batches/cycle")},
                                 tr("Paced dispatch: at most this many batches a cycle, over all "
                                    "consumers. Fewer batches than arrivals make the backlog grow."));
    auto *dispatchRow = new QWidget(content);
    auto *dispatchLayout = new QHBoxLayout(dispatchRow);
    dispatchLayout->setContentsMargins(0, 0, 0, 0);
    dispatchLayout->addWidget(m_dispatch);
    dispatchLayout->addWidget(m_batchesPerCycle);
    form->addRow(label(rowLabel(QStringLiteral("broker.dispatch")), m_dispatch, content), dispatchRow);

    m_idleCycles = makeSpin(content, 0, INT_MAX, PanelForm::CountUnit{tr(" idle cycle"), tr(" idle cycles")},
                            tr("The broker stops after this many consecutive idle cycles (queue "
                               "empty or nobody online) once the producers have nothing left to "
                               "send. 0 = never stop."));
    m_idleCycles->setSpecialValueText(tr("never stop"));
    form->addRow(label(rowLabel(QStringLiteral("broker.maxIdleCycles")), m_idleCycles, content), m_idleCycles);

    m_interval = makeSpin(content, 0, 60000, tr(" ms"),
                          tr("Cycle interval: the scenario's own milliseconds between two cycles "
                             "(0 = as fast as possible), saved with the file and the speed it "
                             "opens at. Changing it here is an edit (undoable, saved) and sets the "
                             "speed too. The speed keys [ and ] and the speed slider only change "
                             "how fast you watch: not an edit, not saved, not shown here. It never "
                             "changes the results."));
    m_interval->setSpecialValueText(tr("as fast as possible"));
    m_interval->setSingleStep(50);
    form->addRow(label(rowLabel(QStringLiteral("broker.cycleIntervalMs")), m_interval, content), m_interval);

    // A real broker's limits (RabbitMQ's names), each off by default.
    addLimit(content, form, QStringLiteral("broker.maxLength"), tr("no limit"), {tr(" message"), tr(" messages")},
             tr("Length limit (RabbitMQ's x-max-length), per queue: the whole queue in fifo and "
                "priority modes, each topic in topics mode. A new message to a full queue makes the "
                "broker act as Overflow says."));
    addChoice(content, form, QStringLiteral("broker.overflow"),
              {{BrokerConfig::overflowName(BrokerConfig::Overflow::DropHead),
                tr("drop-head: dead-letter the head (maxlen)")},
               {BrokerConfig::overflowName(BrokerConfig::Overflow::RejectPublish),
                tr("reject-publish: refuse the new message")}},
              tr("What a full queue does with a new message: drop-head queues it and dead-letters "
                 "the head (the oldest; in priority mode the most urgent), reject-publish refuses "
                 "it (counted as rejected, never queued)."));
    addLimit(content, form, QStringLiteral("broker.deliveryLimit"), tr("no limit"), {tr(" return"), tr(" returns")},
             tr("Delivery limit (RabbitMQ quorum queues' x-delivery-limit): a message that comes "
                "back (postponed or failed) after more deliveries than this is dead-lettered "
                "(delivery_limit) instead of queued again: the cure for a poison message."));
    addLimit(content, form, QStringLiteral("broker.messageTtl"), tr("none"), {tr(" cycle"), tr(" cycles")},
             tr("Message expiry (RabbitMQ's x-message-ttl), not the TTL counter of the TTL strategy: "
                "a message expires this many cycles after it was queued (sooner if its own "
                "expiration says so) and is dead-lettered (expired). Applies to new messages."));
    addChoice(content, form, QStringLiteral("broker.expiry"),
              {{BrokerConfig::expiryName(BrokerConfig::Expiry::Head),
                tr("head: only the head of a queue expires")},
               {BrokerConfig::expiryName(BrokerConfig::Expiry::Anywhere),
                tr("anywhere: every expired message goes")}},
              tr("Where expired messages are found: at the head only, as RabbitMQ's classic "
                 "queues (an expired message waits behind a live head), or anywhere in the queue."));

    addSwitch(content, form, QStringLiteral("broker.deadLetterQueue"),
              tr("Keep the dead letters in a dead-letter queue (RabbitMQ's dead-letter exchange) "
                 "instead of dropping them: consumers marked 'Dead letters' drain it, so a "
                 "dead letter is a loss only if nobody processes it there. Cannot be switched "
                 "off while a consumer takes dead letters."));

    contentLayout->addLayout(form);
    m_error = newErrorLabel(content);
    contentLayout->addWidget(m_error);
    contentLayout->addStretch(1);

    connect(m_mode, &QComboBox::activated, this, &BrokerPanel::onModeChosen);
    connect(m_maxPriority, &QSpinBox::valueChanged, this, [this](int value) {
        showError(m_editor->setBrokerMaxPriority(value < 0 ? std::nullopt : std::optional<int>(value)));
    });
    connect(m_batchSize, &QSpinBox::valueChanged, this,
            [this](int value) { showError(m_editor->setBatchSize(value)); });
    connect(m_dispatch, &QComboBox::activated, this, &BrokerPanel::onDispatchChosen);
    connect(m_batchesPerCycle, &QSpinBox::valueChanged, this, [this](int value) {
        m_lastPaced = value;
        showError(m_editor->setBatchesPerCycle(value));
    });
    connect(m_idleCycles, &QSpinBox::valueChanged, this,
            [this](int value) { showError(m_editor->setMaxIdleCycles(value)); });
    connect(m_interval, &QSpinBox::valueChanged, this,
            [this](int value) { showError(m_editor->setCycleIntervalMs(value)); });
    connect(m_simulation, &Simulation::setupChanged, this, &BrokerPanel::sync);
    connect(m_simulation, &Simulation::scenarioLoaded, this, &BrokerPanel::sync);
    // The interval shown is the undo stack's (SetupEditor::scenarioIntervalMs()): an edit or its
    // undo is on the stack only after the simulation announced it.
    connect(m_editor->undoStack(), &QUndoStack::indexChanged, this,
            [this] { setSpin(m_interval, m_editor->scenarioIntervalMs()); });
    sync();
}

void BrokerPanel::addLimit(QWidget *content, QFormLayout *form, const QString &path, const QString &none,
                           const std::pair<QString, QString> &suffix, const QString &tip)
{
    QSpinBox *spin = makeSpin(content, -1, INT_MAX, PanelForm::CountUnit{suffix.first, suffix.second},
                              tip + tr(" \"%1\" (the lowest value) = off.").arg(none));
    spin->setSpecialValueText(none);
    form->addRow(label(rowLabel(path), spin, content), spin);
    connect(spin, &QSpinBox::valueChanged, this, [this, path](int value) {
        showError(m_editor->applySetting(path, value < 0 ? QJsonValue(QJsonValue::Undefined) : QJsonValue(value)));
    });
    m_pathEditors.push_back({path, spin, nullptr});
}

void BrokerPanel::addChoice(QWidget *content, QFormLayout *form, const QString &path,
                            const QList<std::pair<QString, QString>> &values, const QString &tip)
{
    auto *box = new QComboBox(content);
    box->setFocusPolicy(Qt::TabFocus);
    box->setToolTip(tip);
    for (const auto &[value, words] : values)
        box->addItem(words, value);
    form->addRow(label(rowLabel(path), box, content), box);
    connect(box, &QComboBox::activated, this, [this, box, path](int index) {
        showError(m_editor->applySetting(path, box->itemData(index).toString()));
    });
    m_pathEditors.push_back({path, nullptr, box});
}

void BrokerPanel::addSwitch(QWidget *content, QFormLayout *form, const QString &path, const QString &tip)
{
    auto *box = new QCheckBox(fieldLabel(path), content);
    box->setToolTip(tip);
    form->addRow(QString(), box);
    connect(box, &QCheckBox::clicked, this, [this, path](bool on) {
        showError(m_editor->applySetting(path, on ? QJsonValue(true) : QJsonValue(QJsonValue::Undefined)));
    });
    m_pathEditors.push_back({path, nullptr, nullptr, box});
}

const BrokerPanel::PathEditor *BrokerPanel::editorOf(const QString &path) const
{
    for (const PathEditor &e : m_pathEditors) {
        if (e.path == path)
            return &e;
    }
    return nullptr;
}

QCheckBox *BrokerPanel::switchBox(const QString &path) const
{
    const PathEditor *e = editorOf(path);
    return e ? e->check : nullptr;
}

QSpinBox *BrokerPanel::limitBox(const QString &path) const
{
    const PathEditor *e = editorOf(path);
    return e ? e->spin : nullptr;
}

QComboBox *BrokerPanel::choiceBox(const QString &path) const
{
    const PathEditor *e = editorOf(path);
    return e ? e->choice : nullptr;
}

void BrokerPanel::sync()
{
    const BrokerConfig &config = m_simulation->broker().config();
    {
        const QSignalBlocker blocker(m_mode);
        m_mode->setCurrentIndex(m_mode->findData(int(config.mode)));
    }
    m_modeHelp->setText(BrokerConfig::modeRule(config.mode));
    const bool priority = config.mode == BrokerConfig::Mode::Priority;
    m_maxPriorityLabel->setVisible(priority);
    m_maxPriority->setVisible(priority);
    setSpin(m_maxPriority, config.maxPriority.value_or(-1));
    const bool topics = config.mode == BrokerConfig::Mode::Topics;
    m_topicsLabel->setVisible(topics);
    m_topics->setVisible(topics);
    QStringList bands;
    for (const TopicConfig &t : config.topics)
        bands << tr("%1: priority %2–%3").arg(t.name).arg(t.minPriority).arg(t.maxPriority);
    m_topics->setText(bands.join(QLatin1Char('\n')));

    setSpin(m_batchSize, config.batchSize);
    const bool paced = config.batchesPerCycle > 0;
    {
        const QSignalBlocker blocker(m_dispatch);
        m_dispatch->setCurrentIndex(paced ? 1 : 0);
    }
    if (paced)
        m_lastPaced = config.batchesPerCycle;
    setSpin(m_batchesPerCycle, paced ? config.batchesPerCycle : m_lastPaced);
    m_batchesPerCycle->setEnabled(paced);
    setSpin(m_idleCycles, config.maxIdleCycles);
    // The scenario's interval (what Save writes), not the speed the run is watched at.
    setSpin(m_interval, m_editor->scenarioIntervalMs());
    for (const PathEditor &e : m_pathEditors) {
        const QJsonValue value = m_simulation->settingValue(e.path);
        if (e.spin) {
            setSpin(e.spin, value.isDouble() ? value.toInt() : -1);
        } else if (e.check) {
            const QSignalBlocker blocker(e.check);
            e.check->setChecked(value.toBool());
        } else {
            const QSignalBlocker blocker(e.choice);
            e.choice->setCurrentIndex(std::max(0, e.choice->findData(value.toString())));
        }
    }
}

void BrokerPanel::showError(const QString &error)
{
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    if (!error.isEmpty())
        sync();
}

void BrokerPanel::onModeChosen(int comboIndex)
{
    showError(m_editor->setBrokerMode(BrokerConfig::Mode(m_mode->itemData(comboIndex).toInt())));
    sync();
}

void BrokerPanel::onDispatchChosen(int comboIndex)
{
    showError(m_editor->setBatchesPerCycle(comboIndex == 0 ? 0 : m_lastPaced));
    sync();
}

} // namespace PriorityLab
