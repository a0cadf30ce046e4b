#include "core/strategies/expression.h"

#include <QJSEngine>
#include <QJSValue>
#include <QJSValueList>

namespace PriorityLab {

namespace {
const QStringList &names()
{
    static const QStringList list = {
        QStringLiteral("data"),         QStringLiteral("priority"),
        QStringLiteral("ttl"),          QStringLiteral("predicateRuns"),
        QStringLiteral("deliveries"),   QStringLiteral("age"),
        QStringLiteral("queueLength"),  QStringLiteral("onlineConsumers"),
        QStringLiteral("cycle"),
    };
    return list;
}

/// The engine of the calling thread, shared by every Expression compiled in it: an engine costs
/// about 0.4 MB and a millisecond, so one per predicate made thousands of predicate consumers
/// (or a timeline re-validating them) cost gigabytes. Expressions are compiled and evaluated on
/// the thread of their Simulation; several Simulations in one thread share it. Each Expression
/// holds a reference, so the engine outlives every function compiled in it.
std::shared_ptr<QJSEngine> &threadEngineSlot()
{
    thread_local std::shared_ptr<QJSEngine> engine;
    return engine;
}

std::shared_ptr<QJSEngine> threadEngine()
{
    std::shared_ptr<QJSEngine> &engine = threadEngineSlot();
    if (!engine)
        engine = std::make_shared<QJSEngine>();
    return engine;
}
} // namespace

void Expression::releaseThreadEngine()
{
    threadEngineSlot().reset();
}

Expression::Expression() = default;
Expression::~Expression() = default;

QStringList Expression::variableNames()
{
    return names();
}

QString Expression::whitelist(const QString &text, int *dataReferences)
{
    // A token pass, not a parser: it accepts only the allowed tokens and checks that operands
    // and operators alternate, so that every mistake is reported with its column. What the
    // expression means is left to QJSEngine.
    const auto at = [](qsizetype i) { return QStringLiteral("column %1: ").arg(i + 1); };
    // Bounds the cost of compiling the expression and of evaluating it for every message.
    if (text.size() > MaxLength)
        return at(MaxLength) + QStringLiteral("the expression is longer than %1 characters; shorten it")
                .arg(MaxLength);
    static const QStringList binaryOps = {
        QStringLiteral("=="), QStringLiteral("!="), QStringLiteral("<="), QStringLiteral(">="),
        QStringLiteral("&&"), QStringLiteral("||"), QStringLiteral("<"),  QStringLiteral(">"),
        QStringLiteral("+"),  QStringLiteral("-"),  QStringLiteral("*"),  QStringLiteral("%"),
    };
    QList<qsizetype> open;      // columns of unclosed "("
    bool expectOperand = true;  // false: an operator or ")" must come next
    qsizetype lastOperator = -1;
    int references = 0;  // of data
    qsizetype i = 0;
    while (i < text.size()) {
        const QChar c = text.at(i);
        if (c.isSpace()) {
            ++i;
            continue;
        }
        const qsizetype start = i;
        if (QStringView(text).mid(i).startsWith(QLatin1String("--")))
            return at(i) + QStringLiteral("\"--\" would be JavaScript's decrement, not two minus signs: "
                                          "write - -x with a space, or drop both");
        const auto operandHere = [&]() -> QString {
            if (!expectOperand)
                return at(start) + QStringLiteral("expected an operator (== != < <= > >= && || + - * %) or \")\" before this");
            expectOperand = false;
            return {};
        };
        if (c.isLetter() || c == QLatin1Char('_')) {
            while (i < text.size() && (text.at(i).isLetterOrNumber() || text.at(i) == QLatin1Char('_')))
                ++i;
            const QString word = text.mid(start, i - start);
            if (!names().contains(word) && word != QLatin1String("true") && word != QLatin1String("false"))
                return at(start) + QStringLiteral("unknown name \"%1\"; use one of %2, true, false")
                        .arg(word, names().join(QStringLiteral(", ")));
            if (word == QLatin1String("data") && ++references > MaxDataReferences)
                return at(start) + QStringLiteral("\"data\" is used more than %1 times; compare it "
                                                  "fewer times (each use may copy the whole message data)")
                        .arg(MaxDataReferences);
            if (QString e = operandHere(); !e.isEmpty())
                return e;
        } else if (c.isDigit()) {
            while (i < text.size() && text.at(i).isDigit())
                ++i;
            if (i < text.size() && (text.at(i).isLetter() || text.at(i) == QLatin1Char('.')))
                return at(i) + QStringLiteral("only whole numbers are allowed, e.g. 42");
            if (i - start > 15)
                return at(start) + QStringLiteral("number too long; use at most 15 digits");
            if (QString e = operandHere(); !e.isEmpty())
                return e;
        } else if (c == QLatin1Char('"')) {
            ++i;
            while (i < text.size() && text.at(i) != QLatin1Char('"')) {
                if (text.at(i) == QLatin1Char('\\') || text.at(i) == QLatin1Char('\n'))
                    return at(i) + QStringLiteral("escapes and line breaks are not allowed in strings");
                ++i;
            }
            if (i >= text.size())
                return at(start) + QStringLiteral("string is not closed: add a closing \"");
            ++i;
            if (QString e = operandHere(); !e.isEmpty())
                return e;
        } else if (c == QLatin1Char('(')) {
            if (!expectOperand)
                return at(i) + QStringLiteral("expected an operator before \"(\"");
            open << i;
            ++i;
        } else if (c == QLatin1Char(')')) {
            if (open.isEmpty())
                return at(i) + QStringLiteral("\")\" without a matching \"(\"");
            if (expectOperand)
                return at(i) + QStringLiteral("expected a value before \")\"");
            open.removeLast();
            ++i;
        } else if (expectOperand && (c == QLatin1Char('!') || c == QLatin1Char('-'))
                   && !QStringView(text).mid(i).startsWith(QLatin1String("!="))) {
            ++i;  // unary not or minus: still expecting an operand
            lastOperator = start;
        } else {
            QString matched;
            for (const QString &op : binaryOps) {
                if (QStringView(text).mid(i).startsWith(op)) {
                    matched = op;
                    break;
                }
            }
            if (QStringView(text).mid(i).startsWith(QLatin1String("===")) || QStringView(text).mid(i).startsWith(QLatin1String("!==")))
                matched = text.mid(i, 3);
            if (matched.isEmpty()) {
                if (c == QLatin1Char('='))
                    return at(i) + QStringLiteral("\"=\" is an assignment: compare with \"==\"");
                if (c == QLatin1Char('\''))
                    return at(i) + QStringLiteral("use double quotes for strings, e.g. \"data_0\"");
                if (c == QLatin1Char('/'))
                    return at(i) + QStringLiteral("\"/\" is not allowed: arithmetic is on whole numbers; "
                                                  "compare with * instead (priority * 2 >= 7) or use %");
                return at(i) + QStringLiteral("\"%1\" is not allowed; use names, numbers, "
                                              "\"strings\", == != < <= > >= && || ! + - * % ( )").arg(c);
            }
            if (expectOperand)
                return at(i) + QStringLiteral("expected a value before \"%1\"").arg(matched);
            expectOperand = true;
            lastOperator = start;
            i += matched.size();
        }
    }
    if (!open.isEmpty())
        return at(open.last()) + QStringLiteral("\"(\" is not closed: add \")\"");
    if (expectOperand) {
        if (lastOperator < 0)
            return QStringLiteral("column 1: the expression is empty; write e.g. priority >= 5");
        return at(text.size()) + QStringLiteral("the expression ends after an operator; add a value");
    }
    if (dataReferences)
        *dataReferences = references;
    return {};
}

QString Expression::compile(QJSEngine &engine, const QString &text, QJSValue *function, int *dataReferences)
{
    if (QString error = whitelist(text, dataReferences); !error.isEmpty())
        return error;
    // The expression sits on a line of its own so that the engine's line number is meaningless
    // to the user; we report the engine's own words instead.
    const QString source = QStringLiteral("(function(") + names().join(QLatin1Char(','))
            + QStringLiteral(") { return !!(\n") + text + QStringLiteral("\n); })");
    QJSValue f = engine.evaluate(source);
    if (f.isError() || !f.isCallable()) {
        return QStringLiteral("syntax error in \"%1\": %2; check operators and parentheses")
                .arg(text, f.property(QStringLiteral("message")).toString());
    }
    *function = f;
    return {};
}

QString Expression::check(const QString &text)
{
    if (QString error = whitelist(text); !error.isEmpty())
        return error;
    QJSValue f;
    return compile(*threadEngine(), text, &f);
}

QString Expression::setText(const QString &text)
{
    std::shared_ptr<QJSEngine> engine = threadEngine();
    auto function = std::make_unique<QJSValue>();
    int dataReferences = 0;
    if (QString error = compile(*engine, text, function.get(), &dataReferences); !error.isEmpty())
        return error;
    m_readsData = dataReferences > 0;
    m_function.reset(); // release the old function before the engine reference it needs
    m_engine = std::move(engine);
    m_function = std::move(function);
    m_text = text;
    return {};
}

std::optional<bool> Expression::evaluate(const Variables &v, QString *error) const
{
    if (!m_function) {
        if (error)
            *error = QStringLiteral("no expression set");
        return std::nullopt;
    }
    const QJSValueList args = {
        m_readsData ? QJSValue(v.data) : QJSValue(),  // not named: no string for the engine
        QJSValue(v.priority),
        QJSValue(v.ttl),
        QJSValue(v.predicateRuns),
        QJSValue(v.deliveries),
        QJSValue(double(v.age)),
        QJSValue(double(v.queueLength)),
        QJSValue(v.onlineConsumers),
        QJSValue(double(v.cycle)),
    };
    const QJSValue result = m_function->call(args);
    if (result.isError()) {
        if (error)
            *error = result.toString();
        return std::nullopt;
    }
    return result.toBool();
}

} // namespace PriorityLab
