#pragma once

#include <QList>
#include <QString>

namespace PriorityLab {

/// The preset scenarios compiled into the app under `:/scenarios/` (from resources/scenarios/).
class ScenarioCatalog
{
public:
    /// One preset: its resource path and the "name" and "description" of the file.
    struct Entry
    {
        QString path;         ///< e.g. ":/scenarios/reference-priority.json"
        QString name;         ///< the file's "name"; the file name if it has none
        QString description;  ///< the file's "description"
    };

    /// Resource path of the scenario opened at start.
    static QString defaultPath();

    /// The presets found under @p directory (default `:/scenarios`), the default one first, then
    /// reference cases, then the rest, each group by name. Files that do not parse are listed with
    /// their file name, so a broken preset shows its errors when opened instead of vanishing.
    static QList<Entry> entries(const QString &directory = QStringLiteral(":/scenarios"));
};

} // namespace PriorityLab
