#include "core/scenario/settingpath.h"

#include "core/scenario/scenario.h"
#include "core/strategies/strategy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <vector>

namespace PriorityLab {

// --- SettingPath ----------------------------------------------------------------------------

namespace {

const QLatin1String PathExample("write e.g. consumers[1].strategy.low");

/// @p text shortened for an error message: a path may be very long.
QString shown(const QString &text)
{
    constexpr qsizetype most = 60;
    return text.size() <= most ? text : text.left(most - 1) + QChar(0x2026);
}

} // namespace

SettingPath SettingPath::parse(const QString &text)
{
    SettingPath path;
    path.m_text = text;
    const auto fail = [&](const QString &problem) {
        path.m_steps.clear();
        const QString named = text.isEmpty() ? QString() : shown(text) + QStringLiteral(": ");
        path.m_error = named + problem + QStringLiteral("; ") + PathExample;
        return path;
    };
    if (text.isEmpty())
        return fail(QStringLiteral("empty setting path"));
    // Depth before length: a path of thousands of steps is refused by the limit it breaks first.
    const qsizetype depth = text.count(QLatin1Char('.')) + 1;
    if (depth > MaxDepth)
        return fail(QStringLiteral("%1 steps, more than the %2 a setting path may have")
                            .arg(depth)
                            .arg(MaxDepth));
    if (text.size() > MaxLength)
        return fail(QStringLiteral("%1 characters, more than the %2 a setting path may have")
                            .arg(text.size())
                            .arg(MaxLength));

    for (const QStringView part : QStringView(text).split(QLatin1Char('.'))) {
        Step step;
        const qsizetype open = part.indexOf(QLatin1Char('['));
        const QStringView key = open < 0 ? part : part.left(open);
        if (key.isEmpty())
            return fail(QStringLiteral("a step has no key"));
        if (key.contains(QLatin1Char(']')))
            return fail(QStringLiteral("\"]\" without \"[\" in \"%1\"").arg(part));
        step.key = key.toString();
        if (open >= 0) {
            if (!part.endsWith(QLatin1Char(']')))
                return fail(QStringLiteral("\"%1\" does not end with \"]\"").arg(part));
            const QStringView digits = part.mid(open + 1, part.size() - open - 2);
            bool ok = !digits.isEmpty() && digits.size() <= 9;
            for (const QChar c : digits)
                ok = ok && c >= QLatin1Char('0') && c <= QLatin1Char('9');
            if (!ok)
                return fail(QStringLiteral("\"%1\" is not an index (a whole number from 0)")
                                    .arg(digits));
            step.index = digits.toLongLong();
        }
        path.m_steps.append(std::move(step));
    }
    path.m_text.clear();
    return path;
}

SettingPath SettingPath::fromSteps(const QList<Step> &steps)
{
    SettingPath path;
    if (steps.size() > MaxDepth)
        return path;
    for (const Step &step : steps) {
        if (step.key.isEmpty())
            return path;
    }
    path.m_steps = steps;
    return path;
}

QString SettingPath::toString() const
{
    if (!m_error.isEmpty())
        return m_text;
    QString text;
    for (const Step &step : m_steps) {
        if (!text.isEmpty())
            text += QLatin1Char('.');
        text += step.key;
        if (step.index >= 0)
            text += QLatin1Char('[') + QString::number(step.index) + QLatin1Char(']');
    }
    return text;
}

SettingPath SettingPath::below() const
{
    return isValid() ? fromSteps(m_steps.mid(1)) : SettingPath();
}

SettingPath SettingPath::withRootIndex(qsizetype index) const
{
    if (!isValid())
        return {};
    SettingPath path = *this;
    path.m_steps.first().index = index;
    return path;
}

SettingPath SettingPath::parent() const
{
    return isValid() ? fromSteps(m_steps.first(m_steps.size() - 1)) : SettingPath();
}

bool SettingPath::isTimed() const
{
    if (!isValid())
        return false;
    const QString root = rootKey();
    if (depth() == 1
        && (root == QLatin1String("name") || root == QLatin1String("description") || root == QLatin1String("hint")))
        return false;
    return !(depth() == 2 && isBroker() && lastKey() == QLatin1String("cycleIntervalMs"));
}

SettingPath SettingPath::replacedPath() const
{
    if (m_steps.size() >= 2 && m_steps.constLast().key == QLatin1String("type") && m_steps.constLast().index < 0
        && m_steps.at(m_steps.size() - 2).key == QLatin1String("strategy"))
        return parent();
    return *this;
}

// --- Settings by path -----------------------------------------------------------------------

namespace {

using Step = SettingPath::Step;

/// The value below @p node at steps[from...]; undefined where a key or index is missing.
QJsonValue valueAt(QJsonValue node, const QList<Step> &steps, qsizetype from)
{
    for (qsizetype i = from; i < steps.size(); ++i) {
        node = node.toObject().value(steps.at(i).key);
        if (steps.at(i).index >= 0)
            node = node.toArray().at(steps.at(i).index);
    }
    return node;
}

/// Sets @p value at @p path in @p root, creating missing objects; returns an error or "".
/// Iterative: it walks down once, keeping each level, and writes the levels back bottom-up.
QString setAt(QJsonObject &root, const SettingPath &path, const QJsonValue &value)
{
    const QList<Step> &steps = path.steps();
    std::vector<QJsonObject> objects(size_t(steps.size()));
    std::vector<QJsonArray> arrays(size_t(steps.size()));
    QJsonValue node = root;
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const Step &step = steps.at(i);
        if (!node.isObject() && !node.isUndefined() && !node.isNull())
            return QStringLiteral("%1: %2 is not an object").arg(path.toString(), step.key);
        objects[size_t(i)] = node.toObject();
        node = objects[size_t(i)].value(step.key);
        if (step.index >= 0) {
            QJsonArray &array = arrays[size_t(i)];
            array = node.toArray();
            if (step.index >= array.size())
                return QStringLiteral("%1: there is no %2[%3] (the scenario has %4)")
                        .arg(path.toString(), step.key)
                        .arg(step.index)
                        .arg(array.size());
            node = array.at(step.index);
        }
    }
    node = value;
    for (qsizetype i = steps.size() - 1; i >= 0; --i) {
        const Step &step = steps.at(i);
        if (step.index >= 0) {
            arrays[size_t(i)].replace(step.index, node);
            node = arrays[size_t(i)];
        }
        objects[size_t(i)].insert(step.key, node); // Undefined removes the key
        node = objects[size_t(i)];
    }
    root = node.toObject();
    return {};
}

/// True if a setting at @p path may read or replace scripted messages.
bool touchesMessages(const SettingPath &path)
{
    if (path.rootKey() != QLatin1String("producers"))
        return false;
    return path.depth() < 2 || path.steps().at(1).key == QLatin1String("messages");
}

/// @p scenario without its scripted messages (cheap: the lists are shared, not copied).
Scenario withoutMessages(Scenario scenario)
{
    for (ProducerConfig &p : scenario.producers)
        p.messages.clear();
    return scenario;
}

/// The JSON of the part of @p s that @p path's first step names (one consumer, the broker, the
/// description...), without converting the rest of the scenario.
QJsonValue rootValue(const Scenario &s, const SettingPath &path)
{
    const QString key = path.rootKey();
    const qsizetype index = path.rootIndex();
    if (key == QLatin1String("broker"))
        return index < 0 ? QJsonValue(brokerToJson(s.broker)) : QJsonValue(QJsonValue::Undefined);
    if (key == QLatin1String("consumers") && index >= 0)
        return index < s.consumers.size() ? QJsonValue(consumerToJson(s.consumers.at(index)))
                                          : QJsonValue(QJsonValue::Undefined);
    if (key == QLatin1String("producers") && index >= 0) {
        if (index >= s.producers.size())
            return QJsonValue(QJsonValue::Undefined);
        ProducerConfig producer = s.producers.at(index);
        if (!touchesMessages(path))
            producer.messages.clear();
        return producerToJson(producer);
    }
    if (key == QLatin1String("consumers") || key == QLatin1String("producers")
        || key == QLatin1String("timeline") || key == QLatin1String("steps")) {
        const QJsonValue list =
                scenarioToJson(touchesMessages(path) ? s : withoutMessages(s)).value(key);
        return index < 0 ? list : list.toArray().at(index);
    }
    // The top-level texts and numbers: the scenario without its lists.
    Scenario header;
    header.name = s.name;
    header.description = s.description;
    header.hint = s.hint;
    header.seed = s.seed;
    const QJsonValue value = scenarioToJson(header).value(key);
    return index < 0 ? value : value.toArray().at(index);
}

} // namespace

