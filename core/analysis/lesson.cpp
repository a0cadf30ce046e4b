#include "core/analysis/lesson.h"

#include "core/engine/simulation.h"

namespace PriorityLab {

qint64 lessonFigure(const Simulation &simulation, const QString &figure)
{
    const Counts &t = simulation.metrics().totals();
    if (figure == QLatin1String("cycle"))
        return simulation.cycle();
    if (figure == QLatin1String("queued"))
        return simulation.broker().size();
    if (figure == QLatin1String("produced"))
        return t.produced;
    if (figure == QLatin1String("dispatched"))
        return t.dispatched;
    if (figure == QLatin1String("processed"))
        return t.processed;
    if (figure == QLatin1String("postponed"))
        return t.postponed;
    if (figure == QLatin1String("discarded"))
        return t.discarded;
    if (figure == QLatin1String("failed"))
        return t.failed;
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

} // namespace PriorityLab
