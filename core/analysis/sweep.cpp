#include "core/analysis/sweep.h"

#include "core/analysis/alarms.h"
#include "core/analysis/eventjson.h"
#include "core/engine/simulation.h"
#include "core/model/printable.h"
#include "core/strategies/expression.h"
#include "core/strategies/strategy.h"

#include <QElapsedTimer>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QThread>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <cmath>

namespace PriorityLab {

namespace {

const char *const SyntaxHint = "write e.g. consumers[0].strategy.threshold=0..9, =0..9:2 or =1,2,4,8";

/// @p v as JSON: a whole number as an integer (integer settings refuse 3.0 written as a double
/// nowhere, but the files and the tables read better), otherwise rounded to 12 significant
/// digits so that 0.1 steps do not print as 0.30000000000000004.
QJsonValue numberValue(double v)
{
    const double rounded = QString::number(v, 'g', 12).toDouble();
    if (std::abs(rounded) < 9007199254740992.0 && rounded == std::floor(rounded))
        return QJsonValue(qint64(rounded));
    return QJsonValue(rounded);
}

std::optional<double> parseNumber(const QString &text)
{
    bool ok = false;
    const double v = QLocale::c().toDouble(text.trimmed(), &ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

QString valueText(const QJsonValue &v)
{
    return v.isDouble() ? QString::number(v.toDouble(), 'g', 12) : printableText(v.toVariant().toString());
}

/// "a,b" for a CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180).
QByteArray csvCell(const QString &text)
{
    QByteArray bytes = text.toUtf8();
    if (bytes.contains(',') || bytes.contains('"') || bytes.contains('\n') || bytes.contains('\r')) {
        bytes.replace("\"", "\"\"");
        bytes = '"' + bytes + '"';
    }
    return bytes;
}

QString figureText(std::optional<double> v)
{
    if (!v)
        return QString();
    if (*v == std::floor(*v) && std::abs(*v) < 1e15)
        return QString::number(qint64(*v));
    return QString::number(*v, 'f', 4);
}

} // namespace

std::optional<SweepAxis> SweepAxis::parse(const QString &text, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = printableText(text) + QStringLiteral(": ") + why;
        return std::nullopt;
    };
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    if (eq < 0)
        return fail(QStringLiteral("expected PATH=VALUES; ") + QLatin1String(SyntaxHint));
    SweepAxis axis;
    axis.path = SettingPath::parse(text.left(eq).trimmed());
    if (!axis.path.isValid())
        return fail(axis.path.error().isEmpty() ? QStringLiteral("no setting path before \"=\"; ") + QLatin1String(SyntaxHint)
                                                : axis.path.error());
    const QString values = text.mid(eq + 1).trimmed();
    if (values.isEmpty())
        return fail(QStringLiteral("no values after \"=\"; ") + QLatin1String(SyntaxHint));
    if (const qsizetype dots = values.indexOf(QLatin1String("..")); dots >= 0) {
        QString to = values.mid(dots + 2);
        QString stepText = QStringLiteral("1");
        if (const qsizetype colon = to.indexOf(QLatin1Char(':')); colon >= 0) {
            stepText = to.mid(colon + 1);
            to = to.left(colon);
        }
        const auto a = parseNumber(values.left(dots));
        const auto b = parseNumber(to);
        const auto step = parseNumber(stepText);
        if (!a || !b || !step)
            return fail(QStringLiteral("\"%1\" is not a range of numbers; %2").arg(printableText(values), QLatin1String(SyntaxHint)));
        if (*step <= 0)
            return fail(QStringLiteral("the step %1 must be above 0").arg(stepText.trimmed()));
        if (*b < *a)
            return fail(QStringLiteral("the range ends (%1) before it starts (%2); write the smaller value first")
                                .arg(to.trimmed(), values.left(dots).trimmed()));
        const double count = std::floor((*b - *a) / *step + 1e-9) + 1;
        if (count > double(MaxSweepPoints))
            return fail(QStringLiteral("%1 values, above the limit of %2 points; use a larger step")
                                .arg(QString::number(count, 'g', 15)).arg(MaxSweepPoints));
        for (qint64 i = 0; i < qint64(count); ++i)
            axis.values << numberValue(*a + double(i) * *step);
    } else {
        for (const QString &item : values.split(QLatin1Char(','))) {
            const auto v = parseNumber(item);
            if (!v)
                return fail(QStringLiteral("\"%1\" is not a number; %2").arg(printableText(item.trimmed()), QLatin1String(SyntaxHint)));
            const QJsonValue value = numberValue(*v);
            if (axis.values.contains(value))
                return fail(QStringLiteral("%1 is given twice; give each value once").arg(item.trimmed()));
            if (axis.values.size() >= MaxSweepPoints)
                return fail(QStringLiteral("more than %1 values, above the limit of points").arg(MaxSweepPoints));
            axis.values << value;
        }
    }
    return axis;
}

QString SweepAxis::valuesText() const
{
    QStringList texts;
    for (const QJsonValue &v : values)
        texts << valueText(v);
    return texts.join(QLatin1Char(','));
}

namespace {

void collectNumbers(const QJsonObject &object, const QList<SettingPath::Step> &at, const QString &owner,
                    QList<SweepableSetting> &out)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        QList<SettingPath::Step> steps = at;
        steps << SettingPath::Step{it.key(), -1};
        if (it->isObject()) {
            collectNumbers(it->toObject(), steps, owner, out);
        } else if (it->isDouble()) {
            SweepableSetting setting;
            setting.path = SettingPath::fromSteps(steps);
            setting.value = it->toDouble();
            QStringList below;
            for (qsizetype i = 1; i < steps.size(); ++i)
                below << steps.at(i).key;
            setting.label = QStringLiteral("%1: %2 = %3")
                                    .arg(printableText(owner), below.join(QLatin1Char('.')), valueText(numberValue(setting.value)));
            out << setting;
        }
    }
}

} // namespace

