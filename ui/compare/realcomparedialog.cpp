#include "ui/compare/realcomparedialog.h"
#include "ui/common/windowtitle.h"

#include "core/engine/simulation.h"
#include "core/strategies/expression.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace PriorityLab {

namespace {
/// The table's figure rows: the key of FreeRunningComparison::comparison and the row's label.
struct FigureRow
{
    QLatin1String key;
    const char *label;
};
const QList<FigureRow> &figureRows()
{
    static const QList<FigureRow> rows = {
            {QLatin1String("cycles"), QT_TRANSLATE_NOOP("PriorityLab::RealCompareDialog", "Cycles (ticks)")},
            {QLatin1String("produced"), QT_TRANSLATE_NOOP("PriorityLab::RealCompareDialog", "Produced")},
            {QLatin1String("processed"), QT_TRANSLATE_NOOP("PriorityLab::RealCompareDialog", "Processed")},
            {QLatin1String("discarded"), QT_TRANSLATE_NOOP("PriorityLab::RealCompareDialog", "Dead-lettered")},
            {QLatin1String("queued"), QT_TRANSLATE_NOOP("PriorityLab::RealCompareDialog", "Left queued or in flight")},
            {QLatin1String("latencyP50"), QT_TRANSLATE_NOOP("PriorityLab::RealCompareDialog", "Latency p50 (cycles)")},
            {QLatin1String("latencyP95"), QT_TRANSLATE_NOOP("PriorityLab::RealCompareDialog", "Latency p95 (cycles)")},
            {QLatin1String("latencyMax"), QT_TRANSLATE_NOOP("PriorityLab::RealCompareDialog", "Latency max (cycles)")},
            {QLatin1String("wallMs"), QT_TRANSLATE_NOOP("PriorityLab::RealCompareDialog", "Wall time (ms)")},
    };
    return rows;
}
} // namespace

