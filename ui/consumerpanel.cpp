#include "consumerpanel.h"

#include "consumercard.h"
#include "setupeditor.h"
#include "simulation.h"

#include <QGridLayout>
#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
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

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);

    connect(m_simulation, &Simulation::scenarioLoaded, this, &ConsumerPanel::rebuild);
    connect(m_simulation, &Simulation::setupChanged, this, &ConsumerPanel::onSetupChanged);
    rebuild();
}

void ConsumerPanel::rebuild()
{
    for (ConsumerCard *card : std::as_const(m_cards)) {
        m_grid->removeWidget(card);
        card->hide();
        card->deleteLater();
    }
    m_cards.clear();
    const int n = int(m_simulation->consumers().size());
    for (int i = 0; i < n; ++i)
        m_cards.append(new ConsumerCard(m_editor, i, m_container));
    m_columns = 0;
    layoutCards();
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
}

void ConsumerPanel::refresh()
{
    for (ConsumerCard *card : std::as_const(m_cards))
        card->refresh();
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
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        layoutCards();
    return QWidget::eventFilter(watched, event);
}

} // namespace PriorityLab
