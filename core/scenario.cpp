#include "scenario.h"

#include "expression.h"
#include "strategy.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <numeric>
#include <limits>

namespace PriorityLab {

namespace {

constexpr qint64 MaxScriptedMessages = 1000000;
constexpr qint64 MaxCycle = qint64(1) << 53;  // exact in a JSON number

QString describe(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String: return QLatin1Char('"') + v.toString() + QLatin1Char('"');
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 17);
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

/// The line (1-based) where each JSON path's key or value starts, e.g.
/// "consumers[1].strategy.threshold" -> 12. @p json must be valid JSON. A scan of the text, only
/// to put line numbers on messages: QJsonDocument keeps no positions.
QHash<QString, int> pathLines(const QByteArray &json)
{
    struct Frame
    {
        bool array = false;
        qsizetype index = 0;
        QString path;
        bool expectKey = false;
        QString key;
        int keyLine = 0;
    };
    QHash<QString, int> lines;
    QList<Frame> stack;
    int line = 1;
    const auto valueStarts = [&]() -> QString {
        if (stack.isEmpty())
            return QString();
        const Frame &f = stack.last();
        if (f.array) {
            const QString p = f.path + QLatin1Char('[') + QString::number(f.index) + QLatin1Char(']');
            lines.insert(p, line);
            return p;
        }
        const QString p = f.path.isEmpty() ? f.key : f.path + QLatin1Char('.') + f.key;
        lines.insert(p, f.keyLine);
        return p;
    };
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        if (c == '\n') {
            ++line;
        } else if (c == '"') {
            const qsizetype start = i + 1;
            for (++i; i < json.size() && json.at(i) != '"'; ++i) {
                if (json.at(i) == '\\')
                    ++i;
            }
            const QString text = QString::fromUtf8(json.mid(start, i - start));
            if (!stack.isEmpty() && stack.last().expectKey) {
                stack.last().key = text;
                stack.last().keyLine = line;
                stack.last().expectKey = false;
            } else {
                valueStarts();
            }
        } else if (c == '{' || c == '[') {
            const QString p = valueStarts();
            stack.append({c == '[', 0, p, c == '{', QString(), 0});
        } else if (c == '}' || c == ']') {
            if (!stack.isEmpty())
                stack.removeLast();
        } else if (c == ',') {
            if (!stack.isEmpty()) {
                if (stack.last().array)
                    ++stack.last().index;
                else
                    stack.last().expectKey = true;
            }
        } else if (c != ':' && c != ' ' && c != '\t' && c != '\r') {
            valueStarts();  // a number or literal: skip to its end
            while (i + 1 < json.size() && !QByteArrayView(",}] \t\r\n").contains(json.at(i + 1)))
                ++i;
        }
    }
    return lines;
}

/// Collects every problem of one document, each with its JSON path and line.
class Validator
{
public:
    Validator(QString source, QByteArray json = {}) : m_source(std::move(source)), m_json(std::move(json)) { }

    QStringList errors;

    void error(const QString &path, const QString &what)
    {
        const int line = lineOf(path);
        const QString where = line > 0 ? QStringLiteral("%1:%2").arg(m_source).arg(line) : m_source;
        errors << QStringLiteral("%1: %2: %3").arg(where, path.isEmpty() ? QStringLiteral("(top level)") : path, what);
    }

    /// The line of @p path, or of its nearest enclosing path that the text has; 0 if unknown.
    int lineOf(QString path)
    {
        if (m_json.isEmpty())
            return 0;
        if (!m_lines)
            m_lines = pathLines(m_json);
        while (!path.isEmpty()) {
            if (const auto it = m_lines->constFind(path); it != m_lines->constEnd())
                return *it;
            const qsizetype cut = std::max(path.lastIndexOf(QLatin1Char('.')), path.lastIndexOf(QLatin1Char('[')));
            path = path.left(std::max<qsizetype>(cut, 0));
        }
        return 0;
    }

