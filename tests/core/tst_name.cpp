// Name, the producer and topic names a message carries as indices into one table
// (docs/design.md §2): equal texts give equal names, every text comes back as it was, and
// threads entering names at once agree on them.
#include "core/model/message.h"
#include "core/model/name.h"

#include <QTest>

#include <thread>
#include <vector>

using namespace PriorityLab;

class TestName : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyName()
    {
        QVERIFY(Name().isEmpty());
        QVERIFY(Name(QString()).isEmpty());
        QCOMPARE(Name(QString()), Name());
        QCOMPARE(Name().text(), QString());
        QVERIFY(!Name(QStringLiteral("P1")).isEmpty());
    }

    void equalTextsGiveEqualNames()
    {
        const Name a(QStringLiteral("orders"));
        const Name b(QStringLiteral("ord") + QStringLiteral("ers"));  // another string, same text
        const Name c(QStringLiteral("Orders"));
        QCOMPARE(a, b);
        QVERIFY(a != c);
        QCOMPARE(a.text(), QStringLiteral("orders"));
        QCOMPARE(c.text(), QStringLiteral("Orders"));
    }

    void textsComeBackUnchanged()
    {
        // Beyond one chunk of the table, with texts JSON must escape and non-Latin-1 ones.
        std::vector<Name> names;
        for (int i = 0; i < 3000; ++i)
            names.emplace_back(QStringLiteral("p\t\"%1\" äö 東").arg(i));
        for (int i = 0; i < 3000; ++i)
            QCOMPARE(names[size_t(i)].text(), QStringLiteral("p\t\"%1\" äö 東").arg(i));
    }

    void threadsAgree()
    {
        // Four threads enter the same 2000 new names in different orders while reading others.
        constexpr int Count = 2000;
        std::vector<std::vector<Name>> seen(4, std::vector<Name>(Count));
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([t, &seen] {
                for (int k = 0; k < Count; ++k) {
                    const int i = t % 2 ? Count - 1 - k : k;
                    seen[size_t(t)][size_t(i)] = Name(QStringLiteral("thread-test-%1").arg(i));
                    if (seen[size_t(t)][size_t(i)].text() != QStringLiteral("thread-test-%1").arg(i))
                        qFatal("a name read back wrong while others were entered");
                }
            });
        }
        for (std::thread &thread : threads)
            thread.join();
        for (int i = 0; i < Count; ++i) {
            for (int t = 1; t < 4; ++t)
                QCOMPARE(seen[size_t(t)][size_t(i)], seen[0][size_t(i)]);
            QCOMPARE(seen[0][size_t(i)].text(), QStringLiteral("thread-test-%1").arg(i));
        }
    }

    void messageCarriesNames()
    {
        Message m;
        QVERIFY(m.producer.isEmpty());
        QVERIFY(m.topic.isEmpty());
        m.producer = Name(QStringLiteral("P1"));
        const Message copy = m;
        QCOMPARE(copy.producer.text(), QStringLiteral("P1"));
    }
};

QTEST_APPLESS_MAIN(TestName)
#include "tst_name.moc"
