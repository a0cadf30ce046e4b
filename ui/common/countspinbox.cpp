#include "ui/common/countspinbox.h"

namespace PriorityLab {

CountSpinBox::CountSpinBox(const QString &one, const QString &many, QWidget *parent)
    : QSpinBox(parent), m_one(one), m_many(many)
{
}

QString CountSpinBox::textFromValue(int value) const
{
    return QSpinBox::textFromValue(value) + unitFor(value);
}

int CountSpinBox::valueFromText(const QString &text) const
{
    return QSpinBox::valueFromText(withoutUnit(text));
}

QValidator::State CountSpinBox::validate(QString &text, int &pos) const
{
    QString number = withoutUnit(text);
    int at = std::min<int>(pos, int(number.size()));
    return QSpinBox::validate(number, at);
}

QString CountSpinBox::withoutUnit(const QString &text) const
{
    for (const QString &unit : {m_many, m_one}) {
        const QString bare = unit.trimmed();
        if (!bare.isEmpty() && text.trimmed().endsWith(bare))
            return text.trimmed().chopped(bare.size()).trimmed();
    }
    return text.trimmed();
}

} // namespace PriorityLab