    static QString join(const QString &path, const QString &key)
    {
        return path.isEmpty() ? key : path + QLatin1Char('.') + key;
    }

    void checkKeys(const QJsonObject &o, const QString &path, const QStringList &allowed)
    {
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!allowed.contains(it.key()))
                error(join(path, it.key()),
                      QStringLiteral("unknown key; remove it or use one of %1")
                              .arg(allowed.join(QStringLiteral(", "))));
        }
    }

    std::optional<qint64> integer(const QJsonValue &v, const QString &path, qint64 min, qint64 max)
    {
        const double d = v.toDouble();
        if (!v.isDouble() || std::floor(d) != d) {
            error(path, QStringLiteral("expected an integer, got %1").arg(describe(v)));
            return std::nullopt;
        }
        if (d < double(min) || d > double(max)) {
            error(path, QStringLiteral("%1 is out of range: use an integer from %2 to %3")
                                .arg(describe(v)).arg(min).arg(max));
            return std::nullopt;
        }
        return qint64(d);
    }

    template<typename T>
    void readInt(const QJsonObject &o, const QString &path, const QString &key, T &target,
                 qint64 min, qint64 max)
    {
        if (!o.contains(key))
            return;
        if (auto v = integer(o.value(key), join(path, key), min, max))
            target = T(*v);
    }

    void readString(const QJsonObject &o, const QString &path, const QString &key, QString &target)
    {
        if (!o.contains(key))
            return;
        const QJsonValue v = o.value(key);
        if (!v.isString())
            error(join(path, key), QStringLiteral("expected a string, got %1").arg(describe(v)));
        else
            target = v.toString();
    }

    void readBool(const QJsonObject &o, const QString &path, const QString &key, bool &target)
    {
        if (!o.contains(key))
            return;
        const QJsonValue v = o.value(key);
        if (!v.isBool())
            error(join(path, key), QStringLiteral("expected true or false, got %1").arg(describe(v)));
        else
            target = v.toBool();
    }

    std::optional<QJsonObject> object(const QJsonValue &v, const QString &path)
    {
        if (!v.isObject()) {
            error(path, QStringLiteral("expected an object {...}, got %1").arg(describe(v)));
            return std::nullopt;
        }
        return v.toObject();
    }

    std::optional<QJsonArray> array(const QJsonValue &v, const QString &path)
    {
        if (!v.isArray()) {
            error(path, QStringLiteral("expected an array [...], got %1").arg(describe(v)));
            return std::nullopt;
        }
        return v.toArray();
    }

    /// An inclusive range written [min, max].
    void readRange(const QJsonObject &o, const QString &path, const QString &key, int &lo, int &hi)
    {
        if (!o.contains(key))
            return;
        const QString p = join(path, key);
        const QJsonValue v = o.value(key);
        if (!v.isArray() || v.toArray().size() != 2) {
            error(p, QStringLiteral("expected a range [min, max] of two integers, got %1").arg(describe(v)));
            return;
        }
        const auto a = integer(v.toArray().at(0), p + QStringLiteral("[0]"), INT_MIN, INT_MAX);
        const auto b = integer(v.toArray().at(1), p + QStringLiteral("[1]"), INT_MIN, INT_MAX);
        if (!a || !b)
            return;
        if (*a > *b) {
            error(p, QStringLiteral("min %1 is above max %2: write [%2, %1]").arg(*a).arg(*b));
            return;
        }
        lo = int(*a);
        hi = int(*b);
    }

private:
    QString m_source;
    QByteArray m_json;
    std::optional<QHash<QString, int>> m_lines;
};