QList<SweepableSetting> sweepableSettings(const Scenario &scenario)
{
    QList<SweepableSetting> list;
    const QJsonObject json = scenarioToJson(scenario);
    QJsonObject broker = json.value(QLatin1String("broker")).toObject();
    broker.remove(QStringLiteral("cycleIntervalMs"));
    collectNumbers(broker, {{QStringLiteral("broker"), -1}}, QStringLiteral("broker"), list);
    for (const char *kind : {"consumers", "producers"}) {
        const QJsonArray items = json.value(QLatin1String(kind)).toArray();
        for (qsizetype i = 0; i < items.size(); ++i) {
            QJsonObject item = items.at(i).toObject();
            item.remove(QStringLiteral("messages"));
            collectNumbers(item, {{QLatin1String(kind), i}}, item.value(QLatin1String("name")).toString(), list);
        }
    }
    // A setting takes only whole numbers if it refuses half a step both up and down (a decimal
    // setting has room for one of them: every decimal range is wider than 0.5).
    for (SweepableSetting &setting : list) {
        setting.integer = !checkSetting(scenario, setting.path, setting.value + 0.5).ok()
                       && !checkSetting(scenario, setting.path, setting.value - 0.5).ok();
        // Where a default range starts: 0 (or the value, if negative) when the setting takes it,
        // else 1 (a batch size), else the value itself.
        setting.rangeStart = std::min(0.0, setting.value);
        for (const double start : {setting.rangeStart, 1.0, setting.value}) {
            setting.rangeStart = std::min(start, setting.value);
            if (checkSetting(scenario, setting.path, setting.rangeStart).ok())
                break;
        }
    }
    return list;
}

