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

    /// What is shown (tests).
    QString nameText() const;
    QString descriptionText() const;
    QString hintText() const;

Q_SIGNALS:
    /// The user asked to edit the name, description and hint.
    void editRequested();

private:
    SetupEditor *m_editor;
    QLabel *m_name = nullptr;
    QLabel *m_description = nullptr;
    QLabel *m_hint = nullptr;
    QToolButton *m_edit = nullptr;
};

} // namespace PriorityLab
