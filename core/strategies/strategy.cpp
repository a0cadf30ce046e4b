#include "core/strategies/strategy.h"

#include "core/model/config.h"
#include "core/strategies/acceptallstrategy.h"
#include "core/strategies/predicatestrategy.h"
#include "core/strategies/prioritystrategy.h"
#include "core/strategies/ttlstrategy.h"

#include <QStringBuilder>

namespace PriorityLab {

Strategy::~Strategy() = default;

namespace {
/// @p value as an integer in [@p minimum, @p maximum] into @p out; the problem in words if it
/// is not one.
QString integerIn(const QVariant &value, int minimum, int maximum, int &out)
{
    bool ok = false;
    const qlonglong v = value.toLongLong(&ok);
    const bool integral = ok && (value.typeId() != QMetaType::Double || value.toDouble() == double(v))
            && value.typeId() != QMetaType::QString && value.typeId() != QMetaType::Bool;
    if (!integral)
        return QStringLiteral("expected an integer, got %1").arg(value.toString());
    if (v < minimum || v > maximum)
        return QStringLiteral("%1 is out of range: use an integer from %2 to %3").arg(v).arg(minimum).arg(maximum);
    out = int(v);
    return {};
}
} // namespace

QString Strategy::setParameter(const QString &name, const QVariant &value)
{
    if (name == retryDelayKey()) {
        int cycles = 0;
        QString problem = integerIn(value, 0, MaxRetryDelay, cycles);
        if (problem.isEmpty())
            m_retryDelay = cycles;
        return problem;
    }
    const QList<ParameterInfo> infos = parameters();
    for (const ParameterInfo &info : infos) {
        if (info.name != name)
            continue;
        if (info.kind == ParameterInfo::Kind::Integer) {
            int v = 0;
            if (QString problem = integerIn(value, info.minimum, info.maximum, v); !problem.isEmpty())
                return problem;
            return applyParameter(name, v);
        }
        if (value.typeId() != QMetaType::QString)
            return QStringLiteral("expected a string expression, got %1").arg(value.toString());
        return applyParameter(name, value);
    }
    QStringList known;
    for (const ParameterInfo &info : infos)
        known << info.name;
    return known.isEmpty()
            ? QStringLiteral("strategy \"%1\" takes no parameters but %2").arg(type(), retryDelayKey())
            : QStringLiteral("unknown parameter \"%1\" of strategy \"%2\": use one of %3")
                      .arg(name, type(), (known << retryDelayKey()).join(QStringLiteral(", ")));
}

IntegerParameterStrategy::IntegerParameterStrategy(StrategyWords words, QList<ParameterInfo> infos,
                                                   int Message::*failureField, QString failureQuantity,
                                                   BuiltIn builtIn)
    : Strategy(std::move(words), builtIn),
      m_infos(std::move(infos)),
      m_failureField(failureField),
      m_failureQuantity(std::move(failureQuantity))
{
    for (const ParameterInfo &info : std::as_const(m_infos)) {
        Q_ASSERT(info.kind == ParameterInfo::Kind::Integer);
        m_values.push_back(info.defaultValue.toInt());
    }
}

QVariant IntegerParameterStrategy::parameter(const QString &name) const
{
    for (qsizetype i = 0; i < m_infos.size(); ++i) {
        if (m_infos.at(i).name == name)
            return m_values[size_t(i)];
    }
    return {};
}

QString IntegerParameterStrategy::applyParameter(const QString &name, const QVariant &value)
{
    for (qsizetype i = 0; i < m_infos.size(); ++i) {
        if (m_infos.at(i).name == name)
            m_values[size_t(i)] = value.toInt();
    }
    return {};
}

QVariantMap Strategy::parameterValues() const
{
    QVariantMap values;
    for (const ParameterInfo &info : parameters())
        values.insert(info.name, parameter(info.name));
    if (m_retryDelay != 0)
        values.insert(retryDelayKey(), m_retryDelay);
    return values;
}

std::unique_ptr<Strategy> Strategy::clone() const
{
    std::unique_ptr<Strategy> copy = StrategyRegistry::instance().create(type());
    if (!copy)
        return copy;
    const QVariantMap values = parameterValues();
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        copy->setParameter(it.key(), it.value());
    return copy;
}

StrategyRegistry::StrategyRegistry()
{
    add(QStringLiteral("accept-all"), [] { return std::make_unique<AcceptAllStrategy>(); });
    add(QStringLiteral("predicate"), [] { return std::make_unique<PredicateStrategy>(); });
    add(QStringLiteral("priority"), [] { return std::make_unique<PriorityStrategy>(); });
    add(QStringLiteral("ttl"), [] { return std::make_unique<TtlStrategy>(); });
}

StrategyRegistry &StrategyRegistry::instance()
{
    static StrategyRegistry registry;
    return registry;
}

void StrategyRegistry::add(const QString &type, Factory factory)
{
    for (auto &entry : m_factories) {
        if (entry.first == type) {
            entry.second = std::move(factory);
            return;
        }
    }
    m_factories.append({type, std::move(factory)});
}

void StrategyRegistry::remove(const QString &type)
{
    m_factories.removeIf([&](const auto &entry) { return entry.first == type; });
}

std::unique_ptr<Strategy> StrategyRegistry::create(const QString &type) const
{
    for (const auto &entry : m_factories) {
        if (entry.first == type)
            return entry.second();
    }
    return nullptr;
}

std::unique_ptr<Strategy> StrategyRegistry::create(const StrategyConfig &config, QStringList *problems) const
{
    std::unique_ptr<Strategy> strategy = create(config.type);
    if (!strategy) {
        *problems << QStringLiteral("type: unknown strategy \"%1\"; use one of %2")
                             .arg(config.type, types().join(QStringLiteral(", ")));
        return nullptr;
    }
    for (auto it = config.parameters.cbegin(); it != config.parameters.cend(); ++it) {
        if (QString e = strategy->setParameter(it.key(), it.value()); !e.isEmpty())
            *problems << it.key() + QStringLiteral(": ") + e;
    }
    return strategy;
}

QStringList StrategyRegistry::types() const
{
    QStringList names;
    for (const auto &entry : m_factories)
        names << entry.first;
    return names;
}

QString StrategyRegistry::ruleText(const QString &type) const
{
    if (const std::unique_ptr<Strategy> strategy = create(type))
        return strategy->ruleText();
    return QStringLiteral("%1: a strategy without a description here; hover its parameters for "
                          "their rules.")
            .arg(type);
}

QStringList StrategyRegistry::discardReasons() const
{
    QStringList reasons;
    for (const auto &[type, factory] : m_factories) {
        for (const QString &reason : factory()->discardReasons()) {
            if (!reasons.contains(reason))
                reasons << reason;
        }
    }
    return reasons;
}

// Built by concatenation, not QString::arg (which parses its pattern each time): the words of an
// explanation are made for every event written.
QString comparisonWords(QStringView quantity, int value, QStringView relation, QStringView bound, int boundValue)
{
    return quantity % u' ' % QString::number(value) % u' ' % relation % u' ' % bound % u' '
            % QString::number(boundValue);
}

void IntegerParameterStrategy::onFailure(Message &message) const
{
    message.*m_failureField = saturatingAdd(message.*m_failureField, -1);
}

Explanation IntegerParameterStrategy::explainFailure(const Message &before) const
{
    // values: the quantity before; text: its name.
    constexpr Explanation::Words words = [](const Explanation &e) -> QString {
        return u"processing failed: requeued with " % e.text % u' ' % QString::number(e.values[0]) % u" - 1 = "
                % QString::number(saturatingAdd(e.values[0], -1));
    };
    return {words, {before.*m_failureField, 0, 0}, m_failureQuantity};
}

Strategy::Strategy(StrategyWords words, BuiltIn builtIn) : m_words(std::move(words)), m_builtIn(builtIn)
{
    if (m_words.rule.isEmpty())
        m_words.rule = QStringLiteral("%1: a strategy without a description here; hover its parameters for "
                                      "their rules.")
                               .arg(m_words.type);
    if (m_words.failureRule.isEmpty())
        m_words.failureRule = QStringLiteral("sends it back to the queue");
}

} // namespace PriorityLab
