#include "expression.h"

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
} // namespace

Expression::Expression() = default;
Expression::~Expression() = default;

QStringList Expression::variableNames()
{
    return names();
}

QString Expression::whitelist(const QString &text)
{
    const auto at = [](qsizetype i) { return QStringLiteral("column %1: ").arg(i + 1); };
    int depth = 0;
    bool any = false;
    for (qsizetype i = 0; i < text.size();) {
        const QChar c = text.at(i);
        if (c.isSpace()) {
            ++i;
            continue;
        }
        any = true;
        if (c.isLetter() || c == QLatin1Char('_')) {
            qsizetype j = i;
            while (j < text.size() && (text.at(j).isLetterOrNumber() || text.at(j) == QLatin1Char('_')))
                ++j;
            const QString word = text.mid(i, j - i);
            if (!names().contains(word) && word != QLatin1String("true")
                && word != QLatin1String("false")) {
                return at(i) + QStringLiteral("unknown name \"%1\"; use one of %2, true, false")
                        .arg(word, names().join(QStringLiteral(", ")));
            }
            i = j;
        } else if (c.isDigit()) {
            while (i < text.size() && text.at(i).isDigit())
                ++i;
            if (i < text.size() && (text.at(i).isLetter() || text.at(i) == QLatin1Char('.')))
                return at(i) + QStringLiteral("only whole numbers are allowed, e.g. 42");
        } else if (c == QLatin1Char('"')) {
            qsizetype j = i + 1;
            while (j < text.size() && text.at(j) != QLatin1Char('"')) {
                if (text.at(j) == QLatin1Char('\\') || text.at(j) == QLatin1Char('\n'))
                    return at(j) + QStringLiteral("escapes and line breaks are not allowed in strings");
                ++j;
            }
            if (j >= text.size())
                return at(i) + QStringLiteral("string is not closed: add a closing \"");
            i = j + 1;
        } else if (c == QLatin1Char('(')) {
            ++depth;
            ++i;
        } else if (c == QLatin1Char(')')) {
            if (--depth < 0)
                return at(i) + QStringLiteral("\")\" without a matching \"(\"");
            ++i;
        } else {
            static const QStringList ops = {
                QStringLiteral("==="), QStringLiteral("!=="), QStringLiteral("=="),
                QStringLiteral("!="),  QStringLiteral("<="),  QStringLiteral(">="),
                QStringLiteral("&&"),  QStringLiteral("||"),  QStringLiteral("<"),
                QStringLiteral(">"),   QStringLiteral("!"),   QStringLiteral("+"),
                QStringLiteral("-"),   QStringLiteral("*"),   QStringLiteral("/"),
                QStringLiteral("%"),
            };
            bool matched = false;
            for (const QString &op : ops) {
                if (QStringView(text).mid(i).startsWith(op)) {
                    i += op.size();
                    matched = true;
                    break;
                }
            }
            if (!matched) {
                if (c == QLatin1Char('='))
                    return at(i) + QStringLiteral("\"=\" is an assignment: compare with \"==\"");
                if (c == QLatin1Char('\''))
                    return at(i) + QStringLiteral("use double quotes for strings, e.g. \"data_0\"");
                return at(i) + QStringLiteral("\"%1\" is not allowed; use names, numbers, "
                                              "\"strings\", == != < <= > >= && || ! + - * / % ( )")
                        .arg(c);
            }
        }
    }
    if (!any)
        return QStringLiteral("column 1: the expression is empty; write e.g. priority >= 5");
    if (depth > 0)
        return at(text.size()) + QStringLiteral("%1 \"(\" not closed: add \")\"").arg(depth);
    return {};
}

QString Expression::compile(QJSEngine &engine, const QString &text, QJSValue *function)
{
    if (QString error = whitelist(text); !error.isEmpty())
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
    QJSEngine engine;
    QJSValue f;
    return compile(engine, text, &f);
}

QString Expression::setText(const QString &text)
{
    auto engine = std::make_unique<QJSEngine>();
    auto function = std::make_unique<QJSValue>();
    if (QString error = compile(*engine, text, function.get()); !error.isEmpty())
        return error;
    m_function.reset(); // the function belongs to the old engine: release it first
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
        QJSValue(v.data),
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
