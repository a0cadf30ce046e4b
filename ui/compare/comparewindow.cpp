#include "ui/compare/comparewindow.h"
#include "ui/common/textcolors.h"

#include "ui/charts/timeserieschart.h"
#include "ui/common/focusframe.h"
#include "ui/compare/comparisonmodel.h"
#include "core/analysis/lesson.h"
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
#include <QPainter>
#include <QKeyEvent>
#include <QResizeEvent>
#include <QAbstractTextDocumentLayout>

#include <cmath>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTextBlock>
#include <QTextLayout>
#include <QSpinBox>
#include <QSplitter>
#include <QTabBar>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace PriorityLab {

namespace {
// Okabe-Ito colours: distinguishable with every common colour-vision deficiency; the line
// styles tell the runs apart on a greyscale projector too.
const QColor RunColors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73)};
const Qt::PenStyle RunStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};
// From this width on, the charts stand beside the table instead of below it.
constexpr int WideWidth = 1400;
// Below this height (a 720 px screen: 672 px as the window opens, 700 px maximized) the table's
// rows come before the verdict's lines (updateOrientation()); a 768 px screen's window (720 px as
// it opens) has room for both.
constexpr int TableFirstHeight = 710;

// The scroll area's page: without height-for-width, so that QScrollArea gives it the viewport's
// height and scrolls only below the page's minimum (wrapped labels would make it ask for the
// preferred height of every child).
class Page : public QWidget
{
public:
    using QWidget::QWidget;
    bool hasHeightForWidth() const override { return false; }
};

// The header of the compare table: each run's letter and short name ("A: native priority
// queue", the letter as in the verdict and the legend) across its p50, p95 and max columns,
// on one line or wrapped to two (the second elided in the middle if it must be: the names differ
// anywhere, "Lesson: a TTL range moved …un loses data (your edits)" cut the part that told them
// apart), and below it the sub-column's name (ComparisonModel::RunNameRole, DisplayRole). The
// section's tooltip holds the full name.
class RunHeader : public QHeaderView
{
public:
    explicit RunHeader(QWidget *parent) : QHeaderView(Qt::Horizontal, parent)
    {
        // Wider or narrower sections may need another line for a name: the table lays the
        // header out again.
        connect(this, &QHeaderView::sectionResized, this, &RunHeader::fitHeight);
    }

    /// Has the table lay the header out again (QTableView::updateGeometries()) when its names
    /// need another number of lines than its height holds.
    void fitHeight()
    {
        if (height() != (nameLineCount() + 1) * lineHeight() && parent())
            QMetaObject::invokeMethod(parent(), "updateGeometries", Qt::QueuedConnection);
    }

    /// The lines of run @p run's name as painted in its band (1 or 2).
    QStringList nameLines(int run) const
    {
        const int first = ComparisonModel::firstColumnOf(run);
        if (!model() || first >= count())
            return {};
        const int last = std::min(count(), first + ComparisonModel::SubColumns) - 1;
        int width = -2 * NameMargin;
        for (int column = first; column <= last; ++column)
            width += sectionSize(column);
        // "A: name": the letter the verdict, its key and the charts' legend call the run by.
        return wrapped(Comparison::runLetter(run) + QStringLiteral(": ")
                               + model()->headerData(first, Qt::Horizontal, ComparisonModel::RunNameRole).toString(),
                       std::max(width, 16));
    }

    QSize sizeHint() const override
    {
        QSize size = QHeaderView::sizeHint();
        size.setHeight((nameLineCount() + 1) * lineHeight());
        return size;
    }

protected:
    void paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const override
    {
        // Column 0 ("figure") the whole height; a run's columns the lowest line.
        QRect lower = rect;
        if (logicalIndex > 0)
            lower.setTop(rect.bottom() + 1 - lineHeight());
        QHeaderView::paintSection(painter, lower, logicalIndex);
    }

    void paintEvent(QPaintEvent *event) override
    {
        QHeaderView::paintEvent(event);
        if (!model())
            return;
        QPainter painter(viewport());
        for (int run = 0; ComparisonModel::firstColumnOf(run) < count(); ++run) {
            const int first = ComparisonModel::firstColumnOf(run);
            const int last = std::min(count(), first + ComparisonModel::SubColumns) - 1;
            const int left = sectionViewportPosition(first);
            const int right = sectionViewportPosition(last) + sectionSize(last);
            QStyleOptionHeader option;
            initStyleOption(&option);
            option.rect = QRect(left, 0, right - left, height() - lineHeight());
            option.section = first;
            option.position = QStyleOptionHeader::Middle;
            option.textAlignment = Qt::AlignCenter;
            // The section, then the lines as wrapped (CE_Header would elide them again, with its
            // own margins).
            style()->drawControl(QStyle::CE_HeaderSection, &option, &painter, this);
            painter.setPen(option.palette.color(QPalette::ButtonText));
            painter.setFont(font());
            painter.drawText(option.rect.adjusted(NameMargin, 0, -NameMargin, 0), Qt::AlignCenter,
                             nameLines(run).join(QLatin1Char('\n')));
        }
    }

private:
    static constexpr int NameMargin = 6;  ///< px left and right of a run's name
    int lineHeight() const { return fontMetrics().height() + 6; }

    int nameLineCount() const
    {
        int lines = 1;
        for (int run = 0; ComparisonModel::firstColumnOf(run) < count(); ++run)
            lines = std::max(lines, int(nameLines(run).size()));
        return lines;
    }

    // @p text in at most two lines of @p width, broken between words; the second line elided in
    // the middle if it is still too wide.
    QStringList wrapped(const QString &text, int width) const
    {
        const QFontMetrics metrics = fontMetrics();
        if (metrics.horizontalAdvance(text) <= width)
            return {text};
        const QStringList words = text.split(QLatin1Char(' '));
        QString firstLine;
        qsizetype used = 0;
        for (; used < words.size(); ++used) {
            const QString candidate = firstLine.isEmpty() ? words.at(used) : firstLine + QLatin1Char(' ') + words.at(used);
            if (!firstLine.isEmpty() && metrics.horizontalAdvance(candidate) > width)
                break;
            firstLine = candidate;
        }
        firstLine = metrics.elidedText(firstLine, Qt::ElideMiddle, width);
        const QString rest = QStringList(words.mid(used)).join(QLatin1Char(' '));
        if (rest.isEmpty())
            return {firstLine};
        return {firstLine, metrics.elidedText(rest, Qt::ElideMiddle, width)};
    }
};

