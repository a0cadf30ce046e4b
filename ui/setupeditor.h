#pragma once

#include <QObject>
#include <QString>
#include <QVariant>

namespace PriorityLab {

class Simulation;

/// The single entry point through which the UI changes the running simulation's setup
/// (consumers now; producers and broker settings later). Views never call the Simulation's
/// setters themselves, so that every edit can later go through a QUndoStack (undo/redo, merged
/// consecutive edits of one value) by changing this class alone. Each edit takes effect from the
/// next message handled; the simulation announces it with Simulation::setupChanged().
class SetupEditor : public QObject
{
    Q_OBJECT

public:
    /// Edits @p simulation, which must outlive the editor.
    explicit SetupEditor(Simulation *simulation, QObject *parent = nullptr);

    Simulation *simulation() const { return m_simulation; }

    /// Takes consumer @p index online or offline (offline consumers get no batches).
    void setConsumerOnline(int index, bool online);

    /// Sets consumer @p index's failure rate, 0..1 (clamped).
    void setConsumerFailureRate(int index, double rate);

    /// Gives consumer @p index a new strategy of @p type with default parameters.
    /// Returns the error in words, or an empty string.
    QString setConsumerStrategyType(int index, const QString &type);

    /// Sets parameter @p name of consumer @p index's strategy. Returns the strategy's error in
    /// words (out of range, expression syntax error with its column), or an empty string; on
    /// error the strategy keeps its old value.
    QString setConsumerParameter(int index, const QString &name, const QVariant &value);

private:
    bool validConsumer(int index) const;

    Simulation *m_simulation;
};

} // namespace PriorityLab
