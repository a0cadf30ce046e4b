// firstThatFits() (ui/common/wordings.h): the first wording of a label that fits its width,
// longest first, and what it gives where none fits (docs/design.md §8, Layout).
#include "ui/common/wordings.h"

#include <QApplication>
#include <QFont>
#include <QFontMetrics>
#include <QTest>

using namespace PriorityLab;

class TestWordings : public QObject
{
    Q_OBJECT

private:
    const QStringList m_wordings{QStringLiteral("2,521 events"), QStringLiteral("2.5k events"), QStringLiteral("2.5k")};
    static int width(const QFontMetrics &metrics, const QString &text) { return metrics.horizontalAdvance(text); }

private Q_SLOTS:
    void takesTheFirstThatFits()
    {
        const QFontMetrics metrics(QApplication::font());
        const int full = width(metrics, m_wordings.at(0));
        const int shorter = width(metrics, m_wordings.at(1));
        const int bare = width(metrics, m_wordings.at(2));
        QVERIFY(full > shorter && shorter > bare);
        // Exactly as wide as a wording is room enough for it; a pixel less is not.
        QCOMPARE(firstThatFits(metrics, full + 50, m_wordings), m_wordings.at(0));
        QCOMPARE(firstThatFits(metrics, full, m_wordings), m_wordings.at(0));
        QCOMPARE(firstThatFits(metrics, full - 1, m_wordings), m_wordings.at(1));
        QCOMPARE(firstThatFits(metrics, shorter, m_wordings), m_wordings.at(1));
        QCOMPARE(firstThatFits(metrics, shorter - 1, m_wordings), m_wordings.at(2));
        QCOMPARE(firstThatFits(metrics, bare, m_wordings), m_wordings.at(2));
        QCOMPARE(firstFittingIndex(metrics, full, m_wordings), 0);
        QCOMPARE(firstFittingIndex(metrics, shorter - 1, m_wordings), 2);
        QCOMPARE(firstFittingIndex(metrics, bare - 1, m_wordings), -1);
    }

    void keepsTheOrderGiven()
    {
        // The list's order decides, not the lengths: a short wording listed first wins.
        const QFontMetrics metrics(QApplication::font());
        const QStringList wordings{QStringLiteral("✓"), QStringLiteral("conservation ✓")};
        QCOMPARE(firstThatFits(metrics, 1000, wordings), wordings.at(0));
    }

    void whenNoneFits()
    {
        const QFontMetrics metrics(QApplication::font());
        const int bare = width(metrics, m_wordings.at(2));
        const int room = bare - 1;
        QCOMPARE(firstThatFits(metrics, room, m_wordings), m_wordings.at(2));
        QCOMPARE(firstThatFits(metrics, room, m_wordings, WhenNoneFits::Shortest), m_wordings.at(2));
        QCOMPARE(firstThatFits(metrics, room, m_wordings, WhenNoneFits::Nothing), QString());
        const QString elided = firstThatFits(metrics, room, m_wordings, WhenNoneFits::Elided);
        QVERIFY2(elided.endsWith(QChar(0x2026)) && width(metrics, elided) <= room, qPrintable(elided));
        QCOMPARE(firstThatFits(metrics, -5, m_wordings, WhenNoneFits::Elided), QString());
        QCOMPARE(firstThatFits(metrics, 100, {}), QString());
        QCOMPARE(firstThatFits(metrics, 100, {}, WhenNoneFits::Elided), QString());
        QCOMPARE(firstFittingIndex(metrics, 100, {}), -1);
    }

    void firstCandidateThatFits()
    {
        // Candidates that are not one label's text (a header's arrangements, a line's stages),
        // measured by a predicate: the first that fits, else the last.
        const QList<int> stages{0, 1, 2, 3};
        QList<int> asked;
        const auto fitsFrom = [&asked](int from) {
            return [&asked, from](int stage) {
                asked << stage;
                return stage >= from;
            };
        };
        QCOMPARE(firstThatFits(stages, fitsFrom(0)), 0);
        QCOMPARE(firstThatFits(stages, fitsFrom(2)), 2);
        asked.clear();
        QCOMPARE(firstThatFits(stages, fitsFrom(9)), 3);  // none fits: the last
        QCOMPARE(asked, stages);
        asked.clear();
        QCOMPARE(firstThatFits(stages, fitsFrom(1)), 1);
        QCOMPARE(asked, QList<int>({0, 1}));  // none asked after the first that fits
        QCOMPARE(firstThatFits(QList<int>(), fitsFrom(0)), 0);
    }

    void aLargerFontTakesAShorterWording()
    {
        // A desktop theme's larger font (GTK's against Fusion's) in the same width: a shorter
        // wording, never a cut one.
        QFont font = QApplication::font();
        const QFontMetrics small(font);
        const int room = width(small, m_wordings.at(0));
        font.setPointSizeF(font.pointSizeF() * 1.3);
        const QFontMetrics large(font);
        const QString shown = firstThatFits(large, room, m_wordings);
        QVERIFY2(shown != m_wordings.at(0) && width(large, shown) <= room, qPrintable(shown));
    }
};

QTEST_MAIN(TestWordings)
#include "tst_wordings.moc"
