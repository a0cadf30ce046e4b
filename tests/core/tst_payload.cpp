// Payload, a message's data stored once (docs/design.md §2): a plain text reads back as it was,
// a numbered one as its generator's template with every "{n}" replaced, and every way of
// reading it (text(), size(), writeTo(), withText(), ==) agrees.
#include "core/engine/simulation.h"
#include "core/model/message.h"
#include "core/model/payload.h"
#include "tests/testsupport.h"

#include <QTest>

#include <limits>

using namespace PriorityLab;
using namespace PriorityLab::TestSupport;

namespace {
/// The text as withText() shows it.
QString viewed(const Payload &p)
{
    return p.withText([](QStringView text) { return text.toString(); });
}

/// The text as writeTo() writes it into exactly size() characters.
QString written(const Payload &p)
{
    QString text(p.size(), QChar(u'#'));
    p.writeTo(text.data());
    return text;
}
} // namespace

class TestPayload : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void nullAndEmpty()
    {
        QVERIFY(Payload().text().isNull());
        QCOMPARE(Payload().size(), 0);
        QVERIFY(Payload().isEmpty());
        QVERIFY(Payload(QString()).text().isNull());
        QVERIFY(!Payload(QLatin1String("")).text().isNull());  // an empty text stays non-null
        QVERIFY(Payload(QLatin1String("")).isEmpty());
        QCOMPARE(Message().data, Payload());
        // As QString's ==: the null text equals the empty one, whichever way it was made.
        QCOMPARE(Payload(), Payload(QLatin1String("")));
        QCOMPARE(Payload::Template(QLatin1String("")).numbered(4), Payload());
        QCOMPARE(Payload::Template().numbered(4), Payload(QLatin1String("")));
    }

    void plainTextKeepsItsCounter()
    {
        const Payload p(QStringLiteral("job-{n}"));
        QVERIFY(!p.isNumbered());
        QCOMPARE(p.text(), QStringLiteral("job-{n}"));
        QCOMPARE(p.size(), 7);
        QCOMPARE(viewed(p), QStringLiteral("job-{n}"));
        QCOMPARE(written(p), QStringLiteral("job-{n}"));
    }

    void numbered_data()
    {
        QTest::addColumn<QString>("tmpl");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("isNumbered");
        QTest::newRow("one counter") << QStringLiteral("msg-{n}") << qint64(0) << QStringLiteral("msg-0") << true;
        QTest::newRow("prefix and suffix") << QStringLiteral("a{n}b") << qint64(1234) << QStringLiteral("a1234b") << true;
        QTest::newRow("counter alone") << QStringLiteral("{n}") << qint64(7) << QStringLiteral("7") << true;
        QTest::newRow("two counters") << QStringLiteral("{n}-{n}") << qint64(42) << QStringLiteral("42-42") << true;
        QTest::newRow("nested braces") << QStringLiteral("{{n}}{n") << qint64(5) << QStringLiteral("{5}{n") << true;
        QTest::newRow("adjacent") << QStringLiteral("{n}{n}") << qint64(10) << QStringLiteral("1010") << true;
        QTest::newRow("non-ASCII") << QStringLiteral("é😀{n}ü") << qint64(3) << QStringLiteral("é😀3ü") << true;
        QTest::newRow("largest number") << QStringLiteral("x{n}") << std::numeric_limits<qint64>::max()
                                        << QStringLiteral("x9223372036854775807") << true;
        // The digits are written two at a time: every count of digits, odd and even, and a sign.
        QTest::newRow("one digit, nine") << QStringLiteral("{n}") << qint64(9) << QStringLiteral("9") << true;
        QTest::newRow("two digits, ten") << QStringLiteral("{n}") << qint64(10) << QStringLiteral("10") << true;
        QTest::newRow("two digits, 99") << QStringLiteral("{n}") << qint64(99) << QStringLiteral("99") << true;
        QTest::newRow("three digits, 100") << QStringLiteral("{n}") << qint64(100) << QStringLiteral("100") << true;
        QTest::newRow("six digits") << QStringLiteral("m{n}") << qint64(100203) << QStringLiteral("m100203") << true;
        QTest::newRow("negative") << QStringLiteral("m{n}") << qint64(-305) << QStringLiteral("m-305") << true;
        QTest::newRow("smallest number") << QStringLiteral("{n}") << std::numeric_limits<qint64>::min()
                                         << QStringLiteral("-9223372036854775808") << true;
        QTest::newRow("no counter") << QStringLiteral("same") << qint64(9) << QStringLiteral("same") << false;
        QTest::newRow("empty template") << QString() << qint64(9) << QString() << false;
    }

    void numbered()
    {
        QFETCH(QString, tmpl);
        QFETCH(qint64, n);
        QFETCH(QString, text);
        QFETCH(bool, isNumbered);
        const Payload p = Payload::Template(tmpl).numbered(n);
        QCOMPARE(p.isNumbered(), isNumbered);
        QCOMPARE(p.text(), text);
        QCOMPARE(p.size(), text.size());
        QCOMPARE(viewed(p), text);
        QCOMPARE(written(p), text);
        // What the producers did before payloads were shared: replace every "{n}".
        QCOMPARE(p.text(), QString(tmpl).replace(QLatin1String("{n}"), QString::number(n)));
    }

    void longTextBeyondTheStackBuffer()
    {
        const QString prefix(1000, QLatin1Char('x'));
        const Payload p = Payload::Template(prefix + QStringLiteral("{n}")).numbered(1999);
        QCOMPARE(p.size(), 1004);
        QCOMPARE(viewed(p), prefix + QStringLiteral("1999"));
    }

    void equalityComparesTexts()
    {
        const Payload::Template t(QStringLiteral("m{n}"));
        QCOMPARE(t.numbered(1), t.numbered(1));
        QVERIFY(t.numbered(1) != t.numbered(2));
        QCOMPARE(t.numbered(12), Payload(QStringLiteral("m12")));          // numbered against plain
        QVERIFY(Payload(QStringLiteral("a")) != Payload(QStringLiteral("b")));
        const Payload copy = t.numbered(3);
        Payload other = copy;
        QCOMPARE(other, copy);
        other = Payload(QStringLiteral("changed"));
        QCOMPARE(copy.text(), QStringLiteral("m3"));  // copies share the text, never a change
        // A template without "{n}" gives the same plain text whatever the number.
        const Payload::Template plain(QStringLiteral("same"));
        QCOMPARE(plain.numbered(1), plain.numbered(2));
        // Same length, one character apart; one template against another.
        QVERIFY(t.numbered(12) != Payload(QStringLiteral("m13")));
        QVERIFY(t.numbered(12) != Payload(QStringLiteral("m1")));
        QCOMPARE(Payload::Template(QStringLiteral("{n}2")).numbered(1), t.numbered(12).text().mid(1));
        QCOMPARE(Payload::Template(QStringLiteral("m{n}")).numbered(5), t.numbered(5));
    }

    /// The workload hash (docs/design.md §5) reads a message's text: a generated message hashes
    /// as a scripted one with the same text, so sweeps still see "the identical workload".
    void workloadHashReadsTheText()
    {
        const auto hashOf = [](const Scenario &scenario) {
            Simulation sim;
            const QStringList errors = sim.load(scenario);
            if (!errors.isEmpty())
                qFatal("scenario refused: %s", qPrintable(errors.join(QLatin1Char('\n'))));
            for (int cycle = 0; cycle < 3; ++cycle)
                sim.step();
            return sim.workloadHash();
        };
        Scenario generated = scenario({consumer(QStringLiteral("A"))}, {});
        generated.producers[0] = generatingProducer(QStringLiteral("P"), 2, 4, 4);
        generated.producers[0].generator->data = QStringLiteral("job-{n}-{n}");
        generated.producers[0].generator->untilCycle = 2;
        QList<ScriptedMessage> texts;
        for (int n = 0; n < 6; ++n)
            texts << scripted(QStringLiteral("job-%1-%1").arg(n), 4, 3, n / 2);
        QCOMPARE(hashOf(generated), hashOf(scenario({consumer(QStringLiteral("A"))}, texts)));
        texts[5].data = QStringLiteral("job-5-6");
        QVERIFY(hashOf(generated) != hashOf(scenario({consumer(QStringLiteral("A"))}, texts)));
    }
};

QTEST_GUILESS_MAIN(TestPayload)
#include "tst_payload.moc"
