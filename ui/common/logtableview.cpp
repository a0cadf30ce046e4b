#include "ui/common/logtableview.h"

#include <QEvent>
#include <QHeaderView>

#include <algorithm>

namespace PriorityLab {

LogTableView::LogTableView(QAbstractItemModel *model, const QList<int> &typicalEms, QWidget *parent)
    : QTableView(parent)
{
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
    fitColumns();
}

bool LogTableView::viewportEvent(QEvent *event)
{
    const bool handled = QTableView::viewportEvent(event);
    // The viewport, not the view: a vertical scroll bar coming with the rows narrows it too.
    if (event->type() == QEvent::Resize)
        fitColumns();
    return handled;
}

void LogTableView::fitColumns()
{
    if (!m_fit || !model())
        return;
    QHeaderView *header = horizontalHeader();
    const int columns = header->count();
    if (columns < 2)
        return;
    if (m_preferred.size() != columns) {
        m_preferred.clear();
        for (int c = 0; c < columns; ++c)
            m_preferred << header->sectionSize(c);
    }
    const int digit = fontMetrics().horizontalAdvance(QLatin1Char('0'));
    const int least = 3 * digit + 10;      // a column but the last: about three digits
    const int lastLeast = 6 * digit + 12;  // the last (stretched) one
    const int stretched = header->logicalIndex(columns - 1);
    // Shrink in proportion; a column that would go below its floor keeps the floor and the
    // others share what is left (a few rounds at most: each round fixes one more column).
    QList<int> sizes(columns, 0);
    QList<bool> floored(columns, false);
    const int room = viewport()->width() - lastLeast;
    for (int round = 0; round < columns; ++round) {
        int free = room;
        int wanted = 0;
        for (int c = 0; c < columns; ++c) {
            if (c == stretched)
                continue;
            if (floored.at(c))
                free -= std::min(m_preferred.at(c), least);
            else
                wanted += m_preferred.at(c);
        }
        const double scale = wanted <= 0 || free >= wanted ? 1.0 : std::max(0.0, double(free) / wanted);
        bool changed = false;
        for (int c = 0; c < columns; ++c) {
            if (c == stretched)
                continue;
            const int floor = std::min(m_preferred.at(c), least);
            if (floored.at(c)) {
                sizes[c] = floor;
            } else if (int(m_preferred.at(c) * scale) < floor) {
                floored[c] = true;
                changed = true;
            } else {
                sizes[c] = int(m_preferred.at(c) * scale);
            }
        }
        if (!changed)
            break;
    }
    for (int c = 0; c < columns; ++c) {
        if (c != stretched)
            header->resizeSection(c, std::max(sizes.at(c), std::min(m_preferred.at(c), least)));
    }
    // The stretched section never gets narrower than the size it was given: give it the least.
    header->resizeSection(stretched, lastLeast);
}

} // namespace PriorityLab
