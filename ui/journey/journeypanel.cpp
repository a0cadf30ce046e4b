#include "ui/journey/journeypanel.h"
#include "ui/common/textcolors.h"

#include "core/analysis/journal.h"
#include "ui/journey/journeymodel.h"
#include "core/engine/simulation.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QLabel>
#include <QLocale>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>

namespace PriorityLab {

namespace {
/// Lets a reason row wrap onto more lines when the view is narrow: its size hint is computed for
/// the width it spans (QTreeView asks without a width).
class ReasonDelegate : public QStyledItemDelegate
{
public:
    explicit ReasonDelegate(QTreeView *view) : QStyledItemDelegate(view), m_view(view) { }

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (!JourneyModel::isReason(index))
            return QStyledItemDelegate::sizeHint(option, index);
        QStyleOptionViewItem o = option;
        // A valid rectangle (the style wraps only within one), as wide as the spanned row.
        o.rect = QRect(0, 0, std::max(50, m_view->viewport()->width() - m_view->indentation()),
                       1 << 16);
        return QStyledItemDelegate::sizeHint(o, index);
    }

private:
    QTreeView *m_view;
};

/// Where a message sits in the broker's queue.
struct QueuePlace
{
    const Message *message = nullptr;
    qsizetype position = -1; ///< in dispatch order, all sub-queues together
    qsizetype local = -1; ///< in its sub-queue
    QString queue; ///< the sub-queue's name
};

QueuePlace findQueued(const Broker &broker, quint64 id)
{
    qsizetype offset = 0;
    for (const Broker::SubQueue &q : broker.subQueues()) {
        qsizetype i = 0;
        for (const Message &m : q.messages) {
            if (m.id == id)
                return {&m, offset + i, i, q.name};
            ++i;
        }
        offset += i;
    }
    return {};
}

const Broker::DeadLetter *findDeadLetter(const Broker &broker, quint64 id)
{
    const auto &letters = broker.deadLetters();
    for (auto it = letters.rbegin(); it != letters.rend(); ++it) {
        if (it->message.id == id)
            return &*it;
    }
    return nullptr;
}

/// The cycle a delayed message (a strategy's retryDelay) becomes visible in, or -1.
qint64 delayedUntil(const Broker &broker, quint64 id)
{
    for (const auto &[cycle, message] : broker.delayed()) {
        if (message.id == id)
            return cycle;
    }
    return -1;
}

const Message *findInDeadLetterQueue(const Broker &broker, quint64 id)
{
    for (const Message &m : broker.deadLetterQueue()) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}
} // namespace

