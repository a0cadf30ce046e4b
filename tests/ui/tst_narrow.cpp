// The main window on a narrow classroom screen (1024x768, zoomed): the run toolbar keeps Undo and
// Redo in sight.
#include "core/engine/simulation.h"
#include "ui/common/logtableview.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/deadletters/deadlettermodel.h"
#include "ui/deadletters/deadletterpanel.h"
#include "ui/lessons/lessonpanel.h"
#include "ui/shell/focusorder.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/zoom.h"
#include "tests/ui/scenariowindow.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLayout>
#include <QScopeGuard>
#include <QScrollBar>
#include <QStandardItem>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

#include <algorithm>
#include <QToolBar>
#include <QToolButton>

using namespace PriorityLab;

namespace {

/// Where @p widget is drawn in @p bar, or an empty rectangle when the toolbar hides it (it went
/// to the "»" extension menu) or it is not in the toolbar.
QRect shownIn(const QToolBar *bar, const QWidget *widget)
{
    if (!widget || !widget->isVisible() || widget->parentWidget() != bar)
        return {};
    return widget->geometry();
}

} // namespace

class TestNarrow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void undoAndRedoStayInTheToolbar_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("zoom");
        for (const int zoom : {100, 110, 125, 130, 140, 150})
            QTest::addRow("1024 px at %d %%", zoom) << 1024 << zoom;
        QTest::addRow("1280 px at 150 %%") << 1280 << 150;
    }

    void undoAndRedoStayInTheToolbar()
    {
        // At 1024x768 and 125-130 % Undo and Redo went behind the toolbar's "»" button: the
        // least essential items (Open, Save, then the speed) give way first.
        QFETCH(int, width);
        QFETCH(int, zoom);
        TestSupport::ScenarioWindow w(QStringLiteral(":/scenarios/lesson-ttl-moved.json"));
        QVERIFY(w.exposedAt(width, 768));
        const auto actualSize = qScopeGuard([&w] { w.window.zoom()->actualSize(); });
        w.window.zoom()->setPercent(zoom);
        auto *bar = w.window.findChild<QToolBar *>(QStringLiteral("runToolBar"));
        QVERIFY(bar);
        QTRY_COMPARE(w.window.width(), width);
        for (QAction *action : {w.window.runPauseAction(), w.window.stepAction(), w.window.resetAction(),
                                w.window.undoAction(), w.window.redoAction()}) {
            QWidget *button = bar->widgetForAction(action);
            QVERIFY2(button, qPrintable(action->text()));
            QTRY_VERIFY2(bar->rect().contains(shownIn(bar, button)),
                         qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 in a toolbar %6 px wide")
                                            .arg(action->text()).arg(button->x()).arg(button->y())
                                            .arg(button->width()).arg(button->height()).arg(bar->width())));
        }
        // The buttons keep their short labels (the undo stack's text names the step).
        QCOMPARE(qobject_cast<QToolButton *>(bar->widgetForAction(w.window.undoAction()))->text(), QStringLiteral("Undo"));
    }
};

QTEST_MAIN(TestNarrow)
#include "tst_narrow.moc"
