// The predicate expressions of docs/design.md §4 (core/strategies/expression.h), row by row: an
// expression and the message fields and system state it reads -> its result; a refused
// expression -> the fragment of its error and the column it names.
#include "core/strategies/expression.h"
#include "tests/testsupport.h"

#include <QTest>

using namespace PriorityLab;

// The rows name only the variables they set (designated initializers); the others keep their
// defaults, which is what -Wmissing-field-initializers would flag.
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#endif

Q_DECLARE_METATYPE(PriorityLab::Expression::Variables)

class TestExpression : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void variableNames();
    void evaluate_data();
    void evaluate();
    void refused_data();
    void refused();
    void releasedEngine();
    void readsDataOnlyWhenNamed();
};

void TestExpression::variableNames()
{
    QCOMPARE(Expression::variableNames(),
             QStringList({QStringLiteral("data"), QStringLiteral("priority"), QStringLiteral("ttl"),
                          QStringLiteral("predicateRuns"), QStringLiteral("deliveries"), QStringLiteral("age"),
                          QStringLiteral("queueLength"), QStringLiteral("onlineConsumers"),
                          QStringLiteral("cycle")}));
}

void TestExpression::evaluate_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Expression::Variables>("variables");
    QTest::addColumn<bool>("expected");

    using V = Expression::Variables;
    const auto row = [](const char *tag, const char *text, const V &variables, bool expected) {
        QTest::newRow(tag) << QString::fromUtf8(text) << variables << expected;
    };
    // The examples of docs/design.md §4.
    row("data differs", "data != \"data_0\"", V{.data = QStringLiteral("data_1")}, true);
    row("data equal", "data != \"data_0\"", V{.data = QStringLiteral("data_0")}, false);
    row("short queue", "queueLength < 50 || priority >= 7", V{.queueLength = 49}, true);
    row("long queue, urgent", "queueLength < 50 || priority >= 7",
        V{.priority = 7, .queueLength = 50}, true);
    row("long queue, not urgent", "queueLength < 50 || priority >= 7",
        V{.priority = 6, .queueLength = 50}, false);
    // Every variable reads its field.
    row("ttl", "ttl == 3", V{.ttl = 3}, true);
    row("predicateRuns", "predicateRuns == 2", V{.predicateRuns = 2}, true);
    row("deliveries", "deliveries > 1", V{.deliveries = 1}, false);
    row("age", "age >= 10", V{.age = 10}, true);
    row("onlineConsumers", "onlineConsumers == 0", V{}, true);
    row("cycle", "cycle == 1000000000000", V{.cycle = qint64(1000000000000)}, true);
    // Literals, logic, comparison and whole-number arithmetic.
    row("true", "true", V{}, true);
    row("false", "false", V{}, false);
    row("not", "!(priority > 3)", V{.priority = 3}, true);
    row("and binds before or", "false && false || true", V{}, true);
    row("parentheses", "false && (false || true)", V{}, false);
    row("arithmetic", "priority * 2 + 1 > 10", V{.priority = 5}, true);
    row("negative result", "(priority - ttl) * 3 == -6",
        V{.priority = 1, .ttl = 3}, true);
    row("remainder", "cycle % 2 == 1", V{.cycle = 7}, true);
    row("negative field", "priority < 0", V{.priority = -5}, true);
    row("string order", "data < \"b\"", V{.data = QStringLiteral("a")}, true);
    row("empty data", "data == \"\"", V{}, true);
    row("spacing does not matter", "priority>=7&&ttl<=2",
        V{.priority = 7, .ttl = 2}, true);
}

void TestExpression::evaluate()
{
    QFETCH(QString, text);
    QFETCH(Expression::Variables, variables);
    QFETCH(bool, expected);
    QCOMPARE(Expression::check(text), QString());
    Expression e;
    PL_VERIFY_OK(e.setText(text));
    QCOMPARE(e.text(), text);
    QString error;
    const std::optional<bool> result = e.evaluate(variables, &error);
    QVERIFY2(result.has_value(), qPrintable(error));
    QCOMPARE(*result, expected);
    // Evaluating is pure: the same variables give the same result.
    QCOMPARE(e.evaluate(variables, &error), result);
}

