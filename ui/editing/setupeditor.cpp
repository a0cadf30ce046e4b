#include "ui/editing/setupeditor.h"

#include "core/engine/simulation.h"
#include "ui/editing/undocommands.h"

#include <QAbstractSlider>
#include <QEvent>
#include <QJsonArray>
#include <QJsonObject>
#include <QKeyEvent>
#include <QPointer>
#include <QUndoStack>
#include <QWidget>

#include <algorithm>
#include <functional>
#include <utility>

namespace PriorityLab {

// --- Gestures -------------------------------------------------------------------------------

namespace {

/// The gestures under way, innermost last, and the last id given.
struct Gestures
{
    QList<quint64> open;
    quint64 last = 0;
};

Gestures &gestures()
{
    static Gestures g;
    return g;
}

/// Watches one input for its gestures (SetupEditor::trackGestures()): a mouse button held, a key
/// held down with its auto-repeats, a slider pressed.
class GestureFilter final : public QObject
{
public:
    /// The object name that marks an input as tracked (GestureFilter has no meta-object of its
    /// own, so findChild<GestureFilter *>() would match any child).
    static QString marker() { return QStringLiteral("prioritylab-gesture-filter"); }

    explicit GestureFilter(QWidget *input) : QObject(input)
    {
        setObjectName(marker());
        input->installEventFilter(this);
        if (auto *slider = qobject_cast<QAbstractSlider *>(input)) {
            connect(slider, &QAbstractSlider::sliderPressed, this, [this] { start(m_slider); });
            connect(slider, &QAbstractSlider::sliderReleased, this, [this] { stop(m_slider); });
        }
    }
    ~GestureFilter() override
    {
        for (quint64 *id : {&m_mouse, &m_key, &m_slider})
            stop(*id);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        switch (event->type()) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonDblClick:
            m_released = {};  // something else between: a press after it is a new gesture
            if (m_mouse == 0)
                start(m_mouse);
            break;
        case QEvent::MouseButtonRelease:
            stop(m_mouse);
            stop(m_slider);  // a release always ends a drag
            break;
        case QEvent::KeyPress: {
            // A new press is a new gesture; its auto-repeats continue it.
            const auto *key = static_cast<QKeyEvent *>(event);
            if (key->isAutoRepeat() && m_key != 0)
                break;
            const Released released = std::exchange(m_released, {});
            stop(m_key);
            const bool repeat = released.key == key->key() && released.time != 0 && released.time == key->timestamp();
            if (released.gesture != 0 && (repeat || m_keyEdit)) {
                // The release just before came at this press's very time: one auto-repeat that
                // Qt took for a release and a press (SetupEditor::trackGestures()). The key is
                // still held: its gesture goes on. (An event made by a program, as QTest's,
                // has no time: 0.) Or the input is being edited by keys (setKeyEdit()): each
                // press of that edit continues its gesture, whatever the key.
                m_key = released.gesture;
                SetupEditor::resumeGesture(m_key);
            } else {
                start(m_key);
            }
            break;
        }
        case QEvent::KeyRelease: {
            const auto *key = static_cast<QKeyEvent *>(event);
            if (key->isAutoRepeat() || m_key == 0)
                break;
            // Ended; taken up again if the next press comes at this same time.
            m_released = {m_key, key->key(), key->timestamp()};
            stop(m_key);
            break;
        }
        case QEvent::FocusOut:
            stop(m_key);  // its release goes elsewhere
            m_released = {};
            m_keyEdit = false;  // an edit by keys ends as the focus moves on
            break;
        case QEvent::Hide:
            // No release will come here: a gesture left open would merge later edits.
            for (quint64 *id : {&m_mouse, &m_key, &m_slider})
                stop(*id);
            m_released = {};
            m_keyEdit = false;
            break;
        default:
            break;
        }
        return QObject::eventFilter(watched, event);
    }

