#include "core/scenario/scenario.h"
#include "core/scenario/linescan.h"

#include "core/strategies/expression.h"
#include "core/strategies/strategy.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>
#include <QHash>
#include <QSet>

#include <cmath>
#include <numeric>
#include <limits>

namespace PriorityLab {

namespace {

constexpr qint64 MaxScriptedMessages = 1000000;
constexpr qint64 MaxCycle = qint64(1) << 53;  // exact in a JSON number
constexpr qsizetype MaxLessonSteps = 100;
constexpr qsizetype MaxLessonText = 4000;  // characters of a step's title or text
constexpr qsizetype MaxLessonHighlights = 16;  // views one step may outline

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


/// Collects every problem of one document, each with its JSON path and line.
class Validator
{
public:
    Validator(QString source, QByteArray json = {}) : m_source(std::move(source)), m_json(std::move(json)) { }

    /// Records a problem at @p path; messages() puts the line on it.
    void error(const QString &path, const QString &what) { m_problems.append({path, what}); }

    bool hasErrors() const { return !m_problems.isEmpty(); }

    /// Every problem as "FILE:LINE: PATH: what", the line of PATH or of its nearest enclosing
    /// path that the text has, after the keys the text gives twice in one object (QJsonDocument
    /// keeps the last one silently). One scan of the text for all of them.
    QStringList messages() const
    {
        QStringList out;
        JsonScan scan;
        if (!m_json.isEmpty()) {
            QSet<QString> wanted;
            for (const Problem &p : m_problems) {
                for (QString path = p.path; !path.isEmpty(); path = enclosing(path))
                    wanted.insert(path);
            }
            scan = scanJson(m_json, wanted);
        }
        for (qsizetype i = 0; i < scan.duplicateKeys.size(); ++i)
            out << QStringLiteral("%1:%2: %3: key given twice in one object (only one can count); "
                                  "remove or rename one of them")
                           .arg(m_source).arg(scan.duplicateLines.at(i)).arg(scan.duplicateKeys.at(i));
        if (scan.duplicateCount > scan.duplicateKeys.size())
            out << QStringLiteral("%1: %2 more keys given twice; remove the duplicates")
                           .arg(m_source).arg(scan.duplicateCount - scan.duplicateKeys.size());
        for (const Problem &p : m_problems) {
            int line = 0;
            for (QString path = p.path; !path.isEmpty() && line == 0; path = enclosing(path))
                line = scan.lines.value(path);
            const QString where = line > 0 ? QStringLiteral("%1:%2").arg(m_source).arg(line) : m_source;
            out << QStringLiteral("%1: %2: %3").arg(where, p.path.isEmpty() ? QStringLiteral("(top level)") : p.path, p.what);
        }
        return out;
    }

    /// @p path without its last step ("a.b[2]" -> "a.b", "a" -> "").
    static QString enclosing(const QString &path)
    {
        const qsizetype cut = std::max(path.lastIndexOf(QLatin1Char('.')), path.lastIndexOf(QLatin1Char('[')));
        return path.left(std::max<qsizetype>(cut, 0));
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

    /// Reads @p key of @p o into @p target if it is there and of JSON type @p type; a value of
    /// another type is the error "expected @p expected, got ...".
    template<typename T>
    void readValue(const QJsonObject &o, const QString &path, const QString &key, T &target,
                   QJsonValue::Type type, QLatin1String expected)
    {
        if (!o.contains(key))
            return;
        const QJsonValue v = o.value(key);
        if (v.type() != type)
            error(join(path, key), QStringLiteral("expected %1, got %2").arg(expected, describe(v)));
        else
            target = v.toVariant().value<T>();
    }

    /// Reads the limit @p key of @p o (RabbitMQ's style: absent or null = none) into @p target;
    /// anything but an integer from @p min to @p max is the error "expected @p fix, got ...".
    void readLimit(const QJsonObject &o, const QString &path, const QString &key, std::optional<int> &target,
                   qint64 min, qint64 max, const QString &fix)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            return;
        const double d = v.toDouble();
        if (!v.isDouble() || std::floor(d) != d || d < double(min) || d > double(max))
            error(join(path, key), QStringLiteral("expected %1, got %2").arg(fix, describe(v)));
        else
            target = int(d);
    }

