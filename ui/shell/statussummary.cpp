#include "ui/shell/statussummary.h"

#include "ui/common/textcolors.h"
#include "ui/common/wordings.h"

#include "core/engine/simulation.h"

#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>

#include <algorithm>
#include <cmath>
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
    layout->setSpacing(spacingAt(0));
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
    // When the line does not fit (fit()), its texts degrade by stages (Stage, in the header):
    // words get shorter, large numbers are rounded ("1.23M"); only then, at a width no window of
    // 1024 pixels reaches, do secondary figures leave for the tooltip, and the run state last.
    const auto figure = [&locale](const QString &word, const QString &shortWord, qint64 n, int shortAt,
                                  int dropAt = 0) {
        Part part{QStringLiteral("%1 %2").arg(word, locale.toString(n))};
        if (shortAt > 0)
            part.degrade.append({shortAt, QStringLiteral("%1 %2").arg(shortWord, locale.toString(n))});
        if (n >= CompactFrom)
            part.degrade.append({NumbersRounded, QStringLiteral("%1 %2").arg(shortAt > 0 ? shortWord : word, roundedNumber(n))});
        if (dropAt > 0)
            part.degrade.append({dropAt, QString()});
        return part;
    };
    if (m_simulation->isFinished()) {
        m_parts[State] << Part{tr("Finished"), false, {{StateShort, QStringLiteral("■")}, {StateGoes, QString()}}}
                       << Part{tr(" (%1)").arg(m_simulation->stopReason()), true, {{StopReasonGoes, QString()}}};
    } else if (m_simulation->isRunning()) {
        m_parts[State] << Part{tr("Running"), false, {{StateShort, QStringLiteral("▶")}, {StateGoes, QString()}}};
    } else {
        m_parts[State] << Part{tr("Paused"), false, {{StateShort, QStringLiteral("❚❚")}, {StateGoes, QString()}}};
    }
    m_parts[Cycle] << figure(tr("Cycle"), tr("Cycle"), m_simulation->cycle(), 0);
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
    totals << figure(tr("produced"), tr("prod."), t.produced, KeyWordsShort)
           << figure(tr("processed"), tr("proc."), t.processed, KeyWordsShort)
           << figure(tr("postponed"), tr("postp."), t.postponed, OtherWordsShort, PostponedGoes)
           << figure(tr("discarded"), tr("disc."), t.finalDiscarded(), KeyWordsShort);
    // With the dead-letter queue the reasons count dead letters still kept there too, so they are
    // not parts of the final "discarded": they go to the tooltip (the queue field shows the
    // dead-letter queue's depth).
    if (!reasons.isEmpty() && !deadLetterQueue)
        totals << Part{QStringLiteral(" (%1)").arg(reasons.join(QStringLiteral(", "))), true, {{ReasonsGo, QString()}}};
    if (t.rejected > 0)
        totals << figure(tr("rejected"), tr("rej."), t.rejected, OtherWordsShort, RejectedGoes);
    totals << figure(tr("failed"), tr("fail."), t.failed, OtherWordsShort, FailedGoes);
    QList<Part> &queue = m_parts[Queue];
    queue << figure(tr("queued"), tr("queued"), queued, 0);
    if (delayed > 0) {
        Part part{tr(" (%1 delayed)").arg(locale.toString(delayed)), true,
                  {{OtherWordsShort, tr(" (%1 del.)").arg(locale.toString(delayed))}}};
        if (delayed >= CompactFrom)
            part.degrade.append({NumbersRounded, tr(" (%1 del.)").arg(roundedNumber(delayed))});
        part.degrade.append({DelayedGoes, QString()});
        queue << part;
    }
    if (held > 0)
        queue << figure(tr("held"), tr("held"), held, 0, HeldGoes);
    if (deadLetterQueue) {
        Part part{tr("%1 in the dead-letter queue").arg(locale.toString(inDeadLetterQueue)), false,
                  {{DeadLetterQueueShort, tr("DLQ %1").arg(locale.toString(inDeadLetterQueue))}}};
        if (inDeadLetterQueue >= CompactFrom)
            part.degrade.append({NumbersRounded, tr("DLQ %1").arg(roundedNumber(inDeadLetterQueue))});
        queue << part;
    }
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
    // Short, the check keeps a word that says what it checks: a "✓" alone, at 1024x768 zoomed,
    // told a class nothing (the tooltip is no help on a projector), and so it read presenting
    // at 1024x768 under a dark GTK theme, whose font is larger than Fusion's. Its shortest form,
    // "cons. ✓", is shortened as "prod." and "disc." are on the same line.
    m_parts[Conservation] << Part{m_conservation, false,
                                  {{CheckShort, (holds ? tr("conserv. ✓") : tr("conserv. ✗"))},
                                   {CheckShortest, (holds ? tr("cons. ✓") : tr("cons. ✗"))}}};
    fit();
}

