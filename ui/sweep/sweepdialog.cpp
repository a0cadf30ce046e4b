#include "ui/sweep/sweepdialog.h"

#include "ui/charts/chartexport.h"
#include "ui/charts/chartpalette.h"
#include "ui/charts/stackedbarchart.h"
#include "ui/common/focusframe.h"
#include "ui/charts/timeserieschart.h"
#include "ui/common/windowtitle.h"
#include "ui/editing/setupeditor.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QGuiApplication>
#include <QLabel>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace PriorityLab {

namespace {

QString number(double v)
{
    return QLocale::c().toString(v, 'g', 12);
}

QString jsonText(const QJsonValue &v)
{
    return v.isDouble() ? number(v.toDouble()) : v.toVariant().toString();
}

/// "high 7+": a priority class as core defines it.
QString className(const PriorityClass &c)
{
    return c.name + QLatin1Char(' ') + c.rangeText();
}

/// Selects the item of @p box whose data is @p key; false if there is none.
bool selectByData(QComboBox *box, const QString &key)
{
    const int index = box->findData(key);
    if (index >= 0)
        box->setCurrentIndex(index);
    return index >= 0;
}

} // namespace

SweepDialog::SweepDialog(SetupEditor *editor, QWidget *parent)
    : QDialog(parent)
    , m_editor(editor)
    , m_runner(new SweepRunner(this))
    , m_setting(new QComboBox(this))
    , m_from(new QDoubleSpinBox(this))
    , m_to(new QDoubleSpinBox(this))
    , m_step(new QDoubleSpinBox(this))
    , m_cycles(new QSpinBox(this))
    , m_run(new QPushButton(tr("&Run"), this))
    , m_cancel(new QPushButton(tr("&Cancel Sweep"), this))
    , m_apply(new QPushButton(tr("&Apply This Value"), this))
    , m_exportCsv(new QPushButton(tr("Export &CSV…"), this))
    , m_exportPng(new QPushButton(tr("Export &PNG…"), this))
    , m_exportSvg(new QPushButton(tr("Export S&VG…"), this))
    , m_progress(new QProgressBar(this))
    , m_source(new QLabel(this))
    , m_message(new QLabel(this))
    , m_little(new QLabel(this))
    , m_figure(new QComboBox(this))
    , m_chart(new TimeSeriesChart(this))
    , m_fates(new StackedBarChart(this))
    , m_table(new QTableView(this))
    , m_model(new QStandardItemModel(this))
{
    new FocusFrame(this);  // the keyboard focus outlined, as in the main window
    setWholeWindowTitle(this, tr("Sweep a Setting"));
    setObjectName(QStringLiteral("sweepDialog"));
    for (QDoubleSpinBox *box : {m_from, m_to, m_step}) {
        box->setRange(-1e9, 1e9);
        box->setDecimals(3);
    }
    m_step->setMinimum(0.001);
    m_from->setObjectName(QStringLiteral("sweepFrom"));
    m_to->setObjectName(QStringLiteral("sweepTo"));
    m_step->setObjectName(QStringLiteral("sweepStep"));
    m_cycles->setRange(1, 10000000);
    m_cycles->setValue(1000);
    m_cycles->setSuffix(tr(" cycles"));
    m_setting->setToolTip(tr("A numeric setting of the current setup, with its current value"));

    auto *openFile = new QPushButton(tr("&Open Sweep File…"), this);
    auto *range = new QHBoxLayout;
    range->addWidget(new QLabel(tr("from"), this));
    range->addWidget(m_from);
    range->addWidget(new QLabel(tr("to"), this));
    range->addWidget(m_to);
    range->addWidget(new QLabel(tr("step"), this));
    range->addWidget(m_step);
    auto *form = new QFormLayout;
    form->addRow(tr("&Setting:"), m_setting);
    form->addRow(tr("Values:"), range);
    form->addRow(tr("C&ycles per point:"), m_cycles);
    form->addRow(m_source);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(openFile);
    runRow->addStretch();
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_chart->setMinimumHeight(220);
    m_fates->setMinimumHeight(220);
    m_fates->setTitle(tr("What became of the messages"));
    m_fates->setToolTip(tr("Per swept value, the messages produced split by their fate at the end: "
                           "processed, discarded (data lost) and still queued. The three add up to "
                           "the messages produced (conservation)."));
    auto *chartRow = new QHBoxLayout;
    auto *chartLabel = new QLabel(tr("C&hart:"), this);
    chartLabel->setBuddy(m_figure);
    chartRow->addWidget(chartLabel);
    chartRow->addWidget(m_figure, 1);
    auto *charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_chart);
    charts->addWidget(m_fates);
    charts->setChildrenCollapsible(false);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(charts);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_little, 1);
    buttons->addWidget(m_apply);
    buttons->addWidget(m_exportCsv);
    buttons->addWidget(m_exportPng);
    buttons->addWidget(m_exportSvg);
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);

    m_message->setWordWrap(true);
    m_message->hide();
    m_source->setWordWrap(true);
    m_little->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(runRow);
    layout->addWidget(m_message);
    layout->addLayout(chartRow);
    layout->addWidget(splitter, 1);
    layout->addLayout(buttons);
    layout->addWidget(close);
    // Fits a 1280x720 projector and a 1024x768 screen, title bar included.
    QSize size(960, 660);
    if (const QScreen *screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableSize() - QSize(24, 48));
    resize(size);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Enter runs the sweep from the setting's list and the number fields, as Compare's window
    // compares (ShortcutGuard): said, not left to Qt's choice of the first button created.
    m_run->setDefault(true);
    m_run->setToolTip(tr("Run the sweep (Enter)"));
    connect(m_run, &QPushButton::clicked, this, [this] { start(); });
    connect(m_cancel, &QPushButton::clicked, this, &SweepDialog::cancel);
    connect(m_apply, &QPushButton::clicked, this, [this] { showProblems({applySelected()}); });
    connect(openFile, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Sweep File"), QStringLiteral(":/sweeps"),
                                                          tr("Sweep files (*.json)"));
        if (!path.isEmpty())
            openSweepFile(path);
    });
    // Each export button asks where to save (title, proposed file, filter), then writes there.
    const struct
    {
        QPushButton *button;
        QString title;
        QString fileName;
        QString filter;
        QString (SweepDialog::*write)(const QString &) const;
    } exports[] = {
            {m_exportCsv, tr("Export Sweep as CSV"), QStringLiteral("sweep.csv"), tr("CSV (*.csv)"),
             &SweepDialog::exportCsv},
            {m_exportPng, tr("Export Sweep Charts as PNG"), QStringLiteral("sweep.png"), tr("PNG pictures (*.png)"),
             &SweepDialog::exportPng},
            {m_exportSvg, tr("Export Sweep Charts as SVG"), QStringLiteral("sweep.svg"), tr("SVG drawings (*.svg)"),
             &SweepDialog::exportSvg},
    };
    for (const auto &e : exports) {
        connect(e.button, &QPushButton::clicked, this, [this, e] {
            const QString path = QFileDialog::getSaveFileName(this, e.title, e.fileName, e.filter);
            if (!path.isEmpty())
                showProblems({(this->*e.write)(path)});
        });
    }
    connect(m_setting, &QComboBox::currentIndexChanged, this, &SweepDialog::settingChosen);
    connect(m_figure, &QComboBox::currentIndexChanged, this, &SweepDialog::updateChart);
    connect(m_runner, &SweepRunner::progress, this, [this](int done, int total) {
        m_progress->setMaximum(total);
        m_progress->setValue(done);
    });
    connect(m_runner, &SweepRunner::finished, this, [this] {
        m_result = m_runner->result();
        showResult();
        updateButtons();
        Q_EMIT sweepFinished();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        m_little->setText(littleText());
        updateButtons();
    });
    refreshSettings();
    updateButtons();
}

