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

    /// With fitsColumns(), whether a column that is empty in every row gives way first, before
    /// the columns of setNarrowHiddenColumns(), while the view is too narrow for its columns: a
    /// blank column must not take the room of one that holds values (presenting at 1024x768 the
    /// dead letters hid the priority while the consumer, empty for every message the broker
    /// refused, stayed). It comes back as soon as a row holds a value in it, or when there is
    /// room. With no row, no column is empty. Off by default. The last column in sight may give
    /// way too: the one left of it is stretched then.
    void setEmptyColumnsGiveWay(bool giveWay);
    /// With setEmptyColumnsGiveWay(), whether a column whose value is the same in every row (two
    /// rows at least) gives way with the empty ones: it carries nothing a row could be told apart
    /// by (the dead letters' Deliveries, 1 in every row of lesson-ttl-moved, took the room of
    /// its Priority and TTL, docs/design.md §8). The empty ones go first, then these, each from
    /// the right. Off by default.
    void setUniformColumnsGiveWay(bool giveWay);
    /// The columns hidden now because they carry nothing (empty in every row, or, with
    /// setUniformColumnsGiveWay(), the same in every row; logical indices).
    QList<int> emptyHiddenColumns() const { return m_emptyHidden; }
    /// Whether column @p column carries nothing now: there are rows and it is empty in every one
    /// or, with setUniformColumnsGiveWay(), there are two rows at least and it is the same in
    /// every one (its display text). Kept with setEmptyColumnsGiveWay() only: false without.
    bool carriesNothing(int column) const;

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

Q_SIGNALS:
    /// The columns hidden by the fit (narrowHiddenColumns(), emptyHiddenColumns()) changed;
    /// emitted after the fit, from the event loop.
    void columnsGaveWay();

protected:
    /// Fits the columns again when the viewport changes size (the view's or a scroll bar's doing).
    bool viewportEvent(QEvent *event) override;
    /// Fits the columns again when the font changes (the zoom).
    void changeEvent(QEvent *event) override;

private:
    void fitColumns();
    /// Finds again, for all columns or those of @p columns, the newest row's value and a row
    /// that differs from it (m_newest, m_otherRow).
    void findValues(const QList<int> &columns = {});
    /// Follows the model's rows for m_newest and m_otherRow, and fits the columns again when a
    /// column comes to carry nothing or a value.
    void watchValues();
    /// carriesNothing() of every column, for watchValues().
    QList<bool> nothingCarried() const;
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
    bool m_emptyGivesWay = false;    ///< setEmptyColumnsGiveWay()
    bool m_uniformGivesWay = false;  ///< setUniformColumnsGiveWay()
    QList<int> m_emptyHidden;        ///< emptyHiddenColumns()
    /// For each column, the newest row's display text, kept with setEmptyColumnsGiveWay() only.
    QStringList m_newest;
    /// For each column, a row whose display text differs from m_newest's, or -1 when every row
    /// says the same; kept with setEmptyColumnsGiveWay() only.
    QList<int> m_otherRow;
    QList<bool> m_nothing;           ///< carriesNothing() of each column at the last look
    QList<int> m_lastNarrowHidden;   ///< narrowHiddenColumns() after the last fit
    QList<QMetaObject::Connection> m_valueWatch;  ///< watchValues()' connections to the model
};

} // namespace PriorityLab