    void readString(const QJsonObject &o, const QString &path, const QString &key, QString &target)
    {
        readValue(o, path, key, target, QJsonValue::String, QLatin1String("a string"));
    }

    void readBool(const QJsonObject &o, const QString &path, const QString &key, bool &target)
    {
        readValue(o, path, key, target, QJsonValue::Bool, QLatin1String("true or false"));
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

    /// Calls @p read(element, elementPath) for each element of array @p list (at @p path) that is
    /// an object; one that is not is reported and skipped. elementPath is "path[i]".
    template<typename Read>
    void forEachObject(const QJsonArray &list, const QString &path, Read read)
    {
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString elementPath = path + QStringLiteral("[%1]").arg(i);
            if (const auto o = object(list.at(i), elementPath))
                read(*o, elementPath);
        }
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
    struct Problem
    {
        QString path;
        QString what;
    };
    QString m_source;
    QByteArray m_json;
    QList<Problem> m_problems;
};

void readBroker(Validator &val, const QJsonObject &o, BrokerConfig &b)
{
    const QString path = QStringLiteral("broker");
    val.checkKeys(o, path,
                  {QStringLiteral("mode"), QStringLiteral("batchSize"), QStringLiteral("dispatch"),
                   QStringLiteral("maxIdleCycles"), QStringLiteral("cycleIntervalMs"),
                   QStringLiteral("maxDeliveriesPerCycle"), QStringLiteral("maxPriority"),
                   QStringLiteral("topics"), QStringLiteral("maxLength"), QStringLiteral("overflow"),
                   QStringLiteral("deliveryLimit"), QStringLiteral("messageTtl"), QStringLiteral("expiry"),
                   QStringLiteral("deadLetterQueue")});
    val.readBool(o, path, QStringLiteral("deadLetterQueue"), b.deadLetterQueue);
    const auto readLimit = [&](const QString &key, std::optional<int> &target, qint64 max, const QString &fix) {
        val.readLimit(o, path, key, target, 0, max, fix);
    };
    readLimit(QStringLiteral("maxLength"), b.maxLength, INT_MAX,
              QStringLiteral("a whole number of messages from 0 to %1, or null for no limit").arg(INT_MAX));
    readLimit(QStringLiteral("deliveryLimit"), b.deliveryLimit, INT_MAX,
              QStringLiteral("a whole number of returns from 0 to %1 (0: dead-letter a message the "
                             "first time it comes back), or null for no limit").arg(INT_MAX));
    readLimit(QStringLiteral("messageTtl"), b.messageTtl, INT_MAX,
              QStringLiteral("a whole number of cycles from 0 to %1 (message expiry; the TTL counter "
                             "of the TTL strategy is a message's \"ttl\"), or null for none").arg(INT_MAX));
    // A name of two (the first is the default), as RabbitMQ spells them.
    const auto readChoice = [&](const QString &key, auto &target, auto first, auto second, auto name,
                                const QString &expected) {
        const QJsonValue v = o.value(key);
        if (v.isUndefined())
            return;
        if (v == QJsonValue(name(first)) || v == QJsonValue(name(second)))
            target = v == QJsonValue(name(first)) ? first : second;
        else
            val.error(Validator::join(path, key), QStringLiteral("expected %1, got %2").arg(expected, describe(v)));
    };
    readChoice(QStringLiteral("expiry"), b.expiry, BrokerConfig::Expiry::Head, BrokerConfig::Expiry::Anywhere,
               &BrokerConfig::expiryName,
               QStringLiteral("\"head\" (only the message at the head expires) or \"anywhere\" (every "
                              "expired message goes)"));
    readChoice(QStringLiteral("overflow"), b.overflow, BrokerConfig::Overflow::DropHead,
               BrokerConfig::Overflow::RejectPublish, &BrokerConfig::overflowName,
               QStringLiteral("\"drop-head\" (dead-letter the oldest message) or \"reject-publish\" "
                              "(refuse the new one)"));
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
            val.forEachObject(*list, tp, [&](const QJsonObject &t, const QString &ip) {
                TopicConfig topic;
                val.checkKeys(t, ip, {QStringLiteral("name"), QStringLiteral("priorities")});
                val.readString(t, ip, QStringLiteral("name"), topic.name);
                if (topic.name.trimmed().isEmpty())
                    val.error(ip + QStringLiteral(".name"), QStringLiteral("missing or empty; name the topic, e.g. \"orders-0\""));
                else if (names.contains(topic.name))
                    val.error(ip + QStringLiteral(".name"), QStringLiteral("\"%1\" is used by another topic; names must be unique").arg(topic.name));
                names.insert(topic.name);
                if (!t.contains(QLatin1String("priorities")))
                    val.error(ip + QStringLiteral(".priorities"), QStringLiteral("missing; give the band as [min, max]"));
                val.readRange(t, ip, QStringLiteral("priorities"), topic.minPriority, topic.maxPriority);
                b.topics << topic;
            });
        }
    }
    val.readInt(o, path, QStringLiteral("batchSize"), b.batchSize, 1, 1000000);
    val.readInt(o, path, QStringLiteral("maxIdleCycles"), b.maxIdleCycles, 0, INT_MAX);
    val.readInt(o, path, QStringLiteral("cycleIntervalMs"), b.cycleIntervalMs, 0, 60000);
    val.readInt(o, path, QStringLiteral("maxDeliveriesPerCycle"), b.maxDeliveriesPerCycle, 1,
                BrokerConfig::MaxDeliveriesPerCycle);
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
    allowed << Strategy::retryDelayKey();
    val.checkKeys(*o, path, allowed);
    // Every strategy's delayed retry (docs/design.md §4); 0 (the default) is not kept.
    if (o->contains(Strategy::retryDelayKey())) {
        const QString p = Validator::join(path, Strategy::retryDelayKey());
        if (const auto d = val.integer(o->value(Strategy::retryDelayKey()), p, 0, Strategy::MaxRetryDelay); d && *d > 0)
            s.parameters.insert(Strategy::retryDelayKey(), int(*d));
    }
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
                   QStringLiteral("failureRate"), QStringLiteral("capacity"), QStringLiteral("topics"),
                   QStringLiteral("prefetch"), QStringLiteral("workPerCycle"), QStringLiteral("deadLetters")});
    val.readBool(o, path, QStringLiteral("deadLetters"), c.deadLetters);
    val.readInt(o, path, QStringLiteral("capacity"), c.capacity, 0, 1000000);
    val.readLimit(o, path, QStringLiteral("prefetch"), c.prefetch, 1, INT_MAX,
                  QStringLiteral("a whole number of messages from 1 to %1 (the most unacknowledged "
                                 "messages it may hold), or null for no limit").arg(INT_MAX));
    val.readLimit(o, path, QStringLiteral("workPerCycle"), c.workPerCycle, 1, INT_MAX,
                  QStringLiteral("a whole number of messages from 1 to %1 (the held messages it "
                                 "finishes per cycle), or null for all it holds").arg(INT_MAX));
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
            val.forEachObject(*messages, mp, [&](const QJsonObject &m, const QString &ip) {
                ScriptedMessage s;
                val.checkKeys(m, ip, {QStringLiteral("data"), QStringLiteral("priority"), QStringLiteral("ttl"),
                                      QStringLiteral("atCycle"), QStringLiteral("expiration")});
                val.readInt(m, ip, QStringLiteral("expiration"), s.expiration, 0, INT_MAX);
                val.readString(m, ip, QStringLiteral("data"), s.data);
                if (s.data.size() > MaxMessageDataLength)
                    val.error(ip + QStringLiteral(".data"),
                              QStringLiteral("%1 characters, above the limit of %2; shorten it")
                                      .arg(s.data.size()).arg(MaxMessageDataLength));
                val.readInt(m, ip, QStringLiteral("priority"), s.priority, INT_MIN, INT_MAX);
                val.readInt(m, ip, QStringLiteral("ttl"), s.ttl, INT_MIN, INT_MAX);
                val.readInt(m, ip, QStringLiteral("atCycle"), s.atCycle, 0, MaxCycle);
                p.messages << s;
            });
        }
    }
    if (o.contains(QLatin1String("generator"))) {
        const QString gp = Validator::join(path, QStringLiteral("generator"));
        if (const auto g = val.object(o.value(QLatin1String("generator")), gp)) {
            GeneratorConfig gen;
            val.checkKeys(*g, gp, {QStringLiteral("perCycle"), QStringLiteral("priority"), QStringLiteral("ttl"), QStringLiteral("data"),
                                   QStringLiteral("fromCycle"), QStringLiteral("untilCycle"), QStringLiteral("expiration")});
            // Message expiry in cycles: one number, or a range [min, max] drawn per message.
            if (const QJsonValue e = g->value(QLatin1String("expiration")); e.isDouble()) {
                val.readInt(*g, gp, QStringLiteral("expiration"), gen.expirationMin, 0, INT_MAX);
                gen.expirationMax = gen.expirationMin;
            } else if (!e.isUndefined()) {
                int lo = 0, hi = -1;  // a range read has lo <= hi
                val.readRange(*g, gp, QStringLiteral("expiration"), lo, hi);
                if (hi >= lo && lo < 0)
                    val.error(gp + QStringLiteral(".expiration"),
                              QStringLiteral("[%1, %2]: expiration is in cycles, from 0 up; give a "
                                             "number or a range [min, max] of whole numbers >= 0").arg(lo).arg(hi));
                else if (hi >= lo) {
                    gen.expirationMin = lo;
                    gen.expirationMax = hi;
                }
            }
            val.readInt(*g, gp, QStringLiteral("perCycle"), gen.perCycle, 0, 1000000);
            val.readRange(*g, gp, QStringLiteral("priority"), gen.priorityMin, gen.priorityMax);
            val.readRange(*g, gp, QStringLiteral("ttl"), gen.ttlMin, gen.ttlMax);
            val.readString(*g, gp, QStringLiteral("data"), gen.data);
            if (gen.data.size() > MaxMessageDataLength) {
                val.error(gp + QStringLiteral(".data"),
                          QStringLiteral("%1 characters, above the limit of %2; shorten it")
                                  .arg(gen.data.size()).arg(MaxMessageDataLength));
            } else {
                // Each {n} becomes the counter, up to 20 digits.
                const qint64 counters = gen.data.count(QLatin1String("{n}"));
                const qint64 perMessage = std::max<qint64>(1, gen.data.size() + counters * 17);
                if (qint64(gen.perCycle) * perMessage > MaxGeneratedCharsPerCycle)
                    val.error(gp + QStringLiteral(".perCycle"),
                              QStringLiteral("%1 messages a cycle of up to %2 characters each is above "
                                             "the limit of %3 characters a cycle; lower perCycle or "
                                             "shorten data")
                                      .arg(gen.perCycle).arg(perMessage).arg(MaxGeneratedCharsPerCycle));
            }
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

/// A change the run makes while it goes on (a timeline entry, a lesson step's "set"), checked
/// against the part it sets only (the cost of loading grows with the changes, not with the
/// changes times the setup); the seed cannot change after cycle 0.
QString applyRunTimeSetting(Scenario &scenario, const QString &path, const QJsonValue &value)
{
    if (path == QLatin1String("seed"))
        return QStringLiteral("seed: the random streams are seeded at cycle 0 and cannot change "
                              "while it runs; set \"seed\" at the top level instead");
    return applyScopedSetting(scenario, path, value);
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
            const SettingPath path = SettingPath::parse(it.key());
            if (!path.isValid()) {
                val.error(ip + QStringLiteral(".set"), path.error());
                continue;
            }
            s.timeline << TimelineChange{at, it.key(), it.value()};
            entries << i;
        }
    }
    // Check each change against the setup as it will be at its cycle, in cycle order (only on a
    // setup without errors, so that its own problems are not repeated for every change).
    if (val.hasErrors())
        return;
    Scenario dryRun = s;
    QList<qsizetype> order(s.timeline.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return s.timeline.at(a).atCycle < s.timeline.at(b).atCycle;
    });
    for (qsizetype index : order) {
        const TimelineChange &c = s.timeline.at(index);
        // Each change is checked against the part it sets only: the cost of loading grows with
        // the timeline, not with the timeline times the setup.
        if (QString e = applyRunTimeSetting(dryRun, c.path, c.value); !e.isEmpty())
            val.error(QStringLiteral("timeline[%1].set").arg(entries.at(index)), e);
    }
}

