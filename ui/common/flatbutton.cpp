#include "ui/common/flatbutton.h"

#include <QToolButton>

namespace PriorityLab {

QToolButton *newFlatButton(QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setAutoRaise(true);
    button->setFocusPolicy(Qt::TabFocus);
    return button;
}

} // namespace PriorityLab
