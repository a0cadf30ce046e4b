#include "ui/setup/panelform.h"
#include "ui/common/countspinbox.h"

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

namespace {

QSpinBox *setUp(QSpinBox *spin, int minimum, int maximum, const QString &tip, const QString &suffix,
                const QString &sample)
{
    spin->setRange(minimum, maximum);
    spin->setKeyboardTracking(false);
    spin->setAccelerated(true);
    spin->setToolTip(tip);
    spin->setMinimumWidth(spin->fontMetrics().horizontalAdvance(sample + suffix) + 36);
    spin->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    return spin;
}

} // namespace

QSpinBox *spinBox(QWidget *parent, int minimum, int maximum, const QString &tip, const QString &suffix,
                  const QString &sample)
{
    auto *spin = new QSpinBox(parent);
    spin->setSuffix(suffix);
    return setUp(spin, minimum, maximum, tip, suffix, sample);
}

QSpinBox *spinBox(QWidget *parent, int minimum, int maximum, const QString &tip, const CountUnit &unit,
                  const QString &sample)
{
    return setUp(new CountSpinBox(unit.one, unit.many, parent), minimum, maximum, tip, unit.many, sample);
}

void setSpin(QSpinBox *spin, int value)
{
    if (spin->value() == value)
        return;
    const QSignalBlocker blocker(spin);
    spin->setValue(value);
}

} // namespace PriorityLab::PanelForm
