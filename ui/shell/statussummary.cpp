#include "ui/shell/statussummary.h"

#include "ui/common/textcolors.h"

#include "core/engine/simulation.h"

#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>

#include <algorithm>
#include <functional>
#include <limits>
#include <utility>

namespace PriorityLab {

namespace {
QFrame *separator(QWidget *parent)
{
    auto *line = new QFrame(parent);
    line->setFrameShape(QFrame::VLine);
    line->setFrameShadow(QFrame::Sunken);
    line->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);  // the labels take the room
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
        if (f > 0) {
            m_separators << separator(this);
            layout->addWidget(m_separators.constLast());
        }
        m_fields << new QLabel(this);
        if (f == Conservation) {  // bold, green when it holds, red when it does not
            QFont bold = m_fields.constLast()->font();
            bold.setBold(true);
            m_fields.constLast()->setFont(bold);
        }
        // fit() chooses texts that fit; a label's whole text must not widen the window.
        m_fields.constLast()->setMinimumWidth(1);
        layout->addWidget(m_fields.constLast());
    }
    m_parts.resize(FieldCount);
    m_tips.resize(FieldCount);
    m_tips[State] = tr("Running, paused, or finished (the broker stops after its idle cycles)");
    m_tips[Cycle] = tr("Cycles run so far. In one cycle the producers send what is due, then "
                       "the broker hands out batches.");
    m_totalsTip = tr("Totals since the start: messages produced; processed, postponed "
                     "(sent back modified) and discarded by the consumers; failed "
                     "processings (requeued). In brackets, the broker's own dead letters by "
                     "reason: maxlen (a full queue dropped its head), expired (TTL ran out in the "
                     "queue), delivery_limit (returned too often); rejected: new messages a full "
                     "queue refused (overflow reject-publish), never queued");
    m_tips[Queue] = tr("Messages waiting in the broker's queue now (delayed ones included: "
                                "sent back with a retry delay, invisible until it has passed), "
                                "messages consumers hold (prefetch) and, with the dead-letter queue "
                       "on, the dead letters waiting in it");
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

    for (QList<Part> &parts : m_parts)
        parts.clear();
    // Secondary figures leave the line first when it does not fit (fit()): the higher "drop",
    // the sooner.
    if (m_simulation->isFinished()) {
        m_parts[State] << Part{tr("Finished")} << Part{tr(" (%1)").arg(m_simulation->stopReason()), true, 9};
    } else {
        m_parts[State] << Part{m_simulation->isRunning() ? tr("Running") : tr("Paused")};
    }
    m_parts[Cycle] << Part{tr("Cycle %1").arg(locale.toString(m_simulation->cycle()))};
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
    QList<Part> &totals = m_parts[Totals];
    totals << Part{tr("produced %1").arg(locale.toString(t.produced)), false, 0,
                   tr("prod. %1").arg(locale.toString(t.produced)), 2}
           << Part{tr("processed %1").arg(locale.toString(t.processed)), false, 0,
                   tr("proc. %1").arg(locale.toString(t.processed)), 2}
           << Part{tr("postponed %1").arg(locale.toString(t.postponed)), false, 6}
           << Part{tr("discarded %1").arg(locale.toString(t.finalDiscarded())), false, 0,
                   tr("disc. %1").arg(locale.toString(t.finalDiscarded())), 2};
    // With the dead-letter queue the reasons count dead letters still kept there too, so they are
    // not parts of the final "discarded": they go to the tooltip (the queue field shows the
    // dead-letter queue's depth).
    if (!reasons.isEmpty() && !deadLetterQueue)
        totals << Part{QStringLiteral(" (%1)").arg(reasons.join(QStringLiteral(", "))), true, 8};
    if (t.rejected > 0)
        totals << Part{tr("rejected %1").arg(locale.toString(t.rejected)), false, 3};
    totals << Part{tr("failed %1").arg(locale.toString(t.failed)), false, 5};
    QList<Part> &queue = m_parts[Queue];
    queue << Part{tr("queued %1").arg(locale.toString(queued))};
    if (delayed > 0)
        queue << Part{tr(" (%1 delayed)").arg(locale.toString(delayed)), true, 7};
    if (held > 0)
        queue << Part{tr("held %1").arg(locale.toString(held)), false, 4};
    if (deadLetterQueue)
        queue << Part{tr("%1 in the dead-letter queue").arg(locale.toString(inDeadLetterQueue)), false, 0,
                      tr("DLQ %1").arg(locale.toString(inDeadLetterQueue)), 3};
    m_tips[Totals] =
            deadLetterQueue ? m_totalsTip + QLatin1Char('\n')
                            + tr("Discarded counts the final dead letters: of %1 dead letters, %2 were kept in "
                                 "the dead-letter queue (those still there are counted beside the queue)")
                                      .arg(t.discarded)
                                      .arg(t.deadLetterQueued)
                            + (reasons.isEmpty() ? QString()
                                                 : tr("\nThe broker's own dead letters: %1").arg(reasons.join(QStringLiteral(", "))))
                            : m_totalsTip;

