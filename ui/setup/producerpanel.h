#pragma once

#include <QList>
#include <QWidget>

class QCheckBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QVBoxLayout;

namespace PriorityLab {

class SetupEditor;
class Simulation;

/// The producers, live: per producer its pause check box, its rate (generated
/// messages per cycle, a slider over 0..50 beside a spin box for any rate), the priority range
/// and TTL range its generator draws from (two spin boxes each, inclusive), and how many
/// messages it sent so far. Below them a "send a message now" form (data, priority, TTL, Send):
/// the message is produced at the start of the next cycle by producer "manual".
///
/// Every edit goes through SetupEditor (undoable, validated as in a scenario file) and applies
/// from the next cycle; the panel re-reads the simulation on Simulation::setupChanged() (so it
/// follows undo and redo) and is rebuilt on Simulation::scenarioLoaded(). refresh() updates the
/// sent counts from the main window's throttled refresh.
class ProducerPanel : public QWidget
{
    Q_OBJECT

public:
    /// Panel for @p editor's simulation; both must outlive the panel.
    explicit ProducerPanel(SetupEditor *editor, QWidget *parent = nullptr);

    /// Updates the "sent" counts.
    void refresh();

    /// Number of producer rows.
    int producerCount() const { return int(m_rows.size()); }

    /// The controls of producer @p index (tests).
    QCheckBox *pausedBox(int index) const { return m_rows.at(index).paused; }
    QSpinBox *rateBox(int index) const { return m_rows.at(index).rate; }
    QSlider *rateSlider(int index) const { return m_rows.at(index).rateSlider; }
    QSpinBox *priorityMinBox(int index) const { return m_rows.at(index).priorityMin; }
    QSpinBox *priorityMaxBox(int index) const { return m_rows.at(index).priorityMax; }
    QSpinBox *ttlMinBox(int index) const { return m_rows.at(index).ttlMin; }
    QSpinBox *ttlMaxBox(int index) const { return m_rows.at(index).ttlMax; }

    /// The "send a message now" form.
    QLineEdit *sendDataEdit() const { return m_sendData; }
    QSpinBox *sendPriorityBox() const { return m_sendPriority; }
    QSpinBox *sendTtlBox() const { return m_sendTtl; }
    QPushButton *sendButton() const { return m_sendButton; }

    /// Sends the message of the form (as the Send button does) and proposes the next data.
    void sendNow();

private:
    struct Row
    {
        QGroupBox *box = nullptr;
        QCheckBox *paused = nullptr;
        QSlider *rateSlider = nullptr;
        QSpinBox *rate = nullptr;
        QSpinBox *priorityMin = nullptr;
        QSpinBox *priorityMax = nullptr;
        QSpinBox *ttlMin = nullptr;
        QSpinBox *ttlMax = nullptr;
        QLabel *sent = nullptr;
        QLabel *scripted = nullptr;
        QLabel *error = nullptr;
    };

    void rebuild();
    void sync();
    Row createRow(int index);
    void showError(int index, const QString &error);
    void onPriorityEdited(int index, bool minimumEdited);
    void onTtlEdited(int index, bool minimumEdited);

    SetupEditor *m_editor;
    Simulation *m_simulation;
    QVBoxLayout *m_rowsLayout = nullptr;
    QLabel *m_empty = nullptr;
    QList<Row> m_rows;
    QLineEdit *m_sendData = nullptr;
    QSpinBox *m_sendPriority = nullptr;
    QSpinBox *m_sendTtl = nullptr;
    QPushButton *m_sendButton = nullptr;
    QLabel *m_sendStatus = nullptr;
    int m_sentByHand = 0;
};

} // namespace PriorityLab
