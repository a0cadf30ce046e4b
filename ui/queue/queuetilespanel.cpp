#include "ui/queue/queuetilespanel.h"
#include "ui/common/sizeguard.h"

#include "ui/queue/prioritycensus.h"
#include "ui/queue/priorityhistogram.h"
#include "ui/queue/prioritylegend.h"
#include "ui/queue/queuetilesview.h"
#include "core/analysis/refreshsnapshot.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

namespace PriorityLab {

/// The histogram's own scroll area. The histogram takes the whole viewport: its rows have their
/// natural height where there is room and shrink down to their compact height (their spacing,
/// never their text) before anything scrolls, so that every priority shows in a short dock
/// (presenting at 1280x720 or 1024x768, an alarm banner above the queue). Only where even compact
/// rows do not fit does it scroll, and then it keeps the rows that hold messages in view
/// (keepCountedRowsInSight()): a view showing only empty rows would mislead (docs/design.md §8).
class HistogramArea : public QScrollArea
{
public:
    /// Scrolls @p histogram, which it takes as its widget.
    HistogramArea(PriorityHistogram *histogram, QWidget *parent)
        : QScrollArea(parent), m_histogram(histogram)
    {
        setObjectName(QStringLiteral("histogramArea"));
        setFrameShape(QFrame::NoFrame);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
        setWidgetResizable(true);
        setWidget(histogram);
        // A new scroll range (a resize, a zoom, a banner): the counted rows brought back in view.
        connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this] {
            m_countedRows = -1;
            keepCountedRowsInSight();
        });
    }

    /// As wide as the histogram and a scroll bar; as tall as the histogram's compact hint, as
    /// the layouts around the queue had it (they size their scroll area by the hints).
    QSize sizeHint() const override { return minimumSizeHint(); }

    /// As wide as the histogram and a scroll bar (the bar never covers the counts); as tall as
    /// the histogram's minimumSizeHint() (every row compacted).
    QSize minimumSizeHint() const override
    {
        return QSize(m_histogram->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width()
                             + 2 * frameWidth(),
                     m_histogram->minimumSizeHint().height() + 2 * frameWidth());
    }

    /// Where the rows scroll (even compacted they do not fit): scrolls so that the rows holding
    /// messages are in view, the most urgent of them first where they do not all fit. It acts
    /// when which rows hold messages changes or the scroll range does, so that a row scrolled
    /// to by hand stays in view until then.
    void keepCountedRowsInSight()
    {
        QScrollBar *bar = verticalScrollBar();
        int counted = 0;  // a bit per step that holds messages
        int top = -1, bottom = -1;
        for (int step = PriorityPalette::maxPriority(); step >= PriorityPalette::minPriority(); --step) {
            if (m_histogram->counts()[size_t(step)] <= 0)
                continue;
            counted |= 1 << step;
            const QRect row = m_histogram->rowRect(step);
            if (top < 0)
                top = row.top();
            bottom = row.bottom();
        }
        if (counted == m_countedRows)
            return;
        m_countedRows = counted;
        if (bar->maximum() <= 0 || top < 0)
            return;
        const int seen = viewport()->height();
        int value = bar->value();
        if (bottom - top + 1 > seen)
            value = top;  // the most urgent counted rows first
        else if (top < value)
            value = top;
        else if (bottom >= value + seen)
            value = bottom - seen + 1;
        bar->setValue(value);
    }

private:
    PriorityHistogram *m_histogram;
    int m_countedRows = -1;  ///< the steps holding messages when last kept in sight (a bit each)
};

