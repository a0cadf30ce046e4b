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
/// The line fits its width (a 1024 px window, presentation mode's zoom, large counts): when the
/// whole line does not fit, its texts degrade by stages (Stage), each taken only if the one
/// before is not enough: the stop reason leaves; the secondary figures (postponed, failed,
/// rejected, delayed) take short words ("postp. 131"); the dead-letter queue's depth reads
/// "DLQ 3"; the key figures take short words ("prod. 9"); the conservation check becomes
/// "conserv. ✓" (a class reads the word); numbers of 5 digits or more are rounded ("12.3k",
/// "1.23M"); the check becomes "cons. ✓" (never its sign alone, which tells a class nothing); the
/// fields close up around their separators; the run state reads as its sign ("▶", "❚❚", "■", as on the toolbar's buttons). Only past all of these, at widths
/// narrower than any 1024 px window, do secondary figures leave the line, the least important
/// first, and last of all the run state ("Running", "Paused", "Finished"): a class reads it from
/// the line while presenting at 1024x768. Everything shortened or left out is in full in its
/// field's tooltip.
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
    /// The figures shortened, rounded or moved to the tooltips for lack of room, in full, e.g.
    /// "postponed 131"; empty when the whole line fits.
    QStringList movedToToolTips() const { return m_moved; }
    /// How far the texts degraded to fit (Stage), 0 when the whole line fits in full.
    int stage() const { return m_stage; }

    /// The stages of fit(), in the order they are taken.
    enum Stage {
        StopReasonGoes = 1,  ///< "Finished" without its reason
        OtherWordsShort,     ///< postponed, failed, rejected, delayed in short words
        DeadLetterQueueShort,  ///< "DLQ 3" for "3 in the dead-letter queue"
        KeyWordsShort,       ///< produced, processed, discarded in short words
        CheckShort,          ///< "conserv. ✓" / "conserv. ✗" for the conservation check
        NumbersRounded,      ///< figures of CompactFrom and more rounded: "12.3k", "1.23M"
        CheckShortest,       ///< "cons. ✓" / "cons. ✗" for the conservation check
        Closer,              ///< 4 px instead of 10 on either side of the fields' separators
        StateShort,          ///< the run state as its sign: "▶" running, "❚❚" paused, "■" finished
        ReasonsGo,           ///< the broker's dead letters by reason leave the line
        DelayedGoes,
        PostponedGoes,
        FailedGoes,
        HeldGoes,
        RejectedGoes,
        StateGoes,           ///< the run state leaves the line (the toolbar's Run/Pause shows it)
        LastStage = StateGoes
    };
    /// Figures from this value up are rounded at NumbersRounded.
    static constexpr qint64 CompactFrom = 10000;
    /// @p n with 3 significant digits and a unit (k, M, G), e.g. 12,345 -> "12.3k"; below
    /// CompactFrom in full, e.g. "9,999".
    static QString roundedNumber(qint64 n);
    /// The pixels on either side of a separator at stage @p stage (fewer from Closer on).
    static int spacingAt(int stage);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    /// The labels, left to right, with a separator between two.
    enum Field { State, Cycle, Totals, Queue, Conservation, FieldCount };
    QLabel *field(Field f) const { return m_fields.at(f); }

    /// One figure of a field: its text, whether it follows the one before with " · " or
    /// directly (" (3 delayed)"), and the texts it takes from a stage on (an empty one: it
    /// leaves the line), in stage order.
    struct Part
    {
        Part(QString text, bool attached = false, QList<std::pair<int, QString>> degrade = {})
            : text(std::move(text)), attached(attached), degrade(std::move(degrade))
        {
        }
        QString text;
        bool attached;
        QList<std::pair<int, QString>> degrade;
        /// The text at stage @p stage (empty: not shown).
        QString textAt(int stage) const;
    };
    /// Shows m_parts in the fields at the first stage whose texts fit the width.
    void fit();
    /// The text of field @p f at stage @p stage.
    QString fieldText(Field f, int stage) const;

    Simulation *m_simulation;
    QList<QLabel *> m_fields;  ///< in Field order
    QList<QWidget *> m_separators;
    QList<QList<Part>> m_parts;  ///< per field, left to right
    QStringList m_tips;          ///< per field, the tooltip without the moved figures
    QStringList m_moved;
    QString m_conservation;  ///< the conservation check's text
    QString m_totalsTip;       ///< the totals' tooltip without the dead-letter queue's line
    int m_stage = 0;
    int m_holdsShown = -1;  ///< conservation result shown; -1 before the first refresh
};

} // namespace PriorityLab
