#include "ui/shell/whatsthiskey.h"

#include <QTextDocument>
#include <QWhatsThis>
#include <QWidget>

namespace PriorityLab::WhatsThisKey {

QWidget *explaining(QWidget *widget)
{
    for (QWidget *w = widget; w; w = w->isWindow() ? nullptr : w->parentWidget()) {
        if (!w->whatsThis().isEmpty())
            return w;
    }
    return nullptr;
}

QString textFor(QWidget *focus, const QString &fallback)
{
    if (QWidget *explained = explaining(focus))
        return explained->whatsThis();
    for (QWidget *w = focus; w; w = w->isWindow() ? nullptr : w->parentWidget()) {
        if (!w->toolTip().isEmpty())
            return Qt::mightBeRichText(w->toolTip()) ? w->toolTip() : w->toolTip().toHtmlEscaped();
    }
    return fallback;
}

QString showFor(QWidget *focus, const QString &fallback)
{
    if (!focus)
        return {};
    const QString text = textFor(focus, fallback);
    // The box is centred on the point, its top two pixels below it (QWhatsThat).
    QWhatsThis::showText(focus->mapToGlobal(QPoint(focus->width() / 2, focus->height())), text, focus);
    return text;
}

} // namespace PriorityLab::WhatsThisKey
