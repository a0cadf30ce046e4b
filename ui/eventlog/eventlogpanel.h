#pragma once

#include "core/model/events.h"

#include <QPointer>
#include <QWidget>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace PriorityLab {

class EventLogFilterModel;
class EventLogModel;
class RefreshSnapshot;
class Simulation;

/// The "Event log" dock's content: every event of the simulation, newest at the
/// bottom, in a capped ring buffer (EventLogModel) behind a filter (EventLogFilterModel) by event
/// type (a menu of check boxes), consumer (a list) and message id (a field), with a follow mode that
/// keeps the newest line in view.
///
/// It takes the events of the cycle reports of each RefreshSnapshot (the simulation must record
/// events: Simulation::setRecordEvents(true)) at refresh(), called from the main window's
/// throttled timer: one batched removal and one batched insertion per refresh, however many
/// cycles ran. Clicking a line emits messageSelected() (e.g. to show the message's journey)
/// and stops following, so the line stays in view.
class EventLogPanel : public QWidget
{
    Q_OBJECT

public:
    /// The log of @p simulation, which must outlive the panel; at most @p capacity events kept.
    explicit EventLogPanel(Simulation *simulation, QWidget *parent = nullptr,
                           qsizetype capacity = 50000);

    EventLogModel *model() const { return m_model; }
    EventLogFilterModel *filterModel() const { return m_filter; }
    QTableView *view() const { return m_view; }

    /// Follow mode: after each refresh the newest line is scrolled into view.
    bool follows() const { return m_follow; }
    void setFollow(bool follow);

    /// Shows only the events of message @p id (0 = all), as if typed into the message field.
    void setMessageFilter(quint64 id);
    /// Shows only the events of consumer @p name (empty = all), as if chosen in the list.
    void setConsumerFilter(const QString &name);
    /// Shows or hides events of @p type, as its toggle button does.
    void setTypeShown(Event::Type type, bool shown);

    /// Takes the events of @p snapshot's reports, applies them, scrolls to the newest if
    /// following, updates the counts. Cheap when nothing arrived. While the panel is hidden in a
    /// window on screen (closed dock, tab behind another), the events wait until it is shown.
    void refresh(const RefreshSnapshot &snapshot);

Q_SIGNALS:
    /// The user selected a line of message @p id.
    void messageSelected(quint64 id);
    /// Follow mode was switched on or off.
    void followChanged(bool follow);

protected:
    /// Applies the events that waited while the panel was hidden.
    void showEvent(QShowEvent *event) override;
    /// Fits the event count to its room again (fitCount()).
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Applies the pending events (see refresh()).
    void applyPending();
    void updateConsumers();
    void updateCount();
    /// The filter or the log changed: counts again and updates the caption.
    void recount();
    void updateTypesButton();
    void onCurrentChanged();
    void followDock();
    void onDockVisibilityChanged(bool visible);

    Simulation *m_simulation;
    EventLogModel *m_model = nullptr;
    EventLogFilterModel *m_filter = nullptr;
    QTableView *m_view = nullptr;
    QToolButton *m_typesButton = nullptr;
    QList<QAction *> m_typeActions;
    QComboBox *m_consumer = nullptr;
    QLineEdit *m_messageId = nullptr;
    QToolButton *m_followButton = nullptr;
    QLabel *m_count = nullptr;
    bool m_follow = true;
    bool m_countDirty = true;
    /// @p count in at most 4 characters from 1,000 on: "2.5k", "12k", "1.2M" (rounded down); in
    /// full below ("999").
    static QString shortCount(qsizetype count);
    /// Shows the count in full where it fits its label, else in short, elided only past that.
    void fitCount();

    QString m_countText;  ///< the count in full; the label shows it where it fits
    QString m_countShort; ///< the count in short ("2.5k events"), shown where the full one does not fit
    QString m_countBare;  ///< the number alone ("2.5k", "1.0k/2.5k"), where even the short one does not
    QString m_countTip;   ///< the count label's own tooltip, after the full count
    QPointer<QDockWidget> m_dock;  ///< the dock the panel sits in, if any
};

} // namespace PriorityLab
