#pragma once

#include <QWidget>

class QLabel;

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

Q_SIGNALS:
    /// The user clicked the tile of message @p id.
    void messageSelected(quint64 id);

private:
    QueueTilesView *m_tiles = nullptr;
    PriorityHistogram *m_histogram = nullptr;
    PriorityCensus *m_census = nullptr;
    PriorityLegend *m_legend = nullptr;
    QLabel *m_key = nullptr;
    QLabel *m_total = nullptr;
    HistogramArea *m_histogramArea = nullptr;  ///< scrolls the histogram where compact rows do not fit
};

} // namespace PriorityLab