/// Why @p name cannot be a step's highlight in scenario @p s: not one of @p views (lessonViews()),
/// a consumer card consumers[i] or one editor on it, consumers[i].strategy.PARAMETER, of a
/// consumer and parameter that exist; "" when it can.
QString highlightProblem(const QString &name, const QStringList &views, const Scenario &s)
{
    if (views.contains(name))
        return {};
    const SettingPath target = SettingPath::parse(name);
    const auto plainKey = [&](qsizetype i) { return target.steps().at(i).index < 0; };
    const bool card = target.isConsumer() && target.depth() == 1;
    const bool onCard = target.isConsumer() && target.depth() == 3 && plainKey(1) && plainKey(2)
            && target.steps().at(1).key == QLatin1String("strategy");
    const qsizetype index = target.rootIndex();
    if (!card && !onCard)
        return QStringLiteral("\"%1\" is not a view; use one of %2, consumers[i] or consumers[i].strategy.PARAMETER")
                .arg(name, views.join(QStringLiteral(", ")));
    if (index >= s.consumers.size())
        return QStringLiteral("there is no consumers[%1] (the scenario has %2)").arg(index).arg(s.consumers.size());
    if (!onCard)
        return {};
    const QString parameter = target.lastKey();
    const auto strategy = StrategyRegistry::instance().create(s.consumers.at(index).strategy.type);
    QStringList names;
    for (const ParameterInfo &info : strategy ? strategy->parameters() : QList<ParameterInfo>())
        names << info.name;
    if (!names.contains(parameter))
        return QStringLiteral("consumer %1's strategy has no parameter \"%2\"; use one of %3")
                .arg(index).arg(parameter, names.join(QStringLiteral(", ")));
    return {};
}

