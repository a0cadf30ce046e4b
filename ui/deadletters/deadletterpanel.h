#pragma once

#include "ui/common/logtableview.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace PriorityLab {

class DeadLetterModel;
class Simulation;

/// The "Dead letters" dock's content: the discarded messages with reason,
/// consumer and cycle, newest at the bottom, and a line counting them: as data loss, or, with
/// the broker's dead-letter queue on or used (docs/design.md §3), how many wait in that queue,
/// how many its consumers drained (processed) and how many are final (data loss). Nothing disappears
/// silently: every discard of the run is counted, the newest Broker::deadLetterCapacity() are
/// listed. refresh() is called from the main window's throttled timer; when the list was
/// scrolled to its end it stays there as letters arrive. Selecting a line emits
/// messageSelected(). In a narrow dock the columns fit its width (LogTableView::
/// setFitsColumns()); where even that leaves no room, a column that carries nothing gives way
/// first: empty in every row (the consumer, when the broker itself discarded every letter),
/// then the same in every row (Deliveries 1 for every letter a TTL discarded;
/// LogTableView::setEmptyColumnsGiveWay(), setUniformColumnsGiveWay()), then the payload, id,
/// TTL and priority columns in that order (LogTableView::setNarrowHiddenColumns()), each row's
/// tooltip saying all. The cycle, reason, consumer, deliveries, priority and TTL are read whole
/// (LogTableView::setWholeColumns()), in a window as presenting; read from afar
/// (setReadFromAfar()) the other columns hide rather than show a cut title.
class DeadLetterPanel : public QWidget
{
    Q_OBJECT

public:
    /// The dead letters of @p simulation, which must outlive the panel.
    explicit DeadLetterPanel(Simulation *simulation, QWidget *parent = nullptr);

    DeadLetterModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

    /// Catches up with the broker's dead-letter list and updates the count line (also when
    /// only the dead-letter queue's depth or its consumers' counts changed).
    void refresh();

    /// The count line shown (rich text), e.g. "<b>10 dead letters</b>: 0 waiting in the
    /// dead-letter queue, 10 drained by its consumers; none final, no data lost." (drained:
    /// processed by the dead-letter consumers).
    QString summaryText() const;

    /// The line under the table that says what the columns hidden in a narrow dock, or because
    /// they carry nothing, hold for the selected dead letter, or the newest, on one line (whole
    /// in its tooltip): "Newest: Message 154 · Priority 5 · TTL 3 · Deliveries 1 · Data
    /// corrupt"; where it is narrow the fields go whole from the end, and only the first alone
    /// is elided (docs/design.md §8). Hidden while every column holding a value is in sight.
    QLabel *hiddenColumnsLabel() const { return m_hiddenColumns; }

    /// The panel's width (pixels, at the font of now) in which the cycle (six digits), the
    /// reason, the consumer and the deliveries read whole, the other columns hidden or narrow:
    /// what a dock that shows the dead letters to a class should give it.
    int readableWidth() const;
    /// Read from afar (presentation mode): the columns that give way hide rather than show a
    /// cut title (LogTableView::setHidesCutTitles()).
    void setReadFromAfar(bool on);

Q_SIGNALS:
    /// The user selected the dead letter of message @p id.
    void messageSelected(quint64 id);
    /// The first message of the run was discarded (seen at a refresh): data loss started, or,
    /// with the dead-letter queue on, the first dead letter is kept there.
    void firstLetterArrived();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    /// Tells the view which columns are read whole and their widest texts (the scenario's
    /// consumer names).
    void updateWholeColumns();
    /// Says the hidden columns' values in hiddenColumnsLabel(), or hides it.
    void updateHiddenColumns();

    Simulation *m_simulation;
    DeadLetterModel *m_model = nullptr;
    LogTableView *m_view = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_hiddenColumns = nullptr;
    qint64 m_shownTotal = -1;
};

} // namespace PriorityLab
