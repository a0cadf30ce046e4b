#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace PriorityLab {

/// What the app remembers between sessions, through QSettings with the application's
/// organization and application names (on Linux ~/.config/PriorityLab/PriorityLab.conf): the
/// recent scenario files and their last folder, the run speed, and the main window's geometry and dock layout.
/// Tests point QSettings elsewhere (QStandardPaths::setTestModeEnabled() or QSettings::setPath()).
class Settings
{
public:
    /// At most this many recent files are kept (File > Open Recent).
    static constexpr int MaxRecentFiles = 8;

    /// Recent scenario files, most recent first, at most MaxRecentFiles; files that no longer
    /// exist are dropped (and forgotten).
    static QStringList recentFiles();

    /// Puts @p path (made absolute) first in the recent files, removing an older entry of it and
    /// the oldest beyond MaxRecentFiles. Built-in presets (":/...") are not recorded.
    /// Returns the new list.
    static QStringList addRecentFile(const QString &path);

    /// Forgets every recent file.
    static void clearRecentFiles();

    /// The folder a scenario file was last opened from or saved to (absolute); empty if none
    /// saved or if it no longer exists. File > Open starts there when the current scenario is
    /// not a file.
    static QString lastScenarioFolder();
    /// Remembers @p folder (made absolute) as the last scenario folder.
    static void setLastScenarioFolder(const QString &folder);
    /// The folder a scenario was last saved to (absolute); empty if none saved or if it no
    /// longer exists. Save As starts there for a shipped lesson or a built-in preset.
    static QString lastSaveFolder();
    /// Remembers @p folder (made absolute) as the last folder saved to.
    static void setLastSaveFolder(const QString &folder);

    /// View > Zoom of the last session, percent (100 if none saved; clamped by Zoom).
    static int zoomPercent();
    static void setZoomPercent(int percent);

    /// QMainWindow::saveGeometry() / saveState() of the main window; empty if none saved.
    static QByteArray windowGeometry();
    static QByteArray windowState();
    static void setWindowLayout(const QByteArray &geometry, const QByteArray &state);
};

} // namespace PriorityLab