SweepFile loadSweepFile(const QString &path)
{
    SweepFile sweep;
    const auto problem = [&](const QString &text) { sweep.errors << path + QStringLiteral(": ") + text; };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        problem(QStringLiteral("cannot read: %1").arg(file.errorString()));
        return sweep;
    }
    constexpr qint64 MaxBytes = 1 << 20;
    const QByteArray bytes = file.read(MaxBytes + 1);
    if (bytes.size() > MaxBytes) {
        problem(QStringLiteral("file is above the limit of %1 bytes").arg(MaxBytes));
        return sweep;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (!doc.isObject()) {
        problem(parseError.error != QJsonParseError::NoError
                        ? QStringLiteral("offset %1: %2").arg(parseError.offset).arg(parseError.errorString())
                        : QStringLiteral("expected a JSON object"));
        return sweep;
    }
    const QJsonObject root = doc.object();
    static const QStringList known{QStringLiteral("name"), QStringLiteral("description"), QStringLiteral("scenario"),
                                   QStringLiteral("sweep"), QStringLiteral("cycles"), QStringLiteral("figure")};
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (!known.contains(it.key()))
            problem(QStringLiteral("%1: unknown key; the keys are %2").arg(printableText(it.key()), known.join(QStringLiteral(", "))));
    }
    const auto text = [&](const char *key) {
        const QJsonValue v = root.value(QLatin1String(key));
        if (!v.isUndefined() && !v.isString())
            problem(QStringLiteral("%1: expected a string").arg(QLatin1String(key)));
        return v.toString();
    };
    sweep.name = text("name");
    sweep.description = text("description");
    sweep.figure = text("figure");
    const QString scenario = text("scenario");
    if (scenario.isEmpty()) {
        problem(QStringLiteral("scenario: missing; give the scenario file, relative to this file"));
    } else {
        sweep.scenarioPath = QDir::cleanPath(QFileInfo(path).dir().filePath(scenario));
        const ScenarioLoadResult loaded = loadScenarioFile(sweep.scenarioPath);
        sweep.errors << loaded.errors;
        if (loaded.ok())
            sweep.scenario = *loaded.scenario;
    }
    if (const QJsonValue cycles = root.value(QLatin1String("cycles")); !cycles.isUndefined()) {
        const double n = cycles.toDouble(-1);
        if (!cycles.isDouble() || n < 0 || n != std::floor(n) || n > 9007199254740992.0)
            problem(QStringLiteral("cycles: expected a whole number >= 0"));
        else
            sweep.cycles = qint64(n);
    }
    const QJsonArray axes = root.value(QLatin1String("sweep")).toArray();
    if (axes.isEmpty() || axes.size() > MaxSweepAxes)
        problem(QStringLiteral("sweep: expected 1 or %1 objects {\"path\": PATH, \"values\": \"0..9\"}").arg(MaxSweepAxes));
    for (qsizetype i = 0; i < axes.size() && i < MaxSweepAxes; ++i) {
        const QJsonObject a = axes.at(i).toObject();
        const QString where = QStringLiteral("sweep[%1]").arg(i);
        for (auto it = a.begin(); it != a.end(); ++it) {
            if (it.key() != QLatin1String("path") && it.key() != QLatin1String("values"))
                problem(QStringLiteral("%1.%2: unknown key; the keys are path, values").arg(where, printableText(it.key())));
        }
        QString values;
        const QJsonValue v = a.value(QLatin1String("values"));
        if (v.isString()) {
            values = v.toString();
        } else if (v.isArray()) {
            QStringList items;
            for (const QJsonValue &item : v.toArray())
                items << (item.isDouble() ? QString::number(item.toDouble(), 'g', 17) : QStringLiteral("?"));
            values = items.join(QLatin1Char(','));
        }
        QString error;
        if (!a.value(QLatin1String("path")).isString())
            problem(where + QStringLiteral(".path: expected a setting path, e.g. consumers[0].strategy.threshold"));
        else if (const auto axis = SweepAxis::parse(a.value(QLatin1String("path")).toString() + QLatin1Char('=') + values, &error))
            sweep.axes << *axis;
        else
            problem(where + QStringLiteral(": ") + error);
    }
    return sweep;
}

