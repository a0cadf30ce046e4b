#include "ui/compare/comparisonmodel.h"

namespace PriorityLab {

ComparisonModel::ComparisonModel(QObject *parent) : QAbstractTableModel(parent) { }

void ComparisonModel::setComparison(const Comparison &comparison)
{
    beginResetModel();
    m_comparison = comparison;
    m_rows = comparison.runs.isEmpty() ? QList<QStringList>() : comparison.rows();
    endResetModel();
}

int ComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_rows.isEmpty() ? 0 : int(m_rows.size() - 1);
}

int ComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_rows.isEmpty() ? 0 : int(m_rows.constFirst().size());
}

QVariant ComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const QStringList &cells = m_rows.at(index.row() + 1);
    if (role == Qt::DisplayRole)
        return index.column() < cells.size() ? cells.at(index.column()) : QString();
    if (role == Qt::TextAlignmentRole)
        return int(index.column() == 0 ? (Qt::AlignLeft | Qt::AlignVCenter) : (Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole && index.column() == 0) {
        const QString figure = cells.constFirst();
        if (figure.startsWith(QLatin1String("latency")))
            return tr("Cycles from production to processing of messages produced with this "
                      "priority: median / 95th percentile / maximum. \"none processed\" means "
                      "starvation: none of them got through.");
        if (figure.startsWith(QLatin1String("longest wait")))
            return tr("The longest any message waited, processed or still queued: starvation "
                      "shows here.");
        if (figure.startsWith(QLatin1String("discarded")))
            return tr("Messages discarded (dead letters): data lost, e.g. by a TTL range.");
        if (figure.startsWith(QLatin1String("deliveries")))
            return tr("Deliveries per message that ended: above 1, postponements or failures "
                      "cost extra work.");
        if (figure.startsWith(QLatin1String("messages overtaken")))
            return tr("Processed messages that a later arrival overtook: how much the order "
                      "differs from first-in first-out.");
    }
    return {};
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal || m_rows.isEmpty())
        return QAbstractTableModel::headerData(section, orientation, role);
    return section < m_rows.constFirst().size() ? m_rows.constFirst().at(section) : QVariant();
}

} // namespace PriorityLab
