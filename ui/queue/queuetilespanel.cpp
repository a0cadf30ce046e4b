#include "ui/queue/queuetilespanel.h"
#include "ui/common/sizeguard.h"

#include "ui/queue/prioritycensus.h"
#include "ui/queue/priorityhistogram.h"
#include "ui/queue/prioritylegend.h"
#include "ui/queue/queuetilesview.h"
#include "core/analysis/refreshsnapshot.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

namespace PriorityLab {

namespace {

/// The histogram's own scroll area: it keeps every row at its natural height at the zoom's font
/// and scrolls where the dock is shorter (a zoomed 1280x720 window), rather than compacting the
/// rows, which made them smaller at a larger zoom (docs/design.md §8, presentation mode). Its
/// scroll bar says that rows are out of sight; the most urgent rows are at the top.
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
        histogram->installEventFilter(this);
        followFont();
    }

    /// As wide as the histogram and a scroll bar; as tall as the histogram's compact hint, as
    /// the layouts around the queue had it (they size their scroll area by the hints): given
    /// less than the natural height, the rows scroll rather than shrink.
    QSize sizeHint() const override { return minimumSizeHint(); }

    /// As wide as the histogram and a scroll bar (the bar never covers the counts); as tall as
    /// the histogram's minimumSizeHint().
    QSize minimumSizeHint() const override
    {
        return QSize(m_histogram->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width()
                             + 2 * frameWidth(),
                     m_histogram->minimumSizeHint().height() + 2 * frameWidth());
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_histogram && event->type() == QEvent::FontChange)
            followFont();
        return QScrollArea::eventFilter(watched, event);
    }

private:
    /// Keeps the histogram at its natural height for its current font (zoom).
    void followFont()
    {
        m_histogram->setMinimumHeight(m_histogram->naturalHeight());
        updateGeometry();
    }

    PriorityHistogram *m_histogram;
};

} // namespace

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
    // All the height there is; where that is less than its rows' natural height (at the zoom's
    // font) it scrolls, its rows never shrink. The total is pinned under it, outside the scroll
    // area: in a short dock (a 1024x768 window) it was scrolled out of sight with the lowest
    // rows (docs/design.md §8).
    m_histogram->setTotalShown(false);
    side->addWidget(new HistogramArea(m_histogram, this), 1);
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
    m_total->setText(m_histogram->totalText());
}

} // namespace PriorityLab