SweepPlan planSweep(const Scenario &base, const QList<SweepAxis> &axes, qint64 cycles)
{
    SweepPlan plan;
    plan.axes = axes;
    plan.cycles = cycles;
    if (axes.isEmpty() || axes.size() > MaxSweepAxes) {
        plan.errors << QStringLiteral("a sweep varies 1 or %1 settings, not %2").arg(MaxSweepAxes).arg(axes.size());
        return plan;
    }
    qint64 total = 1;
    for (qsizetype i = 0; i < axes.size(); ++i) {
        const SweepAxis &axis = axes.at(i);
        if (axis.values.isEmpty())
            plan.errors << axis.path.toString() + QStringLiteral(": no values to sweep");
        for (qsizetype j = 0; j < i; ++j) {
            if (axes.at(j).path == axis.path)
                plan.errors << axis.path.toString() + QStringLiteral(": swept twice; sweep two different settings");
        }
        total *= std::max<qint64>(1, axis.values.size());
    }
    if (total > MaxSweepPoints)
        plan.errors << QStringLiteral("%1 points, above the limit of %2; sweep fewer values").arg(total).arg(MaxSweepPoints);
    if (!plan.errors.isEmpty())
        return plan;

    // Every value of every axis is checked on its own against the scenario first, so that each
    // bad one is named once, before any grid point is built.
    // An error that does not depend on the value (a misspelled path) is said once for the axis.
    for (const SweepAxis &axis : axes) {
        QStringList errors;                  // in the order first met
        QHash<QString, QStringList> values;  // error -> the values that give it
        for (const QJsonValue &value : axis.values) {
            const CheckedSetting check = checkSetting(base, axis.path, value);
            if (check.ok())
                continue;
            if (!values.contains(check.error))
                errors << check.error;
            values[check.error] << valueText(value);
        }
        for (const QString &error : std::as_const(errors)) {
            const QStringList &bad = values.value(error);
            if (bad.size() == axis.values.size() && bad.size() > 1)
                plan.errors << error + QStringLiteral(" (every sweep value)");
            else if (bad.size() > 5)
                plan.errors << error + QStringLiteral(" (sweep values %1 and %2 more)")
                                               .arg(bad.mid(0, 3).join(QStringLiteral(", ")))
                                               .arg(bad.size() - 3);
            else
                plan.errors << error + QStringLiteral(" (sweep value%1 %2)")
                                               .arg(bad.size() > 1 ? QStringLiteral("s") : QString(),
                                                    bad.join(QStringLiteral(", ")));
        }
        for (const TimelineChange &change : base.timeline) {
            const SettingPath changed = SettingPath::parse(change.path);
            if (changed == axis.path || changed == axis.path.replacedPath() || axis.path.replacedPath() == changed.replacedPath())
                plan.notes << QStringLiteral("%1: the timeline sets it at cycle %2; each swept value holds until then")
                                      .arg(axis.path.toString()).arg(change.atCycle);
        }
    }
    if (!plan.errors.isEmpty())
        return plan;

    const QList<QJsonValue> single{QJsonValue()};
    const QList<QJsonValue> &inner = axes.size() > 1 ? axes.at(1).values : single;
    for (const QJsonValue &outer : axes.at(0).values) {
        const CheckedSetting first = checkSetting(base, axes.at(0).path, outer);
        for (const QJsonValue &second : inner) {
            SweepPoint point;
            point.values << outer;
            if (axes.size() == 1) {
                point.scenario = first.scenario;
            } else {
                point.values << second;
                const CheckedSetting both = checkSetting(first.scenario, axes.at(1).path, second);
                if (!both.ok()) {
                    plan.errors << both.error + QStringLiteral(" (with %1 = %2)").arg(axes.at(0).path.toString(), valueText(outer));
                    continue;
                }
                point.scenario = both.scenario;
            }
            if (cycles < 0) {
                if (const QString reason = Simulation::endlessReason(point.scenario); !reason.isEmpty()) {
                    plan.errors << QStringLiteral("the run would never end: %1; give the sweep a cycle count").arg(reason);
                    plan.points.clear();
                    return plan;
                }
            }
            plan.points << point;
        }
    }
    if (!plan.errors.isEmpty())
        plan.points.clear();
    return plan;
}

SweepPointResult runSweepPoint(const SweepPoint &point, qint64 cycles, const std::atomic<bool> *cancel)
{
    SweepPointResult result;
    result.values = point.values;
    Simulation sim;
    sim.setRecordEvents(false);
    sim.setHashWorkload(true);  // SweepResult::sameWorkload
    if (const QStringList errors = sim.load(point.scenario); !errors.isEmpty()) {
        result.error = errors.join(QStringLiteral("; "));
        return result;
    }
    QElapsedTimer clock;
    clock.start();
    AlarmWatch alarms(sim);  // the point's alarms, as prioritylab-sim's summary has them
    for (qint64 run = 0; !sim.isFinished() && (cycles < 0 || run < cycles); ++run) {
        if (cancel && cancel->load(std::memory_order_relaxed))
            return result;
        sim.step();
    }
    result.summary = summaryToJson(sim, clock.elapsed(), &alarms);
    result.workloadHash = sim.workloadHash();
    return result;
}