SweepDialog::~SweepDialog()
{
    m_runner->cancel();
    m_runner->waitForDone();
}

void SweepDialog::refreshSettings()
{
    m_settings = sweepableSettings(m_editor->runningScenario());
    QSignalBlocker block(m_setting);
    m_setting->clear();
    for (const SweepableSetting &s : std::as_const(m_settings))
        m_setting->addItem(s.label, s.path.toString());
    m_setting->setCurrentIndex(-1);
    if (m_file) {
        // The opened file's setting stays first and chosen.
        const SweepAxis &axis = m_file->axes.constFirst();
        SweepableSetting fileSetting{axis.path, 0, true, axis.path.toString()};
        for (const SweepableSetting &s : sweepableSettings(m_file->scenario)) {
            if (s.path == axis.path)
                fileSetting = s;
        }
        fileSetting.label = tr("%1 (in %2)").arg(fileSetting.label, QFileInfo(m_file->scenarioPath).fileName());
        m_settings.prepend(fileSetting);
        m_setting->insertItem(0, fileSetting.label, axis.path.toString());
        m_setting->setCurrentIndex(0);
        setIntegerRange(fileSetting.integer);
        return;
    }
    block.unblock();
    if (!m_settings.isEmpty())
        m_setting->setCurrentIndex(0);
}

