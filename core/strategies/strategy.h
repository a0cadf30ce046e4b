#pragma once

#include "core/model/explanation.h"
#include "core/model/message.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantMap>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace PriorityLab {

struct StrategyConfig;

/// What a strategy decides for one message (docs/design.md §4).
enum class Decision : quint8 {
    Process,  ///< handle it now (processing may still fail, see Consumer::failureRate)
    Postpone, ///< send a modified copy back to the broker's tail
    Discard,  ///< drop it into the dead-letter list
};

/// The system state a strategy may read, besides the message itself.
struct StrategyContext
{
    qint64 cycle = 0;           ///< current cycle
    qint64 queueLength = 0;     ///< messages queued at the broker right now
    int onlineConsumers = 0;    ///< consumers currently online
};

/// Describes one strategy parameter so that the app builds its editor and the loader validates
/// it without strategy-specific code.
struct ParameterInfo
{
    enum class Kind { Integer, Expression };

    QString name;          ///< scenario key, e.g. "threshold"
    QString label;         ///< short label for editors, e.g. "Threshold"
    Kind kind = Kind::Integer;
    int minimum = 0;       ///< hard limit: values below are refused (Integer only)
    int maximum = 0;       ///< hard limit: values above are refused (Integer only)
    int typicalMinimum = 0; ///< the slider range a person usually explores (Integer only)
    int typicalMaximum = 0;
    QVariant defaultValue; ///< value when the scenario does not give one
    QString unit;          ///< e.g. "priority", "TTL", "runs"; empty for expressions
    QString help;          ///< one line stating the rule, used as tooltip
};

/// A strategy's name and its rules in words: the one wording of each rule, which the app's
/// tooltips, the alarms and the help show (docs/design.md §4). Given once, at construction.
struct StrategyWords
{
    QString type;        ///< the scenario name, e.g. "ttl"
    QString rule;        ///< the rule, starting with the type, e.g. "ttl: processes messages with low < TTL < high; ..."
    QString failureRule; ///< what a failed processing does, the rest of a sentence starting with the consumer's name
};

/// A consumer strategy: decides process / postpone / discard for each message of a batch.
/// Each consumer owns its own instance, so parameters can differ per consumer and change while
/// the simulation runs (taking effect from the next message handled).
class Strategy
{
public:
    virtual ~Strategy();

    /// The scenario name of the strategy, e.g. "priority".
    const QString &type() const { return m_words.type; }

    /// The parameters this strategy takes, in editor order.
    virtual QList<ParameterInfo> parameters() const = 0;

    /// Current value of parameter @p name (int for Integer, QString for Expression);
    /// an invalid QVariant if there is no such parameter.
    virtual QVariant parameter(const QString &name) const = 0;

    /// Sets parameter @p name (one of parameters(), or retryDelayKey()). Returns an empty string on success, otherwise a message naming the
    /// problem and the fix (unknown name, wrong type, out of range, expression syntax error);
    /// on error the old value stays.
    QString setParameter(const QString &name, const QVariant &value);

    /// Decides for @p message. On Decision::Postpone it has already modified @p message into the
    /// copy that goes back to the broker. @p reason receives a short machine code for discards
    /// (e.g. "ttl-expired").
    virtual Decision decide(Message &message, const StrategyContext &context,
                            QString *reason) = 0;

    /// Which built-in rule this is, for the broker's direct call (docs/design.md §9): a decision
    /// is the broker's most frequent step, so for `accept-all`, `priority` and `ttl` (final
    /// classes) it calls their rule without a virtual call and without a reason string (the
    /// reason of a `ttl` discard is known: TtlStrategy::expiredReason()). Custom: any other
    /// strategy, called through decide().
    enum class BuiltIn : quint8 { Custom, AcceptAll, Priority, Ttl };
    BuiltIn builtIn() const { return m_builtIn; }

    /// Processing of @p message failed: modifies it into the copy that is requeued
    /// (docs/design.md §4, column "on processing failure").
    virtual void onFailure(Message &message) const = 0;

    /// Explains a decision taken on @p before (the message as the consumer got it): the values
    /// its rule compared, put in words only when asked (Explanation::toText()), e.g. "priority 3
    /// < threshold 5: postponed with priority 4".
    virtual Explanation explain(const Message &before, Decision decision) const = 0;

    /// Explains what a processing failure did to @p before (in words on demand, as explain()).
    virtual Explanation explainFailure(const Message &before) const = 0;

    /// All parameter values keyed by name (for saving and display), with retryDelayKey() when it
    /// is not 0.
    QVariantMap parameterValues() const;

    /// The scenario key every strategy takes besides its own parameters(): "retryDelay".
    static QString retryDelayKey() { return QStringLiteral("retryDelay"); }
    /// Largest retry delay, cycles.
    static constexpr int MaxRetryDelay = 1000000;
    /// Cycles a message this strategy sends back (postponed, or failed and requeued) stays
    /// invisible in the queue before consumers can get it again; 0 = at once (docs/design.md §4).
    /// Set with setParameter(retryDelayKey(), cycles).
    int retryDelay() const { return m_retryDelay; }

    /// A new instance of the same type with the same parameter values.
    std::unique_ptr<Strategy> clone() const;

    /// Warning when the current parameters discard every message or can loop; empty if none.
    virtual QString settingWarning() const { return {}; }

    /// Every reason decide() can give a discard (e.g. "ttl-expired"), in a fixed order; empty
    /// for a strategy that never discards. Tables and CSV give each a column of its own.
    virtual QStringList discardReasons() const { return {}; }

    /// The strategy's rule in words, starting with its type, e.g. "ttl: processes messages with
    /// low < TTL < high; ...": the one wording of the rule, which the app shows.
    const QString &ruleText() const { return m_words.rule; }

