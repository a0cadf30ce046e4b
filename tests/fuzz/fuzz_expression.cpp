// Fuzz target (b): the predicate expression (check, setText, evaluate). See fuzztargets.h.
#include "tests/fuzz/fuzztargets.h"

#include "core/strategies/expression.h"

#include <QCryptographicHash>

#include <climits>
#include <cstring>
#include <random>

namespace PriorityLab::Fuzz {

namespace {
/// @p text with a space on both sides of every operator and parenthesis outside string literals
/// (multi-character operators kept whole). The grammar's meaning does not depend on spacing, so
/// both texts must be accepted alike and evaluate alike; JavaScript tokens such as "--"
/// (decrement) would not.
QString spacedOut(const QString &text)
{
    static const QStringList operators = {
        QStringLiteral("==="), QStringLiteral("!=="), QStringLiteral("=="), QStringLiteral("!="),
        QStringLiteral("<="), QStringLiteral(">="), QStringLiteral("&&"), QStringLiteral("||"),
    };
    static const QString singles = QStringLiteral("+-*/%!<>=&|()");
    QString out;
    bool inString = false;
    for (qsizetype i = 0; i < text.size();) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"'))
            inString = !inString;
        if (inString || c == QLatin1Char('"') || !singles.contains(c)) {
            out += c;
            ++i;
            continue;
        }
        qsizetype length = 1;
        for (const QString &op : operators) {
            if (QStringView(text).mid(i).startsWith(op)) {
                length = op.size();
                break;
            }
        }
        out += QLatin1Char(' ') + text.mid(i, length) + QLatin1Char(' ');
        i += length;
    }
    return out;
}
} // namespace

QString expressionTarget(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString text = QString::fromUtf8(bytes);

    const QString checked = Expression::check(text);
    Expression expression;
    const QString set = expression.setText(text);
    if (checked != set)
        return QStringLiteral("check() says \"%1\" but setText() says \"%2\"").arg(checked, set);
    if (!set.isEmpty()) {
        if (!set.startsWith(QLatin1String("column ")) && !set.startsWith(QLatin1String("syntax error")))
            return QStringLiteral("error without a column: ") + set;
        if (expression.text() != QStringLiteral("") )
            return QStringLiteral("a refused text was kept");
        return {};
    }
    if (expression.text() != text)
        return QStringLiteral("text() is not the text set");

    // Variables: the defaults, both int limits, and values drawn from a hash of the input.
    QList<Expression::Variables> samples;
    samples << Expression::Variables{};
    Expression::Variables high;
    high.data = QStringLiteral("data_0");
    high.priority = high.ttl = high.predicateRuns = high.deliveries = high.onlineConsumers = INT_MAX;
    high.age = high.queueLength = high.cycle = (qint64(1) << 53);
    samples << high;
    Expression::Variables low;
    low.priority = low.ttl = INT_MIN;
    low.data = QString(300, QLatin1Char('x'));
    samples << low;
    quint64 seed = 0;
    const QByteArray digest = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1);
    std::memcpy(&seed, digest.constData(), sizeof seed);
    std::mt19937_64 rng(seed);
    for (int i = 0; i < 3; ++i) {
        Expression::Variables v;
        v.data = QStringLiteral("data_%1").arg(rng() % 10);
        v.priority = int(qint64(rng() % 41) - 20);
        v.ttl = int(qint64(rng() % 41) - 20);
        v.predicateRuns = int(rng() % 10);
        v.deliveries = int(rng() % 10);
        v.age = qint64(rng() % 1000);
        v.queueLength = qint64(rng() % 100000);
        v.onlineConsumers = int(rng() % 8);
        v.cycle = qint64(rng() % 1000000);
        samples << v;
    }
    const QString spaced = spacedOut(text);
    Expression spacedExpression;
    const bool compareSpaced = spaced.size() <= Expression::MaxLength;
    if (compareSpaced) {
        if (QString e = spacedExpression.setText(spaced); !e.isEmpty())
            return QStringLiteral("accepted, but refused once spaced out as \"%1\": %2").arg(spaced, e);
    }
    for (const Expression::Variables &v : std::as_const(samples)) {
        QString error;
        const std::optional<bool> first = expression.evaluate(v, &error);
        if (!first)
            return QStringLiteral("a whitelisted expression failed at run time: ") + error;
        // Pure: the same variables give the same result.
        if (expression.evaluate(v, &error) != first)
            return QStringLiteral("two evaluations with the same variables differ");
        if (compareSpaced && spacedExpression.evaluate(v, &error) != first)
            return QStringLiteral("spacing changes the meaning: \"%1\" evaluates differently").arg(spaced);
    }
    return {};
}

} // namespace PriorityLab::Fuzz

PRIORITYLAB_FUZZ_ENTRY_POINTS(expressionTarget, "fuzz_expression")
