#include "ui/common/windowtitle.h"

#include <QFontMetrics>
#include <QGuiApplication>
#include <QWidget>

namespace PriorityLab {

void setWholeWindowTitle(QWidget *window, const QString &title)
{
    window->setWindowTitle(title);
    QFont bold = window->font();
    bold.setBold(true);
    const QString shown = QGuiApplication::applicationDisplayName().isEmpty()
            ? title
            : title + QStringLiteral(" — ") + QGuiApplication::applicationDisplayName();
    const int needed = QFontMetrics(bold).horizontalAdvance(shown) + WindowTitleRoom;
    window->setMinimumWidth(std::max(window->minimumWidth(), needed));
}

} // namespace PriorityLab
