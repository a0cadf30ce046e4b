#pragma once

#include "core/analysis/comparison.h"

#include <QAbstractTableModel>
#include <QColor>

namespace PriorityLab {

/// The key figures of a Comparison as a table. Column 0 is the figure's name; then each run has
/// SubColumns (3) columns: on a latency row ("latency, priority N (cycles)", one per priority,
/// most urgent first) they hold p50, p95 and max; on every other row the value stands in the
/// run's first column and the view spans it over the three (spanned()). The header holds the
/// sub-column's name ("p50", "p95", "max") in Qt::DisplayRole and the run's short name in
/// RunNameRole (its letter, "Configuration A", full name and broker mode in the tooltip). The best value of each row (each
/// of p50, p95, max on its own) is bold on bestBackground() (Qt::FontRole, Qt::BackgroundRole,
/// BestRole) and its tooltip says which way is better (or, when the runs had different
/// workloads, that it is not compared: no row has a best value then, ComparedFigure::comparable);
/// the rows of every other group are shaded
/// to tell the groups apart. Read-only; replaced whole by setComparison().
class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// Extra data roles.
    enum Role {
        GroupRole = Qt::UserRole + 1,  ///< QString: the row's group (ComparedFigure::group)
        BestRole,                      ///< bool: the cell holds the best value of its row (or sub-column)
        RunNameRole,                   ///< QString, header only: the short name of the column's run
    };
    /// Columns per run: p50, p95, max.
    static constexpr int SubColumns = 3;

    explicit ComparisonModel(QObject *parent = nullptr);

    /// Shows @p comparison (a reset of the model).
    void setComparison(const Comparison &comparison);
    const Comparison &comparison() const { return m_comparison; }
    /// Marks the figures out of date (the choices changed since): grey text, no best value
    /// marked, until the next setComparison().
    void setStale(bool stale);
    bool isStale() const { return m_stale; }

    /// True if @p row holds one value per run, shown spanned over the run's SubColumns columns;
    /// false on a latency row (p50, p95, max).
    bool spanned(int row) const;
    /// The run of @p column (0-based), -1 for column 0.
    static int runOf(int column) { return column <= 0 ? -1 : (column - 1) / SubColumns; }
    /// The first column of run @p run.
    static int firstColumnOf(int run) { return 1 + run * SubColumns; }

    /// The background of a best value: a light tint of Okabe-Ito sky blue, told apart from
    /// the group shading with every common colour-vision deficiency; its text is black.
    static QColor bestBackground();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    /// One row: a figure, or the p50, p95 and max figures of one priority.
    struct Row
    {
        QString group;
        QString label;
        QList<ComparedFigure> parts;  ///< 1, or 3 (p50, p95, max)
        QList<QList<int>> best;       ///< per part: ComparedFigure::best()
        int groupIndex = 0;           ///< index of its group, counting from 0
    };
    const ComparedFigure *figureAt(const QModelIndex &index) const;
    QString figureToolTip(const Row &row) const;
    QString cellToolTip(const ComparedFigure &figure, const QList<int> &best, int run) const;

    Comparison m_comparison;
    QList<Row> m_rows;
    QStringList m_names;        ///< Comparison::shortNames()
    bool m_stale = false;
};

} // namespace PriorityLab
