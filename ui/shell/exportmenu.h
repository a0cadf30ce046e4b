#pragma once

#include <QMenu>

namespace PriorityLab {

class ChartPanel;
class EventLogPanel;
class Simulation;

/// File > Export: the charts as PNG or SVG, the metrics of every cycle as CSV
/// (metricsToCsv), the event log as JSON Lines (eventToJsonLine). Each action asks for a file
/// name, then calls the matching write function, which tests call directly. Files are written
/// atomically (QSaveFile) where the format allows it.
class ExportMenu : public QMenu
{
    Q_OBJECT

public:
    /// Exports of @p simulation's charts (@p charts) and event log (@p eventLog); all must
    /// outlive the menu.
    ExportMenu(Simulation *simulation, ChartPanel *charts, EventLogPanel *eventLog, QWidget *parent);

    /// Writes the charts as PNG. Returns the error in words, or an empty string.
    QString writeChartsPng(const QString &path);
    /// Writes the charts as SVG. Returns the error in words, or an empty string.
    QString writeChartsSvg(const QString &path);
    /// Writes Metrics::history() as CSV (header row, one row per cycle kept). Returns the error.
    QString writeMetricsCsv(const QString &path);
    /// Writes the event log's kept events, oldest first, as JSON Lines. Returns the error.
    QString writeEventsJsonLines(const QString &path);

Q_SIGNALS:
    /// A file was written: @p what in words (e.g. "Charts"), to @p path.
    void exported(const QString &what, const QString &path);
    /// Writing failed: @p title in words, then the problem.
    void exportFailed(const QString &title, const QStringList &problems);

private:
    using Writer = QString (ExportMenu::*)(const QString &);
    void addExport(const QString &text, const QString &tip, const QString &what,
                   const QString &suffix, const QString &filter, Writer writer);

    Simulation *m_simulation;
    ChartPanel *m_charts;
    EventLogPanel *m_eventLog;
};

} // namespace PriorityLab