// A best value stays told apart in the selected row: its cell keeps the light-blue background,
// black bold text and a "★" at its left; the selection shows as an outline around it. The
// current row without a selection (as the table opens) is outlined, not filled: a filled first
// row looked like a highlighted best value.
class BestCellDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (!index.data(ComparisonModel::BestRole).toBool()) {
            QStyledItemDelegate::paint(painter, option, index);
        } else {
            QStyleOptionViewItem plain = option;
            plain.state &= ~QStyle::State_Selected;
            QStyledItemDelegate::paint(painter, plain, index);
            painter->save();
            QFont bold = option.font;
            bold.setBold(true);
            painter->setFont(bold);
            painter->setPen(Qt::black);
            painter->drawText(option.rect.adjusted(4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("★"));
            if (option.state & QStyle::State_Selected) {
                painter->setPen(QPen(option.palette.color(QPalette::Highlight), 2));
                painter->setBrush(Qt::NoBrush);
                painter->drawRect(QRectF(option.rect).adjusted(1, 1, -1, -1));
            }
            painter->restore();
        }
        const auto *view = qobject_cast<const QAbstractItemView *>(option.widget);
        if (!view || (option.state & QStyle::State_Selected) || !view->hasFocus()
            || view->currentIndex().row() != index.row())
            return;
        // The current row, not selected: its outline (top and bottom of each cell, the ends at
        // the first and last column).
        painter->save();
        painter->setPen(QPen(option.palette.color(QPalette::Highlight), 2));
        const QRectF r = QRectF(option.rect).adjusted(1, 1, -1, -1);
        painter->drawLine(r.topLeft(), r.topRight());
        painter->drawLine(r.bottomLeft(), r.bottomRight());
        if (index.column() == 0)
            painter->drawLine(r.topLeft(), r.bottomLeft());
        const int span = view->inherits("QTableView") ? static_cast<const QTableView *>(view)->columnSpan(index.row(), index.column()) : 1;
        if (index.column() + span >= index.model()->columnCount())
            painter->drawLine(r.topRight(), r.bottomRight());
        painter->restore();
    }
};
}

CompareWindow::CompareWindow(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Compare configurations"));
    new FocusFrame(this);  // the keyboard focus outlined, as in the main window
    auto *outer = new QVBoxLayout(this);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Not a Tab stop: it outlined the whole window, where Page Down and the arrows did nothing
    // (a control inside, given the focus, is scrolled into sight all the same).
    scroll->setFocusPolicy(Qt::NoFocus);
    auto *page = new QWidget(scroll);
    auto *pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    auto *content = new Page(page);
    pageLayout->addWidget(content);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (int slot = 0; slot < 3; ++slot) {
        addFileChoice(slot);
        form->addRow(slot < 2 ? tr("Configuration %1:").arg(QChar(u'A' + slot))
                              : tr("Configuration C (optional):"),
                     m_choices.at(slot)->parentWidget());
    }
    auto *runRow = new QHBoxLayout;
    m_cycles = new QSpinBox(this);
    m_cycles->setRange(1, 100000);
    m_cycles->setValue(400);
    m_cycles->setSuffix(tr(" cycles"));
    connect(m_cycles, &QSpinBox::valueChanged, this, &CompareWindow::markStale);
    m_cycles->setToolTip(tr("How long each run lasts at most; a run also ends when its broker "
                            "stops (idle). The same for every configuration."));
    runRow->addWidget(m_cycles);
    auto *run = new QPushButton(tr("Compare"), this);
    run->setDefault(true);
    run->setToolTip(tr("Run every configuration headless and show the figures (Ctrl+Return)"));
    run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    connect(run, &QPushButton::clicked, this, &CompareWindow::compare);
    runRow->addWidget(run);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    runRow->addWidget(m_status, 1);
    layout->addLayout(form);

    m_split = new QSplitter(Qt::Vertical, content);
    m_split->setChildrenCollapsible(false);
    auto *figures = new QSplitter(Qt::Vertical, m_split);
    figures->setChildrenCollapsible(false);
    m_verdicts = new QTextBrowser(figures);
    m_verdicts->setOpenLinks(false);
    m_verdicts->setMinimumHeight(60);
    // Sized to its lines (fitVerdicts()): no line cut in half.
    m_verdicts->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_verdicts->installEventFilter(this);
    m_verdicts->setToolTip(tr("The verdict on each group of figures, in words"));
    // Before the first comparison the box says what the window does (a label above took two
    // lines of the table's room at 1280x720).
    m_verdicts->setHtml(QStringLiteral("<p style='margin:0'>%1</p>").arg(introText().toHtmlEscaped()));
    m_model = new ComparisonModel(this);
    m_table = new QTableView(figures);
    m_table->setHorizontalHeader(new RunHeader(m_table));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new BestCellDelegate(m_table));
    m_table->setMinimumHeight(120);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        // The figure's name in full; the runs share the rest.
        if (m_model->columnCount() > 0)
            m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
        // A figure with one value per run: the value across the run's p50, p95 and max columns.
        m_table->clearSpans();
        static_cast<RunHeader *>(m_table->horizontalHeader())->fitHeight();
        const int runs = int(m_model->comparison().runs.size());
        for (int row = 0; row < m_model->rowCount(); ++row) {
            if (!m_model->spanned(row))
                continue;
            for (int run = 0; run < runs; ++run)
                m_table->setSpan(row, ComparisonModel::firstColumnOf(run), 1, ComparisonModel::SubColumns);
        }
    });
    m_table->setWordWrap(false);
    // Rows a line and 2 px high: at 1280x720 every row is in sight (8 px of padding showed 7
    // rows, 4 px 10 of the 22).
    m_table->verticalHeader()->setMinimumSectionSize(m_table->fontMetrics().height() + 2);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 2);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Tab leaves the table for the next control (the arrows move in it): Tab from cell to cell
    // kept the keyboard in the table, the verdict and Close out of reach.
    m_table->setTabKeyNavigation(false);
    figures->addWidget(m_verdicts);
    figures->addWidget(m_table);
    figures->setStretchFactor(0, 1);
    figures->setStretchFactor(1, 3);
    m_split->addWidget(figures);

    auto *charts = new QWidget(m_split);
    auto *chartsLayout = new QVBoxLayout(charts);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    // Stacked (a window narrower than WideWidth), the verdict has a tab of its own beside the
    // charts, below the table (updateOrientation()): above the table at 1024x768 it had 80 px
    // for its 15 lines, the table its ten rows and the charts their minimum height.
    m_lowerTabs = new QTabBar(charts);
    m_lowerTabs->addTab(tr("Verdict"));
    m_lowerTabs->addTab(tr("Charts"));
    m_lowerTabs->setTabToolTip(0, tr("The verdict on each group of figures, in words"));
    m_lowerTabs->setTabToolTip(1, tr("Queue depth and processed per cycle, every configuration on the same axes"));
    m_lowerTabs->setExpanding(false);
    m_lowerTabs->setDrawBase(false);
    connect(m_lowerTabs, &QTabBar::currentChanged, this, [this](int tab) {
        showLowerTab(tab);
        // The verdict's tab and the charts' share the height with the table each their way:
        // once the pane's minimum is that of the tab shown.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        m_splitSized = QSize();
        updateOrientation();
    });
    chartsLayout->addWidget(m_lowerTabs);
    m_verdictPage = new QWidget(charts);
    auto *verdictLayout = new QVBoxLayout(m_verdictPage);
    verdictLayout->setContentsMargins(0, 0, 0, 0);
    verdictLayout->addStretch(1);
    chartsLayout->addWidget(m_verdictPage, 1);
    m_legend = new QWidget(charts);
    chartsLayout->addWidget(m_legend);
    m_chartsBox = new QBoxLayout(QBoxLayout::LeftToRight);
    m_depth = new TimeSeriesChart(charts);
    m_depth->setTitle(tr("Backlog: queue depth after each cycle"));
    m_depth->setAxisTitles(tr("cycle"), tr("queued"));
    m_processed = new TimeSeriesChart(charts);
    m_processed->setTitle(tr("Throughput: processed per cycle"));
    m_processed->setAxisTitles(tr("cycle"), tr("messages"));
    m_chartsBox->addWidget(m_depth);
    m_chartsBox->addWidget(m_processed);
    chartsLayout->addLayout(m_chartsBox, 1);
    m_split->addWidget(charts);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    m_split->installEventFilter(this);  // shared out again at each new size (updateOrientation())
    layout->addWidget(m_split, 1);

    scroll->setWidget(page);
    outer->addWidget(scroll, 1);
    // How long, Compare and what it found on the row of the Close button: a row of its own above
    // the table took one of its rows at 1280x720.
    auto *bottom = new QHBoxLayout;
    auto *runFor = new QLabel(tr("Run &for:"), this);
    runFor->setBuddy(m_cycles);
    bottom->addWidget(runFor);
    bottom->addLayout(runRow, 1);
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    bottom->addWidget(close);
    outer->addLayout(bottom);
    // Tab goes as the rows are seen: the choices, the figures, the Verdict/Charts tab bar, the
    // verdict, then the bottom row. The tab bar led to "Run for", the verdict reached only by
    // Shift+Tab (a teacher's trial).
    QWidget::setTabOrder(m_table, m_lowerTabs);
    QWidget::setTabOrder(m_lowerTabs, m_verdicts);
    QWidget::setTabOrder(m_verdicts, m_cycles);
    QWidget::setTabOrder(m_cycles, run);
    if (QPushButton *closeButton = close->button(QDialogButtonBox::Close))
        QWidget::setTabOrder(run, closeButton);

    setFiles(threeWayPresets());
    fitToScreen();
}

