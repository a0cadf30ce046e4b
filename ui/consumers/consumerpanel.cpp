#include "ui/consumers/consumerpanel.h"
#include "ui/common/windowtitle.h"
#include "ui/common/wordings.h"

#include "ui/consumers/consumercard.h"
#include "ui/common/focusframe.h"
#include "ui/common/textcolors.h"
#include "ui/editing/setupeditor.h"
#include "ui/common/retire.h"
#include "core/analysis/refreshsnapshot.h"
#include "core/engine/simulation.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QApplication>
#include <QVBoxLayout>

namespace PriorityLab {

ConsumerPanel::ConsumerPanel(SetupEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_simulation(editor->simulation())
{
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_container = new QWidget;
    m_grid = new QGridLayout(m_container);
    m_grid->setContentsMargins(4, 4, 4, 4);
    m_grid->setSpacing(8);
    m_scroll->setWidget(m_container);
    m_scroll->viewport()->installEventFilter(this);
    m_scroll->installEventFilter(this);  // presenting, the folding is chosen for its size
    m_foldTimer = new QTimer(this);
    m_foldTimer->setSingleShot(true);
    m_foldTimer->setInterval(FoldDelayMs);
    connect(m_foldTimer, &QTimer::timeout, this, [this] {
        updateFolding();
        // The field worked in, else the lesson's outline on a card, stays in sight.
        QWidget *shown = focusedField();
        for (qsizetype i = 0; !shown && i < m_highlighted.size(); ++i) {
            if (cardOf(m_highlighted.at(i)))
                shown = m_highlighted.at(i);
        }
        if (shown)
            settleAndShow(shown);
        // An outlined setting with its card's header and warning, as far as the view has room.
        if (shown && shown != focusedField() && cardOf(shown) != shown)
            showWithWarning(shown);
    });
    // A zoom makes the cards wider without resizing the viewport: their columns are counted
    // again before the grid lays them out, so no card is cut at the right.
    m_container->installEventFilter(this);

    m_addButton = new QPushButton(tr("+ Consumer"), this);
    m_addButton->setFocusPolicy(Qt::TabFocus);
    m_addButton->setToolTip(tr("Add a consumer now, while the simulation runs: it joins the end of "
                               "the broker's round-robin and gets batches from the next cycle. "
                               "Undo (Ctrl+Z) removes it again."));
    m_summary = new QLabel(this);
    TextColors::apply(m_summary, TextColors::Tone::Muted);
    // fitSummary() shortens the line to its width: its whole text must not push the button
    // (presenting at 1024x768 under a GTK theme's larger font it ran into "+ Consumer").
    m_summary->setMinimumWidth(1);
    m_summary->installEventFilter(this);
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 0);
    bar->addWidget(m_summary, 1);
    bar->addWidget(m_addButton);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_scroll);

    connect(m_addButton, &QPushButton::clicked, this, &ConsumerPanel::addConsumerDialog);
    connect(m_simulation, &Simulation::scenarioLoaded, this, [this] {
        m_throughput.clear();
        rebuild();
        // A new start (another scenario, Reset, a lesson step replayed) shows the first card's
        // heading: the cards were scrolled for the run before (a step's outline further down);
        // a step's outline scrolls to its own place afterwards.
        m_scroll->verticalScrollBar()->setValue(0);
    });
    connect(m_simulation, &Simulation::setupChanged, this, &ConsumerPanel::onSetupChanged);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) { onFocusChanged(now); });
    rebuild();
}

void ConsumerPanel::record(const CycleReport &report)
{
    for (const ConsumerCycle &c : report.consumers) {
        QList<qint64> &perCycle = m_throughput[c.name];
        perCycle.append(c.processed);
        if (perCycle.size() > throughputWindow())
            perCycle.removeFirst();
    }
}

QList<qint64> ConsumerPanel::throughput(const QString &name) const
{
    return m_throughput.value(name);
}

