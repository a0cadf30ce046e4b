#include "ui/setup/panelform.h"

#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace PriorityLab::PanelForm {

Content scrolledContent(QWidget *panel)
{
    auto *scroll = new QScrollArea(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The fields take the keyboard, not the area around them: as a Tab stop it was F6's first
    // stop in the pane, outlined by a 1-px frame that the lesson's orange outline hid.
    scroll->setFocusPolicy(Qt::NoFocus);
    Content content;
    content.widget = new QWidget;
    content.layout = new QVBoxLayout(content.widget);
    content.layout->setContentsMargins(6, 6, 6, 6);
    scroll->setWidget(content.widget);
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    return content;
}

QSpinBox *spinBox(QWidget *parent, int minimum, int maximum, const QString &tip, const QString &suffix,
                  const QString &sample)
{
    auto *spin = new QSpinBox(parent);
    spin->setRange(minimum, maximum);
    spin->setSuffix(suffix);
    spin->setKeyboardTracking(false);
    spin->setAccelerated(true);
    spin->setToolTip(tip);
    spin->setMinimumWidth(spin->fontMetrics().horizontalAdvance(sample + suffix) + 36);
    spin->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    return spin;
}

void setSpin(QSpinBox *spin, int value)
{
    if (spin->value() == value)
        return;
    const QSignalBlocker blocker(spin);
    spin->setValue(value);
}

} // namespace PriorityLab::PanelForm
