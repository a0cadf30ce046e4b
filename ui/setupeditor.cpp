#include "setupeditor.h"

#include "simulation.h"

namespace PriorityLab {

SetupEditor::SetupEditor(Simulation *simulation, QObject *parent)
    : QObject(parent), m_simulation(simulation)
{
}

bool SetupEditor::validConsumer(int index) const
{
    return index >= 0 && index < int(m_simulation->consumers().size());
}

void SetupEditor::setConsumerOnline(int index, bool online)
{
    if (validConsumer(index) && m_simulation->consumers()[size_t(index)]->online != online)
        m_simulation->setConsumerOnline(index, online);
}

void SetupEditor::setConsumerFailureRate(int index, double rate)
{
    if (validConsumer(index) && m_simulation->consumers()[size_t(index)]->failureRate != rate)
        m_simulation->setConsumerFailureRate(index, rate);
}

QString SetupEditor::setConsumerStrategyType(int index, const QString &type)
{
    if (!validConsumer(index))
        return tr("there is no consumer %1").arg(index);
    if (m_simulation->consumers()[size_t(index)]->strategy->type() == type)
        return {};
    return m_simulation->setConsumerStrategyType(index, type);
}

QString SetupEditor::setConsumerParameter(int index, const QString &name, const QVariant &value)
{
    if (!validConsumer(index))
        return tr("there is no consumer %1").arg(index);
    if (m_simulation->consumers()[size_t(index)]->strategy->parameter(name) == value)
        return {};
    return m_simulation->setConsumerParameter(index, name, value);
}

} // namespace PriorityLab
