#include "ui/charts/chartpanel.h"

#include "ui/charts/barchart.h"
#include "ui/charts/chartpalette.h"
#include "ui/charts/chartsupport_p.h"
#include "ui/charts/timeserieschart.h"
#include "ui/common/changelabel.h"
#include "ui/editing/undocommands.h"
#include "core/analysis/refreshsnapshot.h"
#include "core/engine/simulation.h"
#include "core/model/config.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QEvent>
#include <QResizeEvent>
#include <QHash>
#include <QSet>
#include <QTabBar>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace PriorityLab {

namespace {

/// "high 7+", "mid 4–6", "low ≤3": the class as core defines it.
QString className(ChartPanel::PriorityClass cls)
{
    const PriorityClass &c = BrokerConfig::priorityClasses().at(cls);
    return ChartPanel::tr("%1 %2").arg(c.name, c.rangeText());
}

/// The colour of class @p cls on a light chart, or with @p dark on a dark one.
QColor classColor(ChartPanel::PriorityClass cls, bool dark = false)
{
    return ChartPalette::priorityClass(int(cls), dark);
}

/// A new chart of type @p Chart in @p parent, titled @p title, with axis titles @p x and @p y and
/// the tool tip @p toolTip that explains it.
template<typename Chart>
Chart *newChart(QWidget *parent, const QString &title, const QString &x, const QString &y,
                const QString &toolTip)
{
    auto *chart = new Chart(parent);
    chart->setTitle(title);
    chart->setAxisTitles(x, y);
    chart->setToolTip(toolTip);
    return chart;
}

} // namespace

