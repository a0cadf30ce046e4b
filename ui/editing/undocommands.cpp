#include "ui/editing/undocommands.h"

#include "core/engine/simulation.h"
#include "ui/common/changelabel.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUndoStack>

#include <climits>
#include <utility>

namespace PriorityLab {

namespace {

int scenarioConsumerIndex(const Scenario &scenario, const QString &name)
{
    for (qsizetype i = 0; i < scenario.consumers.size(); ++i) {
        if (scenario.consumers.at(i).name == name)
            return int(i);
    }
    return -1;
}

QString tr(const char *text)
{
    return QCoreApplication::translate("PriorityLab::SetupCommand", text);
}

} // namespace

// --- SetupCommand ---------------------------------------------------------------------------

SetupCommand::SetupCommand(Simulation *simulation, QUndoCommand *parent)
    : QUndoCommand(parent), m_simulation(simulation)
{
}

int SetupCommand::liveConsumerIndex(const QString &name) const
{
    const auto &consumers = m_simulation->consumers();
    for (size_t i = 0; i < consumers.size(); ++i) {
        if (consumers[i]->name == name)
            return int(i);
    }
    return -1;
}

void SetupCommand::noteCycle()
{
    const qint64 now = m_simulation->cycle();
    m_movedByRedo = m_undoneAt >= 0 && m_undoneAt != now && affectsRun();
    if (m_undoneAt != now)
        m_cycle = now;  // the first redo, or a redo after cycles ran since the undo: a new edit
    m_undoneAt = -1;
}

void SetupCommand::noteUndo()
{
    m_undoneAt = m_simulation->cycle();
}

QString SetupCommand::replay(const QUndoCommand *command, Scenario &scenario)
{
    if (const auto *setup = dynamic_cast<const SetupCommand *>(command)) {
        if (QString e = setup->applyTo(scenario); !e.isEmpty())
            return e;
    }
    for (int i = 0; i < command->childCount(); ++i) {
        if (QString e = replay(command->child(i), scenario); !e.isEmpty())
            return e;
    }
    return {};
}

// --- ChangeSettingCommand -------------------------------------------------------------------

ChangeSettingCommand::ChangeSettingCommand(Simulation *simulation, CheckedSetting check, quint64 gesture,
                                           QUndoCommand *parent)
    : SetupCommand(simulation, parent),
      m_path(check.target),
      m_old(check.oldValue),
      m_new(check.newValue),
      m_gesture(gesture)
{
    const qsizetype index = m_path.isConsumer() ? m_path.rootIndex() : -1;
    if (index >= 0 && index < qsizetype(simulation->consumers().size())) {
        m_consumer = simulation->consumers()[size_t(index)]->name;
        m_rest = m_path.below();
    }
    m_id = idFor(m_consumer.isEmpty() ? m_path.toString()
                                      : QStringLiteral("consumer:") + m_consumer + QLatin1Char('\x1f') + m_rest.toString());
    // Whose setting, in the chart marker's words (ChartPanel::settingOwner()).
    if (!m_consumer.isEmpty())
        m_owner = m_consumer;
    else if (const qsizetype p = m_path.isProducer() ? m_path.rootIndex() : -1; p >= 0 && p < qsizetype(simulation->producers().size()))
        m_owner = simulation->producers()[size_t(p)].config().name;
    else if (m_path.isBroker())
        m_owner = tr("broker");
    m_check = std::move(check);
    updateText();
}

int ChangeSettingCommand::idFor(const QString &key)
{
    static QHash<QString, int> ids;
    // Start well above 0: other command classes keep -1 (never merge).
    auto it = ids.constFind(key);
    if (it == ids.constEnd())
        it = ids.insert(key, 1000 + int(ids.size()));
    return it.value();
}

SettingPath ChangeSettingCommand::settingPath() const
{
    if (m_consumer.isEmpty())
        return m_path;
    const int index = liveConsumerIndex(m_consumer);
    if (index < 0)
        return {};
    return m_path.withRootIndex(index);
}

QString ChangeSettingCommand::describeValue(const QJsonValue &value)
{
    if (value.isUndefined())
        return tr("default");
    if (value.isString())
        return value.toString();
    const QByteArray json = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2));
}

void ChangeSettingCommand::updateText()
{
    QString value = describeValue(m_new);
    if (value.size() > 40)
        value = value.left(38) + QStringLiteral("…");
    // In the chart marker's words (docs/design.md §8): "A · threshold = 1", "broker · batchSize
    // = 4"; a setting without an owner (the texts) keeps its path, "description = …".
    setText(ChangeLabel::label({m_path.toString() + QStringLiteral(" = ") + value}, {m_owner}));
}

void ChangeSettingCommand::apply(const QJsonValue &value)
{
    const SettingPath live = settingPath();
    if (!live.isValid()) {
        qWarning("PriorityLab: undo/redo of %s skipped: consumer \"%s\" does not exist",
                 qPrintable(m_path.toString()), qPrintable(m_consumer));
        return;
    }
    if (const QString error = m_simulation->applySetting(live, value); !error.isEmpty())
        qWarning("PriorityLab: undo/redo of %s failed: %s", qPrintable(live.toString()), qPrintable(error));
}

void ChangeSettingCommand::undo()
{
    const UndoScope scope;
    noteUndo();
    m_check.reset();
    m_gesture = 0;  // an undone step never takes in another edit
    apply(m_old);
}

