#include "ui/consumers/heldtiles.h"

#include "ui/common/prioritypalette.h"

#include <QPainter>

namespace PriorityLab {

namespace {
constexpr int TileSize = 18;
constexpr int Gap = 3;
} // namespace

HeldTiles::HeldTiles(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setVisible(false);
}

void HeldTiles::setTiles(const QList<Tile> &tiles)
{
    if (tiles == m_tiles)
        return;
    m_tiles = tiles;
    QStringList words;
    for (qsizetype i = 0; i < m_tiles.size() && i < maxTiles(); ++i)
        words << tr("#%1 (priority %2)").arg(m_tiles.at(i).id).arg(m_tiles.at(i).priority);
    if (m_tiles.size() > maxTiles())
        words << tr("%1 more").arg(m_tiles.size() - maxTiles());
    const QString count = m_tiles.size() == 1 ? tr("1 message") : tr("%1 messages").arg(m_tiles.size());
    const QString text = tr("Held: %1 delivered and not yet finished, oldest first (it decides on "
                            "workPerCycle of them per cycle; a more urgent message queued now "
                            "waits behind them): %2")
                                 .arg(count, words.join(QStringLiteral(", ")));
    setToolTip(text);
    setAccessibleDescription(text);
    setVisible(!m_tiles.isEmpty());
    update();
}

QSize HeldTiles::sizeHint() const
{
    return {(TileSize + Gap) * maxTiles(), TileSize + 2};
}

void HeldTiles::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.8);
    p.setFont(f);
    int x = 0;
    const int fit = std::max(1, (width() + Gap) / (TileSize + Gap) - 1);  // room for "+N"
    const qsizetype shown = std::min<qsizetype>({m_tiles.size(), maxTiles(), fit});
    for (qsizetype i = 0; i < shown; ++i) {
        const Tile &t = m_tiles.at(i);
        const QRectF r(x + 0.5, 1.5, TileSize - 1, TileSize - 1);
        p.setPen(QPen(PriorityPalette::textColor(t.priority), 1));
        p.setBrush(PriorityPalette::color(t.priority));
        p.drawRoundedRect(r, 3, 3);
        p.drawText(r, Qt::AlignCenter, QString::number(t.priority));
        x += TileSize + Gap;
    }
    if (shown < m_tiles.size()) {
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x, 0, width() - x, TileSize + 2), Qt::AlignVCenter | Qt::AlignLeft,
                   QStringLiteral("+%1").arg(m_tiles.size() - shown));
    }
}

} // namespace PriorityLab
