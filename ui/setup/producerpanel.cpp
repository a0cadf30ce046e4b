#include "ui/setup/producerpanel.h"
#include "ui/common/textcolors.h"

#include "ui/common/notelabels.h"
#include "ui/editing/setupeditor.h"
#include "ui/setup/panelform.h"
#include "ui/common/retire.h"
#include "core/engine/simulation.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <utility>

namespace PriorityLab {

namespace {

constexpr int ValueLimit = 1000000;  ///< spin box limit for priorities and TTLs (any int is valid)

/// A compact spin box sized for everyday values; the hard limits (±1,000,000) still fit when typed.
QSpinBox *makeSpin(QWidget *parent, int minimum, int maximum, const QString &tip)
{
    QSpinBox *spin = PanelForm::spinBox(parent, minimum, maximum, tip, QString(), QStringLiteral("-0000"));
    SetupEditor::trackGestures(spin);  // an arrow held down is one undo step
    return spin;
}

using PanelForm::setSpin;

/// The range shown by @p minimum and @p maximum, kept valid by moving the end that was not
/// edited along (@p minimumEdited: the minimum was).
std::pair<int, int> validRange(const QSpinBox *minimum, const QSpinBox *maximum, bool minimumEdited)
{
    const int lo = minimum->value();
    const int hi = maximum->value();
    if (lo <= hi)
        return {lo, hi};
    return minimumEdited ? std::pair{lo, lo} : std::pair{hi, hi};
}

/// "from [min] to [max]" in one row.
QWidget *rangeRow(QWidget *parent, QSpinBox *minimum, QSpinBox *maximum)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(ProducerPanel::tr("from"), row));
    layout->addWidget(minimum);
    layout->addWidget(new QLabel(ProducerPanel::tr("to"), row));
    layout->addWidget(maximum);
    layout->addStretch(1);
    return row;
}

} // namespace

