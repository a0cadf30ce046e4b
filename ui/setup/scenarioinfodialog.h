#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace PriorityLab {

class SetupEditor;

/// Edit > Scenario Description…: the scenario's name, description (one or two sentences for the
/// teacher) and "what to try" hint. OK applies the changes as one undoable step
/// (SetupEditor::setScenarioInfo(), paths "name", "description", "hint"); a problem keeps the
/// dialog open and shows it. Saved with the scenario by File > Save.
class ScenarioInfoDialog : public QDialog
{
    Q_OBJECT

public:
    /// Dialog showing the current values of @p editor's scenario.
    explicit ScenarioInfoDialog(SetupEditor *editor, QWidget *parent = nullptr);

    /// The fields (tests).
    QLineEdit *nameEdit() const { return m_name; }
    QPlainTextEdit *descriptionEdit() const { return m_description; }
    QPlainTextEdit *hintEdit() const { return m_hint; }

    /// Applies the fields; closes the dialog on success. Returns the problem, or "".
    QString apply();

private:
    SetupEditor *m_editor;
    QLineEdit *m_name = nullptr;
    QPlainTextEdit *m_description = nullptr;
    QPlainTextEdit *m_hint = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace PriorityLab
