#pragma once

#include <functional>

#include <QObject>
#include <QStringList>

class QAction;
class QActionGroup;
class QMenu;
class QWidget;

namespace PriorityLab {

class SetupEditor;
class Simulation;
struct Scenario;

/// The scenario files of the main window: File > Open, Save, Save As, Open Recent and the
/// Scenarios menu (the built-in catalog), and the rules of loading: a scenario that does not
/// load changes nothing (the current one runs on) and its problems are reported; a new one runs
/// if the old one was running.
///
/// Problems go to a dialog over the dialog parent, or only to problemsReported() when
/// showDialogs is false (tests, --screenshot). Recent files are remembered (QSettings, see
/// Settings) only after setRemembersFiles(true).
class ScenarioFiles : public QObject
{
    Q_OBJECT

public:
    /// Files of @p editor's simulation; dialogs open over @p dialogParent (both must outlive it).
    ScenarioFiles(SetupEditor *editor, QWidget *dialogParent);

    /// Opens the scenario file @p path (a file or a `:/scenarios/...` resource). Returns every
    /// problem found (empty on success); see the class comment.
    QStringList openScenarioFile(const QString &path);
    /// Loads @p scenario, read from @p path (may be empty). Same rules as openScenarioFile().
    QStringList loadScenario(const Scenario &scenario, const QString &path);
    /// Saves the setup with its edits to @p path atomically. Returns the error in words, or an
    /// empty string; errors are also reported.
    QString saveScenarioFile(const QString &path);
    /// Loads the current setup (live edits included) again from cycle 0.
    void restartWithCurrentSettings();

    /// The file or resource the current scenario came from; empty if none.
    QString currentFile() const { return m_currentFile; }

    /// The folder File > Open starts in: the folder of @p currentFile when it is a file on disk
    /// (not a built-in ":/" preset, not empty) and that folder exists, else @p lastFolder when it
    /// exists, else shippedScenarioFolder(), else the home folder (never the process's working
    /// folder, which on a desktop is wherever the launcher was). Absolute.
    static QString openFolder(const QString &currentFile, const QString &lastFolder);
    /// The folder of the shipped scenarios on disk, absolute: installed,
    /// PREFIX/share/prioritylab/scenarios beside the program's PREFIX/bin (or in a data folder
    /// of QStandardPaths::GenericDataLocation); in a build tree (build/PRESET/bin), the
    /// checkout's resources/scenarios. Empty when none of them holds default.json.
    static QString shippedScenarioFolder();
    /// Whether @p path is a built-in preset (":/scenarios/...") or a file on disk with the same
    /// name and the same bytes as one (a checkout's resources/scenarios, an installed copy).
    /// Save does not write over such a file, so that a lesson stays as shipped for the next
    /// class: it asks for a new file (Save As) instead (saveAsPath()).
    static bool isShippedScenario(const QString &path);
    /// Where Save As suggests saving @p currentFile: beside it, except for an empty or shipped
    /// one (isShippedScenario()), which goes to @p userFolder as NAME-edited.json
    /// (scenario.json when there is no file).
    static QString saveAsSuggestion(const QString &currentFile, const QString &userFolder);
    /// openFolder() for the current file and the folder a scenario file was last opened from or
    /// saved to (this session's, else the remembered one of Settings when files are remembered).
    QString openFolder() const;
    /// What Save As proposes: the user's own file itself, in its own folder; for a shipped
    /// lesson or a built-in preset, NAME-edited.json (saveAsSuggestion()) in the folder a
    /// scenario was last saved to (this session's, else the remembered one of Settings when
    /// files are remembered), else in documentsFolder(), never beside the shipped file; for a new
    /// setup, scenario.json there, else in the folder a scenario was last opened from, else in
    /// documentsFolder(). Absolute; the folder may not exist yet (preparedSaveAsPath()).
    QString saveAsPath() const;
    /// saveAsPath(), its folder created when it is documentsFolder() and missing (a new account);
    /// in the home folder where it cannot be created. What the Save As dialog starts with.
    QString preparedSaveAsPath() const;
    /// The user's documents folder (QStandardPaths::DocumentsLocation), absolute; the home
    /// folder where the platform has none.
    static QString documentsFolder();

