#include "ui/queue/queuetilesview.h"
#include "ui/common/wordings.h"

#include "ui/common/prioritypalette.h"
#include "ui/common/steadyscrollbar.h"
#include "core/engine/simulation.h"

#include <QEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace PriorityLab {

namespace {
/// Finished tiles kept as pixmaps; beyond this the cache starts again.
constexpr qsizetype maxCachedTiles = 2048;
/// Pips drawn for predicate runs; more are written as a number.
constexpr int maxPips = 3;

/// The least room between a tile's TTL and its predicate runs on one line, in a font of
/// metrics @p fm: a space and a pixel either side for the glyphs' antialiased edges.
int runsGap(const QFontMetrics &fm)
{
    return std::max(fm.horizontalAdvance(QLatin1Char(' ')), 3) + 2;
}
} // namespace

QueueTilesView::QueueTilesView(Simulation *simulation, QWidget *parent)
    : QAbstractScrollArea(parent), m_simulation(simulation)
{
    // The range changes at every refresh of a running queue; the bar repaints only when its
    // handle moves on screen (docs/design.md §9, App).
    setVerticalScrollBar(new SteadyScrollBar(Qt::Vertical, this));
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(true);
    viewport()->setBackgroundRole(QPalette::Base);
    viewport()->setAutoFillBackground(true);
    setToolTip(tr("The broker's queue, head first: the top-left tile is the next message to be "
                  "dispatched, the last one is the tail where new and postponed messages join. "
                  "Colour and large number = priority, T = TTL, dots = predicate runs, dashed ↻ = "
                  "sent back by a consumer. Hover a tile for its metadata, click it for its "
                  "journey."));
    setWhatsThis(tr("<b>The broker's queue</b><p>One tile per queued message, head first: the top-left "
                    "tile is dispatched next, new and postponed messages join at the tail. The "
                    "colour and the large number are the priority, <i>T</i> is the TTL, the dots "
                    "count predicate runs and a dashed tile with ↻ was sent back by a consumer. In "
                    "priority and topics modes each sub-queue has its own labelled strip.</p>"
                    "<p>Hover a tile for its metadata; click it to follow its journey.</p>"));
    setAccessibleName(tr("Broker queue"));
    updateMetrics();
    refresh();
}

QString QueueTilesView::accessibleSummary() const
{
    const Broker &broker = m_simulation->broker();
    const qsizetype size = broker.size();
    if (size == 0)
        return tr("Queue: empty");
    const Message &head = broker.at(0);
    const qint64 waited = std::max<qint64>(0, m_simulation->cycle() - head.producedCycle);
    QString text = size == 1 ? tr("Queue: 1 message") : tr("Queue: %1 messages").arg(size);
    if (m_strips.size() > 1)
        text += tr(" in %1 sub-queues").arg(m_strips.size());
    return text + tr("; next out: message #%1, priority %2, TTL %3, waiting %4")
                          .arg(head.id)
                          .arg(head.priority)
                          .arg(head.ttl)
                          .arg(waited == 1 ? tr("1 cycle") : tr("%1 cycles").arg(waited));
}

QString QueueTilesView::stripCaption(int strip) const
{
    return strip >= 0 && size_t(strip) < m_strips.size() ? stripLabel(m_strips[size_t(strip)]) : QString();
}

void QueueTilesView::updateMetrics()
{
    const QFontMetrics fm(font());
    const int line = fm.height();
    // Room for a three-digit priority in the large font and, below it, a two-digit TTL and a
    // two-digit count of predicate runs a space apart ("T42 15•", tileTextLayout()).
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    const QFontMetrics smallFm(small);
    const int pip = int(std::ceil(std::max(4.0, smallFm.height() * 0.32)));
    int ttl = 0, runs = 0;
    for (char c = '0'; c <= '9'; ++c) {
        const QString two(2, QLatin1Char(c));
        ttl = std::max(ttl, smallFm.horizontalAdvance(QLatin1Char('T') + two));
        runs = std::max(runs, smallFm.horizontalAdvance(two));
    }
    const int bottomLine = 2 * 6 + ttl + runsGap(smallFm) + runs + 2 + pip + 2;
    m_tileSize = QSize(std::max({44, int(line * 3.0), bottomLine}), std::max(38, int(line * 2.5)));
    m_gap = std::max(3, line / 5);
    m_margin = std::max(6, line / 2);
    m_headerHeight = line + 8;
    m_tileCache.clear();
}

