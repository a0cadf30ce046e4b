#include "ui/queue/priorityhistogram.h"

#include "ui/common/describedview.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace PriorityLab {

PriorityHistogram::PriorityHistogram(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    setToolTip(tr("Queued messages per priority, the most urgent at the top. The colours are the "
                  "fixed priority scale of the tiles (%1).").arg(PriorityPalette::scaleNote()));
    setWhatsThis(tr("<b>Queue by priority</b><p>One bar per priority, the most urgent (9) at the top, "
                    "with the number of queued messages beside it. The colours are those of the "
                    "queue's tiles, so this is also their legend. A bar that keeps growing at the "
                    "bottom while the others stay short is a low class waiting: starvation.</p>"));
    setAccessibleName(tr("Queue by priority"));
    setAccessibleDescription(accessibleSummary());
}

void PriorityHistogram::setCounts(const Counts &counts)
{
    showData(this, m_counts, counts);
}

QString PriorityHistogram::accessibleSummary() const
{
    QStringList parts;
    for (int step = PriorityPalette::maxPriority(); step >= PriorityPalette::minPriority(); --step) {
        const qint64 n = m_counts[size_t(step)];
        if (n > 0)
            parts << tr("priority %1: %2").arg(step).arg(n);
    }
    if (parts.isEmpty())
        return tr("No message queued");
    return tr("Queued messages by priority, most urgent first: %1").arg(parts.join(QStringLiteral(", ")));
}

QString PriorityHistogram::totalText() const
{
    qint64 total = 0;
    for (qint64 c : m_counts)
        total += c;
    return tr("total %1").arg(QLocale().toString(total));
}

void PriorityHistogram::setSizeOption(bool &option, bool on)
{
    if (on == option)
        return;
    option = on;
    updateGeometry();
    update();
}

void PriorityHistogram::setTight(bool tight)
{
    setSizeOption(m_tight, tight);
}

void PriorityHistogram::setTotalShown(bool shown)
{
    setSizeOption(m_totalShown, shown);
}

int PriorityHistogram::totalHeight() const
{
    // The total's line and the room around it; a few pixels under the last row without it.
    return m_totalShown ? fontMetrics().height() + 12 : 4;
}

int PriorityHistogram::naturalRowHeight() const
{
    return fontMetrics().height() + 5;
}

int PriorityHistogram::compactRowHeight() const
{
    // Tight: the digits and "≤0" / "9+" have no accents or descenders, the room a line keeps
    // for them goes too (the swatch takes all but a pixel of the row).
    if (m_tight)
        return fontMetrics().capHeight() + 2;
    // Two thirds of a line: the rows give up their spacing and the room a line keeps above and
    // below its digits, never the text's size, which follows the zoom like every other text.
    return fontMetrics().height() * 2 / 3 + 4;
}

int PriorityHistogram::rowHeight() const
{
    // As tall as the text wants when there is room; in a short queue dock (a projector's 720
    // lines) the rows lose their spacing so that every priority shows.
    const int room = (height() - titleHeight() - totalHeight()) / PriorityPalette::steps();
    return std::clamp(room, compactRowHeight(), naturalRowHeight());
}

QRect PriorityHistogram::rowRect(int step) const
{
    if (step < PriorityPalette::minPriority() || step > PriorityPalette::maxPriority())
        return {};
    const int row = PriorityPalette::maxPriority() - step;
    return QRect(0, titleHeight() + row * rowHeight(), width(), rowHeight());
}

QFont PriorityHistogram::rowFont() const
{
    // The widget's own font (zoomed with the app's): a compacted row loses its spacing only.
    return font();
}

int PriorityHistogram::titleHeight() const
{
    return fontMetrics().height() + (m_tight ? 2 : 8);
}

QSize PriorityHistogram::sizeHint() const
{
    // Compact: a scroll area around the queue sizes its content by the hints (height for
    // width), so a natural hint would scroll the lowest rows away on a short screen. Given more
    // height, the rows grow back to their natural size.
    return minimumSizeHint();
}

