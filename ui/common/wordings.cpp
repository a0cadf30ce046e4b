#include "ui/common/wordings.h"

#include <algorithm>

namespace PriorityLab {

qsizetype firstFittingIndex(const QFontMetrics &metrics, int width, const QStringList &wordings)
{
    for (qsizetype i = 0; i < wordings.size(); ++i) {
        if (metrics.horizontalAdvance(wordings.at(i)) <= width)
            return i;
    }
    return -1;
}

QString firstThatFits(const QFontMetrics &metrics, int width, const QStringList &wordings, WhenNoneFits otherwise)
{
    if (wordings.isEmpty())
        return {};
    const qsizetype fitting = firstFittingIndex(metrics, width, wordings);
    if (fitting >= 0)
        return wordings.at(fitting);
    switch (otherwise) {
    case WhenNoneFits::Shortest:
        return wordings.constLast();
    case WhenNoneFits::Elided:
        return metrics.elidedText(wordings.constLast(), Qt::ElideRight, std::max(0, width));
    case WhenNoneFits::Nothing:
        break;
    }
    return {};
}

} // namespace PriorityLab
