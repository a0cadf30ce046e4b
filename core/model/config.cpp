#include "core/model/config.h"

#include <algorithm>
#include <limits>

namespace PriorityLab {

namespace {

/// What is said of a broker mode: its name in scenarios, a short summary and its rule.
struct ModeTexts
{
    QString name;
    QString summary;
    QString rule;
};

ModeTexts modeTexts(BrokerConfig::Mode mode)
{
    using Mode = BrokerConfig::Mode;
    switch (mode) {
    case Mode::Fifo:
        return {QStringLiteral("fifo"), QStringLiteral("one queue, arrival order"),
                QStringLiteral("One queue in arrival order, as in the seed's reference system: "
                               "priority is up to the consumers' strategies.")};
    case Mode::Priority:
        return {QStringLiteral("priority"), QStringLiteral("native priority queue"),
                QStringLiteral("Native priority queue, as RabbitMQ's: the highest priority first, "
                               "arrival order within a priority. Urgent messages never wait behind "
                               "others, but low priorities can starve under load.")};
    case Mode::Topics:
        return {QStringLiteral("topics"), QStringLiteral("one queue per priority band"),
                QStringLiteral("Priority topics: one queue per topic, messages routed by priority "
                               "band; the topics take turns, most urgent first, each with its own "
                               "round-robin over its subscribers (tick them on the consumer cards).")};
    }
    return {};
}

} // namespace

QString BrokerConfig::modeName(Mode mode)
{
    return modeTexts(mode).name;
}

QString BrokerConfig::overflowName(Overflow overflow)
{
    return overflow == Overflow::RejectPublish ? QStringLiteral("reject-publish") : QStringLiteral("drop-head");
}

QString BrokerConfig::expiryName(Expiry expiry)
{
    return expiry == Expiry::Anywhere ? QStringLiteral("anywhere") : QStringLiteral("head");
}

QStringList BrokerConfig::limitsOn() const
{
    QStringList on;
    if (maxLength)
        on << QStringLiteral("broker.maxLength");
    if (deliveryLimit)
        on << QStringLiteral("broker.deliveryLimit");
    if (messageTtl)
        on << QStringLiteral("broker.messageTtl");
    if (deadLetterQueue)
        on << QStringLiteral("broker.deadLetterQueue");
    return on;
}

QString BrokerConfig::modeSummary(Mode mode)
{
    return modeTexts(mode).summary;
}

QString BrokerConfig::modeRule(Mode mode)
{
    return modeTexts(mode).rule;
}

QString PriorityClass::rangeText() const
{
    if (maxPriority == std::numeric_limits<int>::max())
        return QStringLiteral("%1+").arg(minPriority);
    if (minPriority == std::numeric_limits<int>::min())
        return QStringLiteral("≤%1").arg(maxPriority);
    return QStringLiteral("%1–%2").arg(minPriority).arg(maxPriority);
}

const QList<PriorityClass> &BrokerConfig::priorityClasses()
{
    static const QList<PriorityClass> classes = {
            {QStringLiteral("high"), 7, std::numeric_limits<int>::max()},
            {QStringLiteral("mid"), 4, 6},
            {QStringLiteral("low"), std::numeric_limits<int>::min(), 3}};
    return classes;
}

int BrokerConfig::priorityClassOf(int priority)
{
    const QList<PriorityClass> &classes = priorityClasses();
    for (qsizetype i = 0; i < classes.size(); ++i) {
        if (priority >= classes.at(i).minPriority && priority <= classes.at(i).maxPriority)
            return int(i);
    }
    return int(classes.size()) - 1;
}

QList<TopicConfig> BrokerConfig::defaultTopics()
{
    QList<TopicConfig> topics;
    const QList<PriorityClass> &classes = priorityClasses();
    for (qsizetype i = 0; i < classes.size(); ++i)
        topics.append({QStringLiteral("orders-%1").arg(i), std::clamp(classes.at(i).minPriority, 0, 9),
                       std::clamp(classes.at(i).maxPriority, 0, 9)});
    return topics;
}

QStringList lessonFigures()
{
    return {QStringLiteral("cycle"), QStringLiteral("produced"), QStringLiteral("dispatched"),
            QStringLiteral("processed"), QStringLiteral("postponed"), QStringLiteral("discarded"),
            QStringLiteral("failed"), QStringLiteral("queued"), QStringLiteral("held")};
}

QStringList ConsumerConfig::limitsOn(qsizetype index) const
{
    QStringList on;
    if (prefetch)
        on << QStringLiteral("consumers[%1].prefetch").arg(index);
    if (workPerCycle)
        on << QStringLiteral("consumers[%1].workPerCycle").arg(index);
    return on;
}

// Besides the views, one chart of the Charts dock by "charts.NAME", in the order of its tabs
// (docs/scenario-format.md): its tab comes to the front.
QStringList lessonViews()
{
    QStringList views{QStringLiteral("queue"), QStringLiteral("histogram"), QStringLiteral("consumers"),
                      QStringLiteral("producers"), QStringLiteral("broker"), QStringLiteral("charts"),
                      QStringLiteral("alarms"), QStringLiteral("eventLog"), QStringLiteral("deadLetters"),
                      QStringLiteral("journey"), QStringLiteral("status")};
    for (const char *chart : {"depth", "decisions", "latency", "throughput", "deliveries"})
        views << QStringLiteral("charts.") + QLatin1String(chart);
    return views;
}

qsizetype BrokerConfig::topicFor(int priority) const
{
    qsizetype best = 0;
    qint64 bestDistance = -1;
    for (qsizetype i = 0; i < topics.size(); ++i) {
        const TopicConfig &t = topics.at(i);
        const qint64 distance = priority < t.minPriority
                ? qint64(t.minPriority) - priority
                : (priority > t.maxPriority ? qint64(priority) - t.maxPriority : 0);
        if (bestDistance < 0 || distance < bestDistance) {
            best = i;
            bestDistance = distance;
        }
    }
    return best;
}

} // namespace PriorityLab