JourneyPanel::JourneyPanel(Simulation *simulation, const Journal *journal, QWidget *parent)
    : QWidget(parent), m_simulation(simulation), m_journal(journal)
{
    m_model = new JourneyModel(this);
    m_heading = new QLabel(this);
    QFont f = m_heading->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.1);
    m_heading->setFont(f);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setVisible(false);
    m_note->setForegroundRole(QPalette::PlaceholderText);

    m_view = new QTreeView(this);
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    // Each reason row spans the whole width and wraps when the dock is narrow; journeys are short
    // (at most Journal::Limits::eventsPerMessage events), so non-uniform heights cost little.
    m_view->setUniformRowHeights(false);
    m_view->setItemDelegate(new ReasonDelegate(m_view));
    m_view->setItemsExpandable(false);
    m_view->setExpandsOnDoubleClick(false);
    m_view->setIndentation(m_view->fontMetrics().horizontalAdvance(QLatin1Char('0')) * 3);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(true);
    m_view->setTextElideMode(Qt::ElideNone);
    m_view->setToolTip(
            tr("Each delivery of the message: which consumer got it in which cycle, what "
               "its strategy decided and why, and how the metadata changed (before → "
               "after). A postponed message goes back to the tail of the queue."));
    QHeaderView *header = m_view->header();
    // Each column as wide as its whole title or its content, whichever is wider; the last one
    // takes what is left. (A stretched Decision column was squeezed below its title in a narrow
    // dock: "Decisi".)
    header->setStretchLastSection(true);
    header->setSectionResizeMode(QHeaderView::Interactive);
    const QFontMetrics fm = m_view->fontMetrics();
    const int digit = fm.horizontalAdvance(QLatin1Char('0'));
    const int headerMargin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + digit;
    const auto width = [&](JourneyModel::Column c, int chars) {
        const int title = header->fontMetrics().horizontalAdvance(m_model->headerData(c, Qt::Horizontal).toString())
                + headerMargin;
        header->resizeSection(c, std::max(chars * digit, title));
    };
    // A new width changes the height of the wrapped reasons.
    connect(header, &QHeaderView::sectionResized, m_view, [this] { m_view->doItemsLayout(); });
    // Reason rows: spanned over every column, always shown.
    connect(m_model, &QAbstractItemModel::modelReset, this,
            [this] { showReasons(0, m_model->rowCount() - 1); });
    connect(m_model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &parent, int first, int last) {
                if (!parent.isValid())
                    showReasons(first, last);
            });
    header->setMinimumSectionSize(3 * digit);
    width(JourneyModel::Cycle, 5);
    width(JourneyModel::Delivery, 3);
    width(JourneyModel::Consumer, 10);
    width(JourneyModel::Decision, 12);
    width(JourneyModel::Priority, 6);
    width(JourneyModel::Ttl, 6);
    width(JourneyModel::PredicateRuns, 6);
    // A decision wraps at its spaces ("discarded (delivery_limit)"): its longest word fits.
    int decisionWord = 0;
    for (const QString &word : {QStringLiteral("(delivery_limit)"), QStringLiteral("(requeued)"), QStringLiteral("processed"),
                                QStringLiteral("postponed"), QStringLiteral("discarded")})
        decisionWord = std::max(decisionWord, fm.horizontalAdvance(word) + 2 * digit);
    header->resizeSection(JourneyModel::Decision, std::max(header->sectionSize(JourneyModel::Decision), decisionWord));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(3);
    layout->addWidget(m_heading);
    layout->addWidget(m_status);
    layout->addWidget(m_note);
    layout->addWidget(m_view, 1);

    connect(m_simulation, &Simulation::scenarioLoaded, this, [this] { showJourney(0); });
    rebuild(true);
}

void JourneyPanel::showReasons(int first, int last)
{
    for (int row = first; row <= last; ++row) {
        const QModelIndex event = m_model->index(row, 0);
        m_view->setFirstColumnSpanned(0, event, true);
        m_view->expand(event);
    }
}

QString JourneyPanel::headingText() const
{
    return m_heading->text();
}

QString JourneyPanel::statusText() const
{
    return m_status->text();
}

QString JourneyPanel::noteText() const
{
    return m_note->isHidden() ? QString() : m_note->text();
}

void JourneyPanel::showJourney(quint64 id)
{
    const bool another = id != m_id;
    m_id = id;
    rebuild(true);
    if (another)
        m_view->scrollToTop();  // a new journey starts at its beginning
}

void JourneyPanel::refresh()
{
    rebuild(false);
}