CompareWindow::~CompareWindow() = default;

void CompareWindow::addFileChoice(int slot)
{
    auto *row = new QWidget(this);
    auto *rowLayout = new QHBoxLayout(row);
    rowLayout->setContentsMargins(0, 0, 0, 0);
    auto *combo = new QComboBox(row);
    combo->setMinimumContentsLength(24);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
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
    connect(combo, &QComboBox::currentIndexChanged, this, &CompareWindow::markStale);
    rowLayout->addWidget(combo, 1);
    rowLayout->addWidget(browse);
    m_choices << combo;
}

QString CompareWindow::currentSetupChoice()
{
    return QStringLiteral("current-setup:");
}

QString CompareWindow::watchedRunChoice()
{
    return QStringLiteral("watched-run:");
}

QString CompareWindow::lessonStepsChoice()
{
    return QStringLiteral("lesson-steps:");
}

void CompareWindow::setCurrentSetup(const Scenario &scenario, bool edited)
{
    CurrentSetup setup;
    setup.scenario = scenario;
    setup.edited = edited;
    setCurrentSetup(setup);
}

namespace {

/// "a", "a and b", "a, b and c".
QString joinedInWords(const QStringList &parts)
{
    if (parts.size() < 2)
        return parts.join(QString());
    return CompareWindow::tr("%1 and %2").arg(QStringList(parts.mid(0, parts.size() - 1)).join(QStringLiteral(", ")),
                                             parts.constLast());
}

} // namespace

QStringList CompareWindow::heldBy(const CurrentSetup &setup)
{
    QStringList held;
    if (setup.edited)
        held << tr("your edits");
    if (!setup.lessonSteps.isEmpty())
        held << tr("lesson settings");
    if (setup.timelineChanges > 0)
        held << tr("timeline changes");
    return held;
}