CheckedSetting checkSetting(const Scenario &scenario, const SettingPath &path,
                            const QJsonValue &value)
{
    CheckedSetting check;
    check.path = path;
    check.value = value;
    check.target = path;
    if (!path.isValid()) {
        check.error = path.error().isEmpty() ? QStringLiteral("empty setting path; ") + PathExample
                                             : path.error();
        return check;
    }
    QJsonValue newValue = value;
    check.target = path.replacedPath();
    if (check.target.depth() != path.depth())  // a new strategy type: {"type": value} replaces it
        newValue = QJsonObject {{QStringLiteral("type"), value}};
    // Scripted messages can be many (a million); a setting elsewhere leaves them out of the
    // round trip through JSON and puts them back afterwards.
    const bool light = !touchesMessages(check.target);
    QJsonObject root = scenarioToJson(light ? withoutMessages(scenario) : scenario);
    // Timeline entries and lesson steps are not settings; keep them out of the re-validation.
    root.remove(QStringLiteral("timeline"));
    root.remove(QStringLiteral("steps"));
    check.oldValue = valueAt(root, check.target.steps(), 0);
    if (QString e = setAt(root, check.target, newValue); !e.isEmpty()) {
        check.error = e;
        return check;
    }
    const QString marker = QStringLiteral("\x01");
    ScenarioLoadResult result =
            parseScenario(QJsonDocument(root).toJson(QJsonDocument::Compact), marker);
    if (!result.ok()) {
        // "MARKER:LINE: PATH: problem" -> "PATH: problem": the line is of our own JSON, not a file.
        static const QRegularExpression prefix(QStringLiteral("^\x01(:\\d+)*: "));
        QStringList errors;
        for (QString e : std::as_const(result.errors))
            errors << e.remove(prefix);
        check.error = errors.join(QStringLiteral("; "));
        return check;
    }
    result.scenario->timeline = scenario.timeline;
    result.scenario->steps = scenario.steps;
    if (light) {
        for (qsizetype i = 0;
             i < result.scenario->producers.size() && i < scenario.producers.size(); ++i)
            result.scenario->producers[i].messages = scenario.producers.at(i).messages;
    }
    check.scenario = std::move(*result.scenario);
    check.newValue = settingValue(check.scenario, check.target);
    return check;
}