std::optional<double> SweepResult::figure(const QJsonObject &s, const QString &key)
{
    const QJsonObject totals = s.value(QLatin1String("totals")).toObject();
    const QJsonObject law = s.value(QLatin1String("littlesLaw")).toObject();
    const double cycles = s.value(QLatin1String("cycles")).toDouble();
    const auto total = [&](const char *name) { return totals.value(QLatin1String(name)).toDouble(); };
    if (key == QLatin1String("processed") || key == QLatin1String("discarded") || key == QLatin1String("queued")
        || key == QLatin1String("postponed") || key == QLatin1String("failed") || key == QLatin1String("produced"))
        return totals.value(key).toDouble();
    if (key == QLatin1String("throughput"))
        return cycles > 0 ? total("processed") / cycles : 0.0;
    if (key == QLatin1String("requeuesPerMessage"))
        return total("produced") > 0 ? (total("postponed") + total("failed")) / total("produced") : 0.0;
    if (key == QLatin1String("longestWait"))
        return s.value(key).toDouble();
    if (key == QLatin1String("alarms"))
        return double(s.value(key).toArray().size());
    if (key == QLatin1String("littleL"))
        return law.value(QLatin1String("L")).toDouble();
    if (key == QLatin1String("littleLambdaW"))
        return law.value(QLatin1String("lambdaW")).toDouble();
    if (key == QLatin1String("littleError"))
        return law.value(QLatin1String("relativeError")).toDouble();
    // "discarded.ttl-expired": 0 for a reason the summary lists without a discard.
    if (key.startsWith(QLatin1String("discarded."))) {
        const QJsonValue byReason = s.value(QLatin1String("discardedByReason"));
        if (!byReason.isObject())
            return std::nullopt;
        return byReason.toObject().value(key.mid(10)).toDouble(0);
    }
    // "p50.high", "p95.mid", "max.low": a priority class.
    if (const qsizetype classDot = key.indexOf(QLatin1Char('.')); classDot > 0 && !key.contains(QLatin1String(".priority"))) {
        const QString name = key.mid(classDot + 1);
        for (const QJsonValue &row : s.value(QLatin1String("latencyByClass")).toArray()) {
            if (row[QLatin1String("class")].toString() == name)
                return row[key.left(classDot)].toDouble();
        }
        return std::nullopt;
    }
    // "p50.priority9", "p95.priority9", "max.priority9".
    const qsizetype dot = key.indexOf(QLatin1String(".priority"));
    if (dot > 0) {
        const int priority = key.mid(dot + 9).toInt();
        for (const QJsonValue &row : s.value(QLatin1String("latencyByPriority")).toArray()) {
            if (row[QLatin1String("priority")].toInt() == priority)
                return row[key.left(dot)].toDouble();
        }
    }
    return std::nullopt;
}

QList<SweepFigure> SweepResult::figures() const
{
    QList<SweepFigure> list{{QStringLiteral("produced"), QStringLiteral("produced")},
                            {QStringLiteral("processed"), QStringLiteral("processed")},
                            {QStringLiteral("throughput"), QStringLiteral("throughput (msg/cycle)")},
                            {QStringLiteral("discarded"), QStringLiteral("discarded (data lost)")}};
    for (const QString &reason : discardReasons())
        list << SweepFigure{QStringLiteral("discarded.") + reason, QStringLiteral("discarded: ") + printableText(reason)};
    list << QList<SweepFigure>{{QStringLiteral("queued"), QStringLiteral("queued at end")},
                               {QStringLiteral("postponed"), QStringLiteral("postponed")},
                               {QStringLiteral("failed"), QStringLiteral("failed")},
                               {QStringLiteral("requeuesPerMessage"), QStringLiteral("requeues per message")},
                               {QStringLiteral("longestWait"), QStringLiteral("longest wait (cycles)")},
                               {QStringLiteral("alarms"), QStringLiteral("alarms")},
                               {QStringLiteral("littleL"), QStringLiteral("Little's law: L (messages)")},
                               {QStringLiteral("littleLambdaW"), QStringLiteral("Little's law: λW (messages)")},
                               {QStringLiteral("littleError"), QStringLiteral("Little's law: |L − λW| / L")}};
    for (const PriorityClass &c : BrokerConfig::priorityClasses()) {
        bool processed = false;
        for (const SweepPointResult &p : points) {
            for (const QJsonValue &row : p.summary.value(QLatin1String("latencyByClass")).toArray())
                processed = processed || row[QLatin1String("class")].toString() == c.name;
        }
        if (!processed)
            continue;
        for (const char *stat : {"p50", "p95", "max"})
            list << SweepFigure{QStringLiteral("%1.%2").arg(QLatin1String(stat), c.name),
                                QStringLiteral("latency %1, %2 %3 (cycles)").arg(QLatin1String(stat), c.name, c.rangeText())};
    }
    QList<int> priorities;
    for (const SweepPointResult &p : points) {
        for (const QJsonValue &row : p.summary.value(QLatin1String("latencyByPriority")).toArray()) {
            const int priority = row[QLatin1String("priority")].toInt();
            if (!priorities.contains(priority))
                priorities << priority;
        }
    }
    std::sort(priorities.begin(), priorities.end(), std::greater<int>());
    for (int priority : std::as_const(priorities)) {
        for (const char *stat : {"p50", "p95", "max"})
            list << SweepFigure{QStringLiteral("%1.priority%2").arg(QLatin1String(stat)).arg(priority),
                                QStringLiteral("latency %1, priority %2 (cycles)").arg(QLatin1String(stat)).arg(priority)};
    }
    return list;
}

