#include "ui/shell/exportmenu.h"

#include "ui/charts/chartexport.h"
#include "ui/charts/chartpanel.h"
#include "core/analysis/eventjson.h"
#include "ui/eventlog/eventlogmodel.h"
#include "ui/eventlog/eventlogpanel.h"
#include "core/engine/simulation.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

namespace PriorityLab {

ExportMenu::ExportMenu(Simulation *simulation, ChartPanel *charts, EventLogPanel *eventLog, QWidget *parent)
    : QMenu(tr("&Export"), parent), m_simulation(simulation), m_charts(charts), m_eventLog(eventLog)
{
    setToolTipsVisible(true);
    addExport(tr("Charts as &PNG…"),
              tr("Save every chart (the last %1 cycles, with timeline markers) as one PNG "
                 "picture, e.g. for slides").arg(ChartPanel::windowCycles()),
              tr("Charts"), QStringLiteral("png"), tr("PNG pictures (*.png)"), &ExportMenu::writeChartsPng);
    addExport(tr("Charts as &SVG…"),
              tr("Save every chart as one SVG drawing, which stays sharp at any size"),
              tr("Charts"), QStringLiteral("svg"), tr("SVG drawings (*.svg)"), &ExportMenu::writeChartsSvg);
    addSeparator();
    addExport(tr("&Metrics as CSV…"),
              tr("Save the counts of every cycle (queue depth, produced, dispatched, processed, "
                 "postponed, discarded, failed, batches) as CSV, for a spreadsheet"),
              tr("Metrics"), QStringLiteral("csv"), tr("CSV files (*.csv)"), &ExportMenu::writeMetricsCsv);
    addExport(tr("&Events as JSON Lines…"),
              tr("Save the events the event log keeps (the newest %L1), one JSON object per line, "
                 "in the format of prioritylab-sim --events").arg(EventLogModel::defaultCapacity()),
              tr("Events"), QStringLiteral("jsonl"), tr("JSON Lines (*.jsonl)"), &ExportMenu::writeEventsJsonLines);
}

void ExportMenu::addExport(const QString &text, const QString &tip, const QString &what,
                           const QString &suffix, const QString &filter, Writer writer)
{
    QAction *action = addAction(text);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    connect(action, &QAction::triggered, this, [=, this] {
        QString base = m_simulation->loadedScenario().name;
        base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]+")), QStringLiteral("-"));
        if (base.isEmpty())
            base = QStringLiteral("prioritylab");
        const QString suggestion = QDir::current().filePath(
                QStringLiteral("%1-%2.%3").arg(base, what.toLower(), suffix));
        QString path = QFileDialog::getSaveFileName(parentWidget(), tr("Export %1").arg(what.toLower()),
                                                    suggestion, filter);
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += QLatin1Char('.') + suffix;
        const QString error = (this->*writer)(path);
        if (error.isEmpty())
            Q_EMIT exported(what, path);
        else
            Q_EMIT exportFailed(tr("Could not export %1").arg(what.toLower()), {error});
    });
}

QString ExportMenu::writeChartsPng(const QString &path)
{
    return ChartExport::writePng(*m_charts, path);
}

QString ExportMenu::writeChartsSvg(const QString &path)
{
    return ChartExport::writeSvg(*m_charts, path);
}

namespace {

/// Writes @p data to @p path atomically; returns the error in words or an empty string.
QString saveAtomically(const QString &path, const QByteArray &data)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return QObject::tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return {};
}

} // namespace

QString ExportMenu::writeMetricsCsv(const QString &path)
{
    return saveAtomically(path, metricsToCsv(m_simulation->metrics()));
}

QString ExportMenu::writeEventsJsonLines(const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    if (m_eventLog->model()->writeJsonLines(&file) < 0 || !file.commit())
        return tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return {};
}

} // namespace PriorityLab
