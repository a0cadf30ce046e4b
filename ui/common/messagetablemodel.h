#pragma once

#include "ui/common/messagecolumns.h"

#include <QAbstractTableModel>

namespace PriorityLab {

/// A table of messages whose columns are MessageColumns (the event log, the dead letters): it
/// answers columnCount() and headerData() from its list of columns, checks the index of data()
/// and hands a valid one, with its column's kind, to messageData().
class MessageTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    /// A table with @p columns (in column order), which must outlive the model: a static list.
    MessageTableModel(const QList<MessageColumns::Column> &columns, QObject *parent);

    /// data() of row @p row, column @p column (of kind @p kind) for @p role; both exist.
    virtual QVariant messageData(int row, int column, MessageColumns::Kind kind, int role) const = 0;

private:
    const QList<MessageColumns::Column> &m_columns;
};

} // namespace PriorityLab
