#include "ui/consumers/consumercard.h"
#include "ui/common/countspinbox.h"
#include "ui/common/flatbutton.h"
#include "ui/common/sizeguard.h"
#include "ui/common/wordings.h"

#include "ui/editing/parametereditor.h"
#include "ui/editing/parametereditorfactory.h"
#include "ui/editing/setupeditor.h"
#include "core/engine/simulation.h"
#include "ui/common/notelabels.h"
#include "ui/consumers/heldtiles.h"
#include "ui/common/sparkline.h"
#include "ui/common/textcolors.h"
#include "core/scenario/settingpath.h"

#include <QAction>
#include <QAbstractButton>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGuiApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonValue>
#include <QLabel>
#include <QLocale>
#include <QResizeEvent>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTextLayout>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <array>
#include <utility>

namespace PriorityLab {

namespace {

/// A card's title label: it may show its name elided (ConsumerCard::fitName()), but it asks the
/// header for the whole name's width on one line, so that a title elided in a narrow card gets
/// its room back (and its whole text) when the card is wider.
class CardTitle : public QLabel
{
public:
    using QLabel::QLabel;

    /// The whole title, whose one-line width the size hint asks for.
    void setFullText(const QString &text)
    {
        if (text == m_full)
            return;
        m_full = text;
        updateGeometry();
    }

    QSize sizeHint() const override
    {
        QSize hint = QLabel::sizeHint();
        const QMargins m = contentsMargins();
        const int whole = fontMetrics().horizontalAdvance(m_full) + m.left() + m.right()
                + 2 * (margin() + frameWidth()) + 2;
        hint.setWidth(std::max(hint.width(), whole));
        return hint;
    }

private:
    QString m_full;
};

/// The four outcomes' counts are coloured by TextColors::Tone (dark tones of the Okabe-Ito
/// colour-blind-safe palette on a light card, light ones on a dark card), so that the same
/// outcome has the same colour on every card.
QLabel *countLabel(QWidget *parent, TextColors::Tone tone, QGridLayout *grid, int column,
                   const QString &caption, const QString &tip, QList<QWidget *> &cells)
{
    auto *number = new QLabel(QStringLiteral("0"), parent);
    QFont f = number->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.35);
    number->setFont(f);
    TextColors::apply(number, tone);
    number->setAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    auto *text = new QLabel(caption, parent);
    text->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    number->setToolTip(tip);
    text->setToolTip(tip);
    auto *guard = new SizeGuard(number, parent);  // a count changes at every refresh
    grid->addWidget(guard, 0, column);
    grid->addWidget(text, 1, column);
    cells << guard << text;
    return number;
}

} // namespace

