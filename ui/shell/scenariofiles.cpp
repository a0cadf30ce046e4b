#include "ui/shell/scenariofiles.h"

#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "ui/editing/setupeditor.h"
#include "ui/shell/scenariocatalog.h"
#include "ui/shell/settings.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStyle>
#include <QUndoStack>
#include <QWidget>

namespace PriorityLab {

ScenarioFiles::ScenarioFiles(SetupEditor *editor, QWidget *dialogParent)
    : QObject(dialogParent), m_editor(editor), m_simulation(editor->simulation()), m_dialogParent(dialogParent)
{
}

void ScenarioFiles::setRemembersFiles(bool remember)
{
    m_rememberFiles = remember;
    updateRecentMenu();
}

QAction *ScenarioFiles::openAction()
{
    if (!m_open) {
        m_open = new QAction(m_dialogParent->style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), m_dialogParent);
        m_open->setShortcut(QKeySequence::Open);
        m_open->setStatusTip(tr("Open a scenario file (JSON). A broken file is refused with every "
                                "problem listed; the current scenario keeps running."));
        connect(m_open, &QAction::triggered, this, &ScenarioFiles::openFileDialog);
    }
    return m_open;
}

QAction *ScenarioFiles::saveAction()
{
    if (!m_save) {
        m_save = new QAction(m_dialogParent->style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), m_dialogParent);
        m_save->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_S));
        m_save->setToolTip(tr("Save the setup with your edits (thresholds, consumers, producers, broker, "
                              "description) to its file (Ctrl+S); a built-in preset asks for a new file. "
                              "An edit made on cycle 0 changes the starting value; one made while "
                              "running is saved as a timeline change at its cycle, so the file replays "
                              "what was seen. The speed ([ ]) is not saved."));
        m_save->setStatusTip(m_save->toolTip());
        connect(m_save, &QAction::triggered, this, [this] { save(); });
    }
    return m_save;
}

QAction *ScenarioFiles::saveAsAction()
{
    if (!m_saveAs) {
        m_saveAs = new QAction(tr("Save &As…"), m_dialogParent);
        m_saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
        m_saveAs->setStatusTip(tr("Save the setup with your edits as a new scenario file (Ctrl+Shift+S); "
                                  "its timeline and description are kept, edits made while running "
                                  "join the timeline at their cycle"));
        connect(m_saveAs, &QAction::triggered, this, [this] { saveAsDialog(); });
    }
    return m_saveAs;
}

QMenu *ScenarioFiles::recentMenu(QMenu *parent)
{
    if (!m_recentMenu) {
        m_recentMenu = parent->addMenu(tr("Open &Recent"));
        connect(m_recentMenu, &QMenu::aboutToShow, this, &ScenarioFiles::updateRecentMenu);
        updateRecentMenu();
    }
    return m_recentMenu;
}

void ScenarioFiles::fillCatalogMenu(QMenu *menu)
{
    menu->setToolTipsVisible(true);
    // The scenario that is open is checked, so that a teacher sees which one the class is on.
    m_catalog = new QActionGroup(menu);
    m_catalog->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
    for (const ScenarioCatalog::Entry &entry : ScenarioCatalog::entries()) {
        QString text = entry.name;
        text.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction *action = menu->addAction(text);
        action->setCheckable(true);
        m_catalog->addAction(action);
        action->setToolTip(entry.description);
        action->setStatusTip(entry.description);
        action->setData(entry.path);
        const QString path = entry.path;
        connect(action, &QAction::triggered, this, [this, path] {
            openAsked(path);
            markOpenScenario();  // the click checked it, also when the open was cancelled or failed
        });
    }
    connect(this, &ScenarioFiles::currentFileChanged, this, &ScenarioFiles::markOpenScenario);
    markOpenScenario();
}