void CompareWindow::setCurrentSetup(const CurrentSetup &setup)
{
    m_currentSetup = setup;
    if (files().contains(currentSetupChoice()) || files().contains(watchedRunChoice()))
        markStale();  // the setup it ran is not this one
    // The choice says what it holds besides the scenario as opened: "Current setup" alone read
    // as the file's setup though a lesson step had turned aging off (lesson-aging, step 4).
    // "(with your edits)" only where there are edits: a trial opened Compare on a lesson it had
    // not touched and read "Current setup (with your edits)".
    const QStringList held = heldBy(setup);  // for the choice, short
    QStringList parts;  // for its tooltip, in full
    if (setup.edited)
        parts << tr("your edits in effect");
    if (!setup.lessonSteps.isEmpty()) {
        QStringList steps;
        for (int step : setup.lessonSteps)
            steps << QString::number(step);
        parts << (steps.size() == 1 ? tr("the settings lesson step %1 applied").arg(steps.constFirst())
                                    : tr("the settings lesson steps %1 applied").arg(joinedInWords(steps)));
    }
    if (setup.timelineChanges > 0) {
        parts << (setup.timelineChanges == 1 ? tr("the timeline's change applied so far")
                                             : tr("the timeline's %1 changes applied so far").arg(setup.timelineChanges));
    }
    // Settings that came during the run (a step's, the timeline's) run here from cycle 0: the
    // choice says so ("Current setup (with lesson settings and timeline changes)" read as the run
    // the class had watched, and lost 0 messages where the class had seen 73 go).
    const bool fromStart = !setup.lessonSteps.isEmpty() || setup.timelineChanges > 0;
    const QString text = held.isEmpty() ? tr("Current setup")
            : fromStart ? tr("Current setup from cycle 0 (with %1)").arg(joinedInWords(held))
                        : tr("Current setup (with %1)").arg(joinedInWords(held));
    const QString name = setup.scenario.name;
    QString tip = parts.isEmpty()
            ? tr("What the main window runs now, at cycle %1: \"%2\" as opened (no edits, no lesson "
                 "step or timeline settings applied).").arg(setup.cycle).arg(name)
            : tr("What the main window runs now, at cycle %1: \"%2\" with %3.").arg(setup.cycle).arg(name, joinedInWords(parts));
    tip += QLatin1Char(' ') + tr("Here it runs from cycle 0 on the same workload");
    tip += setup.scenario.timeline.isEmpty() ? QStringLiteral(".")
                                             : tr("; the timeline's changes still to come apply at their cycles.");
    // Settings that came during the run, here from cycle 0: not the run the class watched (at
    // lesson-max-length-drops-urgent's step 4 a trial read 0 messages lost where the class had
    // seen 73 go before step 3 refused publishing; "Run as watched" is that run).
    if (fromStart)
        tip += QLatin1Char(' ') + tr("Not the run you watched, where they came at their cycles%1.")
                       .arg(setup.watched ? tr(": choose \"Run as watched\" for that")
                            : !setup.file.isEmpty() ? tr(": the scenario as opened is that run")
                                                    : QString());
    // The run as watched (what the main window showed, again from cycle 0), after the current
    // setup in every slot, where it is not the file's own run.
    QString watchedTip;
    if (setup.watched) {
        QStringList came;
        if (!setup.lessonSteps.isEmpty())
            came << parts.value(setup.edited ? 1 : 0);
        if (setup.edited)
            came << tr("your edits");
        watchedTip = tr("The run the main window showed, run again from cycle 0: \"%1\" as opened with its "
                        "timeline, and %2 at the cycles they came; past cycle %3 it runs on as the main "
                        "window would. Consumers added or removed count from cycle 0, and messages sent "
                        "by hand are not sent again.")
                             .arg(name, joinedInWords(came))
                             .arg(setup.cycle);
    }
    // A lesson as opened, nothing applied yet: the lesson played through, its steps' settings at
    // the cycles they come (what "Run as watched" holds once the class has seen every step). A
    // teacher's trial pressed Ctrl+K on lesson-mixed-thresholds and got the presets of the other
    // broker modes, another workload: every verdict said "not compared".
    const bool holdsMore = setup.edited || !setup.lessonSteps.isEmpty() || setup.timelineChanges > 0;
    m_lessonRun.reset();
    const QList<TimelineChange> settings = holdsMore || setup.watched ? QList<TimelineChange>()
                                                                      : lessonStepSettings(setup.scenario, 100000);
    if (!settings.isEmpty()) {
        Scenario run = setup.scenario;
        QList<TimelineChange> timeline = settings + run.timeline;
        std::stable_sort(timeline.begin(), timeline.end(),
                         [](const TimelineChange &a, const TimelineChange &b) { return a.atCycle < b.atCycle; });
        run.timeline = timeline;
        m_lessonRun = run;
    }
    QStringList cycles;
    if (m_lessonRun) {
        for (const TimelineChange &c : settings) {
            if (!cycles.contains(QString::number(c.atCycle)))
                cycles << QString::number(c.atCycle);
        }
    }
    const QString lessonTip = tr("\"%1\" as opened, with the settings its lesson steps apply at the cycles the steps "
                                 "come when played through (cycle %2), run from cycle 0: the same workload as the "
                                 "lesson as written, so every figure is compared.")
                                      .arg(name, joinedInWords(cycles));
    for (int slot = 0; slot < m_choices.size(); ++slot) {
        QComboBox *combo = m_choices.at(slot);
        int index = combo->findData(currentSetupChoice());
        if (index < 0) {
            index = slot == 2 ? 1 : 0;
            combo->insertItem(index, text, currentSetupChoice());
        }
        combo->setItemText(index, text);
        combo->setItemData(index, tip, Qt::ToolTipRole);
        int watched = combo->findData(watchedRunChoice());
        if (setup.watched) {
            if (watched < 0) {
                watched = index + 1;
                combo->insertItem(watched, tr("Run as watched (changes at their cycles)"), watchedRunChoice());
            }
            combo->setItemData(watched, watchedTip, Qt::ToolTipRole);
        } else if (watched >= 0) {
            combo->removeItem(watched);
        }
        int steps = combo->findData(lessonStepsChoice());
        if (m_lessonRun) {
            if (steps < 0) {
                steps = index + 1;
                combo->insertItem(steps, tr("Lesson with its steps' settings (at their cycles)"), lessonStepsChoice());
            }
            combo->setItemData(steps, lessonTip, Qt::ToolTipRole);
        } else if (steps >= 0) {
            combo->removeItem(steps);
        }
    }
    // A lesson that says "Compare with 'Lesson: …'" compares the lesson as written with the
    // presets it names: at lesson-aging's step 5, after step 4 turned aging off, "Current setup"
    // alone ran aging off from cycle 0 (a wait of 398 cycles) where the text promised the
    // lesson's 64 against native priority's 111. The current setup comes third only with edits
    // by hand (the user's own experiment); a step's settings or the timeline's changes run from
    // cycle 0 are a run the class never saw (a second trial read the third column's 398 cycles
    // as the lesson's). It stays a choice in every slot.
    //
    // A setup that names no preset is compared too, never left out (a trial pressed Ctrl+K on
    // lesson-ttl-moved and got the three-way preset alone): edited by hand, the lesson as written
    // against the edits; one of the three-way presets, the three-way preset; else the lesson
    // (as written when it holds more) against the presets of the other broker modes.
    const QString file = choiceForFile(setup.file, setup.scenario.name);
    QStringList paths{holdsMore && !file.isEmpty() ? file : currentSetupChoice()};
    const QStringList threeWay = threeWayPresets();
    // The edits by hand: the current setup (the edits from cycle 0, a clean what-if) where it
    // holds nothing else that came during the run; else the run as watched. A trial edited
    // lesson-ttl-moved's high bound at cycle 100 and read the current setup losing 727 against
    // the lesson's 614: from cycle 0 it had the timeline's cycle-60 low bound from the start too.
    const QString edits = setup.watched && (setup.timelineChanges > 0 || !setup.lessonSteps.isEmpty())
            ? watchedRunChoice()
            : currentSetupChoice();
    if (const QStringList named = presetsNamedIn(setup.scenario); !named.isEmpty()) {
        paths << named;
        if (setup.edited && !paths.contains(edits))
            paths << edits;
    } else if (setup.edited && !file.isEmpty()) {
        paths << edits;
    } else if (threeWay.contains(file) || (file.isEmpty() && threeWay.contains(choiceForName(setup.scenario.name)))) {
        paths = threeWay;
    } else if (setup.watched && !file.isEmpty()) {
        // Like for like (the same workload, so the first view has verdicts): the lesson as
        // written against the run the class watched, a step's settings at its cycle (a trial
        // opened Compare at a lesson's step 4 and read "not compared" on every row of the lesson
        // against the presets of the other broker modes).
        paths << watchedRunChoice();
    } else if (holdsMore && !file.isEmpty()) {
        // The timeline's changes so far: the lesson as written (the run watched) against them
        // from cycle 0, on the same workload.
        paths << currentSetupChoice();
    } else if (m_lessonRun) {
        // A lesson as opened: the lesson as written against the lesson played through, like for
        // like (its steps change settings, never the producers).
        paths << lessonStepsChoice();
    } else {
        QStringList others;  // the presets of the other broker modes, then the rest
        QStringList same;
        for (const QString &preset : threeWay) {
            const ScenarioLoadResult loaded = loadScenarioFile(preset);
            (loaded.ok() && loaded.scenario->broker.mode == setup.scenario.broker.mode ? same : others) << preset;
        }
        paths << others << same;
    }
    setFiles(paths.mid(0, m_choices.size()));
}