QSize QueueTilesView::minimumSizeHint() const
{
    const int frame = 2 * frameWidth();
    return QSize(2 * m_margin + columnWidth() + frame,
                 m_margin + m_headerHeight + MinimumRows * rowHeight() + frame);
}

void QueueTilesView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange
        || event->type() == QEvent::StyleChange) {
        updateMetrics();
        updateGeometry();  // minimumSizeHint() follows the font
        refresh();
    }
    QAbstractScrollArea::changeEvent(event);
}

int QueueTilesView::tilesPerRow() const
{
    return m_perRow;
}

void QueueTilesView::updateLayout()
{
    const int width = viewport()->width();
    m_perRow = std::max(1, (width - 2 * m_margin + m_gap) / columnWidth());
    const auto &queues = m_simulation->broker().subQueues();
    m_strips.clear();
    m_strips.reserve(queues.size());
    qsizetype offset = 0;
    int y = m_margin;
    for (size_t q = 0; q < queues.size(); ++q) {
        Strip s;
        s.queue = qsizetype(q);
        s.offset = offset;
        s.count = qsizetype(queues[q].messages.size());
        s.headerY = y;
        s.tilesY = y + m_headerHeight;
        // An empty sub-queue is only its label ("empty").
        const qint64 rows = (s.count + m_perRow - 1) / m_perRow;
        // Pixel coordinates are int: a queue beyond about 40 million messages shows its head part.
        s.rows = int(std::min<qint64>(rows, (INT_MAX / 2 - y) / rowHeight()));
        y = s.tilesY + s.rows * rowHeight() + m_gap;
        offset += s.count;
        m_strips.push_back(s);
    }
    m_contentHeight = y + m_margin;
}

void QueueTilesView::updateScrollBar()
{
    QScrollBar *bar = verticalScrollBar();
    bar->setSingleStep(rowHeight());
    bar->setPageStep(std::max(rowHeight(), viewport()->height()));
    bar->setRange(0, std::max(0, m_contentHeight - viewport()->height()));
}

void QueueTilesView::refresh()
{
    updateLayout();
    updateScrollBar();
    viewport()->update();
    const QString summary = accessibleSummary();
    if (summary != accessibleDescription())
        setAccessibleDescription(summary);
}

void QueueTilesView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateLayout();
    updateScrollBar();
}

const QueueTilesView::Strip *QueueTilesView::stripOf(qsizetype index) const
{
    if (index < 0)
        return nullptr;
    for (const Strip &s : m_strips) {
        if (index < s.offset + s.count)
            return &s;
    }
    return nullptr;
}

const Message *QueueTilesView::messageAt(qsizetype index) const
{
    // Read through the sub-queue of the current layout, checked against the broker as it is now
    // (a paint between a cycle and the next refresh must not read past a sub-queue's end).
    const Strip *s = stripOf(index);
    if (!s)
        return nullptr;
    const auto &queues = m_simulation->broker().subQueues();
    if (s->queue >= qsizetype(queues.size()))
        return nullptr;
    const auto &messages = queues[size_t(s->queue)].messages;
    const qsizetype local = index - s->offset;
    return local < qsizetype(messages.size()) ? &messages[size_t(local)] : nullptr;
}

QRect QueueTilesView::tileRect(qsizetype index) const
{
    const Strip *s = stripOf(index);
    if (!s)
        return {};
    const qsizetype local = index - s->offset;
    const qint64 row = local / m_perRow;
    if (row >= s->rows)
        return {};
    const int col = int(local % m_perRow);
    const int y = s->tilesY + int(row) * rowHeight() - verticalScrollBar()->value();
    return QRect(QPoint(m_margin + col * columnWidth(), y), m_tileSize);
}