void readBroker(Validator &val, const QJsonObject &o, BrokerConfig &b)
{
    const QString path = QStringLiteral("broker");
    val.checkKeys(o, path,
                  {QStringLiteral("mode"), QStringLiteral("batchSize"), QStringLiteral("dispatch"),
                   QStringLiteral("maxIdleCycles"), QStringLiteral("cycleIntervalMs"),
                   QStringLiteral("maxDeliveriesPerCycle"), QStringLiteral("maxPriority"),
                   QStringLiteral("topics")});
    if (o.contains(QLatin1String("mode"))) {
        const QJsonValue v = o.value(QLatin1String("mode"));
        bool known = false;
        for (auto mode : {BrokerConfig::Mode::Fifo, BrokerConfig::Mode::Priority, BrokerConfig::Mode::Topics}) {
            if (v == QJsonValue(BrokerConfig::modeName(mode))) {
                b.mode = mode;
                known = true;
            }
        }
        if (!known)
            val.error(QStringLiteral("broker.mode"),
                      QStringLiteral("expected \"fifo\", \"priority\" or \"topics\", got %1").arg(describe(v)));
    }
    if (o.contains(QLatin1String("maxPriority"))) {
        if (auto v = val.integer(o.value(QLatin1String("maxPriority")), QStringLiteral("broker.maxPriority"), 0, INT_MAX))
            b.maxPriority = int(*v);
    }
    if (o.contains(QLatin1String("topics"))) {
        const QString tp = QStringLiteral("broker.topics");
        if (const auto list = val.array(o.value(QLatin1String("topics")), tp)) {
            if (list->isEmpty())
                val.error(tp, QStringLiteral("is empty; give at least one topic, e.g. "
                                             "{\"name\": \"orders-0\", \"priorities\": [7, 9]}, or remove it for the defaults"));
            QSet<QString> names;
            for (qsizetype i = 0; i < list->size(); ++i) {
                const QString ip = tp + QStringLiteral("[%1]").arg(i);
                const auto t = val.object(list->at(i), ip);
                if (!t)
                    continue;
                TopicConfig topic;
                val.checkKeys(*t, ip, {QStringLiteral("name"), QStringLiteral("priorities")});
                val.readString(*t, ip, QStringLiteral("name"), topic.name);
                if (topic.name.trimmed().isEmpty())
                    val.error(ip + QStringLiteral(".name"), QStringLiteral("missing or empty; name the topic, e.g. \"orders-0\""));
                else if (names.contains(topic.name))
                    val.error(ip + QStringLiteral(".name"), QStringLiteral("\"%1\" is used by another topic; names must be unique").arg(topic.name));
                names.insert(topic.name);
                if (!t->contains(QLatin1String("priorities")))
                    val.error(ip + QStringLiteral(".priorities"), QStringLiteral("missing; give the band as [min, max]"));
                val.readRange(*t, ip, QStringLiteral("priorities"), topic.minPriority, topic.maxPriority);
                b.topics << topic;
            }
        }
    }
    val.readInt(o, path, QStringLiteral("batchSize"), b.batchSize, 1, 1000000);
    val.readInt(o, path, QStringLiteral("maxIdleCycles"), b.maxIdleCycles, 0, INT_MAX);
    val.readInt(o, path, QStringLiteral("cycleIntervalMs"), b.cycleIntervalMs, 0, 60000);
    val.readInt(o, path, QStringLiteral("maxDeliveriesPerCycle"), b.maxDeliveriesPerCycle, 1,
                MaxCycle);
    if (o.contains(QLatin1String("dispatch"))) {
        const QJsonValue v = o.value(QLatin1String("dispatch"));
        const QString p = QStringLiteral("broker.dispatch");
        if (v.isString() && v.toString() == QLatin1String("drain")) {
            b.batchesPerCycle = 0;
        } else if (v.isObject()) {
            const QJsonObject d = v.toObject();
            val.checkKeys(d, p, {QStringLiteral("batchesPerCycle")});
            if (!d.contains(QLatin1String("batchesPerCycle")))
                val.error(p + QStringLiteral(".batchesPerCycle"),
                          QStringLiteral("missing; write {\"batchesPerCycle\": K} with K >= 1"));
            val.readInt(d, p, QStringLiteral("batchesPerCycle"), b.batchesPerCycle, 1, 1000000);
        } else {
            val.error(p, QStringLiteral("expected \"drain\" or {\"batchesPerCycle\": K}, got %1")
                                 .arg(describe(v)));
        }
    }
}