ConsumerCard::ConsumerCard(SetupEditor *editor, int index, QWidget *parent)
    : QFrame(parent), m_editor(editor), m_simulation(editor->simulation()), m_index(index)
{
    setFrameShape(QFrame::StyledPanel);
    setFrameShadow(QFrame::Raised);
    setAutoFillBackground(true);
    setMinimumWidth(330);
    setWhatsThis(tr("<b>A consumer</b><p>Its state (idle, handling a batch, offline), what it decided "
                    "so far (processed, postponed back to the broker, discarded into the dead "
                    "letters, failed), its throughput over the last cycles and its settings. Every "
                    "setting is live: it applies from the next message and can be undone. A red "
                    "line warns of a setting that loses or starves messages; an italic note says "
                    "what the scenario's timeline will change and when.</p>"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->setSpacing(6);

    // Header: name, state, online toggle.
    auto *header = new QHBoxLayout;
    m_header = header;
    m_name = new CardTitle(this);
    QFont nameFont = m_name->font();
    nameFont.setBold(true);
    nameFont.setPointSizeF(nameFont.pointSizeF() * 1.25);
    m_name->setFont(nameFont);
    m_state = new QLabel(this);
    m_state->setToolTip(tr("Idle: got no batch in the last cycle, or the run is paused (a batch "
                           "is handled within its cycle). Handling a batch: got one in the last "
                           "cycle of a running simulation. Offline: skipped by the broker's "
                           "round-robin."));
    // The header's controls, in a row of their own: beside the title, or under it where the
    // title would wrap beside them (fitHeader()).
    m_controls = new QWidget(this);
    auto *controls = new QHBoxLayout(m_controls);
    controls->setContentsMargins(0, 0, 0, 0);
    m_online = new QCheckBox(tr("Online"), m_controls);
    m_online->setToolTip(tr("An offline consumer gets no batches: the broker's round-robin skips "
                            "it and the others share the work. Take consumers offline to watch "
                            "the queue grow; with none online the broker idles."));
    m_online->setFocusPolicy(Qt::TabFocus);  // a click leaves Space to Run/Pause
    m_deadLetters = new QCheckBox(tr("Dead letters"), m_controls);
    m_deadLetters->setFocusPolicy(Qt::TabFocus);
    m_deadLetters->setAccessibleName(tr("Dead letters"));  // also when it shows its box only (fitHeader())
    m_remove = newFlatButton(m_controls);
    m_remove->setText(QStringLiteral("×"));
    m_remove->setAccessibleName(tr("Remove consumer"));
    m_remove->setToolTip(tr("Remove this consumer now, while the simulation runs: the broker's "
                            "round-robin goes on with the others. Undo (Ctrl+Z) brings it back "
                            "with its settings."));
    // The name takes the room the controls leave and wraps there (at a space or a hyphen) rather
    // than being cut: a dead-letter consumer's "parking-lot · dead letters" is wider than a card
    // at 1024 pixels, presenting or not.
    // At most two lines, the second elided, the whole name in the tooltip (fitName()): presenting
    // at 1024x768 "parking-lot · dead letters" took three lines and more.
    m_name->setWordWrap(true);
    m_name->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_name->installEventFilter(this);
    header->addWidget(m_name);
    // The badge keeps its own height, centred on the title's lines, rather than growing into a
    // tall block beside a wrapped title.
    header->addWidget(m_state, 0, Qt::AlignVCenter);
    header->addStretch(1);
    controls->addWidget(m_deadLetters);
    controls->addWidget(m_online);
    // Folding (setFoldable()): the settings come back on demand, card by card.
    m_foldButton = newFlatButton(m_controls);
    m_foldButton->setObjectName(QStringLiteral("settingsToggle"));
    m_foldButton->setToolTip(tr("Show or hide this consumer's settings (strategy, failure rate, "
                                "capacity, prefetch and the strategy's parameters), its throughput "
                                "and its last batch (click, or Enter). While presenting, cards "
                                "fold them away when not every card fits the view; the card you "
                                "work in and the one the lesson points at stay unfolded."));
    m_foldButton->hide();
    controls->addWidget(m_foldButton);
    controls->addWidget(m_remove);
    header->addWidget(m_controls);
    layout->addLayout(header);
    m_controlsRow = new QHBoxLayout;
    m_controlsRow->addStretch(1);  // empty while the controls are beside the title: no spacing
    layout->addLayout(m_controlsRow);

    // Counts.
    auto *counts = new QGridLayout;
    counts->setHorizontalSpacing(12);
    counts->setVerticalSpacing(0);
    m_counts = counts;
    m_processed = countLabel(this, TextColors::Tone::Processed, counts, 0, tr("processed"),
                             tr("Messages this consumer processed successfully"), m_countCells);
    m_postponed = countLabel(this, TextColors::Tone::Postponed, counts, 1, tr("postponed"),
                             tr("Messages its strategy sent back to the broker's tail, modified "
                                "(e.g. priority raised, TTL lowered)"), m_countCells);
    m_discarded = countLabel(this, TextColors::Tone::Discarded, counts, 2, tr("discarded"),
                             tr("Messages its strategy dropped into the dead-letter list (e.g. TTL "
                                "at or below the low bound)"), m_countCells);
    m_failed = countLabel(this, TextColors::Tone::Failed, counts, 3, tr("failed"),
                          tr("Processings that failed (see failure rate); the message went back "
                             "to the broker"), m_countCells);
    layout->addLayout(counts);

    m_sparkline = new Sparkline(this);
    m_sparkline->setColor(TextColors::base(TextColors::Tone::Processed));
    m_sparkline->setUnit(tr(" processed/cycle (max)"));
    m_sparkline->setToolTip(tr("Throughput: messages this consumer processed in each of the last "
                               "%1 cycles, newest on the right. The number is the highest in the "
                               "window. A flat line at 0 while the queue is full means the strategy "
                               "postpones or discards everything it gets.")
                                    .arg(m_sparkline->capacity()));
    layout->addWidget(m_sparkline);

    m_lastBatch = new QLabel(this);
    TextColors::apply(m_lastBatch, TextColors::Tone::Muted);
    m_lastBatch->setToolTip(tr("Ids of the messages in the last batch the broker handed to this "
                               "consumer, and the cycle it got them in"));
    // Not selectable: a selectable label lays its text out through a QTextDocument (several
    // times for its size hints and paint), and the ids change at every cycle (docs/design.md §9,
    // App). The ids are copied from its context menu instead.
    m_lastBatch->setObjectName(QStringLiteral("lastBatch"));
    m_lastBatch->setTextFormat(Qt::PlainText);
    m_lastBatch->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *copyBatch = new QAction(tr("Copy"), m_lastBatch);
    connect(copyBatch, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(m_lastBatch->text()); });
    m_lastBatch->addAction(copyBatch);
    m_lastBatchGuard = new SizeGuard(m_lastBatch, this);  // new ids at every refresh
    layout->addWidget(m_lastBatchGuard);

    m_held = new HeldTiles(this);
    layout->addWidget(m_held);

    // Settings.
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setLabelAlignment(Qt::AlignLeft);
    m_form->setVerticalSpacing(4);
    m_strategy = new QComboBox(this);
    for (const QString &type : StrategyRegistry::instance().types()) {
        m_strategy->addItem(type, type);
        m_strategy->setItemData(m_strategy->count() - 1, StrategyRegistry::instance().ruleText(type), Qt::ToolTipRole);
    }
    m_failureRate = new QDoubleSpinBox(this);
    m_failureRate->setRange(0.0, 1.0);
    m_failureRate->setSingleStep(0.05);
    m_failureRate->setDecimals(2);
    m_failureRate->setKeyboardTracking(false);
    const QString rateTip = tr("Probability (0 to 1) that processing a message fails. A failed "
                               "message goes back to the broker: accept-all unchanged, priority "
                               "with priority − 1, ttl with TTL − 1, predicate with predicate "
                               "runs + 1. 0 = never fails.");
    m_failureRate->setToolTip(rateTip);
    m_capacity = new CountSpinBox(tr(" batch/cycle"), tr(" batches/cycle"), this);
    m_capacity->setRange(0, 1000000);
    m_capacity->setSpecialValueText(tr("unlimited"));
    m_capacity->setKeyboardTracking(false);
    const QString capacityTip = tr("Capacity: at most this many batches a cycle for this consumer "
                                   "(0 = unlimited). A full consumer is skipped by the "
                                   "round-robin until the next cycle, so a slow consumer leaves "
                                   "work to the others or lets the backlog grow.");
    m_capacity->setToolTip(capacityTip);
    // The hint would be sized for "1000000 batches/cycle"; the card is narrower than that.
    m_capacity->setMinimumWidth(m_capacity->fontMetrics().horizontalAdvance(tr("unlimited")) + 36);
    m_failureRate->setMinimumWidth(m_failureRate->fontMetrics().horizontalAdvance(QStringLiteral("0.000")) + 36);
    auto *strategyLabel = new QLabel(tr("Strategy:"), this);
    strategyLabel->setToolTip(tr("How this consumer decides for each message of its batch: "
                                 "process, postpone (send back modified) or discard. Switching "
                                 "starts the new strategy with its default parameters."));
    // A label with its tooltip for @p buddy; a form row of two fields, the second labelled.
    const auto label = [this](const QString &text, const QString &tip, QWidget *buddy) {
        auto *l = new QLabel(text, this);
        l->setToolTip(tip);
        l->setBuddy(buddy);
        return l;
    };
    const auto pairRow = [](QWidget *first, QLabel *secondLabel, QWidget *second) {
        auto *row = new QHBoxLayout;
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(first, 2);
        row->addSpacing(6);
        row->addWidget(secondLabel);
        row->addWidget(second, 3);
        return row;
    };
    QLabel *rateLabel = label(tr("Failure rate:"), rateTip, m_failureRate);
    QHBoxLayout *rateRow = pairRow(m_failureRate, label(tr("Capacity:"), capacityTip, m_capacity), m_capacity);
    m_strategy->setFocusPolicy(Qt::TabFocus);
    // Prefetch and work per cycle (docs/design.md §4): 0 in the box = the key absent, unlimited.
    const auto limitBox = [this](const QString &one, const QString &suffix, const QString &tip) {
        auto *box = new CountSpinBox(one, suffix, this);
        box->setRange(0, 1000000);
        box->setSpecialValueText(tr("unlimited"));
        box->setKeyboardTracking(false);
        box->setToolTip(tip);
        box->setMinimumWidth(box->fontMetrics().horizontalAdvance(tr("unlimited")) + 36);
        return box;
    };
    const QString prefetchTip = tr("Prefetch: the most unacknowledged messages the broker hands this "
                                   "consumer (RabbitMQ's basic.qos). They leave the queue and are "
                                   "held (the tiles above) until it decides on them, oldest first: "
                                   "a more urgent message queued later waits behind them. "
                                   "Unlimited = no holding (the reference behaviour).");
    const QString workTip = tr("Work per cycle: held messages it decides on per cycle, oldest "
                               "first; the broker refills it up to its prefetch. Unlimited = all "
                               "it holds.");
    m_prefetch = limitBox(tr(" message"), tr(" messages"), prefetchTip);
    m_workPerCycle = limitBox(tr("/cycle"), tr("/cycle"), workTip);
    QLabel *prefetchLabel = label(tr("Prefetch:"), prefetchTip, m_prefetch);
    QHBoxLayout *prefetchRow = pairRow(m_prefetch, label(tr("Work:"), workTip, m_workPerCycle), m_workPerCycle);
    // Every strategy's retryDelay (docs/design.md §4), beside the strategy: 0 = the key absent.
    const QString retryTip = tr("Retry delay: a message this consumer sends back waits this many "
                                "cycles, queued but invisible, before it can be delivered again — "
                                "RabbitMQ's retry-later pattern (a TTL on a wait queue that "
                                "dead-letters back). At once = back at the tail straight away.");
    m_retryDelay = new CountSpinBox(tr(" cycle"), tr(" cycles"), this);
    m_retryDelay->setRange(0, Strategy::MaxRetryDelay);
    m_retryDelay->setSpecialValueText(tr("at once"));
    m_retryDelay->setKeyboardTracking(false);
    m_retryDelay->setToolTip(retryTip);
    m_retryDelay->setAccessibleName(tr("Retry delay"));
    m_retryDelay->setMinimumWidth(m_retryDelay->fontMetrics().horizontalAdvance(tr("99 cycles")) + 36);
    QHBoxLayout *strategyRow = pairRow(m_strategy, label(tr("Retry delay:"), retryTip, m_retryDelay), m_retryDelay);
    m_form->addRow(strategyLabel, strategyRow);
    m_form->addRow(rateLabel, rateRow);
    m_form->addRow(prefetchLabel, prefetchRow);
    m_topicsLabel = new QLabel(tr("Topics:"), this);
    m_topicsLabel->setToolTip(tr("Topics mode: the topics this consumer subscribes to. Each topic "
                                 "hands its batches round-robin to its own subscribers only. "
                                 "Subscribe a consumer to orders-0 alone to reserve it for urgent "
                                 "messages."));
    m_topicsField = new QWidget(this);
    m_topicsLayout = new QHBoxLayout(m_topicsField);
    m_topicsLayout->setContentsMargins(0, 0, 0, 0);
    m_topicsLayout->setSpacing(8);
    m_form->addRow(m_topicsLabel, m_topicsField);
    m_fixedRows = m_form->rowCount();
    layout->addLayout(m_form);

    m_warning = newErrorLabel(this, true);
    layout->addWidget(m_warning);
    m_timelineNote = newNoteLabel(this);
    layout->addWidget(m_timelineNote);
    layout->addStretch(1);

    connect(m_online, &QCheckBox::toggled, this,
            [this](bool on) { m_editor->setConsumerOnline(m_index, on); });
    connect(m_failureRate, &QDoubleSpinBox::valueChanged, this,
            [this](double rate) { m_editor->setConsumerFailureRate(m_index, rate); });
    connect(m_strategy, &QComboBox::activated, this, &ConsumerCard::onStrategyChosen);
    connect(m_capacity, &QSpinBox::valueChanged, this,
            [this](int batches) { m_editor->setConsumerCapacity(m_index, batches); });
    const auto connectLimit = [this](QSpinBox *box, const QString &key) {
        connect(box, &QSpinBox::valueChanged, this, [this, key](int n) {
            m_editor->applySetting(QStringLiteral("consumers[%1].").arg(m_index) + key,
                                   n > 0 ? QJsonValue(n) : QJsonValue(QJsonValue::Undefined));
        });
    };
    connectLimit(m_prefetch, QStringLiteral("prefetch"));
    connectLimit(m_workPerCycle, QStringLiteral("workPerCycle"));
    connectLimit(m_retryDelay, QStringLiteral("strategy.") + Strategy::retryDelayKey());
    connect(m_deadLetters, &QCheckBox::clicked, this, [this](bool on) {
        const QString error = m_editor->applySetting(QStringLiteral("consumers[%1].deadLetters").arg(m_index),
                                                     on ? QJsonValue(true) : QJsonValue(QJsonValue::Undefined));
        if (!error.isEmpty())
            syncSetup();  // refused (e.g. topics mode): the box shows what is in force
    });
    connect(m_remove, &QToolButton::clicked, this, [this] { m_editor->removeConsumer(m_index); });
    connect(m_foldButton, &QToolButton::clicked, this, [this] {
        setFolded(!m_folded);
        Q_EMIT foldToggled(m_folded);
    });

    syncSetup();
    refresh();
}

void ConsumerCard::refresh()
{
    const auto &consumers = m_simulation->consumers();
    if (m_index >= int(consumers.size()))
        return;
    const Consumer &c = *consumers[size_t(m_index)];
    const QLocale locale;
    const qint64 lastCycle = m_simulation->cycle() - 1;

    // A batch is handled within its cycle (docs/design.md §1): while the run is paused no
    // consumer holds a message, whatever it got in the last cycle.
    const Consumer::State now = c.state(lastCycle);
    const bool waiting = now == Consumer::State::Handling && !m_simulation->isRunning();
    int shown = waiting ? int(Consumer::State::Idle) : int(now);
    // Idle but holding prefetched messages between cycles (docs/design.md §4): "idle" beside
    // four held tiles read as a consumer with nothing to do.
    const qsizetype holding = shown == int(Consumer::State::Idle) ? qsizetype(c.held.size()) : 0;
    if (holding > 0)
        shown = HoldingState;
    if (shown != m_stateShown || (holding > 0 && holding != m_holdingShown)) {
        m_stateShown = shown;
        m_holdingShown = holding;
        // Each Consumer::State in words and its badge colour, in the enum's order, then holding.
        const std::array<std::pair<QString, QLatin1String>, 4> looks{{
                {tr("idle"), QLatin1String("#6b7280")},
                {tr("handling a batch"), QLatin1String("#0072b2")},
                {tr("offline"), QLatin1String("#b33c00")},
                {holding == 1 ? tr("holding 1") : tr("holding %1").arg(holding), QLatin1String("#0072b2")},
        }};
        const auto &[state, colour] = looks[size_t(shown)];
        m_state->setText(state);
        m_state->setStyleSheet(QStringLiteral("background: %1; color: white; border-radius: 4px; padding: 1px 6px;")
                                       .arg(colour));
    }

    m_processed->setText(locale.toString(c.stats.processed));
    m_postponed->setText(locale.toString(c.stats.postponed));
    m_discarded->setText(locale.toString(c.stats.discarded));
    m_failed->setText(locale.toString(c.stats.failed));
    // Folded, the counts share a line only while they fit it: grown ("79" to "101"), they may
    // no longer (placeCounts() returns at once when the arrangement stays).
    if (m_folded)
        placeCounts();
    const QString summary = accessibleSummary();
    if (summary != accessibleDescription())
        setAccessibleDescription(summary);

    m_held->setMessages(c.held);
    if (c.lastBatchCycle < 0) {
        m_lastBatch->setText(tr("No batch yet"));
    } else {
        QStringList ids;
        for (quint64 id : c.lastBatch)
            ids << QLatin1Char('#') + QString::number(id);
        m_lastBatch->setText(tr("Last batch: %1 (cycle %2)")
                                     .arg(ids.join(QStringLiteral(", ")))
                                     .arg(c.lastBatchCycle));
    }
}

QString ConsumerCard::stateText() const
{
    return m_state->text();
}

void ConsumerCard::syncSetup()
{
    const auto &consumers = m_simulation->consumers();
    if (m_index >= int(consumers.size()))
        return;
    const Consumer &c = *consumers[size_t(m_index)];

    // A dead-letter consumer (docs/design.md §3) says so beside its name.
    m_fullName = c.deadLetters ? tr("%1 · dead letters").arg(c.name) : c.name;
    m_plainName = c.name;
    static_cast<CardTitle *>(m_name)->setFullText(m_fullName);
    m_name->setToolTip(c.deadLetters ? tr("%1: takes only from the broker's dead-letter queue (deadLetters); "
                                          "what it discards is dropped for good").arg(m_fullName)
                                     : m_fullName);
    fitHeader();
    fitName();
    setAccessibleName(c.deadLetters ? tr("Consumer %1, dead letters").arg(c.name) : tr("Consumer %1").arg(c.name));
    m_sparkline->setAccessibleName(tr("Throughput of consumer %1, messages processed per cycle").arg(c.name));
    {
        const QSignalBlocker b1(m_online);
        m_online->setChecked(c.online);
    }
    {
        const bool kept = m_simulation->broker().config().deadLetterQueue;
        const QSignalBlocker b0(m_deadLetters);
        m_deadLetters->setChecked(c.deadLetters);
        m_deadLetters->setEnabled(kept || c.deadLetters);
        m_deadLetters->setVisible(!m_folded || m_deadLetters->isEnabled());
        m_deadLetters->setToolTip(
                kept ? tr("Take only from the broker's dead-letter queue: this consumer drains the dead "
                          "letters (retries them, or inspects and drops them), as a consumer of "
                          "RabbitMQ's dead-letter queue; it no longer takes ordinary messages, and what "
                          "it discards there is lost for good.")
                     : tr("The broker keeps no dead-letter queue: switch on 'Dead-letter queue' on the "
                          "Broker tab first, then a consumer can drain it."));
    }
    if (m_failureRate->value() != c.failureRate) {
        const QSignalBlocker b2(m_failureRate);
        m_failureRate->setValue(c.failureRate);
    }
    if (m_capacity->value() != c.capacity) {
        const QSignalBlocker b4(m_capacity);
        m_capacity->setValue(c.capacity);
    }
    for (auto [box, limit] : {std::pair{m_prefetch, c.prefetch}, std::pair{m_workPerCycle, c.workPerCycle},
                              std::pair{m_retryDelay, std::optional<int>(c.strategy->retryDelay())}}) {
        if (box->value() != limit.value_or(0)) {
            const QSignalBlocker blocker(box);
            box->setValue(limit.value_or(0));
        }
    }
    syncTopics();
    const QString type = c.strategy->type();
    int comboIndex = m_strategy->findData(type);
    if (comboIndex < 0) {
        m_strategy->addItem(type, type);
        comboIndex = m_strategy->count() - 1;
    }
    {
        const QSignalBlocker b3(m_strategy);
        m_strategy->setCurrentIndex(comboIndex);
    }
    m_strategy->setToolTip(StrategyRegistry::instance().ruleText(type));

    if (type != m_editorsType)
        rebuildParameterEditors();
    for (ParameterEditor *editor : std::as_const(m_parameterEditors))
        editor->setValue(c.strategy->parameter(editor->info().name));

    const QString warning = c.strategy->settingWarning();
    showWarning(warning);
    setToolTip(StrategyRegistry::instance().ruleText(type));
    syncTimelineNotes();
}

void ConsumerCard::syncTimelineNotes()
{
    const SettingPath consumer = SettingPath::parse(QStringLiteral("consumers[%1]").arg(m_index));
    const auto pathOf = [&consumer](const QString &below) {
        return SettingPath::parse(consumer.toString() + QLatin1Char('.') + below);
    };
    for (ParameterEditor *editor : std::as_const(m_parameterEditors))
        editor->setNote(m_editor->timelineNote(pathOf(QStringLiteral("strategy.") + editor->info().name)));
    // The other settings, named, in one note under the form.
    const std::pair<QString, QString> settings[] = {
            {QStringLiteral("online"), tr("Online")},
            {QStringLiteral("failureRate"), tr("Failure rate")},
            {QStringLiteral("capacity"), tr("Capacity")},
            {QStringLiteral("topics"), tr("Topics")},
            {QStringLiteral("strategy.type"), tr("Strategy")},
            {QStringLiteral("strategy.") + Strategy::retryDelayKey(), tr("Retry delay")},
    };
    QStringList lines;
    bool strategyNoted = false;
    for (const auto &[key, label] : settings) {
        const QString note = m_editor->timelineNote(pathOf(key));
        // A new strategy type from the timeline replaces the retry delay too: said once.
        if (note.isEmpty() || (strategyNoted && key.startsWith(QLatin1String("strategy."))))
            continue;
        strategyNoted = strategyNoted || key == QLatin1String("strategy.type");
        lines << tr("%1: %2").arg(label, note);
    }
    const QString text = lines.join(QLatin1Char('\n'));
    if (text != m_timelineNote->text()) {
        m_timelineNote->setText(text);
        m_timelineNote->setVisible(!text.isEmpty() && !m_folded);
    }
}

QString ConsumerCard::timelineNoteText() const
{
    return m_timelineNote->text();  // also while folded away
}

void ConsumerCard::rebuildParameterEditors()
{
    while (m_form->rowCount() > m_fixedRows) {
        const QFormLayout::TakeRowResult row = m_form->takeRow(m_fixedRows);
        for (QLayoutItem *item : {row.labelItem, row.fieldItem}) {
            if (!item)
                continue;
            if (QWidget *w = item->widget()) {
                w->hide();
                w->deleteLater();  // may be the sender of the signal being handled
            }
            delete item;
        }
    }
    m_parameterEditors.clear();

    const Strategy &strategy = *m_simulation->consumers()[size_t(m_index)]->strategy;
    m_editorsType = strategy.type();
    for (const ParameterInfo &info : strategy.parameters()) {
        ParameterEditor *editor = ParameterEditorFactory::create(info, strategy.parameter(info.name), this);
        editor->setObjectName(info.name);
        auto *label = new QLabel(info.label + QLatin1Char(':'), this);
        label->setToolTip(editor->toolTip());
        label->setBuddy(editor->input());
        m_form->addRow(label, editor);
        label->setVisible(!m_folded);
        editor->setVisible(!m_folded);
        m_parameterEditors.append(editor);
        connect(editor, &ParameterEditor::valueEdited, this,
                [this, editor](const QVariant &value) { onParameterEdited(editor, value); });
    }
}

void ConsumerCard::onParameterEdited(ParameterEditor *editor, const QVariant &value)
{
    const QString error = m_editor->setConsumerParameter(m_index, editor->info().name, value);
    editor->setError(error);
    if (!error.isEmpty())
        return;
    // Simulation::setupChanged() has refreshed the card already; refresh the warning anyway in
    // case the edit was a no-op.
    const QString warning = m_simulation->consumers()[size_t(m_index)]->strategy->settingWarning();
    showWarning(warning);
}

void ConsumerCard::onStrategyChosen(int comboIndex)
{
    const QString type = m_strategy->itemData(comboIndex).toString();
    const QString error = m_editor->setConsumerStrategyType(m_index, type);
    if (!error.isEmpty()) {
        showWarning(error);
    }
    syncSetup();
}

void ConsumerCard::syncTopics()
{
    const BrokerConfig &broker = m_simulation->broker().config();
    const bool topicsMode = broker.mode == BrokerConfig::Mode::Topics;
    m_topicsShown = topicsMode;
    m_topicsLabel->setVisible(topicsMode && !m_folded);
    m_topicsField->setVisible(topicsMode && !m_folded);
    if (!topicsMode)
        return;
    QStringList names;
    for (const TopicConfig &t : broker.topics)
        names << t.name;
    QStringList shown;
    for (const QCheckBox *box : std::as_const(m_topicBoxes))
        shown << box->text();
    if (shown != names) {
        qDeleteAll(m_topicBoxes);
        m_topicBoxes.clear();
        for (const TopicConfig &t : broker.topics) {
            auto *box = new QCheckBox(t.name, m_topicsField);
            box->setFocusPolicy(Qt::TabFocus);
            box->setToolTip(tr("Subscribe to topic %1 (messages with priority %2 to %3). With none "
                               "ticked the consumer takes every topic.")
                                    .arg(t.name)
                                    .arg(t.minPriority)
                                    .arg(t.maxPriority));
            m_topicsLayout->addWidget(box);
            m_topicBoxes << box;
            connect(box, &QCheckBox::toggled, this, &ConsumerCard::onTopicToggled);
        }
    }
    const QStringList &subscribed = m_simulation->consumers()[size_t(m_index)]->topics;
    for (QCheckBox *box : std::as_const(m_topicBoxes)) {
        const QSignalBlocker blocker(box);
        box->setChecked(subscribed.isEmpty() || subscribed.contains(box->text()));
    }
}

void ConsumerCard::onTopicToggled()
{
    QStringList topics;
    for (const QCheckBox *box : std::as_const(m_topicBoxes)) {
        if (box->isChecked())
            topics << box->text();
    }
    // Every topic ticked is the same as none listed: the consumer takes all of them.
    if (topics.size() == m_topicBoxes.size())
        topics.clear();
    const QString error = m_editor->setConsumerTopics(m_index, topics);
    if (!error.isEmpty()) {
        showWarning(error);
    }
    syncTopics();
}

void ConsumerCard::setThroughput(const QList<qint64> &processedPerCycle)
{
    m_sparkline->setValues(processedPerCycle);
}

ParameterEditor *ConsumerCard::parameterEditor(const QString &name) const
{
    for (ParameterEditor *editor : m_parameterEditors) {
        if (editor->info().name == name)
            return editor;
    }
    return nullptr;
}

QString ConsumerCard::accessibleSummary() const
{
    const auto &consumers = m_simulation->consumers();
    if (m_index >= int(consumers.size()))
        return {};
    const Consumer &c = *consumers[size_t(m_index)];
    return tr("%1; %2 processed, %3 postponed, %4 discarded, %5 failed; strategy %6")
            .arg(m_state->text())
            .arg(c.stats.processed)
            .arg(c.stats.postponed)
            .arg(c.stats.discarded)
            .arg(c.stats.failed)
            .arg(c.strategy->type());
}

void ConsumerCard::showWarning(const QString &text)
{
    // Wrapped inside the card (a long word may break anywhere); the whole text in the tooltip
    // as well, for a projector's zoom.
    m_warning->setText(QStringLiteral("⚠ ") + text);
    m_warning->setToolTip(text);
    m_warning->setVisible(!text.isEmpty());
}

QString ConsumerCard::warningText() const
{
    return m_warning->isHidden() ? QString() : m_warning->text();
}

} // namespace PriorityLab