    /// SetupEditor::setKeyEdit(): while @p editing, a key press after a release continues the
    /// released key gesture (nothing between: no mouse press, focus change or hiding).
    void setKeyEdit(bool editing)
    {
        m_keyEdit = editing;
        if (!editing && m_key == 0)
            m_released = {};  // the edit ended: the next press is a new gesture
    }

private:
    static void start(quint64 &id) { id = SetupEditor::beginGesture(); }
    static void stop(quint64 &id)
    {
        SetupEditor::endGesture(id);
        id = 0;
    }

    /// The key gesture a release ended, the key and the release's time (QInputEvent::timestamp()).
    struct Released
    {
        quint64 gesture = 0;
        int key = 0;
        quint64 time = 0;
    };

    quint64 m_mouse = 0;
    quint64 m_key = 0;
    quint64 m_slider = 0;
    Released m_released;  ///< the last key release, until the next key press or focus change
    bool m_keyEdit = false;  ///< being edited by keys (SetupEditor::setKeyEdit()), until the focus moves on
};

} // namespace

quint64 SetupEditor::beginGesture()
{
    Gestures &g = gestures();
    g.open.append(++g.last);
    return g.last;
}

void SetupEditor::endGesture(quint64 id)
{
    if (id != 0)
        gestures().open.removeOne(id);
}

void SetupEditor::resumeGesture(quint64 id)
{
    Gestures &g = gestures();
    if (id != 0 && id <= g.last && !g.open.contains(id))
        g.open.append(id);
}

quint64 SetupEditor::currentGesture()
{
    const Gestures &g = gestures();
    return g.open.isEmpty() ? 0 : g.open.constLast();
}

void SetupEditor::trackGestures(QWidget *input)
{
    if (input && !input->findChild<QObject *>(GestureFilter::marker(), Qt::FindDirectChildrenOnly))
        new GestureFilter(input);
}

void SetupEditor::setKeyEdit(QWidget *input, bool editing)
{
    if (!input)
        return;
    if (auto *filter = static_cast<GestureFilter *>(input->findChild<QObject *>(GestureFilter::marker(), Qt::FindDirectChildrenOnly)))
        filter->setKeyEdit(editing);
}

namespace {

/// Whether @p command or one of its children (a macro) is a SetupCommand for which @p test
/// holds, e.g. SetupCommand::movedByRedo (a redo that took a later cycle).
bool anyEdit(const QUndoCommand *command, bool (SetupCommand::*test)() const)
{
    if (const auto *setup = dynamic_cast<const SetupCommand *>(command); setup && (setup->*test)())
        return true;
    for (int i = 0; i < command->childCount(); ++i) {
        if (anyEdit(command->child(i), test))
            return true;
    }
    return false;
}

} // namespace

// --- SetupEditor ----------------------------------------------------------------------------

SetupEditor::SetupEditor(Simulation *simulation, QObject *parent)
    : QObject(parent), m_simulation(simulation), m_undoStack(new QUndoStack(this))
{
    // A new scenario (or Reset) replaces everything the commands refer to.
    connect(m_simulation, &Simulation::scenarioLoaded, m_undoStack, &QUndoStack::clear);
    connect(m_simulation, &Simulation::scenarioLoaded, this, [this] {
        m_savedIndex = 0;
        m_droppedSaved = 0;
        m_redoneLater.clear();
    });
    // An undo or redo separates edits: the step now on top takes in no later edit.
    connect(m_undoStack, &QUndoStack::indexChanged, this, [this](int index) {
        const int previous = std::exchange(m_lastIndex, index);
        if (m_pushing)
            return;
        // The title's "*" follows the undo stack's clean state: undoing every edit since the
        // save (or the opening) clears it, whatever cycles ran meanwhile; the file would be
        // written as it is. One case more: a redo made after cycles ran since its undo is a new
        // edit at a later cycle than the file's, so coming back to the saved index by it is not
        // the saved file (docs/scenario-format.md, "Live edits in a saved file").
        if (index > previous) {
            for (int i = previous; i < std::min(index, m_savedIndex) && i < m_undoStack->count(); ++i) {
                const QUndoCommand *command = m_undoStack->command(i);
                if (anyEdit(command, &SetupCommand::movedByRedo) && !m_redoneLater.contains(command))
                    m_redoneLater.append(command);
            }
            if (!m_redoneLater.isEmpty() && m_undoStack->isClean())
                m_undoStack->resetClean();
        } else {
            // An edit redone late and undone again is the saved one no longer in effect.
            m_redoneLater.removeIf([this, index](const QUndoCommand *command) {
                for (int i = index; i < m_undoStack->count(); ++i) {
                    if (m_undoStack->command(i) == command)
                        return true;
                }
                return false;
            });
        }
        if (index <= 0)
            return;
        if (auto *top = dynamic_cast<const ChangeSettingCommand *>(m_undoStack->command(index - 1)))
            const_cast<ChangeSettingCommand *>(top)->endMerging();
    });
}