void readStrategy(Validator &val, const QJsonValue &value, const QString &path, StrategyConfig &s)
{
    const auto o = val.object(value, path);
    if (!o)
        return;
    const QJsonValue typeValue = o->value(QLatin1String("type"));
    const QStringList types = StrategyRegistry::instance().types();
    if (!typeValue.isString()) {
        val.error(Validator::join(path, QStringLiteral("type")),
                  QStringLiteral("expected one of %1, got %2")
                          .arg(types.join(QStringLiteral(", ")), describe(typeValue)));
        return;
    }
    s.type = typeValue.toString();
    std::unique_ptr<Strategy> strategy = StrategyRegistry::instance().create(s.type);
    if (!strategy) {
        val.error(Validator::join(path, QStringLiteral("type")),
                  QStringLiteral("unknown strategy \"%1\"; use one of %2")
                          .arg(s.type, types.join(QStringLiteral(", "))));
        return;
    }
    QStringList allowed{QStringLiteral("type")};
    const QList<ParameterInfo> infos = strategy->parameters();
    for (const ParameterInfo &info : infos)
        allowed << info.name;
    val.checkKeys(*o, path, allowed);
    for (const ParameterInfo &info : infos) {
        if (!o->contains(info.name))
            continue;
        const QString p = Validator::join(path, info.name);
        const QJsonValue v = o->value(info.name);
        QVariant typed;
        if (info.kind == ParameterInfo::Kind::Integer) {
            const auto i = val.integer(v, p, info.minimum, info.maximum);
            if (!i)
                continue;
            typed = int(*i);
        } else {
            if (!v.isString()) {
                val.error(p, QStringLiteral("expected an expression in a string, got %1").arg(describe(v)));
                continue;
            }
            typed = v.toString();
        }
        if (QString e = strategy->setParameter(info.name, typed); !e.isEmpty()) {
            val.error(p, e);
            continue;
        }
        s.parameters.insert(info.name, typed);
    }
}

void readConsumer(Validator &val, const QJsonObject &o, const QString &path, ConsumerConfig &c)
{
    val.checkKeys(o, path,
                  {QStringLiteral("name"), QStringLiteral("strategy"), QStringLiteral("online"),
                   QStringLiteral("failureRate"), QStringLiteral("capacity"), QStringLiteral("topics")});
    val.readInt(o, path, QStringLiteral("capacity"), c.capacity, 0, 1000000);
    if (o.contains(QLatin1String("topics"))) {
        const QString tp = Validator::join(path, QStringLiteral("topics"));
        if (const auto list = val.array(o.value(QLatin1String("topics")), tp)) {
            for (qsizetype i = 0; i < list->size(); ++i) {
                if (!list->at(i).isString())
                    val.error(tp + QStringLiteral("[%1]").arg(i), QStringLiteral("expected a topic name, got %1").arg(describe(list->at(i))));
                else
                    c.topics << list->at(i).toString();
            }
        }
    }
    if (!o.contains(QLatin1String("name")))
        val.error(Validator::join(path, QStringLiteral("name")), QStringLiteral("missing; give the consumer a name"));
    val.readString(o, path, QStringLiteral("name"), c.name);
    if (o.contains(QLatin1String("name")) && c.name.trimmed().isEmpty())
        val.error(Validator::join(path, QStringLiteral("name")), QStringLiteral("is empty; give the consumer a name"));
    if (o.contains(QLatin1String("strategy")))
        readStrategy(val, o.value(QLatin1String("strategy")), Validator::join(path, QStringLiteral("strategy")), c.strategy);
    val.readBool(o, path, QStringLiteral("online"), c.online);
    if (o.contains(QLatin1String("failureRate"))) {
        const QJsonValue v = o.value(QLatin1String("failureRate"));
        const QString p = Validator::join(path, QStringLiteral("failureRate"));
        if (!v.isDouble() || v.toDouble() < 0.0 || v.toDouble() > 1.0)
            val.error(p, QStringLiteral("expected a probability from 0 to 1, got %1").arg(describe(v)));
        else
            c.failureRate = v.toDouble();
    }
}