void ConsumerPanel::updateSummary()
{
    const auto &consumers = m_simulation->consumers();
    int online = 0;
    for (const auto &c : consumers)
        online += c->online ? 1 : 0;
    const int count = int(consumers.size());
    m_summaryWordings = {tr("%n consumer(s), %1 online · batches go round-robin", nullptr, count).arg(online),
                         tr("%n consumer(s), %1 online", nullptr, count).arg(online),
                         tr("%1 of %2 online").arg(online).arg(count), tr("%1/%2 online").arg(online).arg(count)};
    m_summary->setToolTip(m_summaryWordings.constFirst()
                          + tr("\nThe broker hands its batches to the online consumers in turn, one after the other."));
    fitSummary();
}

void ConsumerPanel::fitSummary()
{
    // The first wording that fits beside "+ Consumer", elided where even "2/3 online" does not.
    const QString shown = firstThatFits(m_summary->fontMetrics(), m_summary->contentsRect().width(),
                                        m_summaryWordings, WhenNoneFits::Elided);
    if (shown != m_summary->text())
        m_summary->setText(shown);
}

void ConsumerPanel::addConsumerDialog()
{
    QDialog dialog(this);
    setWholeWindowTitle(&dialog, tr("Add a consumer"));
    auto *name = new QLineEdit(m_editor->uniqueConsumerName(), &dialog);
    name->setToolTip(tr("A name not used by another consumer"));
    auto *strategy = new QComboBox(&dialog);
    for (const QString &type : StrategyRegistry::instance().types()) {
        strategy->addItem(type, type);
        strategy->setItemData(strategy->count() - 1, StrategyRegistry::instance().ruleText(type), Qt::ToolTipRole);
    }
    strategy->setToolTip(tr("How the new consumer decides for each message; its parameters start "
                            "at their defaults and can be changed on its card."));
    auto *error = new QLabel(&dialog);
    TextColors::apply(error, TextColors::Tone::Error);
    error->setWordWrap(true);
    error->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    auto *form = new QFormLayout(&dialog);
    form->addRow(tr("Name:"), name);
    form->addRow(tr("Strategy:"), strategy);
    form->addRow(error);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        ConsumerConfig config;
        config.name = name->text().trimmed();
        config.strategy.type = strategy->currentData().toString();
        const QString problem = m_editor->addConsumer(config);
        if (problem.isEmpty()) {
            dialog.accept();
            return;
        }
        error->setText(problem);
        error->show();
    });
    name->selectAll();
    dialog.exec();
}

void ConsumerPanel::rebuild()
{
    for (ConsumerCard *card : std::as_const(m_cards)) {
        m_grid->removeWidget(card);
        retireWidget(card);
    }
    m_cards.clear();
    const int n = int(m_simulation->consumers().size());
    m_kept.clear();
    m_userFolded.clear();
    for (int i = 0; i < n; ++i) {
        auto *card = new ConsumerCard(m_editor, i, m_container);
        connect(card, &ConsumerCard::foldToggled, this, [this, card](bool folded) {
            if (folded) {
                m_kept.remove(card);
                m_userFolded.insert(card);
            } else {
                m_userFolded.remove(card);
                m_kept.insert(card);
                settleAndShow(card);
            }
        });
        m_cards.append(card);
    }
    m_columns = 0;
    layoutCards();
    updateSummary();
    m_foldedFor = {};
    updateFolding();
}

void ConsumerPanel::onSetupChanged()
{
    const auto &consumers = m_simulation->consumers();
    bool same = qsizetype(consumers.size()) == m_cards.size();
    if (!same) {
        rebuild();
        return;
    }
    for (ConsumerCard *card : std::as_const(m_cards))
        card->syncSetup();
    updateSummary();
}

void ConsumerPanel::refresh(const RefreshSnapshot &snapshot)
{
    for (const CycleReport &report : snapshot.reports())
        record(report);
    const auto &consumers = m_simulation->consumers();
    for (ConsumerCard *card : std::as_const(m_cards)) {
        card->refresh();
        if (card->index() < int(consumers.size()))
            card->setThroughput(m_throughput.value(consumers[size_t(card->index())]->name));
    }
}

