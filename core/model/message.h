#pragma once

#include "core/model/name.h"
#include "core/model/payload.h"

#include <QString>
#include <QtGlobal>

#include <climits>

namespace PriorityLab {

/// One message as the broker stores it: payload plus the metadata the strategies read.
/// Field meanings and defaults follow docs/design.md §2 (priority 5, TTL 3, predicate runs 0 are the
/// reference implementation's defaults). Size: 80 bytes; the names are indices into a table (see
/// Name) and the payload's text is shared (see Payload).
struct Message
{
    quint64 id = 0;            ///< unique, from 1, in order of first acceptance by the broker
    quint64 arrival = 0;       ///< set by the broker each time it queues the message (a requeued
                               ///< copy arrives again): arrival order when a mode change re-routes
    Payload data;              ///< payload, opaque to the broker (data.text())
    qint64 producedCycle = 0;  ///< cycle in which it was produced
    /// Message expiry (docs/design.md §3; not the TTL counter below): the cycle from which it is
    /// expired, producedCycle + its expiration or the queue's messageTtl, whichever is sooner;
    /// -1 = never. A requeued copy keeps it.
    qint64 expiresAt = -1;
    int priority = 5;          ///< higher = more urgent
    int ttl = 3;               ///< the message's own time-to-live counter, read by the TTL strategy (not expiry)
    int predicateRuns = 0;     ///< how often a predicate postponed it
    int deliveries = 0;        ///< how often the broker handed it to a consumer
    int originalPriority = 5;  ///< priority at production, the key of latency statistics
    Name producer;             ///< name of the producer that sent it (producer.text())
    Name topic;                ///< topic name, only used in topics mode (topic.text())
    bool requeued = false;     ///< true once it went back to the broker (postponed or failed)
    /// True once it is in the dead-letter queue (broker.deadLetterQueue): it goes back there when
    /// sent back, and a dead letter it becomes is final.
    bool deadLetter = false;
};

// The memory target of docs/design.md §9 (at most 100 bytes per queued message beyond its
// payload) rests on this size: the names are indices, the payload a shared text.
static_assert(sizeof(Message) <= 80, "a queued Message grew: see docs/design.md §9 (memory)");

} // namespace PriorityLab

// Its Payload and Names are relocatable, so a Message may be moved in memory with memcpy (QList growth).
Q_DECLARE_TYPEINFO(PriorityLab::Message, Q_RELOCATABLE_TYPE);

namespace PriorityLab {

/// What a consumer's decision changes in a message it sends back to the broker (postponed, or
/// its processing failed; docs/design.md §4): the fields its strategy writes and the requeued
/// flag. The copy sent back is the delivered message with these fields: its id, data, names and
/// cycles are the same. Plain data, 20 bytes (a Message is 80): an event keeps it for its
/// "requeued" copy (Event::after), the journal for every step.
struct MessageMeta
{
    int priority = 5;
    int ttl = 3;
    int predicateRuns = 0;
    int deliveries = 0;
    bool requeued = false;

    /// The fields of @p m.
    static MessageMeta of(const Message &m) { return {m.priority, m.ttl, m.predicateRuns, m.deliveries, m.requeued}; }
    /// Writes these fields into @p m.
    void applyTo(Message &m) const
    {
        m.priority = priority;
        m.ttl = ttl;
        m.predicateRuns = predicateRuns;
        m.deliveries = deliveries;
        m.requeued = requeued;
    }
    friend bool operator==(const MessageMeta &, const MessageMeta &) = default;
};

/// Adds @p b to @p a, saturating at the int limits instead of overflowing
/// (aging of a priority at INT_MAX stays at INT_MAX).
constexpr int saturatingAdd(int a, int b) noexcept
{
    const long long r = static_cast<long long>(a) + b;
    return r > INT_MAX ? INT_MAX : (r < INT_MIN ? INT_MIN : static_cast<int>(r));
}

} // namespace PriorityLab
