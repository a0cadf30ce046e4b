#pragma once

#include <QList>
#include <QWidget>

class QGridLayout;
class QScrollArea;

namespace PriorityLab {

class ConsumerCard;
class SetupEditor;
class Simulation;

/// All consumers as cards (ConsumerCard), laid out in as many columns as the width allows,
/// scrolling when they do not fit. Cards are rebuilt when a scenario is loaded or consumers are
/// added or removed, and re-read their settings on Simulation::setupChanged(). Counts are
/// refreshed by refresh(), which the main window calls from its throttled UI refresh.
class ConsumerPanel : public QWidget
{
    Q_OBJECT

public:
    /// Cards for @p editor's simulation; both must outlive the panel.
    explicit ConsumerPanel(SetupEditor *editor, QWidget *parent = nullptr);

    /// Updates every card's state and counts.
    void refresh();

    /// The cards, in consumer order.
    const QList<ConsumerCard *> &cards() const { return m_cards; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    void onSetupChanged();
    void layoutCards();
    int columnsFor(int width) const;

    SetupEditor *m_editor;
    Simulation *m_simulation;
    QScrollArea *m_scroll = nullptr;
    QWidget *m_container = nullptr;
    QGridLayout *m_grid = nullptr;
    QList<ConsumerCard *> m_cards;
    int m_columns = 0;
};

} // namespace PriorityLab
