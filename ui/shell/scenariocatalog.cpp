#include "ui/shell/scenariocatalog.h"

#include "core/scenario/scenario.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace PriorityLab {

QString ScenarioCatalog::defaultPath()
{
    return QStringLiteral(":/scenarios/default.json");
}

QList<ScenarioCatalog::Entry> ScenarioCatalog::entries(const QString &directory)
{
    QList<Entry> list;
    const QDir dir(directory);
    const QFileInfoList files = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QFileInfo &file : files) {
        Entry entry;
        entry.path = file.filePath();
        entry.name = file.completeBaseName();
        const ScenarioLoadResult result = loadScenarioFile(entry.path);
        if (result.ok()) {
            if (!result.scenario->name.isEmpty())
                entry.name = result.scenario->name;
            entry.description = result.scenario->description;
        }
        list.append(entry);
    }
    const auto rank = [](const Entry &e) {
        const QString base = QFileInfo(e.path).completeBaseName();
        if (base == QLatin1String("default"))
            return 0;
        return base.startsWith(QLatin1String("reference-")) ? 1 : 2;
    };
    std::stable_sort(list.begin(), list.end(), [&](const Entry &a, const Entry &b) {
        if (rank(a) != rank(b))
            return rank(a) < rank(b);
        return a.name.localeAwareCompare(b.name) < 0;
    });
    return list;
}

} // namespace PriorityLab