void ChangeSettingCommand::redo()
{
    noteCycle();
    if (!m_check) {
        apply(m_new);
        return;
    }
    // The first redo, from QUndoStack::push(): the change SetupEditor checked just before.
    const CheckedSetting check = *std::exchange(m_check, std::nullopt);
    if (const QString error = m_simulation->applySetting(check); !error.isEmpty())
        qWarning("PriorityLab: %s failed: %s", qPrintable(check.path.toString()), qPrintable(error));
}

bool ChangeSettingCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = dynamic_cast<const ChangeSettingCommand *>(other);
    if (!sameGesture(o))
        return false;
    m_new = o->m_new;
    setObsolete(m_new == m_old);
    updateText();
    return true;
}

bool ChangeSettingCommand::mergesInto(const QUndoCommand *top, const QUndoStack *stack) const
{
    const auto *t = dynamic_cast<const ChangeSettingCommand *>(top);
    if (!t || !stack || t->id() == -1 || t->id() != id() || stack->index() == stack->cleanIndex())
        return false;
    return t->sameGesture(this);
}

bool ChangeSettingCommand::sameGesture(const ChangeSettingCommand *other) const
{
    return other && m_gesture != 0 && other->m_gesture == m_gesture && other->m_id == m_id;
}

QString ChangeSettingCommand::applyTo(Scenario &scenario) const
{
    SettingPath target = m_path;
    if (!m_consumer.isEmpty()) {
        const int index = scenarioConsumerIndex(scenario, m_consumer);
        if (index < 0)
            return tr("%1: there is no consumer \"%2\"").arg(m_path.toString(), m_consumer);
        target = m_path.withRootIndex(index);
    }
    if (target.depth() == 1 && target.rootKey() == QLatin1String("name")) {
        // PriorityLab::applySetting() keeps the old name; the name needs no validation but this.
        const QString name = m_new.toString().trimmed();
        if (!name.isEmpty())
            scenario.name = name;
        return {};
    }
    return PriorityLab::applySetting(scenario, target, m_new);
}

bool ChangeSettingCommand::isTimed() const
{
    return m_path.isTimed();
}

std::optional<TimelineChange> ChangeSettingCommand::asTimelineChange(const Scenario &scenario) const
{
    SettingPath target = m_path;
    if (!m_consumer.isEmpty()) {
        const int index = scenarioConsumerIndex(scenario, m_consumer);
        if (index < 0)
            return std::nullopt;
        target = m_path.withRootIndex(index);
    }
    // A timeline entry has no "key absent": the format's default stands for it, or null (no
    // limit) for the settings whose default is none (docs/scenario-format.md).
    QJsonValue value = m_new;
    if (value.isUndefined())
        value = settingDefault(target);
    if (value.isUndefined())
        value = QJsonValue(QJsonValue::Null);
    return TimelineChange{m_cycle, target.toString(), value};
}

// --- ConsumerCommand ------------------------------------------------------------------------

ConsumerCommand::ConsumerCommand(Simulation *simulation, bool adds, ConsumerConfig config, int index,
                                 QUndoCommand *parent)
    : SetupCommand(simulation, parent), m_config(std::move(config)), m_adds(adds), m_index(index)
{
    const QString consumer = ChangeLabel::consumerWords(m_config.name);  // "consumer C", "consumer-4"
    setText((adds ? tr("Add %1") : tr("Remove %1")).arg(consumer));
}

ConsumerCommand *ConsumerCommand::add(Simulation *simulation, ConsumerConfig config, QUndoCommand *parent)
{
    return new ConsumerCommand(simulation, true, std::move(config), INT_MAX, parent);
}

ConsumerCommand *ConsumerCommand::remove(Simulation *simulation, int index, QUndoCommand *parent)
{
    return new ConsumerCommand(simulation, false, simulation->consumers().at(size_t(index))->config(), index,
                               parent);
}

void ConsumerCommand::undo()
{
    const UndoScope scope;
    noteUndo();
    setLive(!m_adds);
}

void ConsumerCommand::redo()
{
    noteCycle();
    setLive(m_adds);
}

void ConsumerCommand::setLive(bool in)
{
    if (!in) {
        const int index = liveConsumerIndex(m_config.name);
        if (index >= 0)
            m_simulation->removeConsumer(index);
        return;
    }
    // A removed one back at its old position, so the round-robin order is what it was.
    const int index = std::min(m_index, int(m_simulation->consumers().size()));
    if (const QString error = m_simulation->insertConsumer(index, m_config); !error.isEmpty())
        qWarning("PriorityLab: %s consumer %s failed: %s", m_adds ? "redo of adding" : "undo of removing",
                 qPrintable(m_config.name), qPrintable(error));
}

QString ConsumerCommand::applyTo(Scenario &scenario) const
{
    const int index = scenarioConsumerIndex(scenario, m_config.name);
    if (m_adds) {
        if (index >= 0)
            return tr("consumer name \"%1\" is taken").arg(m_config.name);
        scenario.consumers.append(m_config);
    } else {
        if (index < 0)
            return tr("there is no consumer \"%1\" to remove").arg(m_config.name);
        scenario.consumers.removeAt(index);
    }
    return {};
}

} // namespace PriorityLab