SetupEditor::~SetupEditor()
{
    m_undoStack->blockSignals(true);
}

bool SetupEditor::validConsumer(int index) const
{
    return index >= 0 && index < int(m_simulation->consumers().size());
}

bool SetupEditor::validProducer(int index) const
{
    return index >= 0 && index < int(m_simulation->producers().size());
}

QJsonValue SetupEditor::settingValue(const QString &path) const
{
    return m_simulation->settingValue(path);
}

QString SetupEditor::timelineNote(const SettingPath &path) const
{
    const std::optional<TimelineChange> change = m_simulation->nextTimelineChange(path);
    if (!change)
        return {};
    const SettingPath changed = SettingPath::parse(change->path);
    if (changed == path) {
        if (m_simulation->settingValue(path) == change->value)
            return {};
        const QString value = change->value.isString() ? change->value.toString() : settingValueText(change->value);
        return tr("timeline sets this to %1 at cycle %2").arg(value).arg(change->atCycle);
    }
    return tr("timeline changes %1 at cycle %2").arg(changed.toString()).arg(change->atCycle);
}

QString SetupEditor::push(CheckedSetting check)
{
    if (!check.ok())
        return check.error;
    if (check.isNoOp())
        return {};
    noteDroppedEdits();
    m_pushing = true;
    auto *command = new ChangeSettingCommand(m_simulation, std::move(check), currentGesture());
    // A step of a gesture that QUndoStack merges into the step on top (a slider moved by Left,
    // Left while it runs): one undo step, so one marker on the charts (SetupCommand::merging()).
    const QUndoCommand *top = m_undoStack->index() > 0 ? m_undoStack->command(m_undoStack->index() - 1) : nullptr;
    std::optional<SetupCommand::MergeScope> merging;
    if (command->mergesInto(top, m_undoStack))
        merging.emplace();
    m_undoStack->push(command);
    m_pushing = false;
    return {};
}

QString SetupEditor::applySetting(const SettingPath &path, const QJsonValue &value)
{
    return push(m_simulation->checkSetting(path, value));
}

QString SetupEditor::applySetting(const QString &path, const QJsonValue &value)
{
    return applySetting(SettingPath::parse(path), value);
}

// --- Consumers ------------------------------------------------------------------------------

void SetupEditor::setConsumerOnline(int index, bool online)
{
    if (validConsumer(index))
        applySetting(QStringLiteral("consumers[%1].online").arg(index), online);
}

void SetupEditor::setConsumerFailureRate(int index, double rate)
{
    if (validConsumer(index))
        applySetting(QStringLiteral("consumers[%1].failureRate").arg(index), std::clamp(rate, 0.0, 1.0));
}

QString SetupEditor::setConsumerCapacity(int index, int batchesPerCycle)
{
    if (!validConsumer(index))
        return tr("there is no consumer %1").arg(index);
    return applySetting(QStringLiteral("consumers[%1].capacity").arg(index), batchesPerCycle);
}

QString SetupEditor::setConsumerTopics(int index, const QStringList &topics)
{
    if (!validConsumer(index))
        return tr("there is no consumer %1").arg(index);
    return applySetting(QStringLiteral("consumers[%1].topics").arg(index),
                        topics.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonArray::fromStringList(topics));
}

