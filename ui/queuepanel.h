#pragma once

#include <QWidget>

class QLabel;
class QTabWidget;
class QTableView;

namespace PriorityLab {

class QueueModel;
class Simulation;

/// The broker's queue: a caption with its length and a tab widget of views of it. The first
/// version has one tab, "Table" (a QTableView over QueueModel); more views (e.g. message tiles)
/// are added as tabs in front with tabs()->insertTab(0, ...).
class QueuePanel : public QWidget
{
    Q_OBJECT

public:
    /// Shows @p simulation's queue; the simulation must outlive the panel.
    explicit QueuePanel(Simulation *simulation, QWidget *parent = nullptr);

    /// Brings the views up to date (one model sync, the caption). Called by the main window's
    /// throttled refresh.
    void refresh();

    QueueModel *model() const { return m_model; }
    QTableView *tableView() const { return m_table; }
    QTabWidget *tabs() const { return m_tabs; }

private:
    Simulation *m_simulation;
    QueueModel *m_model = nullptr;
    QLabel *m_caption = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTableView *m_table = nullptr;
};

} // namespace PriorityLab
