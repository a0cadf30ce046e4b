#pragma once

#include <QHash>
#include <QList>
#include <QPointer>
#include <QSet>
#include <QSize>
#include <QStringList>
#include <QWidget>

class QGridLayout;
class QLabel;
class QPushButton;
class QScrollArea;
class QTimer;

namespace PriorityLab {

class ConsumerCard;
class SetupEditor;
class RefreshSnapshot;
class Simulation;
struct CycleReport;

/// All consumers as cards (ConsumerCard), laid out in as many columns as the width allows,
/// scrolling when they do not fit, under a bar with "+ Consumer" (add one while running: a
/// name, unique by default, and a strategy). Cards are rebuilt when a scenario is loaded or
/// consumers are added or removed, and re-read their settings on Simulation::setupChanged().
/// Counts and sparklines are refreshed by refresh(), which the main window calls from its
/// throttled UI refresh; the throughput history behind the sparklines (messages processed per
/// cycle, last throughputWindow() cycles per consumer) is taken from the snapshot's cycle
/// reports (CycleReport::consumers, computed by the engine), a few integers per consumer.
class ConsumerPanel : public QWidget
{
    Q_OBJECT

public:
    /// Cards for @p editor's simulation; both must outlive the panel.
    explicit ConsumerPanel(SetupEditor *editor, QWidget *parent = nullptr);
    /// Stops following the application's focus before the cards go (a focus change while they
    /// are deleted would look among them).
    ~ConsumerPanel() override;

    /// Takes the throughput of @p snapshot's cycles and updates every card's state and counts.
    void refresh(const RefreshSnapshot &snapshot);

    /// The cards, in consumer order.
    const QList<ConsumerCard *> &cards() const { return m_cards; }

    /// Messages consumer @p name processed in each of the last cycles, oldest first (at most
    /// throughputWindow()).
    QList<qint64> throughput(const QString &name) const;
    static constexpr int throughputWindow() { return 60; }

    /// Asks for a name and a strategy and adds the consumer (undoable).
    void addConsumerDialog();

    /// The "+ Consumer" button.
    QPushButton *addButton() const { return m_addButton; }
    /// The line beside it: how many consumers, how many online, how batches go (shortened to
    /// its width, whole in its tooltip).
    QLabel *summaryLabel() const { return m_summary; }

    /// Presentation mode: when the cards, whole, do not all fit the view, cards fold their
    /// details away (ConsumerCard::setFoldable()), from the last card up, until they fit or only
    /// kept cards are left: the card that holds the keyboard focus (or the field an edit ended
    /// in), the cards of the lesson's outlines (setHighlighted()) and any card the user unfolded
    /// or entered while presenting. The choice is made once the view's size has held for
    /// FoldDelayMs. A folded card unfolds when the focus enters it or from its
    /// "Settings ▸" button. Not presenting, no card folds.
    void setPresenting(bool presenting);
    bool isPresenting() const { return m_presenting; }
    /// The widgets the lesson's step outlines now (any of them, a card or a field on one, keeps
    /// its card unfolded); folds again for the new step. An outlined field in sight stays in
    /// sight, with its card's warning where the view has room, when the cards' layout changes
    /// (a zoom, a card grown by a note or a longer warning).
    void setHighlighted(const QList<QWidget *> &targets);
    /// Scrolls @p field (a setting on a card) into the view with its card's header (name, state badge, Online box)
    /// and warning: all three where the view has room, else the field first, then the warning,
    /// then the header, so far as they fit.
    void showWithWarning(QWidget *field);
    /// Milliseconds the view's size must hold before the folding is chosen for it.
    static constexpr int FoldDelayMs = 150;
    /// True while a folding is waiting for the view's size to hold (FoldDelayMs); tests wait
    /// for false before they read the cards, as the presenter sees them after that moment.
    bool isFoldingPending() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    void onSetupChanged();
    void record(const CycleReport &report);
    void updateSummary();
    /// Shows the first of the summary's wordings (m_summaryWordings) that fits its label, e.g.
    /// "2 of 3 online" for "3 consumer(s), 2 online · batches go round-robin"; the
    /// tooltip has it whole.
    void fitSummary();
    void layoutCards();
    int columnsFor(int width) const;
    /// The control with the keyboard focus if it is on a card, else nullptr.
    QWidget *focusedField() const;
    /// Whether focusedField() is (at least partly) inside the cards' view.
    bool focusedFieldInSight() const;
    /// Whether @p widget, on a card, is (at least partly) inside the cards' view.
    bool inSight(const QWidget *widget) const;
    /// The settings on cards the lesson's step outlines (setHighlighted()), not whole cards.
    QList<QWidget *> outlinedFields() const;
    /// Folds and unfolds the cards as setPresenting() says, for the view's size now.
    void updateFolding();
    /// The card @p widget is on (or is), or nullptr.
    ConsumerCard *cardOf(const QWidget *widget) const;
    /// Lays the cards out at once and scrolls @p widget into the view.
    void settleAndShow(QWidget *widget);
    void onFocusChanged(QWidget *now);

    SetupEditor *m_editor;
    Simulation *m_simulation;
    QScrollArea *m_scroll = nullptr;
    QWidget *m_container = nullptr;
    QGridLayout *m_grid = nullptr;
    QList<ConsumerCard *> m_cards;
    int m_columns = 0;
    QPushButton *m_addButton = nullptr;
    QLabel *m_summary = nullptr;
    QStringList m_summaryWordings;  ///< the summary line, longest first (fitSummary())
    bool m_presenting = false;
    QList<QPointer<QWidget>> m_highlighted;
    QSet<ConsumerCard *> m_kept;        ///< unfolded by the user or by the focus while presenting
    QSet<ConsumerCard *> m_userFolded;  ///< folded by the user with the card's button
    QSize m_foldedFor;                  ///< the scroll area's size the folding was chosen for
    QTimer *m_foldTimer = nullptr;      ///< chooses the folding once sizes have settled

    /// Per consumer name: messages processed in each of the last cycles, oldest first.
    QHash<QString, QList<qint64>> m_throughput;
};

} // namespace PriorityLab