QString SetupEditor::setConsumerStrategyType(int index, const QString &type)
{
    if (!validConsumer(index))
        return tr("there is no consumer %1").arg(index);
    if (m_simulation->consumers()[size_t(index)]->strategy->type() == type)
        return {};
    // Recorded as the whole strategy object (CheckedSetting::target), so that undo brings back
    // the old parameters too.
    return applySetting(QStringLiteral("consumers[%1].strategy.type").arg(index), type);
}

QString SetupEditor::setConsumerParameter(int index, const QString &name, const QVariant &value)
{
    if (!validConsumer(index))
        return tr("there is no consumer %1").arg(index);
    const Strategy &strategy = *m_simulation->consumers()[size_t(index)]->strategy;
    if (strategy.parameter(name) == value)
        return {};
    // The strategy's own check gives the most precise message (e.g. an expression's column); on
    // a copy, so that nothing changes before the command's redo().
    if (QString error = strategy.clone()->setParameter(name, value); !error.isEmpty())
        return error;
    return applySetting(QStringLiteral("consumers[%1].strategy.").arg(index) + name, QJsonValue::fromVariant(value));
}

QString SetupEditor::addConsumer(const ConsumerConfig &config)
{
    if (QString error = m_simulation->checkConsumer(int(m_simulation->consumers().size()), config); !error.isEmpty())
        return error;
    noteDroppedEdits();
    m_undoStack->push(ConsumerCommand::add(m_simulation, config));
    return {};
}

QString SetupEditor::removeConsumer(int index)
{
    if (!validConsumer(index))
        return tr("there is no consumer %1").arg(index);
    noteDroppedEdits();
    m_undoStack->push(ConsumerCommand::remove(m_simulation, index));
    return {};
}

QString SetupEditor::uniqueConsumerName() const
{
    // The next free letter where the consumers are named by letters, some of them at least (the
    // poison lesson's A, B and parking-lot: a trial's new consumer was "consumer-4"), or there
    // is none yet.
    QStringList names;
    bool letters = m_simulation->consumers().empty();
    for (const auto &c : m_simulation->consumers()) {
        names << c->name;
        letters = letters || (c->name.size() == 1 && c->name.at(0) >= QLatin1Char('A') && c->name.at(0) <= QLatin1Char('Z'));
    }
    if (letters) {
        for (char letter = 'A'; letter <= 'Z'; ++letter) {
            const QString name(QLatin1Char{letter});
            if (!names.contains(name))
                return name;
        }
    }
    for (qsizetype n = names.size() + 1;; ++n) {
        const QString name = QStringLiteral("consumer-%1").arg(n);
        if (!names.contains(name))
            return name;
    }
}

// --- Producers ------------------------------------------------------------------------------

QString SetupEditor::setProducerPaused(int index, bool paused)
{
    if (!validProducer(index))
        return tr("there is no producer %1").arg(index);
    return applySetting(QStringLiteral("producers[%1].paused").arg(index), paused);
}

QString SetupEditor::setGeneratorValue(int producer, const QString &key, const QJsonValue &value)
{
    if (!validProducer(producer))
        return tr("there is no producer %1").arg(producer);
    const QString generator = QStringLiteral("producers[%1].generator").arg(producer);
    if (m_simulation->producers()[size_t(producer)].config().generator)
        return applySetting(generator + QLatin1Char('.') + key, value);
    // A producer with scripted messages only: give it a generator that sends nothing until its
    // rate is raised, so that setting a range alone does not start a flood. Undo removes it.
    if (key == QLatin1String("perCycle") && value.toInt() == 0)
        return {};
    QJsonObject object{{QStringLiteral("perCycle"), 0}};
    object.insert(key, value);
    return applySetting(generator, object);
}

QString SetupEditor::setProducerRate(int index, int perCycle)
{
    return setGeneratorValue(index, QStringLiteral("perCycle"), perCycle);
}

QString SetupEditor::setProducerPriorityRange(int index, int minimum, int maximum)
{
    return setGeneratorValue(index, QStringLiteral("priority"), QJsonArray{minimum, maximum});
}

QString SetupEditor::setProducerTtlRange(int index, int minimum, int maximum)
{
    return setGeneratorValue(index, QStringLiteral("ttl"), QJsonArray{minimum, maximum});
}

