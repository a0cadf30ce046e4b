#pragma once

#include <QWidget>

class QLabel;
class QLayout;

namespace PriorityLab {

class HistogramArea;
class PriorityCensus;
class RefreshSnapshot;
class PriorityHistogram;
class PriorityLegend;
class QueueTilesView;
class Simulation;

/// The "Tiles" tab of the queue panel: the colour legend and the key of the tile marks above the
/// QueueTilesView, with the PriorityHistogram of the queue beside it.
class QueueTilesPanel : public QWidget
{
    Q_OBJECT

public:
    /// Shows @p simulation's queue; the simulation must outlive the panel.
    explicit QueueTilesPanel(Simulation *simulation, QWidget *parent = nullptr);

    /// Brings the tiles and the histogram up to date after the cycles of @p snapshot (the
    /// visible tiles only; the census counts what changed). Called from the main window's
    /// ~30 Hz refresh.
    void refresh(const RefreshSnapshot &snapshot);

    QueueTilesView *tilesView() const { return m_tiles; }
    PriorityHistogram *histogram() const { return m_histogram; }
    PriorityCensus *census() const { return m_census; }
    /// The histogram's total ("total 45"), pinned under its scroll area so that it stays in
    /// sight when the rows scroll (docs/design.md §8).
    QLabel *totalLabel() const { return m_total; }
    /// The key of the tile marks ("7 = priority · T3 = TTL · …") under the colour legend.
    QLabel *keyLabel() const { return m_key; }

    /// Tight (off by default): the key of the tile marks folds to one shortened line (the whole
    /// key in its tooltip), the histogram's rows and title give up their last spare pixels
    /// (PriorityHistogram::setTight()) and its total sits right under them. The main window
    /// turns it on presenting where the column is taller than the screen even with the charts
    /// at their least height (GTK's Adwaita at 1280x720: the ≤0 row and the total were cut),
    /// and off on leaving (docs/design.md §8).
    void setTight(bool tight);
    bool isTight() const { return m_tight; }

Q_SIGNALS:
    /// The user clicked the tile of message @p id.
    void messageSelected(quint64 id);

private:
    /// The key of the tile marks: whole, or (@p tight) one short line without the journey's hint.
    static QString keyText(bool tight = false);
    /// The key's tooltip: what a dashed tile is; tight, the whole key above it.
    static QString keyToolTip(bool tight = false);

    QueueTilesView *m_tiles = nullptr;
    PriorityHistogram *m_histogram = nullptr;
    PriorityCensus *m_census = nullptr;
    PriorityLegend *m_legend = nullptr;
    QLabel *m_key = nullptr;
    QLabel *m_total = nullptr;
    static constexpr int TopMargin = 4;   ///< above the legend (pixels), but tight
    static constexpr int KeyMargin = 2;   ///< above the legend and under the key, but tight
    static constexpr int SideMargin = 4;  ///< above the histogram, but tight
    QLayout *m_top = nullptr;   ///< the legend above the key
    QLayout *m_side = nullptr;  ///< the histogram's scroll area above its total
    bool m_tight = false;       ///< see setTight()
    HistogramArea *m_histogramArea = nullptr;  ///< scrolls the histogram where compact rows do not fit
};

} // namespace PriorityLab
