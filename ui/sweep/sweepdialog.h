#pragma once

#include "core/analysis/sweep.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPainter;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTableView;

namespace PriorityLab {

class SetupEditor;
class StackedBarChart;
class TimeSeriesChart;

/// Analysis > Sweep…: runs the current setup (what the main window runs now,
/// SetupEditor::runningScenario(): edits, a lesson step's settings and the timeline's changes so
/// far included) once per value of one numeric
/// setting, picked from a list of the setup's numeric settings with their current values, over a
/// range (from, to, step; whole numbers for an integer setting) for a number of cycles; or opens
/// a sweep file (resources/sweeps/), whose setting the Setting box then shows. The points run in
/// the background (SweepRunner) with a progress bar and Cancel while the window and the main
/// window stay live. It shows a chart of a chosen figure against the swept value (or the latency
/// of each priority class, p50 solid and p95 dashed), stacked bars of what became of the
/// messages (processed, discarded, still queued) per value, a table (one row per point, a column
/// per figure, discards per reason included), Little's law of the selected point in one line,
/// and "Apply this value", which sets the selected point's value in the live setup as one
/// undoable step (SetupEditor). Export CSV writes SweepResult::toCsv(), Export PNG and SVG both
/// charts side by side (ChartExport).
class SweepDialog : public QDialog
{
    Q_OBJECT

public:
    /// Sweeps the setup of @p editor, which must outlive the dialog.
    explicit SweepDialog(SetupEditor *editor, QWidget *parent = nullptr);
    /// Cancels a running sweep and waits for its points to stop.
    ~SweepDialog() override;

    /// Reads the settings list again from the setup as it runs now (SetupEditor::runningScenario()).
    void refreshSettings();
    /// Selects the setting at @p path (text as SettingPath::toString()); false if not listed.
    bool selectSetting(const QString &path);
    /// The range: from, to (inclusive) and step (> 0), and the cycles per point.
    void setRange(double from, double to, double step);
    void setCycles(int cycles);
    /// Opens sweep file @p path: its scenario, setting, values, cycles and figure replace the
    /// current choice (Apply is then off: the points are not the live setup). Returns the
    /// problems (also shown), empty on success.
    QStringList openSweepFile(const QString &path);

    /// Plans the sweep and starts it. Returns the problems that refuse it (also shown; nothing
    /// runs), empty once started.
    QStringList start();
    /// Cancels the running sweep (Cancel button).
    void cancel();
    bool isRunning() const;
    SweepRunner *runner() const { return m_runner; }
    /// The result shown (the last sweep that finished).
    const SweepResult &result() const { return m_result; }

    /// The figure key that charts the latency of every priority class (p50 solid, p95 dashed),
    /// offered first in the Chart box.
    static QString latencyByClassKey() { return QStringLiteral("latencyByClass"); }
    /// Charts figure @p key (a SweepFigure key or latencyByClassKey()); false if the result has
    /// no such figure.
    bool setFigure(const QString &key);
    TimeSeriesChart *chart() const { return m_chart; }
    /// The stacked bars of the messages' fates per swept value: sets "processed", "discarded"
    /// and "still queued", in that order.
    StackedBarChart *fatesChart() const { return m_fates; }
    /// The table of the points (a row per point that ran, a column per swept path then per
    /// figure of SweepResult::figures()).
    QStandardItemModel *tableModel() const { return m_model; }
    /// Selects point @p row of the table.
    void selectPoint(int row);
    /// Sets the selected point's value in the live setup through the undo stack. Returns the
    /// problem, empty on success.
    QString applySelected();
    /// Writes the result as CSV (QSaveFile) to @p path; returns the problem, empty on success.
    QString exportCsv(const QString &path) const;
    /// Writes both charts as a PNG picture to @p path; returns the problem, empty on success.
    QString exportPng(const QString &path) const;
    /// Writes both charts as an SVG drawing to @p path; returns the problem, empty on success.
    QString exportSvg(const QString &path) const;
    /// The one-line Little's law text of the selected point.
    QString littleText() const;

Q_SIGNALS:
    /// A sweep ended (finished or cancelled) and its result is shown.
    void sweepFinished();

private:
    void showResult();
    void updateChart();
    void updateFates();
    void paintCharts(QPainter *painter, const QSize &size) const;
    void settingChosen(int index);
    void setIntegerRange(bool integer);
    static QSize exportSize() { return {1800, 700}; }
    QString heading() const;
    void updateButtons();
    void showProblems(const QStringList &problems);
    void setMessage(const QString &text);
    int selectedRow() const;

    SetupEditor *m_editor;
    SweepRunner *m_runner;
    SweepResult m_result;
    QList<SweepableSetting> m_settings;
    std::optional<SweepFile> m_file;  ///< the opened sweep file, if the sweep comes from one
    bool m_resultFromSetup = false;   ///< the result shown was swept from the live setup

    QComboBox *m_setting;
    QDoubleSpinBox *m_from;
    QDoubleSpinBox *m_to;
    QDoubleSpinBox *m_step;
    QSpinBox *m_cycles;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QPushButton *m_apply;
    QPushButton *m_exportCsv;
    QPushButton *m_exportPng;
    QPushButton *m_exportSvg;
    QProgressBar *m_progress;
    QLabel *m_source;
    QLabel *m_message;
    QLabel *m_little;
    QComboBox *m_figure;
    TimeSeriesChart *m_chart;
    StackedBarChart *m_fates;
    QTableView *m_table;
    QStandardItemModel *m_model;
};

} // namespace PriorityLab
