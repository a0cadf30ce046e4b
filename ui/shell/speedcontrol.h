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

Q_SIGNALS:
    /// The user moved the slider to a new speed.
    void intervalChanged(int ms);

private:
    void onSliderMoved(int position);
    static int intervalOfStep(int step);

    QSlider *m_slider = nullptr;
    QLabel *m_label = nullptr;
    int m_intervalMs = 200;
};

} // namespace PriorityLab