qsizetype QueueTilesView::indexAt(const QPoint &p) const
{
    const int y = p.y() + verticalScrollBar()->value();
    const int x = p.x() - m_margin;
    if (x < 0)
        return -1;
    const int col = x / columnWidth();
    if (col >= m_perRow || x % columnWidth() >= m_tileSize.width())
        return -1;
    for (const Strip &s : m_strips) {
        if (y < s.tilesY || y >= s.tilesY + s.rows * rowHeight())
            continue;
        const int dy = y - s.tilesY;
        if (dy % rowHeight() >= m_tileSize.height())
            return -1;
        const qsizetype local = qsizetype(dy / rowHeight()) * m_perRow + col;
        return local < s.count ? s.offset + local : -1;
    }
    return -1;
}

QueueTilesView::Range QueueTilesView::visibleRange() const
{
    const int top = verticalScrollBar()->value();
    const int bottom = top + viewport()->height(); // exclusive
    Range range;
    bool found = false;
    for (const Strip &s : m_strips) {
        if (s.count == 0)
            continue;
        const int stripBottom = s.tilesY + s.rows * rowHeight();
        if (stripBottom <= top || s.tilesY >= bottom)
            continue;
        const int firstRow = std::max(0, (top - s.tilesY) / rowHeight());
        const int lastRow = std::min(s.rows - 1, (bottom - 1 - s.tilesY) / rowHeight());
        const qsizetype first = s.offset + qsizetype(firstRow) * m_perRow;
        const qsizetype last =
                s.offset + std::min<qsizetype>(s.count, qsizetype(lastRow + 1) * m_perRow);
        if (last <= first)
            continue;
        if (!found) {
            range.first = first;
            found = true;
        }
        range.last = last;
    }
    if (!found)
        return {};
    return range;
}

void QueueTilesView::scrollToIndex(qsizetype index)
{
    const QRect r = tileRect(index);
    if (r.isNull())
        return;
    QScrollBar *bar = verticalScrollBar();
    if (r.top() < 0)
        bar->setValue(bar->value() + r.top() - m_gap);
    else if (r.bottom() > viewport()->height())
        bar->setValue(bar->value() + r.bottom() - viewport()->height() + m_gap);
}

QStringList QueueTilesView::stripWordings(const Strip &strip) const
{
    const Broker &broker = m_simulation->broker();
    const QString number = QLocale().toString(strip.count);
    const QString count = strip.count == 1 ? tr("1 message") : tr("%1 messages").arg(number);
    QStringList wordings{stripLabel(strip)};
    switch (broker.config().mode) {
    case BrokerConfig::Mode::Fifo:
        // One queue: the count alone ("45") is no other queue's.
        if (strip.count > 0)
            wordings << count << number;
        break;
    case BrokerConfig::Mode::Priority: {
        const QString name = stripName(strip);
        wordings << tr("%1: %2").arg(name, count) << tr("%1: %2").arg(name, number);
        break;
    }
    case BrokerConfig::Mode::Topics: {
        // "orders-0 (7–9): 9": the bare count ("9") under the strip above read as that
        // strip's, "29" under "Topic orders-1 (priorities 4–6):…" as orders-1's (a teacher's
        // trial at 1024x768); each wording keeps the topic's name with its count.
        const QString name = stripName(strip);
        const QString amount = strip.count == 0 ? tr("empty") : count;
        const QString shortAmount = strip.count == 0 ? tr("empty") : number;
        for (const TopicConfig &t : broker.config().topics) {
            if (t.name != name)
                continue;
            const QString band = t.minPriority == t.maxPriority
                    ? QString::number(t.minPriority)
                    : tr("%1–%2").arg(t.minPriority).arg(t.maxPriority);
            wordings << tr("%1 (%2): %3").arg(name, band, amount) << tr("%1 (%2): %3").arg(name, band, shortAmount);
            break;
        }
        wordings << tr("%1: %2").arg(name, shortAmount);
        break;
    }
    }
    return wordings;
}

QString QueueTilesView::stripName(const Strip &strip) const
{
    const Broker &broker = m_simulation->broker();
    const auto &queue = broker.subQueues()[size_t(strip.queue)];
    switch (broker.config().mode) {
    case BrokerConfig::Mode::Fifo:
        return {};
    case BrokerConfig::Mode::Priority:
        return tr("Priority %1").arg(queue.key);
    case BrokerConfig::Mode::Topics:
        return queue.name;
    }
    return {};
}

