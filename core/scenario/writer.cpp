#include "core/scenario/scenario.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace PriorityLab {

namespace {
/// Writes @p value under @p key if it is set: an unset optional setting is left out of the file.
template<typename T>
void insertIfSet(QJsonObject &object, const QString &key, const std::optional<T> &value)
{
    if (value)
        object.insert(key, *value);
}
} // namespace

QJsonObject brokerToJson(const BrokerConfig &b)
{
    QJsonObject broker;
    broker.insert(QStringLiteral("mode"), BrokerConfig::modeName(b.mode));
    insertIfSet(broker, QStringLiteral("maxPriority"), b.maxPriority);
    if (!b.topics.isEmpty()) {
        QJsonArray topics;
        for (const TopicConfig &t : b.topics)
            topics.append(QJsonObject{{QStringLiteral("name"), t.name},
                                      {QStringLiteral("priorities"), QJsonArray{t.minPriority, t.maxPriority}}});
        broker.insert(QStringLiteral("topics"), topics);
    }
    broker.insert(QStringLiteral("batchSize"), b.batchSize);
    if (b.batchesPerCycle <= 0)
        broker.insert(QStringLiteral("dispatch"), QStringLiteral("drain"));
    else
        broker.insert(QStringLiteral("dispatch"), QJsonObject{{QStringLiteral("batchesPerCycle"), b.batchesPerCycle}});
    broker.insert(QStringLiteral("maxIdleCycles"), b.maxIdleCycles);
    broker.insert(QStringLiteral("cycleIntervalMs"), b.cycleIntervalMs);
    if (b.maxDeliveriesPerCycle != BrokerConfig().maxDeliveriesPerCycle)
        broker.insert(QStringLiteral("maxDeliveriesPerCycle"), b.maxDeliveriesPerCycle);
    insertIfSet(broker, QStringLiteral("maxLength"), b.maxLength);
    insertIfSet(broker, QStringLiteral("deliveryLimit"), b.deliveryLimit);
    insertIfSet(broker, QStringLiteral("messageTtl"), b.messageTtl);
    if (b.expiry != BrokerConfig::Expiry::Head)
        broker.insert(QStringLiteral("expiry"), BrokerConfig::expiryName(b.expiry));
    if (b.overflow != BrokerConfig::Overflow::DropHead)
        broker.insert(QStringLiteral("overflow"), BrokerConfig::overflowName(b.overflow));
    if (b.deadLetterQueue)
        broker.insert(QStringLiteral("deadLetterQueue"), true);
    return broker;
}

QJsonObject consumerToJson(const ConsumerConfig &c)
{
    QJsonObject strategy = QJsonObject::fromVariantMap(c.strategy.parameters);
    strategy.insert(QStringLiteral("type"), c.strategy.type);
    QJsonObject o{{QStringLiteral("name"), c.name}, {QStringLiteral("strategy"), strategy}};
    if (!c.online)
        o.insert(QStringLiteral("online"), false);
    if (c.failureRate > 0.0)
        o.insert(QStringLiteral("failureRate"), c.failureRate);
    if (c.capacity > 0)
        o.insert(QStringLiteral("capacity"), c.capacity);
    insertIfSet(o, QStringLiteral("prefetch"), c.prefetch);
    insertIfSet(o, QStringLiteral("workPerCycle"), c.workPerCycle);
    if (c.deadLetters)
        o.insert(QStringLiteral("deadLetters"), true);
    if (!c.topics.isEmpty())
        o.insert(QStringLiteral("topics"), QJsonArray::fromStringList(c.topics));
    return o;
}

