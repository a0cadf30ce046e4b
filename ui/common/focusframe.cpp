#include "ui/common/focusframe.h"

#include "ui/common/highlightoverlay.h"

#include <QApplication>

namespace PriorityLab {

FocusFrame::FocusFrame(QWidget *window)
    : QObject(window), m_window(window), m_overlay(new HighlightOverlay(window))
{
    m_overlay->setObjectName(QStringLiteral("focusFrame"));
    m_overlay->setLine(2, Qt::DashLine);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) { focusChanged(now); });
    focusChanged(QApplication::focusWidget());
}

QWidget *FocusFrame::target() const
{
    return m_overlay->target();
}

void FocusFrame::focusChanged(QWidget *now)
{
    const bool inside = now && now != m_window && now->window() == m_window && m_window->isAncestorOf(now);
    m_overlay->setTarget(inside ? now : nullptr);
}

} // namespace PriorityLab
