// View > Zoom: the application font and the widgets' own fonts scale by the same ratio, clamped,
// back to the exact start at Actual Size; widgets created later start from the zoomed font.
#include "ui/shell/zoom.h"

#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

using namespace PriorityLab;

class TestZoom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scalesEveryFont()
    {
        const QFont start = QApplication::font();
        QVERIFY(start.pointSizeF() > 0);
        QWidget window;
        auto *plain = new QLabel(QStringLiteral("plain"), &window);
        auto *title = new QLabel(QStringLiteral("title"), &window);
        QFont big = title->font();
        big.setPointSizeF(big.pointSizeF() * 1.5);
        title->setFont(big);
        auto *pixels = new QLabel(QStringLiteral("pixels"), &window);
        QFont px = pixels->font();
        px.setPixelSize(20);
        pixels->setFont(px);

        Zoom zoom;
        QSignalSpy changed(&zoom, &Zoom::changed);
        zoom.setPercent(150);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(zoom.percent(), 150);
        QCOMPARE(QApplication::font().pointSizeF(), start.pointSizeF() * 1.5);
        QCOMPARE(plain->font().pointSizeF(), start.pointSizeF() * 1.5);
        QCOMPARE(title->font().pointSizeF(), start.pointSizeF() * 1.5 * 1.5);
        QCOMPARE(pixels->font().pixelSize(), 30);
        QLabel later(QStringLiteral("later"));
        QCOMPARE(later.font().pointSizeF(), start.pointSizeF() * 1.5);

        zoom.zoomIn();
        QCOMPARE(zoom.percent(), 160);
        zoom.actualSize();
        QCOMPARE(zoom.percent(), 100);
        QCOMPARE(QApplication::font().pointSizeF(), start.pointSizeF());
        QCOMPARE(title->font().pointSizeF(), start.pointSizeF() * 1.5);
        QCOMPARE(pixels->font().pixelSize(), 20);

        zoom.setPercent(10000);
        QCOMPARE(zoom.percent(), Zoom::Maximum);
        zoom.setPercent(-5);
        QCOMPARE(zoom.percent(), Zoom::Minimum);
        const int count = changed.count();
        zoom.setPercent(Zoom::Minimum);  // no move, no signal
        QCOMPARE(changed.count(), count);
        zoom.actualSize();
    }
};

QTEST_MAIN(TestZoom)
#include "tst_zoom.moc"
