#include "ui/common/notelabels.h"

#include <QLabel>

namespace PriorityLab {

QLabel *newErrorLabel(QWidget *parent, const QString &style)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setStyleSheet(style.isEmpty() ? QStringLiteral("color: #b00020;")
                                         : QStringLiteral("color: #b00020; ") + style);
    label->setVisible(false);
    return label;
}

QLabel *newNoteLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    QFont italic = label->font();
    italic.setItalic(true);
    label->setFont(italic);
    label->setVisible(false);
    return label;
}

} // namespace PriorityLab
