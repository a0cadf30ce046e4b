#include "core/scenario/scenario.h"

#include <QRegularExpression>

namespace PriorityLab {

namespace {
/// @p error with every "FROM" replaced by "TO" (the mini scenario's index by the real one).
QString renamed(QString error, const QString &from, const QString &to)
{
    return error.replace(from, to);
}
} // namespace

QString applyScopedSetting(Scenario &scenario, const QString &path, const QJsonValue &value)
{
    // A whole list would add, remove or reorder consumers or producers under their counts and
    // round-robin cursors; the timeline is no setting (a change cannot schedule changes).
    for (const QLatin1String list : {QLatin1String("consumers"), QLatin1String("producers")}) {
        if (path == list)
            return QStringLiteral("%1: cannot replace them all while it runs; set one at a time, e.g. %1[0]")
                    .arg(list);
    }
    if (path == QLatin1String("timeline") || path.startsWith(QLatin1String("timeline["))
        || path.startsWith(QLatin1String("timeline.")))
        return QStringLiteral("%1: the timeline is not a setting; put the change in a timeline entry "
                              "of its own instead").arg(path);
    static const QRegularExpression listItem(QStringLiteral("^(consumers|producers)\\[(\\d+)\\](.*)$"));
    const QRegularExpressionMatch match = listItem.match(path);
    if (match.hasMatch()) {
        const bool consumers = match.captured(1) == QLatin1String("consumers");
        const QString list = match.captured(1);
        bool ok = false;
        const qsizetype index = match.captured(2).toLongLong(&ok);
        const qsizetype count = consumers ? scenario.consumers.size() : scenario.producers.size();
        if (!ok || index >= count)
            return QStringLiteral("%1: there is no %2[%3] (the scenario has %4)")
                    .arg(path, list, match.captured(2)).arg(count);
        // The one item alone (with the broker, for the topics a consumer subscribes to).
        Scenario part;
        part.broker = scenario.broker;
        if (consumers)
            part.consumers = {scenario.consumers.at(index)};
        else
            part.producers = {scenario.producers.at(index)};
        const QString local = list + QStringLiteral("[0]");
        const QString real = list + QStringLiteral("[%1]").arg(index);
        if (QString e = applySetting(part, local + match.captured(3), value); !e.isEmpty())
            return renamed(e, local, real);
        const QString name = consumers ? part.consumers.constFirst().name : part.producers.constFirst().name;
        const QString old = consumers ? scenario.consumers.at(index).name : scenario.producers.at(index).name;
        if (name != old) {
            for (qsizetype i = 0; i < count; ++i) {
                const QString other = consumers ? scenario.consumers.at(i).name : scenario.producers.at(i).name;
                if (i != index && other == name)
                    return QStringLiteral("%1.name: \"%2\" is used by another %3; names must be unique")
                            .arg(real, name, consumers ? QStringLiteral("consumer") : QStringLiteral("producer"));
            }
        }
        if (consumers)
            scenario.consumers[index] = part.consumers.constFirst();
        else
            scenario.producers[index] = part.producers.constFirst();
        return {};
    }
    if (path == QLatin1String("broker") || path.startsWith(QLatin1String("broker."))) {
        // The consumers' subscriptions must name the broker's topics, and a dead-letter consumer
        // needs the dead-letter queue: they come along (without their strategies) only when the
        // topics, the mode or the dead-letter queue change.
        Scenario part;
        part.broker = scenario.broker;
        const bool topics = path == QLatin1String("broker") || path.startsWith(QLatin1String("broker.topics"))
                || path == QLatin1String("broker.mode") || path == QLatin1String("broker.deadLetterQueue");
        if (topics) {
            for (const ConsumerConfig &c : std::as_const(scenario.consumers)) {
                ConsumerConfig light;
                light.name = c.name;
                light.topics = c.topics;
                light.deadLetters = c.deadLetters;
                part.consumers << light;
            }
        }
        if (QString e = applySetting(part, path, value); !e.isEmpty())
            return e;
        scenario.broker = part.broker;
        return {};
    }
    // Top-level fields (name, description, hint, seed) or a path that is no setting: without the
    // lists, which they do not touch.
    Scenario part = scenario;
    part.consumers.clear();
    part.producers.clear();
    part.timeline.clear();
    if (QString e = applySetting(part, path, value); !e.isEmpty())
        return e;
    part.consumers = scenario.consumers;
    part.producers = scenario.producers;
    part.timeline = scenario.timeline;
    scenario = part;
    return {};
}

CheckedSetting checkScopedSetting(const Scenario &scenario, const SettingPath &path, const QJsonValue &value)
{
    CheckedSetting check;
    check.path = path;
    check.value = value;
    check.target = path;
    if (!path.isValid()) {
        check.error = path.error();
        return check;
    }
    check.target = path.replacedPath();
    check.oldValue = settingValue(scenario, check.target);
    check.scenario = scenario;
    if (QString e = applyScopedSetting(check.scenario, path.toString(), value); !e.isEmpty()) {
        check.error = e;
        check.scenario = {};
        return check;
    }
    check.newValue = settingValue(check.scenario, check.target);
    return check;
}

} // namespace PriorityLab