QueueTilesPanel::QueueTilesPanel(Simulation *simulation, QWidget *parent) : QWidget(parent)
{
    m_tiles = new QueueTilesView(simulation, this);
    m_histogram = new PriorityHistogram(this);
    m_census = new PriorityCensus(simulation, this);
    m_legend = new PriorityLegend(this);
    m_key = new QLabel(keyText(), this);
    m_key->setWordWrap(true);
    m_key->setToolTip(keyToolTip());

    // Legend and key stacked: the queue panel is often narrow (docks beside it), and a key
    // squeezed beside the legend would wrap into a tall column.
    auto *top = new QVBoxLayout;
    m_top = top;
    top->setContentsMargins(0, KeyMargin, 0, KeyMargin);
    top->setSpacing(2);
    top->addWidget(m_legend, 0, Qt::AlignLeft);
    top->addWidget(new SizeGuard(m_key, this));  // remembers its heights (see SizeGuard)

    auto *side = new QVBoxLayout;
    m_side = side;
    side->setContentsMargins(6, SideMargin, 0, 0);
    // All the height there is; where that is less than its rows' natural height (at the zoom's
    // font) the rows shrink, and only where even compacted rows do not fit it scrolls. The total
    // is pinned under it, outside the scroll area: in a short dock (a 1024x768 window) it was
    // scrolled out of sight with the lowest rows (docs/design.md §8).
    m_histogram->setTotalShown(false);
    m_histogramArea = new HistogramArea(m_histogram, this);
    side->addWidget(m_histogramArea, 1);
    m_total = new QLabel(m_histogram->totalText(), this);
    m_total->setObjectName(QStringLiteral("histogramTotal"));
    m_total->setTextFormat(Qt::PlainText);  // a new count at every refresh: no rich-text layout
    m_total->setToolTip(tr("Messages in the broker's queue, all priorities"));
    side->addWidget(new SizeGuard(m_total, this));  // a new count at every refresh

    auto *body = new QHBoxLayout;
    body->setContentsMargins(0, 0, 0, 0);
    body->addWidget(m_tiles, 1);
    body->addLayout(side);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, TopMargin, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addLayout(body, 1);

    connect(m_tiles, &QueueTilesView::messageSelected, this, &QueueTilesPanel::messageSelected);
    refresh(RefreshSnapshot(*simulation, {}));
}

QString QueueTilesPanel::keyText(bool tight)
{
    if (tight)
        return tr("<b>7</b> = priority &nbsp;·&nbsp; T3 = TTL &nbsp;·&nbsp; ● = predicate run "
                  "&nbsp;·&nbsp; dashed ↻ = sent back");
    return tr("<b>7</b> = priority &nbsp;·&nbsp; T3 = TTL &nbsp;·&nbsp; ● = predicate "
              "run &nbsp;·&nbsp; dashed ↻ = sent back by a consumer, re-entered at the "
              "tail &nbsp;·&nbsp; click a tile for its journey");
}

QString QueueTilesPanel::keyToolTip(bool tight)
{
    QString tip = tr("Each tile is one queued message. A consumer that postpones a message "
                     "(or fails to process it) sends a modified copy back: it joins the tail "
                     "again, drawn with a dashed outline.");
    if (tight)
        tip = keyText(false) + QStringLiteral("<br>") + tip;
    return tip;
}

void QueueTilesPanel::setTight(bool tight)
{
    if (tight == m_tight)
        return;
    m_tight = tight;
    m_key->setText(keyText(tight));
    m_key->setToolTip(keyToolTip(tight));
    m_histogram->setTight(tight);
    // Tight, the total right under the rows (the histogram leaves a few pixels under them), and
    // the room above and below the legend and the key, and above the histogram, goes.
    m_side->setSpacing(tight ? 0 : -1);
    m_side->setContentsMargins(6, tight ? 0 : SideMargin, 0, 0);
    m_top->setContentsMargins(0, tight ? 0 : KeyMargin, 0, tight ? 0 : KeyMargin);
    layout()->setContentsMargins(0, tight ? 0 : TopMargin, 0, 0);
    m_histogramArea->updateGeometry();
}

void QueueTilesPanel::refresh(const RefreshSnapshot &snapshot)
{
    m_tiles->refresh();
    m_histogram->setCounts(m_census->counts(snapshot));
    m_histogramArea->keepCountedRowsInSight();
    m_total->setText(m_histogram->totalText());
}

} // namespace PriorityLab
