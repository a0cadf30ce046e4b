#include "ui/common/countsuffix.h"

#include <QSpinBox>

namespace PriorityLab {

void setCountSuffix(QSpinBox *box, const QString &one, const QString &many)
{
    const auto agree = [box, one, many](int value) { box->setSuffix(value == 1 ? one : many); };
    agree(box->value());
    QObject::connect(box, &QSpinBox::valueChanged, box, agree);
}

} // namespace PriorityLab