ChartPanel::ChartPanel(Simulation *simulation, QWidget *parent)
    : QWidget(parent), m_simulation(simulation)
{
    const QString window = tr("last %1 cycles").arg(windowCycles());

    m_queueDepth = newChart<TimeSeriesChart>(
            this, tr("Queue depth"), tr("cycle"), tr("messages"),
            tr("Messages waiting in the broker's queue after each cycle, ready for a consumer (the "
               "backlog), over the %1. It rises when producers send faster than consumers process, "
               "and when strategies postpone many messages (e.g. a high threshold). Messages sent "
               "back with a retry delay wait apart until due: the dashed \"delayed (retry)\" line, "
               "shown while there are any. Dashed vertical lines mark scripted timeline changes.")
                    .arg(window));
    m_depthSeries = m_queueDepth->addSeries(tr("queue depth"), ChartPalette::blue());
    m_delayedSeries = m_queueDepth->addSeries(tr("delayed (retry)"), ChartPalette::orange(), Qt::DashLine);
    // One line needs no legend (the title names it): the legend comes with the delayed line.
    m_queueDepth->setSeriesInLegend(m_delayedSeries, false);
    m_queueDepth->setLegendVisible(false);

    m_flow = newChart<TimeSeriesChart>(
            this, tr("Decisions per cycle"), tr("cycle"), tr("messages"),
            tr("What the consumers decided in each cycle. Postponed messages go back to the "
               "broker's tail (requeue); discarded ones are lost to the dead-letter list; failed "
               "ones (processing failed) were requeued. Raise a threshold and watch 'postponed' "
               "climb."));
    m_flow->addSeries(tr("processed"), ChartPalette::bluishGreen());
    m_flow->addSeries(tr("postponed"), ChartPalette::orange());
    m_flow->addSeries(tr("discarded"), ChartPalette::vermillion());
    m_flow->addSeries(tr("failed"), ChartPalette::reddishPurple(), Qt::DashLine);

    m_latency = newChart<TimeSeriesChart>(
            this, tr("Latency (p50 solid, p95 dashed)"), tr("cycle"), tr("cycles"),
            tr("Cycles from production to processing of the messages processed in the last %1 "
               "cycles, by their priority at production: half waited at most p50, 95 % at most "
               "p95. Good prioritization keeps the high class low; a rising low class is "
               "starvation. A gap: none of the class was processed in those cycles, so no "
               "latency is known (the waiting messages are in the queue depth).").arg(smoothingCycles()));
    for (int c = 0; c < PriorityClassCount; ++c) {
        const auto cls = PriorityClass(c);
        // The more urgent classes are drawn first and wider: where two classes wait alike (the
        // aging lesson's high and mid classes) the urgent line stays in sight as a border
        // around the later one instead of vanishing under it.
        const qreal wider = 1.5 * (PriorityClassCount - 1 - c);
        m_latency->setSeriesWidth(m_latency->addSeries(className(cls), classColor(cls), Qt::SolidLine, classColor(cls, true)), 2.5 + wider);
        // The legend's key says that dashed lines are p95: one legend entry per class is enough.
        const int p95 = m_latency->addSeries(tr("%1 p95").arg(className(cls)), classColor(cls), Qt::DashLine, classColor(cls, true));
        m_latency->setSeriesInLegend(p95, false);
        m_latency->setSeriesWidth(p95, 2.0 + wider);
    }
    // No processed message of a class in the last smoothingCycles() cycles: no latency, a gap
    // in its lines (with every consumer offline a straight line rose across the outage, from the
    // last value before it to the first after, as if messages had been processed in between).
    m_latency->setMaxJoinedStep(1);
    // The line styles in the legend too, beside the lines (the title says them above the marker
    // labels, at the lesson steps that ask the class to read p50 against p95).
    m_latency->addLegendKey(tr("p50"), Qt::SolidLine);
    m_latency->addLegendKey(tr("p95"), Qt::DashLine);

    m_throughput = newChart<TimeSeriesChart>(
            this, tr("Throughput per consumer"), tr("cycle"), tr("per cycle"),
            tr("Messages each consumer processed per cycle, averaged over %1 cycles. Round-robin "
               "gives every online consumer the same number of batches; what it processes of them "
               "depends on its strategy.").arg(smoothingCycles()));
    // A consumer absent for a while (removed, then added again) has a gap, not a line across.
    m_throughput->setMaxJoinedStep(1);

    m_deliveries = newChart<BarChart>(
            this, tr("Deliveries per message"), tr("deliveries until processed or discarded"),
            tr("messages"),
            tr("Over the whole run: how often the broker handed a message to a consumer before it "
               "was finally processed or discarded. 1 = handled at the first delivery; a long tail "
               "means many postponements (requeues)."));
    m_deliveries->setColor(ChartPalette::skyBlue());

    m_charts = {m_queueDepth, m_flow, m_latency, m_throughput, m_deliveries};
    m_pages = new QTabBar(this);
    m_pages->setDocumentMode(true);
    m_pages->setExpanding(false);
    m_pages->setDrawBase(false);
    // A dock too narrow for every tab's whole title (1024x768 with a lesson open) shows a list of
    // the pages instead (m_pageChoice): no title is cut ("Lat…") and no tab hides behind scroll
    // arrows; every chart stays one click or key away.
    m_pages->setElideMode(Qt::ElideNone);
    m_pages->setUsesScrollButtons(false);
    // Whole titles must not widen the dock: the list takes over where they do not fit.
    m_pages->setSizePolicy(QSizePolicy::Ignored, m_pages->sizePolicy().verticalPolicy());
    m_pageChoice = new QComboBox(this);
    m_pageChoice->setObjectName(QStringLiteral("chartPageChoice"));
    m_pageChoice->setFocusPolicy(Qt::TabFocus);
    m_pageChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_pageChoice->setAccessibleName(tr("Chart shown"));
    m_pageChoice->setToolTip(tr("The chart shown: the dock is too narrow for a tab per chart. "
                                "Widen it for tabs."));
    m_pageChoice->hide();
    connect(m_pages, &QTabBar::currentChanged, this, [this](int page) {
        const QSignalBlocker blocker(m_pageChoice);
        m_pageChoice->setCurrentIndex(page);
        showPage(page);
    });
    connect(m_pageChoice, &QComboBox::currentIndexChanged, m_pages, &QTabBar::setCurrentIndex);
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(2);
    for (QWidget *chart : std::as_const(m_charts))
        row->addWidget(chart, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_choiceRow = new QHBoxLayout;
    m_choiceRow->setContentsMargins(0, 0, 0, 0);  // 2 px round the list while it is shown
    m_choiceRow->addWidget(m_pageChoice);
    m_choiceRow->addStretch(1);
    layout->addWidget(m_pages);
    layout->addLayout(m_choiceRow);
    layout->addLayout(row, 1);
    updatePages();

    connect(m_simulation, &Simulation::scenarioLoaded, this, &ChartPanel::clear);
    connect(m_simulation, &Simulation::setupChanged, this, &ChartPanel::onSetupChanged);
    setWhatsThis(tr("<b>Charts</b><p>The run over the last %1 cycles: queue depth, what the consumers "
                    "decided per cycle, latency per priority class (p50 solid, p95 dashed), "
                    "throughput per consumer, and over the whole run how many deliveries each "
                    "message needed. A dashed vertical line marks a change of the scenario's "
                    "timeline; a solid purple line marked ✎ a change made by hand while it ran. "
                    "Hover a line for what changed.</p>").arg(windowCycles()));
    redraw();
}

ChartPanel::~ChartPanel() = default;

ChartPanel::PriorityClass ChartPanel::priorityClass(int priority)
{
    return PriorityClass(BrokerConfig::priorityClassOf(priority));
}

QList<TimeSeriesChart *> ChartPanel::timeCharts() const
{
    return {m_queueDepth, m_flow, m_latency, m_throughput};
}

QSize ChartPanel::minimumSizeHint() const
{
    QSize hint = QWidget::minimumSizeHint();
    int one = 0;
    for (const QWidget *chart : m_charts)
        one = std::max(one, chart->minimumSizeHint().expandedTo(chart->minimumSize()).width());
    if (one > 0)
        hint.setWidth(std::min(hint.width(), one));
    return hint;
}

void ChartPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updatePages();
}

void ChartPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updatePages();
}

int ChartPanel::chartWidth() const
{
    return qRound(minimumChartWidth() * ChartSupport::textScale(font()));
}

int ChartPanel::tabsWidth() const
{
    // A bar like m_pages with a tab per chart (m_pages holds the tabs of the page count of now).
    QTabBar bar(const_cast<ChartPanel *>(this));
    bar.setDocumentMode(true);
    bar.setExpanding(false);
    bar.setDrawBase(false);
    bar.setElideMode(Qt::ElideNone);
    bar.setUsesScrollButtons(false);
    for (const QString &name : pageNames())
        bar.addTab(name);
    return bar.sizeHint().width();
}

QStringList ChartPanel::pageNames()
{
    // Short titles, so that five tabs fit a narrow dock; the tool tip names each chart in full.
    return {tr("Depth"), tr("Decisions"), tr("Latency"), tr("Throughput"), tr("Deliveries")};
}

void ChartPanel::updatePages()
{
    const int count = int(m_charts.size());
    const int perPage = m_oneAtATime ? 1 : std::clamp(width() / chartWidth(), 1, count);
    if (perPage == m_perPage) {
        updatePageChooser();
        return;
    }
    // Keep the first chart of the current page in view.
    const int first = m_perPage > 0 ? std::max(0, m_pages->currentIndex()) * m_perPage : 0;
    m_perPage = perPage;
    const QSignalBlocker blocker(m_pages);
    const QSignalBlocker choiceBlocker(m_pageChoice);
    while (m_pages->count() > 0)
        m_pages->removeTab(0);
    m_pageChoice->clear();
    const QStringList names = pageNames();
    for (int page = 0; page * perPage < count; ++page) {
        const QStringList shown = names.mid(page * perPage, perPage);
        m_pages->addTab(shown.join(QStringLiteral(" · ")));
        QStringList tips;
        for (int i = page * perPage; i < std::min(count, (page + 1) * perPage); ++i)
            tips << m_charts.at(i)->accessibleName() + QLatin1Char('\n') + m_charts.at(i)->toolTip();
        m_pages->setTabToolTip(page, tips.join(QStringLiteral("\n\n")));
        m_pageChoice->addItem(m_pages->tabText(page));
        m_pageChoice->setItemData(page, m_pages->tabToolTip(page), Qt::ToolTipRole);
    }
    m_pages->setCurrentIndex(first / perPage);
    m_pageChoice->setCurrentIndex(first / perPage);
    showPage(first / perPage);
    updatePageChooser();
}

bool ChartPanel::tabsFit() const
{
    // The bar's size hint spans every tab at its whole title's width (no eliding).
    return m_pages->sizeHint().width() <= width();
}

void ChartPanel::updatePageChooser()
{
    const bool pages = m_pages->count() > 1;
    const bool tabs = pages && tabsFit();
    // Move the focus along when its widget goes away, so that Tab goes on from the same place.
    const bool hadFocus = m_pages->hasFocus() || m_pageChoice->hasFocus();
    m_pages->setVisible(tabs);
    m_pageChoice->setVisible(pages && !tabs);
    // The list's row keeps its margins only while the list is shown: empty, they put 4 px
    // between the tabs and the charts, which made the charts' least height 1 px more than with
    // the list (at 1280x660 with a lesson and an alarm's banner the left column scrolled by 1).
    const int margin = m_pageChoice->isVisibleTo(this) ? 2 : 0;
    m_choiceRow->setContentsMargins(margin, margin, margin, margin);
    if (hadFocus && pages)
        (tabs ? static_cast<QWidget *>(m_pages) : m_pageChoice)->setFocus(Qt::OtherFocusReason);
}