qsizetype QueueTilesView::captionLevel(const QFontMetrics &metrics, int width) const
{
    // The strips' titles read alike, one level of words for all: "Topic orders-1 (priorities
    // 4–6): empty" above "orders-2 (0–3): 29 messages" read as two kinds of caption.
    qsizetype level = 0;
    if (m_simulation->broker().config().mode == BrokerConfig::Mode::Fifo)
        return level;
    for (const Strip &s : m_strips) {
        const QStringList wordings = stripWordings(s);
        const qsizetype fits = firstFittingIndex(metrics, width, wordings);
        level = std::max(level, fits < 0 ? wordings.size() - 1 : fits);
    }
    return level;
}

QString QueueTilesView::fittedLabel(const Strip &strip, const QFontMetrics &metrics, int width, qsizetype level) const
{
    // A narrow view (a 1024 px window zoomed, presenting) takes the shorter title, whole,
    // before any title is cut: the caption above the tabs says the head comes first.
    QStringList wordings = stripWordings(strip);
    if (m_simulation->broker().config().mode == BrokerConfig::Mode::Fifo)
        return firstThatFits(metrics, width, wordings, WhenNoneFits::Elided);
    wordings = wordings.mid(std::clamp<qsizetype>(level, 0, wordings.size() - 1));
    if (firstFittingIndex(metrics, width, wordings) >= 0)
        return firstThatFits(metrics, width, wordings);
    // Narrower still: the name cut in its middle ("ord…s-0: 9"), where the topics' names
    // differ at their end; the count is never cut. Blank rather than a count without a name.
    const bool topics = m_simulation->broker().config().mode == BrokerConfig::Mode::Topics;
    const QString tail = QStringLiteral(": ") + (strip.count == 0 && topics ? tr("empty") : QLocale().toString(strip.count));
    const QString cut = metrics.elidedText(stripName(strip), Qt::ElideMiddle, width - metrics.horizontalAdvance(tail));
    if (cut.isEmpty() || cut == QString(QChar(0x2026)))
        return {};
    return cut + tail;
}

QString QueueTilesView::stripCaptionShown(int strip) const
{
    if (strip < 0 || size_t(strip) >= m_strips.size())
        return {};
    QFont headerFont = font();
    headerFont.setBold(true);
    const QFontMetrics metrics(headerFont);
    const int width = viewport()->width() - 2 * m_margin;
    return fittedLabel(m_strips[size_t(strip)], metrics, width, captionLevel(metrics, width));
}

QString QueueTilesView::emptyCaption() const
{
    const Broker &broker = m_simulation->broker();
    if (broker.size() > 0)
        return {};
    // Messages sent back with a retry delay wait in the broker, apart from the queue until due
    // (docs/design.md §4): the queue is not empty of work, no message is ready yet.
    if (const qsizetype delayed = broker.delayedCount(); delayed > 0) {
        // The first is released at the start of cycle `due` (counted from 0); cycle() have run.
        const qint64 in = std::max<qint64>(1, broker.delayed().begin()->first - m_simulation->cycle() + 1);
        return tr("Queue: no message ready — %1 delayed (retry), the first due %2")
                .arg(delayed == 1 ? tr("1 message") : tr("%1 messages").arg(QLocale().toString(delayed)),
                     in == 1 ? tr("in the next cycle") : tr("in %1 cycles").arg(in));
    }
    // Before the first message is produced (cycle 0, a producer that starts later) nothing
    // has been taken yet: the queue is empty because nothing has arrived.
    return m_simulation->metrics().totals().produced == 0
            ? tr("Queue: empty — no message has arrived yet")
            : tr("Queue: empty — every message has been taken by a consumer");
}