    /// Whether problems are shown in dialogs (default) or only emitted.
    bool showDialogs() const { return m_showDialogs; }
    void setShowDialogs(bool show) { m_showDialogs = show; }
    /// Whether opened and saved files are remembered in the recent files.
    void setRemembersFiles(bool remember);

    /// Reports @p problems under @p title: problemsReported(), and a dialog if showDialogs().
    void reportProblems(const QString &title, const QStringList &problems);

    /// File > Open…, Save and Save As… (created on first call).
    QAction *openAction();
    QAction *saveAction();
    QAction *saveAsAction();
    /// File > Open Recent (at most 8 files; missing files are dropped when it opens), created
    /// on first call as a sub-menu of @p parent.
    QMenu *recentMenu(QMenu *parent);
    /// Fills @p menu with the scenario catalog (ScenarioCatalog), one checkable action per
    /// preset in an exclusive group: the one of the open scenario is checked, none when the
    /// open file is not a shipped one (isShippedScenario()).
    void fillCatalogMenu(QMenu *menu);
    /// The catalog menu's action for the scenario at @p path (a preset, or a file on disk with
    /// the same name and bytes as one); nullptr if none or before fillCatalogMenu().
    QAction *catalogActionOf(const QString &path) const;

    /// Asked before an open the user starts (Open… once a file is chosen, Open Recent, the
    /// catalog) would replace a setup with unsaved edits, with the path about to open; false
    /// cancels the open. Unset: open without asking.
    void setConfirmDiscard(std::function<bool(const QString &path)> confirm) { m_confirmDiscard = std::move(confirm); }
    /// The scenario at @p path in words for a prompt: the catalog's name of a shipped one and
    /// the file name ("“Lesson: aging” (lesson-aging.json)"), else the file name alone.
    QString describeFile(const QString &path) const;

    /// File > Save: to the current file, or Save As for a preset or a new scenario. Returns true
    /// when the setup was saved (false: cancelled or failed, already reported).
    bool save();

Q_SIGNALS:
    /// Problems to show the user: @p title in words, then one line per problem.
    void problemsReported(const QString &title, const QStringList &problems);
    /// The current file changed (opened, saved as).
    void currentFileChanged(const QString &path);
    /// A scenario was opened (loaded from @p path, empty for one not read from a file); emitted
    /// after the simulation's scenarioLoaded and currentFileChanged(). Not emitted on Reset.
    void scenarioOpened(const QString &path);
    /// A short message for the status bar, for @p timeoutMs milliseconds.
    void statusMessage(const QString &text, int timeoutMs);

private:
    void openFileDialog();
    bool saveAsDialog();
    /// openScenarioFile() after setConfirmDiscard()'s question.
    void openAsked(const QString &path);
    void rememberFile(const QString &path);
    /// Makes the folder of @p path the last scenario folder (and remembers it in Settings when
    /// files are remembered).
    void rememberFolder(const QString &path);
    /// The folder a scenario file was last opened from or saved to: this session's, else the
    /// remembered one of Settings when files are remembered; empty if none.
    QString lastFolder() const;
    void updateRecentMenu();
    /// Checks the catalog action of the current file, unchecks the others.
    void markOpenScenario();

    SetupEditor *m_editor;
    Simulation *m_simulation;
    QWidget *m_dialogParent;
    QAction *m_open = nullptr;
    QAction *m_save = nullptr;
    QAction *m_saveAs = nullptr;
    QMenu *m_recentMenu = nullptr;
    QActionGroup *m_catalog = nullptr;  ///< the Scenarios menu's actions; null before fillCatalogMenu()
    QString m_currentFile;
    QString m_lastFolder;  ///< folder of the file last opened or saved this session; empty if none
    QString m_saveFolder;  ///< folder of the file last saved this session; empty if none
    bool m_showDialogs = true;
    bool m_rememberFiles = false;
    std::function<bool(const QString &)> m_confirmDiscard;
};

} // namespace PriorityLab
