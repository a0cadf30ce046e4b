#pragma once

#include <QWidget>

class QLabel;
class QToolButton;

namespace PriorityLab {

class SetupEditor;

/// The scenario at the top of the window: its name, its description for the teacher, and its
/// "what to try" hint (Scenario::hint) in a highlighted box, so that a lesson says at once what
/// it shows and what to change. An "Edit…" button asks for a new name, description and hint
/// (editRequested(); the main window opens ScenarioInfoDialog). Follows edits, undo and redo
/// (Simulation::setupChanged()) and newly loaded scenarios.
///
/// A lesson (a scenario with steps) opens folded: its name only, no description and no hint,
/// because the lesson panel tells the story step by step and the queue below must stay in
/// sight at 1280x720; "More" unfolds both, "Less" folds them again.
class ScenarioInfo : public QWidget
{
    Q_OBJECT

public:
    /// Shows the scenario of @p editor's simulation; both must outlive the widget.
    explicit ScenarioInfo(SetupEditor *editor, QWidget *parent = nullptr);

    /// Re-reads name, description and hint.
    void sync();

    /// @p file (a path or ":/scenarios/..." resource) the scenario came from, for the tooltip.
    void setFile(const QString &file);

    /// The texts the header holds (tests): the name, the description and the hint (empty where
    /// the scenario has none). Folded, the description and the hint are hidden; these return
    /// them all the same.
    QString nameText() const;
    QString descriptionText() const;
    QString hintText() const;

    /// Whether the description and hint are folded (a lesson, until "More").
    bool isFolded() const { return m_folded; }
    /// Folds (@p folded) or unfolds the description and hint; only a lesson folds.
    void setFolded(bool folded);
    /// Folds the description and hint of any scenario, a plain one too, where the window has no
    /// room for them (MainWindow: a 1280x720 projector less its panel); "More" then shows them.
    /// Once per opened scenario (after "More" it stays unfolded).
    void foldForRoom();
    /// The height (px) the description and the hint unfolded by "More" add to the header, with
    /// the spacing above each; 0 while folded, or where "More" is not offered.
    int unfoldedHeight() const;

Q_SIGNALS:
    /// The user asked to edit the name, description and hint.
    void editRequested();

private:
    SetupEditor *m_editor;
    QLabel *m_name = nullptr;
    QLabel *m_description = nullptr;
    QLabel *m_hint = nullptr;
    QToolButton *m_edit = nullptr;
    QToolButton *m_more = nullptr;  ///< "More" / "Less", for a lesson
    bool m_folded = false;
    bool m_foldedForRoom = false;  ///< folded by foldForRoom() since the scenario was opened
};

} // namespace PriorityLab
