#pragma once

#include <QFontMetrics>

#include <QAbstractScrollArea>
#include <QHash>
#include <QPixmap>

#include <vector>

namespace PriorityLab {

class Simulation;
struct Message;

/// The broker's queue as people picture it: a strip of message tiles, head first (top left =
/// next to be dispatched), wrapping row by row to the tail. One labelled strip per sub-queue in
/// priority and topics modes (Broker::subQueues()), in serving order.
///
/// A tile is coloured by the message's priority on the fixed PriorityPalette and shows the
/// priority (large), the TTL ("T3") and the predicate runs (pips). A message that went back to
/// the broker (postponed or failed, Message::requeued) has a dashed outline and a ↻ badge: it
/// re-entered at the tail. Hovering a tile shows all of its metadata; clicking it selects it
/// (messageSelected()).
///
/// It paints itself (no widget per message) and only the visible tiles, read straight from the
/// broker, so 100,000 queued messages cost no more than 100: the scroll range follows the queue
/// length, the visible index range comes from the scroll position (visibleRange()), and finished
/// tiles are cached as pixmaps per look (priority, TTL, runs, requeued). refresh() is called by
/// the main window's ~30 Hz refresh, never per message.
class QueueTilesView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    /// Shows @p simulation's broker queue; the simulation must outlive the view.
    explicit QueueTilesView(Simulation *simulation, QWidget *parent = nullptr);

    /// Follows the queue: new layout (strips, scroll range) and a repaint of the visible tiles.
    void refresh();

    /// A half-open range of queue positions in dispatch order (Broker::at()).
    struct Range
    {
        qsizetype first = 0; ///< first position
        qsizetype last = 0; ///< one past the last position
        qsizetype count() const { return last - first; }
    };

    /// Positions whose tiles are (at least partly) inside the viewport now. O(sub-queues).
    Range visibleRange() const;

    /// Tiles drawn by the last paint (at most the visible ones).
    qsizetype lastPaintedTiles() const { return m_lastPainted; }

    /// Position in dispatch order of the tile at @p viewportPoint, or -1 if none.
    qsizetype indexAt(const QPoint &viewportPoint) const;

    /// Rectangle of the tile at dispatch position @p index, in viewport coordinates (it may be
    /// outside the viewport); null if there is no such position.
    QRect tileRect(qsizetype index) const;

    /// Scrolls so that the tile at @p index is visible.
    void scrollToIndex(qsizetype index);

    /// Tiles per row at the current width (>= 1).
    int tilesPerRow() const;

    /// The tooltip of the tile at dispatch position @p index: id, data, producer, priority
    /// (original → current), TTL, predicate runs, deliveries, age in cycles, topic, requeued.
    QString toolTipText(qsizetype index) const;

    /// The picture of one tile for @p message (as painted, without selection), e.g. for tests.
    QPixmap tilePixmap(const Message &message) const;

    /// Where a tile's small texts go, in tile coordinates (see tileTextLayout()).
    struct TileTextLayout
    {
        QRectF ttl; ///< the TTL ("T3"), at the bottom left
        QRectF runs; ///< the predicate runs: the pips, or the count and one pip; null if none
        QString runsText; ///< the count written before the pip ("15"); empty with pips only
    };
    /// How renderTile() lays out the TTL and predicate runs of a tile at the current font: on
    /// one line with at least a space between them when they fit, else the runs on a line of
    /// their own above the TTL, so that "T3" and "15" never read as "T315".
    TileTextLayout tileTextLayout(int ttl, int predicateRuns, bool requeued) const;

    /// The selected message's id (0 = none); its tile gets a thick outline while queued.
    quint64 selectedId() const { return m_selectedId; }
    void setSelectedId(quint64 id);

    /// What a screen reader says of the view (its accessible description, updated by
    /// refresh()): "Queue: 42 messages; next out: message #17, priority 5, TTL 3, waiting 7
    /// cycles", or "Queue: empty".
    QString accessibleSummary() const;