QString QueueTilesView::stripLabel(const Strip &strip) const
{
    const Broker &broker = m_simulation->broker();
    const auto &queue = broker.subQueues()[size_t(strip.queue)];
    const QString count = strip.count == 1 ? tr("1 message")
                                           : tr("%1 messages").arg(QLocale().toString(strip.count));
    switch (broker.config().mode) {
    case BrokerConfig::Mode::Fifo:
        if (strip.count > 0)
            return tr("%1 · head first").arg(count);
        return emptyCaption();
    case BrokerConfig::Mode::Priority:
        return tr("Priority %1: %2%3")
                .arg(queue.key)
                .arg(count, strip.queue == 0 ? tr(" · served first, head at top left") : QString());
    case BrokerConfig::Mode::Topics: {
        QString band;
        for (const TopicConfig &t : broker.config().topics) {
            if (t.name == queue.name) {
                band = t.minPriority == t.maxPriority
                        ? tr(" (priority %1)").arg(t.minPriority)
                        : tr(" (priorities %1–%2)").arg(t.minPriority).arg(t.maxPriority);
                break;
            }
        }
        return tr("Topic %1%2: %3").arg(queue.name, band, strip.count == 0 ? tr("empty") : count);
    }
    }
    return {};
}

QString QueueTilesView::toolTipText(qsizetype index) const
{
    const Message *m = messageAt(index);
    if (!m)
        return {};
    const Strip *s = stripOf(index);
    const qint64 age = m_simulation->cycle() - m->producedCycle;
    const bool multi = m_strips.size() > 1;
    QString tip = tr("Message #%1").arg(m->id) + QLatin1Char('\n');
    if (multi) {
        tip += tr("position %1 in %2, %3 in the whole queue (0 = head)")
                       .arg(index - s->offset)
                       .arg(m_simulation->broker().subQueues()[size_t(s->queue)].name)
                       .arg(index);
    } else {
        tip += tr("position %1 in the queue (0 = next to be dispatched)").arg(index);
    }
    tip += QLatin1Char('\n') + tr("data: ") + m->data.text() + QLatin1Char('\n') + tr("producer: ")
            + m->producer.text() + QLatin1Char('\n')
            + (m->priority == m->originalPriority
                       ? tr("priority: %1 (as produced)").arg(m->priority)
                       : tr("priority: %1 → %2 (produced → now)")
                                 .arg(m->originalPriority)
                                 .arg(m->priority))
            + QLatin1Char('\n') + tr("TTL: %1").arg(m->ttl) + QLatin1Char('\n')
            + tr("predicate runs: %1").arg(m->predicateRuns) + QLatin1Char('\n')
            + tr("deliveries: %1").arg(m->deliveries) + QLatin1Char('\n')
            + (age == 1 ? tr("age: 1 cycle (produced in cycle %1)").arg(m->producedCycle)
                          : tr("age: %1 cycles (produced in cycle %2)").arg(age).arg(m->producedCycle));
    if (!m->topic.isEmpty())
        tip += QLatin1Char('\n') + tr("topic: ") + m->topic.text();
    if (m->requeued)
        tip += QLatin1Char('\n')
                + tr("↻ requeued: a consumer sent it back (postponed or failed), so it re-entered "
                     "at the tail");
    tip += QLatin1Char('\n') + tr("Click to see its journey.");
    return tip;
}

QPixmap QueueTilesView::tilePixmap(const Message &m) const
{
    const TileKey key {m.priority, m.ttl, m.predicateRuns, m.requeued};
    if (m_cacheDpr != devicePixelRatioF()) {
        m_tileCache.clear();
        m_cacheDpr = devicePixelRatioF();
    }
    const auto it = m_tileCache.constFind(key);
    if (it != m_tileCache.constEnd())
        return *it;
    if (m_tileCache.size() >= maxCachedTiles)
        m_tileCache.clear();
    const QPixmap pixmap = renderTile(key);
    m_tileCache.insert(key, pixmap);
    return pixmap;
}

