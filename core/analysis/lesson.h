#pragma once

#include "core/model/config.h"

#include <QList>

#include <QString>

namespace PriorityLab {

class Simulation;

/// The value of a lesson figure (lessonFigures()) in @p simulation now: "cycle" is the number of
/// cycles run, "queued" the messages in the queue, the others the run's totals (messages).
/// Returns 0 for an unknown figure (the reader refuses those).
qint64 lessonFigure(const Simulation &simulation, const QString &figure);

/// True when @p step is done in @p simulation: its untilCycle cycles have run, or its condition
/// holds. A step with neither is done at once (it only tells something).
bool lessonStepDone(const LessonStep &step, const Simulation &simulation);

/// How far @p step runs, in words for the lesson panel: "Runs until cycle 60.", "Runs until
/// discarded is above 0.", "Runs until cycle 200 or until queued is below 5.", or "" for a step
/// that does not run.
QString describeLessonStepEnd(const LessonStep &step);

/// The settings @p scenario's lesson steps apply (LessonStep::set) as timeline changes at the
/// cycles the steps are entered on when the lesson is played through from cycle 0, each step
/// entered on the cycle the one before it is done (as the lesson panel's Next and runCycles()
/// enter them): what "Run as watched" holds once every step was played. Runs @p scenario
/// headless until the last step with settings is entered, at most @p maxCycles cycles; empty
/// for a scenario whose steps set nothing (or that does not load).
QList<TimelineChange> lessonStepSettings(const Scenario &scenario, qint64 maxCycles);

} // namespace PriorityLab
