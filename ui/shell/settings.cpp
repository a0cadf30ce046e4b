#include "ui/shell/settings.h"

#include <QFileInfo>
#include <QSettings>

namespace PriorityLab {

namespace {

const QString RecentFilesKey = QStringLiteral("recentFiles");
const QString GeometryKey = QStringLiteral("window/geometry");
const QString StateKey = QStringLiteral("window/state");
const QString ZoomKey = QStringLiteral("view/zoomPercent");
const QString LastFolderKey = QStringLiteral("lastScenarioFolder");
const QString LastSaveFolderKey = QStringLiteral("lastSaveFolder");

/// The folder stored under @p key, or empty when none is stored or it is no folder any more.
QString storedFolder(const QString &key)
{
    const QString folder = QSettings().value(key).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QString();
}

/// Stores @p folder, made absolute, under @p key; an empty one stores nothing.
void storeFolder(const QString &key, const QString &folder)
{
    if (!folder.isEmpty())
        QSettings().setValue(key, QFileInfo(folder).absoluteFilePath());
}

} // namespace

QStringList Settings::recentFiles()
{
    QSettings settings;
    const QStringList stored = settings.value(RecentFilesKey).toStringList();
    QStringList files;
    for (const QString &path : stored) {
        if (files.size() < MaxRecentFiles && !files.contains(path) && QFileInfo(path).isFile())
            files << path;
    }
    if (files != stored)
        settings.setValue(RecentFilesKey, files);
    return files;
}

QStringList Settings::addRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    if (path.isEmpty() || path.startsWith(QLatin1Char(':')))
        return files;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > MaxRecentFiles)
        files.removeLast();
    QSettings().setValue(RecentFilesKey, files);
    return files;
}

void Settings::clearRecentFiles()
{
    QSettings().remove(RecentFilesKey);
}

QString Settings::lastScenarioFolder()
{
    return storedFolder(LastFolderKey);
}

void Settings::setLastScenarioFolder(const QString &folder)
{
    storeFolder(LastFolderKey, folder);
}

int Settings::zoomPercent()
{
    bool ok = false;
    const int percent = QSettings().value(ZoomKey).toInt(&ok);
    return ok && percent > 0 ? percent : 100;
}

void Settings::setZoomPercent(int percent)
{
    QSettings().setValue(ZoomKey, percent);
}

QByteArray Settings::windowGeometry()
{
    return QSettings().value(GeometryKey).toByteArray();
}

QByteArray Settings::windowState()
{
    return QSettings().value(StateKey).toByteArray();
}

void Settings::setWindowLayout(const QByteArray &geometry, const QByteArray &state)
{
    QSettings settings;
    settings.setValue(GeometryKey, geometry);
    settings.setValue(StateKey, state);
}

QString Settings::lastSaveFolder()
{
    return storedFolder(LastSaveFolderKey);
}

void Settings::setLastSaveFolder(const QString &folder)
{
    storeFolder(LastSaveFolderKey, folder);
}

} // namespace PriorityLab
