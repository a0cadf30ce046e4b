#include "core/analysis/alarms.h"

#include "core/engine/simulation.h"

#include <QStringList>

#include <algorithm>
#include <array>
#include <limits>

namespace PriorityLab {

namespace {

/// The key of the "Data loss" alarm (discards by consumers and by the broker's limits), one of
/// three alarms of Alarm::Kind::DataLoss beside "maxlen-urgent" and "rejected".
const QString DataLossKey = QStringLiteral("data-loss");

/// "0–3, 5, 7–9" for the sorted priorities @p values.
QString rangesText(const QList<int> &values)
{
    QStringList parts;
    for (qsizetype i = 0; i < values.size();) {
        qsizetype j = i;
        while (j + 1 < values.size() && values.at(j + 1) == values.at(j) + 1)
            ++j;
        parts << (j == i ? QString::number(values.at(i))
                         : QStringLiteral("%1–%2").arg(values.at(i)).arg(values.at(j)));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

/// "A, B and C".
QString namesText(const QStringList &names)
{
    if (names.size() <= 1)
        return names.value(0);
    return names.mid(0, names.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" and ")
            + names.constLast();
}

int intParameter(const Consumer &consumer, const char *name)
{
    return consumer.strategy->parameter(QLatin1String(name)).toInt();
}

bool isType(const Consumer &consumer, const char *type)
{
    return consumer.strategy->type() == QLatin1String(type);
}

/// A sentence about processing failures that ended in @p lastFailure (>= 0), or "" if there
/// were none: a requeue storm keeps going round for a while after its cause is gone.
QString pastFailures(const Simulation &simulation, qint64 lastFailure)
{
    if (lastFailure < 0)
        return {};
    const auto &consumers = simulation.consumers();
    const bool failingNow = std::any_of(consumers.begin(), consumers.end(),
                                        [](const auto &c) { return c->online && c->failureRate > 0; });
    if (failingNow)
        return {};
    return QStringLiteral("Processing failures (the last in cycle %1) sent these messages round and "
                          "round; now that they stopped the backlog drains: wait, or add consumers.")
            .arg(lastFailure);
}

/// Appends @p sentence to @p advice with namesText(@p names) for its %1, unless @p names is empty.
void adviseFor(QStringList &advice, const QStringList &names, const QString &sentence)
{
    if (!names.isEmpty())
        advice << sentence.arg(namesText(names));
}

/// What to change when messages of the priorities @p starving wait forever.
QString starvationAdvice(const Simulation &simulation, const QList<int> &starving, qint64 lastFailure)
{
    if (QString failures = pastFailures(simulation, lastFailure); !failures.isEmpty())
        return failures;
    const auto &consumers = simulation.consumers();
    const bool anyOnline = std::any_of(consumers.begin(), consumers.end(),
                                       [](const auto &c) { return c->online; });
    if (!anyOnline)
        return QStringLiteral("Every consumer is offline: bring one online (or add one).");

    const BrokerConfig &broker = simulation.broker().config();
    if (broker.mode == BrokerConfig::Mode::Priority)
        return QStringLiteral("The native priority queue always serves higher priorities first, so "
                              "these wait while urgent messages keep coming. Add consumers, or "
                              "switch broker.mode to fifo with the priority strategy, whose aging "
                              "step lets waiting messages rise.");
    if (broker.mode == BrokerConfig::Mode::Topics) {
        QStringList advice;
        const QList<TopicConfig> topics = broker.topics.isEmpty() ? BrokerConfig::defaultTopics() : broker.topics;
        for (const TopicConfig &topic : topics) {
            const bool affected = std::any_of(starving.begin(), starving.end(), [&](int p) {
                return p >= topic.minPriority && p <= topic.maxPriority;
            });
            if (!affected)
                continue;
            int subscribers = 0;
            for (const auto &c : consumers)
                subscribers += c->online && c->subscribes(topic.name) ? 1 : 0;
            advice << (subscribers == 0
                               ? QStringLiteral("no online consumer subscribes to %1: subscribe one")
                                         .arg(topic.name)
                               : QStringLiteral("subscribe more consumers to %1 (%2 online now)")
                                         .arg(topic.name)
                                         .arg(subscribers));
        }
        if (!advice.isEmpty()) {
            QString text = advice.join(QStringLiteral("; ")) + QLatin1Char('.');
            text[0] = text.at(0).toUpper();
            return text;
        }
    }

    const int lowest = starving.isEmpty() ? 0 : starving.constFirst();
    QStringList noAging;
    QStringList high;
    QStringList predicates;
    for (const auto &c : consumers) {
        if (!c->online)
            continue;
        if (isType(*c, "priority")) {
            if (intParameter(*c, "agingStep") == 0)
                noAging << c->name;
            else if (intParameter(*c, "threshold") > lowest)
                high << QStringLiteral("%1 (now %2)").arg(c->name).arg(intParameter(*c, "threshold"));
        } else if (isType(*c, "predicate")) {
            predicates << c->name;
        }
    }
    QStringList advice;
    adviseFor(advice, noAging, QStringLiteral("Set the aging step of %1 to 1 or more, so that "
                                              "postponed messages rise."));
    adviseFor(advice, high, QStringLiteral("Lower the threshold of %1, or raise the aging step."));
    adviseFor(advice, predicates, QStringLiteral("Loosen the predicate of %1."));
    advice << QStringLiteral("Adding consumers shortens the wait of everyone.");
    return advice.join(QLatin1Char(' '));
}

/// What to change when messages are delivered again and again.
QString loopAdvice(const Simulation &simulation, int loopDeliveries, qint64 lastFailure)
{
    if (QString failures = pastFailures(simulation, lastFailure); !failures.isEmpty())
        return failures;
    QStringList failing;
    QStringList noAging;
    QStringList predicates;
    for (const auto &c : simulation.consumers()) {
        if (!c->online)
            continue;
        if (c->failureRate > 0)
            failing << QStringLiteral("%1 (now %2 %)").arg(c->name).arg(qRound(c->failureRate * 100));
        if (isType(*c, "priority") && intParameter(*c, "agingStep") == 0)
            noAging << c->name;
        if (isType(*c, "predicate") && intParameter(*c, "maxPredicateRuns") >= loopDeliveries)
            predicates << QStringLiteral("%1 (now %2)").arg(c->name).arg(intParameter(*c, "maxPredicateRuns"));
    }
    QStringList advice;
    adviseFor(advice, failing, QStringLiteral("Lower the failure rate of %1: each failed processing requeues the "
                                              "message."));
    adviseFor(advice, noAging, QStringLiteral("Set the aging step of %1 to 1 or more, so that postponed messages "
                                              "rise to the threshold."));
    adviseFor(advice, predicates, QStringLiteral("Lower maxPredicateRuns of %1."));
    if (advice.isEmpty())
        advice << QStringLiteral("Lower the thresholds or loosen the predicates that keep "
                                 "postponing it.");
    return advice.join(QLatin1Char(' '));
}

} // namespace

QString Alarm::kindName(Kind kind)
{
    // In the order of Kind; the names are the "kind" field of --summary's alarms (docs/design.md §7).
    static constexpr const char16_t *names[] = {u"setting", u"data-loss", u"starvation", u"loop",
                                                u"safety-cap", u"runtime-warning", u"no-consumer",
                                                u"connection"};
    static_assert(std::size(names) == size_t(Kind::Connection) + 1, "a name for every alarm kind");
    return QString::fromUtf16(names[size_t(kind)]);
}

AlarmMonitor::AlarmMonitor() = default;

AlarmMonitor::AlarmMonitor(Settings settings) : m_settings(settings) { }

void AlarmMonitor::reset()
{
    if (!m_alarms.isEmpty())
        ++m_revision;
    m_alarms.clear();
    m_inspectedCycle = -1;
    m_lastFailure = -1;
    m_urgentDropped = 0;
    m_refused = 0;
    m_recentDeliveries.clear();
    m_recentDispatched = 0;
    m_recentFailed = 0;
    m_lossCount = 0;
    m_lossByConsumer.clear();
    m_lossSettings.clear();
    m_brokerLoss.clear();
    m_heldWaitSince = -1;
    m_loopSince = -1;
    m_warningCounts.clear();
    m_lastProcessed.clear();
    m_setupSince = 0;
}

const Alarm *AlarmMonitor::find(Alarm::Kind kind) const
{
    for (const Alarm &a : m_alarms) {
        if (a.kind == kind)
            return &a;
    }
    return nullptr;
}

const Alarm *AlarmMonitor::findKey(const QString &key) const
{
    for (const Alarm &a : m_alarms) {
        if (a.key == key)
            return &a;
    }
    return nullptr;
}

void AlarmMonitor::raise(Alarm::Kind kind, const QString &key, const QString &title,
                         const QString &text, qint64 cycle, const QString &headline)
{
    raiseSince(kind, key, title, text, cycle, cycle, headline);
}

void AlarmMonitor::raiseSince(Alarm::Kind kind, const QString &key, const QString &title, const QString &text,
                              qint64 since, qint64 cycle, const QString &headline)
{
    for (Alarm &a : m_alarms) {
        if (a.key != key)
            continue;
        a.lastCycle = cycle;
        if (a.text != text || a.title != title || a.headline != headline) {
            a.text = text;
            a.title = title;
            a.headline = headline;
            ++m_revision;
        }
        return;
    }
    m_alarms.append({kind, key, title, text, headline, std::min(since, cycle), cycle});
    ++m_revision;
}

void AlarmMonitor::clearExternal(const QString &key)
{
    if (m_alarms.removeIf([&](const Alarm &a) { return a.key == key; }) > 0)
        ++m_revision;
}

template<typename Predicate>
void AlarmMonitor::clearIf(Alarm::Kind kind, Predicate stale)
{
    const auto removed = m_alarms.removeIf([&](const Alarm &a) { return a.kind == kind && stale(a); });
    if (removed > 0)
        ++m_revision;
}

void AlarmMonitor::checkSettings(const Simulation &simulation, qint64 cycle)
{
    // Settings that discard everything or starve (the strategies know their own traps).
    QStringList settingKeys;
    for (const auto &c : simulation.consumers()) {
        const QString warning = c->strategy->settingWarning();
        if (warning.isEmpty())
            continue;
        const QString key = QStringLiteral("setting:") + c->name;
        settingKeys << key;
        QString text = c->name + QStringLiteral(": ") + warning;
        if (!c->online)
            text += QStringLiteral(" (%1 is offline now: this applies when it comes back online.)").arg(c->name);
        raise(Alarm::Kind::Setting, key, QStringLiteral("Setting of %1").arg(c->name), text, cycle);
    }
    // A consumer that fails every processing: whatever it takes goes round for ever.
    for (const auto &c : simulation.consumers()) {
        if (!c->online || c->failureRate < 1.0)
            continue;
        const QString key = QStringLiteral("failing:") + c->name;
        settingKeys << key;
        const QString text =
                QStringLiteral("%1 fails every message it processes (failure rate 100 %) and %2 "
                               "(%3): nothing it takes is ever processed. Lower the failure rate of "
                               "%1 (roll back the bad deployment), or take it offline.")
                        .arg(c->name, c->strategy->failureRuleText(), c->strategy->type());
        raise(Alarm::Kind::Setting, key, QStringLiteral("%1 fails everything").arg(c->name), text, cycle);
    }
    clearIf(Alarm::Kind::Setting, [&](const Alarm &a) { return !settingKeys.contains(a.key); });
}

void AlarmMonitor::settingsChanged(const Simulation &simulation, qint64 cycle)
{
    m_setupSince = std::max(m_setupSince, cycle);
    checkSettings(simulation, cycle);
    // The advice names settings with their values ("A (now 4)"): said again with the current
    // ones, without counting as a new occurrence (the data-loss alarm keeps its last cycle).
    // Only the "Data loss" alarm's words come from dataLossText(): the other alarms of its
    // kind (urgent drops, refused publishes) keep their own counts and words.
    for (Alarm &a : m_alarms) {
        if (a.key != DataLossKey)
            continue;
        const QString text = dataLossText(simulation, a.lastCycle);
        const QString headline = dataLossHeadline(simulation);
        if (text != a.text || headline != a.headline) {
            a.text = text;
            a.headline = headline;
            ++m_revision;
        }
    }
    if (m_recentDeliveries.size() > 0)
        updateRequeueLoop(simulation, cycle);
    m_inspectedCycle = -1;  // the next inspect() reads the queue again: starvation and loop advice
}

void AlarmMonitor::observe(const Simulation &simulation, const QList<CycleReport> &reports)
{
    qsizetype setupFrom = 0;  // the first report that ran with the setup of now
    for (qsizetype i = 0; i < reports.size(); ++i) {
        if (!reports.at(i).timelineChanges.isEmpty())
            setupFrom = i;
    }
    for (qsizetype i = 0; i < reports.size(); ++i)
        observe(simulation, reports.at(i), i >= setupFrom);
}

void AlarmMonitor::observe(const Simulation &simulation, const CycleReport &report, bool setupNow)
{
    const qint64 cycle = report.cycle;
    if (cycle < 0)
        return;
    // The setup now is not the one an earlier cycle of a refresh ran with (a timeline change
    // came after it): the rules that read the setup wait for the cycle of that change.
    if (setupNow)
        checkSettings(simulation, cycle);
    if (report.counts.failed > 0)
        m_lastFailure = cycle;
    // The cycle each original priority was last processed, exact whatever the inspect() rate.
    // Every sample of the cycle writes the same cycle, so once per distinct priority: a cycle
    // processes hundreds of messages of a few priorities, and each write was a lookup in the map
    // (docs/design.md §9, App).
    quint64 written = 0;  // bit p: priority p (0..63) written
    for (const ProcessedSample &p : report.processed) {
        const int priority = p.originalPriority;
        if (priority >= 0 && priority < 64) {
            if (written & (quint64(1) << priority))
                continue;
            written |= quint64(1) << priority;
        }
        m_lastProcessed[priority] = cycle;
    }
    // The first cycle a message went back to the queue with more deliveries than the loop
    // rule allows: the Message loop alarm's date, whatever the rate of inspect() calls.
    if (report.requeuedDeliveries > m_settings.loopDeliveries && m_loopSince < 0)
        m_loopSince = cycle;

    observeDataLoss(simulation, report);
    observeRequeueLoop(simulation, report, setupNow);
    if (setupNow)
        observeNoConsumer(simulation, report);
    observeSafetyCap(simulation, report);
    observeDeliveryLimit(simulation, report);
    observeUrgentDrops(simulation, report);
    observeRefusals(simulation, report);
    observeRuntimeWarnings(report);
}

bool AlarmMonitor::expired(const Alarm &alarm, qint64 cycle) const
{
    return cycle - alarm.lastCycle >= m_settings.holdCycles;
}

void AlarmMonitor::observeDataLoss(const Simulation &simulation, const CycleReport &report)
{
    const qint64 cycle = report.cycle;
    // A dead letter kept in the dead-letter queue is not lost (yet).
    if (report.counts.finalDiscarded() <= 0) {
        clearIf(Alarm::Kind::DataLoss, [&](const Alarm &a) { return a.key == DataLossKey && expired(a, cycle); });
        return;
    }
    // Discards in recent cycles, counted per consumer from the report (a new episode: counted
    // afresh; the other data-loss alarms, urgent drops and refusals, have their own counts).
    if (!findKey(DataLossKey)) {
        m_lossCount = 0;
        m_lossByConsumer.clear();
        m_lossSettings.clear();
        m_brokerLoss.clear();
    }
    m_lossCount += report.counts.finalDiscarded();
    for (const ConsumerCycle &c : report.consumers) {
        if (c.discarded <= 0)
            continue;
        m_lossByConsumer[c.name] += c.discarded;
        // The settings it discarded with, for the advice after a later edit. The window
        // observes its reports at a throttled refresh: when a setting changed after this
        // report's cycle, the settings now are newer than the discard's (the lesson sets the
        // low bound back to 0 at cycle 100, observed with cycle 99's discards): the setting
        // recorded before stays then. A report of a cycle since the last change ran with the
        // settings now, whether it is the refresh's last or not: its discard is the last one
        // with its cycle, as prioritylab-sim, which reads every report at once, says it.
        const bool current = report.cycle >= m_setupSince;
        for (const auto &consumer : simulation.consumers()) {
            if (consumer->name == c.name && (current || !m_lossSettings.count(c.name)))
                m_lossSettings[c.name] = {consumer->strategy->type(),
                                          isType(*consumer, "ttl") ? intParameter(*consumer, "low") : 0, cycle};
        }
    }
    // Dead letters of the broker's own limits (length, deliveries, expiry).
    if (const qint64 own = report.counts.brokerDiscarded(); own > 0) {
        m_lossByConsumer[QStringLiteral("the broker")] += own;
        const std::pair<const char *, qint64> reasons[] = {{"maxlen", report.counts.maxlen},
                                                           {"expired", report.counts.expired},
                                                           {"delivery_limit", report.counts.deliveryLimit}};
        for (const auto &[reason, count] : reasons) {
            if (count > 0)
                m_brokerLoss[QLatin1String(reason)] += count;
        }
    }
    raise(Alarm::Kind::DataLoss, DataLossKey, QStringLiteral("Data loss"),
          dataLossText(simulation, cycle), cycle, dataLossHeadline(simulation));
}

std::vector<AlarmMonitor::Loss> AlarmMonitor::losses(const Simulation &simulation) const
{
    std::vector<Loss> result;
    for (const auto &c : simulation.consumers()) {
        const auto at = m_lossSettings.find(c->name);
        if (at == m_lossSettings.end())
            continue;
        const LossSetting &then = at->second;
        LossChange change = LossChange::Other;
        if (c->strategy->type() != then.type)
            change = LossChange::Strategy;
        else if (isType(*c, "ttl") && intParameter(*c, "low") < then.low)
            change = LossChange::TtlLowered;
        else if (isType(*c, "ttl"))
            change = LossChange::Ttl;
        result.push_back({c.get(), &then, change});
    }
    return result;
}

QString AlarmMonitor::dataLossHeadline(const Simulation &simulation) const
{
    std::vector<std::pair<QString, qint64>> byConsumer(m_lossByConsumer.begin(), m_lossByConsumer.end());
    std::stable_sort(byConsumer.begin(), byConsumer.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    QStringList who;
    for (const auto &[name, count] : byConsumer)
        who << name;
    // The setting to change, by its current value: "TTL low bound of A, B and C (now 4)"; one
    // changed since the consumers' last discard (lowered, another strategy) is history, said as
    // such: "repaired: TTL low bound of A, B and C lowered from 4 to 0", never "(now 0)" as if
    // 0 were the problem.
    std::map<int, QStringList> ttlByLow;
    std::map<std::pair<int, int>, QStringList> lowered;  // (then, now) -> names
    QStringList other;
    QStringList changedStrategy;
    for (const Loss &loss : losses(simulation)) {
        const Consumer &c = *loss.consumer;
        switch (loss.change) {
        case LossChange::Strategy:
            changedStrategy << c.name;
            break;
        case LossChange::TtlLowered:
            lowered[{loss.then->low, intParameter(c, "low")}] << c.name;
            break;
        case LossChange::Ttl:
            ttlByLow[intParameter(c, "low")] << c.name;
            break;
        case LossChange::Other:
            other << c.name;
            break;
        }
    }
    QStringList settings;
    for (const auto &[low, names] : ttlByLow)
        settings << QStringLiteral("TTL low bound of %1 (now %2)").arg(namesText(names)).arg(low);
    if (!other.isEmpty())
        settings << QStringLiteral("the strategy of %1").arg(namesText(other));
    QStringList repaired;
    for (const auto &[values, names] : lowered)
        repaired << QStringLiteral("TTL low bound of %1 lowered from %2 to %3")
                            .arg(namesText(names))
                            .arg(values.first)
                            .arg(values.second);
    if (!changedStrategy.isEmpty())
        repaired << QStringLiteral("the strategy of %1 changed").arg(namesText(changedStrategy));
    for (const auto &[reason, key] : {std::pair{"maxlen", "broker.maxLength"}, std::pair{"expired", "broker.messageTtl"},
                                      std::pair{"delivery_limit", "broker.deliveryLimit"}}) {
        if (m_brokerLoss.count(QLatin1String(reason)))
            settings << QLatin1String(key);
    }
    QString text = QStringLiteral("%1 discarded by %2")
                           .arg(m_lossCount == 1 ? QStringLiteral("1 message") : QStringLiteral("%1 messages").arg(m_lossCount))
                           .arg(who.isEmpty() ? QStringLiteral("the consumers") : namesText(who));
    if (!settings.isEmpty())
        text += QStringLiteral("; the setting: %1").arg(settings.join(QStringLiteral("; ")));
    if (!repaired.isEmpty())
        text += QStringLiteral("; repaired since: %1").arg(repaired.join(QStringLiteral("; ")));
    return text;
}

QString AlarmMonitor::dataLossText(const Simulation &simulation, qint64 lastCycle) const
{
    std::vector<std::pair<QString, qint64>> byConsumer(m_lossByConsumer.begin(), m_lossByConsumer.end());
    std::stable_sort(byConsumer.begin(), byConsumer.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    QStringList who;
    for (const auto &[name, count] : byConsumer)
        who << QStringLiteral("%1 %2").arg(name).arg(count);
    return QStringLiteral("%1 discarded (by %2), the last in cycle %3; each one is in the "
                          "Dead letters list. %4")
            .arg(m_lossCount == 1 ? QStringLiteral("1 message") : QStringLiteral("%1 messages").arg(m_lossCount))
            .arg(who.isEmpty() ? QStringLiteral("the consumers") : who.join(QStringLiteral(", ")))
            .arg(lastCycle)
            .arg(dataLossAdvice(simulation));
}

QString AlarmMonitor::dataLossAdvice(const Simulation &simulation) const
{
    QStringList ttl;      // still discarding with the setting they had
    QStringList changed;  // a setting changed since their last discard
    QStringList other;
    for (const Loss &loss : losses(simulation)) {
        const Consumer &c = *loss.consumer;
        const LossSetting &then = *loss.then;
        switch (loss.change) {
        case LossChange::Strategy:
            changed << QStringLiteral("%1 uses the %2 strategy now (%3 at its last discard, cycle %4)")
                               .arg(c.name, c.strategy->type(), then.type)
                               .arg(then.cycle);
            break;
        case LossChange::TtlLowered:
            changed << QStringLiteral("the TTL low bound of %1 is %2 now (%3 at its last discard, cycle %4)")
                               .arg(c.name)
                               .arg(intParameter(c, "low"))
                               .arg(then.low)
                               .arg(then.cycle);
            break;
        case LossChange::Ttl:
            ttl << QStringLiteral("%1 (now %2)").arg(c.name).arg(intParameter(c, "low"));
            break;
        case LossChange::Other:
            other << c.name;
            break;
        }
    }
    QStringList advice;
    adviseFor(advice, ttl, QStringLiteral("Lower the TTL low bound of %1 so that fewer messages count as "
                                          "expired, or widen the TTL range."));
    adviseFor(advice, other, QStringLiteral("Change the strategy of %1, which discards them."));
    if (!changed.isEmpty()) {
        QString text = QStringLiteral("Since then %1: watch whether discards go on; this alarm clears %2 "
                                      "cycles after the last one.")
                               .arg(namesText(changed))
                               .arg(m_settings.holdCycles);
        advice << text;
    }
    // The broker's own limits, named by their keys with their current values.
    const BrokerConfig &broker = simulation.broker().config();
    const auto limit = [](const std::optional<int> &value) {
        return value ? QString::number(*value) : QStringLiteral("none");
    };
    if (m_brokerLoss.count(QStringLiteral("maxlen")))
        advice << QStringLiteral("The length limit dropped %1 (reason maxlen): raise broker.maxLength (now %2), "
                                 "add consumers, or set broker.overflow to reject-publish.")
                          .arg(m_brokerLoss.at(QStringLiteral("maxlen")))
                          .arg(limit(broker.maxLength));
    if (m_brokerLoss.count(QStringLiteral("expired")))
        advice << QStringLiteral("%1 expired in the queue (reason expired): raise broker.messageTtl (now %2) or "
                                 "the messages' expiration, or consume sooner (more consumers).")
                          .arg(m_brokerLoss.at(QStringLiteral("expired")))
                          .arg(limit(broker.messageTtl));
    if (m_brokerLoss.count(QStringLiteral("delivery_limit")))
        advice << QStringLiteral("%1 reached the delivery limit (reason delivery_limit, now %2): see the "
                                 "delivery-limit alarm.")
                          .arg(m_brokerLoss.at(QStringLiteral("delivery_limit")))
                          .arg(limit(broker.deliveryLimit));
    if (advice.isEmpty())
        advice << QStringLiteral("Check the strategies that discard messages.");
    return advice.join(QLatin1Char(' '));
}

void AlarmMonitor::observeRequeueLoop(const Simulation &simulation, const CycleReport &report, bool setupNow)
{
    // A requeue loop of failures: most deliveries of the last few cycles failed and went back.
    m_recentDeliveries.push_back({report.counts.dispatched, report.counts.failed});
    m_recentDispatched += report.counts.dispatched;
    m_recentFailed += report.counts.failed;
    if (m_recentDeliveries.size() > size_t(failureWindow)) {
        m_recentDispatched -= m_recentDeliveries.front().first;
        m_recentFailed -= m_recentDeliveries.front().second;
        m_recentDeliveries.pop_front();
    }
    if (setupNow)
        updateRequeueLoop(simulation, report.cycle);
}

void AlarmMonitor::updateRequeueLoop(const Simulation &simulation, qint64 cycle)
{
    QStringList failing;
    QStringList rules;  // what each failing consumer's strategy does to a failed message
    for (const auto &c : simulation.consumers()) {
        if (c->online && c->failureRate > 0) {
            failing << QStringLiteral("%1 (now %2 %)").arg(c->name).arg(qRound(c->failureRate * 100));
            rules << c->name + QLatin1Char(' ') + c->strategy->failureRuleText();
        }
    }
    // Only while some consumer still fails: once the failure rates are back to 0 the backlog
    // drains (the message-loop and starvation alarms say so if it takes long).
    if (m_recentFailed < 10 || m_recentFailed * 2 < m_recentDispatched || failing.isEmpty()) {
        clearIf(Alarm::Kind::Loop, [](const Alarm &a) { return a.key == QLatin1String("requeue"); });
        return;
    }
    const QString text =
            QStringLiteral("%1 of %2 deliveries in the last %3 cycles failed and went back to the "
                           "queue, to fail again: a requeue loop%4. On a failure %5. Lower the "
                           "failure rate of %6 (roll back the bad deployment), or take those "
                           "consumers offline.")
                    .arg(m_recentFailed)
                    .arg(m_recentDispatched)
                    .arg(m_recentDeliveries.size())
                    .arg(m_recentFailed == m_recentDispatched ? QStringLiteral(" that processes nothing")
                                                              : QString())
                    .arg(namesText(rules), namesText(failing));
    raise(Alarm::Kind::Loop, QStringLiteral("requeue"), QStringLiteral("Requeue loop"), text, cycle);
}

void AlarmMonitor::observeNoConsumer(const Simulation &simulation, const CycleReport &report)
{
    // Messages wait and nobody can take them: said at once, not after the starvation delay.
    QStringList offline;
    bool anyOnline = false;
    for (const auto &c : simulation.consumers()) {
        anyOnline = anyOnline || c->online;
        offline << c->name;
    }
    if (anyOnline || report.queueDepth <= 0) {
        clearIf(Alarm::Kind::NoConsumer, [](const Alarm &) { return true; });
        return;
    }
    const QString waiting = report.queueDepth == 1 ? QStringLiteral("1 message waits")
                                                   : QStringLiteral("%1 messages wait").arg(report.queueDepth);
    const QString text = offline.isEmpty()
            ? QStringLiteral("No consumer online: the setup has no consumers; %1 — add one.").arg(waiting)
            : QStringLiteral("No consumer online: %1 %2 offline; %3 — bring one online.")
                      .arg(namesText(offline), offline.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"),
                           waiting);
    raise(Alarm::Kind::NoConsumer, QStringLiteral("no-consumer"), QStringLiteral("No consumer online"), text,
          report.cycle);
}

void AlarmMonitor::observeSafetyCap(const Simulation &simulation, const CycleReport &report)
{
    const qint64 cycle = report.cycle;
    if (!report.capReached) {
        clearIf(Alarm::Kind::SafetyCap, [&](const Alarm &a) { return expired(a, cycle); });
        return;
    }
    const Alarm *previous = find(Alarm::Kind::SafetyCap);
    const qint64 since = previous ? previous->raisedCycle : cycle;
    const QString text =
            QStringLiteral("Cycle %1 was ended by the safety cap after %2 deliveries without "
                           "emptying the queue (first time in cycle %3): messages go round and "
                           "round. Lower the failure rates and fix the thresholds or predicates "
                           "that keep postponing (see the loop alarm), or switch dispatch to K "
                           "batches per cycle.")
                    .arg(cycle)
                    .arg(simulation.broker().config().maxDeliveriesPerCycle)
                    .arg(since);
    raise(Alarm::Kind::SafetyCap, QStringLiteral("cap"), QStringLiteral("Safety cap"), text, cycle);
}

template<typename Text>
void AlarmMonitor::raiseWhileCounted(Alarm::Kind kind, const QString &key, const QString &title, qint64 count,
                                     qint64 cycle, Text text)
{
    if (count <= 0) {
        clearIf(kind, [&](const Alarm &a) { return a.key == key && expired(a, cycle); });
        return;
    }
    raise(kind, key, title, text(), cycle);
}

void AlarmMonitor::observeDeliveryLimit(const Simulation &simulation, const CycleReport &report)
{
    const qint64 cycle = report.cycle;
    const qint64 count = report.counts.deliveryLimit;
    raiseWhileCounted(Alarm::Kind::Loop, QStringLiteral("delivery-limit"), QStringLiteral("Delivery limit reached"),
                      count, cycle, [&] {
        const qint64 total = simulation.broker().discardedByReason().value(QStringLiteral("delivery_limit"));
        return QStringLiteral("%3 message(s) dead-lettered at the delivery limit so far (%1 in cycle %2): "
                              "each came back more than broker.deliveryLimit %4 times (reason "
                              "delivery_limit). Look at them in the dead-letter list: a poison message "
                              "needs a fix in its producer or a consumer that can handle it; if healthy "
                              "messages reach the limit, raise it or lower the failure rates and the "
                              "postponements.")
                .arg(count)
                .arg(cycle)
                .arg(total)
                .arg(simulation.broker().config().deliveryLimit.value_or(0));
    });
}

void AlarmMonitor::observeUrgentDrops(const Simulation &simulation, const CycleReport &report)
{
    const qint64 cycle = report.cycle;
    qint64 urgent = 0;
    if (report.counts.maxlen > 0) {
        // This cycle's dead letters, in a list kept in cycle order: the tail is this cycle's
        // only when the report is read right after its cycle. A refresh reads several reports
        // after they all ran (docs/design.md §5), so the later cycles' dead letters come first.
        const auto &dead = simulation.broker().deadLetters();
        auto it = dead.crbegin();
        while (it != dead.crend() && it->cycle > cycle)
            ++it;
        for (; it != dead.crend() && it->cycle == cycle; ++it)
            urgent += it->reason == QLatin1String("maxlen") && it->message.originalPriority >= 7 ? 1 : 0;
    }
    m_urgentDropped += urgent;
    raiseWhileCounted(Alarm::Kind::DataLoss, QStringLiteral("maxlen-urgent"),
                      QStringLiteral("Length limit drops urgent messages"), urgent, cycle, [&] {
        return QStringLiteral("The length limit dropped %1 message(s) of priority >= 7 (%2 in cycle %3): "
                              "broker.maxLength %4 with overflow drop-head dead-letters the head of the "
                              "queue, in a priority queue its most urgent message. Raise maxLength, add "
                              "consumers, or set overflow to reject-publish so that the new message is "
                              "refused instead.")
                .arg(m_urgentDropped)
                .arg(urgent)
                .arg(cycle)
                .arg(simulation.broker().config().maxLength.value_or(0));
    });
}

void AlarmMonitor::observeRefusals(const Simulation &simulation, const CycleReport &report)
{
    const QString key = QStringLiteral("rejected");
    const qint64 cycle = report.cycle;
    const qint64 rejected = report.counts.rejected;
    raiseWhileCounted(Alarm::Kind::DataLoss, key, QStringLiteral("Queue full: publishes refused"), rejected, cycle,
                      [&] {
        // Counted since the alarm was raised: a new one counts from 0 again.
        const Alarm *active = findKey(key);
        if (!active)
            m_refused = 0;
        m_refused += rejected;
        return QStringLiteral("%1 new message(s) refused since cycle %2 (%3 in cycle %4): the queue is full at "
                              "broker.maxLength %5 and overflow reject-publish refuses what comes next (a "
                              "rejected event; RabbitMQ nacks the publisher). What is queued stays, but a "
                              "producer that does not send them again loses them. Add consumers or raise "
                              "maxLength.")
                .arg(m_refused)
                .arg(active ? active->raisedCycle : cycle)
                .arg(rejected)
                .arg(cycle)
                .arg(simulation.broker().config().maxLength.value_or(0));
    });
}

void AlarmMonitor::observeRuntimeWarnings(const CycleReport &report)
{
    const qint64 cycle = report.cycle;
    // One alarm per source.
    for (const QString &warning : report.warnings) {
        if (report.capReached && warning.startsWith(QLatin1String("Safety cap")))
            continue;  // the SafetyCap alarm says it
        const bool timeline = warning.startsWith(QLatin1String("timeline change"));
        const qsizetype colon = warning.indexOf(QLatin1String(": "));
        const QString source = timeline ? QStringLiteral("timeline")
                                        : colon > 0 ? warning.left(colon) : QStringLiteral("engine");
        const QString key = QStringLiteral("warning:") + source;
        const bool active = std::any_of(m_alarms.cbegin(), m_alarms.cend(),
                                        [&](const Alarm &a) { return a.key == key; });
        qint64 &count = m_warningCounts[key];
        count = active ? count + 1 : 1;
        QString text = warning;
        if (timeline)
            text += QStringLiteral(" Correct that entry of the scenario's timeline.");
        if (count > 1)
            text += QStringLiteral(" (%1 warnings like this one)").arg(count);
        raise(Alarm::Kind::RuntimeWarning, key,
              timeline ? QStringLiteral("Timeline") : QStringLiteral("Warning from %1").arg(source), text, cycle);
    }
    clearIf(Alarm::Kind::RuntimeWarning, [&](const Alarm &a) {
        if (!expired(a, cycle))
            return false;
        m_warningCounts.erase(a.key);
        return true;
    });
}

void AlarmMonitor::inspect(const Simulation &simulation)
{
    const qint64 now = simulation.cycle();
    if (now == m_inspectedCycle)
        return;
    m_inspectedCycle = now;
    const qint64 last = now - 1;  // the cycle that ran last
    if (last < 0)
        return;

    // One pass over the queue: per original priority, how many wait and since when; loops.
    // Priorities 0..63 (the usual ones) in a flat array, others in a map: this pass over
    // 100,000 queued messages runs at every refresh.
    // The loop keeps to what every message needs (a minimum, a count, a maximum, one compare):
    // the rest is rare. Unused priorities keep count 0 and are dropped below.
    constexpr int flat = 64;
    std::array<Waiting, flat> common;
    common.fill({0, std::numeric_limits<qint64>::max()});
    std::map<int, Waiting> rare;
    Looping looping;
    int top = std::numeric_limits<int>::min();  // the highest current priority queued
    bool anyQueued = false;
    const int loopDeliveries = m_settings.loopDeliveries;
    for (const Broker::SubQueue &queue : simulation.broker().subQueues()) {
        const qsizetype size = queue.messages.size();
        anyQueued = anyQueued || size > 0;
        for (qsizetype i = 0; i < size; ++i) {
            const Message &m = queue.messages[i];
            top = std::max(top, m.priority);
            const int p = m.originalPriority;
            if (unsigned(p) < unsigned(flat)) [[likely]] {
                Waiting &w = common[size_t(p)];
                w.oldestProduced = std::min(w.oldestProduced, m.producedCycle);
                ++w.count;
            } else {
                Waiting &w = rare[p];
                w.oldestProduced = w.count == 0 ? m.producedCycle : std::min(w.oldestProduced, m.producedCycle);
                ++w.count;
            }
            if (m.deliveries > loopDeliveries) [[unlikely]] {
                ++looping.count;
                if (!looping.worst || m.deliveries > looping.worst->deliveries)
                    looping.worst = &m;
            }
        }
    }
    const std::optional<int> topQueued = anyQueued ? std::optional<int>(top) : std::nullopt;
    std::map<int, Waiting> waiting = std::move(rare);
    for (int p = 0; p < flat; ++p) {
        if (common[size_t(p)].count > 0)
            waiting[p] = common[size_t(p)];
    }

    // Failures within the last N cycles explain what waits or loops now.
    const qint64 n = std::max<qint64>(1, m_settings.starvationCycles);
    const qint64 recentFailure = m_lastFailure >= 0 && last - m_lastFailure < n ? m_lastFailure : -1;
    inspectStarvation(simulation, waiting, last, recentFailure);
    inspectMessageLoop(simulation, looping, last, recentFailure);
    inspectHeldInversion(simulation, topQueued, last);
}

void AlarmMonitor::inspectHeldInversion(const Simulation &simulation, std::optional<int> topQueued, qint64 last)
{
    const QString key = QStringLiteral("prefetch");
    // A consumer decides on its held messages oldest first: an urgent message waits behind the
    // less urgent ones it took earlier, whether it is queued or held behind them itself. Urgent:
    // of a more urgent priority class (BrokerConfig::priorityClasses()) than one held before it.
    const auto moreUrgent = [](int a, int b) {
        return BrokerConfig::priorityClassOf(a) < BrokerConfig::priorityClassOf(b);
    };
    QStringList holders;
    QStringList prefetches;
    int urgent = std::numeric_limits<int>::min();
    // The production cycle of the oldest waiting message of priority `urgent`: its wait began
    // when it came (behind messages taken before it), a date that does not depend on when the
    // queue is inspected.
    qint64 urgentSince = std::numeric_limits<qint64>::max();
    std::optional<qint64> topProduced;  // the oldest queued message of priority *topQueued, read once
    const auto oldestQueuedOf = [&](int priority) {
        qint64 oldest = last;
        for (const Broker::SubQueue &queue : simulation.broker().subQueues()) {
            for (qsizetype i = 0; i < qsizetype(queue.messages.size()); ++i) {
                if (queue.messages[i].priority == priority)
                    oldest = std::min(oldest, queue.messages[i].producedCycle);
            }
        }
        return oldest;
    };
    const auto waits = [&](int priority, qint64 produced) {
        if (priority > urgent)
            urgentSince = produced;
        else if (priority == urgent)
            urgentSince = std::min(urgentSince, produced);
        urgent = std::max(urgent, priority);
    };
    if (simulation.broker().config().mode == BrokerConfig::Mode::Priority) {
        for (const auto &c : simulation.consumers()) {
            if (c->held.empty())
                continue;
            int lowestBefore = c->held.front().priority;  // the lowest held ahead of the current one
            bool waiting = false;  // a message waits behind a lower one held before it
            for (const Message &m : c->held) {
                if (moreUrgent(m.priority, lowestBefore)) {
                    waiting = true;
                    waits(m.priority, m.producedCycle);
                }
                lowestBefore = std::min(lowestBefore, m.priority);
            }
            if (topQueued && moreUrgent(*topQueued, lowestBefore)) {
                waiting = true;
                if (!topProduced)
                    topProduced = oldestQueuedOf(*topQueued);
                waits(*topQueued, *topProduced);
            }
            if (!waiting)
                continue;
            holders << QStringLiteral("%1 holds %2 (the lowest of priority %3)")
                               .arg(c->name)
                               .arg(c->held.size() == 1 ? QStringLiteral("1 message")
                                                        : QStringLiteral("%1 messages").arg(c->held.size()))
                               .arg(lowestBefore);
            prefetches << QStringLiteral("%1 (now %2)")
                                  .arg(c->name, c->prefetch ? QString::number(*c->prefetch) : QStringLiteral("unlimited"));
        }
    }
    if (holders.isEmpty()) {
        m_heldWaitSince = -1;
        clearIf(Alarm::Kind::Starvation, [&](const Alarm &a) { return a.key == key; });
        return;
    }
    m_heldWaitSince = std::min(urgentSince, last);
    const qint64 inARow = std::max<qint64>(1, m_settings.heldWaitCycles);
    if (last - m_heldWaitSince + 1 < inARow)
        return;
    const QString text =
            QStringLiteral("A message of priority %1 waits behind less urgent ones taken before it came, "
                           "since cycle %2: %3. A consumer takes up to its prefetch at once and finishes "
                           "what it holds oldest first, so the priority queue orders only what is left. "
                           "Lower the prefetch of %4: with prefetch 1 the queue orders every message. "
                           "Or raise the work per cycle.")
                    .arg(urgent)
                    .arg(m_heldWaitSince)
                    .arg(namesText(holders), namesText(prefetches));
    // Raised at the cycle end that made heldWaitCycles in a row, whenever it is inspected.
    raiseSince(Alarm::Kind::Starvation, key, QStringLiteral("Urgent messages wait behind prefetched ones"), text,
               m_heldWaitSince + inARow - 1, last);
}

void AlarmMonitor::inspectStarvation(const Simulation &simulation, const std::map<int, Waiting> &waiting,
                                     qint64 last, qint64 recentFailure)
{
    // Queued for N cycles and none of that priority processed for N cycles. The text gives the
    // cycles since one of them was last processed ("for 50 cycles or more", the threshold, read
    // as 50 where a class had watched about 100 go by).
    const qint64 n = std::max<qint64>(1, m_settings.starvationCycles);
    QList<int> starving;
    qint64 starvingCount = 0;
    qint64 oldestAge = 0;
    qint64 since = last;  // the first cycle the condition held for a starving priority
    qint64 unprocessed = std::numeric_limits<qint64>::max();  // cycles since any starving priority was processed
    for (const auto &[priority, w] : waiting) {
        const qint64 age = last - w.oldestProduced;
        const auto processed = m_lastProcessed.find(priority);
        const qint64 sinceProcessed = processed == m_lastProcessed.end() ? age : last - processed->second;
        if (age >= n && sinceProcessed >= n) {
            starving << priority;
            starvingCount += w.count;
            oldestAge = std::max(oldestAge, age);
            unprocessed = std::min(unprocessed, sinceProcessed);
            // It holds from the cycle its oldest message had waited N cycles and its last
            // processing was N cycles ago, whichever came later.
            const qint64 from = processed == m_lastProcessed.end()
                    ? w.oldestProduced + n
                    : std::max(w.oldestProduced, processed->second) + n;
            since = std::min(since, from);
        }
    }
    if (starving.isEmpty()) {
        clearIf(Alarm::Kind::Starvation, [](const Alarm &a) { return a.key == QLatin1String("starvation"); });
        return;
    }
    const QString text =
            QStringLiteral("%1 %2 %3: %4 queued, the oldest for %5 cycles, and none of %6 "
                           "processed for %7 cycles. %8")
                    .arg(starving.size() == 1 ? QStringLiteral("Priority") : QStringLiteral("Priorities"),
                         rangesText(starving),
                         starving.size() == 1 ? QStringLiteral("starves") : QStringLiteral("starve"))
                    .arg(starvingCount == 1 ? QStringLiteral("1 message") : QStringLiteral("%1 messages").arg(starvingCount))
                    .arg(oldestAge)
                    .arg(starving.size() == 1 ? QStringLiteral("it") : QStringLiteral("them"))
                    .arg(unprocessed)
                    .arg(starvationAdvice(simulation, starving, recentFailure));
    raiseSince(Alarm::Kind::Starvation, QStringLiteral("starvation"), QStringLiteral("Starvation"), text, since, last);
}

void AlarmMonitor::inspectMessageLoop(const Simulation &simulation, const Looping &looping, qint64 last,
                                      qint64 recentFailure)
{
    // Queued messages delivered more than N times.
    const Message *worst = looping.worst;
    if (!worst) {
        clearIf(Alarm::Kind::Loop, [](const Alarm &a) { return a.key == QLatin1String("loop"); });
        m_loopSince = -1;
        return;
    }
    QString text = QStringLiteral("Message %1 (%2) was delivered %3 times and is still queued")
                           .arg(worst->id)
                           .arg(worst->data.text())
                           .arg(worst->deliveries);
    if (looping.count > 1)
        text += QStringLiteral(", with %1 other queued %2 over %3 deliveries")
                        .arg(looping.count - 1)
                        .arg(looping.count == 2 ? QStringLiteral("message") : QStringLiteral("messages"))
                        .arg(m_settings.loopDeliveries);
    text += QStringLiteral(": it loops between the broker and the consumers. ")
            + loopAdvice(simulation, m_settings.loopDeliveries, recentFailure);
    // Dated by the cycle its first message went back with too many deliveries (observe()), not
    // by this inspection: a refresh every few cycles gives the same date as one every cycle.
    raiseSince(Alarm::Kind::Loop, QStringLiteral("loop"), QStringLiteral("Message loop"), text,
               m_loopSince >= 0 ? m_loopSince : last, last);
}

AlarmWatch::AlarmWatch(Simulation &simulation) : m_simulation(simulation)
{
    // Direct connections (no context object): the monitor reads each report inside step(), on
    // the simulation's thread, as the app's panel reads them at its refresh.
    m_cycles = QObject::connect(&simulation, &Simulation::cycleCompleted,
                                [this](const CycleReport &report) { m_monitor.observe(m_simulation, report); });
    m_loads = QObject::connect(&simulation, &Simulation::scenarioLoaded, [this] {
        m_monitor.reset();
        m_monitor.checkSettings(m_simulation, 0);
    });
    // A setting changed (a timeline change inside step(), a lesson step's settings, a live
    // edit): as the app's alarm panel answers it.
    m_edits = QObject::connect(&simulation, &Simulation::setupChanged, [this] {
        m_monitor.settingsChanged(m_simulation, m_simulation.cycle());
        m_monitor.inspect(m_simulation);
    });
    m_monitor.checkSettings(simulation, std::max<qint64>(0, simulation.cycle()));
}

AlarmWatch::~AlarmWatch()
{
    QObject::disconnect(m_cycles);
    QObject::disconnect(m_loads);
    QObject::disconnect(m_edits);
}

const QList<Alarm> &AlarmWatch::alarms()
{
    m_monitor.inspect(m_simulation);
    return m_monitor.alarms();
}

} // namespace PriorityLab