QStringList CompareWindow::threeWayPresets()
{
    return {QStringLiteral(":/scenarios/compare-strategies.json"), QStringLiteral(":/scenarios/compare-native.json"),
            QStringLiteral(":/scenarios/compare-topics.json")};
}

QString CompareWindow::choiceForName(const QString &name)
{
    for (const ScenarioCatalog::Entry &e : ScenarioCatalog::entries()) {
        if (e.name == name)
            return e.path;
    }
    return {};
}

QString CompareWindow::choiceForFile(const QString &file, const QString &name)
{
    if (file.isEmpty())
        return {};
    // A shipped lesson opened from its folder on disk is the preset of the same file and name.
    for (const ScenarioCatalog::Entry &e : ScenarioCatalog::entries()) {
        if (e.path == file || (e.name == name && QFileInfo(e.path).fileName() == QFileInfo(file).fileName()))
            return e.path;
    }
    return file;
}

QStringList CompareWindow::presetsNamedIn(const Scenario &scenario)
{
    QString texts = scenario.description + QLatin1Char('\n') + scenario.hint;
    for (const LessonStep &step : scenario.steps)
        texts += QLatin1Char('\n') + step.text;
    QStringList paths;
    for (const ScenarioCatalog::Entry &e : ScenarioCatalog::entries()) {
        if (paths.size() < 2 && e.name != scenario.name
            && texts.contains(QLatin1Char('\'') + e.name + QLatin1Char('\'')))
            paths << e.path;
    }
    return paths;
}

QString CompareWindow::differentWorkloadsAdvice() const
{
    // What to choose instead, in the overall line (the setup's own runs where there is one).
    if (m_currentSetup && !m_currentSetup->scenario.steps.isEmpty())
        return tr("to compare like for like, edit a setting, then compare the lesson's file with \"Current setup\"");
    return tr("to compare like for like, choose runs with the same producers and seed (the three compare presets, "
              "or a file and \"Current setup\" after an edit)");
}

QString CompareWindow::introText()
{
    return tr("Runs two or three configurations on the same seeded workload (the produced messages "
              "are checked to be identical) and sets their figures side by side: prioritization by "
              "consumer strategies, a native priority queue, priority topics, or your current setup. "
              "Choose them above and press Compare (Enter).");
}

void CompareWindow::markStale()
{
    if (m_model->comparison().runs.isEmpty() || m_model->isStale())
        return;
    m_model->setStale(true);
    m_status->setText(tr("<b>Out of date:</b> the choices changed since these figures. Press Compare "
                         "(Enter) to compare again."));
    // Red and grey readable on the verdicts' background, light or dark (TextColors).
    const QColor base = m_verdicts->palette().color(QPalette::Base);
    QString html = QStringLiteral("<p style='margin:0; color:%2'><b>%1</b></p>")
                           .arg(tr("Out of date: press Compare (Enter) to compare again").toHtmlEscaped(),
                                TextColors::color(TextColors::Tone::Error, base).name());
    m_verdicts->setHtml(html + QStringLiteral("<div style='color:%1'>").arg(TextColors::color(TextColors::Tone::Muted, base).name())
                        + m_verdictHtml + QStringLiteral("</div>"));
    m_verdicts->document()->setIndentWidth(m_verdicts->fontMetrics().height());
    fitVerdicts();
}

bool CompareWindow::isStale() const
{
    return m_model->isStale();
}

QString CompareWindow::runHeaderText(int run) const
{
    return static_cast<const RunHeader *>(m_table->horizontalHeader())->nameLines(run).join(QLatin1Char('\n'));
}

