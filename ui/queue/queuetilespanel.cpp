#include "ui/queue/queuetilespanel.h"
#include "ui/common/sizeguard.h"

#include "ui/queue/prioritycensus.h"
#include "ui/queue/priorityhistogram.h"
#include "ui/queue/prioritylegend.h"
#include "ui/queue/queuetilesview.h"
#include "core/analysis/refreshsnapshot.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace PriorityLab {

QueueTilesPanel::QueueTilesPanel(Simulation *simulation, QWidget *parent) : QWidget(parent)
{
    m_tiles = new QueueTilesView(simulation, this);
    m_histogram = new PriorityHistogram(this);
    m_census = new PriorityCensus(simulation, this);
    m_legend = new PriorityLegend(this);
    m_key = new QLabel(tr("<b>7</b> = priority &nbsp;·&nbsp; T3 = TTL &nbsp;·&nbsp; ● = predicate "
                          "run &nbsp;·&nbsp; dashed ↻ = sent back by a consumer, re-entered at the "
                          "tail &nbsp;·&nbsp; click a tile for its journey"),
                       this);
    m_key->setWordWrap(true);
    m_key->setToolTip(tr("Each tile is one queued message. A consumer that postpones a message "
                         "(or fails to process it) sends a modified copy back: it joins the tail "
                         "again, drawn with a dashed outline."));

    // Legend and key stacked: the queue panel is often narrow (docks beside it), and a key
    // squeezed beside the legend would wrap into a tall column.
    auto *top = new QVBoxLayout;
    top->setContentsMargins(0, 2, 0, 2);
    top->setSpacing(2);
    top->addWidget(m_legend, 0, Qt::AlignLeft);
    top->addWidget(new SizeGuard(m_key, this));  // remembers its heights (see SizeGuard)

    auto *side = new QVBoxLayout;
    side->setContentsMargins(6, 4, 0, 0);
    side->addWidget(m_histogram, 1);  // all the height there is: its rows shrink only if they must

    auto *body = new QHBoxLayout;
    body->setContentsMargins(0, 0, 0, 0);
    body->addWidget(m_tiles, 1);
    body->addLayout(side);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addLayout(body, 1);

    connect(m_tiles, &QueueTilesView::messageSelected, this, &QueueTilesPanel::messageSelected);
    refresh(RefreshSnapshot(*simulation, {}));
}

void QueueTilesPanel::refresh(const RefreshSnapshot &snapshot)
{
    m_tiles->refresh();
    m_histogram->setCounts(m_census->counts(snapshot));
}

} // namespace PriorityLab
