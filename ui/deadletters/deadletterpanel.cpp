#include "ui/deadletters/deadletterpanel.h"
#include "ui/common/wordings.h"
#include "ui/common/digitshapelabel.h"
#include "ui/common/sizeguard.h"
#include "ui/common/textcolors.h"

#include "ui/deadletters/deadlettermodel.h"
#include "ui/common/logtableview.h"
#include "core/engine/simulation.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMetaObject>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace PriorityLab {

DeadLetterPanel::DeadLetterPanel(Simulation *simulation, QWidget *parent)
    : QWidget(parent), m_simulation(simulation)
{
    m_model = new DeadLetterModel(simulation, this);

    // Its counts change at every refresh: its hints are kept while only they change.
    m_summary = new DigitShapeLabel(this);
    m_summary->setObjectName(QStringLiteral("deadLetterSummary"));
    m_summary->setWordWrap(true);
    m_summary->setContentsMargins(6, 3, 6, 3);
    m_summary->setToolTip(tr("A discarded message is not lost silently: it goes to this "
                             "dead-letter list with the reason. The TTL strategy discards "
                             "messages whose TTL is at or below its low bound. With the broker's "
                             "dead-letter queue on, a dead letter is kept there until a "
                             "dead-letter consumer takes it; drained = processed by those "
                             "consumers. Only what such a consumer discards, or what comes back "
                             "from it past the delivery limit, is final: data lost."));

    // Each column as wide as its title or its typical content, whichever is wider.
    m_view = new LogTableView(m_model, {3, 4, 6, 7, 5, 3, 2}, this);
    // The reason and the consumer are what a class reads first: right after the message, in
    // sight in a narrow dock (at 1024 px the consumer was off the right), the reason as wide as
    // its longest word (it read "delivery…").
    QHeaderView *header = m_view->horizontalHeader();
    header->moveSection(header->visualIndex(DeadLetterModel::ReasonColumn), header->visualIndex(DeadLetterModel::DataColumn));
    header->moveSection(header->visualIndex(DeadLetterModel::ConsumerColumn), header->visualIndex(DeadLetterModel::DataColumn));
    const QFontMetrics fm = m_view->fontMetrics();
    int reason = 0;
    for (const QString &word : {QStringLiteral("ttl-expired"), QStringLiteral("delivery_limit"), QStringLiteral("maxlen"),
                                QStringLiteral("expired")})
        reason = std::max(reason, fm.horizontalAdvance(word) + 2 * fm.horizontalAdvance(QLatin1Char('0')));
    header->resizeSection(DeadLetterModel::ReasonColumn, std::max(header->sectionSize(DeadLetterModel::ReasonColumn), reason));
    // In a narrow dock (1280x720 with a lesson open) every column stays in sight, shrunk and
    // elided, instead of the right ones going off the edge; the tooltips say all.
    m_view->setFitsColumns(true);
    // Presenting at 1024x768 the dock is about 250 px wide: not enough for eight columns even
    // at their least widths (a horizontal scroll bar hid Deliveries). The payload, id, TTL and
    // priority give way, in that order, while needed; each row's tooltip says them all, the line
    // under the table the selected or newest one's. The priority and TTL go last: in a priority
    // lab they are what a class compares from row to row (lesson-max-length-drops-urgent: which
    // priorities the length limit drops; lesson-ttl-moved: the TTLs at or below the low bound),
    // the id is one line below for the row that matters.
    m_view->setNarrowHiddenColumns({DeadLetterModel::DataColumn, DeadLetterModel::MessageIdColumn,
                                    DeadLetterModel::TtlColumn, DeadLetterModel::PriorityColumn});
    // Before those, a column that carries nothing: empty in every row (the consumer, when the
    // broker refused or dropped every letter: lesson-max-length-drops-urgent presenting at
    // 1024x768 hid the priority while the blank consumer column stayed), then one the same in
    // every row (Deliveries 1 in every row of lesson-ttl-moved took the room of the Priority
    // and TTL presenting at 1280x720; the reason, when every letter has the same). The line
    // under the table says their value (docs/design.md §8).
    m_view->setEmptyColumnsGiveWay(true);
    m_view->setUniformColumnsGiveWay(true);
    // Columns give way as the rows change too, not only as the dock is resized.
    connect(m_view, &LogTableView::columnsGaveWay, this, &DeadLetterPanel::updateHiddenColumns);
    // The columns a class reads (the cycle, the reason, the consumer, the deliveries, the
    // priority and the TTL) are never cut ("ttl-ex…", "Cy…", "106…" presenting at 150 %;
    // "Consu…", "Deliveri…", "Pri…" in a window at 1280x720): each keeps its title's width and
    // its widest cell's; the others give way first.
    updateWholeColumns();
    connect(m_simulation, &Simulation::scenarioLoaded, this, &DeadLetterPanel::updateWholeColumns);
    m_view->setToolTip(tr("Discarded messages, newest at the bottom. Click one to follow its "
                          "journey."));
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const quint64 id = current.data(DeadLetterModel::MessageIdRole).toULongLong();
                if (id != 0)
                    Q_EMIT messageSelected(id);
                updateHiddenColumns();
            });

    // Presenting at 1024x768 the dock is too narrow for the message's columns (they give way,
    // above): the class could not tell which message a row is. This line says it for the
    // selected row, or the newest, while columns are hidden.
    m_hiddenColumns = new QLabel(this);
    m_hiddenColumns->setObjectName(QStringLiteral("deadLetterHiddenColumns"));
    m_hiddenColumns->setTextFormat(Qt::PlainText);
    // One line, elided at its end (the payload last), whatever the dock's width: it must not
    // ask the docks for room (the lesson beside it keeps its height).
    m_hiddenColumns->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_hiddenColumns->setContentsMargins(6, 2, 6, 2);
    m_hiddenColumns->hide();
    m_hiddenColumns->installEventFilter(this);  // elided again at its new width
    m_view->viewport()->installEventFilter(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(new SizeGuard(m_summary, this));  // its counts change at every refresh
    layout->addWidget(m_view, 1);
    layout->addWidget(new SizeGuard(m_hiddenColumns, this));  // new values at every refresh
    refresh();
}