void readProducer(Validator &val, const QJsonObject &o, const QString &path, ProducerConfig &p,
                  qint64 &scripted)
{
    val.checkKeys(o, path, {QStringLiteral("name"), QStringLiteral("paused"), QStringLiteral("messages"), QStringLiteral("generator")});
    val.readBool(o, path, QStringLiteral("paused"), p.paused);
    if (!o.contains(QLatin1String("name")))
        val.error(Validator::join(path, QStringLiteral("name")), QStringLiteral("missing; give the producer a name"));
    val.readString(o, path, QStringLiteral("name"), p.name);
    if (o.contains(QLatin1String("name")) && p.name.trimmed().isEmpty())
        val.error(Validator::join(path, QStringLiteral("name")), QStringLiteral("is empty; give the producer a name"));
    if (o.contains(QLatin1String("messages"))) {
        const QString mp = Validator::join(path, QStringLiteral("messages"));
        if (const auto messages = val.array(o.value(QLatin1String("messages")), mp)) {
            scripted += messages->size();
            if (scripted > MaxScriptedMessages) {
                val.error(mp, QStringLiteral("more than %1 scripted messages in the file; use a "
                                             "generator for large workloads").arg(MaxScriptedMessages));
                return;
            }
            for (qsizetype j = 0; j < messages->size(); ++j) {
                const QString ip = mp + QStringLiteral("[%1]").arg(j);
                const auto m = val.object(messages->at(j), ip);
                if (!m)
                    continue;
                ScriptedMessage s;
                val.checkKeys(*m, ip, {QStringLiteral("data"), QStringLiteral("priority"), QStringLiteral("ttl"), QStringLiteral("atCycle")});
                val.readString(*m, ip, QStringLiteral("data"), s.data);
                val.readInt(*m, ip, QStringLiteral("priority"), s.priority, INT_MIN, INT_MAX);
                val.readInt(*m, ip, QStringLiteral("ttl"), s.ttl, INT_MIN, INT_MAX);
                val.readInt(*m, ip, QStringLiteral("atCycle"), s.atCycle, 0, MaxCycle);
                p.messages << s;
            }
        }
    }
    if (o.contains(QLatin1String("generator"))) {
        const QString gp = Validator::join(path, QStringLiteral("generator"));
        if (const auto g = val.object(o.value(QLatin1String("generator")), gp)) {
            GeneratorConfig gen;
            val.checkKeys(*g, gp, {QStringLiteral("perCycle"), QStringLiteral("priority"), QStringLiteral("ttl"), QStringLiteral("data"), QStringLiteral("fromCycle"), QStringLiteral("untilCycle")});
            val.readInt(*g, gp, QStringLiteral("perCycle"), gen.perCycle, 0, 1000000);
            val.readRange(*g, gp, QStringLiteral("priority"), gen.priorityMin, gen.priorityMax);
            val.readRange(*g, gp, QStringLiteral("ttl"), gen.ttlMin, gen.ttlMax);
            val.readString(*g, gp, QStringLiteral("data"), gen.data);
            val.readInt(*g, gp, QStringLiteral("fromCycle"), gen.fromCycle, 0, MaxCycle);
            val.readInt(*g, gp, QStringLiteral("untilCycle"), gen.untilCycle, 0, MaxCycle);
            if (gen.untilCycle >= 0 && gen.untilCycle < gen.fromCycle)
                val.error(gp + QStringLiteral(".untilCycle"),
                          QStringLiteral("%1 is before fromCycle %2: the generator would send "
                                         "nothing; raise untilCycle or remove it")
                                  .arg(gen.untilCycle).arg(gen.fromCycle));
            p.generator = gen;
        }
    }
}

