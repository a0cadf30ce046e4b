#include "ui/common/notelabels.h"
#include "ui/common/textcolors.h"

#include <QLabel>

namespace PriorityLab {

QLabel *newErrorLabel(QWidget *parent, bool bold)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    TextColors::apply(label, TextColors::Tone::Error);
    if (bold) {
        QFont font = label->font();
        font.setBold(true);
        label->setFont(font);
    }
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
