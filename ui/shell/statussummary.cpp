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
    m_state = new QLabel(this);
    m_cycle = new QLabel(this);
    m_totals = new QLabel(this);
    m_queue = new QLabel(this);
    m_conservation = new QLabel(this);
    m_state->setToolTip(tr("Running, paused, or finished (the broker stops after its idle cycles)"));
    m_cycle->setToolTip(tr("Cycles run so far. In one cycle the producers send what is due, then "
                           "the broker hands out batches."));
    m_totals->setToolTip(tr("Totals since the start: messages produced; processed, postponed "
                            "(sent back modified) and discarded by the consumers; failed "
                            "processings (requeued)"));
    m_queue->setToolTip(tr("Messages waiting in the broker's queue now"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 4, 0);
    layout->setSpacing(10);
    layout->addWidget(m_state);
    layout->addWidget(separator(this));
    layout->addWidget(m_cycle);
    layout->addWidget(separator(this));
    layout->addWidget(m_totals);
    layout->addWidget(separator(this));
    layout->addWidget(m_queue);
    layout->addWidget(separator(this));
    layout->addWidget(m_conservation);
    refresh();
}

void StatusSummary::refresh()
{
    const QLocale locale;
    const Counts &t = m_simulation->metrics().totals();
    const qint64 queued = m_simulation->broker().size();

    if (m_simulation->isFinished())
        m_state->setText(tr("Finished (%1)").arg(m_simulation->stopReason()));
    else
        m_state->setText(m_simulation->isRunning() ? tr("Running") : tr("Paused"));
    m_cycle->setText(tr("Cycle %1").arg(locale.toString(m_simulation->cycle())));
    m_totals->setText(tr("produced %1 · processed %2 · postponed %3 · discarded %4 · failed %5")
                              .arg(locale.toString(t.produced), locale.toString(t.processed),
                                   locale.toString(t.postponed), locale.toString(t.discarded),
                                   locale.toString(t.failed)));
    m_queue->setText(tr("queued %1").arg(locale.toString(queued)));

    const bool holds = m_simulation->conservationHolds();
    if (int(holds) != m_holdsShown) {
        m_holdsShown = int(holds);
        m_conservation->setText(holds ? tr("conservation ✓") : tr("conservation ✗"));
        m_conservation->setStyleSheet(holds ? QStringLiteral("color: #007a5a; font-weight: bold;")
                                            : QStringLiteral("color: #b00020; font-weight: bold;"));
    }
    m_conservation->setToolTip(
            tr("Nothing disappears: produced = processed + discarded + queued\n%1 = %2 + %3 + %4%5")
                    .arg(t.produced)
                    .arg(t.processed)
                    .arg(t.discarded)
                    .arg(queued)
                    .arg(holds ? QString() : tr("\nThis does NOT hold: a message was lost or duplicated.")));
}

QString StatusSummary::text() const
{
    return QStringList{m_state->text(), m_cycle->text(), m_totals->text(), m_queue->text(),
                       m_conservation->text()}
            .join(QStringLiteral(" | "));
}

} // namespace PriorityLab
