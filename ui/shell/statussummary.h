#pragma once

#include <QList>
#include <QWidget>

class QLabel;

namespace PriorityLab {

class Simulation;

/// The status bar's numbers: run state, cycle, totals (produced, processed, postponed,
/// discarded, failed), queue depth, and the conservation check of docs/design.md §5 (produced =
/// processed + discarded + queued + held + rejected), shown as "conservation ✓" or, in red, "✗".
/// With the dead-letter queue (docs/design.md §3) on or used, "discarded" counts the final dead
/// letters (Counts::finalDiscarded()) and the queue's depth is shown as "N in the dead-letter
/// queue", so that the figures shown add up as the law does.
class StatusSummary : public QWidget
{
    Q_OBJECT

public:
    /// Numbers of @p simulation, which must outlive the widget.
    explicit StatusSummary(Simulation *simulation, QWidget *parent = nullptr);

    /// Reads the numbers again.
    void refresh();

    /// The texts shown, e.g. for tests: run state, cycle, totals, queue, conservation.
    QString text() const;

private:
    /// The labels, left to right, with a separator between two.
    enum Field { State, Cycle, Totals, Queue, Conservation, FieldCount };
    QLabel *field(Field f) const { return m_fields.at(f); }

    Simulation *m_simulation;
    QList<QLabel *> m_fields;  ///< in Field order
    QString m_totalsTip;       ///< the totals' tooltip without the dead-letter queue's line
    int m_holdsShown = -1;  ///< conservation result shown; -1 before the first refresh
};

} // namespace PriorityLab
