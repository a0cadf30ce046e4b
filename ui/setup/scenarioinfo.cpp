#include "ui/setup/scenarioinfo.h"
#include "ui/common/flatbutton.h"
#include "ui/common/sizeguard.h"

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
    m_edit = newFlatButton(this);
    m_edit->setText(tr("Edit…"));
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

    m_more = newFlatButton(this);
    m_more->setObjectName(QStringLiteral("scenarioInfoMore"));
    m_more->hide();

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    // In guards that remember their heights: the central column is laid out again at every
    // refresh (the queue's and the alarms' counts), and each time its layouts asked these long
    // word-wrapped texts their heights anew.
    top->addWidget(new SizeGuard(m_name, this), 1);
    top->addWidget(m_more, 0, Qt::AlignTop);
    top->addWidget(m_edit, 0, Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(new SizeGuard(m_description, this));
    layout->addWidget(new SizeGuard(m_hint, this));

    connect(m_edit, &QToolButton::clicked, this, &ScenarioInfo::editRequested);
    connect(m_more, &QToolButton::clicked, this, [this] { setFolded(!m_folded); });
    Simulation *simulation = editor->simulation();
    connect(simulation, &Simulation::setupChanged, this, &ScenarioInfo::sync);
    // A newly opened lesson starts folded.
    connect(simulation, &Simulation::scenarioLoaded, this, [this] {
        m_folded = !m_editor->simulation()->loadedScenario().steps.isEmpty();
        m_foldedForRoom = false;
        sync();
    });
    m_folded = !simulation->loadedScenario().steps.isEmpty();
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
    const bool lesson = !s.steps.isEmpty();
    // A lesson folds, and a plain scenario in a window without room for its texts
    // (foldForRoom()); only where folding hides something.
    const bool foldable = (lesson || m_foldedForRoom) && (!s.description.isEmpty() || !s.hint.isEmpty());
    const bool folded = foldable && m_folded;
    m_description->setText(s.description);
    m_description->setVisible(!s.description.isEmpty() && !folded);
    m_hint->setText(QStringLiteral("<b>%1</b> %2").arg(tr("What to try:"), s.hint.toHtmlEscaped()));
    m_hint->setVisible(!s.hint.isEmpty() && !folded);
    m_more->setVisible(foldable);
    m_more->setText(folded ? tr("More") : tr("Less"));
    m_more->setToolTip(folded ? tr("Show the lesson's description and its \"what to try\" hint (the "
                                   "lesson panel tells the story step by step)")
                              : tr("Fold the description and the hint, so that the queue stays in sight"));
    m_more->setAccessibleName(folded ? tr("More about the scenario") : tr("Less about the scenario"));
}

void ScenarioInfo::setFolded(bool folded)
{
    m_folded = folded;
    sync();
}

void ScenarioInfo::foldForRoom()
{
    if (m_foldedForRoom)
        return;  // once: "More" unfolds for good
    m_foldedForRoom = true;
    setFolded(true);
}

int ScenarioInfo::unfoldedHeight() const
{
    if (m_folded || !m_more->isVisibleTo(this))
        return 0;
    const int spacing = layout() ? layout()->spacing() : 0;
    int height = 0;
    for (const QLabel *text : {m_description, m_hint}) {
        if (text->isVisibleTo(this))
            height += text->parentWidget()->height() + spacing;  // in its SizeGuard
    }
    return height;
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
    return m_editor->simulation()->loadedScenario().description;
}

QString ScenarioInfo::hintText() const
{
    return m_editor->simulation()->loadedScenario().hint;
}

} // namespace PriorityLab
