#pragma once

#include <QWidget>

class QLabel;
class QTabWidget;
class QTableView;

namespace PriorityLab {

class QueueModel;
class QueueTilesPanel;
class RefreshSnapshot;
class Simulation;

/// The broker's queue: a caption with its length and a tab widget of views of it: "Tiles" (the
/// queue as a strip of message tiles with a histogram by priority, QueueTilesPanel) and "Table"
/// (a QTableView over QueueModel). Selecting a message in either emits messageSelected().
class QueuePanel : public QWidget
{
    Q_OBJECT

public:
    /// Shows @p simulation's queue; the simulation must outlive the panel.
    explicit QueuePanel(Simulation *simulation, QWidget *parent = nullptr);

    /// Brings the views up to date after the cycles of @p snapshot (one model sync, the census,
    /// the caption, all read from the snapshot). Called by the main window's throttled refresh.
    void refresh(const RefreshSnapshot &snapshot);

    QueueModel *model() const { return m_model; }
    QTableView *tableView() const { return m_table; }
    QTabWidget *tabs() const { return m_tabs; }
    QueueTilesPanel *tilesPanel() const { return m_tiles; }

Q_SIGNALS:
    /// The user selected the message @p id (a tile or a table row).
    void messageSelected(quint64 id);

private:
    QueueModel *m_model = nullptr;
    QLabel *m_heading = nullptr;  ///< "Broker queue:", bold
    QLabel *m_caption = nullptr;  ///< the counts, plain text
    QTabWidget *m_tabs = nullptr;
    QTableView *m_table = nullptr;
    QueueTilesPanel *m_tiles = nullptr;
    bool m_syncing = false;  ///< the model is following the queue: row moves are not selections
};

} // namespace PriorityLab
