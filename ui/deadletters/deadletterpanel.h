#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace PriorityLab {

class DeadLetterModel;
class Simulation;

/// The "Dead letters" dock's content: the discarded messages with reason,
/// consumer and cycle, newest at the bottom, and a line counting them. Nothing disappears
/// silently: every discard of the run is counted, the newest Broker::deadLetterCapacity() are
/// listed. refresh() is called from the main window's throttled timer; when the list was
/// scrolled to its end it stays there as letters arrive. Selecting a line emits
/// messageSelected().
class DeadLetterPanel : public QWidget
{
    Q_OBJECT

public:
    /// The dead letters of @p simulation, which must outlive the panel.
    explicit DeadLetterPanel(Simulation *simulation, QWidget *parent = nullptr);

    DeadLetterModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

    /// Catches up with the broker's dead-letter list and updates the count line.
    void refresh();

Q_SIGNALS:
    /// The user selected the dead letter of message @p id.
    void messageSelected(quint64 id);
    /// The first message of the run was discarded (seen at a refresh): data loss started.
    void firstLetterArrived();

private:
    void setSummaryStyle(const QString &styleSheet);

    Simulation *m_simulation;
    DeadLetterModel *m_model = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_summary = nullptr;
    qint64 m_shownTotal = -1;
};

} // namespace PriorityLab
