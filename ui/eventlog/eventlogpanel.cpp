#include "ui/eventlog/eventlogpanel.h"
#include "ui/common/wordings.h"

#include "ui/eventlog/eventlogfiltermodel.h"
#include "ui/eventlog/eventlogmodel.h"
#include "ui/common/logtableview.h"
#include "core/analysis/refreshsnapshot.h"
#include "core/engine/simulation.h"

#include <QComboBox>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QRegularExpressionValidator>
#include <QResizeEvent>
#include <QScrollBar>
#include <QShowEvent>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace PriorityLab {

namespace {

// The event types in menu order, each with the tooltip of its entry in the types menu.
struct TypeEntry
{
    Event::Type type;
    const char *toolTip;
};
constexpr TypeEntry typeEntries[] = {
    {Event::Type::Produced, QT_TRANSLATE_NOOP("EventLogPanel", "Show 'produced' events: a producer sent a message to the broker")},
    {Event::Type::Dispatched, QT_TRANSLATE_NOOP("EventLogPanel", "Show 'dispatched' events: the broker handed a message to a "
                                                                 "consumer, as part of a batch (round-robin)")},
    {Event::Type::Processed, QT_TRANSLATE_NOOP("EventLogPanel", "Show 'processed' events: the consumer's strategy accepted the "
                                                                "message and handled it")},
    {Event::Type::Postponed, QT_TRANSLATE_NOOP("EventLogPanel", "Show 'postponed' events: the strategy sent a modified copy back "
                                                                "to the queue's tail (requeue)")},
    {Event::Type::Discarded, QT_TRANSLATE_NOOP("EventLogPanel", "Show 'discarded' events: the strategy, or the broker (length "
                                                                "limit, delivery limit, expiry), dropped the message into the "
                                                                "dead-letter list")},
    {Event::Type::Failed, QT_TRANSLATE_NOOP("EventLogPanel", "Show 'failed' events: processing failed (failure rate) and the "
                                                             "message was requeued")},
    {Event::Type::Rejected, QT_TRANSLATE_NOOP("EventLogPanel", "Show 'rejected' events: the queue was at its length limit "
                                                               "(overflow reject-publish) and refused a new message")},
};

QIcon swatch(const QColor &color)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setPen(color.darker(140));
    painter.setBrush(color);
    painter.drawRect(QRectF(0.5, 0.5, 11, 11));
    return QIcon(pixmap);
}

} // namespace

EventLogPanel::EventLogPanel(Simulation *simulation, QWidget *parent, qsizetype capacity)
    : QWidget(parent), m_simulation(simulation)
{
    m_model = new EventLogModel(capacity, this);
    m_filter = new EventLogFilterModel(this);
    m_filter->setLog(m_model);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 2);
    bar->setSpacing(3);
    // Event types: one checkable entry each in the menu of a compact button.
    m_typesButton = new QToolButton(this);
    m_typesButton->setPopupMode(QToolButton::InstantPopup);
    m_typesButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_typesButton->setToolTip(tr("Which kinds of events the log shows"));
    auto *typesMenu = new QMenu(m_typesButton);
    typesMenu->setToolTipsVisible(true);
    for (const TypeEntry &entry : typeEntries) {
        const Event::Type type = entry.type;
        QAction *action = typesMenu->addAction(swatch(EventLogModel::typeColor(type)),
                                               EventLogModel::typeText(type));
        action->setCheckable(true);
        action->setChecked(true);
        action->setToolTip(tr(entry.toolTip));
        connect(action, &QAction::toggled, this, [this, type](bool on) {
            m_filter->setTypeShown(type, on);
            updateTypesButton();
            recount();
        });
        m_typeActions.append(action);
    }
    m_typesButton->setMenu(typesMenu);
    updateTypesButton();
    bar->addWidget(m_typesButton);

    m_consumer = new QComboBox(this);
    m_consumer->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // As wide as its longest entry: at its smaller minimum (presenting at 1024x768) it read
    // "All consumer" under its arrow. The count beside the filters gives way first.
    m_consumer->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_consumer->setToolTip(tr("Show only the events of one consumer (produced events have no "
                              "consumer and are hidden then)"));
    m_consumer->addItem(tr("All consumers"), QString());
    connect(m_consumer, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_filter->setConsumer(m_consumer->itemData(index).toString());
        recount();
    });
    bar->addWidget(m_consumer);

    m_messageId = new QLineEdit(this);
    m_messageId->setPlaceholderText(tr("message id"));
    m_messageId->setClearButtonEnabled(true);
    m_messageId->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\d{0,19}")), m_messageId));
    m_messageId->setMaximumWidth(130);
    // Room for its placeholder and the clear button: at 1280x720 it was cut to "mes…" while
    // the event count beside it kept its width.
    m_messageId->setMinimumWidth(m_messageId->fontMetrics().horizontalAdvance(tr("message id")) + 40);
    m_messageId->setToolTip(tr("Show only the events of the message with this id: its whole story "
                               "from production to processing or discard. Empty = all messages."));
    connect(m_messageId, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filter->setMessageId(text.toULongLong());
        recount();
    });
    bar->addWidget(m_messageId);

    m_followButton = new QToolButton(this);
    m_followButton->setText(tr("Follow"));
    m_followButton->setCheckable(true);
    m_followButton->setChecked(m_follow);
    m_followButton->setToolTip(tr("Keep the newest event in view while the simulation runs. "
                                  "Clicking a line stops following so that it stays in view."));
    connect(m_followButton, &QToolButton::toggled, this, &EventLogPanel::setFollow);
    bar->addWidget(m_followButton);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("eventCount"));
    m_count->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    // The count gives way first, in short ("2.5k events"; in full in its tooltip); its minimum
    // holds the short form of a full log.
    m_count->setMinimumWidth(fontMetrics().horizontalAdvance(tr("%1 events").arg(QStringLiteral("000k"))));
    m_countTip = (tr("The log keeps the newest %L1 events; older ones are dropped (the "
                           "dead-letter list and File > Export keep what matters).")
                                .arg(m_model->capacity()));
    m_count->setToolTip(m_countTip);
    bar->addWidget(m_count, 1);

    // Each column as wide as its title or its typical content, whichever is wider.
    m_view = new LogTableView(m_filter, {3, 7, 5, 4, 7, 3, 3}, this);
    m_view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    QHeaderView *header = m_view->horizontalHeader();
    // The longest event word beside its colour square.
    header->resizeSection(EventLogModel::TypeColumn,
                          fontMetrics().horizontalAdvance(QStringLiteral("dispatched")) + 40);
    m_view->setToolTip(tr("Every event of the simulation, oldest at the top. Click a line to "
                          "follow that message's journey."));
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &EventLogPanel::onCurrentChanged);
    connect(m_view, &QAbstractItemView::pressed, this, [this] { setFollow(false); });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    connect(m_simulation, &Simulation::scenarioLoaded, this, [this] {
        m_model->clear();
        updateConsumers();
        recount();
    });
    connect(m_simulation, &Simulation::setupChanged, this, &EventLogPanel::updateConsumers);
    updateConsumers();
    updateCount();
}

