#pragma once

#include <QList>
#include <QTableView>

namespace PriorityLab {

/// The table of a log-like panel (event log, dead letters): whole rows selected one at a time,
/// read only, no word wrap, alternating rows, no row header, rows one line high, each column as
/// wide as its title or its typical content, whichever is wider, the last one stretched.
class LogTableView : public QTableView
{
    Q_OBJECT

public:
    /// A view of @p model; @p typicalEms: the typical content width of each column but the
    /// last, in widths of "M".
    LogTableView(QAbstractItemModel *model, const QList<int> &typicalEms, QWidget *parent = nullptr);
};

} // namespace PriorityLab
