#pragma once

#include "core/amqp/freerunning.h"
#include "core/model/config.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <memory>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace PriorityLab {

/// File > Compare Simulated vs RabbitMQ…: runs the current setup free-running on a RabbitMQ
/// broker (compareFreeRunning(), docs/design.md §11) on a pool thread, so the window never
/// freezes, and shows beside the simulator's prediction what really happened: cycles (ticks),
/// produced, processed, dead-lettered, left queued or in flight, latency p50/p95/max, wall time,
/// then each consumer's deliveries and redeliveries, and whether conservation held. A run that
/// cannot start (no broker, refused login, a broker limit) says why in the window.
class RealCompareDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RealCompareDialog(QWidget *parent = nullptr);
    ~RealCompareDialog() override;

    /// The scenario to run (the current setup as it runs now, SetupEditor::runningScenario()).
    void setScenario(const Scenario &scenario);
    /// The broker's URL (prefilled: the mirror's last URL, else the private node's if it runs).
    void setUrl(const QString &url);
    QString url() const;

    /// Starts a run (the Run button); does nothing while one runs.
    void start();
    bool isRunning() const;

    /// The figures' table: the figures' rows, then one per consumer; columns "Simulator" and "RabbitMQ" (tests).
    QTableWidget *table() const { return m_table; }
    /// The line under the table: the run's state, the verdict or the error (tests).
    QString statusText() const;

Q_SIGNALS:
    /// A run ended (ran, failed or was cancelled): the table and the status are up to date.
    void runFinished();

private:
    void showResult(const FreeRunningComparison &result);

    Scenario m_scenario;
    QLineEdit *m_url;
    QSpinBox *m_cycles;
    QSpinBox *m_tick;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QTableWidget *m_table;
    QLabel *m_status;
    QFutureWatcher<FreeRunningComparison> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancelFlag;
};

} // namespace PriorityLab
