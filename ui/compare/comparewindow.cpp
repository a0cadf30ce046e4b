#include "ui/compare/comparewindow.h"

#include "ui/charts/timeserieschart.h"
#include "ui/compare/comparisonmodel.h"
#include "core/scenario/scenario.h"
#include "ui/shell/scenariocatalog.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace PriorityLab {

namespace {
// Okabe-Ito colours: distinguishable with every common colour-vision deficiency.
const QColor RunColors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73)};
}

CompareWindow::CompareWindow(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Compare configurations"));
    resize(1300, 860);
    auto *layout = new QVBoxLayout(this);

    auto *intro = new QLabel(tr("Runs two or three scenarios on the same seeded workload (same "
                                "producers and seed: the produced messages are checked to be "
                                "identical) and sets their figures side by side. Use it to weigh "
                                "prioritization by consumer strategies, a native priority queue "
                                "and priority topics."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    for (int slot = 0; slot < 3; ++slot) {
        addFileChoice(slot);
        form->addRow(slot < 2 ? tr("Configuration %1:").arg(QChar(u'A' + slot))
                              : tr("Configuration C (optional):"),
                     m_choices.at(slot)->parentWidget());
    }
    m_cycles = new QSpinBox(this);
    m_cycles->setRange(1, 100000);
    m_cycles->setValue(400);
    m_cycles->setSuffix(tr(" cycles"));
    m_cycles->setToolTip(tr("How long each run lasts at most; a run also ends when its broker "
                            "stops (idle). The same for every configuration."));
    form->addRow(tr("Run for:"), m_cycles);
    layout->addLayout(form);

    auto *buttons = new QHBoxLayout;
    auto *run = new QPushButton(tr("Compare"), this);
    run->setDefault(true);
    run->setToolTip(tr("Run every configuration headless and show the figures (Ctrl+Return)"));
    run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    connect(run, &QPushButton::clicked, this, &CompareWindow::compare);
    buttons->addWidget(run);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    buttons->addWidget(m_status, 1);
    layout->addLayout(buttons);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_model = new ComparisonModel(this);
    m_table = new QTableView(splitter);
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    splitter->addWidget(m_table);

    auto *charts = new QWidget(splitter);
    auto *chartsLayout = new QHBoxLayout(charts);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    m_depth = new TimeSeriesChart(charts);
    m_depth->setTitle(tr("Backlog: queue depth after each cycle"));
    m_depth->setAxisTitles(tr("cycle"), tr("queued"));
    m_processed = new TimeSeriesChart(charts);
    m_processed->setTitle(tr("Throughput: processed per cycle"));
    m_processed->setAxisTitles(tr("cycle"), tr("messages"));
    chartsLayout->addWidget(m_depth);
    chartsLayout->addWidget(m_processed);
    splitter->addWidget(charts);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(close);

    setFiles({QStringLiteral(":/scenarios/compare-strategies.json"),
              QStringLiteral(":/scenarios/compare-native.json"),
              QStringLiteral(":/scenarios/compare-topics.json")});
}

CompareWindow::~CompareWindow() = default;

void CompareWindow::addFileChoice(int slot)
{
    auto *row = new QWidget(this);
    auto *rowLayout = new QHBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    auto *combo = new QComboBox(row);
    combo->setMinimumContentsLength(40);
    if (slot == 2)
        combo->addItem(tr("(none)"), QString());
    for (const ScenarioCatalog::Entry &e : ScenarioCatalog::entries())
        combo->addItem(e.name, e.path);
    combo->setToolTip(tr("A preset or a scenario file. Configurations are compared like for like "
                         "only when their producers and seed are the same."));
    auto *browse = new QPushButton(tr("Browse…"), row);
    browse->setToolTip(tr("Choose a scenario file"));
    connect(browse, &QPushButton::clicked, this, [this, combo] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Choose a scenario"), QString(),
                                                          tr("Scenarios (*.json)"));
        if (path.isEmpty())
            return;
        combo->addItem(QFileInfo(path).fileName(), path);
        combo->setCurrentIndex(combo->count() - 1);
    });
    rowLayout->addWidget(combo, 1);
    rowLayout->addWidget(browse);
    m_choices << combo;
}