/// Scenario key "steps": a guided lesson. A highlight (a name, or an array of up to
/// MaxLessonHighlights names) must name views of lessonViews() or consumer cards / strategy
/// parameters that exist (highlightProblem()); "set" entries are checked like the timeline's.
void readSteps(Validator &val, const QJsonValue &value, Scenario &s)
{
    const auto list = val.array(value, QStringLiteral("steps"));
    if (!list)
        return;
    if (list->size() > MaxLessonSteps) {
        val.error(QStringLiteral("steps"), QStringLiteral("%1 steps, above the limit of %2; split the lesson")
                                                   .arg(list->size()).arg(MaxLessonSteps));
        return;
    }
    const QStringList figures = lessonFigures();
    const QStringList views = lessonViews();
    for (qsizetype i = 0; i < list->size(); ++i) {
        const QString ip = QStringLiteral("steps[%1]").arg(i);
        const auto o = val.object(list->at(i), ip);
        if (!o)
            continue;
        val.checkKeys(*o, ip, {QStringLiteral("title"), QStringLiteral("text"), QStringLiteral("untilCycle"),
                               QStringLiteral("until"), QStringLiteral("highlight"), QStringLiteral("set")});
        LessonStep step;
        if (!o->contains(QLatin1String("title")))
            val.error(ip + QStringLiteral(".title"), QStringLiteral("missing; give the step a short title"));
        val.readString(*o, ip, QStringLiteral("title"), step.title);
        val.readString(*o, ip, QStringLiteral("text"), step.text);
        for (const auto &[key, text] : {std::pair{QStringLiteral("title"), &step.title}, std::pair{QStringLiteral("text"), &step.text}}) {
            if (text->size() > MaxLessonText)
                val.error(Validator::join(ip, key), QStringLiteral("%1 characters, above the limit of %2; shorten it")
                                                            .arg(text->size()).arg(MaxLessonText));
        }
        if (o->contains(QLatin1String("untilCycle"))) {
            qint64 cycle = 0;
            val.readInt(*o, ip, QStringLiteral("untilCycle"), cycle, 1, MaxCycle);
            step.untilCycle = cycle;
        }
        if (o->contains(QLatin1String("until"))) {
            const QString up = ip + QStringLiteral(".until");
            if (const auto c = val.object(o->value(QLatin1String("until")), up)) {
                val.checkKeys(*c, up, {QStringLiteral("figure"), QStringLiteral("above"), QStringLiteral("below")});
                StepCondition condition;
                val.readString(*c, up, QStringLiteral("figure"), condition.figure);
                if (!figures.contains(condition.figure))
                    val.error(up + QStringLiteral(".figure"), QStringLiteral("\"%1\" is not a figure; use one of %2")
                                                                      .arg(condition.figure, figures.join(QStringLiteral(", "))));
                const bool above = c->contains(QLatin1String("above"));
                if (above == c->contains(QLatin1String("below")))
                    val.error(up, QStringLiteral("give exactly one of \"above\" or \"below\", e.g. {\"figure\": \"discarded\", \"above\": 0}"));
                condition.above = above;
                val.readInt(*c, up, above ? QStringLiteral("above") : QStringLiteral("below"), condition.bound, 0, MaxCycle);
                step.until = condition;
            }
        }
        // "highlight": one view name, or an array of up to MaxLessonHighlights of them.
        const QString hp = ip + QStringLiteral(".highlight");
        QList<std::pair<QString, QString>> named;  // (path for errors, name)
        if (const QJsonValue h = o->value(QLatin1String("highlight")); h.isString()) {
            if (!h.toString().isEmpty())
                named.append({hp, h.toString()});
        } else if (h.isArray()) {
            const QJsonArray names = h.toArray();
            if (names.size() > MaxLessonHighlights)
                val.error(hp, QStringLiteral("%1 views, above the limit of %2; outline fewer")
                                      .arg(names.size()).arg(MaxLessonHighlights));
            for (qsizetype j = 0; j < names.size() && j < MaxLessonHighlights; ++j) {
                const QString ep = hp + QStringLiteral("[%1]").arg(j);
                if (!names.at(j).isString() || names.at(j).toString().isEmpty())
                    val.error(ep, QStringLiteral("expected a view name, got %1; use one of %2, consumers[i] or consumers[i].strategy.PARAMETER")
                                          .arg(names.at(j).isString() ? QStringLiteral("\"\"") : describe(names.at(j)),
                                               views.join(QStringLiteral(", "))));
                else
                    named.append({ep, names.at(j).toString()});
            }
        } else if (!h.isUndefined()) {
            val.error(hp, QStringLiteral("expected a view name or an array of them, got %1").arg(describe(h)));
        }
        for (const auto &[where, name] : std::as_const(named)) {
            if (const QString problem = highlightProblem(name, views, s); !problem.isEmpty())
                val.error(where, problem);
            else if (!step.highlights.contains(name))
                step.highlights << name;
        }
        if (o->contains(QLatin1String("set"))) {
            if (const auto set = val.object(o->value(QLatin1String("set")), ip + QStringLiteral(".set"))) {
                for (auto it = set->begin(); it != set->end(); ++it)
                    step.set << TimelineChange{0, it.key(), it.value()};
            }
        }
        s.steps << step;
    }
    // Each step's settings against the setup as the steps before it leave it (only on a setup
    // without errors, so that its own problems are not repeated).
    if (val.hasErrors())
        return;
    Scenario dryRun = s;
    dryRun.steps.clear();
    for (qsizetype i = 0; i < s.steps.size(); ++i) {
        for (const TimelineChange &c : std::as_const(s.steps.at(i).set)) {
            if (QString e = applyRunTimeSetting(dryRun, c.path, c.value); !e.isEmpty())
                val.error(QStringLiteral("steps[%1].set").arg(i), e);
        }
    }
}

