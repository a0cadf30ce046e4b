#include "core/analysis/eventjson.h"

#include "core/engine/simulation.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace PriorityLab {

QJsonObject messageToJson(const Message &m)
{
    return QJsonObject{{QStringLiteral("id"), qint64(m.id)},
                       {QStringLiteral("data"), m.data},
                       {QStringLiteral("priority"), m.priority},
                       {QStringLiteral("ttl"), m.ttl},
                       {QStringLiteral("predicateRuns"), m.predicateRuns},
                       {QStringLiteral("deliveries"), m.deliveries}};
}

QJsonObject eventToJson(const Event &e)
{
    QJsonObject o{{QStringLiteral("cycle"), e.cycle},
                  {QStringLiteral("type"), Event::typeName(e.type)}};
    if (e.type == Event::Type::Produced)
        o.insert(QStringLiteral("producer"), e.message.producer);
    else
        o.insert(QStringLiteral("consumer"), e.consumer);
    o.insert(QStringLiteral("message"), messageToJson(e.message));
    if (e.type == Event::Type::Postponed || e.type == Event::Type::Failed)
        o.insert(QStringLiteral("requeued"), messageToJson(e.after));
    if (e.type == Event::Type::Discarded)
        o.insert(QStringLiteral("reason"), e.reason);
    if (!e.detail.isEmpty())
        o.insert(QStringLiteral("explanation"), e.detail);
    return o;
}

QByteArray eventToJsonLine(const Event &event)
{
    return QJsonDocument(eventToJson(event)).toJson(QJsonDocument::Compact) + '\n';
}

QJsonObject summaryToJson(const Simulation &sim, qint64 wallTimeMs)
{
    const Counts &t = sim.metrics().totals();
    QJsonObject totals{{QStringLiteral("produced"), t.produced},
                       {QStringLiteral("dispatched"), t.dispatched},
                       {QStringLiteral("processed"), t.processed},
                       {QStringLiteral("postponed"), t.postponed},
                       {QStringLiteral("discarded"), t.discarded},
                       {QStringLiteral("failed"), t.failed},
                       {QStringLiteral("batches"), t.batches},
                       {QStringLiteral("queued"), qint64(sim.broker().size())},
                       {QStringLiteral("overtaken"), sim.metrics().overtaken()}};
    QJsonArray consumers;
    for (const auto &c : sim.consumers()) {
        consumers.append(QJsonObject{{QStringLiteral("name"), c->name},
                                     {QStringLiteral("strategy"), c->strategy->type()},
                                     {QStringLiteral("batches"), c->stats.batches},
                                     {QStringLiteral("received"), c->stats.received},
                                     {QStringLiteral("processed"), c->stats.processed},
                                     {QStringLiteral("postponed"), c->stats.postponed},
                                     {QStringLiteral("discarded"), c->stats.discarded},
                                     {QStringLiteral("failed"), c->stats.failed}});
    }
    QJsonArray latency;
    for (int priority : sim.metrics().latencyPriorities()) {
        const LatencyStats s = sim.metrics().latency(priority);
        latency.append(QJsonObject{{QStringLiteral("priority"), priority},
                                   {QStringLiteral("count"), s.count},
                                   {QStringLiteral("p50"), s.p50},
                                   {QStringLiteral("p95"), s.p95},
                                   {QStringLiteral("max"), s.max}});
    }
    QJsonObject deliveries;
    for (const auto &[n, count] : sim.metrics().deliveriesHistogram())
        deliveries.insert(QString::number(n), count);
    return QJsonObject{
        {QStringLiteral("scenario"), sim.loadedScenario().name},
        {QStringLiteral("seed"), qint64(sim.loadedScenario().seed)},
        {QStringLiteral("cycles"), sim.cycle()},
        {QStringLiteral("finished"), sim.isFinished()},
        {QStringLiteral("stopReason"), sim.isFinished() ? sim.stopReason() : QStringLiteral("cycle limit")},
        {QStringLiteral("totals"), totals},
        {QStringLiteral("consumers"), consumers},
        {QStringLiteral("latencyByPriority"), latency},
        {QStringLiteral("deliveriesPerMessage"), deliveries},
        {QStringLiteral("deadLetters"), sim.broker().deadLetterCount()},
        {QStringLiteral("conservation"), sim.conservationHolds()},
        {QStringLiteral("wallTimeMs"), wallTimeMs},
    };
}

QByteArray metricsToCsv(const Metrics &metrics)
{
    QByteArray csv = "cycle,queueDepth,produced,dispatched,processed,postponed,discarded,failed,batches\n";
    for (const CycleSample &s : metrics.history()) {
        const qint64 values[] = {s.cycle, s.queueDepth, s.counts.produced, s.counts.dispatched,
                                 s.counts.processed, s.counts.postponed, s.counts.discarded,
                                 s.counts.failed, s.counts.batches};
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