void SweepDialog::settingChosen(int index)
{
    if (m_file) {
        if (index == 0)
            return;
        // A setting of the live setup: the file's item goes and the range boxes apply again.
        m_file.reset();
        const QSignalBlocker block(m_setting);
        m_setting->removeItem(0);
        m_settings.removeFirst();
        --index;
        m_setting->setCurrentIndex(index);
    }
    if (index < 0 || index >= m_settings.size())
        return;
    // A range around the current value: from where the setting starts (SweepableSetting::rangeStart)
    // to twice the value.
    const SweepableSetting &s = m_settings.at(index);
    setIntegerRange(s.integer);
    const double hi = s.value > 0 ? std::max(s.value * 2, s.integer ? s.value + 5 : 1.0) : 10;
    setRange(s.rangeStart, s.integer ? std::ceil(hi) : hi, s.integer ? 1 : (hi - s.rangeStart) / 10);
    for (QDoubleSpinBox *box : {m_from, m_to, m_step})
        box->setEnabled(true);
    m_source->setText(tr("Sweeps the setup the main window runs now."));
    m_source->setToolTip(tr("The scenario with your edits in effect, the settings a lesson "
                            "step applied and the timeline's changes so far; each point runs from cycle 0, "
                            "the timeline's changes still to come at their cycles."));
}

void SweepDialog::setIntegerRange(bool integer)
{
    // Whole numbers for a setting that takes only them (a batch size, a threshold), three
    // decimals for the others (a failure rate).
    for (QDoubleSpinBox *box : {m_from, m_to, m_step})
        box->setDecimals(integer ? 0 : 3);
    m_step->setMinimum(integer ? 1 : 0.001);
}

