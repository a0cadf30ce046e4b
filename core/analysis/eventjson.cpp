#include "core/analysis/eventjson.h"

#include "core/analysis/alarms.h"
#include "core/analysis/jsonwriter.h"
#include "core/engine/simulation.h"
#include "core/strategies/strategy.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <QJsonArray>
#include <QJsonDocument>

namespace PriorityLab {

QJsonObject messageToJson(const Message &m)
{
    QJsonObject o{{QStringLiteral("id"), qint64(m.id)},
                  {QStringLiteral("data"), m.data.text()},
                  {QStringLiteral("priority"), m.priority},
                  {QStringLiteral("ttl"), m.ttl},
                  {QStringLiteral("predicateRuns"), m.predicateRuns},
                  {QStringLiteral("deliveries"), m.deliveries}};
    if (m.expiresAt >= 0)  // message expiry only (docs/design.md §3)
        o.insert(QStringLiteral("expiresAt"), m.expiresAt);
    return o;
}

QJsonObject eventToJson(const Event &e)
{
    QJsonObject o{{QStringLiteral("cycle"), e.cycle},
                  {QStringLiteral("type"), Event::typeName(e.type)}};
    if (e.type == Event::Type::Produced || e.type == Event::Type::Rejected)
        o.insert(QStringLiteral("producer"), e.message.producer.text());
    else if (!e.consumer.isEmpty() || e.type != Event::Type::Discarded)
        o.insert(QStringLiteral("consumer"), e.consumer);  // the broker's own discards have none
    o.insert(QStringLiteral("message"), messageToJson(e.message));
    if (e.type == Event::Type::Postponed || e.type == Event::Type::Failed)
        o.insert(QStringLiteral("requeued"), messageToJson(e.returned()));
    if (e.type == Event::Type::Discarded)
        o.insert(QStringLiteral("reason"), e.reason);
    if (const QString text = e.explanationText(); !text.isEmpty())
        o.insert(QStringLiteral("explanation"), text);
    return o;
}

namespace {
/// messageToJson() written straight into @p json, keys in QJsonObject's (sorted) order.
template<size_t N>
void writeMessage(JsonWriter &json, const char (&key)[N], const Message &m)
{
    json.key(key);
    json.beginObject();
    m.data.withText([&](QStringView data) { json.field("data", data); });
    json.field("deliveries", m.deliveries);
    if (m.expiresAt >= 0)
        json.field("expiresAt", m.expiresAt);
    json.field("id", qint64(m.id));
    json.field("predicateRuns", m.predicateRuns);
    json.field("priority", m.priority);
    json.field("ttl", m.ttl);
    json.endObject();
}
} // namespace

void appendEventJsonLine(QByteArray &out, const Event &e)
{
    // The same keys and values as eventToJson(), in the order QJsonObject sorts them, so that
    // the bytes are those QJsonDocument::Compact would write (tests/cli/tst_golden_events).
    JsonWriter json(out);
    json.beginObject();
    if (e.type != Event::Type::Produced && e.type != Event::Type::Rejected
        && (!e.consumer.isEmpty() || e.type != Event::Type::Discarded))
        json.field("consumer", e.consumer);
    json.field("cycle", e.cycle);
    if (const QString text = e.explanationText(); !text.isEmpty())
        json.field("explanation", text);
    writeMessage(json, "message", e.message);
    if (e.type == Event::Type::Produced || e.type == Event::Type::Rejected)
        json.field("producer", e.message.producer.text());
    if (e.type == Event::Type::Discarded)
        json.field("reason", e.reason);
    if (e.type == Event::Type::Postponed || e.type == Event::Type::Failed)
        writeMessage(json, "requeued", e.returned());
    json.field("type", Event::typeName(e.type));
    json.endObject();
    json.raw('\n');
}

QByteArray eventToJsonLine(const Event &event)
{
    QByteArray line;
    appendEventJsonLine(line, event);
    return line;
}

QList<WaitingStats> waitingByPriority(const Simulation &sim)
{
    std::map<int, WaitingStats> byPriority;
    const qint64 now = sim.cycle() - 1;  // the last cycle run
    for (const Broker::SubQueue &q : sim.broker().subQueues()) {
        for (const Message &m : q.messages) {
            WaitingStats &w = byPriority[m.originalPriority];
            w.priority = m.originalPriority;
            ++w.waiting;
            w.oldestWait = std::max(w.oldestWait, now - m.producedCycle);
        }
    }
    QList<WaitingStats> list;
    for (const auto &[priority, w] : byPriority)
        list << w;
    return list;
}

qint64 overtakenWaiting(const Simulation &sim)
{
    const quint64 maxId = sim.metrics().maxProcessedId();
    qint64 n = 0;
    for (const Broker::SubQueue &q : sim.broker().subQueues()) {
        for (const Message &m : q.messages)
            n += m.id < maxId ? 1 : 0;
    }
    return n;
}

QJsonArray runAlarms(const Simulation &sim, AlarmWatch &watch)
{
    QJsonArray alarms;
    bool dataLoss = false;  // a data-loss alarm active at the end
    bool loop = false;
    const auto add = [&](Alarm::Kind kind, const QString &text, bool clearedByEnd = false) {
        QJsonObject alarm{{QStringLiteral("kind"), Alarm::kindName(kind)}, {QStringLiteral("text"), text}};
        if (clearedByEnd)
            alarm.insert(QStringLiteral("clearedByEnd"), true);
        alarms.append(alarm);
        dataLoss = dataLoss || kind == Alarm::Kind::DataLoss;
        loop = loop || kind == Alarm::Kind::Loop;
    };
    for (const Alarm &a : watch.alarms())
        add(a.kind, a.text);
    // The run as a whole, as the summary has always said it: messages lost at any time are data
    // loss, and a run stopped for lack of progress is a loop, even where the banner's alarm has
    // cleared by the last cycle (a script that asks "did this setting lose data?" reads these).
    const Counts &t = sim.metrics().totals();
    if (!dataLoss && t.finalDiscarded() > 0)  // a dead letter kept in the dead-letter queue is not lost
        add(Alarm::Kind::DataLoss,
            QStringLiteral("%1 messages discarded (data lost) during the run, the alarm cleared by its end; "
                           "check the consumers' TTL ranges and predicates and the broker's limits")
                    .arg(t.finalDiscarded()), true);
    if (!dataLoss && t.rejected > 0)
        add(Alarm::Kind::DataLoss,
            QStringLiteral("%1 new messages refused (queue full) during the run; a producer that does not "
                           "send them again loses them; add consumers or raise broker.maxLength")
                    .arg(t.rejected), true);
    if (!loop && sim.stopReason().startsWith(QLatin1String("no progress")))
        add(Alarm::Kind::Loop, sim.stopReason(), true);
    return alarms;
}

LittlesLaw littlesLaw(const Simulation &sim)
{
    const Metrics &m = sim.metrics();
    LittlesLaw law;
    const qint64 cycles = m.cyclesRecorded();
    if (cycles <= 0)
        return law;
    law.meanInSystem = double(m.queueDepthSum()) / double(cycles);
    // A refused message never entered the system (overflow reject-publish).
    law.arrivalRate = double(m.totals().produced - m.totals().rejected) / double(cycles);
    law.ended = m.totals().processed + m.totals().finalDiscarded();
    law.openAtEnd = sim.broker().size();
    law.meanTimeInSystem = law.ended > 0 ? double(m.endedSojournSum()) / double(law.ended) : 0.0;
    const double l = law.meanInSystem;
    const double lw = law.lambdaW();
    if (l > 0)
        law.relativeError = std::abs(l - lw) / l;
    else
        law.relativeError = lw > 0 ? 1.0 : 0.0;
    return law;
}

QJsonObject LittlesLaw::toJson() const
{
    const auto round4 = [](double v) { return std::round(v * 10000.0) / 10000.0; };
    return QJsonObject{{QStringLiteral("L"), round4(meanInSystem)},
                       {QStringLiteral("lambda"), round4(arrivalRate)},
                       {QStringLiteral("W"), round4(meanTimeInSystem)},
                       {QStringLiteral("lambdaW"), round4(lambdaW())},
                       {QStringLiteral("relativeError"), round4(relativeError)},
                       {QStringLiteral("ended"), ended},
                       {QStringLiteral("openAtEnd"), openAtEnd},
                       {QStringLiteral("holds"), holds()}};
}

void insertBrokerLimitCounts(QJsonObject &object, const Counts &t)
{
    object.insert(QStringLiteral("rejected"), t.rejected);
    object.insert(QStringLiteral("discardedByBroker"),
                  QJsonObject{{QStringLiteral("maxlen"), t.maxlen},
                              {QStringLiteral("delivery_limit"), t.deliveryLimit},
                              {QStringLiteral("expired"), t.expired}});
}

QJsonObject summaryToJson(const Simulation &sim, qint64 wallTimeMs, AlarmWatch *alarms)
{
    const Counts &t = sim.metrics().totals();
    QJsonObject totals{{QStringLiteral("produced"), t.produced},
                       {QStringLiteral("dispatched"), t.dispatched},
                       {QStringLiteral("processed"), t.processed},
                       {QStringLiteral("postponed"), t.postponed},
                       {QStringLiteral("discarded"), t.discarded},
                       {QStringLiteral("failed"), t.failed},
                       {QStringLiteral("batches"), t.batches},
                       {QStringLiteral("queued"), sim.queued()},
                       {QStringLiteral("overtaken"), sim.metrics().overtaken() + overtakenWaiting(sim)},
                       {QStringLiteral("overtakenProcessed"), sim.metrics().overtaken()}};
    // The broker's limits (docs/design.md §3): only when one is on or has acted, so a run of the
    // reference broker has the summary it always had.
    if (!sim.broker().config().limitsOn().isEmpty() || t.brokerDiscarded() > 0 || t.rejected > 0)
        insertBrokerLimitCounts(totals, t);
    // Held messages (docs/design.md §4): only when a consumer has a prefetch or work limit or
    // holds messages, for the same reason.
    const bool holding = sim.held() > 0 || std::any_of(sim.consumers().cbegin(), sim.consumers().cend(),
                                                       [](const auto &c) { return c->holdsMessages(); });
    if (holding)
        totals.insert(QStringLiteral("held"), sim.held());
    QJsonArray producers;
    if (t.rejected > 0) {
        for (const Producer &p : sim.producers())
            producers.append(QJsonObject{{QStringLiteral("name"), p.config().name},
                                         {QStringLiteral("sent"), p.sent},
                                         {QStringLiteral("rejected"), p.rejected}});
        if (sim.manualRejected() > 0)
            producers.append(QJsonObject{{QStringLiteral("name"), QStringLiteral("manual")},
                                         {QStringLiteral("rejected"), sim.manualRejected()}});
    }
    QJsonArray consumers;
    for (const auto &c : sim.consumers()) {
        QJsonObject consumer{{QStringLiteral("name"), c->name},
                             {QStringLiteral("strategy"), c->strategy->type()},
                             {QStringLiteral("batches"), c->stats.batches},
                             {QStringLiteral("received"), c->stats.received},
                             {QStringLiteral("processed"), c->stats.processed},
                             {QStringLiteral("postponed"), c->stats.postponed},
                             {QStringLiteral("discarded"), c->stats.discarded},
                             {QStringLiteral("failed"), c->stats.failed}};
        if (holding)
            consumer.insert(QStringLiteral("held"), qint64(c->held.size()));
        consumers.append(consumer);
    }
    QJsonArray latency;
    qint64 longestWait = 0;
    for (int priority : sim.metrics().latencyPriorities()) {
        const LatencyStats s = sim.metrics().latency(priority);
        longestWait = std::max(longestWait, s.max);
        latency.append(QJsonObject{{QStringLiteral("priority"), priority},
                                   {QStringLiteral("count"), s.count},
                                   {QStringLiteral("p50"), s.p50},
                                   {QStringLiteral("p95"), s.p95},
                                   {QStringLiteral("max"), s.max}});
    }
    QJsonArray latencyByClass;
    for (const PriorityClass &c : BrokerConfig::priorityClasses()) {
        const LatencyStats s = sim.metrics().latency(c.minPriority, c.maxPriority);
        if (s.count == 0)
            continue;
        latencyByClass.append(QJsonObject{{QStringLiteral("class"), c.name},
                                          {QStringLiteral("priorities"), c.rangeText()},
                                          {QStringLiteral("count"), s.count},
                                          {QStringLiteral("p50"), s.p50},
                                          {QStringLiteral("p95"), s.p95},
                                          {QStringLiteral("max"), s.max}});
    }
    QJsonArray waiting;
    for (const WaitingStats &w : waitingByPriority(sim)) {
        longestWait = std::max(longestWait, w.oldestWait);
        waiting.append(QJsonObject{{QStringLiteral("priority"), w.priority},
                                   {QStringLiteral("waiting"), w.waiting},
                                   {QStringLiteral("oldestWait"), w.oldestWait}});
    }
    // Every reason a strategy can give, 0 if none was discarded so, then any other seen.
    QJsonObject byReason;
    for (const QString &reason : StrategyRegistry::instance().discardReasons())
        byReason.insert(reason, 0);
    for (auto it = sim.broker().discardedByReason().begin(); it != sim.broker().discardedByReason().end(); ++it)
        byReason.insert(it.key(), it.value());
    QJsonObject deliveries;
    for (const auto &[n, count] : sim.metrics().deliveriesHistogram())
        deliveries.insert(QString::number(n), count);
    QJsonObject summary{
        {QStringLiteral("scenario"), sim.loadedScenario().name},
        {QStringLiteral("seed"), qint64(sim.loadedScenario().seed)},
        {QStringLiteral("cycles"), sim.cycle()},
        {QStringLiteral("finished"), sim.isFinished()},
        {QStringLiteral("stopReason"), sim.isFinished() ? sim.stopReason() : QStringLiteral("cycle limit")},
        {QStringLiteral("totals"), totals},
        {QStringLiteral("consumers"), consumers},
        {QStringLiteral("latencyByPriority"), latency},
        {QStringLiteral("latencyByClass"), latencyByClass},
        {QStringLiteral("waitingByPriority"), waiting},
        {QStringLiteral("longestWait"), longestWait},
        {QStringLiteral("deliveriesPerMessage"), deliveries},
        {QStringLiteral("deadLetters"), sim.broker().deadLetterCount()},
        {QStringLiteral("discardedByReason"), byReason},
        {QStringLiteral("conservation"), sim.conservationHolds()},
        {QStringLiteral("littlesLaw"), littlesLaw(sim).toJson()},
        {QStringLiteral("wallTimeMs"), wallTimeMs},
    };
    // The alarms the app's banner shows at the run's end (docs/design.md §5, §7): only from a
    // monitor that saw every cycle of the run.
    if (alarms)
        summary.insert(QStringLiteral("alarms"), runAlarms(sim, *alarms));
    if (!producers.isEmpty())
        summary.insert(QStringLiteral("producers"), producers);
    // The dead-letter queue (docs/design.md §3): only when it is on or holds or held messages.
    const std::deque<Message> &deadQueue = sim.broker().deadLetterQueue();
    if (sim.broker().config().deadLetterQueue || !deadQueue.empty() || t.deadLetterQueued > 0) {
        ConsumerStats drained;
        QJsonArray names;
        for (const auto &c : sim.consumers()) {
            if (!c->deadLetters)
                continue;
            names.append(c->name);
            drained += c->stats;
        }
        summary.insert(QStringLiteral("deadLetterQueue"),
                       QJsonObject{{QStringLiteral("depth"), qint64(deadQueue.size())},
                                   {QStringLiteral("entered"), t.deadLetterQueued},
                                   {QStringLiteral("consumers"), names},
                                   {QStringLiteral("received"), drained.received},
                                   {QStringLiteral("processed"), drained.processed},
                                   {QStringLiteral("postponed"), drained.postponed},
                                   {QStringLiteral("failed"), drained.failed},
                                   {QStringLiteral("discarded"), drained.discarded}});
        totals.insert(QStringLiteral("discardedFinal"), t.finalDiscarded());
        totals.insert(QStringLiteral("inDeadLetterQueue"), qint64(deadQueue.size()));
        summary.insert(QStringLiteral("totals"), totals);
    }
    return summary;
}

QByteArray metricsToCsv(const Metrics &metrics)
{
    // New columns go at the end: scripts read the others by position.
    QByteArray csv = "cycle,queueDepth,produced,dispatched,processed,postponed,discarded,failed,batches,held\n";
    for (const CycleSample &s : metrics.history()) {
        const qint64 values[] = {s.cycle, s.queueDepth, s.counts.produced, s.counts.dispatched,
                                 s.counts.processed, s.counts.postponed, s.counts.discarded,
                                 s.counts.failed, s.counts.batches, s.held};
        for (size_t i = 0; i < std::size(values); ++i) {
            if (i > 0)
                csv += ',';
            csv += QByteArray::number(values[i]);
        }
        csv += '\n';
    }
    return csv;
}

} // namespace PriorityLab