void ChartPanel::setOneChartAtATime(bool one)
{
    m_oneAtATime = one;
    updatePages();
}

QWidget *ChartPanel::showChart(const QString &name)
{
    // lessonViews() names m_charts in their order, "charts.depth" to "charts.deliveries".
    QStringList names;
    for (const QString &view : lessonViews()) {
        if (view.startsWith(QLatin1String("charts.")))
            names << view.mid(int(qstrlen("charts.")));
    }
    const int index = int(names.indexOf(name));
    if (index < 0 || index >= m_charts.size())
        return nullptr;
    if (m_perPage > 0 && m_pages->currentIndex() != index / m_perPage)
        m_pages->setCurrentIndex(index / m_perPage);  // currentChanged: the list and the charts follow
    return m_charts.at(index);
}

void ChartPanel::showPage(int page)
{
    for (int i = 0; i < m_charts.size(); ++i)
        m_charts.at(i)->setVisible(m_perPage > 0 && i / m_perPage == page);
    updateStaleCharts();
}

void ChartPanel::clear()
{
    m_history.clear();
    m_dirty = true;
    // The axes start again with the new run: measured against the old run's bound, they kept
    // its range (they shrink only when the data fall well below, fitYAxis()).
    m_freshAxes = ~0u;
    redraw();
}

QString ChartPanel::liveEditText(const SettingChange &change, const Simulation &simulation)
{
    if (change.scripted)
        return {};
    switch (change.kind) {
    case SettingChange::Kind::Setting: {
        // The scenario's texts and the timer's speed change nothing in the run.
        if (!change.path.isConsumer() && !change.path.isProducer() && !change.path.isBroker())
            return {};
        if (change.path.isBroker() && change.path.lastKey() == QLatin1String("cycleIntervalMs"))
            return {};
        // The value in effect: an undo back to a default (e.g. Online on again) leaves the
        // setting out of the scenario, which still has a value to name.
        const QJsonValue value = effectiveSettingValue(simulation.currentScenario(), change.path);
        const QString text = value.isUndefined()
                ? tr("none")
                : settingValueText(value);
        return change.path.toString() + QStringLiteral(" = ") + text;
    }
    case SettingChange::Kind::ConsumerAdded:
    case SettingChange::Kind::ConsumerRemoved: {
        // By name ("consumers[3] removed" was an internal index, a trial); an undo names the edit
        // it takes back ("consumer C added", then "✎ consumer C added, undone"), so that the
        // charts and the lesson panel count the two as one edit, undone.
        const bool added = (change.kind == SettingChange::Kind::ConsumerAdded) != SetupCommand::undoing();
        const QString name = !change.consumerName.isEmpty() ? change.consumerName : QStringLiteral("#%1").arg(change.consumer + 1);
        return added ? tr("%1 added").arg(ChangeLabel::consumerWords(name)) : tr("%1 removed").arg(ChangeLabel::consumerWords(name));
    }
    case SettingChange::Kind::Broker:
        return tr("broker settings changed");
    case SettingChange::Kind::Interval:
    case SettingChange::Kind::All:
        break;
    }
    return {};
}

QString ChartPanel::loadedValueText(const SettingChange &change, const Simulation &simulation)
{
    if (change.kind != SettingChange::Kind::Setting || !change.path.isValid())
        return {};
    // The consumers as loaded: one added or removed since shifts the indices, and the loaded
    // value would be another consumer's.
    if (change.path.isConsumer() && qsizetype(simulation.loadedScenario().consumers.size()) != qsizetype(simulation.consumers().size()))
        return {};
    const QJsonValue value = effectiveSettingValue(simulation.loadedScenario(), change.path);
    return change.path.toString() + QStringLiteral(" = ") + (value.isUndefined() ? tr("none") : settingValueText(value));
}

void ChartPanel::onSetupChanged(const SettingChange &change)
{
    const QString text = liveEditText(change, *m_simulation);
    if (text.isEmpty())
        return;
    const QString owner = change.kind == SettingChange::Kind::Setting ? settingOwner(change.path) : QString();
    if (m_applyingScript)
        m_history.addScriptedChange(m_simulation->cycle(), text, owner);
    else
        m_history.addLiveEdit(m_simulation->cycle(), text, owner, loadedValueText(change, *m_simulation),
                              SetupCommand::undoing(), SetupCommand::merging());
    // Only the markers change: the series stay as they are.
    const QList<ChartMarker> markers = currentMarkers();
    for (TimeSeriesChart *chart : timeCharts())
        chart->setMarkers(markers);
}

