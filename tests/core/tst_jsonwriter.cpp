// JsonWriter (the hand-rolled writer of the event stream) against QJsonDocument::Compact: the
// same bytes for every kind of text and number, and for whole events (docs/design.md §7).
#include "core/analysis/eventjson.h"
#include "core/analysis/jsonwriter.h"
#include "core/strategies/strategy.h"
#include "tests/datatable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace PriorityLab;

Q_DECLARE_METATYPE(PriorityLab::Event)

namespace {

/// @p text as QJsonDocument writes a string value: the inside of ["..."].
QByteArray qtString(const QString &text)
{
    return QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
}

} // namespace

class TestJsonWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escapes_data();
    void escapes();
    void everyUtf16UnitAlone();
    void everyUnitAfterASurrogate();
    void numbers();
    void events_data();
    void events();
};

void TestJsonWriter::escapes_data()
{
    TestSupport::addColumns<QString, QByteArray>("text", "json");
    QTest::addRow("empty") << QString() << QByteArray(R"("")");
    QTest::addRow("plain") << QStringLiteral("msg-12") << QByteArray(R"("msg-12")");
    QTest::addRow("quote and backslash") << QStringLiteral("a\"b\\c/d") << QByteArray(R"("a\"b\\c/d")");
    QTest::addRow("short escapes") << QStringLiteral("\b\f\n\r\t") << QByteArray(R"("\b\f\n\r\t")");
    QTest::addRow("other controls") << QString::fromUtf16(u"\u0000\u0001\u000b\u001b\u001f", 5)
                                    << QByteArray(R"("\u0000\u0001\u000b\u001b\u001f")");
    QTest::addRow("DEL as is") << QStringLiteral("\x7f") << QByteArray("\"\x7f\"");
    QTest::addRow("non-ASCII as UTF-8") << QStringLiteral("é ≥ 中 😀") << QByteArray("\"é ≥ 中 😀\"");
    QTest::addRow("lone high surrogate") << QString(QChar(0xd800)) << QByteArray(R"("\ud800")");
    QTest::addRow("lone low surrogate") << QString(QChar(0xdc00)) << QByteArray(R"("\udc00")");
    QTest::addRow("reversed pair") << QString::fromUtf16(u"\xde00\xd83d", 2) << QByteArray(R"("\ude00\ud83d")");
    QTest::addRow("high surrogate at the end") << QString::fromUtf16(u"x\xd83d", 2) << QByteArray(R"("x\ud83d")");
    QTest::addRow("noncharacters") << QString(QChar(0xfffe)) + QChar(0xffff) << QByteArray("\"\xef\xbf\xbe\xef\xbf\xbf\"");
}

void TestJsonWriter::escapes()
{
    QFETCH(QString, text);
    QFETCH(QByteArray, json);
    QCOMPARE(jsonString(text), json);
    QCOMPARE(jsonString(text), qtString(text));  // the escapes Qt writes
    // It reads back as the same text (lone surrogates too).
    QCOMPARE(QJsonDocument::fromJson("[" + json + "]").array().at(0).toString(), text);
}

void TestJsonWriter::everyUtf16UnitAlone()
{
    for (char32_t u = 0; u <= 0xffff; ++u) {
        const QString text = QLatin1String("<") + QChar(char16_t(u)) + QLatin1String(">");
        if (jsonString(text) != qtString(text))
            QFAIL(qPrintable(QStringLiteral("U+%1: %2 instead of %3").arg(uint(u), 4, 16, QLatin1Char('0'))
                                     .arg(QString::fromLatin1(jsonString(text).toPercentEncoding()),
                                          QString::fromLatin1(qtString(text).toPercentEncoding()))));
    }
}

void TestJsonWriter::everyUnitAfterASurrogate()
{
    // Pairs, broken pairs and surrogates next to ASCII or other characters.
    const char16_t firsts[] = {0xd800, 0xd83d, 0xdbff, 0xdc00, 0xdfff};
    for (const char16_t first : firsts) {
        for (char32_t u = 0; u <= 0xffff; u += (u >= 0xd700 && u < 0xe100) ? 1 : 97) {
            const char16_t units[] = {first, char16_t(u), first};
            const QString text = QString::fromUtf16(units, 3);
            if (jsonString(text) != qtString(text))
                QFAIL(qPrintable(QStringLiteral("%1 %2").arg(uint(first), 0, 16).arg(uint(u), 0, 16)));
        }
    }
}

void TestJsonWriter::numbers()
{
    for (const qint64 n : {qint64(0), qint64(-1), qint64(7), qint64(INT_MAX), qint64(INT_MIN),
                           qint64(1) << 53, -(qint64(1) << 53)}) {
        QByteArray out;
        JsonWriter(out).number(n);
        QCOMPARE(out, QJsonDocument(QJsonArray{n}).toJson(QJsonDocument::Compact).mid(1).chopped(1));
    }
}

void TestJsonWriter::events_data()
{
    QTest::addColumn<Event>("event");
    Message m;
    m.id = 42;
    m.data = QString(QStringLiteral("x\"\\\n\x01é😀") + QChar(0xd800));
    m.producer = Name(QStringLiteral("P\t1"));
    m.priority = -3;
    m.ttl = 2147483647;
    m.predicateRuns = 2;
    m.deliveries = 5;
    MessageMeta after = MessageMeta::of(m);  // the copy sent back: m with priority -2
    after.priority = -2;
    QTest::addRow("produced") << Event{7, Event::Type::Produced, {}, m, {}, {}, {}};
    QTest::addRow("dispatched") << Event{7, Event::Type::Dispatched, QStringLiteral("C\"1"), m, {}, {}, {}};
    QTest::addRow("processed") << Event{0, Event::Type::Processed, QStringLiteral("C"), m, {}, {}, QStringLiteral("ok ≥")};
    QTest::addRow("postponed") << Event{1, Event::Type::Postponed, QStringLiteral("C"), m, after, {}, QStringLiteral("later")};
    QTest::addRow("failed") << Event{1, Event::Type::Failed, QStringLiteral("C"), m, after, {}, QStringLiteral("failed")};
    QTest::addRow("discarded") << Event{1, Event::Type::Discarded, QStringLiteral("C"), m, {}, QStringLiteral("ttl-expired"), {}};
    // An explanation kept as data is written in words.
    const auto ttl = StrategyRegistry::instance().create(QStringLiteral("ttl"));
    QTest::addRow("explanation as data") << Event{2, Event::Type::Postponed, QStringLiteral("T"), m, after, {},
                                                  ttl->explain(m, Decision::Postpone)};
    QTest::addRow("discarded, empty reason") << Event{1, Event::Type::Discarded, QString(), m, {}, {}, {}};
}

void TestJsonWriter::events()
{
    QFETCH(Event, event);
    // eventToJson() is the definition; the line is its compact JSON, byte for byte.
    const QByteArray qt = QJsonDocument(eventToJson(event)).toJson(QJsonDocument::Compact) + '\n';
    QCOMPARE(eventToJsonLine(event), qt);
    QByteArray appended = "previous line\n";
    appendEventJsonLine(appended, event);
    QCOMPARE(appended, "previous line\n" + qt);
}

QTEST_GUILESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"
