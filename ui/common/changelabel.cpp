#include "ui/common/changelabel.h"

#include "core/scenario/settingpath.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>
#include <QJsonValue>

#include <algorithm>

namespace PriorityLab::ChangeLabel {

namespace {

/// What a marker says of a change "path = value": "low = 4" for a number, and for an object set
/// whole, as a strategy is when its type changes in the editor, its type and fields in words:
/// 'strategy = {"high":4,"low":0,"type":"ttl"}' reads "strategy = ttl (high 4, low 0)"; a list of
/// plain values, as a consumer's topics, its items: 'topics = ["orders-0","orders-2"]' reads
/// "topics = orders-0, orders-2"; an empty list of topics reads "all" (a consumer subscribed to no topic
/// in particular takes from all, ConsumerConfig::topics).
QString changeWords(const SettingPath &path, const QString &change, qsizetype equals)
{
    const QString value = change.mid(equals + 3);
    const QJsonDocument json = value.startsWith(QLatin1Char('{')) || value.startsWith(QLatin1Char('['))
            ? QJsonDocument::fromJson(value.toUtf8())
            : QJsonDocument();
    if (json.isArray()) {
        QStringList items;
        for (const QJsonValue &v : json.array()) {
            if (v.isObject() || v.isArray())
                return path.lastKey() + change.mid(equals);  // not a list of plain values
            items << v.toVariant().toString();
        }
        if (items.isEmpty() && path.lastKey() != QLatin1String("topics"))
            return path.lastKey() + change.mid(equals);
        return path.lastKey() + QStringLiteral(" = ") + (items.isEmpty() ? QStringLiteral("all") : items.join(QStringLiteral(", ")));
    }
    if (!json.isObject())
        return path.lastKey() + change.mid(equals);
    QJsonObject object = json.object();
    const QString type = object.take(QStringLiteral("type")).toString();
    QStringList fields;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QJsonValue v = it.value();
        QString text = v.toVariant().toString();  // a string, number or true/false
        if (v.isObject() || v.isArray())
            text = QString::fromUtf8(QJsonDocument::fromVariant(v.toVariant()).toJson(QJsonDocument::Compact));
        fields << it.key() + QLatin1Char(' ') + text;
    }
    QString words = type.isEmpty() ? fields.join(QStringLiteral(", ")) : type;
    if (!type.isEmpty() && !fields.isEmpty())
        words += QStringLiteral(" (%1)").arg(fields.join(QStringLiteral(", ")));
    return path.lastKey() + QStringLiteral(" = ") + words;
}

} // namespace

QString label(const QStringList &changes, const QStringList &owners)
{
    // "consumers[0].strategy.low = 4" of A and "consumers[1].strategy.low = 4" of B become one
    // group "low = 4" of A, B; then the groups of the same owners share them: "A · low = 4, high = 8".
    struct Group
    {
        QString what;       // "low = 4", or the whole change when it has no owner
        QStringList owners; // empty: no owner to name
    };
    QList<Group> groups;
    for (qsizetype c = 0; c < changes.size(); ++c) {
        const QString &change = changes.at(c);
        const QString owner = owners.value(c);
        const qsizetype equals = change.indexOf(QLatin1String(" = "));
        const SettingPath path = SettingPath::parse(equals < 0 ? QString() : change.left(equals));
        if (owner.isEmpty() || !path.isValid()) {
            groups.append({change, {}});
            continue;
        }
        const QString what = changeWords(path, change, equals);
        const auto same = std::find_if(groups.begin(), groups.end(), [&](const Group &g) {
            return !g.owners.isEmpty() && g.what == what;
        });
        if (same == groups.end())
            groups.append({what, {owner}});
        else if (!same->owners.contains(owner))
            same->owners.append(owner);
    }
    QStringList parts;
    QList<QStringList> partOwners;
    for (const Group &g : std::as_const(groups)) {
        const qsizetype at = g.owners.isEmpty() ? -1 : partOwners.indexOf(g.owners);
        if (at >= 0) {
            parts[at] += QStringLiteral(", ") + g.what;
            continue;
        }
        parts << (g.owners.isEmpty() ? g.what : g.owners.join(QStringLiteral(", ")) + QStringLiteral(" · ") + g.what);
        partOwners << g.owners;
    }
    QString label = parts.join(QStringLiteral("; "));
    if (label.size() > MaxLabel)
        label = label.left(MaxLabel - 1) + QChar(0x2026);
    return label;
}

QString shortLabel(const QStringList &changes)
{
    return shortLabel(changes, {});
}

QString shortLabel(const QStringList &changes, const QStringList &owners)
{
    // "consumers[0].strategy.low = 4" gives "low = 4" (whose: in the tooltip), or "A.low 4"
    // with its owner A; words stay.
    QStringList whats;
    for (qsizetype c = 0; c < changes.size(); ++c) {
        const QString &change = changes.at(c);
        const QString owner = owners.value(c);
        const qsizetype equals = change.indexOf(QLatin1String(" = "));
        const SettingPath path = SettingPath::parse(equals < 0 ? QString() : change.left(equals));
        QString what = path.isValid() ? changeWords(path, change, equals) : change;
        if (path.isValid() && !owner.isEmpty())
            what = owner + QLatin1Char('.') + path.lastKey() + QLatin1Char(' ') + what.mid(path.lastKey().size() + 3);
        if (!whats.contains(what))
            whats << what;
    }
    if (whats.isEmpty())
        return {};
    QString tag = whats.constFirst();
    if (tag.size() > MaxShortLabel)
        tag = tag.left(MaxShortLabel - 1) + QChar(0x2026);
    return whats.size() == 1 ? tag : QStringLiteral("%1 +%2").arg(tag).arg(whats.size() - 1);
}

QString consumerWords(const QString &name)
{
    const QString word = QStringLiteral("consumer");
    if (name.startsWith(word, Qt::CaseInsensitive))
        return name;
    return word + QLatin1Char(' ') + name;
}

} // namespace PriorityLab::ChangeLabel