RealCompareDialog::RealCompareDialog(QWidget *parent)
    : QDialog(parent)
    , m_url(new QLineEdit(this))
    , m_cycles(new QSpinBox(this))
    , m_tick(new QSpinBox(this))
    , m_run(new QPushButton(tr("&Run"), this))
    , m_cancel(new QPushButton(tr("&Stop"), this))
    , m_table(new QTableWidget(this))
    , m_status(new QLabel(this))
{
    setWholeWindowTitle(this, tr("Compare Simulated vs RabbitMQ"));
    auto *intro = new QLabel(tr("Runs the current setup on a real RabbitMQ broker in free-running mode: each "
                                "consumer subscribes with basic.consume and its prefetch (else the batch size), "
                                "RabbitMQ decides who gets what, the strategies decide as in the simulator, "
                                "and cycles become ticks of real time. Beside it: the simulator's prediction "
                                "for the same scenario."),
                             this);
    intro->setWordWrap(true);
    m_url->setPlaceholderText(QStringLiteral("amqp://guest:guest@127.0.0.1:5672/"));
    m_url->setToolTip(tr("amqp://user:password@host:port/ (scripts/broker.sh start gives a private node)"));
    m_cycles->setRange(0, 1000000);
    m_cycles->setSpecialValueText(tr("until every message ends"));
    m_cycles->setToolTip(tr("Ticks of the real run; 0 runs until every message is processed or dead-lettered "
                            "(a scenario whose producers never stop needs a number)"));
    m_tick->setRange(1, 10000);
    m_tick->setValue(20);
    m_tick->setSuffix(tr(" ms"));
    m_tick->setToolTip(tr("Real time per tick: the producers publish what is due for the tick, the consumers "
                          "handle what RabbitMQ pushes until it is up"));
    auto *form = new QFormLayout;
    form->addRow(tr("Broker URL:"), m_url);
    form->addRow(tr("Ticks:"), m_cycles);
    form->addRow(tr("Tick:"), m_tick);

    m_table->setColumnCount(2);
    m_table->setHorizontalHeaderLabels({tr("Simulator"), tr("RabbitMQ")});
    m_table->setRowCount(int(figureRows().size()));
    for (int row = 0; row < figureRows().size(); ++row)
        m_table->setVerticalHeaderItem(row, new QTableWidgetItem(tr(figureRows().at(row).label)));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setText(tr("Not run yet."));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_run, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    m_cancel->setEnabled(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_run, &QPushButton::clicked, this, &RealCompareDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_cancelFlag)
            m_cancelFlag->store(true);
    });
    connect(&m_watcher, &QFutureWatcher<FreeRunningComparison>::finished, this,
            [this] { showResult(m_watcher.result()); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(600, 660);   // every row, consumers included, without scrolling for up to 4 consumers
}

RealCompareDialog::~RealCompareDialog()
{
    // A run in progress stops at its next tick; wait for it (it cleans up its queues).
    if (m_cancelFlag)
        m_cancelFlag->store(true);
    m_watcher.waitForFinished();
}

void RealCompareDialog::setScenario(const Scenario &scenario)
{
    m_scenario = scenario;
}

void RealCompareDialog::setUrl(const QString &url)
{
    m_url->setText(url);
}

QString RealCompareDialog::url() const
{
    const QString text = m_url->text().trimmed();
    return text.isEmpty() ? m_url->placeholderText() : text;
}

bool RealCompareDialog::isRunning() const
{
    return m_watcher.isRunning();
}

QString RealCompareDialog::statusText() const
{
    return m_status->text();
}

void RealCompareDialog::start()
{
    if (isRunning())
        return;
    const qint64 cycles = m_cycles->value() > 0 ? m_cycles->value() : -1;
    if (cycles < 0) {
        if (const QString reason = Simulation::endlessReason(m_scenario); !reason.isEmpty()) {
            m_status->setText(tr("This setup never ends (%1): give a number of ticks.").arg(reason));
            Q_EMIT runFinished();
            return;
        }
    }
    m_cancelFlag = std::make_shared<std::atomic_bool>(false);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(tr("Running on %1…").arg(AmqpClient::redactedUrl(url())));
    m_watcher.setFuture(QtConcurrent::run([scenario = m_scenario, url = url(), cycles, tick = m_tick->value(),
                                           flag = m_cancelFlag] {
        FreeRunningComparison result = compareFreeRunning(url, scenario, cycles, tick, flag.get());
        // Predicates compiled in this pool thread's engine: let it go with the run, as a sweep
        // point does, not with the thread (which may outlive the program and read as a leak).
        Expression::releaseThreadEngine();
        return result;
    }));
}

void RealCompareDialog::showResult(const FreeRunningComparison &r)
{
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    m_table->clearContents();
    if (!r.error.isEmpty()) {
        m_status->setText(tr("RabbitMQ: %1").arg(r.error));
        Q_EMIT runFinished();
        return;
    }
    const QLocale locale;
    const QList<FigureRow> &rows = figureRows();
    for (int row = 0; row < rows.size(); ++row) {
        const QJsonArray pair = r.comparison.value(rows.at(row).key).toArray();
        for (int column = 0; column < 2; ++column) {
            const qint64 value = pair.at(column).toInteger();
            auto *item = new QTableWidgetItem(value < 0 ? tr("–") : locale.toString(value));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
        }
    }
    // Then what only the real run knows: each consumer's share.
    const int first = int(rows.size());
    m_table->setRowCount(first + int(r.real.consumers.size()));
    for (int i = 0; i < r.real.consumers.size(); ++i) {
        const FreeRunningBridge::ConsumerFigures &c = r.real.consumers.at(i);
        m_table->setVerticalHeaderItem(first + i, new QTableWidgetItem(tr("%1: deliveries (redelivered)").arg(c.name)));
        m_table->setItem(first + i, 0, new QTableWidgetItem(tr("–")));
        auto *item = new QTableWidgetItem(tr("%1 (%2)").arg(locale.toString(c.deliveries), locale.toString(c.redelivered)));
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(tr("processed %1, postponed %2, failed %3, discarded %4; prefetch %5")
                                 .arg(c.processed).arg(c.postponed).arg(c.failed).arg(c.discarded).arg(c.prefetch));
        m_table->setItem(first + i, 1, item);
    }
    const FreeRunningBridge::Figures &f = r.real;
    QString verdict = f.conserved
            ? tr("Conservation holds on RabbitMQ: %1 published = %2 processed + %3 dead-lettered + %4 left + %5 in flight.")
            : tr("Conservation BROKEN on RabbitMQ: %1 published ≠ %2 processed + %3 dead-lettered + %4 left + %5 in flight.");
    verdict = verdict.arg(locale.toString(f.published), locale.toString(f.processed), locale.toString(f.deadLettered),
                          locale.toString(f.leftInQueue), locale.toString(f.inFlight));
    if (r.cancelled)
        verdict = tr("Stopped after %1 ticks. ").arg(locale.toString(f.ticks)) + verdict;
    else if (!r.ended)
        verdict = tr("Did not end within %1 ticks. ").arg(locale.toString(r.bound)) + verdict;
    m_status->setText(verdict);
    Q_EMIT runFinished();
}

} // namespace PriorityLab
