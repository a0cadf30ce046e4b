// Shared by the UI tests that look for a text among a widget's labels (a verdict, a notice, a
// figure moved to a tooltip) without knowing which label holds it.
#pragma once

#include <QLabel>
#include <QString>
#include <QWidget>

namespace PriorityLab::TestSupport {

/// The first QLabel under @p parent (at any depth) whose text contains @p text, or nullptr.
inline const QLabel *labelSaying(const QWidget *parent, const QString &text)
{
    for (const QLabel *label : parent->findChildren<QLabel *>())
        if (label->text().contains(text))
            return label;
    return nullptr;
}

/// The first QLabel under @p parent (at any depth) whose tooltip contains @p text, or nullptr.
inline const QLabel *labelWithToolTip(const QWidget *parent, const QString &text)
{
    for (const QLabel *label : parent->findChildren<QLabel *>())
        if (label->toolTip().contains(text))
            return label;
    return nullptr;
}

} // namespace PriorityLab::TestSupport
