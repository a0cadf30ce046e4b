#include "ui/setup/scenarioinfodialog.h"

#include "ui/common/notelabels.h"
#include "ui/common/windowtitle.h"
#include "ui/editing/setupeditor.h"
#include "core/engine/simulation.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>

namespace PriorityLab {

ScenarioInfoDialog::ScenarioInfoDialog(SetupEditor *editor, QWidget *parent)
    : QDialog(parent), m_editor(editor)
{
    setWholeWindowTitle(this, tr("Scenario description"));
    const Scenario &s = editor->simulation()->loadedScenario();
    m_name = new QLineEdit(editor->scenarioName(), this);
    m_name->setToolTip(tr("Shown in the title bar and at the top of the window"));
    m_description = new QPlainTextEdit(s.description, this);
    m_description->setTabChangesFocus(true);
    m_description->setToolTip(tr("One or two sentences for the teacher: what this scenario shows"));
    m_hint = new QPlainTextEdit(s.hint, this);
    m_hint->setTabChangesFocus(true);
    m_hint->setToolTip(tr("What to try: a change to make while it runs and what to watch, e.g. "
                          "\"Raise fast-lane's threshold and watch postponements climb\""));
    const int lineHeight = fontMetrics().lineSpacing();
    m_description->setMinimumHeight(lineHeight * 5);
    m_hint->setMinimumHeight(lineHeight * 4);
    m_error = newErrorLabel(this);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Description:"), m_description);
    form->addRow(tr("What to try:"), m_hint);
    form->addRow(m_error);
    form->addRow(buttons);
    resize(560, sizeHint().height());

    connect(buttons, &QDialogButtonBox::accepted, this, [this] { apply(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString ScenarioInfoDialog::apply()
{
    const QString error = m_editor->setScenarioInfo(m_name->text(), m_description->toPlainText().trimmed(),
                                                    m_hint->toPlainText().trimmed());
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    if (error.isEmpty())
        accept();
    return error;
}

} // namespace PriorityLab