int ConsumerPanel::columnsFor(int width) const
{
    int cardWidth = 330;
    for (const ConsumerCard *card : m_cards)
        cardWidth = std::max(cardWidth, card->minimumSizeHint().width());
    const int spacing = m_grid->horizontalSpacing();
    const int columns = (width - 8 + spacing) / (cardWidth + spacing);
    return std::clamp(columns, 1, std::max(1, int(m_cards.size())));
}

void ConsumerPanel::layoutCards()
{
    const int columns = columnsFor(m_scroll->viewport()->width());
    if (columns == m_columns && !m_cards.isEmpty() && m_grid->count() == m_cards.size() + 1)
        return;
    m_columns = columns;
    while (QLayoutItem *item = m_grid->takeAt(0))
        delete item;
    for (int c = 0; c < m_grid->columnCount(); ++c)
        m_grid->setColumnStretch(c, 0);
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, 0);
    for (int i = 0; i < m_cards.size(); ++i) {
        m_grid->addWidget(m_cards.at(i), i / columns, i % columns);
        m_cards.at(i)->show();
    }
    for (int c = 0; c < columns; ++c)
        m_grid->setColumnStretch(c, 1);
    const int rows = (int(m_cards.size()) + columns - 1) / columns;
    // A stretchable empty row below the cards keeps them at the top.
    m_grid->addItem(new QSpacerItem(0, 0, QSizePolicy::Minimum, QSizePolicy::Expanding), rows, 0);
    m_grid->setRowStretch(rows, 1);
}

bool ConsumerPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_summary && (event->type() == QEvent::Resize || event->type() == QEvent::FontChange))
        fitSummary();
    if (watched == m_scroll && event->type() == QEvent::Resize && m_presenting && m_scroll->size() != m_foldedFor)
        m_foldTimer->start();
    if ((watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        || (watched == m_container && event->type() == QEvent::LayoutRequest)) {
        // The focused field moves with its card (another column, a taller card above): if it
        // was in sight, it stays in sight once the scroll area has the grid's new size (a
        // field the user scrolled away from is left where it is).
        // So does a setting the lesson's step outlines, with its card's warning (a zoom, a
        // note or a longer warning makes the card taller while the view keeps its size).
        const bool focusInSight = focusedFieldInSight();
        QList<QPointer<QWidget>> outlined;
        for (QWidget *field : outlinedFields()) {
            if (inSight(field))
                outlined << field;
        }
        layoutCards();
        if (focusInSight || !outlined.isEmpty()) {
            QTimer::singleShot(0, this, [this, outlined] {
                // The grid's new size reaches the scroll area by layout requests posted while
                // the grid was laid out: settled first, then scrolled.
                for (int pass = 0; pass < 3; ++pass)
                    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                for (const QPointer<QWidget> &field : outlined) {
                    if (field && field->isVisibleTo(m_container))
                        showWithWarning(field);
                }
                if (QWidget *focus = focusedField())
                    m_scroll->ensureWidgetVisible(focus, 8, 8);
            });
        }
    }
    return QWidget::eventFilter(watched, event);
}


ConsumerPanel::~ConsumerPanel()
{
    // QWidget's destructor deletes the cards after this one; the focus moving meanwhile would
    // reach onFocusChanged(), whose cardOf() reads the cards (asan: heap-use-after-free).
    disconnect(qApp, &QApplication::focusChanged, this, nullptr);
}

QWidget *ConsumerPanel::focusedField() const
{
    QWidget *focus = QApplication::focusWidget();
    return focus && m_container->isAncestorOf(focus) && focus->isVisibleTo(m_container) ? focus : nullptr;
}

bool ConsumerPanel::focusedFieldInSight() const
{
    const QWidget *focus = focusedField();
    return focus && inSight(focus);
}

bool ConsumerPanel::inSight(const QWidget *widget) const
{
    const QRect r(widget->mapTo(m_scroll->viewport(), QPoint(0, 0)), widget->size());
    return m_scroll->viewport()->rect().intersects(r);
}

