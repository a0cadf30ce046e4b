#include "ui/charts/barchart.h"

#include "ui/charts/chartsupport_p.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QFontMetricsF>
#include <QPalette>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace PriorityLab {

BarChart::BarChart(QWidget *parent)
    : ChartWidget(new QBarCategoryAxis, parent)
{
    m_xAxis = static_cast<QBarCategoryAxis *>(xAxis());
    m_set = new QBarSet(QString());
    m_series = new QBarSeries;
    m_series->append(m_set);
    m_series->setBarWidth(0.8);
    m_series->setLabelsVisible(true);
    m_series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    m_series->setLabelsFormat(QStringLiteral("@value"));
    chart()->addSeries(m_series);
    m_series->attachAxis(m_xAxis);
    m_series->attachAxis(yAxis());
    connect(chart(), &QChart::plotAreaChanged, this, &BarChart::fitCategoryLabels);
    styleChanged(true);
}

void BarChart::setColor(const QColor &color)
{
    m_color = color;
    m_set->setColor(color);
    m_set->setBorderColor(color.darker(130));
    m_set->setLabelColor(palette().color(QPalette::Text));
}

QColor BarChart::color() const
{
    return m_set->color();
}

void BarChart::styleChanged(bool paletteChanged)
{
    if (paletteChanged)
        setColor(m_color);  // the theme gave the set its own colours
    m_set->setLabelFont(axisLabelsFont());
    fitCategoryLabels();
}

void BarChart::setBars(const QStringList &categories, const QList<qreal> &values)
{
    QList<qreal> padded = values.mid(0, categories.size());
    while (padded.size() < categories.size())
        padded.append(0);
    if (categories == m_categories && padded == m_values)
        return;
    m_categories = categories;
    // Replace the values in place; grow or shrink the set only when the count changed.
    const qsizetype common = std::min<qsizetype>(m_set->count(), padded.size());
    for (qsizetype i = 0; i < common; ++i) {
        if (m_values.value(i, -1) != padded.at(i))
            m_set->replace(int(i), padded.at(i));
    }
    if (m_set->count() > padded.size())
        m_set->remove(int(padded.size()), int(m_set->count() - padded.size()));
    else if (m_set->count() < padded.size())
        m_set->append(padded.mid(m_set->count()));
    m_values = padded;
    fitCategoryLabels();
}

namespace {

/// Qt Charts' room around a category label's text inside its slot: its padding on each side
/// (ChartAxisElement) and the margin of the label's text item (ChartPresenter::textMargin()).
constexpr qreal LabelPadding = 5;
constexpr qreal TextMargin = 4;

/// The slots two drawn labels must be apart where each needs @p need pixels and a slot is
/// @p slot pixels wide: ceil(need / slot), at least 1.
qsizetype slotsApart(qreal need, qreal slot)
{
    return std::max<qsizetype>(1, qsizetype(std::ceil(need / slot - 1e-9)));
}

/// @p wanted less each label closer than @p step slots to the one kept before it: of labels
/// too close together, the first keeps its label.
QList<bool> spacedOut(QList<bool> wanted, qsizetype step)
{
    qsizetype last = -step;
    for (qsizetype i = 0; i < wanted.size(); ++i) {
        if (wanted.at(i) && i - last < step)
            wanted[i] = false;
        else if (wanted.at(i))
            last = i;
    }
    return wanted;
}

/// Which of @p count labels are drawn where each needs @p need pixels and a slot is @p slot
/// pixels wide: those in @p wanted (the non-zero bars), then from the first on every one at
/// least slotsApart() slots from each drawn label. Empty where two wanted labels are closer.
QList<bool> labelsKept(qsizetype count, const QList<bool> &wanted, qreal need, qreal slot)
{
    const qsizetype step = slotsApart(need, slot);
    QList<bool> kept = wanted;
    qsizetype last = -1;
    for (qsizetype i = 0; i < count; ++i) {
        if (!wanted.at(i))
            continue;
        if (last >= 0 && i - last < step)
            return {};
        last = i;
    }
    for (qsizetype i = 0; i < count; ++i) {
        if (kept.at(i))
            continue;
        bool clear = true;
        for (qsizetype j = std::max<qsizetype>(0, i - step + 1); j < std::min(count, i + step) && clear; ++j)
            clear = !kept.at(j);
        if (clear)
            kept[i] = true;
    }
    return kept;
}

} // namespace

void BarChart::fitCategoryLabels()
{
    if (m_fitting)
        return;
    const qsizetype count = m_categories.size();
    QStringList shown = m_categories;
    qreal angle = 0;
    bool tight = false;  // a label is wider than Qt Charts lets it be in its slot
    const qreal plotWidth = chart()->plotArea().width();
    if (count > 0 && plotWidth > 0) {
        const qreal slot = plotWidth / qreal(count);
        const QFontMetricsF metrics(axisLabelsFont());
        qreal widest = 0;
        for (const QString &category : std::as_const(m_categories))
            widest = std::max(widest, metrics.horizontalAdvance(category));
        tight = widest + 2 * (LabelPadding + TextMargin) + 1 > slot;
        if (tight) {
            QList<bool> wanted(count, false);
            for (qsizetype i = 0; i < count; ++i)
                wanted[i] = m_values.value(i) != 0;
            // Level labels side by side need their width and a space between them.
            QList<bool> kept = labelsKept(count, wanted, widest + metrics.horizontalAdvance(QLatin1Char(' ')) * 2, slot);
            if (kept.isEmpty()) {
                angle = -90;
                const qreal need = metrics.height() + 2;
                kept = labelsKept(count, wanted, need, slot);
                // Not even upright side by side: of non-zero bars closer than that, the first
                // keeps its label; no label is elided, none overlaps.
                if (kept.isEmpty())
                    kept = labelsKept(count, spacedOut(wanted, slotsApart(need, slot)), need, slot);
            }
            for (qsizetype i = 0; i < count; ++i) {
                if (!kept.at(i))
                    shown[i].clear();
            }
        }
    }
    const bool whole = !tight;
    if (shown == m_shownLabels && angle == m_xAxis->labelsAngle() && m_xAxis->truncateLabels() == whole
        && m_xAxis->count() == count)
        return;
    m_fitting = true;
    m_shownLabels = shown;
    // A category axis needs distinct names: a label left out is a distinct run of spaces.
    QStringList names = shown;
    for (qsizetype i = 0; i < count; ++i) {
        if (names.at(i).isEmpty())
            names[i] = QString(i + 1, QLatin1Char(' '));
    }
    // Labels kept apart by their width and two spaces (or left out between them) are drawn
    // whole: Qt Charts, which keeps a margin around each in its own slot, must not elide them.
    // Where every label fits that margin, Qt's own eliding stays as a last guard.
    m_xAxis->setTruncateLabels(whole);
    m_xAxis->setLabelsAngle(int(angle));
    m_xAxis->setCategories(names);
    m_fitting = false;
}

QStringList BarChart::shownCategoryLabels() const
{
    return m_shownLabels;
}

qreal BarChart::categoryLabelsAngle() const
{
    return m_xAxis->labelsAngle();
}

QStringList BarChart::categories() const
{
    return m_categories;
}

QList<qreal> BarChart::values() const
{
    return m_values;
}

} // namespace PriorityLab