    /// The caption painted above sub-queue @p strip (0: the first), e.g. "2 messages · head
    /// first", "Queue: empty — no message has arrived yet"; empty if there is no such strip.
    QString stripCaption(int strip) const;
    /// The title of strip @p strip as drawn at the view's width: stripCaption(), or when that
    /// is too wide a shorter one, by firstThatFits(). A FIFO queue's "12 messages", then "12",
    /// cut ("…") only if even that is; a sub-queue among several keeps its name with its count,
    /// never a bare number ("orders-0 (7–9): 9 messages", "orders-0 (7–9): 9", "orders-0: 9";
    /// "Priority 9: 12"), all strips at the same length of words, then its name cut in the
    /// middle, else nothing (docs/design.md §8).
    QString stripCaptionShown(int strip) const;
    /// The sentence an empty queue shows in any mode ("Queue: empty — no message has arrived
    /// yet", "… every message has been taken by a consumer"; while messages wait out a retry
    /// delay "Queue: no message ready — 4 messages delayed (retry), the first due in 2
    /// cycles"); empty while messages are queued.
    QString emptyCaption() const;

    /// Tile size in pixels (without the gap between tiles).
    QSize tileSize() const { return m_tileSize; }
    /// The label and MinimumRows rows of tiles at the current font (zoom): the layouts never
    /// squeeze the view to its label (at 1280x720 and 150 % it showed no tile at all).
    QSize minimumSizeHint() const override;
    /// Rows of tiles the view keeps room for (minimumSizeHint()).
    static constexpr int MinimumRows = 2;

Q_SIGNALS:
    /// The user clicked the tile of message @p id.
    void messageSelected(quint64 id);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// One labelled strip: a sub-queue.
    struct Strip
    {
        qsizetype queue = 0; ///< index into Broker::subQueues()
        qsizetype offset = 0; ///< dispatch position of its head
        qsizetype count = 0; ///< messages in it
        int headerY = 0; ///< content y of its label
        int tilesY = 0; ///< content y of its first row of tiles
        int rows = 0; ///< rows of tiles (0 when empty: only the label)
    };
    struct TileKey
    {
        int priority;
        int ttl;
        int predicateRuns;
        bool requeued;
        bool operator==(const TileKey &) const = default;
    };
    friend size_t qHash(const TileKey &key, size_t seed) noexcept
    {
        return qHashMulti(seed, key.priority, key.ttl, key.predicateRuns, key.requeued);
    }

    void updateMetrics();
    void updateLayout();
    void updateScrollBar();
    const Message *messageAt(qsizetype index) const;
    const Strip *stripOf(qsizetype index) const;
    QString stripLabel(const Strip &strip) const;
    /// The titles of @p strip, longest first: stripLabel(), then shorter ones (stripCaptionShown()).
    QStringList stripWordings(const Strip &strip) const;
    /// The name a title of @p strip keeps among several ("orders-0", "Priority 9"); empty for FIFO.
    QString stripName(const Strip &strip) const;
    /// The level of stripWordings() every strip's title takes at @p width in @p metrics: the
    /// first where each one fits, so the titles read alike (0 for a FIFO queue).
    qsizetype captionLevel(const QFontMetrics &metrics, int width) const;
    /// stripLabel(), or a shorter title that fits @p width pixels in @p metrics, from @p level
    /// (captionLevel()) of stripWordings() on (stripCaptionShown()).
    QString fittedLabel(const Strip &strip, const QFontMetrics &metrics, int width, qsizetype level) const;
    QPixmap renderTile(const TileKey &key) const;
    int rowHeight() const { return m_tileSize.height() + m_gap; }
    int columnWidth() const { return m_tileSize.width() + m_gap; }

    Simulation *m_simulation;
    std::vector<Strip> m_strips;
    int m_contentHeight = 0;
    int m_perRow = 1;
    QSize m_tileSize;
    int m_gap = 4;
    int m_margin = 8;
    int m_headerHeight = 20;
    quint64 m_selectedId = 0;
    qsizetype m_lastPainted = 0;
    mutable QHash<TileKey, QPixmap> m_tileCache;
    mutable qreal m_cacheDpr = 0; ///< device pixel ratio of the cached tiles
};

} // namespace PriorityLab