bool DeadLetterPanel::eventFilter(QObject *watched, QEvent *event)
{
    // Elided again at its new width; the view fits (hides) its columns when its viewport is
    // resized, after this filter.
    if (watched == m_hiddenColumns && event->type() == QEvent::Resize)
        updateHiddenColumns();
    else if (watched == m_view->viewport() && event->type() == QEvent::Resize) {
        QMetaObject::invokeMethod(this, &DeadLetterPanel::updateHiddenColumns, Qt::QueuedConnection);
        // At its end before (the scroll range is not updated yet): still there after, also as
        // the line under the table comes and takes a row's height (the newest letter was
        // under the table's edge, presenting lesson-ttl-moved at 1280x720).
        if (const QScrollBar *bar = m_view->verticalScrollBar(); bar->value() >= bar->maximum())
            QMetaObject::invokeMethod(m_view, &QAbstractItemView::scrollToBottom, Qt::QueuedConnection);
    }
    return QWidget::eventFilter(watched, event);
}

void DeadLetterPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateHiddenColumns();  // not kept up to date while hidden
}

void DeadLetterPanel::updateHiddenColumns()
{
    // The columns that gave way: for a narrow dock, or carrying nothing (empty, or the same in
    // every row: the newest row's value is every row's).
    const QList<int> hidden = m_view->narrowHiddenColumns() + m_view->emptyHiddenColumns();
    const int rows = m_model->rowCount();
    // Only while the panel is in sight (showEvent() catches up).
    if (hidden.isEmpty() || rows == 0 || !isVisible()) {
        m_hiddenColumns->hide();
        return;
    }
    const QModelIndex current = m_view->currentIndex();
    const int row = current.isValid() ? current.row() : rows - 1;
    QStringList parts;
    // Which message first, the payload (the longest) last.
    for (const int c : {int(DeadLetterModel::MessageIdColumn), int(DeadLetterModel::PriorityColumn),
                        int(DeadLetterModel::TtlColumn), int(DeadLetterModel::ReasonColumn),
                        int(DeadLetterModel::ConsumerColumn), int(DeadLetterModel::DeliveriesColumn),
                        int(DeadLetterModel::DataColumn)}) {
        const QString value = m_model->index(row, c).data().toString();
        // The message always, first: which row the values are of.
        if ((hidden.contains(c) || c == DeadLetterModel::MessageIdColumn) && !value.isEmpty())
            parts << tr("%1 %2").arg(m_model->headerData(c, Qt::Horizontal).toString(), value);
    }
    if (parts.size() <= 1) {  // only empty columns gave way
        m_hiddenColumns->hide();
        return;
    }
    const QString lead = current.isValid() ? tr("Selected: %1") : tr("Newest: %1");
    const QString text = lead.arg(parts.join(QStringLiteral(" · ")));
    // Where the line is too narrow the fields go whole from its end (the payload first, then
    // the TTL, the priority), not cut mid-word ("… · TTL 3 · Da…"); only the message alone is
    // elided, where even it does not fit. The tooltip says all.
    QStringList wordings{text};
    for (qsizetype kept = parts.size() - 1; kept >= 1; --kept)
        wordings << lead.arg(QStringList(parts.mid(0, kept)).join(QStringLiteral(" · ")));
    const int room = std::max(0, m_hiddenColumns->contentsRect().width());
    const QString shown = firstThatFits(m_hiddenColumns->fontMetrics(), room, wordings, WhenNoneFits::Elided);
    if (shown != m_hiddenColumns->text())
        m_hiddenColumns->setText(shown);
    if (text != m_hiddenColumns->toolTip())
        m_hiddenColumns->setToolTip(text);
    m_hiddenColumns->show();
}

