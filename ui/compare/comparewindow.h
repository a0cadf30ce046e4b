#pragma once

#include "core/analysis/comparison.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QSpinBox;
class QTableView;

namespace PriorityLab {

class ComparisonModel;
class TimeSeriesChart;

/// File > Compare…: runs two or three scenarios headless on the identical seeded workload and
/// shows them side by side: a table of key figures (latency p50/p95/max per
/// priority, longest wait, throughput, postponements, discards, deliveries per message, messages
/// overtaken) and aligned charts (queue depth and processed per cycle, one line per
/// configuration on the same axes). The three-way preset (compare-*.json) is selected at first.
/// A scenario that does not load is reported in the window; nothing else changes.
class CompareWindow : public QDialog
{
    Q_OBJECT

public:
    explicit CompareWindow(QWidget *parent = nullptr);
    ~CompareWindow() override;

    /// Selects the scenario files (2 or 3 paths, files or `:/scenarios/...` resources).
    void setFiles(const QStringList &paths);
    /// The selected paths, empty slots left out.
    QStringList files() const;
    /// Cycles each run lasts (at most; a run also ends when its broker stops).
    void setCycles(int cycles);

    /// Loads the selected files and runs them. Returns the problems (empty on success); they
    /// are also shown in the window.
    QStringList compare();

    const Comparison &comparison() const;
    ComparisonModel *model() const { return m_model; }
    TimeSeriesChart *depthChart() const { return m_depth; }
    TimeSeriesChart *processedChart() const { return m_processed; }

private:
    void addFileChoice(int slot);

    QList<QComboBox *> m_choices;
    QSpinBox *m_cycles = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_table = nullptr;
    ComparisonModel *m_model = nullptr;
    TimeSeriesChart *m_depth = nullptr;
    TimeSeriesChart *m_processed = nullptr;
};

} // namespace PriorityLab