void readTimeline(Validator &val, const QJsonValue &value, Scenario &s)
{
    const auto list = val.array(value, QStringLiteral("timeline"));
    if (!list)
        return;
    QList<qsizetype> entries;  // timeline[] index of each change
    for (qsizetype i = 0; i < list->size(); ++i) {
        const QString ip = QStringLiteral("timeline[%1]").arg(i);
        const auto o = val.object(list->at(i), ip);
        if (!o)
            continue;
        val.checkKeys(*o, ip, {QStringLiteral("atCycle"), QStringLiteral("set")});
        qint64 at = 0;
        if (!o->contains(QLatin1String("atCycle")))
            val.error(ip + QStringLiteral(".atCycle"), QStringLiteral("missing; give the cycle of the change"));
        val.readInt(*o, ip, QStringLiteral("atCycle"), at, 0, MaxCycle);
        const auto set = val.object(o->value(QLatin1String("set")), ip + QStringLiteral(".set"));
        if (!set)
            continue;
        if (set->isEmpty())
            val.error(ip + QStringLiteral(".set"), QStringLiteral("is empty; give e.g. {\"consumers[0].online\": false}"));
        for (auto it = set->begin(); it != set->end(); ++it) {
            s.timeline << TimelineChange{at, it.key(), it.value()};
            entries << i;
        }
    }
    // Check each change against the setup as it will be at its cycle, in cycle order (only on a
    // setup without errors, so that its own problems are not repeated for every change).
    if (!val.errors.isEmpty())
        return;
    Scenario dryRun = s;
    QList<qsizetype> order(s.timeline.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return s.timeline.at(a).atCycle < s.timeline.at(b).atCycle;
    });
    for (qsizetype index : order) {
        const TimelineChange &c = s.timeline.at(index);
        if (QString e = applySetting(dryRun, c.path, c.value); !e.isEmpty())
            val.error(QStringLiteral("timeline[%1].set").arg(entries.at(index)), e);
    }
}

} // namespace

QString BrokerConfig::modeName(Mode mode)
{
    switch (mode) {
    case Mode::Fifo: return QStringLiteral("fifo");
    case Mode::Priority: return QStringLiteral("priority");
    case Mode::Topics: return QStringLiteral("topics");
    }
    return {};
}

QList<TopicConfig> BrokerConfig::defaultTopics()
{
    return {{QStringLiteral("orders-0"), 7, 9},
            {QStringLiteral("orders-1"), 4, 6},
            {QStringLiteral("orders-2"), 0, 3}};
}