void DeadLetterPanel::refresh()
{
    QScrollBar *bar = m_view->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum();
    if (m_model->refresh() > 0 && atEnd)
        m_view->scrollToBottom();

    const qint64 total = m_model->totalCount();
    const bool first = m_shownTotal <= 0 && total > 0;
    m_shownTotal = total;
    const QLocale locale;
    const Broker &broker = m_simulation->broker();
    const Counts &totals = m_simulation->metrics().totals();
    const qint64 waiting = qint64(broker.deadLetterQueue().size());
    QString text;
    bool loss = false;
    if (broker.config().deadLetterQueue || waiting > 0 || totals.deadLetterQueued > 0) {
        // The dead-letter queue (docs/design.md §3) keeps dead letters: only the final ones are
        // lost. Its depth changes while the list does not, so the text is composed every time.
        qint64 drained = 0;
        qint64 held = 0;
        for (const auto &c : m_simulation->consumers()) {
            if (c->deadLetters) {
                drained += c->stats.processed;
                held += qint64(c->held.size());
            }
        }
        const qint64 lost = totals.finalDiscarded();
        loss = lost > 0;
        text = (total == 1 ? tr("<b>1 dead letter</b>") : tr("<b>%1 dead letters</b>").arg(locale.toString(total)))
               + QLatin1String(": ")
               + tr("%1 waiting in the dead-letter queue, %2 drained by its consumers")
                         .arg(locale.toString(waiting), locale.toString(drained));
        if (held > 0)
            text += tr(", %1 held by them").arg(locale.toString(held));
        text += QLatin1String("; ");
        text += loss ? tr("<b>%1 final</b> (data loss).").arg(locale.toString(lost))
                     : tr("none final, no data lost.");
    } else if (total == 0) {
        text = tr("No message discarded: nothing lost so far.");
    } else {
        loss = true;
        text = total == 1 ? tr("<b>1 message discarded</b> (data loss).")
                          : tr("<b>%1 messages discarded</b> (data loss).").arg(locale.toString(total));
    }
    if (total > m_model->rowCount())
        text += QLatin1Char(' ') + tr("The newest %1 are listed.").arg(locale.toString(m_model->rowCount()));
    if (text != m_summary->text())
        m_summary->setText(text);
    // Data loss in the warning colour, readable on the panel's background under every palette.
    TextColors::apply(m_summary, loss ? TextColors::Tone::Warning : TextColors::Tone::Normal);
    updateHiddenColumns();
    if (first)
        Q_EMIT firstLetterArrived();
}

void DeadLetterPanel::updateWholeColumns()
{
    // A six-digit cycle (a long run), the longest reason word, the longest consumer's name.
    QString reason;
    for (const QString &word : {QStringLiteral("ttl-expired"), QStringLiteral("delivery_limit"), QStringLiteral("maxlen"),
                                QStringLiteral("expired")}) {
        if (m_view->fontMetrics().horizontalAdvance(word) > m_view->fontMetrics().horizontalAdvance(reason))
            reason = word;
    }
    QString consumer;
    for (const auto &c : m_simulation->consumers()) {
        if (m_view->fontMetrics().horizontalAdvance(c->name) > m_view->fontMetrics().horizontalAdvance(consumer))
            consumer = c->name;
    }
    // The message's title too ("Mess…" stood between the cycle and the reason in a window at
    // 1024x768, its column shrunk with the payload's): its id is short, its title the widest
    // text it shows. It still gives way, last, where the dock is too narrow (presenting).
    // The priority and the TTL: what a lesson step talks about ("TTL 4 or less"), read whole
    // while in sight ("Pri…" in a window at 1280x720); they give way last.
    m_view->setWholeColumns({DeadLetterModel::CycleColumn, DeadLetterModel::ReasonColumn,
                             DeadLetterModel::ConsumerColumn, DeadLetterModel::DeliveriesColumn,
                             DeadLetterModel::MessageIdColumn, DeadLetterModel::PriorityColumn,
                             DeadLetterModel::TtlColumn},
                            {QStringLiteral("000000"), reason, consumer, QStringLiteral("00"), QString(),
                             QStringLiteral("-00"), QStringLiteral("000")});
}

void DeadLetterPanel::setReadFromAfar(bool on)
{
    m_view->setHidesCutTitles(on);
}

int DeadLetterPanel::readableWidth() const
{
    return m_view->wholeViewWidth();
}

QString DeadLetterPanel::summaryText() const
{
    return m_summary->text();
}

} // namespace PriorityLab