QList<QWidget *> ConsumerPanel::outlinedFields() const
{
    QList<QWidget *> fields;
    for (const QPointer<QWidget> &target : m_highlighted) {
        if (target && cardOf(target) && cardOf(target) != target && target->isVisibleTo(m_container))
            fields << target;
    }
    return fields;
}

void ConsumerPanel::showWithWarning(QWidget *field)
{
    // The field first (also across), then the card's warning (why the step outlines it), then
    // its header (name, state badge, Online box: whose card it is): each added while the view
    // has room for it with what is shown so far, then scrolled as little as shows them all
    // (docs/design.md §8).
    m_scroll->ensureWidgetVisible(field, 8, 8);
    ConsumerCard *card = cardOf(field);
    if (!card)
        return;
    const auto span = [this](const QWidget *w) {
        const int top = w->mapTo(m_container, QPoint(0, 0)).y();
        return qMakePair(top, top + w->height() - 1);
    };
    const int view = m_scroll->viewport()->height();
    auto [top, bottom] = span(field);
    const auto add = [&](int t, int b) {
        const int newTop = std::min(top, t), newBottom = std::max(bottom, b);
        if (newBottom - newTop + 1 > view)
            return;
        top = newTop;
        bottom = newBottom;
    };
    if (card->warningLabel()->isVisibleTo(card)) {
        const auto [warnTop, warnBottom] = span(card->warningLabel());
        add(warnTop, warnBottom);
    }
    auto [headerTop, headerBottom] = span(card->nameLabel());
    if (card->onlineBox()->isVisibleTo(card)) {
        headerTop = std::min(headerTop, span(card->onlineBox()).first);
        headerBottom = std::max(headerBottom, span(card->onlineBox()).second);
    }
    add(headerTop, headerBottom);
    // 8 px around what is shown, less where the view has not that room.
    const int margin = std::clamp((view - (bottom - top + 1)) / 2, 0, 8);
    QScrollBar *bar = m_scroll->verticalScrollBar();
    int value = bar->value();
    if (top - margin < value)
        value = top - margin;
    else if (bottom + margin > value + view)
        value = std::min(top - margin, bottom + margin - view);  // the top where it is too tall
    bar->setValue(value);
}

} // namespace PriorityLab