namespace PriorityLab {

namespace {

/// Shows or hides the widgets of @p item: the widget, or each widget of the layout (a form row
/// of a field and its neighbours).
void setItemVisible(QLayoutItem *item, bool visible)
{
    if (!item)
        return;
    if (QWidget *widget = item->widget()) {
        widget->setVisible(visible);
    } else if (QLayout *inner = item->layout()) {
        for (int i = 0; i < inner->count(); ++i)
            setItemVisible(inner->itemAt(i), visible);
    }
}

/// The height @p item takes shown: its widget's, or the tallest of its layout's (one line).
int shownHeight(const QLayoutItem *item)
{
    if (!item)
        return 0;
    if (const QWidget *widget = item->widget())
        return widget->sizeHint().height();
    int height = 0;
    if (QLayout *inner = const_cast<QLayoutItem *>(item)->layout()) {
        for (int i = 0; i < inner->count(); ++i)
            height = std::max(height, shownHeight(inner->itemAt(i)));
    }
    return height;
}

} // namespace

void ConsumerCard::setFolding(bool foldable, bool folded, bool trimmed)
{
    folded = folded && foldable;
    if (foldable == m_foldable && folded == m_folded && trimmed == m_trimmed)
        return;
    m_foldable = foldable;
    m_folded = folded;
    m_trimmed = trimmed;
    applyFolding();
}

void ConsumerCard::setFoldable(bool foldable)
{
    setFolding(foldable, m_folded, m_trimmed);
}

void ConsumerCard::setFolded(bool folded)
{
    setFolding(m_foldable, folded, m_trimmed);
}

void ConsumerCard::setTrimmed(bool trimmed)
{
    setFolding(m_foldable, m_folded, trimmed);
}

int ConsumerCard::trimmedAway() const
{
    const int spacing = layout()->spacing();
    int height = 0;
    for (const QWidget *detail : {static_cast<const QWidget *>(m_sparkline), static_cast<const QWidget *>(m_lastBatchGuard)})
        height += detail->sizeHint().height() + spacing;
    return height;
}

int ConsumerCard::foldedAway() const
{
    // What the details take, as laid out when shown: their heights and the spacing after each
    // (the throughput line and the last batch are away already while trimmed).
    const int spacing = layout()->spacing();
    int height = m_trimmed ? 0 : trimmedAway();
    if (!m_timelineNote->text().isEmpty()) {
        const int width = std::max(1, this->width() - 20);
        height += (m_timelineNote->hasHeightForWidth() ? m_timelineNote->heightForWidth(width)
                                                       : m_timelineNote->sizeHint().height()) + spacing;
    }
    int rows = 0;
    for (int r = 0; r < m_form->rowCount(); ++r) {
        int row = 0;
        for (const QFormLayout::ItemRole role : {QFormLayout::LabelRole, QFormLayout::FieldRole, QFormLayout::SpanningRole}) {
            if (r != m_fixedRows - 1 || m_topicsShown)
                row = std::max(row, shownHeight(m_form->itemAt(r, role)));
        }
        if (row > 0) {
            height += row + (rows > 0 ? m_form->verticalSpacing() : 0);
            ++rows;
        }
    }
    height += rows > 0 ? spacing : 0;
    if (m_folded && m_countCells.size() >= 2) {
        // Unfolded, the words go under their numbers and the margins and spacing widen again.
        const int number = m_countCells.at(0)->sizeHint().height(), word = m_countCells.at(1)->sizeHint().height();
        const int lines = m_countsArrangement == 2 ? 2 : 1;
        height += number + word - lines * std::max(number, word) + (8 - 4) * 2;  // margins 8 instead of 4
        int shown = 0;
        for (int i = 0; i < layout()->count(); ++i)
            shown += layout()->itemAt(i)->isEmpty() ? 0 : 1;
        height += (6 - 2) * std::max(0, shown - 1);
    }
    return std::max(0, height);
}

void ConsumerCard::applyFolding()
{
    const bool open = !m_folded;
    m_sparkline->setVisible(open && !m_trimmed);
    m_lastBatchGuard->setVisible(open && !m_trimmed);
    for (int r = 0; r < m_form->rowCount(); ++r) {
        const bool shown = open && (r != m_fixedRows - 1 || m_topicsShown);
        for (const QFormLayout::ItemRole role : {QFormLayout::LabelRole, QFormLayout::FieldRole, QFormLayout::SpanningRole})
            setItemVisible(m_form->itemAt(r, role), shown);
    }
    m_timelineNote->setVisible(open && !m_timelineNote->text().isEmpty());
    // Folded, a greyed "Dead letters" box (no dead-letter queue: not a Tab stop) leaves the
    // header its room: the state beside the name is not cut by the button.
    m_deadLetters->setVisible(open || m_deadLetters->isEnabled());
    m_foldButton->setVisible(m_foldable);
    m_foldButton->setText(m_shortFold ? (m_folded ? QStringLiteral("▸") : QStringLiteral("▾"))
                                      : (m_folded ? tr("Settings ▸") : tr("Settings ▾")));
    m_foldButton->setAccessibleName(m_folded ? tr("Show settings") : tr("Hide settings"));
    // Folded, the card is as low as it reads: closer margins, each count beside its word.
    layout()->setContentsMargins(m_folded ? QMargins(8, 4, 8, 4) : QMargins(10, 8, 10, 8));
    layout()->setSpacing(m_folded ? 2 : 6);
    placeCounts();
    fitHeader();
}

void ConsumerCard::placeCounts()
{
    // Unfolded: each number above its word, the four side by side. Folded: each word beside its
    // number, on one line if the card is wide enough, else two by two.
    int perRow = 4;
    if (m_folded) {
        // Each number and each word is a column of the grid, with the grid's spacing between
        // every two: presenting at 1024x768 with a GTK theme's font, counting it only between
        // the pairs put four on a line that read "145 processec 35 postponec".
        int needed = 0;
        int columns = 0;
        for (qsizetype i = 0; i + 1 < m_countCells.size(); i += 2) {
            needed += m_countCells.at(i)->sizeHint().width() + m_countCells.at(i + 1)->sizeHint().width();
            columns += 2;
        }
        const QMargins margins = layout()->contentsMargins();
        const int room = width() - margins.left() - margins.right();
        perRow = needed + (columns - 1) * m_counts->horizontalSpacing() <= room ? 4 : 2;
    }
    const int arrangement = m_folded ? perRow : 0;
    if (arrangement == m_countsArrangement)
        return;
    m_countsArrangement = arrangement;
    for (QWidget *cell : std::as_const(m_countCells))
        m_counts->removeWidget(cell);
    for (int c = 0; c < m_counts->columnCount(); ++c)
        m_counts->setColumnStretch(c, 0);
    for (int i = 0; i < int(m_countCells.size()) / 2; ++i) {
        QWidget *number = m_countCells.at(2 * i);
        auto *caption = static_cast<QLabel *>(m_countCells.at(2 * i + 1));
        auto *numberLabel = number->findChild<QLabel *>();
        if (!m_folded) {
            if (numberLabel)
                numberLabel->setAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            caption->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
            m_counts->addWidget(number, 0, i);
            m_counts->addWidget(caption, 1, i);
        } else {
            if (numberLabel)
                numberLabel->setAlignment(Qt::AlignRight | Qt::AlignBottom);
            caption->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
            m_counts->addWidget(number, i / perRow, 2 * (i % perRow));
            m_counts->addWidget(caption, i / perRow, 2 * (i % perRow) + 1);
        }
    }
    if (m_folded) {
        for (int c = 0; c < perRow; ++c)
            m_counts->setColumnStretch(2 * c + 1, 1);
    }
}

void ConsumerCard::fitName()
{
    // At least as wide as the name's longest word (a hyphen ends a word), up to a dozen
    // characters: the label's own minimum follows the text it shows, and an elided text would
    // let the header squeeze it further ("str…" for "strict").
    const QFontMetrics metrics(m_name->font());
    int longest = 0;
    {
        // Lines of no width hold one unbreakable piece each ("urgent-1" is one: no break
        // between a hyphen and a digit).
        QTextLayout pieces(m_fullName, m_name->font());
        QTextOption option;
        option.setWrapMode(QTextOption::WordWrap);
        pieces.setTextOption(option);
        pieces.beginLayout();
        for (QTextLine line = pieces.createLine(); line.isValid(); line = pieces.createLine()) {
            line.setLineWidth(0);
            longest = std::max(longest, int(std::ceil(line.naturalTextWidth())));
        }
        pieces.endLayout();
    }
    const QMargins margins = m_name->contentsMargins();
    const int frame = margins.left() + margins.right() + 2 * (m_name->margin() + m_name->frameWidth());
    const int pieces = std::min(longest + 2, 12 * metrics.averageCharWidth()) + frame;
    // The name whole on its first line, the role whole on the next (a trial presenting at
    // 1024x768 read "parking-" / "lot · dea…"), where the header leaves that room (fitHeader()).
    m_name->setMinimumWidth(std::max(pieces, std::min(titleNeed(), m_titleRoom)));

    QString shown = m_fullName;
    const int room = m_name->contentsRect().width();
    if (room > 0 && !m_fullName.isEmpty()) {
        // Where the label's own word wrap would break (at a space or after a hyphen): the
        // first line as it is, the rest elided to one more line.
        QTextLayout layout(m_fullName, m_name->font());
        QTextOption option;
        option.setWrapMode(QTextOption::WordWrap);
        layout.setTextOption(option);
        layout.beginLayout();
        QTextLine first = layout.createLine();
        first.setLineWidth(room);
        QTextLine second = layout.createLine();
        int twoLines = int(m_fullName.size());
        if (second.isValid()) {
            second.setLineWidth(room);
            twoLines = second.textStart() + second.textLength();
        }
        layout.endLayout();
        if (first.naturalTextWidth() > room) {
            shown = metrics.elidedText(m_fullName, Qt::ElideRight, room);
        } else if (twoLines < m_fullName.size()) {
            const int start = first.textStart() + first.textLength();
            shown = m_fullName.left(start) + metrics.elidedText(m_fullName.mid(start), Qt::ElideRight, room);
        }
    }
    if (m_name->text() != shown)
        m_name->setText(shown);
}

int ConsumerCard::titleNeed() const
{
    const QFontMetrics metrics(m_name->font());
    const QMargins margins = m_name->contentsMargins();
    const int frame = margins.left() + margins.right() + 2 * (m_name->margin() + m_name->frameWidth()) + 2;
    if (m_fullName.size() <= m_plainName.size() || !m_fullName.startsWith(m_plainName))
        return metrics.horizontalAdvance(m_plainName) + frame;
    // "name ·" on the first line, the role on the next.
    const QString rest = m_fullName.mid(m_plainName.size()).trimmed();
    const qsizetype space = rest.indexOf(QLatin1Char(' '));
    const QString firstLine = space < 0 ? m_plainName : m_plainName + QLatin1Char(' ') + rest.left(space);
    const QString role = space < 0 ? rest : rest.mid(space + 1);
    return std::max(metrics.horizontalAdvance(firstLine), metrics.horizontalAdvance(role)) + frame;
}

void ConsumerCard::fitHeader()
{
    if (!m_header)
        return;
    // The header's arrangements, the most readable first (docs/design.md §8): the first whose
    // title gets the room it needs (titleNeed()) is taken.
    struct Arrangement
    {
        bool below;             ///< the controls under the title
        bool shortFold;         ///< "▾" for "Settings ▾"
        bool shortDeadLetters;  ///< the dead-letters box without its words
    };
    QList<Arrangement> arrangements{{false, false, false}};
    const bool role = m_fullName != m_plainName;
    if (role) {
        // A dead-letter consumer's title ("parking-lot · dead letters") wraps beside the
        // controls: under it, they keep their words at no cost in height (the title then takes
        // one line). Presenting at 1024x768 the header read "idle ☑ ☑ Online ▾ ×", the first box
        // named only by its tooltip, the fold button by its arrow.
        arrangements << Arrangement{true, false, false} << Arrangement{true, true, false}
                     << Arrangement{true, true, true};
    } else {
        arrangements << Arrangement{false, true, false};
    }
    const QMargins margins = layout()->contentsMargins();
    const int available = contentsRect().width() - margins.left() - margins.right();
    const int spacing = std::max(0, m_header->spacing());
    // The controls' width with the fold button's whole text or its arrow only, and the
    // dead-letters box with its words or without them.
    const auto controlsWidth = [this, spacing](const Arrangement &a) {
        const auto withText = [](const QAbstractButton *button, const QString &text) {
            const QFontMetrics metrics(button->font());
            return button->sizeHint().width() - metrics.horizontalAdvance(button->text()) + metrics.horizontalAdvance(text);
        };
        int width = 0;
        const QLayout *row = m_controls->layout();
        for (int i = 0; i < row->count(); ++i) {
            QWidget *item = row->itemAt(i)->widget();
            if (!item || item->isHidden())
                continue;
            if (width > 0)
                width += std::max(0, row->spacing());
            if (item == m_foldButton)
                width += withText(m_foldButton, a.shortFold ? QStringLiteral("▾") : tr("Settings ▾"));
            else if (item == m_deadLetters)
                width += withText(m_deadLetters, a.shortDeadLetters ? QString() : tr("Dead letters"));
            else
                width += std::max(item->minimumSizeHint().width(), item->minimumWidth());
        }
        return width;
    };
    const int badge = m_state->isHidden() ? 0 : std::max(m_state->minimumSizeHint().width(), m_state->minimumWidth()) + spacing;
    const auto titleRoom = [&](const Arrangement &a) {
        return std::max(0, available - badge - (a.below ? 0 : controlsWidth(a) + spacing));
    };
    const int need = titleNeed();
    const Arrangement chosen = firstThatFits(arrangements, [&](const Arrangement &a) {
        return titleRoom(a) >= need && (!a.below || controlsWidth(a) <= available);
    });
    m_titleRoom = titleRoom(chosen);
    const QString deadLettersText = chosen.shortDeadLetters ? QString() : tr("Dead letters");
    if (m_deadLetters->text() != deadLettersText)
        m_deadLetters->setText(deadLettersText);
    if (chosen.shortFold != m_shortFold) {
        m_shortFold = chosen.shortFold;
        m_foldButton->setText(m_shortFold ? (m_folded ? QStringLiteral("▸") : QStringLiteral("▾"))
                                          : (m_folded ? tr("Settings ▸") : tr("Settings ▾")));
    }
    if (chosen.below != controlsBelow()) {
        if (chosen.below) {
            m_header->removeWidget(m_controls);
            m_controlsRow->addWidget(m_controls);
        } else {
            m_controlsRow->removeWidget(m_controls);
            m_header->addWidget(m_controls);
        }
    }
    fitName();
}

bool ConsumerCard::controlsBelow() const
{
    return m_controlsRow && m_controlsRow->indexOf(m_controls) >= 0;
}

bool ConsumerCard::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_name && (event->type() == QEvent::Resize || event->type() == QEvent::FontChange))
        fitName();
    return QFrame::eventFilter(watched, event);
}

void ConsumerCard::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    fitHeader();
    if (m_folded)
        placeCounts();
}

} // namespace PriorityLab