void CompareWindow::fitToScreen()
{
    const QScreen *screen = parentWidget() ? parentWidget()->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    // Room for the window frame: the sizes are of the client area.
    const QSize available = screen->availableGeometry().size() - QSize(16, 48);
    setMinimumSize(std::min(640, available.width()), std::min(480, available.height()));
    resize(std::min(1800, available.width()), std::min(1040, available.height()));
    updateOrientation();
}

void CompareWindow::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    updateOrientation();
    if (event->oldSize().height() != height())
        fitVerdicts();
}

void CompareWindow::updateOrientation()
{
    const bool wide = width() >= WideWidth;
    const Qt::Orientation orientation = wide ? Qt::Horizontal : Qt::Vertical;
    const QSize size = m_split->size();
    if (m_split->orientation() == orientation && size == m_splitSized && m_verdictPlaced)
        return;
    m_split->setOrientation(orientation);
    m_splitSized = size;
    // Wide: the verdict above the table (there is height for all its lines), the table a
    // little over half the width, the charts the rest. Stacked: the verdict in its tab beside
    // the charts, below the table.
    auto *figures = static_cast<QSplitter *>(m_table->parentWidget());
    const bool moved = !m_verdictPlaced || (m_verdicts->parentWidget() == figures) != wide;
    m_verdictPlaced = true;
    if (moved) {
        if (wide)
            figures->insertWidget(0, m_verdicts);
        else
            static_cast<QVBoxLayout *>(m_verdictPage->layout())->insertWidget(0, m_verdicts);
        m_verdicts->show();
        if (!m_verdictHtml.isEmpty() && !m_model->isStale())
            showVerdictHtml();  // its heading, where no tab names it
    }
    m_lowerTabs->setVisible(!wide);
    showLowerTab(wide ? 1 : m_lowerTabs->currentIndex());
    if (wide) {
        m_verdictRoom = height() / 3;
        fitVerdicts(size.width() * 11 / 20 - 2 * m_verdicts->frameWidth());
        m_split->setSizes({size.width() * 11 / 20, size.width() * 9 / 20});
    } else {
        // The verdict's tab: the verdict keeps ReadVerdictLines lines (or all it has), the
        // table the rest and at least ten rows; in a window lower than TableFirstHeight (a
        // 720 px screen), the table comes first: all its rows, or as many as leave the verdict
        // LeastVerdictLines (at 1280x720 it showed 10 of its 22 rows, the verdict the rest).
        // The charts' tab: the table keeps two thirds of the height, or its ten first rows. The
        // lower pane has the rest. Sized again when the window is or the tab changes, so a
        // splitter moved by hand keeps its place until then.
        const int header = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
        const int rowHeight = m_table->verticalHeader()->defaultSectionSize();
        const auto tableFor = [&](int rows) { return header + rows * rowHeight; };
        const int tenRows = tableFor(10);
        const int room = size.height() - m_split->handleWidth();
        // The box is as wide as the pane (it may not be laid out there yet).
        const int width = size.width() - 2 * m_verdicts->frameWidth();
        const int tabs = m_lowerTabs->sizeHint().height() + 6;
        int lower = 0;
        if (m_lowerTabs->currentIndex() == 1) {
            const int verdict = tabs + verdictHeight(MaxVerdictLines, width);
            lower = std::clamp(verdict, size.height() / 3, std::max(size.height() / 3, room - tenRows));
        } else {
            const int rows = m_model->rowCount();
            const int read = tabs + verdictHeight(ReadVerdictLines, width);
            const int least = tabs + verdictHeight(LeastVerdictLines, width);
            if (rows > 0 && height() < TableFirstHeight)
                lower = std::max(least, room - tableFor(rows));
            else
                lower = std::min(read, std::max(least, room - tenRows));
        }
        // The box sized first: its fixed height is the pane's minimum.
        m_verdictRoom = lower - tabs;
        fitVerdicts(width);
        // (The pane's minimum, the box's old height, is cached until the layouts run.)
        m_verdictPage->layout()->invalidate();
        m_verdictPage->updateGeometry();
        m_split->widget(1)->layout()->invalidate();
        m_split->widget(1)->updateGeometry();
        m_split->setSizes({size.height() - lower, lower});
    }
    m_chartsBox->setDirection(wide ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
}

void CompareWindow::showLowerTab(int tab)
{
    // The verdict, or the legend and the two charts (each a child of the pane: the charts stay
    // the splitter's grandchildren).
    const bool stacked = m_split->orientation() == Qt::Vertical;
    const bool verdict = stacked && tab == 0;
    if (stacked && m_lowerTabs->currentIndex() != tab) {
        const QSignalBlocker blocker(m_lowerTabs);
        m_lowerTabs->setCurrentIndex(tab);
    }
    m_verdictPage->setVisible(verdict);
    for (QWidget *w : {m_legend, static_cast<QWidget *>(m_depth), static_cast<QWidget *>(m_processed)})
        w->setVisible(!verdict);
}

bool CompareWindow::isVerdictShown() const
{
    return m_verdicts->isVisibleTo(const_cast<CompareWindow *>(this));
}

void CompareWindow::showLegend(const QStringList &names)
{
    // One legend for both charts, its names wrapped rather than cut short.
    delete m_legend->layout();
    qDeleteAll(m_legend->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly));
    auto *legend = new QHBoxLayout(m_legend);
    legend->setContentsMargins(4, 0, 4, 0);
    for (qsizetype r = 0; r < names.size(); ++r) {
        QPixmap swatch(32, 12);
        swatch.fill(Qt::transparent);
        QPainter painter(&swatch);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(RunColors[r % 3], 2.5, RunStyles[r % 3], Qt::FlatCap));
        painter.drawLine(QPointF(1, 6), QPointF(31, 6));
        painter.end();
        auto *icon = new QLabel(m_legend);
        icon->setPixmap(swatch);
        auto *name = new QLabel(names.at(r), m_legend);
        name->setWordWrap(true);
        legend->addWidget(icon);
        legend->addWidget(name, 1);
    }
}

