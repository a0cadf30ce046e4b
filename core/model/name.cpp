#include "core/model/name.h"

#include <QHash>
#include <QMutex>

#include <array>
#include <atomic>

namespace PriorityLab {

namespace {
/// The names, in chunks that never move once allocated: a reader indexes them without a lock
/// while another thread adds a name (a new chunk is published by its atomic pointer).
class NameTable
{
public:
    static constexpr quint32 ChunkBits = 10;
    static constexpr quint32 ChunkSize = 1u << ChunkBits;
    static constexpr quint32 MaxChunks = 1u << 16;  // 64 M names

    NameTable() { add(QString()); }

    quint32 indexOf(const QString &text)
    {
        const QMutexLocker lock(&m_mutex);
        if (const auto it = m_indices.constFind(text); it != m_indices.cend())
            return *it;
        return add(text);
    }

    const QString &text(quint32 index) const
    {
        return m_chunks[index >> ChunkBits].load(std::memory_order_acquire)[index & (ChunkSize - 1)];
    }

private:
    /// Appends @p text (under the lock, or from the constructor).
    quint32 add(const QString &text)
    {
        const quint32 index = m_count;
        if (index >> ChunkBits >= MaxChunks)
            qFatal("PriorityLab: more than %u distinct producer and topic names", MaxChunks * ChunkSize);
        QString *chunk = m_chunks[index >> ChunkBits].load(std::memory_order_relaxed);
        if (!chunk) {
            chunk = new QString[ChunkSize];
            m_chunks[index >> ChunkBits].store(chunk, std::memory_order_release);
        }
        // Written before any Name with this index exists, so before any reader can ask for it.
        chunk[index & (ChunkSize - 1)] = text;
        m_indices.insert(text, index);
        ++m_count;
        return index;
    }

    QMutex m_mutex;
    QHash<QString, quint32> m_indices;
    std::array<std::atomic<QString *>, MaxChunks> m_chunks {};
    quint32 m_count = 0;
};

/// Never destroyed: names may be read until the very end of the process.
NameTable &table()
{
    static NameTable *const names = new NameTable;
    return *names;
}
} // namespace

Name::Name(const QString &text) : m_index(text.isEmpty() ? 0 : table().indexOf(text)) { }

const QString &Name::text() const
{
    return table().text(m_index);
}

QString Name::rawText() const
{
    const QString &stored = text();
    return stored.isEmpty() ? QString() : QString::fromRawData(stored.constData(), stored.size());
}

} // namespace PriorityLab
