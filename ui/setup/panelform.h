#pragma once

// The form set-up shared by the setup panels (BrokerPanel, ProducerPanel): a scrolling content
// area filling the panel and compact spin boxes.

#include <QString>

class QSpinBox;
class QVBoxLayout;
class QWidget;

namespace PriorityLab::PanelForm {

/// The widget a panel fills and its vertical layout (6 px margins).
struct Content
{
    QWidget *widget = nullptr;
    QVBoxLayout *layout = nullptr;
};

/// Makes @p panel one frameless scroll area (vertical scrolling only, no margins, no Tab stop of
/// its own: its fields are) around a new content widget, and returns that widget and its layout
/// for the panel to fill.
Content scrolledContent(QWidget *panel);

/// A compact spin box from @p minimum to @p maximum with @p tip and @p suffix: no keyboard
/// tracking (a value applies when typed in full), accelerated, of fixed size, wide enough for
/// @p sample plus the suffix (everyday values; the hard limits still fit when typed).
QSpinBox *spinBox(QWidget *parent, int minimum, int maximum, const QString &tip,
                  const QString &suffix = QString(), const QString &sample = QStringLiteral("00000"));

/// A count's unit, for the value 1 and for any other, each with its leading space: {" message",
/// " messages"}.
struct CountUnit
{
    QString one;
    QString many;
};

/// The same for a count whose unit agrees with its value ("1 message", "5 messages"; a
/// CountSpinBox), wide enough for @p sample plus the plural.
QSpinBox *spinBox(QWidget *parent, int minimum, int maximum, const QString &tip, const CountUnit &unit,
                  const QString &sample = QStringLiteral("00000"));

/// Shows @p value in @p spin without emitting valueChanged() (a sync, not an edit).
void setSpin(QSpinBox *spin, int value);

} // namespace PriorityLab::PanelForm
