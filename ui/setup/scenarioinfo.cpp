#include "ui/setup/scenarioinfo.h"

#include "ui/editing/setupeditor.h"
#include "core/engine/simulation.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace PriorityLab {

ScenarioInfo::ScenarioInfo(SetupEditor *editor, QWidget *parent) : QWidget(parent), m_editor(editor)
{
    m_name = new QLabel(this);
    QFont titleFont = m_name->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    m_name->setFont(titleFont);
    m_name->setWordWrap(true);
    m_edit = new QToolButton(this);
    m_edit->setText(tr("Edit…"));
    m_edit->setAutoRaise(true);
    m_edit->setFocusPolicy(Qt::TabFocus);
    m_edit->setToolTip(tr("Edit the scenario's name, description and \"what to try\" hint "
                          "(Edit > Scenario Description…); saved with File > Save"));
    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_description->setToolTip(tr("What this scenario shows"));
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::RichText);
    m_hint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hint->setStyleSheet(QStringLiteral("QLabel { background: #fff7d6; border: 1px solid #e3c766; "
                                         "border-radius: 4px; padding: 4px 6px; color: #3d3000; }"));
    m_hint->setToolTip(tr("What to try: a change to make while it runs, and what to watch"));

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_name, 1);
    top->addWidget(m_edit, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_description);
    layout->addWidget(m_hint);

    connect(m_edit, &QToolButton::clicked, this, &ScenarioInfo::editRequested);
    Simulation *simulation = editor->simulation();
    connect(simulation, &Simulation::setupChanged, this, &ScenarioInfo::sync);
    connect(simulation, &Simulation::scenarioLoaded, this, &ScenarioInfo::sync);
    // The name is read through the undo stack (SetupEditor::scenarioName()), whose index moves
    // after the command ran.
    connect(editor->undoStack(), &QUndoStack::indexChanged, this, &ScenarioInfo::sync);
    sync();
}

void ScenarioInfo::sync()
{
    const Scenario &s = m_editor->simulation()->loadedScenario();
    const QString name = m_editor->scenarioName();
    m_name->setText(name.isEmpty() ? tr("Untitled scenario") : name);
    m_description->setText(s.description);
    m_description->setVisible(!s.description.isEmpty());
    m_hint->setText(QStringLiteral("<b>%1</b> %2").arg(tr("What to try:"), s.hint.toHtmlEscaped()));
    m_hint->setVisible(!s.hint.isEmpty());
}

void ScenarioInfo::setFile(const QString &file)
{
    m_name->setToolTip(file.isEmpty() ? QString() : tr("From %1").arg(QDir::toNativeSeparators(file)));
}

QString ScenarioInfo::nameText() const
{
    return m_name->text();
}

QString ScenarioInfo::descriptionText() const
{
    return m_description->isHidden() ? QString() : m_description->text();
}

QString ScenarioInfo::hintText() const
{
    return m_hint->isHidden() ? QString() : m_editor->simulation()->loadedScenario().hint;
}

} // namespace PriorityLab