void SetupEditor::sendMessage(const ScriptedMessage &message)
{
    m_simulation->sendMessage(message);
}

// --- Broker ---------------------------------------------------------------------------------

QString SetupEditor::setBrokerMode(BrokerConfig::Mode mode)
{
    return applySetting(QStringLiteral("broker.mode"), BrokerConfig::modeName(mode));
}

QString SetupEditor::setBrokerMaxPriority(std::optional<int> maxPriority)
{
    return applySetting(QStringLiteral("broker.maxPriority"),
                        maxPriority ? QJsonValue(*maxPriority) : QJsonValue(QJsonValue::Undefined));
}

QString SetupEditor::setBatchSize(int messages)
{
    return applySetting(QStringLiteral("broker.batchSize"), messages);
}

QString SetupEditor::setBatchesPerCycle(int batches)
{
    return applySetting(QStringLiteral("broker.dispatch"),
                        batches <= 0 ? QJsonValue(QStringLiteral("drain"))
                                     : QJsonValue(QJsonObject{{QStringLiteral("batchesPerCycle"), batches}}));
}

QString SetupEditor::setMaxIdleCycles(int cycles)
{
    return applySetting(QStringLiteral("broker.maxIdleCycles"), cycles);
}

QString SetupEditor::setCycleIntervalMs(int ms)
{
    return applySetting(QStringLiteral("broker.cycleIntervalMs"), ms);
}

// --- Scenario -------------------------------------------------------------------------------

QString SetupEditor::setScenarioInfo(const QString &name, const QString &description, const QString &hint)
{
    if (name.trimmed().isEmpty())
        return tr("name: empty; give the scenario a name");
    const Scenario &s = m_simulation->loadedScenario();
    QList<QPair<QString, QString>> changes;
    if (name.trimmed() != scenarioName())
        changes.append({QStringLiteral("name"), name.trimmed()});
    if (description != s.description)
        changes.append({QStringLiteral("description"), description});
    if (hint != s.hint)
        changes.append({QStringLiteral("hint"), hint});
    if (changes.isEmpty())
        return {};
    noteDroppedEdits();
    m_undoStack->beginMacro(tr("Edit the scenario description"));
    QString error;
    for (const auto &[path, text] : std::as_const(changes)) {
        error = applySetting(path, text.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(text));
        if (!error.isEmpty())
            break;
    }
    m_undoStack->endMacro();
    return error;
}

namespace {

/// The new value of the last "name" change in @p command and its children, if any.
std::optional<QString> lastNameChange(const QUndoCommand *command)
{
    std::optional<QString> name;
    if (const auto *change = dynamic_cast<const ChangeSettingCommand *>(command);
        change && change->path() == QLatin1String("name"))
        name = change->newValue().toString();
    for (int i = 0; i < command->childCount(); ++i) {
        if (auto n = lastNameChange(command->child(i)))
            name = n;
    }
    return name;
}

} // namespace

QString SetupEditor::scenarioName() const
{
    QString name = m_simulation->loadedScenario().name;
    for (int i = 0; i < m_undoStack->index(); ++i) {
        if (auto n = lastNameChange(m_undoStack->command(i)))
            name = *n;
    }
    return name;
}

namespace {

/// Replays @p command and its children onto @p scenario as File > Save writes them: an edit of
/// the starting setup (made on cycle 0, a consumer added or removed, the texts) into the setup,
/// a setting changed while running into @p timed, to become a timeline change at its cycle.
QString record(const QUndoCommand *command, Scenario &scenario,
               QList<const ChangeSettingCommand *> &timed)
{
    const auto *change = dynamic_cast<const ChangeSettingCommand *>(command);
    if (change && change->cycle() > 0 && change->isTimed()) {
        timed.append(change);
    } else if (const auto *setup = dynamic_cast<const SetupCommand *>(command)) {
        if (QString e = setup->applyTo(scenario); !e.isEmpty())
            return e;
    }
    for (int i = 0; i < command->childCount(); ++i) {
        if (QString e = record(command->child(i), scenario, timed); !e.isEmpty())
            return e;
    }
    return {};
}

} // namespace

