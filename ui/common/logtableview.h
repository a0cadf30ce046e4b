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
    /// The widths follow the zoom: they are scaled by the font's size now over the one they were
    /// taken at. Every column in sight keeps a width above zero, however narrow the view.
    void setFitsColumns(bool fit);
    bool fitsColumns() const { return m_fit; }

    /// The least share of their widths the columns in sight are shrunk to before a column of
    /// setNarrowHiddenColumns() gives way (below it every title and most cells elide).
    static constexpr double MinimumShare = 0.55;

    /// With fitsColumns(), the columns (logical indices) that give way, in this order, when the
    /// view is too narrow for every column at its least width, or the columns would all be
    /// shrunk below MinimumShare of their widths (a dock of a 1024-pixel screen while
    /// presenting): hidden one after the other until the others fit without a horizontal
    /// scroll bar, shown again when there is room. The last column in sight is never hidden.
    /// The model's row tooltip should say what they show. None by default.
    void setNarrowHiddenColumns(const QList<int> &columns);
    /// The columns setNarrowHiddenColumns() has hidden now (logical indices, in hiding order).
    QList<int> narrowHiddenColumns() const;

    /// With fitsColumns(), whether a column (not the last) that is empty in every row gives way
    /// first, before the columns of setNarrowHiddenColumns(), while the view is too narrow for
    /// its columns: a blank column must not take the room of one that holds values (presenting
    /// at 1024x768 the dead letters hid the priority while the consumer, empty for every
    /// message the broker refused, stayed). It comes back as soon as a row holds a value in it,
    /// or when there is room. With no row, no column is empty. Off by default.
    void setEmptyColumnsGiveWay(bool giveWay);
    /// The columns hidden now because they are empty in every row (logical indices).
    QList<int> emptyHiddenColumns() const { return m_emptyHidden; }

    /// With fitsColumns(), the columns (logical indices) a class must read whole, never elided:
    /// each keeps at least wholeWidth() while the others shrink and those of
    /// setNarrowHiddenColumns() give way; only where even those widths do not fit do they shrink
    /// too (no horizontal scroll bar). @p samples: for each, the widest text its cells show
    /// (e.g. "000000" for a cycle), in the same order; a missing or empty one: the title only.
    /// A column also in setNarrowHiddenColumns() is whole while in sight and still gives way in
    /// its turn (wholeViewWidth() leaves it out). None by default.
    void setWholeColumns(const QList<int> &columns, const QStringList &samples = {});
    /// The least width (pixels) of column @p column read whole at the font of now: its title's
    /// (as QHeaderView::sectionSizeHint()) or its sample's with the cell's margins and grid line,
    /// whichever is wider; 0 for a column not in setWholeColumns().
    int wholeWidth(int column) const;
    /// The view's width (frame and vertical scroll bar included, pixels) in which every column
    /// of setWholeColumns() is read whole, the columns of setNarrowHiddenColumns() hidden and
    /// the others at about three digits: what a dock must give the view so nothing needed elides.
    int wholeViewWidth() const;
    /// Whether a column of setNarrowHiddenColumns() gives way rather than show a cut title
    /// ("Pri…"), for a class reading from afar (off by default: a narrow dock on the desk keeps
    /// every column the whole ones leave room for, shrunk in proportion and elided, the
    /// tooltips saying all).
    void setHidesCutTitles(bool hide);

protected:
    /// Fits the columns again when the viewport changes size (the view's or a scroll bar's doing).
    bool viewportEvent(QEvent *event) override;
    /// Fits the columns again when the font changes (the zoom).
    void changeEvent(QEvent *event) override;

private:
    void fitColumns();
    /// Whether column @p column is empty (its display text) in every row, and there are rows.
    bool isEmptyColumn(int column) const;
    /// Finds again which columns hold a value (m_valueRow): all of them, or those of @p columns.
    void findValues(const QList<int> &columns = {});
    /// Follows the model's rows for m_valueRow, and fits the columns again when a column
    /// becomes empty or gets a value.
    void watchValues();
    /// The width column @p column's title needs in the header (pixels), hidden or not.
    int titleWidth(int column) const;

    bool m_fit = false;
    bool m_fitting = false;  ///< in fitColumns(): hiding a column must not start it again
    QList<int> m_preferred;  ///< the columns' widths with room enough (pixels, at m_preferredEm)
    int m_preferredEm = 0;   ///< the width of "M" when m_preferred was taken (pixels)
    QList<int> m_narrowHidden;  ///< setNarrowHiddenColumns(), in hiding order
    QList<int> m_whole;         ///< setWholeColumns()
    QStringList m_wholeSamples; ///< setWholeColumns()' samples, in m_whole's order
    bool m_hideCutTitles = false;  ///< setHidesCutTitles()
    bool m_emptyGivesWay = false;  ///< setEmptyColumnsGiveWay()
    QList<int> m_emptyHidden;      ///< emptyHiddenColumns()
    /// For each column, a row holding a value in it (the newest found), or -1 when none does;
    /// kept with setEmptyColumnsGiveWay() only.
    QList<int> m_valueRow;
    QList<QMetaObject::Connection> m_valueWatch;  ///< watchValues()' connections to the model
};

} // namespace PriorityLab