void CompareWindow::showCoinciding(TimeSeriesChart *chart, const QString &title, const QList<QList<QPointF>> &lines)
{
    // Runs with the very same line (the backlog of a lesson and of its run as watched): the later
    // one hid the earlier exactly. Each is drawn wider than the ones drawn over it, so it shows
    // as a border around them, and the title says which coincide, by the letters of the legend
    // and the table's header ("A = B").
    QStringList groups;
    QList<bool> grouped(lines.size(), false);
    for (qsizetype r = 0; r < lines.size(); ++r) {
        if (grouped.at(r))
            continue;
        QStringList letters{Comparison::runLetter(r)};
        qsizetype over = 0;  // runs drawn over run r on the same line
        for (qsizetype later = r + 1; later < lines.size(); ++later) {
            if (!grouped.at(later) && lines.at(later) == lines.at(r)) {
                grouped[later] = true;
                letters << Comparison::runLetter(later);
                ++over;
            }
        }
        chart->setSeriesWidth(int(r), (RunStyles[r % 3] == Qt::SolidLine ? 2.5 : 2.0) + 3.0 * over);
        if (letters.size() > 1)
            groups << letters.join(QStringLiteral(" = "));
    }
    // The later runs of a group keep their own width over the wider line.
    for (qsizetype r = 0; r < lines.size(); ++r) {
        if (grouped.at(r))
            chart->setSeriesWidth(int(r), RunStyles[r % 3] == Qt::SolidLine ? 2.5 : 2.0);
    }
    chart->setTitle(groups.isEmpty() ? title : tr("%1 (%2: the lines coincide)").arg(title, groups.join(QStringLiteral(", "))));
}

void CompareWindow::showVerdicts(const Comparison &comparison)
{
    // Runs whose names do not read as a subject (a lesson's title) are named by their letter, as
    // the configurations above, the key under the verdicts: quoted whole in every line, a name
    // made each verdict two or three lines at 1024x768 (docs/design.md, "Figures and verdicts").
    // The verdicts come first: at 1280x720 the box's five lines in sight were its heading and
    // the key (the table's header says the letters too), the findings below them.
    // First, in one line, who is better and why (a teacher's trial read 14 bullets and no
    // winner); then the groups, the priorities of the same latency verdict on one line
    // (Comparison::shownVerdicts()), each run by its letter and name as the table's header.
    const QList<ComparisonVerdict> shown = comparison.shownVerdicts();
    QString html;
    for (qsizetype i = 0; i < shown.size(); ++i) {
        const ComparisonVerdict &v = shown.at(i);
        QString text = v.text.toHtmlEscaped();
        // Not like for like: the overall line says what to choose instead.
        if (i == 0 && !comparison.sameWorkload)
            text += QStringLiteral("; ") + differentWorkloadsAdvice().toHtmlEscaped();
        if (i == 0)
            html += QStringLiteral("<p style='margin:0'><b>%1:</b> %2</p><ul style='margin:0'>").arg(v.group.toHtmlEscaped(), text);
        else
            html += QStringLiteral("<li><b>%1:</b> %2</li>").arg(v.group.toHtmlEscaped(), text);
    }
    html += QStringLiteral("</ul>");
    if (const QStringList key = comparison.verdictKey(Comparison::VerdictNaming::LettersAndNames); !key.isEmpty()) {
        QStringList lines;
        for (const QString &k : key)
            lines << k.toHtmlEscaped();
        html += QStringLiteral("<p style='margin:0'>%1</p>").arg(lines.join(QStringLiteral("<br>")));
    }
    m_verdictHtml = html;
    showVerdictHtml();
    // Stacked, the verdict's tab opens in front, and the pane gets its lines again.
    m_lowerTabs->setCurrentIndex(0);
    m_splitSized = QSize();
    updateOrientation();
}

void CompareWindow::showVerdictHtml()
{
    // Headed "Verdict" where no tab names it (wide, above the table).
    const QString heading = width() >= WideWidth ? QStringLiteral("<p style='margin:0'><b>%1</b></p>").arg(tr("Verdict")) : QString();
    m_verdicts->setHtml(heading + m_verdictHtml);
    // The list indented by a bullet's width, not 40 px: fewer lines wrap.
    m_verdicts->document()->setIndentWidth(m_verdicts->fontMetrics().height());
}

int CompareWindow::verdictHeight(int maxLines, int width) const
{
    QTextDocument *document = m_verdicts->document();
    document->setTextWidth(width >= 0 ? width : m_verdicts->viewport()->width());
    document->documentLayout();  // lays it out
    qreal bottom = 0;
    int lines = 0;
    qreal lineHeight = m_verdicts->fontMetrics().lineSpacing();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        const QRectF area = document->documentLayout()->blockBoundingRect(block);
        const QTextLayout *layout = block.layout();
        for (int i = 0; layout && i < layout->lineCount(); ++i) {
            if (lines == maxLines)
                break;
            const QTextLine line = layout->lineAt(i);
            bottom = area.top() + line.y() + line.height();
            lineHeight = line.height();
            ++lines;
        }
    }
    if (lines < maxLines)
        bottom = document->size().height();  // every line, and the document's bottom margin
    m_verdicts->verticalScrollBar()->setSingleStep(std::max(1, int(std::lround(lineHeight))));
    // Measured at another width: the box wraps at its own (a wider text scrolled sideways).
    if (width >= 0)
        document->setTextWidth(m_verdicts->viewport()->width());
    return int(std::ceil(bottom)) + 2 * m_verdicts->frameWidth();
}

void CompareWindow::fitVerdicts(int width)
{
    // All its lines where there is room for them (m_verdictRoom): in its tab, the pane below
    // the table (the table keeping its ten rows); above the table (wide), a third of the
    // window's height. More scroll, the box showing whole lines only.
    const int room = m_verdictRoom;
    QTextDocument *document = m_verdicts->document();
    const qreal line = std::max<qreal>(1, QFontMetricsF(document->defaultFont()).lineSpacing());
    int lines = MaxVerdictLines;
    while (lines > 3 && verdictHeight(lines, width) > room)
        lines = std::min(lines - 1, int(room / line));
    const int height = verdictHeight(lines, width);
    if (m_verdicts->minimumHeight() != height || m_verdicts->maximumHeight() != height)
        m_verdicts->setFixedHeight(height);
}