Scenario SetupEditor::editedScenario() const
{
    Scenario scenario = m_simulation->loadedScenario();
    QList<const ChangeSettingCommand *> timed;
    for (int i = 0; i < m_undoStack->index(); ++i) {
        if (const QString e = record(m_undoStack->command(i), scenario, timed); !e.isEmpty()) {
            qWarning("PriorityLab: edit %d cannot be replayed onto the scenario as opened (%s); "
                     "using the live setup",
                     i, qPrintable(e));
            return m_simulation->currentScenario();
        }
    }
    // Edits made while running go into the timeline at their cycle, so the file, opened again,
    // replays what was seen (docs/scenario-format.md, "Live edits in a saved file"). An edit made
    // on cycle N came before that cycle's scripted changes: it goes before the file's own
    // entries of cycle N, which then override it as they did in the run.
    if (!timed.isEmpty()) {
        QList<TimelineChange> edits;
        for (const ChangeSettingCommand *change : std::as_const(timed)) {
            if (std::optional<TimelineChange> c = change->asTimelineChange(scenario))
                edits.append(*c);  // (a consumer removed from the start takes its edits along)
        }
        QList<TimelineChange> timeline = edits + scenario.timeline;
        std::stable_sort(timeline.begin(), timeline.end(),
                         [](const TimelineChange &a, const TimelineChange &b) { return a.atCycle < b.atCycle; });
        scenario.timeline = timeline;
    }
    // The speed slider is the view's: the file keeps its own broker.cycleIntervalMs (as opened,
    // or as edited in the broker panel).
    return scenario;
}

Scenario SetupEditor::runningScenario() const
{
    Scenario scenario = m_simulation->currentScenario();
    // The timeline's changes applied so far are in the settings already: applied again at their
    // cycles they would take back a later edit or a lesson step's setting. Simulation::step()
    // applies those of a cycle at its start: after N cycles, those before cycle N.
    const qint64 cycle = m_simulation->cycle();
    scenario.timeline.removeIf([cycle](const TimelineChange &c) { return c.atCycle < cycle; });
    scenario.broker.cycleIntervalMs = scenarioIntervalMs();
    return scenario;
}

int SetupEditor::scenarioIntervalMs() const
{
    int ms = m_simulation->loadedScenario().broker.cycleIntervalMs;
    const std::function<void(const QUndoCommand *)> visit = [&](const QUndoCommand *command) {
        if (const auto *change = dynamic_cast<const ChangeSettingCommand *>(command)) {
            const QString path = change->path();
            if (path == QLatin1String("broker.cycleIntervalMs"))
                ms = change->newValue().toInt(BrokerConfig().cycleIntervalMs);
            else if (path == QLatin1String("broker"))
                ms = change->newValue().toObject().value(QLatin1String("cycleIntervalMs")).toInt(BrokerConfig().cycleIntervalMs);
        }
        for (int i = 0; i < command->childCount(); ++i)
            visit(command->child(i));
    };
    for (int i = 0; i < m_undoStack->index(); ++i)
        visit(m_undoStack->command(i));
    return ms;
}

void SetupEditor::markSaved()
{
    m_undoStack->setClean();
    m_savedIndex = m_undoStack->index();
    m_droppedSaved = 0;
    m_redoneLater.clear();
}

void SetupEditor::noteDroppedEdits()
{
    // A push drops the undone steps: those the saved file holds are gone from the stack (and
    // QUndoStack forgets its clean state).
    const int index = m_undoStack->index();
    if (index < m_savedIndex) {
        m_droppedSaved += m_savedIndex - index;
        m_savedIndex = index;
    }
}

int SetupEditor::unsavedEditCount() const
{
    return std::max(0, m_undoStack->index() - m_savedIndex);
}

int SetupEditor::undoneSavedEditCount() const
{
    return std::max(0, m_savedIndex - m_undoStack->index()) + m_droppedSaved;
}

} // namespace PriorityLab