QString ChartPanel::settingOwner(const SettingPath &path, const CycleReport *report) const
{
    const qsizetype i = path.rootIndex();
    if (path.isConsumer()) {
        if (report)
            return i < report->consumers.size() ? report->consumers.at(i).name : QString();
        return size_t(i) < m_simulation->consumers().size() ? m_simulation->consumers().at(size_t(i))->name : QString();
    }
    if (path.isProducer())
        return size_t(i) < m_simulation->producers().size() ? m_simulation->producers().at(size_t(i)).config().name : QString();
    if (path.isBroker())
        return tr("broker");
    return {};
}

QList<ChartMarker> ChartPanel::timelineMarkers() const
{
    QList<ChartMarker> markers = m_queueDepth->markers();
    markers.removeIf([](const ChartMarker &m) { return m.kind != ChartMarker::Kind::Timeline; });
    return markers;
}

QList<ChartMarker> ChartPanel::liveEditMarkers() const
{
    QList<ChartMarker> markers = m_queueDepth->markers();
    markers.removeIf([](const ChartMarker &m) { return m.kind != ChartMarker::Kind::LiveEdit; });
    return markers;
}

QString ChartPanel::undoneChange(const QString &change, qint64 cycle) const
{
    const qsizetype equals = change.indexOf(QLatin1String(" = "));
    if (equals <= 0)
        return change;  // a change in words names the edit it undoes ("consumer C added")
    const QString key = change.left(equals + 3);
    QString undone;
    for (const ChartHistory::TimelineEntry &entry : m_history.liveEdits()) {
        if (entry.cycle >= cycle)
            break;
        for (const QString &c : entry.changes) {
            if (c.startsWith(key))
                undone = c;
        }
    }
    return undone;
}