void EventLogPanel::setFollow(bool follow)
{
    if (follow == m_follow)
        return;
    m_follow = follow;
    m_followButton->setChecked(follow);
    if (follow)
        m_view->scrollToBottom();
    Q_EMIT followChanged(follow);
}

void EventLogPanel::setMessageFilter(quint64 id)
{
    m_messageId->setText(id == 0 ? QString() : QString::number(id));
}

void EventLogPanel::setConsumerFilter(const QString &name)
{
    int index = m_consumer->findData(name);
    if (index < 0) {
        m_consumer->addItem(name, name);
        index = m_consumer->count() - 1;
    }
    m_consumer->setCurrentIndex(index);
}

void EventLogPanel::setTypeShown(Event::Type type, bool shown)
{
    const qsizetype i = std::find_if(std::begin(typeEntries), std::end(typeEntries),
                                     [type](const TypeEntry &entry) { return entry.type == type; })
            - std::begin(typeEntries);
    if (i >= 0 && i < m_typeActions.size())
        m_typeActions.at(i)->setChecked(shown);
}

void EventLogPanel::updateTypesButton()
{
    QStringList shown;
    for (QAction *action : std::as_const(m_typeActions)) {
        if (action->isChecked())
            shown << action->text();
    }
    m_typesButton->setText(shown.size() == m_typeActions.size() ? tr("All events")
                           : shown.isEmpty()                    ? tr("No events")
                           : shown.size() <= 2 ? shown.join(QStringLiteral(", "))
                                               : tr("%1 of %2 kinds").arg(shown.size()).arg(m_typeActions.size()));
}

void EventLogPanel::refresh(const RefreshSnapshot &snapshot)
{
    // The oldest of these cycles' events may have been let go (the main window's accumulator
    // keeps no more than the log's capacity): counted, as the model counts the lists it drops.
    m_model->countUnkept(snapshot.releasedEvents());
    for (const CycleReport &report : snapshot.reports())
        m_model->addReport(report);
    applyPending();
}

void EventLogPanel::applyPending()
{
    // A log that is not on screen while its window is (a closed dock, or a dock tab behind
    // another: such docks stay "visible", moved out of sight) leaves the events pending (the
    // model keeps at most capacity() of them) and applies them when it comes into view: applying
    // tens of thousands of rows nobody sees cost about 5 ms a refresh at the fastest speed
    // (bench/bench_app.cpp). In a window not shown (tests, export) it applies them.
    if (window()->isVisible() && visibleRegion().isEmpty()) {
        followDock();
        return;
    }
    if (m_model->pendingCount() > 0) {
        m_model->flush();
        m_countDirty = true;
        if (m_follow)
            m_view->scrollToBottom();
    }
    updateCount();
}

void EventLogPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    applyPending();
}

void EventLogPanel::followDock()
{
    // A dock tab brought to the front is not shown again (it was never hidden): follow the
    // dock's visibilityChanged() instead.
    auto *dock = qobject_cast<QDockWidget *>(parentWidget());
    if (dock == m_dock)
        return;
    if (m_dock)
        disconnect(m_dock, &QDockWidget::visibilityChanged, this, &EventLogPanel::onDockVisibilityChanged);
    m_dock = dock;
    if (m_dock)
        connect(m_dock, &QDockWidget::visibilityChanged, this, &EventLogPanel::onDockVisibilityChanged);
}

void EventLogPanel::onDockVisibilityChanged(bool visible)
{
    if (visible)
        applyPending();
}

void EventLogPanel::updateConsumers()
{
    QStringList names;
    for (const auto &c : m_simulation->consumers())
        names << c->name;
    QStringList shown;
    for (int i = 1; i < m_consumer->count(); ++i)
        shown << m_consumer->itemData(i).toString();
    if (names == shown)
        return;
    const QString current = m_consumer->currentData().toString();
    const QSignalBlocker blocker(m_consumer);
    while (m_consumer->count() > 1)
        m_consumer->removeItem(1);
    for (const QString &name : std::as_const(names))
        m_consumer->addItem(name, name);
    // Keep a chosen consumer even if it was removed: its events may still be in the log.
    int index = m_consumer->findData(current);
    if (index < 0 && !current.isEmpty()) {
        m_consumer->addItem(current, current);
        index = m_consumer->count() - 1;
    }
    m_consumer->setCurrentIndex(std::max(0, index));
}

void EventLogPanel::recount()
{
    m_countDirty = true;
    updateCount();
}

void EventLogPanel::updateCount()
{
    if (!m_countDirty)
        return;
    m_countDirty = false;
    const QLocale locale;
    const qsizetype kept = m_model->rowCount();
    const qsizetype shown = m_filter->rowCount();
    QString text = shown == kept ? (kept == 1 ? tr("1 event") : tr("%1 events").arg(locale.toString(kept)))
                                 : tr("%1 of %2 events").arg(locale.toString(shown), locale.toString(kept));
    if (m_model->totalCount() > kept)
        text += tr(" (newest %1 kept)").arg(locale.toString(m_model->capacity()));
    if (kept == 0 && !m_simulation->recordEvents())
        text = tr("event recording is off");
    m_countText = text;
    m_countShort = kept == 0 && !m_simulation->recordEvents()
            ? text
            : shown == kept ? (kept == 1 ? tr("1 event") : tr("%1 events").arg(shortCount(kept)))
                            : tr("%1 of %2").arg(shortCount(shown), shortCount(kept));
    m_countBare = kept == 0 && !m_simulation->recordEvents()
            ? text
            : shown == kept ? shortCount(kept)
                            : QStringLiteral("%1/%2").arg(shortCount(shown), shortCount(kept));
    fitCount();
    m_count->setToolTip(text + QStringLiteral(". ") + m_countTip);
}

void EventLogPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // The layout has placed the label already (it sees the resize first).
    fitCount();
}

QString EventLogPanel::shortCount(qsizetype count)
{
    // "2.5k", "12k", "1.2M": at most 4 characters where the full number has 4 or more digits.
    const QLocale locale;
    if (count < 1000)
        return locale.toString(count);
    const auto scaled = [&locale](double value, const QString &unit) -> QString {
        return (value < 10 ? locale.toString(value, 'f', 1) : locale.toString(qint64(value))) + unit;
    };
    if (count < 1000000)
        return scaled(std::floor(count / 100.0) / 10.0, QStringLiteral("k"));
    return scaled(std::floor(count / 100000.0) / 10.0, QStringLiteral("M"));
}

void EventLogPanel::fitCount()
{
    // In a narrow dock "2,521 events" was cut to "2,52…", the number unreadable: the short
    // form ("2.5k events") comes first, then the number alone ("2.5k": presenting at 1024x768
    // the short form read "1.0k eve…"), elided only where even that does not fit; the tooltip
    // has the full count.
    if (m_countText.isEmpty())
        return;
    const int room = std::max(0, m_count->width());
    m_count->setText(firstThatFits(m_count->fontMetrics(), room, {m_countText, m_countShort, m_countBare},
                                   WhenNoneFits::Elided));
}

void EventLogPanel::onCurrentChanged()
{
    const QModelIndex current = m_view->selectionModel()->currentIndex();
    if (!current.isValid())
        return;
    const quint64 id = current.data(EventLogModel::MessageIdRole).toULongLong();
    if (id != 0)
        Q_EMIT messageSelected(id);
}

} // namespace PriorityLab