bool SweepDialog::selectSetting(const QString &path)
{
    // A setting of the live setup, not the opened file's item (first) of the same path.
    for (int i = m_file ? 1 : 0; i < m_setting->count(); ++i) {
        if (m_setting->itemData(i).toString() == path) {
            m_setting->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

void SweepDialog::setRange(double from, double to, double step)
{
    m_from->setValue(from);
    m_to->setValue(to);
    m_step->setValue(step);
}

void SweepDialog::setCycles(int cycles)
{
    m_cycles->setValue(cycles);
}

QStringList SweepDialog::openSweepFile(const QString &path)
{
    SweepFile file = loadSweepFile(path);
    if (file.ok() && file.axes.size() != 1)
        file.errors << path + tr(": the Sweep window varies one setting; run a grid with prioritylab-sim --sweep-file");
    if (!file.ok()) {
        showProblems(file.errors);
        return file.errors;
    }
    const SweepAxis &axis = file.axes.constFirst();
    if (file.cycles > 0)
        m_cycles->setValue(int(std::min<qint64>(file.cycles, m_cycles->maximum())));
    m_source->setText(tr("Sweep file %1: %2 on %3, values %4. Apply is off: the points are not your setup.")
                              .arg(QFileInfo(path).fileName(), axis.path.toString(),
                                   QFileInfo(file.scenarioPath).fileName(), axis.valuesText()));
    m_source->setToolTip(file.description);
    m_file = file;
    // The Setting box shows the file's setting (its value in the file's scenario), the range
    // boxes the file's first and last value and its first step.
    refreshSettings();
    const double first = axis.values.constFirst().toDouble();
    setRange(first, axis.values.constLast().toDouble(), axis.values.size() > 1 ? axis.values.at(1).toDouble() - first : 1);
    // The file's values are swept, not the range boxes: they say so by being off until a
    // setting of the current setup is chosen again.
    for (QDoubleSpinBox *box : {m_from, m_to, m_step})
        box->setEnabled(false);
    setMessage(QString());
    return {};
}

QStringList SweepDialog::start()
{
    if (m_runner->isRunning())
        return {tr("A sweep is running; cancel it first.")};
    Scenario base;
    QList<SweepAxis> axes;
    if (m_file) {
        base = m_file->scenario;
        axes = m_file->axes;
    } else {
        const int index = m_setting->currentIndex();
        if (index < 0 || index >= m_settings.size()) {
            showProblems({tr("Choose a setting to sweep.")});
            return {tr("Choose a setting to sweep.")};
        }
        QString error;
        const QString text = QStringLiteral("%1=%2..%3:%4").arg(m_settings.at(index).path.toString(), number(m_from->value()),
                                                                number(m_to->value()), number(m_step->value()));
        const auto axis = SweepAxis::parse(text, &error);
        if (!axis) {
            showProblems({error});
            return {error};
        }
        base = m_editor->runningScenario();
        axes << *axis;
    }
    const SweepPlan plan = planSweep(base, axes, m_cycles->value());
    if (!plan.ok()) {
        showProblems(plan.errors);
        return plan.errors;
    }
    m_resultFromSetup = !m_file;
    m_progress->setRange(0, int(plan.points.size()));
    m_progress->setValue(0);
    setMessage(plan.notes.join(QLatin1Char('\n')));
    m_runner->start(plan);
    updateButtons();
    return {};
}

void SweepDialog::cancel()
{
    m_runner->cancel();
}

bool SweepDialog::isRunning() const
{
    return m_runner->isRunning();
}

void SweepDialog::showResult()
{
    const QString chosen = m_figure->currentData().toString();
    const QList<SweepFigure> figures = m_result.figures();
    m_model->clear();
    QStringList headers;
    for (const SweepAxis &axis : std::as_const(m_result.axes))
        headers << axis.path.toString();
    for (const SweepFigure &f : figures)
        headers << f.label;
    m_model->setHorizontalHeaderLabels(headers);
    for (const SweepPointResult &p : std::as_const(m_result.points)) {
        if (!p.ran())
            continue;
        QList<QStandardItem *> row;
        for (const QJsonValue &v : p.values)
            row << new QStandardItem(jsonText(v));
        for (const SweepFigure &f : figures) {
            const auto v = SweepResult::figure(p.summary, f.key);
            auto *item = new QStandardItem(v ? number(std::round(*v * 10000) / 10000) : tr("n/a"));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            row << item;
        }
        m_model->appendRow(row);
    }
    {
        const QSignalBlocker block(m_figure);
        m_figure->clear();
        if (std::any_of(figures.begin(), figures.end(), [](const SweepFigure &f) { return f.key.startsWith(QLatin1String("p50.")); }))
            m_figure->addItem(tr("latency per class (p50 solid, p95 dashed)"), latencyByClassKey());
        for (const SweepFigure &f : figures)
            m_figure->addItem(f.label, f.key);
        QString wanted = chosen;
        if (m_file && !m_file->figure.isEmpty() && chosen.isEmpty())
            wanted = m_file->figure;
        const int index = m_figure->findData(wanted);
        m_figure->setCurrentIndex(index >= 0 ? index : m_figure->findData(QStringLiteral("throughput")));
    }
    updateChart();
    updateFates();
    QStringList notes;
    if (m_result.cancelled)
        notes << tr("Cancelled: %n point(s) ended.", nullptr, int(m_model->rowCount()));
    if (!m_result.sameWorkload)
        notes << tr("The points produced different messages (the swept setting changes the producers).");
    setMessage(notes.join(QLatin1Char(' ')));
    if (m_model->rowCount() > 0)
        selectPoint(0);
}

bool SweepDialog::setFigure(const QString &key)
{
    return selectByData(m_figure, key);
}

void SweepDialog::updateChart()
{
    const QString key = m_figure->currentData().toString();
    m_chart->clearSeries();
    if (m_result.axes.isEmpty() || key.isEmpty())
        return;
    // A line per figure drawn: the chosen one, or p50 and p95 of every priority class; a line
    // per value of the second setting too, in a grid.
    struct Line
    {
        QString figure;
        QString name;
        QColor color;
        Qt::PenStyle style = Qt::SolidLine;
        QColor colorOnDark;  ///< invalid: color lightened on a dark chart
    };
    QList<Line> figureLines;
    if (key == latencyByClassKey()) {
        const QList<PriorityClass> &classes = BrokerConfig::priorityClasses();
        for (qsizetype c = 0; c < classes.size(); ++c) {
            for (const char *stat : {"p50", "p95"}) {
                const bool p95 = qstrcmp(stat, "p95") == 0;
                figureLines << Line{QStringLiteral("%1.%2").arg(QLatin1String(stat), classes.at(c).name),
                                    p95 ? className(classes.at(c)) + QStringLiteral(" p95") : className(classes.at(c)),
                                    ChartPalette::priorityClass(int(c)), p95 ? Qt::DashLine : Qt::SolidLine,
                                    ChartPalette::priorityClass(int(c), true)};
            }
        }
    } else {
        figureLines << Line{key, m_figure->currentText(), QColor(), Qt::SolidLine, QColor()};
    }
    QList<Line> lines;
    QList<QList<QPointF>> points;
    qreal xMin = 0, xMax = 1, yMax = 1;
    bool first = true;
    for (const Line &figureLine : std::as_const(figureLines)) {
        for (const SweepPointResult &p : std::as_const(m_result.points)) {
            const auto y = p.ran() ? SweepResult::figure(p.summary, figureLine.figure) : std::nullopt;
            if (!y)
                continue;
            Line line = figureLine;
            if (p.values.size() > 1) {
                const QString second = m_result.axes.at(1).path.lastKey() + QStringLiteral(" = ") + jsonText(p.values.at(1));
                line.name = figureLines.size() > 1 ? line.name + QStringLiteral(", ") + second : second;
            }
            qsizetype at = std::find_if(lines.cbegin(), lines.cend(), [&](const Line &l) { return l.name == line.name; }) - lines.cbegin();
            if (at == lines.size()) {
                if (!line.color.isValid())
                    line.color = ChartPalette::series(int(lines.size()));
                lines << line;
                points << QList<QPointF>();
            }
            const qreal x = p.values.constFirst().toDouble();
            points[at] << QPointF(x, *y);
            xMin = first ? x : std::min(xMin, x);
            xMax = first ? x : std::max(xMax, x);
            yMax = std::max<qreal>(yMax, *y);
            first = false;
        }
    }
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const int series = m_chart->addSeries(lines.at(i).name, lines.at(i).color, lines.at(i).style, lines.at(i).colorOnDark);
        // The title says which lines are p95: one legend entry per class is enough.
        if (figureLines.size() > 1 && lines.at(i).style == Qt::DashLine)
            m_chart->setSeriesInLegend(series, false);
        m_chart->setPoints(series, points.at(i));
    }
    m_chart->setLegendVisible(lines.size() > 1);
    m_chart->setTitle(m_figure->currentText());
    m_chart->setAxisTitles(m_result.axes.constFirst().path.toString(),
                           key == latencyByClassKey() ? tr("cycles waited") : m_figure->currentText());
    m_chart->setXRange(xMin, xMax > xMin ? xMax : xMin + 1);
    m_chart->setYRange(0, yMax * 1.1);
}

void SweepDialog::updateFates()
{
    // A bar per point: what became of the messages it produced.
    QStringList categories;
    QList<StackedBarChart::Stack> stacks{{tr("processed"), ChartPalette::bluishGreen(), {}},
                                         {tr("discarded"), ChartPalette::vermillion(), {}},
                                         {tr("still queued"), ChartPalette::skyBlue(), {}}};
    const char *keys[] = {"processed", "discarded", "queued"};
    qreal top = 1;
    for (const SweepPointResult &p : std::as_const(m_result.points)) {
        if (!p.ran())
            continue;
        QStringList values;
        for (const QJsonValue &v : p.values)
            values << jsonText(v);
        categories << values.join(QStringLiteral(", "));
        qreal sum = 0;
        for (qsizetype i = 0; i < stacks.size(); ++i) {
            const qreal v = SweepResult::figure(p.summary, QLatin1String(keys[i])).value_or(0);
            stacks[i].values << v;
            sum += v;
        }
        top = std::max(top, sum);
    }
    m_fates->setStacks(categories, stacks);
    QStringList paths;
    for (const SweepAxis &axis : std::as_const(m_result.axes))
        paths << axis.path.toString();
    m_fates->setAxisTitles(paths.join(QStringLiteral(", ")), tr("messages"));
    m_fates->setYRange(0, top * 1.05);
}

void SweepDialog::selectPoint(int row)
{
    m_table->selectRow(row);
}

int SweepDialog::selectedRow() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.constFirst().row();
}

QString SweepDialog::applySelected()
{
    const int row = selectedRow();
    if (row < 0)
        return tr("Select a point in the table first.");
    if (!m_resultFromSetup)
        return tr("These points come from a sweep file, not from your setup: sweep the setting of your setup to apply a value.");
    QList<const SweepPointResult *> ran;
    for (const SweepPointResult &p : std::as_const(m_result.points)) {
        if (p.ran())
            ran << &p;
    }
    const SweepPointResult &point = *ran.at(row);
    for (qsizetype i = 0; i < m_result.axes.size(); ++i) {
        if (const QString error = m_editor->applySetting(m_result.axes.at(i).path, point.values.at(i)); !error.isEmpty())
            return error;
    }
    refreshSettings();
    return {};
}

QString SweepDialog::exportCsv(const QString &path) const
{
    QSaveFile file(path);
    const QByteArray csv = m_result.toCsv();
    if (!file.open(QIODevice::WriteOnly) || file.write(csv) != csv.size() || !file.commit())
        return tr("%1: cannot write the CSV: %2").arg(path, file.errorString());
    return {};
}

QString SweepDialog::heading() const
{
    QStringList paths;
    for (const SweepAxis &axis : m_result.axes)
        paths << axis.path.toString();
    const QString scenario = m_file ? QFileInfo(m_file->scenarioPath).fileName() : m_editor->editedScenario().name;
    const QString cycles = m_result.cycles < 0 ? tr("each run until it stops")
                         : m_result.cycles == 1 ? tr("1 cycle a point")
                                                : tr("%L1 cycles a point").arg(m_result.cycles);
    return tr("Sweep of %1 on %2, %3").arg(paths.join(QStringLiteral(" × ")), scenario, cycles);
}

void SweepDialog::paintCharts(QPainter *painter, const QSize &size) const
{
    // The figure's chart on the left, the fates on the right, under a heading.
    const qreal top = ChartExport::paintHeading(painter, size, heading());
    const qreal width = size.width() / 2.0;
    m_chart->paintChart(painter, QRectF(0, top, width, size.height() - top).adjusted(4, 4, -4, -4));
    m_fates->paintChart(painter, QRectF(width, top, width, size.height() - top).adjusted(4, 4, -4, -4));
}

QString SweepDialog::exportPng(const QString &path) const
{
    return ChartExport::writePng(path, exportSize(), [this](QPainter *painter, const QSize &size) { paintCharts(painter, size); });
}

QString SweepDialog::exportSvg(const QString &path) const
{
    return ChartExport::writeSvg(path, exportSize(), tr("PriorityLab sweep"), heading(),
                                 [this](QPainter *painter, const QSize &size) { paintCharts(painter, size); });
}

QString SweepDialog::littleText() const
{
    const int row = selectedRow();
    if (row < 0 || row >= m_model->rowCount())
        return QString();
    int seen = 0;
    for (const SweepPointResult &p : m_result.points) {
        if (!p.ran() || seen++ != row)
            continue;
        const QJsonObject law = p.summary.value(QLatin1String("littlesLaw")).toObject();
        return tr("Little's law: L = %1 messages, λW = %2 × %3 = %4 (%5% apart%6)")
                .arg(number(law[QLatin1String("L")].toDouble()), number(law[QLatin1String("lambda")].toDouble()),
                     number(law[QLatin1String("W")].toDouble()), number(law[QLatin1String("lambdaW")].toDouble()),
                     QLocale::c().toString(law[QLatin1String("relativeError")].toDouble() * 100, 'f', 2),
                     law[QLatin1String("holds")].toBool() ? tr(", holds") : tr(", does not hold: the backlog grows or the run is short"));
    }
    return QString();
}

void SweepDialog::showProblems(const QStringList &problems)
{
    QStringList shown;
    for (const QString &p : problems) {
        if (!p.isEmpty())
            shown << p;
    }
    setMessage(shown.join(QLatin1Char('\n')));
}

void SweepDialog::setMessage(const QString &text)
{
    // Hidden while empty: an empty line would stand between the run row and the charts.
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

void SweepDialog::updateButtons()
{
    const bool running = m_runner->isRunning();
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running || m_progress->value() > 0);
    const bool haveResult = !running && m_model->rowCount() > 0;
    m_apply->setEnabled(haveResult && m_resultFromSetup && selectedRow() >= 0);
    m_exportCsv->setEnabled(haveResult);
    m_exportPng->setEnabled(haveResult);
    m_exportSvg->setEnabled(haveResult);
}

} // namespace PriorityLab
