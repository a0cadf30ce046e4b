#include "ui/shell/statussummary.h"

#include "core/engine/simulation.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>

namespace PriorityLab {

namespace {
QFrame *separator(QWidget *parent)
{
    auto *line = new QFrame(parent);
    line->setFrameShape(QFrame::VLine);
    line->setFrameShadow(QFrame::Sunken);
    return line;
}
} // namespace

StatusSummary::StatusSummary(Simulation *simulation, QWidget *parent)
    : QWidget(parent), m_simulation(simulation)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 4, 0);
    layout->setSpacing(10);
    for (int f = 0; f < FieldCount; ++f) {
        if (f > 0)
            layout->addWidget(separator(this));
        m_fields << new QLabel(this);
        layout->addWidget(m_fields.constLast());
    }
    field(State)->setToolTip(tr("Running, paused, or finished (the broker stops after its idle cycles)"));
    field(Cycle)->setToolTip(tr("Cycles run so far. In one cycle the producers send what is due, then "
                                "the broker hands out batches."));
    m_totalsTip = tr("Totals since the start: messages produced; processed, postponed "
                     "(sent back modified) and discarded by the consumers; failed "
                     "processings (requeued). In brackets, the broker's own dead letters by "
                     "reason: maxlen (a full queue dropped its head), expired (TTL ran out in the "
                     "queue), delivery_limit (returned too often); rejected: new messages a full "
                     "queue refused (overflow reject-publish), never queued");
    field(Totals)->setToolTip(m_totalsTip);
    field(Queue)->setToolTip(tr("Messages waiting in the broker's queue now (delayed ones included: "
                                "sent back with a retry delay, invisible until it has passed), "
                                "messages consumers hold (prefetch) and, with the dead-letter queue "
                                "on, the dead letters waiting in it"));
    refresh();
}

void StatusSummary::refresh()
{
    const QLocale locale;
    const Counts &t = m_simulation->metrics().totals();
    const Broker &broker = m_simulation->broker();
    const qint64 queued = m_simulation->queued();  // the delayed messages included
    const qint64 delayed = broker.delayedCount();
    const qint64 held = m_simulation->held();
    // The dead-letter queue (docs/design.md §3): its messages are dead letters that have not
    // ended, so "discarded" counts the final ones and the queue's depth is shown beside the queue.
    const qint64 inDeadLetterQueue = qint64(broker.deadLetterQueue().size());
    const bool deadLetterQueue = broker.config().deadLetterQueue || inDeadLetterQueue > 0 || t.deadLetterQueued > 0;

    if (m_simulation->isFinished())
        field(State)->setText(tr("Finished (%1)").arg(m_simulation->stopReason()));
    else
        field(State)->setText(m_simulation->isRunning() ? tr("Running") : tr("Paused"));
    field(Cycle)->setText(tr("Cycle %1").arg(locale.toString(m_simulation->cycle())));
    // The broker's own dead letters by reason (only the non-zero ones) and the messages a full
    // queue refused (docs/design.md §3): without them a length limit's or a TTL's losses hide in
    // "discarded", and refused messages are not shown at all.
    QStringList reasons;
    const auto addReason = [&](const char *name, qint64 n) {
        if (n > 0)
            reasons << QStringLiteral("%1 %2").arg(QLatin1String(name), locale.toString(n));
    };
    addReason("maxlen", t.maxlen);
    addReason("expired", t.expired);
    addReason("delivery_limit", t.deliveryLimit);
    QString totals = tr("produced %1 · processed %2 · postponed %3 · discarded %4")
                             .arg(locale.toString(t.produced), locale.toString(t.processed),
                                  locale.toString(t.postponed), locale.toString(t.finalDiscarded()));
    // With the dead-letter queue the reasons count dead letters still kept there too, so they are
    // not parts of the final "discarded": they go to the tooltip (the queue field shows the
    // dead-letter queue's depth), which keeps the line within a 1280 px window.
    if (!reasons.isEmpty() && !deadLetterQueue)
        totals += QStringLiteral(" (%1)").arg(reasons.join(QStringLiteral(", ")));
    if (t.rejected > 0)
        totals += tr(" · rejected %1").arg(locale.toString(t.rejected));
    totals += tr(" · failed %1").arg(locale.toString(t.failed));
    field(Totals)->setText(totals);
    QString queue = delayed > 0 ? tr("queued %1 (%2 delayed)").arg(locale.toString(queued), locale.toString(delayed))
                                : tr("queued %1").arg(locale.toString(queued));
    if (held > 0)
        queue += tr(" · held %1").arg(locale.toString(held));
    if (deadLetterQueue)
        queue += tr(" · %1 in the dead-letter queue").arg(locale.toString(inDeadLetterQueue));
    field(Queue)->setText(queue);
    field(Totals)->setToolTip(
            deadLetterQueue ? m_totalsTip + QLatin1Char('\n')
                            + tr("Discarded counts the final dead letters: of %1 dead letters, %2 were kept in "
                                 "the dead-letter queue (those still there are counted beside the queue)")
                                      .arg(t.discarded)
                                      .arg(t.deadLetterQueued)
                            + (reasons.isEmpty() ? QString()
                                                 : tr("\nThe broker's own dead letters: %1").arg(reasons.join(QStringLiteral(", "))))
                            : m_totalsTip);

    const bool holds = m_simulation->conservationHolds();
    if (int(holds) != m_holdsShown) {
        m_holdsShown = int(holds);
        field(Conservation)->setText(holds ? tr("conservation ✓") : tr("conservation ✗"));
        field(Conservation)->setStyleSheet(holds ? QStringLiteral("color: #007a5a; font-weight: bold;")
                                                 : QStringLiteral("color: #b00020; font-weight: bold;"));
    }
    const QString broken = holds ? QString() : tr("\nThis does NOT hold: a message was lost or duplicated.");
    if (deadLetterQueue) {
        field(Conservation)->setToolTip(
                tr("Nothing disappears: produced = processed + discarded (final) + queued + held + in the "
                   "dead-letter queue + rejected\n%1 = %2 + %3 + %4 + %5 + %6 + %7%8")
                        .arg(t.produced)
                        .arg(t.processed)
                        .arg(t.finalDiscarded())
                        .arg(queued)
                        .arg(held)
                        .arg(inDeadLetterQueue)
                        .arg(t.rejected)
                        .arg(broken));
    } else {
        field(Conservation)->setToolTip(
                tr("Nothing disappears: produced = processed + discarded + queued + held + rejected\n"
                   "%1 = %2 + %3 + %4 + %5 + %6%7")
                        .arg(t.produced)
                        .arg(t.processed)
                        .arg(t.discarded)
                        .arg(queued)
                        .arg(held)
                        .arg(t.rejected)
                        .arg(broken));
    }
}

QString StatusSummary::text() const
{
    QStringList texts;
    for (const QLabel *label : m_fields)
        texts << label->text();
    return texts.join(QStringLiteral(" | "));
}

} // namespace PriorityLab
