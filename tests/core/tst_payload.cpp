// Payload, a message's data stored once (docs/design.md §2): a plain text reads back as it was,
// a numbered one as its generator's template with every "{n}" replaced, and every way of
// reading it (text(), size(), writeTo(), withText(), ==) agrees.
#include "core/analysis/comparison.h"
#include "core/engine/simulation.h"
#include "core/model/message.h"
#include "core/model/payload.h"
#include "core/model/wordhash.h"
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

    /// A template is kept for the life of the process, one per text (Payload::Template): its
    /// payloads outlive the Template and its generator, and the null template stays apart from
    /// "" (a hash of texts takes them as one key).
    void templatesAreKeptPerText()
    {
        Payload first;
        {
            const Payload::Template t(QStringLiteral("kept-{n}-{n}"));
            first = t.numbered(7);
        }
        QCOMPARE(first.text(), QStringLiteral("kept-7-7"));
        const Payload again = Payload::Template(QStringLiteral("kept-{n}-{n}")).numbered(8);
        QCOMPARE(again.text(), QStringLiteral("kept-8-8"));
        QCOMPARE(Payload(first), first);
        QVERIFY(first != again);
        const Payload empty = Payload::Template(QLatin1String("")).numbered(1);
        QVERIFY(!empty.text().isNull());
        QVERIFY(Payload::Template().numbered(1).text().isNull());
        QVERIFY(!Payload::Template(QLatin1String("")).numbered(2).text().isNull());
        QVERIFY(Payload::Template(QString()).numbered(2).text().isNull());
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

    /// Payload::hashInto() folds a numbered text without writing its template's head out: it
    /// must fold exactly the text() that withText() shows, for every alignment of the "{n}" in
    /// the text's 4-unit words, every count of digits and a sign, and any piece empty or not.
    void hashIntoFoldsTheText()
    {
        const QStringList templates{
                QStringLiteral("msg-{n}"), QStringLiteral("{n}"), QStringLiteral("{n}-"),
                QStringLiteral("{n}{n}"), QStringLiteral("{n}-{n}"), QStringLiteral("a{n}"),
                QStringLiteral("ab{n}"), QStringLiteral("abc{n}"), QStringLiteral("abcd{n}"),
                QStringLiteral("abcde{n}"), QStringLiteral("abcdefgh{n}"), QStringLiteral("abcdefghi{n}xyz"),
                QStringLiteral("m{n}-{n}-{n}!"), QStringLiteral("job-{n}-{n}"), QStringLiteral("{{n}}{n"),
                QStringLiteral("é😀{n}ü"), QStringLiteral("pre{n}") + QString(240, QLatin1Char('s')),
                QString(251, QLatin1Char('p')) + QStringLiteral("{n}"),  // beyond the stack with long numbers
                QString(1000, QLatin1Char('x')) + QStringLiteral("{n}y"), QStringLiteral("no counter"),
                QString(), QStringLiteral("")};
        QList<qint64> numbers{0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 123456, 999999, 1000000,
                              4294967295LL, 4294967296LL, 999999999999999999LL, 1000000000000000000LL,
                              std::numeric_limits<qint64>::max(), -1, -9, -10, -12345,
                              std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::min() + 1};
        for (qint64 power = 1, k = 0; k < 18; ++k, power *= 10)
            numbers << power - 1 << power << power + 1 << -power;
        for (qint64 n = 0; n < 1200; ++n)
            numbers << n;
        const quint64 states[] = {WordHash::Basis, 0, 0x0123456789abcdefULL};
        for (const QString &tmpl : templates) {
            const Payload::Template t(tmpl);
            for (const qint64 n : std::as_const(numbers)) {
                const Payload p = t.numbered(n);
                const QString text = p.text();
                QCOMPARE(text, QString(tmpl).replace(QLatin1String("{n}"), QString::number(n)));
                for (const quint64 state : states) {
                    const quint64 expected = WordHash::text(state, text);
                    if (p.hashInto(state) != expected)
                        QFAIL(qPrintable(QStringLiteral("template \"%1\", n %2: hashInto differs from the text's hash")
                                                 .arg(tmpl.left(40)).arg(n)));
                    // A plain payload of the same text (a scripted message) hashes the same.
                    QCOMPARE(Payload(text).hashInto(state), expected);
                }
            }
        }
        QCOMPARE(Payload().hashInto(WordHash::Basis), WordHash::text(WordHash::Basis, QStringView()));
    }

    /// The fold itself is the one the workload hash always had: whole 4-unit words, then the
    /// length with the 0..3 units left behind it (recorded values; the golden event streams and
    /// sweeps rely on the workload hash not changing).
    void wordHashIsTheRecordedFold()
    {
        QCOMPARE(WordHash::text(WordHash::Basis, QStringView()),
                 WordHash::mix(WordHash::Basis, 0));
        const quint64 word = quint64(u'm') | quint64(u's') << 16 | quint64(u'g') << 32 | quint64(u'-') << 48;
        const quint64 last = (quint64(6) << 32) | quint64(u'4') << 16 | u'2';
        QCOMPARE(WordHash::text(WordHash::Basis, u"msg-42"),
                 WordHash::mix(WordHash::mix(WordHash::Basis, word), last));
    }

    /// The workload hash (docs/design.md §5) reads a message's text: a generated message hashes
    /// as a scripted one with the same text, so sweeps still see "the identical workload".
    void workloadHashReadsTheText()
    {
        const auto hashOf = [](const Scenario &scenario) {
            Simulation sim;
            sim.setHashWorkload(true);
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

    /// The hash is paid for only by runs that are compared (Simulation::setHashWorkload()): off,
    /// a run that produced keeps the start value; compareScenarios() turns it on.
    void workloadHashOnlyWhenAskedFor()
    {
        Scenario generated = scenario({consumer(QStringLiteral("A"))}, {});
        generated.producers[0] = generatingProducer(QStringLiteral("P"), 2, 4, 4);
        Simulation sim;
        QVERIFY(!sim.hashWorkload());
        PL_VERIFY_OK(sim.load(generated));
        sim.runCycles(3);
        QVERIFY(sim.metrics().totals().produced > 0);
        QCOMPARE(sim.workloadHash(), WordHash::Basis);
        const Comparison compared = compareScenarios({generated, generated}, 3);
        QCOMPARE(compared.runs.size(), 2);
        QVERIFY(compared.runs.at(0).workloadHash != WordHash::Basis);
        QVERIFY(compared.sameWorkload);
    }
};

QTEST_GUILESS_MAIN(TestPayload)
#include "tst_payload.moc"