QString applySetting(Scenario &scenario, const SettingPath &path, const QJsonValue &value)
{
    CheckedSetting check = checkSetting(scenario, path, value);
    if (check.ok())
        scenario = std::move(check.scenario);
    return check.error;
}

QString applySetting(Scenario &scenario, const QString &path, const QJsonValue &value)
{
    return applySetting(scenario, SettingPath::parse(path), value);
}

QJsonValue settingValue(const Scenario &scenario, const SettingPath &path)
{
    if (!path.isValid())
        return QJsonValue(QJsonValue::Undefined);
    return valueAt(rootValue(scenario, path), path.steps(), 1);
}

QJsonValue settingValue(const Scenario &scenario, const QString &path)
{
    return settingValue(scenario, SettingPath::parse(path));
}

QJsonValue settingDefault(const SettingPath &path)
{
    // The settings the writer leaves out when they have their default value (writer.cpp).
    if (!path.isValid() || path.depth() < 2)
        return QJsonValue(QJsonValue::Undefined);
    const QString key = path.below().toString();
    if (path.isConsumer()) {
        const ConsumerConfig c;
        if (key == QLatin1String("online"))
            return c.online;
        if (key == QLatin1String("failureRate"))
            return c.failureRate;
        if (key == QLatin1String("capacity"))
            return c.capacity;
        if (key == QLatin1String("deadLetters"))
            return c.deadLetters;
        if (key == QLatin1String("topics"))
            return QJsonArray();
        if (key == QString(QLatin1String("strategy.") + Strategy::retryDelayKey()))
            return 0;
    } else if (path.isProducer()) {
        if (key == QLatin1String("paused"))
            return ProducerConfig().paused;
    } else if (path.isBroker() && path.rootIndex() < 0) {
        const BrokerConfig b;
        if (key == QLatin1String("maxDeliveriesPerCycle"))
            return b.maxDeliveriesPerCycle;
        if (key == QLatin1String("expiry"))
            return BrokerConfig::expiryName(b.expiry);
        if (key == QLatin1String("overflow"))
            return BrokerConfig::overflowName(b.overflow);
        if (key == QLatin1String("deadLetterQueue"))
            return b.deadLetterQueue;
    }
    return QJsonValue(QJsonValue::Undefined);
}

QJsonValue effectiveSettingValue(const Scenario &scenario, const SettingPath &path)
{
    const QJsonValue value = settingValue(scenario, path);
    return value.isUndefined() ? settingDefault(path) : value;
}

QString settingValueText(const QJsonValue &value)
{
    // A JSON document holds an array or an object: write the value as the one element of an
    // array and take the brackets off.
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

} // namespace PriorityLab