ScenarioLoadResult parseScenario(const QByteArray &json, const QString &sourceName)
{
    ScenarioLoadResult result;
    Validator val(sourceName, json);
    if (json.size() > MaxScenarioFileBytes) {
        val.error(QString(), QStringLiteral("file is %1 bytes, above the limit of %2; use a generator "
                                            "instead of scripting every message")
                                     .arg(json.size()).arg(MaxScenarioFileBytes));
        result.errors = val.errors;
        return result;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // The offset points just past the offending character.
        const qsizetype position = std::max(0, parseError.offset - 1);
        const QByteArray before = json.left(position);
        const qsizetype line = before.count('\n') + 1;
        const qsizetype column = position - (before.lastIndexOf('\n') + 1) + 1;
        result.errors << QStringLiteral("%1:%2:%3: not valid JSON: %4; fix the syntax there "
                                        "(commas, quotes, brackets)")
                                 .arg(sourceName).arg(line).arg(column).arg(parseError.errorString());
        return result;
    }
    if (!doc.isObject()) {
        val.error(QString(), QStringLiteral("expected a JSON object {...} at the top level"));
        result.errors = val.errors;
        return result;
    }
    const QJsonObject root = doc.object();
    Scenario s;
    s.name = QFileInfo(sourceName).completeBaseName();
    val.checkKeys(root, QString(),
                  {QStringLiteral("name"), QStringLiteral("description"), QStringLiteral("hint"), QStringLiteral("seed"),
                   QStringLiteral("broker"), QStringLiteral("consumers"), QStringLiteral("producers"),
                   QStringLiteral("timeline")});
    val.readString(root, QString(), QStringLiteral("name"), s.name);
    val.readString(root, QString(), QStringLiteral("description"), s.description);
    val.readString(root, QString(), QStringLiteral("hint"), s.hint);
    if (root.contains(QLatin1String("seed"))) {
        if (auto v = val.integer(root.value(QLatin1String("seed")), QStringLiteral("seed"), 0, MaxCycle))
            s.seed = quint64(*v);
    }
    if (root.contains(QLatin1String("broker"))) {
        if (const auto b = val.object(root.value(QLatin1String("broker")), QStringLiteral("broker")))
            readBroker(val, *b, s.broker);
    }
    if (root.contains(QLatin1String("consumers"))) {
        if (const auto list = val.array(root.value(QLatin1String("consumers")), QStringLiteral("consumers"))) {
            QSet<QString> names;
            for (qsizetype i = 0; i < list->size(); ++i) {
                const QString path = QStringLiteral("consumers[%1]").arg(i);
                const auto o = val.object(list->at(i), path);
                if (!o)
                    continue;
                ConsumerConfig c;
                readConsumer(val, *o, path, c);
                if (!c.name.isEmpty() && names.contains(c.name))
                    val.error(path + QStringLiteral(".name"),
                              QStringLiteral("\"%1\" is used by another consumer; names must be unique").arg(c.name));
                names.insert(c.name);
                s.consumers << c;
            }
        }
    }
    if (root.contains(QLatin1String("producers"))) {
        if (const auto list = val.array(root.value(QLatin1String("producers")), QStringLiteral("producers"))) {
            qint64 scripted = 0;
            QSet<QString> names;
            for (qsizetype i = 0; i < list->size(); ++i) {
                const QString path = QStringLiteral("producers[%1]").arg(i);
                const auto o = val.object(list->at(i), path);
                if (!o)
                    continue;
                ProducerConfig p;
                readProducer(val, *o, path, p, scripted);
                if (!p.name.isEmpty() && names.contains(p.name))
                    val.error(path + QStringLiteral(".name"),
                              QStringLiteral("\"%1\" is used by another producer; names must be unique").arg(p.name));
                names.insert(p.name);
                s.producers << p;
            }
        }
    }
    {
        const QList<TopicConfig> topics = s.broker.topics.isEmpty() ? BrokerConfig::defaultTopics() : s.broker.topics;
        QStringList names;
        for (const TopicConfig &t : topics)
            names << t.name;
        for (qsizetype i = 0; i < s.consumers.size(); ++i) {
            const QStringList &subscribed = s.consumers.at(i).topics;
            for (qsizetype j = 0; j < subscribed.size(); ++j) {
                if (!names.contains(subscribed.at(j)))
                    val.error(QStringLiteral("consumers[%1].topics[%2]").arg(i).arg(j),
                              QStringLiteral("no topic \"%1\"; use one of %2 (broker.topics)")
                                      .arg(subscribed.at(j), names.join(QStringLiteral(", "))));
            }
        }
    }
    if (root.contains(QLatin1String("timeline")))
        readTimeline(val, root.value(QLatin1String("timeline")), s);
    result.errors = val.errors;
    if (result.errors.isEmpty())
        result.scenario = s;
    return result;
}

