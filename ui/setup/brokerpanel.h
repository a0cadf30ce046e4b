#pragma once

#include <QString>
#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace PriorityLab {

class SetupEditor;
class Simulation;

/// The broker's settings, live: queue mode (fifo, native
/// priority with an optional max priority, topics with their priority bands), batch size,
/// dispatch per cycle (drain, or at most K batches), idle cycles before it stops, the scenario's
/// cycle interval in milliseconds (SetupEditor::scenarioIntervalMs(), what Save writes; not the
/// speed the run is watched at, which the speed control sets), and the limits of a real
/// broker (docs/design.md §3): length limit and overflow, delivery limit, message TTL and expiry, and
/// the dead-letter queue.
///
/// Every edit goes through SetupEditor (undoable, validated as in a scenario file) and applies
/// from the next batch or cycle; the panel re-reads the simulation on Simulation::setupChanged()
/// and Simulation::scenarioLoaded(), so it follows undo, redo and timeline changes.
class BrokerPanel : public QWidget
{
    Q_OBJECT

public:
    /// Panel for @p editor's simulation; both must outlive the panel.
    explicit BrokerPanel(SetupEditor *editor, QWidget *parent = nullptr);

    /// Shows the settings in force.
    void sync();

    /// The label the panel shows for the setting at @p path (e.g. "Message TTL" for
    /// "broker.messageTtl"), without its colon; empty for a path the panel does not show.
    static QString fieldLabel(const QString &path);
    /// The paths of every setting the panel shows ("broker.mode", …), in the form's order.
    static QStringList fieldPaths();

    /// The controls (tests).
    QComboBox *modeBox() const { return m_mode; }
    QSpinBox *maxPriorityBox() const { return m_maxPriority; }
    QSpinBox *batchSizeBox() const { return m_batchSize; }
    QComboBox *dispatchBox() const { return m_dispatch; }
    QSpinBox *batchesPerCycleBox() const { return m_batchesPerCycle; }
    QSpinBox *idleCyclesBox() const { return m_idleCycles; }
    QSpinBox *intervalBox() const { return m_interval; }
    /// The spin box of the broker limit at @p path (e.g. "broker.maxLength"; its lowest value,
    /// -1, means none), or the combo box of the choice at @p path ("broker.overflow").
    QSpinBox *limitBox(const QString &path) const;
    QComboBox *choiceBox(const QString &path) const;
    /// The check box of the switch at @p path ("broker.deadLetterQueue").
    QCheckBox *switchBox(const QString &path) const;

private:
    /// A setting of a real broker's, edited by path: a spin box (-1 = absent) or a choice.
    struct PathEditor
    {
        QString path;
        QSpinBox *spin = nullptr;
        QComboBox *choice = nullptr;  ///< item data: the value; the first item is the default
        QCheckBox *check = nullptr;   ///< a switch: checked = true, unchecked = the key absent
    };
    /// The editor of the setting at @p path, or nullptr.
    const PathEditor *editorOf(const QString &path) const;
    /// The form's rows for the setting at @p path, labelled by fieldLabel(@p path): a number
    /// whose lowest value (@p none) means off, with @p suffix (for 1, for any other value: " cycle",
    /// " cycles"), a choice among @p values (value, words), a switch.
    void addLimit(QWidget *content, QFormLayout *form, const QString &path, const QString &none,
                  const std::pair<QString, QString> &suffix, const QString &tip);
    void addChoice(QWidget *content, QFormLayout *form, const QString &path,
                   const QList<std::pair<QString, QString>> &values, const QString &tip);
    void addSwitch(QWidget *content, QFormLayout *form, const QString &path, const QString &tip);
    void showError(const QString &error);
    void onModeChosen(int comboIndex);
    void onDispatchChosen(int comboIndex);

    SetupEditor *m_editor;
    Simulation *m_simulation;
    QComboBox *m_mode = nullptr;
    QLabel *m_maxPriorityLabel = nullptr;
    QSpinBox *m_maxPriority = nullptr;
    QLabel *m_topicsLabel = nullptr;
    QLabel *m_topics = nullptr;
    QSpinBox *m_batchSize = nullptr;
    QComboBox *m_dispatch = nullptr;
    QSpinBox *m_batchesPerCycle = nullptr;
    QSpinBox *m_idleCycles = nullptr;
    QSpinBox *m_interval = nullptr;
    QLabel *m_modeHelp = nullptr;
    QLabel *m_error = nullptr;
    std::vector<PathEditor> m_pathEditors;
    int m_lastPaced = 1;  ///< K to use when switching from drain to paced
};

} // namespace PriorityLab
