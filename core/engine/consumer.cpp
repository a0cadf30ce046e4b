#include "core/engine/consumer.h"

namespace PriorityLab {

Consumer::Consumer(QString name_, std::unique_ptr<Strategy> strategy_)
    : name(std::move(name_)), strategy(std::move(strategy_))
{
}

Consumer::State Consumer::state(qint64 cycle) const
{
    if (!online)
        return State::Offline;
    // Before the first cycle (cycle -1) nothing was handed out: lastBatchCycle -1 means "none".
    return (lastBatchCycle >= 0 && lastBatchCycle == cycle) || !held.empty() ? State::Handling : State::Idle;
}

ConsumerConfig Consumer::config() const
{
    ConsumerConfig c;
    c.name = name;
    c.online = online;
    c.failureRate = failureRate;
    c.capacity = capacity;
    c.topics = topics;
    c.prefetch = prefetch;
    c.workPerCycle = workPerCycle;
    c.deadLetters = deadLetters;
    c.strategy.type = strategy->type();
    c.strategy.parameters = strategy->parameterValues();
    return c;
}

} // namespace PriorityLab
