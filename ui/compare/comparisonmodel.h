#pragma once

#include "core/analysis/comparison.h"

#include <QAbstractTableModel>
#include <QColor>

namespace PriorityLab {

/// The key figures of a Comparison as a table: one row per figure (Comparison::figures():
/// latency p50, p95 and max on rows of their own per priority), column 0 the figure's name, then
/// one column per run (its short name in the header, the full name and broker mode in the
/// header's tooltip). The best value of a row is bold on bestBackground() (Qt::FontRole,
/// Qt::BackgroundRole) and its tooltip says which way is better; the rows of every other group
/// are shaded to tell the groups apart. Read-only; replaced whole by setComparison().
class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// Extra data roles.
    enum Role {
        GroupRole = Qt::UserRole + 1,  ///< QString: the row's group (ComparedFigure::group)
        BestRole,                      ///< bool: the cell holds the best value of its row
    };

    explicit ComparisonModel(QObject *parent = nullptr);

    /// Shows @p comparison (a reset of the model).
    void setComparison(const Comparison &comparison);
    const Comparison &comparison() const { return m_comparison; }

    /// The background of a best value: a light tint of Okabe-Ito sky blue, told apart from
    /// the group shading with every common colour-vision deficiency; its text is black.
    static QColor bestBackground();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString figureToolTip(const ComparedFigure &figure) const;
    QString cellToolTip(int row, int run) const;

    Comparison m_comparison;
    QList<ComparedFigure> m_figures;
    QList<QList<int>> m_best;   ///< per row: ComparedFigure::best()
    QList<int> m_groupIndex;    ///< per row: index of its group, counting from 0
    QStringList m_names;        ///< Comparison::shortNames()
};

} // namespace PriorityLab