QStringList SweepResult::discardReasons() const
{
    QStringList reasons = StrategyRegistry::instance().discardReasons();
    QStringList others;
    for (const SweepPointResult &p : points) {
        const QJsonObject byReason = p.summary.value(QLatin1String("discardedByReason")).toObject();
        for (auto it = byReason.begin(); it != byReason.end(); ++it) {
            if (!reasons.contains(it.key()) && !others.contains(it.key()))
                others << it.key();
        }
    }
    std::sort(others.begin(), others.end());
    return reasons + others;
}

QJsonObject SweepResult::toJson() const
{
    QJsonArray paths;
    for (const SweepAxis &axis : axes)
        paths.append(axis.path.toString());
    QJsonArray list;
    for (const SweepPointResult &p : points) {
        if (!p.ran())
            continue;
        QJsonObject values;
        for (qsizetype i = 0; i < axes.size() && i < p.values.size(); ++i)
            values.insert(axes.at(i).path.toString(), p.values.at(i));
        list.append(QJsonObject{{QStringLiteral("values"), values}, {QStringLiteral("summary"), p.summary}});
    }
    return QJsonObject{{QStringLiteral("sweep"), paths},
                       {QStringLiteral("cycles"), cycles},
                       {QStringLiteral("sameWorkload"), sameWorkload},
                       {QStringLiteral("cancelled"), cancelled},
                       {QStringLiteral("points"), list}};
}

QByteArray SweepResult::toCsv() const
{
    const QList<SweepFigure> columns = figures();
    QByteArrayList header;
    for (const SweepAxis &axis : axes)
        header << csvCell(axis.path.toString());
    for (const SweepFigure &f : columns)
        header << csvCell(f.key);
    QByteArray csv = header.join(',') + '\n';
    for (const SweepPointResult &p : points) {
        if (!p.ran())
            continue;
        QByteArrayList cells;
        for (const QJsonValue &v : p.values)
            cells << csvCell(valueText(v));
        for (const SweepFigure &f : columns)
            cells << figureText(figure(p.summary, f.key)).toUtf8();
        csv += cells.join(',') + '\n';
    }
    return csv;
}

