#include "ui/common/logtableview.h"

#include "ui/common/steadyscrollbar.h"

#include <QEvent>
#include <QHeaderView>
#include <QScopedValueRollback>
#include <QStyle>
#include <QStyleOptionHeader>

#include <algorithm>

namespace PriorityLab {

LogTableView::LogTableView(QAbstractItemModel *model, const QList<int> &typicalEms, QWidget *parent)
    : QTableView(parent)
{
    // A log grows at every refresh of a running simulation; its scroll bar repaints only when
    // the handle moves on screen (docs/design.md §9, App). QAbstractItemView connects its bar's
    // signals when it is made: the new bar is connected here the same way.
    auto *bar = new SteadyScrollBar(Qt::Vertical, this);
    setVerticalScrollBar(bar);
    connect(bar, &QScrollBar::actionTriggered, this, &LogTableView::verticalScrollbarAction);
    connect(bar, &QScrollBar::valueChanged, this, &LogTableView::verticalScrollbarValueChanged);
    setModel(model);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(false);
    setAlternatingRowColors(true);
    verticalHeader()->setVisible(false);
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    QHeaderView *header = horizontalHeader();
    header->setHighlightSections(false);
    header->setStretchLastSection(true);
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    for (int c = 0; c < int(typicalEms.size()) && c < model->columnCount() - 1; ++c) {
        const QString title = model->headerData(c, Qt::Horizontal).toString();
        header->resizeSection(c, std::max(typicalEms.at(c) * em, header->fontMetrics().horizontalAdvance(title) + 18));
    }
}

void LogTableView::setFitsColumns(bool fit)
{
    m_fit = fit;
    m_preferred.clear();
    if (!fit) {
        for (int c : std::as_const(m_narrowHidden))
            horizontalHeader()->setSectionHidden(c, false);
    }
    fitColumns();
}

void LogTableView::setNarrowHiddenColumns(const QList<int> &columns)
{
    for (int c : std::as_const(m_narrowHidden)) {
        if (!columns.contains(c))
            horizontalHeader()->setSectionHidden(c, false);
    }
    m_narrowHidden = columns;
    fitColumns();
}

QList<int> LogTableView::narrowHiddenColumns() const
{
    QList<int> hidden;
    for (int c : m_narrowHidden) {
        if (horizontalHeader()->isSectionHidden(c))
            hidden << c;
    }
    return hidden;
}

void LogTableView::setEmptyColumnsGiveWay(bool giveWay)
{
    m_emptyGivesWay = giveWay;
    for (const QMetaObject::Connection &c : std::as_const(m_valueWatch))
        disconnect(c);
    m_valueWatch.clear();
    m_newest.clear();
    m_otherRow.clear();
    if (giveWay) {
        watchValues();
        findValues();
        m_nothing = nothingCarried();
    } else {
        for (int c : std::as_const(m_emptyHidden))
            horizontalHeader()->setSectionHidden(c, false);
        m_emptyHidden.clear();
    }
    fitColumns();
}

void LogTableView::setUniformColumnsGiveWay(bool giveWay)
{
    m_uniformGivesWay = giveWay;
    m_nothing = nothingCarried();
    fitColumns();
}

bool LogTableView::carriesNothing(int column) const
{
    if (!m_emptyGivesWay || !model() || column < 0 || column >= m_otherRow.size() || m_otherRow.at(column) >= 0)
        return false;
    const int rows = model()->rowCount();
    return rows > 0 && (m_newest.at(column).isEmpty() || (m_uniformGivesWay && rows >= 2));
}

QList<bool> LogTableView::nothingCarried() const
{
    QList<bool> nothing;
    for (int c = 0; c < m_otherRow.size(); ++c)
        nothing << carriesNothing(c);
    return nothing;
}

void LogTableView::findValues(const QList<int> &columns)
{
    const QAbstractItemModel *m = model();
    const int count = m ? m->columnCount() : 0;
    if (m_otherRow.size() != count || m_newest.size() != count) {
        m_otherRow = QList<int>(count, -1);
        m_newest = QStringList(count, QString());
        if (!columns.isEmpty())
            return findValues();
    }
    const int rows = m ? m->rowCount() : 0;
    for (int c = 0; c < count; ++c) {
        if (!columns.isEmpty() && !columns.contains(c))
            continue;
        m_otherRow[c] = -1;
        m_newest[c] = rows > 0 ? m->index(rows - 1, c).data(Qt::DisplayRole).toString() : QString();
        // From the newest row: the oldest are the first to leave a capped log, and a column that
        // carries something mostly differs a row or two up.
        for (int r = rows - 2; r >= 0; --r) {
            if (m->index(r, c).data(Qt::DisplayRole).toString() != m_newest.at(c)) {
                m_otherRow[c] = r;
                break;
            }
        }
    }
}

void LogTableView::watchValues()
{
    QAbstractItemModel *m = model();
    if (!m)
        return;
    // A fit only when a column comes to carry nothing or a value; a new row is looked at only
    // where it is the newest or the column was the same in every row, a removed one only where
    // it was the row found.
    // m_nothing: what was carried at the last look (the model's rows are gone already when
    // rowsRemoved() comes).
    const auto refit = [this] {
        const QList<bool> now = nothingCarried();
        if (now != m_nothing) {
            m_nothing = now;
            fitColumns();
        }
    };
    const auto all = [this, refit] {
        findValues();
        refit();
    };
    m_valueWatch << connect(m, &QAbstractItemModel::modelReset, this, all)
                 << connect(m, &QAbstractItemModel::layoutChanged, this, all)
                 << connect(m, &QAbstractItemModel::columnsInserted, this, all)
                 << connect(m, &QAbstractItemModel::columnsRemoved, this, all)
                 << connect(m, &QAbstractItemModel::dataChanged, this, all);
    m_valueWatch << connect(m, &QAbstractItemModel::rowsInserted, this,
                            [this, refit](const QModelIndex &parent, int first, int last) {
        if (parent.isValid())
            return;
        if (m_otherRow.size() != model()->columnCount()) {
            findValues();
            return refit();
        }
        const int added = last - first + 1;
        const int rows = model()->rowCount();
        const int oldRows = rows - added;
        // Where the newest row was before: after the new ones if they came before it.
        const int oldNewest = oldRows <= 0 ? -1 : (oldRows - 1 >= first ? oldRows - 1 + added : oldRows - 1);
        QList<int> rescan;
        for (qsizetype c = 0; c < m_otherRow.size(); ++c) {
            if (m_otherRow.at(c) >= first)
                m_otherRow[c] += added;
            const QString newest = model()->index(rows - 1, int(c)).data(Qt::DisplayRole).toString();
            if (oldNewest < 0) {
                rescan << int(c);
                continue;
            }
            if (newest != m_newest.at(c)) {
                m_otherRow[c] = oldNewest;  // says the old newest value
                m_newest[c] = newest;
                continue;
            }
            for (int r = last; r >= first && m_otherRow.at(c) < 0; --r) {
                if (model()->index(r, int(c)).data(Qt::DisplayRole).toString() != newest)
                    m_otherRow[c] = r;
            }
        }
        if (!rescan.isEmpty())
            findValues(rescan);
        refit();
    });
    m_valueWatch << connect(m, &QAbstractItemModel::rowsRemoved, this,
                            [this, refit](const QModelIndex &parent, int first, int last) {
        if (parent.isValid())
            return;
        const int rows = model()->rowCount();
        const bool newestGone = last >= rows;  // the rows after the removed ones: none
        QList<int> lost;
        for (qsizetype c = 0; c < m_otherRow.size(); ++c) {
            if (newestGone)
                lost << int(c);
            else if (m_otherRow.at(c) > last)
                m_otherRow[c] -= last - first + 1;
            else if (m_otherRow.at(c) >= first)
                lost << int(c);
        }
        if (!lost.isEmpty())
            findValues(lost);
        refit();
    });
}

void LogTableView::setWholeColumns(const QList<int> &columns, const QStringList &samples)
{
    m_whole = columns;
    m_wholeSamples = samples;
    fitColumns();
}

void LogTableView::setHidesCutTitles(bool hide)
{
    m_hideCutTitles = hide;
    fitColumns();
}

int LogTableView::wholeWidth(int column) const
{
    const qsizetype at = m_whole.indexOf(column);
    if (at < 0)
        return 0;
    int width = titleWidth(column);
    if (const QString sample = m_wholeSamples.value(at); !sample.isEmpty()) {
        // The delegate's text margins (the focus frame's margin and one pixel each side), the
        // grid line and a pixel for the rounding of the text's advance: exactly as wide, the
        // poison lesson's "delivery_limit" had 88 px of the 89 it is read whole in (1024x768,
        // the journey's group at its least width).
        const int margin = style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 1;
        width = std::max(width, fontMetrics().horizontalAdvance(sample) + 2 * margin + (showGrid() ? 1 : 0) + 1);
    }
    return width;
}

int LogTableView::titleWidth(int column) const
{
    // As QHeaderView::sectionSizeHint(), which says 0 for a hidden section.
    const QHeaderView *header = horizontalHeader();
    QStyleOptionHeader option;
    option.initFrom(header);
    option.section = column;
    option.text = model() ? model()->headerData(column, Qt::Horizontal).toString() : QString();
    option.fontMetrics = header->fontMetrics();
    // A few pixels more: the header elides the title inside its margins, and a title exactly as
    // wide as that room was still cut on a desktop ("Deliveri…").
    const int slack = header->fontMetrics().horizontalAdvance(QLatin1Char('0')) / 2 + 2;
    return header->style()->sizeFromContents(QStyle::CT_HeaderSection, &option, QSize(), header).width() + slack;
}

int LogTableView::wholeViewWidth() const
{
    const QHeaderView *header = horizontalHeader();
    const int digit = std::max(1, fontMetrics().horizontalAdvance(QLatin1Char('0')));
    int width = 2 * frameWidth() + style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    for (int c = 0; model() && c < header->count(); ++c) {
        if (m_narrowHidden.contains(c))
            continue;  // hidden in that width, read whole or not
        if (m_whole.contains(c))
            width += wholeWidth(c);
        else if (!header->isSectionHidden(c))
            width += 3 * digit + 10;  // fitColumns()' least width
    }
    return width;
}

bool LogTableView::viewportEvent(QEvent *event)
{
    const bool handled = QTableView::viewportEvent(event);
    // The viewport, not the view: a vertical scroll bar coming with the rows narrows it too.
    if (event->type() == QEvent::Resize)
        fitColumns();
    return handled;
}

void LogTableView::changeEvent(QEvent *event)
{
    QTableView::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitColumns();
}

void LogTableView::fitColumns()
{
    if (!m_fit || !model() || m_fitting)
        return;
    QHeaderView *header = horizontalHeader();
    const int columns = header->count();
    if (columns < 2)
        return;
    // Hiding or resizing a section may resize the viewport (the horizontal scroll bar goes):
    // that must not start a second fit inside this one.
    const QScopedValueRollback<bool> fitting(m_fitting, true);
    const int em = std::max(1, fontMetrics().horizontalAdvance(QLatin1Char('M')));
    if (m_preferred.size() != columns) {
        m_preferred.clear();
        for (int c = 0; c < columns; ++c) {
            // A hidden section measures 0: never a preferred width (its column would get none).
            const int size = header->isSectionHidden(c) ? header->defaultSectionSize() : header->sectionSize(c);
            m_preferred << std::max({size, header->minimumSectionSize(), 1});
        }
        m_preferredEm = em;
    }
    // The widths were taken at another zoom: scaled with the font.
    const double zoom = m_preferredEm > 0 ? double(em) / m_preferredEm : 1.0;
    QList<int> preferred(columns, 1);
    for (int c = 0; c < columns; ++c)
        preferred[c] = std::max(1, int(m_preferred.at(c) * zoom + 0.5));
    const int digit = std::max(1, fontMetrics().horizontalAdvance(QLatin1Char('0')));
    const int least = 3 * digit + 10;      // a column but the last: about three digits
    // A column read whole (setWholeColumns()) wants at least its whole width, and gets it
    // before the others shrink: its floor is that width (scaled down below only where even the
    // floors do not fit).
    QList<int> whole(columns, 0);
    // In a window too: at 1280x720 with a lesson open the dead letters read "Consu…" and
    // "Deliveri…" while the payload showed "read…".
    for (int c : std::as_const(m_whole)) {
        if (c >= 0 && c < columns) {
            whole[c] = wholeWidth(c);
            preferred[c] = std::max(preferred.at(c), whole.at(c));
        }
    }
    const auto ours = [this](int c) { return m_narrowHidden.contains(c) || m_emptyHidden.contains(c); };
    // The columns in sight: those not hidden by someone else; then, while even their least
    // widths do not fit, or they would all elide (shrunk below MinimumShare of their widths),
    // the columns that give way, in their order.
    QList<bool> shown(columns, false);
    for (int c = 0; c < columns; ++c)
        shown[c] = ours(c) || !header->isSectionHidden(c);
    // The last column in sight is stretched (QHeaderView stretches the last visible section):
    // it may change as columns give way.
    int stretched = -1;
    double wholeScale = 1.0;
    const auto floorOf = [&](int c) {
        if (whole.at(c) > 0 && c != stretched)
            return std::max(std::min(preferred.at(c), least), int(whole.at(c) * wholeScale));
        return std::max(1, std::min(preferred.at(c), least));
    };
    // The last (stretched) one: six digits, or its whole width.
    const auto lastLeastNow = [&] {
        return stretched < 0 ? 0 : std::max(6 * digit + 12, int(whole.at(stretched) * wholeScale));
    };
    int lastLeast = 0;
    int need = 0;       // the least widths of the columns in sight
    int wantedAll = 0;  // the widths of those but the stretched one
    const auto measure = [&] {
        stretched = -1;
        for (int visual = columns - 1; visual >= 0 && stretched < 0; --visual) {
            if (shown.at(header->logicalIndex(visual)))
                stretched = header->logicalIndex(visual);
        }
        lastLeast = lastLeastNow();
        need = lastLeast;
        wantedAll = 0;
        for (int c = 0; c < columns; ++c) {
            if (shown.at(c) && c != stretched) {
                need += floorOf(c);
                wantedAll += preferred.at(c);
            }
        }
    };
    measure();
    if (stretched < 0)
        return;
    const auto inSight = [&] { return int(std::count(shown.cbegin(), shown.cend(), true)); };
    const int width = viewport()->width();
    const auto tooNarrow = [&] { return need > width || (width - lastLeast) < MinimumShare * wantedAll; };
    // A column that carries nothing gives way first: the empty ones, then those the same in
    // every row, each in screen order from the right, the last in sight too (the one left of
    // it is stretched then), while at least two stay.
    QList<int> emptyHidden;
    for (const bool uniform : {false, true}) {
        for (int visual = columns - 1; visual >= 0 && m_emptyGivesWay && inSight() > 2; --visual) {
            const int c = header->logicalIndex(visual);
            if (!tooNarrow())
                break;
            if (!shown.at(c) || !carriesNothing(c) || m_newest.at(c).isEmpty() == uniform)
                continue;
            shown[c] = false;
            emptyHidden << c;
            measure();
        }
    }
    for (int c : std::as_const(m_narrowHidden)) {
        if (!tooNarrow())
            break;
        if (c < 0 || c >= columns || c == stretched || !shown.at(c))
            continue;
        shown[c] = false;
        measure();
    }
    // Shrink in proportion; a column that would go below its floor keeps the floor and the
    // others share what is left (a few rounds at most: each round fixes one more column).
    const auto shrink = [&] {
        QList<int> sizes(columns, 0);
        QList<bool> floored(columns, false);
        const int room = width - lastLeast;
        for (int round = 0; round < columns; ++round) {
            int free = room;
            int wanted = 0;
            for (int c = 0; c < columns; ++c) {
                if (!shown.at(c) || c == stretched)
                    continue;
                if (floored.at(c))
                    free -= floorOf(c);
                else
                    wanted += preferred.at(c);
            }
            const double scale = wanted <= 0 || free >= wanted ? 1.0 : std::max(0.0, double(free) / wanted);
            bool changed = false;
            for (int c = 0; c < columns; ++c) {
                if (!shown.at(c) || c == stretched)
                    continue;
                if (floored.at(c)) {
                    sizes[c] = floorOf(c);
                } else if (int(preferred.at(c) * scale) < floorOf(c)) {
                    floored[c] = true;
                    changed = true;
                } else {
                    sizes[c] = int(preferred.at(c) * scale);
                }
            }
            if (!changed)
                break;
        }
        return sizes;
    };
    // With columns read whole, a column that gives way does so rather than show a cut title
    // ("Pri…"): the row's tooltip says what it holds.
    if (m_hideCutTitles && !m_whole.isEmpty()) {
        for (int c : std::as_const(m_narrowHidden)) {
            if (c < 0 || c >= columns || c == stretched || !shown.at(c))
                continue;
            const QList<int> sizes = shrink();
            bool cut = false;
            for (int d : std::as_const(m_narrowHidden))
                cut = cut || (d >= 0 && d < columns && d != stretched && shown.at(d) && sizes.at(d) < titleWidth(d));
            if (!cut)
                break;
            shown[c] = false;
            measure();
        }
    }
    // Ours: those that give way, and the empty ones hidden before (shown again when a value
    // came, or room) or now.
    for (int c = 0; c < columns; ++c) {
        if ((ours(c) || emptyHidden.contains(c)) && header->isSectionHidden(c) == shown.at(c))
            header->setSectionHidden(c, !shown.at(c));
    }
    const bool gaveWay = m_emptyHidden != emptyHidden || m_lastNarrowHidden != narrowHiddenColumns();
    m_emptyHidden = emptyHidden;
    m_lastNarrowHidden = narrowHiddenColumns();
    if (gaveWay)
        QMetaObject::invokeMethod(this, &LogTableView::columnsGaveWay, Qt::QueuedConnection);
    // Even the whole columns' widths do not fit: they shrink (and elide) rather than push the
    // last column under a horizontal scroll bar.
    int wholeNeed = 0;
    for (int c = 0; c < columns && !m_whole.isEmpty(); ++c) {
        if (whole.at(c) > 0 && shown.at(c))
            wholeNeed += whole.at(c);
    }
    // A few rounds: a column's floor stays at about three digits however small the scale.
    for (int round = 0; round < 4 && need > width && wholeNeed > 0 && wholeScale > 0.0; ++round) {
        wholeScale = std::clamp(wholeScale - double(need - width) / wholeNeed, 0.0, 1.0);
        measure();
    }
    const QList<int> sizes = shrink();
    // Never 0 px: a column in sight with no width shows blank cells.
    for (int c = 0; c < columns; ++c) {
        if (shown.at(c) && c != stretched)
            header->resizeSection(c, std::max(sizes.at(c), floorOf(c)));
    }
    // The stretched section never gets narrower than the size it was given: give it the least.
    header->resizeSection(stretched, lastLeast);
}

} // namespace PriorityLab