QueueTilesView::TileTextLayout QueueTilesView::tileTextLayout(int ttl, int predicateRuns,
                                                             bool requeued) const
{
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    const QFontMetrics fm(small);
    const qreal pad = requeued ? 6 : 5; // clear of the dashed outline
    const QRectF r(0.5, 0.5, m_tileSize.width() - 1.0, m_tileSize.height() - 1.0);
    const QRectF bottom(pad, r.height() - fm.height() - 2, r.width() - 2 * pad, fm.height());

    TileTextLayout layout;
    layout.ttl = QRectF(bottom.topLeft(),
                        QSizeF(fm.horizontalAdvance(QStringLiteral("T%1").arg(ttl)), fm.height()));
    if (predicateRuns <= 0)
        return layout;
    const qreal d = std::max(4.0, fm.height() * 0.32);
    qreal width = predicateRuns * (d + 2) - 2;
    if (predicateRuns > maxPips) {
        layout.runsText = QString::number(predicateRuns);
        width = fm.horizontalAdvance(layout.runsText) + 2 + d;
    }
    // Beside the TTL only with a space's width or more between them (docs/design.md §8: the
    // tiles are read from the back of a classroom, presenting); else on the line above.
    const qreal space = runsGap(fm);
    const bool fits = layout.ttl.width() + space + width <= bottom.width();
    const QRectF line = fits ? bottom : bottom.translated(0, -fm.height());
    layout.runs = QRectF(line.right() - width, line.top(), width, line.height());
    return layout;
}

