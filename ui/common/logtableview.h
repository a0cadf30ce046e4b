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

    /// Whether every column is kept in sight when the view is narrower than the columns' widths
    /// (off by default): then each column but the last shrinks in proportion, down to about three
    /// digits, and the last keeps at least six; titles and cells elide ("Priori…"), their
    /// tooltips say all. The widths the columns had when this was turned on (or at the first
    /// resize after) are the ones given back when there is room again.
    void setFitsColumns(bool fit);
    bool fitsColumns() const { return m_fit; }

protected:
    /// Fits the columns again when the viewport changes size (the view's or a scroll bar's doing).
    bool viewportEvent(QEvent *event) override;

private:
    void fitColumns();

    bool m_fit = false;
    QList<int> m_preferred;  ///< the columns' widths with room enough (pixels)
};

} // namespace PriorityLab