namespace PriorityLab {

void ConsumerPanel::setPresenting(bool presenting)
{
    if (presenting == m_presenting)
        return;
    m_presenting = presenting;
    m_kept.clear();
    m_userFolded.clear();
    m_foldedFor = {};
    // Presenting, the folding is chosen once the window has its full-screen size and the docks
    // theirs, not for each size on the way; leaving, every card unfolds at once.
    if (presenting) {
        m_foldTimer->start();
    } else {
        m_foldTimer->stop();
        updateFolding();
    }
}

void ConsumerPanel::setHighlighted(const QList<QWidget *> &targets)
{
    m_highlighted.clear();
    for (QWidget *target : targets)
        m_highlighted << target;
    if (!m_presenting)
        return;
    m_foldedFor = {};
    m_foldTimer->start();
}

bool ConsumerPanel::isFoldingPending() const
{
    return m_foldTimer->isActive();
}

ConsumerCard *ConsumerPanel::cardOf(const QWidget *widget) const
{
    for (ConsumerCard *card : m_cards) {
        if (widget && (widget == card || card->isAncestorOf(widget)))
            return card;
    }
    return nullptr;
}

void ConsumerPanel::settleAndShow(QWidget *widget)
{
    // The cards' new heights reach the scroll area by the layout requests they posted.
    for (int pass = 0; pass < 3; ++pass)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    if (widget)
        m_scroll->ensureWidgetVisible(widget, 8, 8);
}

void ConsumerPanel::onFocusChanged(QWidget *now)
{
    ConsumerCard *card = cardOf(now);
    if (!card)
        return;
    // A field reached by the keyboard comes into sight with its card's header where the view
    // has room for both (whose setting it is: a trial tabbed to a bound whose card's "A idle"
    // row had scrolled away), after the scroll area's own scrolling to the field.
    if (now != card && now->focusPolicy() & Qt::TabFocus) {
        QTimer::singleShot(0, this, [this, field = QPointer<QWidget>(now)] {
            if (field && field->hasFocus() && field->isVisibleTo(m_container))
                showWithWarning(field);
        });
    }
    if (!m_presenting)
        return;
    // The card worked in stays unfolded while presenting; a folded one opens to its settings.
    m_kept.insert(card);
    m_userFolded.remove(card);
    if (card->isFolded()) {
        card->setFolded(false);
        settleAndShow(now);
    }
}

void ConsumerPanel::updateFolding()
{
    if (!m_presenting || m_cards.isEmpty()) {
        for (ConsumerCard *card : std::as_const(m_cards)) {
            card->setFoldable(false);
            card->setTrimmed(false);
        }
        return;
    }
    m_foldedFor = m_scroll->size();
    // The cards that stay unfolded: worked in, unfolded by hand, or outlined by the lesson.
    QSet<ConsumerCard *> kept = m_kept;
    if (ConsumerCard *card = cardOf(QApplication::focusWidget()))
        kept.insert(card);
    if (const FocusFrame *frame = FocusFrame::of(window()))
        if (ConsumerCard *card = cardOf(frame->resumePoint()))
            kept.insert(card);
    for (const QPointer<QWidget> &target : std::as_const(m_highlighted))
        if (ConsumerCard *card = cardOf(target))
            kept.insert(card);

    // Each card's height whole and folded, at the width the grid gives it.
    const int columns = std::max(1, m_columns > 0 ? m_columns : columnsFor(m_scroll->viewport()->width()));
    const QMargins margins = m_grid->contentsMargins();
    const int spacing = m_grid->verticalSpacing();
    const int cardWidth = std::max(1, (m_scroll->width() - margins.left() - margins.right() - (columns - 1) * m_grid->horizontalSpacing()) / columns);
    QList<int> whole, folded;
    QList<bool> trim;
    const int room = m_scroll->height();
    for (ConsumerCard *card : std::as_const(m_cards)) {
        const int shown = card->hasHeightForWidth() ? card->heightForWidth(cardWidth) : card->sizeHint().height();
        const int away = card->foldedAway();
        // A card the lesson outlines higher than the view: its throughput line and last batch
        // give way, so that its header is in sight with the outlined setting and the warning
        // (at 1280x720, the aging lesson's step 4 scrolled card A's name out of the view).
        const int details = card->trimmedAway();
        const int untrimmed = (card->isFolded() ? shown + away : shown) + (card->isTrimmed() ? details : 0);
        bool outlined = false;
        for (const QPointer<QWidget> &target : std::as_const(m_highlighted))
            outlined = outlined || (target && cardOf(target) == card);
        trim << (outlined && untrimmed > m_scroll->viewport()->height());
        whole << (trim.constLast() ? untrimmed - details : untrimmed);
        folded << (card->isFolded() ? shown : shown - away);
    }
    QList<bool> fold(m_cards.size(), false);
    for (qsizetype i = 0; i < m_cards.size(); ++i)
        fold[i] = m_userFolded.contains(m_cards.at(i));
    const auto needed = [&] {
        int height = margins.top() + margins.bottom();
        for (qsizetype row = 0; row * columns < m_cards.size(); ++row) {
            int tallest = 0;
            for (qsizetype i = row * columns; i < std::min(m_cards.size(), (row + 1) * columns); ++i)
                tallest = std::max(tallest, fold.at(i) ? folded.at(i) : whole.at(i));
            height += tallest + (row > 0 ? spacing : 0);
        }
        return height;
    };
    const bool foldable = needed() > room || !m_userFolded.isEmpty();
    for (qsizetype i = m_cards.size() - 1; foldable && i >= 0 && needed() > room; --i) {
        if (!kept.contains(m_cards.at(i)))
            fold[i] = true;
    }
    for (qsizetype i = 0; i < m_cards.size(); ++i) {
        m_cards.at(i)->setFoldable(foldable);
        m_cards.at(i)->setFolded(fold.at(i));
        m_cards.at(i)->setTrimmed(trim.at(i) && !fold.at(i));
    }
}

} // namespace PriorityLab