void TestExpression::refused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("fragment");  // part of the error after "column N: "
    QTest::addColumn<int>("column");        // 1-based

    const auto row = [](const char *tag, const char *text, const char *fragment, int column) {
        QTest::newRow(tag) << QString::fromUtf8(text) << QString::fromUtf8(fragment) << column;
    };
    row("unknown name", "prio > 3", "unknown name \"prio\"", 1);
    row("unknown name later", "priority > 3 && dat == \"x\"", "unknown name \"dat\"", 17);
    row("JavaScript builtin", "Math.max(1, 2) > 0", "unknown name \"Math\"", 1);
    row("division", "priority / 2 == 3", "\"/\" is not allowed", 10);
    row("unclosed parenthesis", "(priority > 3", "\"(\" is not closed", 1);
    row("extra parenthesis", "priority > 3)", "", 13);
    row("assignment", "priority = 3", "", 10);
    row("single quotes", "data == 'x'", "", 9);
    row("fraction", "priority > 3.5", "", 13);
    row("unclosed string", "data == \"abc", "", 9);
    row("semicolon", "priority >= 7;", "", 14);
    row("empty", "", "", 1);
    row("blank", "   ", "", 1);
    row("operator twice", "priority > > 3", "", 12);
    row("missing operator", "priority 3", "", 10);
    row("ends after an operator", "priority >", "the expression ends after an operator", 11);
    row("leading operator", "&& priority", "", 1);
}

void TestExpression::refused()
{
    QFETCH(QString, text);
    QFETCH(QString, fragment);
    QFETCH(int, column);
    const QString error = Expression::check(text);
    QVERIFY2(error.startsWith(QStringLiteral("column %1:").arg(column)), qPrintable(error));
    QVERIFY2(error.contains(fragment), qPrintable(error));
    // setText() refuses it with the same message and keeps the expression in force.
    Expression e;
    PL_VERIFY_OK(e.setText(QStringLiteral("true")));
    QCOMPARE(e.setText(text), error);
    QCOMPARE(e.text(), QStringLiteral("true"));
    QString evalError;
    QCOMPARE(e.evaluate(Expression::Variables(), &evalError), std::optional<bool>(true));
}

void TestExpression::releasedEngine()
{
    // Letting go of the thread's engine (the fuzz targets do it after each input) leaves the
    // expressions compiled in it working; the next ones compile in a new engine.
    Expression before;
    PL_VERIFY_OK(before.setText(QStringLiteral("priority > 2")));
    Expression::releaseThreadEngine();
    QString error;
    QCOMPARE(before.evaluate({.priority = 3}, &error), std::optional<bool>(true));
    QCOMPARE(Expression::check(QStringLiteral("ttl < 0")), QString());
    Expression after;
    PL_VERIFY_OK(after.setText(QStringLiteral("ttl < 0")));
    QCOMPARE(after.evaluate({.ttl = -1}, &error), std::optional<bool>(true));
    QCOMPARE(before.evaluate({.priority = 1}, &error), std::optional<bool>(false));
}

void TestExpression::readsDataOnlyWhenNamed()
{
    // A predicate strategy builds a message's text for the expression only if it names `data`
    // (Expression::readsData()); the result does not depend on it otherwise.
    QString error;
    Expression e;
    PL_VERIFY_OK(e.setText(QStringLiteral("priority >= 5")));
    QVERIFY(!e.readsData());
    QCOMPARE(e.evaluate({.data = QStringLiteral("x"), .priority = 5}, &error), std::optional<bool>(true));
    QCOMPARE(e.evaluate({.priority = 5}, &error), std::optional<bool>(true));
    PL_VERIFY_OK(e.setText(QStringLiteral("\"data\" == \"data\"")));  // only in string literals
    QVERIFY(!e.readsData());
    PL_VERIFY_OK(e.setText(QStringLiteral("data == \"x\" || priority > 8")));
    QVERIFY(e.readsData());
    QCOMPARE(e.evaluate({.data = QStringLiteral("x")}, &error), std::optional<bool>(true));
    QCOMPARE(e.evaluate({.data = QStringLiteral("y")}, &error), std::optional<bool>(false));
    // A refused text leaves the expression in force, and what it reads, as they were.
    QVERIFY(!e.setText(QStringLiteral("prio > 1")).isEmpty());
    QVERIFY(e.readsData());
    QVERIFY(!e.setText(QStringLiteral("priority >")).isEmpty());
    QVERIFY(e.readsData());
}

QTEST_GUILESS_MAIN(TestExpression)
#include "tst_expression.moc"