QList<ChartMarker> ChartPanel::currentMarkers() const
{
    // The window's cycles; a change made before the next cycle runs is shown at that cycle.
    const auto &samples = m_history.samples();
    const qint64 first = samples.empty() ? 0 : samples.front().cycle;
    const qint64 last = samples.empty() ? -1 : samples.back().cycle;
    QList<ChartMarker> markers;
    for (const ChartHistory::TimelineEntry &entry : m_history.timeline()) {
        if (entry.cycle < first || entry.cycle > last + 1)
            continue;
        markers.append({qreal(entry.cycle), ChangeLabel::label(entry.changes, entry.owners),
                        tr("Cycle %1, scripted (the scenario's timeline or a lesson step):\n%2").arg(entry.cycle).arg(entry.changes.join(QLatin1Char('\n'))),
                        ChartMarker::Kind::Timeline, ChangeLabel::shortLabel(entry.changes), false, {}, {}});
    }
    // Each edit by hand by an id its marker and its undo's share, "PATH = @CYCLE" (the words
    // for a change without a path), "PATH = @CYCLE#2" for its second undo step at that cycle
    // (an edit is an undo step, as the lesson panel counts them: docs/help.md, Markers on the
    // charts): an undo takes back the last edit of its PATH still in effect before it. A label
    // shared by markers counts edits by these ids, each once, and an edit as undone wherever
    // its undo's line is (ChartMarker::edits, docs/design.md §8).
    const auto keyOf = [](const QString &change) {
        const qsizetype equals = change.indexOf(QLatin1String(" = "));
        return equals > 0 ? change.left(equals + 3) : change;
    };
    QHash<QString, QStringList> lastEdits;  // PATH = : the ids of its edits in effect so far, the last last
    QHash<QPair<qint64, QString>, QStringList> ids;  // (cycle, change): its edits' ids, one per undo step
    QSet<QString> undoneIds;
    QHash<QString, qint64> editCycles;  // an edit's id: the cycle it was made at
    QHash<QString, qint64> undoCycles;  // an undone edit's id: the cycle of its undo
    for (const ChartHistory::TimelineEntry &entry : m_history.liveEdits()) {
        for (qsizetype i = 0; i < entry.changes.size(); ++i) {
            const QString key = keyOf(entry.changes.at(i));
            // A change stands for its undo steps (TimelineEntry::steps), each an edit of its own.
            const int steps = std::max(1, entry.steps.value(i, 1));
            QStringList stepIds;
            for (int step = 0; step < steps; ++step) {
                QString id;
                if (entry.undos.value(i)) {
                    QStringList &made = lastEdits[key];
                    id = made.isEmpty() ? key + QStringLiteral("@undo%1#%2").arg(entry.cycle).arg(step) : made.takeLast();
                    undoneIds.insert(id);
                    undoCycles.insert(id, entry.cycle);
                } else {
                    id = key + QLatin1Char('@') + QString::number(entry.cycle);
                    if (step > 0)
                        id += QLatin1Char('#') + QString::number(step + 1);
                    lastEdits[key].append(id);
                    editCycles.insert(id, entry.cycle);
                }
                stepIds << id;
            }
            ids.insert({entry.cycle, entry.changes.at(i)}, stepIds);
        }
    }
    for (const ChartHistory::TimelineEntry &entry : m_history.liveEdits()) {
        if (entry.cycle < first || entry.cycle > last + 1)
            continue;
        // The edits of the cycle, then its undos: an undo is marked as one, in words, naming the
        // edit it undid ("✎ A · high = 10, undone"; the value it brings back in its tooltip),
        // never as one more edit (docs/design.md §8).
        for (const bool undo : {false, true}) {
            QStringList changes;
            QStringList owners;
            QStringList undone;  // undo: the value each change undid, where the window has it
            QStringList edits;   // the edits' ids (ChartMarker::edits)
            QStringList undoneEdits;  // of those, the ones undone (ChartMarker::undone)
            QStringList tips;    // each change in the tooltip, with what became of it
            for (qsizetype i = 0; i < entry.changes.size(); ++i) {
                if (entry.undos.value(i) != undo)
                    continue;
                const QString &change = entry.changes.at(i);
                changes << change;
                owners << entry.owners.value(i);
                const QStringList stepIds = ids.value({entry.cycle, change});
                const QString id = stepIds.value(stepIds.size() - 1);  // the last step: its value
                for (const QString &stepId : stepIds) {
                    edits << stepId;
                    if (undoneIds.contains(stepId))
                        undoneEdits << stepId;
                }
                if (!undo) {
                    tips << (undoCycles.contains(id) ? tr("%1 (undone at cycle %2)").arg(change).arg(undoCycles.value(id)) : change);
                    continue;
                }
                // An undo names what it took back and when that edit was made: three lines at
                // 160, 172 and 184 under "✎ 3 edits, 1 undone" did not say which edit the undo
                // at 184 took back (a teacher's trial).
                const QString took = undoneChange(change, entry.cycle);
                undone << took;
                const qint64 made = editCycles.value(id, -1);
                if (took.isEmpty() || made < 0)
                    tips << tr("back to %1").arg(change);
                else if (took == change)  // words: "consumer-4 added"
                    tips << tr("took back %1 (made at cycle %2)").arg(took).arg(made);
                else
                    tips << tr("took back %1 (made at cycle %2), back to %3").arg(took).arg(made).arg(change);
            }
            if (changes.isEmpty())
                continue;
            const QString edit = QStringLiteral("✎ ");
            QString label = edit + ChangeLabel::label(changes, owners);
            QString tag = edit + ChangeLabel::shortLabel(changes, owners);
            if (undo && !undone.contains(QString())) {
                label = tr("✎ %1, undone").arg(ChangeLabel::label(undone, owners));
                tag = tr("✎ %1, undone").arg(ChangeLabel::shortLabel(undone, owners));
            } else if (undo) {
                label = tr("✎ undone, back to %1").arg(ChangeLabel::label(changes, owners));
                tag = tr("✎ undone, %1").arg(ChangeLabel::shortLabel(changes, owners));
            }
            markers.append({qreal(entry.cycle), label,
                            (undo ? tr("Cycle %1, an edit by hand undone (Edit > Undo):\n%2")
                                  : tr("Cycle %1, changed by hand:\n%2"))
                                    .arg(entry.cycle)
                                    .arg(tips.join(QLatin1Char('\n'))),
                            ChartMarker::Kind::LiveEdit, tag, undo, edits, undoneEdits});
        }
    }
    std::stable_sort(markers.begin(), markers.end(), [](const ChartMarker &a, const ChartMarker &b) { return a.x < b.x; });
    return markers;
}

qreal ChartPanel::niceCeiling(qreal value)
{
    if (value <= 10)
        return 10;
    const qreal magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (const qreal step : {1.0, 1.5, 2.0, 3.0, 5.0, 7.5, 10.0}) {
        if (value <= step * magnitude)
            return step * magnitude;
    }
    return 10 * magnitude;
}

void ChartPanel::fitYAxis(TimeSeriesChart *chart, qreal maximum, bool fresh)
{
    // Grow at once, shrink only when the data fell well below (hysteresis), so the axis is calm.
    const qreal top = chart->yRange().y();
    const qreal wanted = niceCeiling(maximum * 1.1);
    if (fresh || wanted > top || wanted < top / 2)
        chart->setYRange(0, wanted);
}

