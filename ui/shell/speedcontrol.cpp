#include "ui/shell/speedcontrol.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>
#include <cstdlib>

namespace PriorityLab {

QList<int> SpeedControl::steps()
{
    return {1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000, 0};
}

int SpeedControl::intervalOfStep(int step)
{
    const int cps = steps().value(step, 0);
    return cps <= 0 ? 0 : int(std::lround(1000.0 / cps));
}

QString SpeedControl::describe(int intervalMs)
{
    if (intervalMs <= 0)
        return tr("as fast as possible");
    const double cps = 1000.0 / intervalMs;
    if (cps >= 10 || std::abs(cps - std::round(cps)) < 0.05) {
        const long whole = std::lround(cps);
        return whole == 1 ? tr("1 cycle/s") : tr("%1 cycles/s").arg(whole);
    }
    return tr("%1 cycles/s").arg(cps, 0, 'f', 1);
}

QString SpeedControl::factor(int intervalMs, int scenarioMs)
{
    if (intervalMs <= 0 || scenarioMs <= 0)
        return {};
    const double f = double(scenarioMs) / intervalMs;
    // Whole where the rates shown beside it make it whole: 33 ms against 200 ms is 6.06, and
    // reads "30 cycles/s" against "5 cycles/s", so "6×", not "6.1×" (within 2 %).
    if (std::abs(f - std::round(f)) < std::max(0.05, f * 0.02) || f >= 10)
        return tr("%1×").arg(std::lround(f));
    return tr("%1×").arg(f, 0, 'g', 2);
}

QString SpeedControl::speedText(int intervalMs, int scenarioMs)
{
    const QString scenario = scenarioMs <= 0 ? tr("as fast as possible") : tr("%1 ms").arg(scenarioMs);
    if (intervalMs == scenarioMs) {
        if (intervalMs <= 0)
            return tr("Speed: as fast as possible, the scenario's interval");
        return tr("Speed 1× (%1 ms per cycle, %2): the scenario's interval").arg(intervalMs).arg(describe(intervalMs));
    }
    if (intervalMs <= 0)
        return tr("Speed: as fast as possible; the scenario's interval stays %1").arg(scenario);
    const QString f = factor(intervalMs, scenarioMs);
    const QString lead = f.isEmpty() ? tr("Speed %1 ms per cycle (%2)").arg(intervalMs).arg(describe(intervalMs))
                                     : tr("Speed %1 (%2 ms per cycle, %3)").arg(f).arg(intervalMs).arg(describe(intervalMs));
    return tr("%1; the scenario's interval stays %2").arg(lead, scenario);
}

void SpeedControl::setScenarioIntervalMs(int ms)
{
    m_scenarioMs = std::max(0, ms);
    updateLabel();
}

void SpeedControl::updateLabel()
{
    const QString f = factor(m_intervalMs, m_scenarioMs);
    m_label->setText(m_intervalMs == m_scenarioMs || f.isEmpty()
                             ? describe(m_intervalMs)
                             : tr("%1 · %2").arg(describe(m_intervalMs), f));
    const QString tip = m_tip + QStringLiteral("\n\n") + speedText(m_intervalMs, m_scenarioMs)
                        + tr(". The speed is how fast you watch: not an edit, not saved, no \"*\" in "
                             "the title; the scenario's own interval is the broker panel's Cycle "
                             "interval.");
    for (QWidget *w : findChildren<QWidget *>())
        w->setToolTip(tip);
}

SpeedControl::SpeedControl(QWidget *parent) : QWidget(parent)
{
    auto *caption = new QLabel(tr("Speed"), this);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, int(steps().size()) - 1);
    m_slider->setPageStep(1);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setFixedWidth(180);
    m_slider->setFocusPolicy(Qt::TabFocus);  // a click leaves Space and Right to the run keys
    m_label = new QLabel(this);
    m_label->setMinimumWidth(m_label->fontMetrics().horizontalAdvance(describe(0)) + 8);

    m_tip = tr("How many cycles run per second: from 1 (watch each batch) to 1000, "
                           "and at the right end as fast as the machine can. In one cycle the "
                           "producers send what is due and the broker hands out batches. The speed "
                           "never changes the results: the same scenario and seed give the same "
                           "events at any speed.");

    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(caption);
    layout->addWidget(m_slider);
    layout->addWidget(m_label);

    connect(m_slider, &QSlider::valueChanged, this, &SpeedControl::onSliderMoved);
    setIntervalMs(m_intervalMs);
}

void SpeedControl::setIntervalMs(int ms)
{
    m_intervalMs = std::max(0, ms);
    int best = int(steps().size()) - 1;
    if (m_intervalMs > 0) {
        double bestDistance = 1e300;
        for (int i = 0; i + 1 < steps().size(); ++i) {
            const double distance = std::abs(std::log(double(intervalOfStep(i)) / m_intervalMs));
            if (distance < bestDistance) {
                bestDistance = distance;
                best = i;
            }
        }
    }
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(best);
    updateLabel();
}

void SpeedControl::onSliderMoved(int position)
{
    const int ms = intervalOfStep(position);
    if (ms == m_intervalMs)
        return;
    m_intervalMs = ms;
    updateLabel();
    Q_EMIT intervalChanged(ms);
}

void SpeedControl::faster()
{
    m_slider->setValue(m_slider->value() + 1);
}

void SpeedControl::slower()
{
    m_slider->setValue(m_slider->value() - 1);
}

} // namespace PriorityLab
