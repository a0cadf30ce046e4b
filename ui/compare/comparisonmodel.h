#pragma once

#include "core/analysis/comparison.h"

#include <QAbstractTableModel>

namespace PriorityLab {

/// The key figures of a Comparison as a table: one row per figure (Comparison::rows(), without
/// the header row), column 0 the figure's name, then one column per run (its scenario name in
/// the header). Read-only; replaced whole by setComparison().
class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit ComparisonModel(QObject *parent = nullptr);

    /// Shows @p comparison (a reset of the model).
    void setComparison(const Comparison &comparison);
    const Comparison &comparison() const { return m_comparison; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Comparison m_comparison;
    QList<QStringList> m_rows;  ///< header first
};

} // namespace PriorityLab