QPixmap QueueTilesView::renderTile(const TileKey &key) const
{
    const qreal dpr = devicePixelRatioF();
    QPixmap pixmap(m_tileSize * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r(0.5, 0.5, m_tileSize.width() - 1.0, m_tileSize.height() - 1.0);
    const QColor fill = PriorityPalette::color(key.priority);
    const QColor ink = PriorityPalette::textColor(key.priority);
    const qreal radius = 4.0;

    p.setPen(Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(r, radius, radius);
    // An edge that stands out from the view's background by 3:1 where the fill does not: on a
    // dark palette the purples of ≤0–2 were dark on dark, hard to see; on white the yellow of
    // 9+ hardly showed (docs/design.md §8, colours).
    // (The fill's own colour where it does: the edge's two pixels are the tile's either way.)
    p.setPen(QPen(PriorityPalette::edgeColor(key.priority, viewport()->palette().color(QPalette::Base)), 2.0));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
    if (key.requeued) {
        // A dashed outline in the text colour, inside the tile's edge so that it shows on any
        // colour and leaves the edge whole.
        QPen dash(ink, 2.0, Qt::CustomDashLine);
        dash.setDashPattern({2.0, 1.5});
        p.setPen(dash);
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(r.adjusted(2.5, 2.5, -2.5, -2.5), radius - 1, radius - 1);
    }

    QFont big = font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.15);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    const QFontMetrics smallFm(small);
    const int pad = key.requeued ? 6 : 5; // clear of the dashed outline

    p.setPen(ink);
    p.setFont(big);
    const QString priority = QString::number(key.priority);
    const QRectF top(pad, 2, r.width() - 2 * pad, r.height() * 0.58);
    p.drawText(top, Qt::AlignCenter, priority);

    p.setFont(small);
    const TileTextLayout text = tileTextLayout(key.ttl, key.predicateRuns, key.requeued);
    p.drawText(text.ttl, Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("T%1").arg(key.ttl));
    if (key.predicateRuns > 0) {
        const qreal d = std::max(4.0, smallFm.height() * 0.32);
        const qreal y = text.runs.center().y() - d / 2;
        if (!text.runsText.isEmpty()) {
            p.drawText(text.runs.adjusted(0, 0, -(d + 2), 0), Qt::AlignLeft | Qt::AlignVCenter,
                       text.runsText);
            p.setPen(Qt::NoPen);
            p.setBrush(ink);
            p.drawEllipse(QRectF(text.runs.right() - d, y, d, d));
        } else {
            p.setPen(Qt::NoPen);
            p.setBrush(ink);
            qreal x = text.runs.right() - d;
            for (int i = 0; i < key.predicateRuns; ++i) {
                p.drawEllipse(QRectF(x, y, d, d));
                x -= d + 2;
            }
        }
    }
    if (key.requeued) {
        const QFontMetrics fm(font());
        const int w = fm.horizontalAdvance(QStringLiteral("↻")) + 2;
        p.setPen(ink);
        p.setFont(font());
        p.drawText(QRectF(r.width() - pad - w + 3, 2, w, fm.height()), Qt::AlignCenter,
                   QStringLiteral("↻"));
    }
    return pixmap;
}

void QueueTilesView::paintEvent(QPaintEvent *)
{
    // The broker may have moved on since the last refresh (a paint between two refreshes): lay
    // out from it as it is now, so no index reads past a sub-queue's end.
    updateLayout();
    QPainter p(viewport());
    const int scroll = verticalScrollBar()->value();
    const int height = viewport()->height();
    const auto &queues = m_simulation->broker().subQueues();
    const QPalette pal = palette();
    QFont headerFont = font();
    headerFont.setBold(true);
    qsizetype painted = 0;
    const qsizetype level = captionLevel(QFontMetrics(headerFont), viewport()->width() - 2 * m_margin);

    if (m_strips.empty()) {
        // A priority queue has a sub-queue per priority present: empty, none, and the view
        // was blank where a FIFO queue says it is empty.
        p.setFont(headerFont);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRect(m_margin, m_margin - scroll + 2, viewport()->width() - 2 * m_margin, height),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, emptyCaption());
    }
    for (const Strip &s : m_strips) {
        const int headerTop = s.headerY - scroll;
        const int stripBottom =
                std::max(s.tilesY, s.tilesY + s.rows * rowHeight() - m_gap) - scroll;
        if (stripBottom <= 0 || headerTop >= height)
            continue;
        if (headerTop + m_headerHeight > 0) {
            p.setFont(headerFont);
            p.setPen(pal.color(QPalette::Text));
            const int w = viewport()->width() - 2 * m_margin;
            if (s.count == 0 && m_strips.size() == 1) {
                // An empty queue has the whole view for its sentence: wrapped, never cut off.
                p.drawText(QRect(m_margin, headerTop + 2, w, height - headerTop - 2),
                           Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, stripLabel(s));
            } else {
                p.drawText(QRect(m_margin, headerTop, w, m_headerHeight - 4),
                           Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
                           fittedLabel(s, QFontMetrics(headerFont), w, level));
            }
        }
        const auto &messages = queues[size_t(s.queue)].messages;
        const int firstRow = std::max(0, (scroll - s.tilesY) / rowHeight());
        const int lastRow = std::min(s.rows - 1, (scroll + height - 1 - s.tilesY) / rowHeight());
        for (int row = firstRow; row <= lastRow; ++row) {
            const int y = s.tilesY + row * rowHeight() - scroll;
            for (int col = 0; col < m_perRow; ++col) {
                const qsizetype local = qsizetype(row) * m_perRow + col;
                if (local >= s.count)
                    break;
                const Message &m = messages[size_t(local)];
                const QPoint at(m_margin + col * columnWidth(), y);
                p.drawPixmap(at, tilePixmap(m));
                ++painted;
                if (m.id == m_selectedId && m_selectedId != 0) {
                    p.setPen(QPen(pal.color(QPalette::Highlight), 3));
                    p.setBrush(Qt::NoBrush);
                    p.drawRoundedRect(QRectF(at, m_tileSize).adjusted(-1.5, -1.5, 1.5, 1.5), 5, 5);
                }
                if (local == s.count - 1 && col + 1 < m_perRow) {
                    // The tail, where new and postponed messages join.
                    p.setPen(pal.color(QPalette::PlaceholderText));
                    p.setFont(font());
                    p.drawText(QRect(at.x() + columnWidth(), y, columnWidth() * 2,
                                     m_tileSize.height()),
                               Qt::AlignLeft | Qt::AlignVCenter, tr("← tail"));
                }
            }
        }
    }
    m_lastPainted = painted;
}

void QueueTilesView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        const qsizetype index = indexAt(event->position().toPoint());
        if (const Message *m = messageAt(index)) {
            setSelectedId(m->id);
            Q_EMIT messageSelected(m->id);
            return;
        }
    }
    QAbstractScrollArea::mousePressEvent(event);
}

bool QueueTilesView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const qsizetype index = indexAt(help->pos());
        const QString text = toolTipText(index);
        if (text.isEmpty())
            QToolTip::showText(help->globalPos(), toolTip(), viewport());
        else
            QToolTip::showText(help->globalPos(), text, viewport(), tileRect(index));
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void QueueTilesView::setSelectedId(quint64 id)
{
    if (m_selectedId == id)
        return;
    m_selectedId = id;
    viewport()->update();
}

} // namespace PriorityLab