bool CompareWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_split && event->type() == QEvent::Resize)
        updateOrientation();
    if (watched == m_verdicts && event->type() == QEvent::Resize
        && static_cast<QResizeEvent *>(event)->oldSize().width() != m_verdicts->width())
        fitVerdicts();
    if (watched == m_verdicts && event->type() == QEvent::KeyPress) {
        // Read-only, the box scrolls by the arrows, Page Up/Down and Home/End, but Qt gives
        // Ctrl+Home and Ctrl+End to its text cursor, which a box not selectable by keyboard does
        // not move: they did nothing (a trial). They go to the top and the bottom, as in a page.
        const auto *key = static_cast<QKeyEvent *>(event);
        const Qt::KeyboardModifiers modifiers = key->modifiers() & ~Qt::KeypadModifier;
        const bool control = modifiers == Qt::ControlModifier;
        const bool top = key->matches(QKeySequence::MoveToStartOfDocument) || (control && key->key() == Qt::Key_Home);
        const bool bottom = key->matches(QKeySequence::MoveToEndOfDocument) || (control && key->key() == Qt::Key_End);
        if (top || bottom) {
            m_verdicts->verticalScrollBar()->triggerAction(top ? QAbstractSlider::SliderToMinimum
                                                               : QAbstractSlider::SliderToMaximum);
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

QString CompareWindow::verdictText() const
{
    QStringList lines;
    for (const ComparisonVerdict &v : m_model->comparison().shownVerdicts())
        lines << v.group + QStringLiteral(": ") + v.text;
    if (!lines.isEmpty() && !m_model->comparison().sameWorkload)
        lines[0] += QStringLiteral("; ") + differentWorkloadsAdvice();
    return lines.join(QLatin1Char('\n'));
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
    qsizetype current = -1;  // the current setup's run, in scenarios
    for (const QString &path : files()) {
        if (path == watchedRunChoice()) {
            if (m_currentSetup && m_currentSetup->watched) {
                Scenario run = *m_currentSetup->watched;
                run.name = tr("%1 (as watched)").arg(run.name.isEmpty() ? tr("Current setup") : run.name);
                scenarios << run;
            }
            continue;
        }
        if (path == lessonStepsChoice()) {
            if (m_lessonRun) {
                Scenario run = *m_lessonRun;
                run.name = tr("%1 (with its steps)").arg(run.name.isEmpty() ? tr("Current setup") : run.name);
                scenarios << run;
            }
            continue;
        }
        if (path == currentSetupChoice()) {
            if (m_currentSetup) {
                Scenario setup = m_currentSetup->scenario;
                if (setup.name.isEmpty())
                    setup.name = tr("Current setup");
                // With edits, the run's name says all it holds: "(your edits)" alone read as
                // the lesson as written plus the edits, where a step's settings ran too.
                if (m_currentSetup->edited)
                    setup.name = tr("%1 (%2)").arg(setup.name, joinedInWords(heldBy(*m_currentSetup)));
                else if (!m_currentSetup->lessonSteps.isEmpty() || m_currentSetup->timelineChanges > 0)
                    setup.name = tr("%1 (current setup)").arg(setup.name);  // not the file's start
                current = scenarios.size();
                scenarios << setup;
            }
            continue;
        }
        const ScenarioLoadResult loaded = loadScenarioFile(path);
        problems << loaded.errors;
        if (loaded.ok())
            scenarios << *loaded.scenario;
    }
    // The setup as opened, beside its own file: the names tell the runs apart.
    if (current >= 0 && !m_currentSetup->edited && m_currentSetup->lessonSteps.isEmpty()
        && m_currentSetup->timelineChanges == 0) {
        Scenario &setup = scenarios[current];
        const bool same = std::any_of(scenarios.cbegin(), scenarios.cend(), [&setup](const Scenario &s) {
            return &s != &setup && s.name == setup.name;
        });
        if (same)
            setup.name = tr("%1 (current setup)").arg(setup.name);
    }
    if (problems.isEmpty() && scenarios.size() < 2)
        problems << tr("Choose at least two configurations.");
    if (!problems.isEmpty()) {
        m_status->setText(QStringLiteral("<span style='color:%2'>%1</span>")
                                  .arg(problems.join(QStringLiteral("<br>")).toHtmlEscaped(),
                                       TextColors::color(TextColors::Tone::Error, TextColors::backgroundOf(m_status)).name()));
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
    showVerdicts(result);
    // The legend names the runs by letter and name, as the table's header and the verdict's key
    // (a chart's title says "A = B" where lines coincide).
    QStringList key = result.verdictKey(Comparison::VerdictNaming::Letters);
    if (key.isEmpty()) {
        const QStringList names = result.shortNames();
        for (qsizetype r = 0; r < names.size(); ++r)
            key << Comparison::runLetter(r) + QStringLiteral(": ") + names.at(r);
    }
    showLegend(key);
    // The figures take the keyboard: Ctrl+End, Page Down and the arrows move in the table. The
    // first row is current but not selected (outlined, BestCellDelegate): filled in the
    // highlight colour it read as a best value.
    m_table->clearSelection();
    m_table->selectionModel()->setCurrentIndex(m_model->index(0, 0), QItemSelectionModel::NoUpdate);
    m_table->setFocus(Qt::OtherFocusReason);
    m_status->setText(result.sameWorkload
                              ? tr("✓ Identical workload: every configuration saw the same "
                                   "produced messages.")
                              : tr("⚠ The configurations produced different messages (their "
                                   "producers or seeds differ): this is not a like-for-like "
                                   "comparison, so no figure gets a ★."));

    // Aligned charts: every configuration on the same axes.
    qreal maxCycle = 1;
    qreal maxDepth = 1;
    qreal maxProcessed = 1;
    m_depth->clearSeries();
    m_processed->clearSeries();
    QList<QList<QPointF>> depths;
    QList<QList<QPointF>> processeds;
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
        const Qt::PenStyle style = RunStyles[r % 3];
        m_depth->setPoints(m_depth->addSeries(run.name, color, style), depth);
        m_processed->setPoints(m_processed->addSeries(run.name, color, style), processed);
        depths << depth;
        processeds << processed;
    }
    showCoinciding(m_depth, tr("Backlog: queue depth after each cycle"), depths);
    showCoinciding(m_processed, tr("Throughput: processed per cycle"), processeds);
    for (TimeSeriesChart *chart : {m_depth, m_processed}) {
        chart->setXRange(0, maxCycle);
        chart->setLegendVisible(false);  // the window's own legend, above both
    }
    m_depth->setYRange(0, maxDepth * 1.1);
    m_processed->setYRange(0, maxProcessed * 1.1);
    return {};
}

} // namespace PriorityLab