ProducerPanel::ProducerPanel(SetupEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_simulation(editor->simulation())
{
    const auto [content, contentLayout] = PanelForm::scrolledContent(this);
    contentLayout->setSpacing(8);

    auto *intro = new QLabel(tr("Producers send messages to the broker at the start of each cycle. "
                                "Changes apply from the next cycle."),
                             content);
    intro->setWordWrap(true);
    TextColors::apply(intro, TextColors::Tone::Muted);
    contentLayout->addWidget(intro);

    m_rowsLayout = new QVBoxLayout;
    m_rowsLayout->setSpacing(8);
    contentLayout->addLayout(m_rowsLayout);
    m_empty = new QLabel(tr("This scenario has no producers: send messages by hand below."), content);
    m_empty->setWordWrap(true);
    contentLayout->addWidget(m_empty);

    // Send a message now.
    auto *send = new QGroupBox(tr("Send a message now"), content);
    send->setToolTip(tr("Put one message of your own into the system: it is produced at the start "
                        "of the next cycle, before the producers, by producer \"manual\", and "
                        "queued like any other. Follow it through the queue and the consumers."));
    auto *sendForm = new QFormLayout(send);
    sendForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_sendData = new QLineEdit(send);
    m_sendData->setToolTip(tr("The message's data (payload): any text. A predicate strategy can "
                              "test it, e.g. data != \"data_0\"."));
    m_sendPriority = makeSpin(send, -ValueLimit, ValueLimit,
                              tr("Priority: higher = more urgent (threshold strategy, native "
                                 "priority mode, topic bands). Default 5."));
    m_sendPriority->setValue(5);
    m_sendTtl = makeSpin(send, -ValueLimit, ValueLimit,
                         tr("Time-to-live counter read by the TTL strategy: each postponement "
                            "lowers it by 1, and at or below the low bound the message is "
                            "discarded. Default 3."));
    m_sendTtl->setValue(3);
    m_sendButton = new QPushButton(tr("Send"), send);
    m_sendButton->setToolTip(tr("Send this message; it joins the queue at the next cycle"));
    m_sendButton->setFocusPolicy(Qt::TabFocus);  // a click leaves Space to Run/Pause
    m_sendStatus = new QLabel(send);
    m_sendStatus->setWordWrap(true);
    TextColors::apply(m_sendStatus, TextColors::Tone::Muted);
    auto *numbers = new QWidget(send);
    auto *numbersLayout = new QHBoxLayout(numbers);
    numbersLayout->setContentsMargins(0, 0, 0, 0);
    auto *ttlLabel = new QLabel(tr("TTL:"), numbers);
    ttlLabel->setBuddy(m_sendTtl);
    numbersLayout->addWidget(m_sendPriority);
    numbersLayout->addSpacing(8);
    numbersLayout->addWidget(ttlLabel);
    numbersLayout->addWidget(m_sendTtl);
    numbersLayout->addSpacing(8);
    numbersLayout->addWidget(m_sendButton);
    numbersLayout->addStretch(1);
    sendForm->addRow(tr("Data:"), m_sendData);
    sendForm->addRow(tr("Priority:"), numbers);
    sendForm->addRow(m_sendStatus);
    contentLayout->addWidget(send);
    contentLayout->addStretch(1);

    connect(m_sendButton, &QPushButton::clicked, this, &ProducerPanel::sendNow);
    connect(m_sendData, &QLineEdit::returnPressed, this, &ProducerPanel::sendNow);
    connect(m_simulation, &Simulation::scenarioLoaded, this, &ProducerPanel::rebuild);
    connect(m_simulation, &Simulation::setupChanged, this, &ProducerPanel::sync);
    rebuild();
}

ProducerPanel::Row ProducerPanel::createRow(int index)
{
    Row row;
    const ProducerConfig &config = m_simulation->producers()[size_t(index)].config();
    row.box = new QGroupBox(config.name, this);
    row.box->setToolTip(tr("Producer %1: what it generates each cycle. Priority and TTL of each "
                           "generated message are drawn uniformly from the ranges, with the "
                           "scenario's seed.")
                                .arg(config.name));
    auto *form = new QFormLayout(row.box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setVerticalSpacing(4);

    row.paused = new QCheckBox(tr("Paused"), row.box);
    row.paused->setFocusPolicy(Qt::TabFocus);
    row.paused->setToolTip(tr("A paused producer sends nothing, neither scripted nor generated "
                              "messages, until you untick it. Pause all producers to watch the "
                              "consumers drain the backlog."));
    row.sent = new QLabel(row.box);
    row.sent->setToolTip(tr("Messages this producer has sent since cycle 0"));
    row.sent->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto *top = new QWidget(row.box);
    auto *topLayout = new QHBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(row.paused);
    topLayout->addStretch(1);
    topLayout->addWidget(row.sent);
    form->addRow(top);

    const QString rateTip = tr("Rate: messages the generator sends every cycle (0 = none). Raise it "
                               "above what the consumers handle and the backlog grows; the slider "
                               "covers 0 to 50, type any rate up to 1,000,000 in the box.");
    row.rateSlider = new QSlider(Qt::Horizontal, row.box);
    SetupEditor::trackGestures(row.rateSlider);  // a drag is one undo step
    row.rateSlider->setRange(0, 50);
    row.rateSlider->setPageStep(5);
    row.rateSlider->setFocusPolicy(Qt::TabFocus);
    row.rateSlider->setToolTip(rateTip);
    row.rate = PanelForm::spinBox(row.box, 0, 1000000, rateTip, PanelForm::CountUnit{tr(" msg/cycle"), tr(" msgs/cycle")});
    auto *rateRow = new QWidget(row.box);
    auto *rateLayout = new QHBoxLayout(rateRow);
    rateLayout->setContentsMargins(0, 0, 0, 0);
    rateLayout->addWidget(row.rateSlider, 1);
    rateLayout->addWidget(row.rate);
    auto *rateLabel = new QLabel(tr("Rate:"), row.box);
    rateLabel->setToolTip(rateTip);
    rateLabel->setBuddy(row.rate);
    form->addRow(rateLabel, rateRow);

    // A labelled "from [min] to [max]" row of two spin boxes sharing @p tip.
    const auto addRange = [&](const QString &text, const QString &tip, QSpinBox *&minimum, QSpinBox *&maximum) {
        minimum = makeSpin(row.box, -ValueLimit, ValueLimit, tip);
        maximum = makeSpin(row.box, -ValueLimit, ValueLimit, tip);
        auto *label = new QLabel(text, row.box);
        label->setToolTip(tip);
        form->addRow(label, rangeRow(row.box, minimum, maximum));
    };
    addRange(tr("Priority:"),
             tr("Priority range, inclusive: each generated message gets a priority drawn uniformly "
                "from it (higher = more urgent). Narrow it to 7..9 to flood the urgent lane."),
             row.priorityMin, row.priorityMax);
    addRange(tr("TTL:"),
             tr("TTL range, inclusive: each generated message gets a time-to-live drawn uniformly "
                "from it. The TTL strategy processes low < TTL < high and discards TTL ≤ low."),
             row.ttlMin, row.ttlMax);

    row.scripted = new QLabel(row.box);
    row.scripted->setWordWrap(true);
    TextColors::apply(row.scripted, TextColors::Tone::Muted);
    form->addRow(row.scripted);
    row.error = newErrorLabel(row.box);
    form->addRow(row.error);

    connect(row.paused, &QCheckBox::toggled, this,
            [this, index](bool paused) { showError(index, m_editor->setProducerPaused(index, paused)); });
    connect(row.rateSlider, &QSlider::valueChanged, this, [this, index](int rate) {
        setSpin(m_rows.at(index).rate, rate);
        showError(index, m_editor->setProducerRate(index, rate));
    });
    connect(row.rate, &QSpinBox::valueChanged, this, [this, index](int rate) {
        QSlider *slider = m_rows.at(index).rateSlider;
        {
            const QSignalBlocker blocker(slider);
            slider->setValue(rate);
        }
        showError(index, m_editor->setProducerRate(index, rate));
    });
    connect(row.priorityMin, &QSpinBox::valueChanged, this, [this, index] { onPriorityEdited(index, true); });
    connect(row.priorityMax, &QSpinBox::valueChanged, this, [this, index] { onPriorityEdited(index, false); });
    connect(row.ttlMin, &QSpinBox::valueChanged, this, [this, index] { onTtlEdited(index, true); });
    connect(row.ttlMax, &QSpinBox::valueChanged, this, [this, index] { onTtlEdited(index, false); });
    return row;
}

void ProducerPanel::rebuild()
{
    for (const Row &row : std::as_const(m_rows))
        retireWidget(row.box);
    m_rows.clear();
    const int n = int(m_simulation->producers().size());
    for (int i = 0; i < n; ++i) {
        m_rows.append(createRow(i));
        m_rowsLayout->addWidget(m_rows.last().box);
    }
    m_empty->setVisible(n == 0);
    m_sentByHand = 0;
    m_sendData->setText(QStringLiteral("manual-0"));
    m_sendStatus->clear();
    sync();
    refresh();
}

void ProducerPanel::sync()
{
    const auto &producers = m_simulation->producers();
    if (qsizetype(producers.size()) != m_rows.size()) {
        rebuild();
        return;
    }
    for (int i = 0; i < int(m_rows.size()); ++i) {
        const Row &row = m_rows.at(i);
        const ProducerConfig &config = producers[size_t(i)].config();
        {
            const QSignalBlocker blocker(row.paused);
            row.paused->setChecked(config.paused);
        }
        const GeneratorConfig generator = config.generator.value_or(GeneratorConfig{});
        const int rate = config.generator ? generator.perCycle : 0;
        setSpin(row.rate, rate);
        {
            const QSignalBlocker blocker(row.rateSlider);
            row.rateSlider->setValue(rate);
        }
        setSpin(row.priorityMin, generator.priorityMin);
        setSpin(row.priorityMax, generator.priorityMax);
        setSpin(row.ttlMin, generator.ttlMin);
        setSpin(row.ttlMax, generator.ttlMax);

        QStringList notes;
        if (!config.messages.isEmpty())
            notes << tr("%n scripted message(s) at fixed cycles.", nullptr, int(config.messages.size()));
        if (!config.generator)
            notes << tr("No generator: raise the rate to give it one.");
        else if (generator.fromCycle > 0 || generator.untilCycle >= 0)
            notes << (generator.untilCycle >= 0
                              ? tr("Generates from cycle %1 to %2.").arg(generator.fromCycle).arg(generator.untilCycle)
                              : tr("Generates from cycle %1 on.").arg(generator.fromCycle));
        row.scripted->setText(notes.join(QLatin1Char(' ')));
        row.scripted->setVisible(!notes.isEmpty());
    }
}

void ProducerPanel::refresh()
{
    const auto &producers = m_simulation->producers();
    const QLocale locale;
    for (int i = 0; i < int(m_rows.size()) && i < int(producers.size()); ++i)
        m_rows.at(i).sent->setText(tr("sent %1").arg(locale.toString(producers[size_t(i)].sent)));
}

void ProducerPanel::showError(int index, const QString &error)
{
    if (index >= m_rows.size())
        return;
    QLabel *label = m_rows.at(index).error;
    label->setText(error);
    label->setVisible(!error.isEmpty());
    if (!error.isEmpty())
        sync();  // show the values that are in force
}

void ProducerPanel::onPriorityEdited(int index, bool minimumEdited)
{
    const Row &row = m_rows.at(index);
    const auto [lo, hi] = validRange(row.priorityMin, row.priorityMax, minimumEdited);
    showError(index, m_editor->setProducerPriorityRange(index, lo, hi));
    sync();
}

void ProducerPanel::onTtlEdited(int index, bool minimumEdited)
{
    const Row &row = m_rows.at(index);
    const auto [lo, hi] = validRange(row.ttlMin, row.ttlMax, minimumEdited);
    showError(index, m_editor->setProducerTtlRange(index, lo, hi));
    sync();
}

void ProducerPanel::sendNow()
{
    ScriptedMessage message;
    message.data = m_sendData->text();
    message.priority = m_sendPriority->value();
    message.ttl = m_sendTtl->value();
    m_editor->sendMessage(message);
    m_sendStatus->setText(tr("Sent \"%1\" (priority %2, TTL %3): produced at cycle %4.")
                                  .arg(message.data)
                                  .arg(message.priority)
                                  .arg(message.ttl)
                                  .arg(m_simulation->cycle()));
    ++m_sentByHand;
    m_sendData->setText(QStringLiteral("manual-%1").arg(m_sentByHand));
    m_sendData->selectAll();
}

} // namespace PriorityLab