ScenarioLoadResult loadScenarioFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ScenarioLoadResult result;
        result.errors << QStringLiteral("%1: cannot open: %2; check the path and permissions")
                                 .arg(path, file.errorString());
        return result;
    }
    if (file.size() > MaxScenarioFileBytes) {
        ScenarioLoadResult result;
        result.errors << QStringLiteral("%1: file is %2 bytes, above the limit of %3; use a "
                                        "generator instead of scripting every message")
                                 .arg(path).arg(file.size()).arg(MaxScenarioFileBytes);
        return result;
    }
    return parseScenario(file.readAll(), path);
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

    QJsonObject broker;
    broker.insert(QStringLiteral("mode"), BrokerConfig::modeName(s.broker.mode));
    if (s.broker.maxPriority)
        broker.insert(QStringLiteral("maxPriority"), *s.broker.maxPriority);
    if (!s.broker.topics.isEmpty()) {
        QJsonArray topics;
        for (const TopicConfig &t : s.broker.topics)
            topics.append(QJsonObject{{QStringLiteral("name"), t.name},
                                      {QStringLiteral("priorities"), QJsonArray{t.minPriority, t.maxPriority}}});
        broker.insert(QStringLiteral("topics"), topics);
    }
    broker.insert(QStringLiteral("batchSize"), s.broker.batchSize);
    if (s.broker.batchesPerCycle <= 0)
        broker.insert(QStringLiteral("dispatch"), QStringLiteral("drain"));
    else
        broker.insert(QStringLiteral("dispatch"),
                      QJsonObject{{QStringLiteral("batchesPerCycle"), s.broker.batchesPerCycle}});
    broker.insert(QStringLiteral("maxIdleCycles"), s.broker.maxIdleCycles);
    broker.insert(QStringLiteral("cycleIntervalMs"), s.broker.cycleIntervalMs);
    if (s.broker.maxDeliveriesPerCycle != BrokerConfig().maxDeliveriesPerCycle)
        broker.insert(QStringLiteral("maxDeliveriesPerCycle"), s.broker.maxDeliveriesPerCycle);
    root.insert(QStringLiteral("broker"), broker);

    QJsonArray consumers;
    for (const ConsumerConfig &c : s.consumers) {
        QJsonObject strategy = QJsonObject::fromVariantMap(c.strategy.parameters);
        strategy.insert(QStringLiteral("type"), c.strategy.type);
        QJsonObject o{{QStringLiteral("name"), c.name}, {QStringLiteral("strategy"), strategy}};
        if (!c.online)
            o.insert(QStringLiteral("online"), false);
        if (c.failureRate > 0.0)
            o.insert(QStringLiteral("failureRate"), c.failureRate);
        if (c.capacity > 0)
            o.insert(QStringLiteral("capacity"), c.capacity);
        if (!c.topics.isEmpty())
            o.insert(QStringLiteral("topics"), QJsonArray::fromStringList(c.topics));
        consumers.append(o);
    }
    root.insert(QStringLiteral("consumers"), consumers);

    QJsonArray producers;
    for (const ProducerConfig &p : s.producers) {
        QJsonObject o{{QStringLiteral("name"), p.name}};
        if (p.paused)
            o.insert(QStringLiteral("paused"), true);
        if (!p.messages.isEmpty()) {
            QJsonArray messages;
            for (const ScriptedMessage &m : p.messages)
                messages.append(QJsonObject{{QStringLiteral("data"), m.data},
                                            {QStringLiteral("priority"), m.priority},
                                            {QStringLiteral("ttl"), m.ttl},
                                            {QStringLiteral("atCycle"), m.atCycle}});
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
            o.insert(QStringLiteral("generator"), gen);
        }
        producers.append(o);
    }
    root.insert(QStringLiteral("producers"), producers);
    if (!s.timeline.isEmpty()) {
        QJsonArray timeline;
        for (const TimelineChange &c : s.timeline)
            timeline.append(QJsonObject{{QStringLiteral("atCycle"), c.atCycle},
                                        {QStringLiteral("set"), QJsonObject{{c.path, c.value}}}});
        root.insert(QStringLiteral("timeline"), timeline);
    }
    return root;
}

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
    // Timeline entries are not settings; keep them out of the re-validation.
    QJsonObject withoutTimeline = root.toObject();
    withoutTimeline.remove(QStringLiteral("timeline"));
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
