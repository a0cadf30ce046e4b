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
    if (cps >= 10 || std::abs(cps - std::round(cps)) < 0.05)
        return tr("%1 cycles/s").arg(std::lround(cps));
    return tr("%1 cycles/s").arg(cps, 0, 'f', 1);
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

    const QString tip = tr("How many cycles run per second: from 1 (watch each batch) to 1000, "
                           "and at the right end as fast as the machine can. In one cycle the "
                           "producers send what is due and the broker hands out batches. The speed "
                           "never changes the results: the same scenario and seed give the same "
                           "events at any speed.");
    for (QWidget *w : {static_cast<QWidget *>(caption), static_cast<QWidget *>(m_slider),
                       static_cast<QWidget *>(m_label)})
        w->setToolTip(tip);

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
    m_label->setText(describe(m_intervalMs));
}

void SpeedControl::onSliderMoved(int position)
{
    const int ms = intervalOfStep(position);
    m_label->setText(describe(ms));
    if (ms == m_intervalMs)
        return;
    m_intervalMs = ms;
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
