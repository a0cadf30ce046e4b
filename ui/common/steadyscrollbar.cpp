#include "ui/common/steadyscrollbar.h"

#include <QStyleOptionSlider>

namespace PriorityLab {

SteadyScrollBar::SteadyScrollBar(QWidget *parent) : SteadyScrollBar(Qt::Vertical, parent) { }

SteadyScrollBar::SteadyScrollBar(Qt::Orientation orientation, QWidget *parent) : QScrollBar(orientation, parent) { }

SteadyScrollBar::Look SteadyScrollBar::look() const
{
    QStyleOptionSlider option;
    initStyleOption(&option);
    Look l;
    l.handle = style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, this);
    l.atMinimum = option.sliderPosition == option.minimum;
    l.atMaximum = option.sliderPosition == option.maximum;
    l.empty = option.minimum == option.maximum;
    return l;
}

void SteadyScrollBar::sliderChange(SliderChange change)
{
    // Orientation changes and anything not painted yet repaint as before.
    if ((change != SliderRangeChange && change != SliderValueChange && change != SliderStepsChange)
        || !m_hasPainted) {
        QScrollBar::sliderChange(change);
        return;
    }
    // Decided once the changes of this pass are made, before the window's repaint (a posted
    // call comes before the low-priority update request): a log that grows and then scrolls to
    // its end moves the handle and puts it back, which repainted for nothing.
    if (m_checkPending)
        return;
    m_checkPending = true;
    QMetaObject::invokeMethod(this, &SteadyScrollBar::repaintIfChanged, Qt::QueuedConnection);
}

void SteadyScrollBar::repaintIfChanged()
{
    m_checkPending = false;
    if (look() == m_painted)
        ++m_skipped;
    else
        update();
}

void SteadyScrollBar::paintEvent(QPaintEvent *event)
{
    QScrollBar::paintEvent(event);
    m_painted = look();
    m_hasPainted = true;
}

} // namespace PriorityLab
