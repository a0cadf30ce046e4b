#include "ui/common/sizeguard.h"

#include <QEvent>
#include <QLabel>

namespace PriorityLab {

SizeGuard::SizeGuard(QWidget *child, QWidget *parent) : QWidget(parent), m_child(child)
{
    setObjectName(child->objectName().isEmpty() ? QStringLiteral("sizeGuard")
                                                : child->objectName() + QStringLiteral("Guard"));
    // A child not hidden on purpose stays shown in its new parent (setParent() hides it).
    const bool hidden = child->isHidden() && child->testAttribute(Qt::WA_WState_ExplicitShowHide);
    child->setParent(this);
    child->move(0, 0);
    if (!hidden)
        child->show();
    else
        hide();
    child->installEventFilter(this);  // the guard is shown and hidden with it
    m_passed = read();
}

SizeGuard::Hints SizeGuard::read()
{
    Hints h;
    h.hint = m_child->sizeHint();
    h.minimumHint = m_child->minimumSizeHint();
    h.minimum = m_child->minimumSize();
    h.maximum = m_child->maximumSize();
    h.policy = m_child->sizePolicy();
    if (m_child->hasHeightForWidth() && width() > 0) {
        h.width = width();
        h.heightForWidth = heightForWidth(width());
    }
    // The layout reads limits and policy from the guard itself.
    if (minimumSize() != h.minimum)
        setMinimumSize(h.minimum);
    if (maximumSize() != h.maximum)
        setMaximumSize(h.maximum);
    if (sizePolicy() != h.policy)
        setSizePolicy(h.policy);
    return h;
}

void SizeGuard::formChanged()
{
    m_measured.fill(Measured());
    m_passed = read();
    updateGeometry();
}

QSize SizeGuard::sizeHint() const
{
    return m_child->sizeHint();
}

QSize SizeGuard::minimumSizeHint() const
{
    return m_child->minimumSizeHint();
}

bool SizeGuard::hasHeightForWidth() const
{
    return m_child->hasHeightForWidth();
}

int SizeGuard::heightForWidth(int width) const
{
    const auto *label = qobject_cast<const QLabel *>(m_child);
    if (!label)
        return m_child->heightForWidth(width);
    const QString text = label->text();
    const QFont font = label->font();
    for (const Measured &m : m_measured) {
        if (m.width == width && m.text == text && m.font == font)
            return m.height;
    }
    Measured &m = m_measured[m_nextMeasured];
    m_nextMeasured = (m_nextMeasured + 1) % m_measured.size();
    m = {width, label->heightForWidth(width), text, font};
    return m.height;
}

bool SizeGuard::event(QEvent *event)
{
    // A hidden guard hears no LayoutRequest: what changed meanwhile is passed on when it shows.
    if (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Show) {
        m_measured.fill(Measured());  // its style or margins may have changed too
        const Hints now = read();
        if (!(now == m_passed)) {
            m_passed = now;
            updateGeometry();
        }
        m_child->setGeometry(rect());
        if (event->type() == QEvent::LayoutRequest)
            return true;
    }
    return QWidget::event(event);
}

bool SizeGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_child) {
        if (event->type() == QEvent::ShowToParent)
            show();
        else if (event->type() == QEvent::HideToParent)
            hide();
    }
    return QWidget::eventFilter(watched, event);
}

void SizeGuard::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_child->setGeometry(rect());
    // The width heightForWidth is compared at.
    m_passed = read();
}

} // namespace PriorityLab