QSize PriorityHistogram::minimumSizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    return QSize(fm.horizontalAdvance(QLatin1Char('0')) * 24,
                 titleHeight() + PriorityPalette::steps() * compactRowHeight() + totalHeight());
}

int PriorityHistogram::stepAt(const QPoint &point) const
{
    const int y = point.y() - titleHeight();
    if (y < 0)
        return -1;
    const int row = y / rowHeight();
    if (row >= PriorityPalette::steps())
        return -1;
    return PriorityPalette::maxPriority() - row;
}

QString PriorityHistogram::toolTipText(int step) const
{
    if (step < PriorityPalette::minPriority() || step > PriorityPalette::maxPriority())
        return {};
    qint64 total = 0;
    for (qint64 c : m_counts)
        total += c;
    const qint64 n = m_counts[size_t(step)];
    const QString which = step == PriorityPalette::minPriority()
            ? tr("priority %1 or below").arg(step)
            : step == PriorityPalette::maxPriority() ? tr("priority %1 or above").arg(step)
                                                     : tr("priority %1").arg(step);
    return tr("%1 messages queued with %2 (%3% of the queue)")
            .arg(QLocale().toString(n), which)
            .arg(total > 0 ? QLocale().toString(100.0 * double(n) / double(total), 'f', 1)
                           : QStringLiteral("0"));
}

bool PriorityHistogram::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipText(stepAt(help->pos()));
        QToolTip::showText(help->globalPos(), text.isEmpty() ? toolTip() : text, this);
        return true;
    }
    return QWidget::event(event);
}

void PriorityHistogram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm = fontMetrics();
    const QFont rows = rowFont();
    const QFontMetrics rowMetrics(rows);
    const QPalette pal = palette();
    QFont bold = font();
    bold.setBold(true);

    p.setFont(bold);
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRect(0, 0, width(), titleHeight()), Qt::AlignLeft | Qt::AlignVCenter,
               tr("Queue by priority"));

    qint64 max = 1;
    for (qint64 c : m_counts)
        max = std::max(max, c);
    const int swatch = rowMetrics.horizontalAdvance(QStringLiteral("≤00")) + 6;
    const QString widest = QLocale().toString(std::max<qint64>(max, 99999));
    const int countWidth = rowMetrics.horizontalAdvance(widest) + 4;
    const int barLeft = swatch + 4;
    const int barSpace = std::max(10, width() - barLeft - countWidth - 4);

    // A compacted row's swatch takes all but a pixel of it, room for the digits at full size.
    const int gap = rowHeight() < naturalRowHeight() ? 1 : 3;
    for (int row = 0; row < PriorityPalette::steps(); ++row) {
        const int step = PriorityPalette::maxPriority() - row;
        const int y = titleHeight() + row * rowHeight();
        const QRect sw(0, y, swatch, rowHeight() - gap);
        p.setPen(Qt::NoPen);
        p.setBrush(PriorityPalette::color(step));
        p.drawRoundedRect(sw, 3, 3);
        p.setPen(PriorityPalette::textColor(step));
        p.setFont(rows);
        p.drawText(sw, Qt::AlignCenter | Qt::TextDontClip, PriorityPalette::label(step));

        const qint64 n = m_counts[size_t(step)];
        const int bar = n == 0 ? 0 : std::max(2, int(double(barSpace) * double(n) / double(max)));
        if (bar > 0) {
            p.setPen(Qt::NoPen);
            p.setBrush(PriorityPalette::color(step));
            p.drawRect(QRect(barLeft, y + 2, bar, rowHeight() - 7));
        }
        p.setPen(n == 0 ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::WindowText));
        p.drawText(QRect(barLeft + bar + 4, y, countWidth, rowHeight() - gap),
                   Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, QLocale().toString(n));
    }
    if (!m_totalShown)
        return;
    p.setPen(pal.color(QPalette::WindowText));
    p.setFont(font());
    p.drawText(QRect(0, titleHeight() + PriorityPalette::steps() * rowHeight() + 2, width(),
                     fm.height() + 4),
               Qt::AlignLeft | Qt::AlignVCenter, totalText());
}

} // namespace PriorityLab