void CompareWindow::setFiles(const QStringList &paths)
{
    for (int slot = 0; slot < m_choices.size(); ++slot) {
        QComboBox *combo = m_choices.at(slot);
        const QString path = slot < paths.size() ? paths.at(slot) : QString();
        int index = combo->findData(path);
        if (index < 0 && !path.isEmpty()) {
            combo->addItem(QFileInfo(path).fileName(), path);
            index = combo->count() - 1;
        }
        combo->setCurrentIndex(std::max(index, 0));
    }
}

QStringList CompareWindow::files() const
{
    QStringList paths;
    for (const QComboBox *combo : m_choices) {
        const QString path = combo->currentData().toString();
        if (!path.isEmpty())
            paths << path;
    }
    return paths;
}

void CompareWindow::setCycles(int cycles)
{
    m_cycles->setValue(cycles);
}

const Comparison &CompareWindow::comparison() const
{
    return m_model->comparison();
}

QStringList CompareWindow::compare()
{
    QStringList problems;
    QList<Scenario> scenarios;
    for (const QString &path : files()) {
        const ScenarioLoadResult loaded = loadScenarioFile(path);
        problems << loaded.errors;
        if (loaded.ok())
            scenarios << *loaded.scenario;
    }
    if (problems.isEmpty() && scenarios.size() < 2)
        problems << tr("Choose at least two configurations.");
    if (!problems.isEmpty()) {
        m_status->setText(QStringLiteral("<span style='color:#b91c1c'>%1</span>")
                                  .arg(problems.join(QStringLiteral("<br>")).toHtmlEscaped()));
        return problems;
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const Comparison result = compareScenarios(scenarios, m_cycles->value());
    QApplication::restoreOverrideCursor();
    if (!result.errors.isEmpty()) {
        m_status->setText(result.errors.join(QLatin1Char('\n')));
        return result.errors;
    }
    m_model->setComparison(result);
    m_status->setText(result.sameWorkload
                              ? tr("✓ Identical workload: every configuration saw the same "
                                   "produced messages.")
                              : tr("⚠ The configurations produced different messages (their "
                                   "producers or seeds differ): this is not a like-for-like "
                                   "comparison."));

    // Aligned charts: every configuration on the same axes.
    qreal maxCycle = 1;
    qreal maxDepth = 1;
    qreal maxProcessed = 1;
    m_depth->clearSeries();
    m_processed->clearSeries();
    for (qsizetype r = 0; r < result.runs.size(); ++r) {
        const RunFigures &run = result.runs.at(r);
        QList<QPointF> depth;
        QList<QPointF> processed;
        depth.reserve(run.history.size());
        processed.reserve(run.history.size());
        for (const CycleSample &s : run.history) {
            depth << QPointF(qreal(s.cycle), qreal(s.queueDepth));
            processed << QPointF(qreal(s.cycle), qreal(s.counts.processed));
            maxCycle = std::max(maxCycle, qreal(s.cycle));
            maxDepth = std::max(maxDepth, qreal(s.queueDepth));
            maxProcessed = std::max(maxProcessed, qreal(s.counts.processed));
        }
        const QColor color = RunColors[r % 3];
        m_depth->setPoints(m_depth->addSeries(run.name, color), depth);
        m_processed->setPoints(m_processed->addSeries(run.name, color), processed);
    }
    for (TimeSeriesChart *chart : {m_depth, m_processed}) {
        chart->setXRange(0, maxCycle);
        chart->setLegendVisible(true);
    }
    m_depth->setYRange(0, maxDepth * 1.1);
    m_processed->setYRange(0, maxProcessed * 1.1);
    return {};
}

} // namespace PriorityLab
