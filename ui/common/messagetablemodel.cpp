#include "ui/common/messagetablemodel.h"

namespace PriorityLab {

MessageTableModel::MessageTableModel(const QList<MessageColumns::Column> &columns, QObject *parent)
    : QAbstractTableModel(parent), m_columns(columns)
{
}

int MessageTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant MessageTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    return messageData(index.row(), index.column(), m_columns.at(index.column()).kind, role);
}

QVariant MessageTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return MessageColumns::headerData(m_columns, section, orientation, role);
}

} // namespace PriorityLab