    /// What the strategy does to a message whose processing failed, as the rest of a sentence
    /// starting with the consumer's name, e.g. "sends it back unchanged" (accept-all): the rule
    /// of onFailure() in words, used by the requeue-loop alarm.
    const QString &failureRuleText() const { return m_words.failureRule; }

    /// True if decide() met a problem that takeRuntimeWarning() gives: the consumer checks this
    /// after each decision, so the common case builds no string.
    bool hasRuntimeWarning() const { return !m_runtimeWarning.isEmpty(); }
    /// A problem met while deciding (e.g. a predicate that failed at run time), cleared by the
    /// call; empty if none. Checked by the consumer after each decision.
    QString takeRuntimeWarning()
    {
        if (m_runtimeWarning.isEmpty())
            return {};
        return std::exchange(m_runtimeWarning, QString());
    }

protected:
    /// A strategy called and described by @p words. An empty rule reads "TYPE: a strategy without a
    /// description here; ...", an empty failure rule "sends it back to the queue". @p builtIn:
    /// set only by the built-in final classes whose rule the broker calls directly.
    explicit Strategy(StrategyWords words, BuiltIn builtIn = BuiltIn::Custom);

    QString m_runtimeWarning;

    /// Called by setParameter() after the generic checks of kind and range passed.
    virtual QString applyParameter(const QString &name, const QVariant &value) = 0;

private:
    StrategyWords m_words;
    int m_retryDelay = 0;
    BuiltIn m_builtIn = BuiltIn::Custom;
};

/// Declares, in a strategy class, the decision rule and its explanation: decide() and explain()
/// (see Strategy). An IntegerParameterStrategy needs no more.
#define PRIORITYLAB_DECISION_RULES                                                                  \
    Decision decide(Message &message, const StrategyContext &context, QString *reason) override;    \
    Explanation explain(const Message &before, Decision decision) const override;

/// Declares, in a strategy class, the four rules every strategy implements: decide(),
/// onFailure(), explain() and explainFailure() (see Strategy).
#define PRIORITYLAB_STRATEGY_RULES                                                                  \
    PRIORITYLAB_DECISION_RULES                                                                      \
    void onFailure(Message &message) const override;                                                \
    Explanation explainFailure(const Message &before) const override;

/// A strategy whose parameters are all integers (`priority`, `ttl`): parameters(), parameter()
/// and applyParameter() are served from the ParameterInfo list given at construction, the values
/// start at its defaults and value() reads them (in the list's order) while deciding. Its failure
/// rule is theirs too (docs/design.md §4): a failed processing sends the message back with one
/// integer field lowered by one (saturating at the int range).
class IntegerParameterStrategy : public Strategy
{
public:
    QList<ParameterInfo> parameters() const override { return m_infos; }
    QVariant parameter(const QString &name) const override;

    /// Lowers the failure field by one.
    void onFailure(Message &message) const final;
    /// In words "processing failed: requeued with TTL 3 - 1 = 2" (for a failure quantity "TTL").
    Explanation explainFailure(const Message &before) const final;

protected:
    /// @p words: as Strategy's; @p infos: the parameters, every one of kind Integer with an int
    /// defaultValue; @p failureField: the message field a failed processing lowers by one, called
    /// @p failureQuantity in words (e.g. &Message::ttl, "TTL"); @p builtIn as Strategy's.
    IntegerParameterStrategy(StrategyWords words, QList<ParameterInfo> infos, int Message::*failureField,
                             QString failureQuantity, BuiltIn builtIn = BuiltIn::Custom);

    /// Current value of the parameter at @p index of the list given at construction.
    int value(qsizetype index) const { return m_values[size_t(index)]; }

    QString applyParameter(const QString &name, const QVariant &value) override;

private:
    QList<ParameterInfo> m_infos;
    std::vector<int> m_values;
    int Message::*m_failureField;
    QString m_failureQuantity;
};

/// The words an integer rule compares with, e.g. "priority 3 < threshold 5" for
/// comparisonWords(u"priority", 3, u"<", u"threshold", 5): how the explanations of `priority` and
/// `ttl` begin.
QString comparisonWords(QStringView quantity, int value, QStringView relation, QStringView bound, int boundValue);

/// Creates strategies by type name. The four built-in strategies of docs/design.md §4 are registered
/// at start; tests and plug-ins may register more (the app builds editors from ParameterInfo, so a
/// new strategy needs no editor code).
class StrategyRegistry
{
public:
    using Factory = std::function<std::unique_ptr<Strategy>()>;

    /// The process-wide registry.
    static StrategyRegistry &instance();

    /// Registers or replaces a factory for @p type.
    void add(const QString &type, Factory factory);

    /// Removes @p type (used by tests that add a test-only strategy).
    void remove(const QString &type);

    /// A new strategy of @p type with default parameters, or nullptr if the type is unknown.
    std::unique_ptr<Strategy> create(const QString &type) const;
    /// A strategy of @p config's type with its parameters, or nullptr for an unknown type. Each
    /// problem goes to @p problems as "type: ..." or "PARAMETER: ...", the path below a
    /// consumer's "strategy" (a refused parameter keeps its default).
    std::unique_ptr<Strategy> create(const StrategyConfig &config, QStringList *problems) const;

    /// Registered type names in registration order.
    QStringList types() const;

    /// Strategy::ruleText() of @p type; for an unknown type, a line saying it has none.
    QString ruleText(const QString &type) const;

    /// Strategy::discardReasons() of every registered type, in registration order, each once.
    QStringList discardReasons() const;

private:
    StrategyRegistry();
    QList<QPair<QString, Factory>> m_factories;
};

} // namespace PriorityLab
