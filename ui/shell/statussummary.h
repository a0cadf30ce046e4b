#pragma once

#include <QList>
#include <QWidget>

#include <utility>

class QLabel;

namespace PriorityLab {

class Simulation;

/// The status bar's numbers: run state, cycle, totals (produced, processed, postponed,
/// discarded, failed), queue depth, and the conservation check of docs/design.md §5 (produced =
/// processed + discarded + queued + held + rejected), shown as "conservation ✓" or, in red, "✗".
/// With the dead-letter queue (docs/design.md §3) on or used, "discarded" counts the final dead
/// letters (Counts::finalDiscarded()) and the queue's depth is shown as "N in the dead-letter
/// queue", so that the figures shown add up as the law does.
///
/// The line fits its width (a 1024 px window, presentation mode's zoom): when the whole line
/// does not fit, secondary figures leave it for their field's tooltip, least important first
/// (the stop reason, the dead letters by reason, the delayed ones, postponed, failed, held,
/// rejected); produced, processed, discarded, queued, the dead-letter queue's depth, the cycle
/// and the conservation check always stay, in short words if need be ("DLQ 3", "✓", "prod. 9").
/// The full texts are in the tooltips.
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
    /// The figures moved to the tooltips or shortened for lack of room, in full, e.g.
    /// "postponed 131"; empty when the whole line fits.
    QStringList movedToToolTips() const { return m_moved; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// The labels, left to right, with a separator between two.
    enum Field { State, Cycle, Totals, Queue, Conservation, FieldCount };
    QLabel *field(Field f) const { return m_fields.at(f); }

    /// One figure of a field: its text, whether it follows the one before with " · " or
    /// directly (" (3 delayed)"), when it leaves the line for lack of room (drop: 0 never,
    /// else the higher the sooner), and its short words for the same figure, taken when even
    /// without the secondary figures the line is too wide (shorten: 0 never, else the higher
    /// the sooner).
    struct Part
    {
        Part(QString text, bool attached = false, int drop = 0, QString shortText = {}, int shorten = 0)
            : text(std::move(text)), attached(attached), drop(drop), shortText(std::move(shortText)),
              shorten(shorten)
        {
        }
        QString text;
        bool attached;
        int drop;
        QString shortText;
        int shorten;
    };
    /// Shows m_parts in the fields: as many secondary parts as the width allows.
    void fit();
    /// The text of field @p f without the parts whose drop is at or above @p dropFrom, in short
    /// words the parts whose shorten is at or above @p shortFrom.
    QString fieldText(Field f, int dropFrom, int shortFrom) const;

    Simulation *m_simulation;
    QList<QLabel *> m_fields;  ///< in Field order
    QList<QWidget *> m_separators;
    QList<QList<Part>> m_parts;  ///< per field, left to right
    QStringList m_tips;          ///< per field, the tooltip without the moved figures
    QStringList m_moved;
    QString m_conservation;  ///< the conservation check's text
    QString m_totalsTip;       ///< the totals' tooltip without the dead-letter queue's line
    int m_holdsShown = -1;  ///< conservation result shown; -1 before the first refresh
};

} // namespace PriorityLab
