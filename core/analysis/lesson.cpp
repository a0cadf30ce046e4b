#include "core/analysis/lesson.h"

#include "core/engine/simulation.h"

namespace PriorityLab {

qint64 lessonFigure(const Simulation &simulation, const QString &figure)
{
    if (figure == QLatin1String("cycle"))
        return simulation.cycle();
    if (figure == QLatin1String("queued"))
        return simulation.queued();
    if (figure == QLatin1String("held"))
        return simulation.held();
    // The others are running totals, by their name in lessonFigures().
    if (!lessonFigures().contains(figure))
        return 0;
    for (const auto &[name, member] : Counts::fields()) {
        if (figure == QLatin1String(name))
            return simulation.metrics().totals().*member;
    }
    return 0;
}

bool lessonStepDone(const LessonStep &step, const Simulation &simulation)
{
    if (!step.untilCycle && !step.until)
        return true;
    if (step.untilCycle && simulation.cycle() >= *step.untilCycle)
        return true;
    if (step.until) {
        const qint64 value = lessonFigure(simulation, step.until->figure);
        if (step.until->above ? value > step.until->bound : value < step.until->bound)
            return true;
    }
    return simulation.isFinished();
}

QString describeLessonStepEnd(const LessonStep &step)
{
    QStringList parts;
    if (step.untilCycle)
        parts << QStringLiteral("cycle %1").arg(*step.untilCycle);
    if (step.until)
        parts << QStringLiteral("%1 is %2 %3")
                         .arg(step.until->figure, step.until->above ? QStringLiteral("above") : QStringLiteral("below"))
                         .arg(step.until->bound);
    if (parts.isEmpty())
        return {};
    return QStringLiteral("Runs until ") + parts.join(QStringLiteral(" or until ")) + QLatin1Char('.');
}

QList<TimelineChange> lessonStepSettings(const Scenario &scenario, qint64 maxCycles)
{
    const QList<LessonStep> &steps = scenario.steps;
    qsizetype last = -1;  // the last step that sets something
    for (qsizetype i = 0; i < steps.size(); ++i) {
        if (!steps.at(i).set.isEmpty())
            last = i;
    }
    QList<TimelineChange> settings;
    if (last < 0)
        return settings;
    Simulation sim;
    sim.setRecordEvents(false);
    if (!sim.load(scenario).isEmpty())
        return settings;
    const auto enter = [&](qsizetype step) {
        for (const TimelineChange &c : steps.at(step).set) {
            if (sim.applySetting(c.path, c.value).isEmpty())
                settings << TimelineChange{sim.cycle(), c.path, c.value};
        }
    };
    qsizetype step = 0;
    enter(step);
    while (step < last && sim.cycle() <= maxCycles) {
        if (lessonStepDone(steps.at(step), sim)) {
            enter(++step);
            continue;
        }
        if (sim.isFinished())
            break;
        sim.step();
    }
    return settings;
}

} // namespace PriorityLab
