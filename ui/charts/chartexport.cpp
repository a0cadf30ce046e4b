#include "ui/charts/chartexport.h"

#include "ui/charts/barchart.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/timeserieschart.h"
#include "core/engine/simulation.h"

#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

namespace PriorityLab {

qreal ChartExport::paintHeading(QPainter *painter, const QSize &size, const QString &title)
{
    painter->save();
    painter->fillRect(QRect(QPoint(0, 0), size), Qt::white);
    const qreal heading = 44;
    QFont font = painter->font();
    font.setPixelSize(22);
    font.setBold(true);
    painter->setFont(font);
    painter->setPen(Qt::black);
    painter->drawText(QRectF(12, 0, size.width() - 24, heading), Qt::AlignVCenter | Qt::AlignLeft, title);
    painter->restore();
    return heading;
}

void ChartExport::paint(ChartPanel &panel, QPainter *painter, const QSize &size)
{
    panel.updateAllCharts();
    const Scenario &scenario = panel.simulation().loadedScenario();
    QString title = scenario.name.isEmpty() ? tr("Untitled scenario") : scenario.name;
    if (!panel.history().samples().empty())
        title += tr(" — cycles %1 to %2").arg(panel.history().samples().front().cycle).arg(panel.history().samples().back().cycle);
    const qreal heading = paintHeading(painter, size, title);

    const qreal width = size.width() / 3.0;
    const qreal height = (size.height() - heading) / 2.0;
    const QList<TimeSeriesChart *> charts = panel.timeCharts();
    for (qsizetype i = 0; i < charts.size(); ++i) {
        const QRectF cell(width * qreal(i % 3), heading + height * qreal(i / 3), width, height);
        charts.at(i)->paintChart(painter, cell.adjusted(4, 4, -4, -4));
    }
    panel.deliveriesChart()->paintChart(painter, QRectF(width * 1, heading + height, width * 2, height).adjusted(4, 4, -4, -4));
}

QString ChartExport::writePng(ChartPanel &panel, const QString &path)
{
    return writePng(path, size(), [&panel](QPainter *painter, const QSize &size) { paint(panel, painter, size); });
}

QString ChartExport::writeSvg(ChartPanel &panel, const QString &path)
{
    return writeSvg(path, size(), tr("PriorityLab charts"), panel.simulation().loadedScenario().name,
                    [&panel](QPainter *painter, const QSize &size) { paint(panel, painter, size); });
}

QString ChartExport::writePng(const QString &path, const QSize &size, const Painter &paint)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        paint(&painter, image.size());
    }
    if (!image.save(path, "PNG"))
        return tr("Could not write the PNG file %1: check that its folder exists and is writable.")
                .arg(QFileInfo(path).absoluteFilePath());
    return {};
}

QString ChartExport::writeSvg(const QString &path, const QSize &size, const QString &title,
                              const QString &description, const Painter &paint)
{
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    generator.setDescription(description);
    QPainter painter;
    if (!painter.begin(&generator))
        return tr("Could not write the SVG file %1: check that its folder exists and is writable.")
                .arg(QFileInfo(path).absoluteFilePath());
    painter.setRenderHint(QPainter::Antialiasing);
    paint(&painter, size);
    painter.end();
    return {};
}

} // namespace PriorityLab
