#pragma once

#include <QList>
#include <QWidget>

class QLabel;
class QSlider;

namespace PriorityLab {

/// The speed control of the run toolbar: a slider over 1 to 1000 cycles per second in
/// roughly logarithmic steps, with "as fast as possible" at the right end, and a label naming the
/// speed. It speaks in timer intervals, the setting broker.cycleIntervalMs: 1000 / (cycles per
/// second) milliseconds, 0 for "as fast as possible". The window sends intervalChanged() to
/// Simulation::setIntervalMs() (the view's speed: no undo step, the scenario is not modified)
/// and shows the simulation's interval back with setIntervalMs().
class SpeedControl : public QWidget
{
    Q_OBJECT

public:
    explicit SpeedControl(QWidget *parent = nullptr);

    /// Current interval in milliseconds; 0 = as fast as possible.
    int intervalMs() const { return m_intervalMs; }

    /// Shows @p ms (e.g. a scenario's cycleIntervalMs) with the nearest slider step, without
    /// emitting intervalChanged(); the label names the exact speed.
    void setIntervalMs(int ms);

    /// One step faster or slower; emits intervalChanged() if the speed changed.
    void faster();
    void slower();

    /// Speeds of the slider's steps in cycles per second; the last step (0) is "as fast as
    /// possible".
    static QList<int> steps();

    /// The speed in words, e.g. "5 cycles/s" or "as fast as possible".
    static QString describe(int intervalMs);

    /// The scenario's own interval (SetupEditor::scenarioIntervalMs(), what Save writes), which
    /// the speed is compared with: the label says e.g. "6×" when the run is watched 6 times as
    /// fast as the scenario's interval. Emits nothing.
    void setScenarioIntervalMs(int ms);
    int scenarioIntervalMs() const { return m_scenarioMs; }

    /// The speed in full, e.g. "Speed 6× (33 ms per cycle, 30 cycles/s); the scenario's
    /// interval stays 200 ms", "Speed 1× (200 ms per cycle, 5 cycles/s): the scenario's interval"
    /// or "Speed: as fast as possible; the scenario's interval stays 200 ms", for the status
    /// bar, the Simulation menu and the tooltip. @p intervalMs and @p scenarioMs in milliseconds
    /// (0 = as fast as possible).
    static QString speedText(int intervalMs, int scenarioMs);
    /// The factor of speedText() alone, e.g. "6×", "0.5×", "1×"; empty when either interval is 0.
    static QString factor(int intervalMs, int scenarioMs);

Q_SIGNALS:
    /// The user moved the slider to a new speed.
    void intervalChanged(int ms);

private:
    void onSliderMoved(int position);
    static int intervalOfStep(int step);

    QSlider *m_slider = nullptr;
    void updateLabel();

    QLabel *m_label = nullptr;
    QString m_tip;
    int m_intervalMs = 200;
    int m_scenarioMs = 200;
};

} // namespace PriorityLab
