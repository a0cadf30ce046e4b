#pragma once

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QJSEngine;
class QJSValue;

namespace PriorityLab {

/// A boolean predicate over a message and the system state, e.g. `data != "data_0"` or
/// `queueLength < 50 || priority >= 7` (docs/design.md §4).
///
/// The grammar is that of JavaScript expressions restricted to: the names of variableNames(),
/// `true`/`false`, integer literals, string literals in double quotes, `== != < <= > >=`,
/// `&& || !`, `+ - * / %` and parentheses. A whitelist pass rejects anything else with its
/// column; the expression itself is compiled and evaluated by Qt's QJSEngine (Qt Qml), a
/// well-kept engine, so no parser of ours decides what an expression means. All expressions of
/// one thread share one engine: compile and evaluate an expression on one thread only.
class Expression
{
public:
    /// Values an expression may read; ages and lengths in cycles and messages.
    struct Variables
    {
        QString data;
        int priority = 0;
        int ttl = 0;
        int predicateRuns = 0;
        int deliveries = 0;
        qint64 age = 0;             ///< cycles since production
        qint64 queueLength = 0;     ///< messages queued at the broker
        int onlineConsumers = 0;
        qint64 cycle = 0;
    };

    Expression();
    ~Expression();
    Expression(const Expression &) = delete;
    Expression &operator=(const Expression &) = delete;

    /// Longest expression accepted, characters (a predicate is a line for a person to read; the
    /// bound keeps compiling and evaluating it cheap). QJSEngine bounds the nesting depth itself.
    static constexpr qsizetype MaxLength = 10000;
    /// Most uses of `data` in one expression: each may copy the message's data (data + data +
    /// ...), so this times the longest data (MaxMessageDataLength) bounds one evaluation.
    static constexpr int MaxDataReferences = 8;

    /// Names an expression may use, in the order of Variables.
    static QStringList variableNames();

    /// Checks @p text without keeping it. Returns an empty string if it is valid, otherwise a
    /// message with the column (1-based) and the fix, e.g.
    /// `column 5: unknown name "prio"; use one of data, priority, ...`.
    static QString check(const QString &text);

    /// Lets go of the calling thread's shared engine: expressions alive keep theirs, the next
    /// one compiled makes a new engine (about a millisecond). For leak checkers (the fuzz targets
    /// call it after each input): the engine keeps its allocations in a heap of its own that
    /// LeakSanitizer cannot scan, so an engine outliving the input looks like a leak.
    static void releaseThreadEngine();

    /// Compiles @p text. Returns an empty string on success, otherwise the same message as
    /// check(); on error the previous expression stays in force.
    QString setText(const QString &text);

    /// The expression in force.
    QString text() const { return m_text; }

    /// True if the expression in force names `data`. Without it evaluate() does not read
    /// Variables::data, so a caller need not build it: a generated message's text is built
    /// where it is read (Payload), and each one evaluated was a string for the engine to
    /// allocate and collect (docs/design.md §9).
    bool readsData() const { return m_readsData; }

    /// Evaluates the expression. Returns nullopt if it failed at run time and puts the engine's
    /// message in @p error. Reads @p variables' data only if readsData().
    std::optional<bool> evaluate(const Variables &variables, QString *error) const;

private:
    /// Checks @p text against the grammar; on success puts the number of uses of `data` in
    /// @p dataReferences (if not null).
    static QString whitelist(const QString &text, int *dataReferences = nullptr);
    static QString compile(QJSEngine &engine, const QString &text, QJSValue *function,
                           int *dataReferences = nullptr);

    QString m_text;
    std::shared_ptr<QJSEngine> m_engine;  ///< the thread's engine, shared by all expressions
    std::unique_ptr<QJSValue> m_function;
    bool m_readsData = false;
};

} // namespace PriorityLab