/// Reads array @p key of @p root: each element an object that @p read turns into a T, whose
/// name must be unique among them ("... is used by another @p kind").
template<typename T, typename Read>
QList<T> readNamedList(Validator &val, const QJsonObject &root, const QString &key,
                       const QString &kind, Read read)
{
    QList<T> items;
    if (!root.contains(key))
        return items;
    const auto list = val.array(root.value(key), key);
    if (!list)
        return items;
    QSet<QString> names;
    val.forEachObject(*list, key, [&](const QJsonObject &o, const QString &path) {
        T item;
        read(o, path, item);
        if (!item.name.isEmpty() && names.contains(item.name))
            val.error(path + QStringLiteral(".name"),
                      QStringLiteral("\"%1\" is used by another %2; names must be unique").arg(item.name, kind));
        names.insert(item.name);
        items << item;
    });
    return items;
}

} // namespace

ScenarioLoadResult parseScenario(const QByteArray &json, const QString &sourceName)
{
    ScenarioLoadResult result;
    Validator val(sourceName, json);
    if (json.size() > MaxScenarioFileBytes) {
        val.error(QString(), QStringLiteral("file is %1 bytes, above the limit of %2; use a generator "
                                            "instead of scripting every message")
                                     .arg(json.size()).arg(MaxScenarioFileBytes));
        result.errors = val.messages();
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
        result.errors = val.messages();
        return result;
    }
    const QJsonObject root = doc.object();
    Scenario s;
    s.name = QFileInfo(sourceName).completeBaseName();
    val.checkKeys(root, QString(),
                  {QStringLiteral("name"), QStringLiteral("description"), QStringLiteral("hint"), QStringLiteral("seed"),
                   QStringLiteral("broker"), QStringLiteral("consumers"), QStringLiteral("producers"),
                   QStringLiteral("timeline"), QStringLiteral("steps")});
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
    s.consumers = readNamedList<ConsumerConfig>(
            val, root, QStringLiteral("consumers"), QStringLiteral("consumer"),
            [&val](const QJsonObject &o, const QString &path, ConsumerConfig &c) { readConsumer(val, o, path, c); });
    qint64 scripted = 0; // scripted messages of all producers together
    s.producers = readNamedList<ProducerConfig>(
            val, root, QStringLiteral("producers"), QStringLiteral("producer"),
            [&val, &scripted](const QJsonObject &o, const QString &path, ProducerConfig &p) {
                readProducer(val, o, path, p, scripted);
            });
    {
        const QList<TopicConfig> topics = s.broker.topics.isEmpty() ? BrokerConfig::defaultTopics() : s.broker.topics;
        QStringList names;
        for (const TopicConfig &t : topics)
            names << t.name;
        for (qsizetype i = 0; i < s.consumers.size(); ++i) {
            // A dead-letter consumer needs the queue it takes from, and takes from no topic.
            if (s.consumers.at(i).deadLetters && !s.broker.deadLetterQueue)
                val.error(QStringLiteral("consumers[%1].deadLetters").arg(i),
                          QStringLiteral("the broker keeps no dead-letter queue; set broker.deadLetterQueue "
                                         "to true, or remove deadLetters"));
            if (s.consumers.at(i).deadLetters && !s.consumers.at(i).topics.isEmpty())
                val.error(QStringLiteral("consumers[%1].topics").arg(i),
                          QStringLiteral("a dead-letter consumer takes from the dead-letter queue only, "
                                         "never from a topic; remove topics or deadLetters"));
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
    if (root.contains(QLatin1String("steps")))
        readSteps(val, root.value(QLatin1String("steps")), s);
    result.errors = val.messages();
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
    // Read at most one byte past the limit: size() is 0 for devices and pipes (/dev/zero,
    // /dev/stdin), so it cannot be trusted to stop an endless source.
    const QByteArray json = file.read(MaxScenarioFileBytes + 1);
    if (json.size() > MaxScenarioFileBytes) {
        ScenarioLoadResult result;
        result.errors << QStringLiteral("%1: file is above the limit of %2 bytes; use a "
                                        "generator instead of scripting every message")
                                 .arg(path).arg(MaxScenarioFileBytes);
        return result;
    }
    if (file.error() != QFileDevice::NoError) {
        ScenarioLoadResult result;
        result.errors << QStringLiteral("%1: cannot read: %2; check the path and permissions")
                                 .arg(path, file.errorString());
        return result;
    }
    return parseScenario(json, path);
}

} // namespace PriorityLab