QJsonObject producerToJson(const ProducerConfig &p)
{
    QJsonObject o{{QStringLiteral("name"), p.name}};
    if (p.paused)
        o.insert(QStringLiteral("paused"), true);
    if (!p.messages.isEmpty()) {
        QJsonArray messages;
        for (const ScriptedMessage &m : p.messages) {
            QJsonObject message{{QStringLiteral("data"), m.data},
                                {QStringLiteral("priority"), m.priority},
                                {QStringLiteral("ttl"), m.ttl},
                                {QStringLiteral("atCycle"), m.atCycle}};
            if (m.expiration >= 0)
                message.insert(QStringLiteral("expiration"), m.expiration);
            messages.append(message);
        }
        o.insert(QStringLiteral("messages"), messages);
    }
    if (p.generator) {
        const GeneratorConfig &g = *p.generator;
        QJsonObject gen{{QStringLiteral("perCycle"), g.perCycle},
                        {QStringLiteral("priority"), QJsonArray{g.priorityMin, g.priorityMax}},
                        {QStringLiteral("ttl"), QJsonArray{g.ttlMin, g.ttlMax}},
                        {QStringLiteral("data"), g.data},
                        {QStringLiteral("fromCycle"), g.fromCycle}};
        if (g.untilCycle >= 0)
            gen.insert(QStringLiteral("untilCycle"), g.untilCycle);
        if (g.expirationMin >= 0)
            gen.insert(QStringLiteral("expiration"), g.expirationMin == g.expirationMax
                                                             ? QJsonValue(g.expirationMin)
                                                             : QJsonValue(QJsonArray{g.expirationMin, g.expirationMax}));
        o.insert(QStringLiteral("generator"), gen);
    }
    return o;
}

QJsonObject scenarioToJson(const Scenario &s)
{
    QJsonObject root;
    root.insert(QStringLiteral("name"), s.name);
    if (!s.description.isEmpty())
        root.insert(QStringLiteral("description"), s.description);
    if (!s.hint.isEmpty())
        root.insert(QStringLiteral("hint"), s.hint);
    root.insert(QStringLiteral("seed"), qint64(s.seed));
    root.insert(QStringLiteral("broker"), brokerToJson(s.broker));
    QJsonArray consumers;
    for (const ConsumerConfig &c : s.consumers)
        consumers.append(consumerToJson(c));
    root.insert(QStringLiteral("consumers"), consumers);
    QJsonArray producers;
    for (const ProducerConfig &p : s.producers)
        producers.append(producerToJson(p));
    root.insert(QStringLiteral("producers"), producers);
    if (!s.timeline.isEmpty()) {
        QJsonArray timeline;
        for (const TimelineChange &c : s.timeline)
            timeline.append(QJsonObject{{QStringLiteral("atCycle"), c.atCycle},
                                        {QStringLiteral("set"), QJsonObject{{c.path, c.value}}}});
        root.insert(QStringLiteral("timeline"), timeline);
    }
    if (!s.steps.isEmpty()) {
        QJsonArray steps;
        for (const LessonStep &step : s.steps) {
            QJsonObject o{{QStringLiteral("title"), step.title}};
            if (!step.text.isEmpty())
                o.insert(QStringLiteral("text"), step.text);
            insertIfSet(o, QStringLiteral("untilCycle"), step.untilCycle);
            if (step.until)
                o.insert(QStringLiteral("until"),
                         QJsonObject{{QStringLiteral("figure"), step.until->figure},
                                     {step.until->above ? QStringLiteral("above") : QStringLiteral("below"),
                                      step.until->bound}});
            // One view as a string, as files wrote it before arrays were allowed.
            if (step.highlights.size() == 1)
                o.insert(QStringLiteral("highlight"), step.highlights.constFirst());
            else if (step.highlights.size() > 1)
                o.insert(QStringLiteral("highlight"), QJsonArray::fromStringList(step.highlights));
            if (!step.set.isEmpty()) {
                QJsonObject set;
                for (const TimelineChange &c : step.set)
                    set.insert(c.path, c.value);
                o.insert(QStringLiteral("set"), set);
            }
            steps.append(o);
        }
        root.insert(QStringLiteral("steps"), steps);
    }
    return root;
}

QString saveScenarioFile(const Scenario &scenario, const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QStringLiteral("%1: cannot write: %2").arg(path, file.errorString());
    file.write(QJsonDocument(scenarioToJson(scenario)).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return QStringLiteral("%1: cannot save: %2").arg(path, file.errorString());
    return {};
}

} // namespace PriorityLab