QAction *ScenarioFiles::catalogActionOf(const QString &path) const
{
    if (!m_catalog || !isShippedScenario(path))
        return nullptr;
    const QString name = QFileInfo(path).fileName();
    for (QAction *action : m_catalog->actions()) {
        if (QFileInfo(action->data().toString()).fileName() == name)
            return action;
    }
    return nullptr;
}

void ScenarioFiles::markOpenScenario()
{
    if (!m_catalog)
        return;
    QAction *open = catalogActionOf(m_currentFile);
    for (QAction *action : m_catalog->actions())
        action->setChecked(action == open);
}

void ScenarioFiles::rememberFile(const QString &path)
{
    if (!path.isEmpty() && !path.startsWith(QLatin1Char(':'))) {
        rememberFolder(path);
        if (m_rememberFiles)
            Settings::addRecentFile(path);
    }
    updateRecentMenu();
}

void ScenarioFiles::rememberFolder(const QString &path)
{
    m_lastFolder = QFileInfo(path).absolutePath();
    if (m_rememberFiles)
        Settings::setLastScenarioFolder(m_lastFolder);
}

QString ScenarioFiles::openFolder(const QString &currentFile, const QString &lastFolder)
{
    if (!currentFile.isEmpty() && !currentFile.startsWith(QLatin1Char(':'))) {
        const QFileInfo file(currentFile);
        if (file.absoluteDir().exists())
            return file.absolutePath();
    }
    if (!lastFolder.isEmpty() && QFileInfo(lastFolder).isDir())
        return QFileInfo(lastFolder).absoluteFilePath();
    // Nothing opened or saved yet (a lab machine's first session, a lesson from the Scenarios
    // menu): where the lessons are, not the working folder the launcher happened to start in.
    const QString shipped = shippedScenarioFolder();
    return shipped.isEmpty() ? QDir::homePath() : shipped;
}

QString ScenarioFiles::shippedScenarioFolder()
{
    const QString bin = QCoreApplication::applicationDirPath();
    QStringList candidates{bin + QStringLiteral("/../share/prioritylab/scenarios")};
    const QString data = QStandardPaths::locate(QStandardPaths::GenericDataLocation, QStringLiteral("prioritylab/scenarios"),
                                                QStandardPaths::LocateDirectory);
    if (!data.isEmpty())
        candidates << data;
    // A build tree: build/PRESET/bin (the app) or build/PRESET/tests, in the checkout.
    candidates << bin + QStringLiteral("/../../../resources/scenarios");
    for (const QString &candidate : std::as_const(candidates)) {
        if (QFileInfo::exists(candidate + QStringLiteral("/default.json")))
            return QDir(candidate).absolutePath();
    }
    return {};
}

QString ScenarioFiles::lastFolder() const
{
    return !m_lastFolder.isEmpty() || !m_rememberFiles ? m_lastFolder : Settings::lastScenarioFolder();
}

QString ScenarioFiles::openFolder() const
{
    return openFolder(m_currentFile, lastFolder());
}

