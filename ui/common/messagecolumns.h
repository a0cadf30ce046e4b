#pragma once

#include "core/model/message.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QVariant>

namespace PriorityLab {

/// The columns the message tables share (the event log, the dead letters): what each shows of
/// a message and its fate, its title (the same in every table) and its alignment. A model lists
/// its columns once (MessageColumns::Column: a kind and the model's own header tooltip) and
/// answers data() and headerData() through MessageColumns::messageCell() (only the cell asked
/// for) and MessageColumns::headerData().
class MessageColumns
{
    Q_DECLARE_TR_FUNCTIONS(PriorityLab::MessageColumns)

public:
    /// What a column shows.
    enum class Kind { Cycle, Event, Consumer, MessageId, Data, Priority, Ttl, Deliveries, Reason, Explanation };

    /// One column of a table: its kind (which gives its title, title()) and its header tooltip,
    /// which says what the column means in that table.
    struct Column
    {
        Kind kind;
        QString toolTip;
    };

    /// The header title of a column of @p kind, e.g. "TTL" for Kind::Ttl.
    static QString title(Kind kind);
    /// The tooltip of a Cycle column whose rows say when something @p happened ("happened",
    /// "was discarded"): the cycle counted from 0, as prioritylab-sim --events and the scenario
    /// file's atCycle count it, one less than the toolbar's counter once that cycle has run (a
    /// trial read "cycle 34" in the event log beside "Cycle 35" and took one for a slip).
    static QString cycleToolTip(const QString &happened);
    /// The display value of a column of @p kind for @p message, handled in cycle @p cycle by
    /// @p consumer: the kinds every message has (Cycle, Consumer, MessageId, Data, Priority, Ttl,
    /// Deliveries); invalid for the kinds each model says itself (Event, Reason, Explanation).
    /// Only that column's value is made: a view asks for one cell at a time (each painted cell,
    /// LogTableView's scan of a column's values), and a numbered payload's text is built anew.
    static QVariant messageCell(Kind kind, qint64 cycle, const QString &consumer, const Message &message);
    /// Right-aligned for numbers; invalid (the default) otherwise.
    static QVariant alignment(Kind kind);
    /// headerData() of a table with @p columns: the title() (Qt::DisplayRole) or the tooltip
    /// (Qt::ToolTipRole) of horizontal section @p section; invalid otherwise.
    static QVariant headerData(const QList<Column> &columns, int section, Qt::Orientation orientation,
                               int role);
};

} // namespace PriorityLab