QString SweepResult::toText() const
{
    // The swept values, then the figures that tell points apart at a glance; the CSV and the
    // JSON have every figure.
    QList<SweepFigure> shown;
    for (const SweepFigure &f : figures()) {
        static const QStringList keys{QStringLiteral("processed"), QStringLiteral("throughput"),
                                      QStringLiteral("discarded"), QStringLiteral("queued"),
                                      QStringLiteral("requeuesPerMessage"), QStringLiteral("longestWait"),
                                      QStringLiteral("alarms"), QStringLiteral("littleError")};
        if (keys.contains(f.key) || f.key.startsWith(QLatin1String("p95.")))
            shown << f;
    }
    QList<QStringList> rows;
    QStringList header;
    for (const SweepAxis &axis : axes)
        header << axis.path.toString();
    for (const SweepFigure &f : std::as_const(shown))
        header << (f.key.startsWith(QLatin1String("p95.priority")) ? QStringLiteral("p95 prio ") + f.key.mid(12)
                   : f.key.startsWith(QLatin1String("p95."))          ? QStringLiteral("p95 ") + f.key.mid(4)
                                                                      : f.key);
    rows << header;
    for (const SweepPointResult &p : points) {
        if (!p.ran())
            continue;
        QStringList cells;
        for (const QJsonValue &v : p.values)
            cells << valueText(v);
        for (const SweepFigure &f : std::as_const(shown)) {
            const auto v = figure(p.summary, f.key);
            cells << (v ? (f.key == QLatin1String("throughput") || f.key == QLatin1String("requeuesPerMessage")
                                   || f.key == QLatin1String("littleError")
                               ? QString::number(*v, 'f', f.key == QLatin1String("littleError") ? 4 : 2)
                               : figureText(v))
                        : QStringLiteral("n/a"));
        }
        rows << cells;
    }
    QString text;
    for (const QString &line : alignedTableLines(rows, axes.size()))
        text += line + QLatin1Char('\n');
    if (!sameWorkload)
        text += QStringLiteral("note: the points produced different messages (a swept setting changes the producers)\n");
    if (cancelled)
        text += QStringLiteral("note: cancelled; only the points that ended are shown\n");
    return text;
}

SweepRunner::SweepRunner(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<void>::progressValueChanged, this, [this](int done) {
        if (m_running)
            Q_EMIT progress(done, int(m_jobs.size()));
    });
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, &SweepRunner::collect);
}

SweepRunner::~SweepRunner()
{
    cancel();
    waitForDone();
}

bool SweepRunner::start(const SweepPlan &plan, int threads)
{
    if (m_running || !plan.ok())
        return false;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_result = SweepResult();
    m_result.axes = plan.axes;
    m_result.cycles = plan.cycles;
    m_jobs.clear();
    for (const SweepPoint &point : plan.points)
        m_jobs.append(Job{point, {}});
    m_pool.setMaxThreadCount(threads > 0 ? threads : std::max(1, QThread::idealThreadCount()));
    const qint64 cycles = plan.cycles;
    const std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    m_watcher.setFuture(QtConcurrent::map(&m_pool, m_jobs, [cycles, cancel](Job &job) {
        job.result = runSweepPoint(job.point, cycles, cancel.get());
        // The point's predicates compiled in this pool thread's engine; let it go with the point,
        // in this thread, rather than with the thread, which may outlive the program's end (an
        // engine left then reads as a leak to LeakSanitizer, and holds memory meanwhile).
        Expression::releaseThreadEngine();
    }));
    Q_EMIT progress(0, int(m_jobs.size()));
    return true;
}

void SweepRunner::cancel()
{
    if (!m_running)
        return;
    m_cancel->store(true);
    m_watcher.cancel();
}

void SweepRunner::waitForDone()
{
    m_watcher.waitForFinished();
    m_pool.waitForDone();
}

void SweepRunner::collect()
{
    if (!m_running)
        return;
    // Every point has ended; the pool's idle threads go too, so nothing of the sweep runs on.
    m_pool.waitForDone();
    m_result.cancelled = m_cancel->load();
    quint64 hash = 0;
    bool first = true;
    for (Job &job : m_jobs) {
        if (job.result.values.isEmpty())
            job.result.values = job.point.values;
        if (job.result.ran()) {
            if (!first && job.result.workloadHash != hash)
                m_result.sameWorkload = false;
            hash = job.result.workloadHash;
            first = false;
        }
        m_result.points << job.result;
    }
    m_jobs.clear();
    m_running = false;
    Q_EMIT finished();
}

SweepResult runSweep(const SweepPlan &plan, int threads, const std::function<void(int, int)> &onProgress)
{
    SweepRunner runner;
    QEventLoop loop;
    QObject::connect(&runner, &SweepRunner::finished, &loop, &QEventLoop::quit);
    if (onProgress)
        QObject::connect(&runner, &SweepRunner::progress, &loop, onProgress);
    if (!runner.start(plan, threads))
        return SweepResult();
    loop.exec();
    return runner.result();
}

} // namespace PriorityLab