    const bool holds = m_simulation->conservationHolds();
    if (int(holds) != m_holdsShown) {
        m_holdsShown = int(holds);
        m_conservation = holds ? tr("conservation ✓") : tr("conservation ✗");
        TextColors::apply(field(Conservation), holds ? TextColors::Tone::Success : TextColors::Tone::Error);
    }
    const QString broken = holds ? QString() : tr("\nThis does NOT hold: a message was lost or duplicated.");
    if (deadLetterQueue) {
        m_tips[Conservation] = (
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
        m_tips[Conservation] = (
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
    m_parts[Conservation] << Part{m_conservation, false, 0, m_conservation.right(1), 1};
    fit();
}

QString StatusSummary::fieldText(Field f, int dropFrom, int shortFrom) const
{
    QString text;
    for (const Part &part : m_parts.at(f)) {
        if (part.drop > 0 && part.drop >= dropFrom)
            continue;
        if (!text.isEmpty() && !part.attached)
            text += QStringLiteral(" · ");
        text += part.shorten > 0 && part.shorten >= shortFrom ? part.shortText : part.text;
    }
    return text;
}

void StatusSummary::fit()
{
    // Every figure shown must be readable: rather than let a label cut its text ("… · faile"),
    // the least important figures go to the tooltip until the line fits, then the key figures
    // take their short words ("prod. 1,010").
    QList<int> drops;
    QList<int> shortens;
    for (const QList<Part> &parts : std::as_const(m_parts)) {
        for (const Part &part : parts) {
            if (part.drop > 0 && !drops.contains(part.drop))
                drops << part.drop;
            if (part.shorten > 0 && !shortens.contains(part.shorten))
                shortens << part.shorten;
        }
    }
    std::sort(drops.begin(), drops.end(), std::greater<int>());
    std::sort(shortens.begin(), shortens.end(), std::greater<int>());
    constexpr int none = std::numeric_limits<int>::max();
    int dropFrom = none;
    int shortFrom = none;
    if (isVisible()) {  // a hidden widget has no width to fit yet
        const QLayout *box = layout();
        const QMargins margins = box->contentsMargins();
        int room = width() - margins.left() - margins.right() - box->spacing() * int(m_fields.size() + m_separators.size() - 1);
        for (const QWidget *line : std::as_const(m_separators))
            room -= line->sizeHint().width();
        const auto fits = [&] {
            int sum = 0;
            for (int f = 0; f < FieldCount; ++f) {
                // As QLabel measures its text, with a few pixels for rounding.
                const QFontMetrics metrics = field(Field(f))->fontMetrics();
                const QString text = fieldText(Field(f), dropFrom, shortFrom);
                sum += std::max(metrics.horizontalAdvance(text), metrics.boundingRect(text).width()) + 4;
            }
            return sum <= room;
        };
        for (const int drop : std::as_const(drops)) {
            if (fits())
                break;
            dropFrom = drop;
        }
        for (const int shorten : std::as_const(shortens)) {
            if (fits())
                break;
            shortFrom = shorten;
        }
    }
    m_moved.clear();
    for (int f = 0; f < FieldCount; ++f) {
        QStringList moved;
        for (const Part &part : m_parts.at(f)) {
            if ((part.drop > 0 && part.drop >= dropFrom) || (part.shorten > 0 && part.shorten >= shortFrom))
                moved << part.text.trimmed();
        }
        m_moved << moved;
        const QString text = fieldText(Field(f), dropFrom, shortFrom);
        if (field(Field(f))->text() != text)
            field(Field(f))->setText(text);
        const QString tip = moved.isEmpty() ? m_tips.at(f)
                                            : tr("In full (no room on the line): %1").arg(moved.join(QStringLiteral(" · ")))
                                                      + QStringLiteral("\n\n") + m_tips.at(f);
        if (field(Field(f))->toolTip() != tip)
            field(Field(f))->setToolTip(tip);
    }
}

void StatusSummary::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fit();
}

void StatusSummary::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        fit();
}

QString StatusSummary::text() const
{
    QStringList texts;
    for (const QLabel *label : m_fields)
        texts << label->text();
    return texts.join(QStringLiteral(" | "));
}

} // namespace PriorityLab
