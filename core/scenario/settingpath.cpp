#include "core/scenario/scenario.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

namespace PriorityLab {

namespace {

/// One step of a setting path: a key, optionally followed by an array index.
struct PathStep
{
    QString key;
    qsizetype index = -1;
};

std::optional<QList<PathStep>> splitPath(const QString &path)
{
    QList<PathStep> steps;
    for (const QString &part : path.split(QLatin1Char('.'))) {
        PathStep step;
        const qsizetype bracket = part.indexOf(QLatin1Char('['));
        step.key = bracket < 0 ? part : part.left(bracket);
        if (step.key.isEmpty())
            return std::nullopt;
        if (bracket >= 0) {
            if (!part.endsWith(QLatin1Char(']')))
                return std::nullopt;
            bool ok = false;
            step.index = part.mid(bracket + 1, part.size() - bracket - 2).toLongLong(&ok);
            if (!ok || step.index < 0)
                return std::nullopt;
        }
        steps << step;
    }
    return steps;
}

/// Sets @p value at @p steps below @p node, creating missing objects; returns an error or "".
QString setAt(QJsonValue &node, const QList<PathStep> &steps, qsizetype depth, const QJsonValue &value,
              const QString &path)
{
    if (depth == steps.size()) {
        node = value;
        return {};
    }
    const PathStep &step = steps.at(depth);
    QJsonObject object = node.isObject() ? node.toObject() : QJsonObject();
    if (!node.isObject() && !node.isUndefined() && !node.isNull())
        return QStringLiteral("%1: %2 is not an object").arg(path, step.key);
    QJsonValue child = object.value(step.key);
    QString error;
    if (step.index >= 0) {
        QJsonArray array = child.toArray();
        if (step.index >= array.size())
            return QStringLiteral("%1: there is no %2[%3] (the scenario has %4)")
                    .arg(path, step.key).arg(step.index).arg(array.size());
        QJsonValue element = array.at(step.index);
        error = setAt(element, steps, depth + 1, value, path);
        array.replace(step.index, element);
        child = array;
    } else {
        error = setAt(child, steps, depth + 1, value, path);
    }
    object.insert(step.key, child);
    node = object;
    return error;
}

/// True if a setting at @p steps may read or replace scripted messages.
bool touchesMessages(const QList<PathStep> &steps)
{
    if (steps.constFirst().key != QLatin1String("producers"))
        return false;
    return steps.size() < 2 || steps.at(1).key == QLatin1String("messages");
}

/// @p scenario without its scripted messages (cheap: the lists are shared, not copied).
Scenario withoutMessages(Scenario scenario)
{
    for (ProducerConfig &p : scenario.producers)
        p.messages.clear();
    return scenario;
}

} // namespace

QString applySetting(Scenario &scenario, const QString &path, const QJsonValue &value)
{
    auto steps = splitPath(path);
    if (!steps)
        return QStringLiteral("%1: not a setting path; write e.g. consumers[1].strategy.low").arg(path);
    QJsonValue newValue = value;
    if (steps->size() >= 2 && steps->last().key == QLatin1String("type") && steps->last().index < 0
        && steps->at(steps->size() - 2).key == QLatin1String("strategy")) {
        // A new strategy type starts from its own defaults: the old type's parameters go.
        steps->removeLast();
        newValue = QJsonObject{{QStringLiteral("type"), value}};
    }
    // Scripted messages can be many (a million); a setting elsewhere leaves them out of the
    // round trip through JSON and puts them back afterwards.
    const bool light = !touchesMessages(*steps);
    QJsonValue root = scenarioToJson(light ? withoutMessages(scenario) : scenario);
    // Timeline entries and lesson steps are not settings; keep them out of the re-validation.
    QJsonObject withoutTimeline = root.toObject();
    withoutTimeline.remove(QStringLiteral("timeline"));
    withoutTimeline.remove(QStringLiteral("steps"));
    root = withoutTimeline;
    if (QString e = setAt(root, *steps, 0, newValue, path); !e.isEmpty())
        return e;
    const QString marker = QStringLiteral("\x01");
    ScenarioLoadResult result = parseScenario(QJsonDocument(root.toObject()).toJson(), marker);
    if (!result.ok()) {
        // "MARKER:LINE: PATH: problem" -> "PATH: problem": the line is of our own JSON, not a file.
        static const QRegularExpression prefix(QStringLiteral("^\x01(:\\d+)*: "));
        QStringList errors;
        for (QString e : std::as_const(result.errors))
            errors << e.remove(prefix);
        return errors.join(QStringLiteral("; "));
    }
    result.scenario->timeline = scenario.timeline;
    result.scenario->steps = scenario.steps;
    if (light) {
        for (qsizetype i = 0; i < result.scenario->producers.size() && i < scenario.producers.size(); ++i)
            result.scenario->producers[i].messages = scenario.producers.at(i).messages;
    }
    scenario = *result.scenario;
    return {};
}

QJsonValue settingValue(const Scenario &scenario, const QString &path)
{
    const auto steps = splitPath(path);
    if (!steps)
        return QJsonValue(QJsonValue::Undefined);
    QJsonValue node = scenarioToJson(touchesMessages(*steps) ? scenario : withoutMessages(scenario));
    for (const PathStep &step : *steps) {
        node = node.toObject().value(step.key);
        if (step.index >= 0)
            node = node.toArray().at(step.index);
    }
    return node;
}

} // namespace PriorityLab
