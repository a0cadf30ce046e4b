#pragma once

#include <QList>
#include <QWidget>

namespace PriorityLab {

struct Message;

/// The messages a consumer holds (prefetched, not yet decided on; docs/design.md §4) as a row
/// of small tiles, oldest (next to be decided on) on the left, coloured by priority on the
/// PriorityPalette with the priority inside. At most maxTiles() are painted, then "+N". The
/// tooltip lists them. Hidden while the consumer holds nothing.
class HeldTiles : public QWidget
{
    Q_OBJECT

public:
    explicit HeldTiles(QWidget *parent = nullptr);

    /// Shows @p held (oldest first): their ids and priorities are copied.
    template<typename Container>
    void setMessages(const Container &held)
    {
        QList<Tile> tiles;
        tiles.reserve(qsizetype(held.size()));
        for (const auto &m : held)
            tiles.append({m.id, m.priority});
        setTiles(tiles);
    }

    /// Messages shown (all of them, painted or counted in "+N").
    qsizetype count() const { return m_tiles.size(); }
    /// The id of the tile at @p index (0 = oldest), or 0.
    quint64 idAt(qsizetype index) const { return index < m_tiles.size() ? m_tiles.at(index).id : 0; }
    /// Tiles painted at most; the rest are counted.
    static constexpr int maxTiles() { return 20; }

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Tile
    {
        quint64 id = 0;
        int priority = 0;
        bool operator==(const Tile &) const = default;
    };
    void setTiles(const QList<Tile> &tiles);

    QList<Tile> m_tiles;
};

} // namespace PriorityLab