void ScenarioFiles::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = m_rememberFiles ? Settings::recentFiles() : QStringList();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString path = files.at(i);
        QString text = QFileInfo(path).fileName();
        text.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction *action = m_recentMenu->addAction(i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(text) : text);
        action->setData(path);
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { openAsked(path); });
    }
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        QAction *clear = m_recentMenu->addAction(tr("Clear the list"));
        connect(clear, &QAction::triggered, this, [this] {
            Settings::clearRecentFiles();
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
    m_recentMenu->setToolTipsVisible(true);
}

bool ScenarioFiles::isShippedScenario(const QString &path)
{
    if (path.startsWith(QLatin1Char(':')))
        return true;
    if (path.isEmpty())
        return false;
    QFile builtIn(QStringLiteral(":/scenarios/") + QFileInfo(path).fileName());
    QFile file(path);
    if (!builtIn.exists() || builtIn.size() != file.size())
        return false;
    return builtIn.open(QIODevice::ReadOnly) && file.open(QIODevice::ReadOnly) && builtIn.readAll() == file.readAll();
}

QString ScenarioFiles::saveAsSuggestion(const QString &currentFile, const QString &userFolder)
{
    if (currentFile.isEmpty())
        return QDir(userFolder).filePath(QStringLiteral("scenario.json"));
    if (!isShippedScenario(currentFile))
        return currentFile;
    return QDir(userFolder).filePath(QFileInfo(currentFile).completeBaseName() + QStringLiteral("-edited.json"));
}

bool ScenarioFiles::save()
{
    if (m_currentFile.isEmpty() || isShippedScenario(m_currentFile))
        return saveAsDialog();
    return saveScenarioFile(m_currentFile).isEmpty();
}

void ScenarioFiles::openAsked(const QString &path)
{
    if (!m_confirmDiscard || m_confirmDiscard(path))
        openScenarioFile(path);
}

QString ScenarioFiles::describeFile(const QString &path) const
{
    const QString file = QFileInfo(path).fileName();
    const QAction *entry = catalogActionOf(path);
    if (!entry)
        return file;
    QString name = entry->text();
    name.replace(QStringLiteral("&&"), QStringLiteral("&"));
    return tr("“%1” (%2)").arg(name, file);
}

QStringList ScenarioFiles::openScenarioFile(const QString &path)
{
    const ScenarioLoadResult result = loadScenarioFile(path);
    QStringList errors = result.errors;
    if (result.ok())
        errors = loadScenario(*result.scenario, path);
    else if (errors.isEmpty())
        errors << tr("%1: the file could not be read as a scenario").arg(path);
    if (!errors.isEmpty() && !result.ok())
        reportProblems(tr("Could not open %1").arg(QFileInfo(path).fileName()), errors);
    return errors;
}

QStringList ScenarioFiles::loadScenario(const Scenario &scenario, const QString &path)
{
    const bool wasRunning = m_simulation->isRunning();
    QStringList errors = m_simulation->load(scenario);
    if (!errors.isEmpty()) {
        if (!path.isEmpty()) {
            for (QString &e : errors)
                e.prepend(path + QStringLiteral(": "));
        }
        // A refused scenario changes nothing: the simulation runs on if it was running.
        reportProblems(tr("Could not open %1").arg(path.isEmpty() ? scenario.name : QFileInfo(path).fileName()),
                       errors);
        return errors;
    }
    m_currentFile = path;
    rememberFile(path);
    Q_EMIT currentFileChanged(m_currentFile);
    Q_EMIT scenarioOpened(m_currentFile);
    // Another scenario goes on as the old one did.
    if (wasRunning)
        m_simulation->runUnlessLesson();
    return {};
}

QString ScenarioFiles::saveScenarioFile(const QString &path)
{
    // The scenario as opened plus the edits (not the live state, into which the timeline's
    // changes have been applied), so that the file runs the same way when opened again.
    const QString error = PriorityLab::saveScenarioFile(m_editor->editedScenario(), path);
    if (!error.isEmpty()) {
        reportProblems(tr("Could not save the scenario"), {error});
        return error;
    }
    Q_EMIT statusMessage(tr("Saved to %1").arg(QDir::toNativeSeparators(path)), 5000);
    m_editor->markSaved();
    m_currentFile = path;
    m_saveFolder = QFileInfo(path).absolutePath();
    if (m_rememberFiles)
        Settings::setLastSaveFolder(m_saveFolder);
    rememberFile(path);
    Q_EMIT currentFileChanged(m_currentFile);
    return error;
}

void ScenarioFiles::reportProblems(const QString &title, const QStringList &problems)
{
    Q_EMIT problemsReported(title, problems);
    if (!m_showDialogs)
        return;
    QMessageBox box(QMessageBox::Warning, tr("PriorityLab"), QString(), QMessageBox::Ok, m_dialogParent);
    box.setTextFormat(Qt::RichText);
    box.setText(QStringLiteral("<b>%1</b><br>%2")
                        .arg(title.toHtmlEscaped(),
                             (problems.size() == 1
                                      ? tr("1 problem found.")
                                      : tr("%1 problems found.").arg(problems.size()))
                                     + QLatin1Char(' ')
                                     + tr("The current scenario keeps running unchanged.")));
    const int shown = 12;
    QString list = QStringLiteral("<ul style=\"margin-left: 0px; -qt-list-indent: 1;\">");
    for (qsizetype i = 0; i < std::min<qsizetype>(problems.size(), shown); ++i)
        list += QStringLiteral("<li>") + problems.at(i).toHtmlEscaped() + QStringLiteral("</li>");
    list += QStringLiteral("</ul>");
    if (problems.size() > shown)
        list += tr("… and %1 more: see Show Details.").arg(problems.size() - shown);
    box.setInformativeText(list);
    box.setDetailedText(problems.join(QLatin1Char('\n')));
    box.exec();
}


void ScenarioFiles::restartWithCurrentSettings()
{
    // The live setup keeps the scenario's own interval, not the speed it is watched at (that
    // would have become the scenario's, shown in the broker panel and saved); the speed stays.
    Scenario current = m_simulation->currentScenario();
    current.broker.cycleIntervalMs = m_editor->scenarioIntervalMs();
    const int watched = m_simulation->intervalMs();
    if (loadScenario(current, m_currentFile).isEmpty())
        m_simulation->setIntervalMs(watched);
}

void ScenarioFiles::openFileDialog()
{
    // The file first, then the unsaved-edits question, which names it.
    const QString path = QFileDialog::getOpenFileName(m_dialogParent, tr("Open scenario"), openFolder(),
                                                      tr("Scenarios (*.json);;All files (*)"));
    if (path.isEmpty() || (m_confirmDiscard && !m_confirmDiscard(path)))
        return;
    rememberFolder(path);  // the folder chosen, even if the file there does not load
    openScenarioFile(path);
}

QString ScenarioFiles::documentsFolder()
{
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return documents.isEmpty() ? QDir::homePath() : QFileInfo(documents).absoluteFilePath();
}

QString ScenarioFiles::saveAsPath() const
{
    // A shipped lesson is never written over (saveAsSuggestion() names a new file), nor saved
    // beside it: opened from a checkout's resources/scenarios, the dialog proposed that folder
    // (installed, it is not even writable). It goes where the user saved last, else to the
    // user's Documents (the README says so); a new setup where a scenario was last opened.
    QString saved = m_saveFolder;
    if (saved.isEmpty() && m_rememberFiles)
        saved = Settings::lastSaveFolder();
    const bool own = !m_currentFile.isEmpty() && !isShippedScenario(m_currentFile);
    if (own)
        return saveAsSuggestion(m_currentFile, QString());  // the file itself, in its own folder
    const QString last = lastFolder();
    const QString folder = !saved.isEmpty() && QFileInfo(saved).isDir() ? QFileInfo(saved).absoluteFilePath()
            : m_currentFile.isEmpty() && !last.isEmpty() && QFileInfo(last).isDir() ? QFileInfo(last).absoluteFilePath()
                                                                                     : documentsFolder();
    return saveAsSuggestion(m_currentFile, folder);
}

QString ScenarioFiles::preparedSaveAsPath() const
{
    const QString path = saveAsPath();
    const QFileInfo file(path);
    // A lab account may have no Documents folder yet: created, so that the dialog opens there
    // (not in the working folder, its fallback for a folder that does not exist); the home
    // folder where it cannot be.
    if (file.absolutePath() == documentsFolder() && !file.absoluteDir().exists() && !QDir().mkpath(file.absolutePath()))
        return QDir(QDir::homePath()).filePath(file.fileName());
    return path;
}

bool ScenarioFiles::saveAsDialog()
{
    const QString suggestion = preparedSaveAsPath();
    QString path = QFileDialog::getSaveFileName(m_dialogParent, tr("Save scenario as"), suggestion,
                                                tr("Scenarios (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return saveScenarioFile(path).isEmpty();
}

} // namespace PriorityLab