void ChartPanel::refresh(const RefreshSnapshot &snapshot)
{
    for (const CycleReport &report : snapshot.reports()) {
        // Whose settings the timeline changed: the consumers as they were in that cycle.
        QStringList owners;
        for (const QString &change : report.timelineChanges)
            owners << settingOwner(SettingPath::parse(change.section(QStringLiteral(" = "), 0, 0)), &report);
        m_history.add(report, owners);
    }
    m_dirty = m_dirty || snapshot.cycles() > 0;
    redraw();
}

void ChartPanel::updateAllCharts()
{
    redraw();
    for (int i = 0; i < m_charts.size(); ++i) {
        if (m_stale & (1u << i))
            updateChart(i);
    }
    m_stale = 0;
}

void ChartPanel::redraw()
{
    if (m_dirty) {
        m_dirty = false;
        m_stale = (1u << m_charts.size()) - 1;
    }
    updateStaleCharts();
}

void ChartPanel::updateStaleCharts()
{
    // On screen, the charts of other pages wait until their page is shown (each update costs a
    // replace() and an axis change per series); off screen (tests, export) all are updated.
    const bool onScreen = isVisible();
    for (int i = 0; i < m_charts.size(); ++i) {
        if (!(m_stale & (1u << i)) || (onScreen && m_charts.at(i)->isHidden()))
            continue;
        m_stale &= ~(1u << i);
        updateChart(i);
    }
}

void ChartPanel::updateChart(int index)
{
    QWidget *chart = m_charts.at(index);
    const bool fresh = m_freshAxes & (1u << index);
    m_freshAxes &= ~(1u << index);
    if (chart == m_deliveries) {
        refreshDeliveries(fresh);
        return;
    }
    // The window: its points and range given together, each line laid out once
    // (TimeSeriesChart::setSeriesAndXRange()).
    auto *timeChart = static_cast<TimeSeriesChart *>(chart);
    const qsizetype count = qsizetype(m_history.samples().size());
    const qreal first = count == 0 ? 0 : qreal(m_history.samples().front().cycle);
    const qreal last = count == 0 ? 0 : qreal(m_history.samples().back().cycle);
    const qreal end = std::max(last, first + windowCycles());
    if (chart == m_queueDepth) {
        QList<QPointF> depth;
        QList<QPointF> delayed;
        depth.reserve(count);
        qint64 maxDepth = 0;
        qint64 maxDelayed = 0;
        for (const ChartHistory::Sample &s : m_history.samples()) {
            depth.append(QPointF(qreal(s.cycle), qreal(s.depth)));
            delayed.append(QPointF(qreal(s.cycle), qreal(s.delayed)));
            maxDepth = std::max(maxDepth, s.depth);
            maxDelayed = std::max(maxDelayed, s.delayed);
        }
        // The delayed messages wait in the broker too, apart from the queue until due (a retry
        // delay, docs/design.md §4): their own line while the window has any, else no line and
        // no legend entry (most scenarios have no retry delay).
        if (maxDelayed == 0)
            delayed.clear();
        if (m_delayedInLegend != (maxDelayed > 0)) {  // a legend's fit lays the chart out: on a change only
            m_delayedInLegend = maxDelayed > 0;
            m_queueDepth->setSeriesInLegend(m_delayedSeries, m_delayedInLegend);
            m_queueDepth->setLegendVisible(m_delayedInLegend);
        }
        maxDepth = std::max(maxDepth, maxDelayed);
        QList<QList<QPointF>> series(m_queueDepth->seriesCount());
        series[m_depthSeries] = depth;
        series[m_delayedSeries] = delayed;
        m_queueDepth->setSeriesAndXRange(series, first, end);
        fitYAxis(m_queueDepth, qreal(maxDepth), fresh);
    } else if (chart == m_flow) {
        QList<QList<QPointF>> flow(FlowSeriesCount);
        for (auto &series : flow)
            series.reserve(count);
        qint64 maxFlow = 0;
        for (const ChartHistory::Sample &s : m_history.samples()) {
            const qreal x = qreal(s.cycle);
            flow[ProcessedSeries].append(QPointF(x, qreal(s.counts.processed)));
            flow[PostponedSeries].append(QPointF(x, qreal(s.counts.postponed)));
            flow[DiscardedSeries].append(QPointF(x, qreal(s.counts.discarded)));
            flow[FailedSeries].append(QPointF(x, qreal(s.counts.failed)));
            maxFlow = std::max({maxFlow, s.counts.processed, s.counts.postponed, s.counts.discarded, s.counts.failed});
        }
        m_flow->setSeriesAndXRange(flow, first, end);
        fitYAxis(m_flow, qreal(maxFlow), fresh);
    } else if (chart == m_latency) {
        QList<QList<QPointF>> latency(2 * PriorityClassCount);
        qint64 maxLatency = 0;
        for (const ChartHistory::Sample &s : m_history.samples()) {
            for (size_t i = 0; i < s.latency.size(); ++i) {
                if (s.latency[i] < 0)
                    continue;
                latency[qsizetype(i)].append(QPointF(qreal(s.cycle), qreal(s.latency[i])));
                maxLatency = std::max(maxLatency, s.latency[i]);
            }
        }
        m_latency->setSeriesAndXRange(latency, first, end);
        fitYAxis(m_latency, qreal(maxLatency), fresh);
    } else if (chart == m_throughput) {
        refreshThroughput(first, end, fresh);
    }

    // The timeline markers in the window.
    timeChart->setMarkers(currentMarkers());
}

