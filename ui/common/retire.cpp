#include "ui/common/retire.h"

#include <QWidget>

namespace PriorityLab {

void retireWidget(QWidget *widget)
{
    const QList<QWidget *> fields = widget->findChildren<QWidget *>();
    for (QWidget *field : fields)
        field->blockSignals(true);  // its edits reach nothing; destroyed() is still sent
    widget->hide();
    widget->deleteLater();
}

} // namespace PriorityLab