QString StatusSummary::Part::textAt(int stage) const
{
    QString shown = text;
    for (const auto &[from, degraded] : degrade) {
        if (stage >= from)
            shown = degraded;
    }
    return shown;
}

QString StatusSummary::fieldText(Field f, int stage) const
{
    QString text;
    for (const Part &part : m_parts.at(f)) {
        const QString shown = part.textAt(stage);
        if (shown.isEmpty())
            continue;
        if (!text.isEmpty() && !part.attached)
            text += QStringLiteral(" · ");
        text += shown;
    }
    return text;
}

int StatusSummary::spacingAt(int stage)
{
    return stage >= Closer ? 4 : 10;
}

QString StatusSummary::roundedNumber(qint64 n)
{
    // Three significant digits at most, the unit after: 12,345 -> "12.3k", 1,234,567 -> "1.23M".
    const QLocale locale;
    const auto rounded = [&locale](double value, const QString &unit) -> QString {  // not a QStringBuilder
        const int decimals = value < 10 ? 2 : value < 100 ? 1 : 0;
        return locale.toString(value, 'f', decimals) + unit;
    };
    const double v = double(n);
    if (std::abs(v) < double(CompactFrom))
        return locale.toString(n);
    if (std::abs(v) < 999500.0)
        return rounded(v / 1e3, QStringLiteral("k"));
    if (std::abs(v) < 999500000.0)
        return rounded(v / 1e6, QStringLiteral("M"));
    return rounded(v / 1e9, QStringLiteral("G"));
}

void StatusSummary::fit()
{
    // Every figure shown must be readable: rather than let a label cut its text ("… · faile"),
    // the texts degrade stage by stage (see refresh()) until the line fits; what is shortened
    // or left out is in its field's tooltip in full.
    int stage = 0;
    if (isVisible()) {  // a hidden widget has no width to fit yet
        const QLayout *box = layout();
        const QMargins margins = box->contentsMargins();
        const int room = width() - margins.left() - margins.right();
        const auto fits = [&](int at) {
            int sum = 0;
            bool first = true;
            for (int f = 0; f < FieldCount; ++f) {
                // As QLabel measures its text, with a few pixels for rounding; an empty field
                // is hidden with its separator.
                const QFontMetrics metrics = field(Field(f))->fontMetrics();
                const QString text = fieldText(Field(f), at);
                if (text.isEmpty())
                    continue;
                sum += std::max(metrics.horizontalAdvance(text), metrics.boundingRect(text).width()) + 4;
                if (!first)
                    sum += 2 * spacingAt(at) + m_separators.constFirst()->sizeHint().width();
                first = false;
            }
            return sum <= room;
        };
        QList<int> stages;
        for (int s = 0; s <= LastStage; ++s)
            stages << s;
        stage = firstThatFits(stages, fits);
    }
    m_stage = stage;
    if (layout()->spacing() != spacingAt(stage))
        layout()->setSpacing(spacingAt(stage));
    m_moved.clear();
    for (int f = 0; f < FieldCount; ++f) {
        QStringList moved;
        for (const Part &part : m_parts.at(f)) {
            if (part.textAt(stage) != part.text)
                moved << part.text.trimmed();
        }
        m_moved << moved;
        const QString text = fieldText(Field(f), stage);
        if (field(Field(f))->text() != text)
            field(Field(f))->setText(text);
        // An empty field (the run state, at StateGoes) is hidden with the separator after it.
        field(Field(f))->setVisible(!text.isEmpty());
        if (f < m_separators.size())
            m_separators.at(f)->setVisible(!text.isEmpty());
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

void StatusSummary::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Hidden (a notice of the status bar hides the figures), the line was fitted to no width:
    // shown again at the width it had, it fits now (after Ctrl++ while paused the notice
    // "Zoom 120%" left "Paus", "conservatio" at 1024x768).
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