void JourneyPanel::rebuild(bool force)
{
    // Green once processed, red once discarded: the outcome at a glance; plain otherwise.
    const auto setTone = [this](TextColors::Tone tone) {
        TextColors::apply(m_status, tone);
        QFont font = m_status->font();
        font.setBold(tone != TextColors::Tone::Normal);
        if (font != m_status->font())
            m_status->setFont(font);
    };
    if (m_id == 0) {
        m_model->setJourney(0, {});
        m_revision = 0;
        m_heading->setText(tr("No message selected"));
        m_status->setText(tr("Click a tile or a table row of the queue to follow that message: "
                             "every delivery, what each consumer decided and why."));
        setTone(TextColors::Tone::Normal);
        m_note->setVisible(false);
        return;
    }
    const quint64 revision = m_journal->revision(m_id);
    if (force || revision != m_revision) {
        // New rows are followed when the last one was in sight, as in a log.
        const QScrollBar *bar = m_view->verticalScrollBar();
        const bool atEnd = bar->maximum() > 0 && bar->value() == bar->maximum();
        m_model->setJourney(m_id, m_journal->journey(m_id));
        m_revision = revision;
        fitNumberColumns();
        if (atEnd)
            m_view->scrollToBottom();
    }
    const QList<Event> &events = m_model->events();
    const Broker &broker = m_simulation->broker();

    // Identity: from the journal, else from the queue or the dead letters.
    const QueuePlace place = (events.isEmpty()
                              || (events.constLast().type != Event::Type::Processed
                                  && events.constLast().type != Event::Type::Discarded
                                  && events.constLast().type != Event::Type::Rejected))
            ? findQueued(broker, m_id)
            : QueuePlace {};
    const Broker::DeadLetter *dead = nullptr;
    const Message *identity = events.isEmpty() ? place.message : &events.constFirst().message;
    if (!identity) {
        dead = findDeadLetter(broker, m_id);
        if (dead)
            identity = &dead->message;
    }
    if (identity) {
        m_heading->setText(
                tr("Message #%1 %2 (%3)").arg(m_id).arg(identity->data.text(), identity->producer.text()));
    } else {
        m_heading->setText(tr("Message #%1").arg(m_id));
    }

    const QLocale locale;
    // Why events are missing, said the same way in the status and in the note.
    const auto latestCycles = [this, &locale](qint64 from) {
        const QString events = locale.toString(m_journal->limits().events);
        return from < 0 ? tr("the journal keeps only the events of the latest cycles (about %1 events)").arg(events)
                        : tr("the journal keeps only the events of the latest cycles (about %1 events, now from "
                             "cycle %2 on)").arg(events).arg(from);
    };
    const auto partlyKept = [&locale](qint64 cycle) {
        return tr("cycle %1 had more events than a cycle keeps (its first and last %2)")
                .arg(cycle)
                .arg(locale.toString(CycleReport::KeptEventsHead));
    };
    QString status;
    // Waiting, not lost: kept in the dead-letter queue, or delayed by a strategy's retryDelay.
    const Message *waitingDead = place.message ? nullptr : findInDeadLetterQueue(broker, m_id);
    const qint64 visibleAt = place.message ? -1 : delayedUntil(broker, m_id);
    if (visibleAt >= 0) {
        const bool sentBack = !events.isEmpty()
                && (events.constLast().type == Event::Type::Postponed
                    || events.constLast().type == Event::Type::Failed);
        const qint64 delay = sentBack ? visibleAt - events.constLast().cycle : 0;
        status = sentBack
                ? tr("Delayed: sent back by %1 with a retry delay of %2, visible again at cycle %3.")
                          .arg(events.constLast().consumer,
                               delay == 1 ? tr("1 cycle") : tr("%1 cycles").arg(delay))
                          .arg(visibleAt)
                : tr("Delayed: visible again at cycle %1.").arg(visibleAt);
    } else if (waitingDead) {
        QString reason;
        if (!events.isEmpty() && events.constLast().type == Event::Type::Discarded)
            reason = events.constLast().reason;
        else if (const Broker::DeadLetter *letter = findDeadLetter(broker, m_id))
            reason = letter->reason;
        status = tr("In the dead-letter queue (reason %1), waiting for a dead-letter consumer.")
                         .arg(reason.isEmpty() ? tr("none given") : reason);
    }
    if (status.isEmpty() && !events.isEmpty()) {
        const Event &last = events.constLast();
        const int deliveries = last.message.deliveries;
        const QString times =
                deliveries == 1 ? tr("1 delivery") : tr("%1 deliveries").arg(locale.toString(deliveries));
        switch (last.type) {
        case Event::Type::Processed:
        {
            const qint64 waited = last.cycle - last.message.producedCycle;
            const QString when = waited == 0 ? tr("in the cycle it was produced")
                    : waited == 1            ? tr("1 cycle after it was produced")
                                             : tr("%1 cycles after it was produced").arg(waited);
            status = tr("Processed at cycle %1 by %2 after %3, %4.").arg(last.cycle).arg(last.consumer, times, when);
            break;
        }
        case Event::Type::Discarded:
            status =
                    tr("Discarded (%1) at cycle %2 by %3 after %4 — it is in the dead-letter list.")
                            .arg(last.reason.isEmpty() ? tr("no reason given") : last.reason)
                            .arg(last.cycle)
                            .arg(last.consumer.isEmpty() ? tr("the broker") : last.consumer, times);
            break;
        case Event::Type::Rejected:
            status = tr("Refused at cycle %1: the queue was at its length limit (overflow "
                        "reject-publish), so it was never queued; the producer counts it as rejected.")
                             .arg(last.cycle);
            break;
        default:
            break;
        }
    }
    if (status.isEmpty()) {
        if (place.message) {
            const int deliveries = place.message->deliveries;
            const QString so = deliveries == 0 ? tr("not delivered yet")
                    : deliveries == 1          ? tr("delivered once so far")
                                               : tr("delivered %1 times so far").arg(locale.toString(deliveries));
            if (broker.subQueues().size() > 1) {
                status = tr("Still queued at position %1 of %2 (%3 in the whole queue; 0 = head), "
                            "%4.")
                                 .arg(locale.toString(place.local), place.queue,
                                      locale.toString(place.position), so);
            } else {
                status = tr("Still queued at position %1 (0 = next to be dispatched), %2.")
                                 .arg(locale.toString(place.position), so);
            }
        } else if (dead) {
            status = tr("Discarded (%1) at cycle %2 by %3 — it is in the dead-letter list.")
                             .arg(dead->reason)
                             .arg(dead->cycle)
                             .arg(dead->consumer.isEmpty() ? tr("the broker") : dead->consumer);
        } else if (m_id >= broker.nextId()) {
            status = tr("No such message (yet).");
        } else if (const qint64 partial = events.isEmpty() ? -1 : m_journal->partialCycleFrom(events.constLast().cycle);
                   partial >= 0) {
            status = tr("Not in the queue, and its later events are not kept: %1.").arg(partlyKept(partial));
        } else {
            status = tr("Not in the queue, and its journey is no longer kept: %1.")
                             .arg(latestCycles(m_journal->firstCycle()));
        }
    }
    m_status->setText(status);
    const bool processed = !events.isEmpty() && events.constLast().type == Event::Type::Processed;
    const bool discarded = !waitingDead && visibleAt < 0
            && (dead
            || (!events.isEmpty()
                && (events.constLast().type == Event::Type::Discarded
                    || events.constLast().type == Event::Type::Rejected)));
    setTone(processed ? TextColors::Tone::Success : discarded ? TextColors::Tone::Error : TextColors::Tone::Normal);

    // What of the message is not shown: its oldest events beyond the journey's bound, or, its
    // production not among the rows, its events before the cycles kept or in a cycle kept in part.
    QString note;
    const qsizetype dropped = m_journal->droppedEvents(m_id);
    const qint64 keptFrom = m_journal->keptFrom(m_id);
    const bool producedShown = !events.isEmpty() && events.constFirst().type == Event::Type::Produced;
    if (dropped > 0) {
        note = (dropped == 1 ? tr("Its first event is not shown")
                             : tr("Its first %1 events are not shown").arg(locale.toString(dropped)))
                + tr(": the journal keeps the last %1 events of a message.")
                          .arg(locale.toString(m_journal->limits().eventsPerMessage));
    } else if (identity && !producedShown && keptFrom > identity->producedCycle) {
        note = tr("Its events before cycle %1 are no longer kept: %2.").arg(keptFrom).arg(latestCycles(-1));
    } else if (const qint64 partial = identity && !producedShown ? m_journal->partialCycleFrom(identity->producedCycle) : -1;
               partial >= 0) {
        note = tr("Some of its events may not be shown: %1.").arg(partlyKept(partial));
    }
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

void JourneyPanel::fitNumberColumns()
{
    // The cycle and delivery numbers grow with the run: their columns widen to the largest one
    // shown (never narrower than set up), so that no digit is cut ("983" for 218,983).
    const QList<Event> &events = m_model->events();
    if (events.isEmpty())
        return;
    qint64 cycle = 0;
    int deliveries = 0;
    for (const Event &e : events) {
        cycle = std::max(cycle, e.cycle);
        deliveries = std::max(deliveries, e.message.deliveries);
    }
    QHeaderView *header = m_view->header();
    const QFontMetrics fm = m_view->fontMetrics();
    const int margin = 2 * fm.horizontalAdvance(QLatin1Char('0'));
    const auto fit = [&](int column, qint64 value) {
        const int wanted = fm.horizontalAdvance(QString::number(value)) + margin;
        if (header->sectionSize(column) < wanted)
            header->resizeSection(column, wanted);
    };
    fit(JourneyModel::Cycle, cycle);
    fit(JourneyModel::Delivery, deliveries);
}

} // namespace PriorityLab
