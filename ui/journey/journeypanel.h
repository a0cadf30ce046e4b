#pragma once

#include <QWidget>

class QLabel;
class QTreeView;

namespace PriorityLab {

class Journal;
class JourneyModel;
class Simulation;

/// A message's journey: the heading "Message #id data (producer)", where it
/// is now ("processed at cycle N after K deliveries", "discarded (ttl-expired) — in the
/// dead-letter list", "still queued at position P", "delayed: sent back by A with a retry delay
/// of 2 cycles, visible again at cycle 34", "in the dead-letter queue (reason delivery_limit),
/// waiting for a dead-letter consumer"), and a table of its events from the
/// Journal: each delivery with its cycle, consumer, decision and the metadata before → after, and
/// below it, over the whole width, the strategy's reason in words.
///
/// showJourney() selects the message (from a tile, a table row, an event log line). refresh(),
/// called from the main window's ~30 Hz refresh, rebuilds the rows only when the journal has news
/// of that message; the queue position is looked up again each time (O(queued messages), only
/// while a queued message is shown), and so are the delayed messages and the dead-letter queue.
class JourneyPanel : public QWidget
{
    Q_OBJECT

public:
    /// Shows journeys from @p journal of @p simulation's messages; both must outlive the panel.
    JourneyPanel(Simulation *simulation, const Journal *journal, QWidget *parent = nullptr);

    /// The message shown (0 = none).
    quint64 messageId() const { return m_id; }

    /// The heading and the status line as shown, e.g. for tests.
    QString headingText() const;
    QString statusText() const;
    /// The note under the status (events of the message not shown), empty when hidden.
    QString noteText() const;

    JourneyModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }

    /// Brings the shown journey up to date.
    void refresh();

public Q_SLOTS:
    /// Shows the journey of message @p id (0 clears the panel).
    void showJourney(quint64 id);

private:
    void rebuild(bool force);
    void showReasons(int first, int last);
    /// Widens the Cycle and # columns to the largest number shown.
    void fitNumberColumns();

    Simulation *m_simulation;
    const Journal *m_journal;
    JourneyModel *m_model = nullptr;
    QLabel *m_heading = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_note = nullptr;
    QTreeView *m_view = nullptr;
    quint64 m_id = 0;
    quint64 m_revision = 0;
};

} // namespace PriorityLab
