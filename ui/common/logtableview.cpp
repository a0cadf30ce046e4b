#include "ui/common/logtableview.h"

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

} // namespace PriorityLab