void ChartPanel::refreshThroughput(qreal first, qreal end, bool fresh)
{
    // A series for every consumer present somewhere in the window.
    QList<int> shown;
    for (int slot = 0; slot < m_history.consumerNames().size(); ++slot) {
        const bool present = std::any_of(m_history.samples().begin(), m_history.samples().end(), [slot](const ChartHistory::Sample &s) {
            return size_t(slot) < s.consumerProcessed.size() && s.consumerProcessed[size_t(slot)] >= 0;
        });
        if (present)
            shown << slot;
    }
    if (shown != m_shownSlots) {
        m_shownSlots = shown;
        m_throughput->clearSeries();
        for (const int slot : std::as_const(shown))
            m_throughput->addSeries(m_history.consumerNames().at(slot), ChartPalette::series(slot));
        m_throughput->setLegendVisible(!shown.isEmpty());
    }

    qreal maximum = 0;
    const int n = smoothingCycles();
    QList<QList<QPointF>> series(m_shownSlots.size());
    for (qsizetype i = 0; i < m_shownSlots.size(); ++i) {
        const size_t slot = size_t(m_shownSlots.at(i));
        QList<QPointF> &points = series[i];
        points.reserve(qsizetype(m_history.samples().size()));
        // Moving average over the last n cycles in which the consumer existed.
        qint64 sum = 0;
        std::deque<qint32> recent;
        for (const ChartHistory::Sample &s : m_history.samples()) {
            const qint32 value = slot < s.consumerProcessed.size() ? s.consumerProcessed[slot] : -1;
            if (value < 0) {
                recent.clear();
                sum = 0;
                continue;
            }
            recent.push_back(value);
            sum += value;
            if (recent.size() > size_t(n)) {
                sum -= recent.front();
                recent.pop_front();
            }
            const qreal average = qreal(sum) / qreal(recent.size());
            points.append(QPointF(qreal(s.cycle), average));
            maximum = std::max(maximum, average);
        }
    }
    m_throughput->setSeriesAndXRange(series, first, end);
    fitYAxis(m_throughput, maximum, fresh);
}

void ChartPanel::refreshDeliveries(bool fresh)
{
    // Exact counts 1..12; beyond that two open buckets keep the chart readable.
    const std::map<int, qint64> &histogram = m_simulation->metrics().deliveriesHistogram();
    const int maxDeliveries = histogram.empty() ? 0 : histogram.rbegin()->first;
    QStringList categories;
    QList<qreal> values;
    const int exact = maxDeliveries <= 12 ? std::max(5, maxDeliveries) : 10;
    for (int d = 1; d <= exact; ++d)
        categories << QString::number(d);
    values.resize(categories.size() + (maxDeliveries > 12 ? 2 : 0));
    if (maxDeliveries > 12)
        categories << tr("11–20") << tr("21+");
    qreal maximum = 0;
    for (const auto &[deliveries, messages] : histogram) {
        qsizetype bucket = deliveries <= exact ? deliveries - 1 : deliveries <= 20 ? exact : exact + 1;
        if (bucket < 0)
            bucket = 0;  // 0 deliveries cannot end a message; counted with 1 to lose nothing
        values[bucket] += qreal(messages);
        maximum = std::max(maximum, values.at(bucket));
    }
    m_deliveries->setBars(categories, values);
    const qreal top = m_deliveries->yRange().y();
    const qreal wanted = niceCeiling(maximum * 1.15);
    if (fresh || wanted > top || wanted < top / 2)
        m_deliveries->setYRange(0, wanted);
}

} // namespace PriorityLab
