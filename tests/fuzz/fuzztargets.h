#pragma once

// The fuzz targets of tests/fuzz/ as plain functions, so that the libFuzzer executables
// (clang, built with the `fuzz` preset) and the CTest replay test tst_fuzz_regressions (the
// normal gcc build) run the same code on the same inputs.

#include "core/engine/broker.h"

#include <QHash>
#include <QString>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace PriorityLab::Fuzz {

/// The queue order rules of the broker's mode, checked on what it holds now; "" if they hold,
/// otherwise the first break. fifo: arrival order. priority: sub-queues by effective priority,
/// highest first, arrival order within each. topics: the configured topics in order, each message
/// in the sub-queue of its topic, arrival order within each. (Message::arrival numbers arrivals.)
inline QString queueOrderProblem(const Broker &broker)
{
    const BrokerConfig &config = broker.config();
    const Broker::SubQueueList &queues = broker.subQueues();
    if (config.mode == BrokerConfig::Mode::Fifo && queues.size() != 1)
        return QStringLiteral("fifo mode with %1 sub-queues").arg(queues.size());
    if (config.mode == BrokerConfig::Mode::Topics && qsizetype(queues.size()) != config.topics.size())
        return QStringLiteral("topics mode with %1 sub-queues for %2 topics").arg(queues.size()).arg(config.topics.size());
    for (size_t i = 0; i < queues.size(); ++i) {
        const Broker::SubQueue &q = queues[i];
        if (config.mode == BrokerConfig::Mode::Priority) {
            if (i > 0 && queues[i - 1].key <= q.key)
                return QStringLiteral("priority sub-queues out of order: %1 before %2").arg(queues[i - 1].key).arg(q.key);
        }
        if (config.mode == BrokerConfig::Mode::Topics && q.name != config.topics.at(qsizetype(i)).name)
            return QStringLiteral("sub-queue %1 is not topic %2").arg(q.name, config.topics.at(qsizetype(i)).name);
        quint64 last = 0;
        for (const Message &m : q.messages) {
            if (m.arrival <= last)
                return QStringLiteral("message %1 out of arrival order in sub-queue %2").arg(m.id).arg(q.name);
            last = m.arrival;
            if (config.mode == BrokerConfig::Mode::Priority
                && q.key != (config.maxPriority ? std::min(m.priority, *config.maxPriority) : m.priority))
                return QStringLiteral("message %1 (priority %2) in sub-queue %3").arg(m.id).arg(m.priority).arg(q.key);
            if (config.mode == BrokerConfig::Mode::Topics && m.topic.text() != q.name)
                return QStringLiteral("message %1 of topic %2 in sub-queue %3").arg(m.id).arg(m.topic.text(), q.name);
        }
    }
    return {};
}

/// Message id -> arrival number of every queued message (ids are unique in the queue), to check
/// with arrivalOrderKept() after a change that re-routes the queue.
inline QHash<quint64, quint64> arrivals(const Broker &broker)
{
    QHash<quint64, quint64> map;
    for (const Broker::SubQueue &q : broker.subQueues()) {
        for (const Message &m : q.messages)
            map.insert(m.id, m.arrival);
    }
    return map;
}

/// "" if the queue holds exactly the messages of @p before and every sub-queue keeps them in
/// their arrival order from before (a mode or topic change re-routes, it must not reorder);
/// otherwise the first problem.
inline QString arrivalOrderKept(const Broker &broker, const QHash<quint64, quint64> &before)
{
    if (broker.size() != before.size())
        return QStringLiteral("%1 messages queued before, %2 after").arg(before.size()).arg(broker.size());
    for (const Broker::SubQueue &q : broker.subQueues()) {
        quint64 last = 0;
        for (const Message &m : q.messages) {
            const auto it = before.constFind(m.id);
            if (it == before.constEnd())
                return QStringLiteral("message %1 was not queued before").arg(m.id);
            if (*it <= last)
                return QStringLiteral("message %1 overtook an earlier arrival in sub-queue %2").arg(m.id).arg(q.name);
            last = *it;
        }
    }
    return {};
}

/// The scenario loader: parseScenario(@p data) and, if it loads, Simulation::load() plus up to
/// 40 cycles, checking every invariant and the queue order rules (queueOrderProblem()) after each
/// cycle, with a live switch of the broker mode half way, the JSON round trip of the scenario and
/// the event JSON of every event. Returns "" if all held, otherwise what broke (the libFuzzer
/// entry point aborts on it). Crashes, hangs and sanitizer reports are the other failures.
QString scenarioTarget(const std::uint8_t *data, std::size_t size);

/// The predicate expression: @p data as UTF-8 text given to Expression::check() and
/// Expression::setText() (which must agree), then, if valid, evaluated on several sets of
/// variables (defaults, the int limits, values drawn from a hash of the input). A whitelisted
/// expression must never fail at run time. Returns "" or what broke.
QString expressionTarget(const std::uint8_t *data, std::size_t size);

/// prioritylab-sim's command line: @p data split at NUL and newline into arguments, given to
/// runSimulator() (app/simulator.h) in a fresh temporary folder holding a few small scenario
/// files (a.json, b.json, c.json, loop.json, idle0.json, gen.json, late.json, names.json,
/// bad.json, empty.json), with standard output to /dev/null and errors kept in memory. Inputs
/// naming another path with a slash (only /dev/null and /dev/full are allowed) or --cycles above
/// 500 are skipped. Checks the exit status (0, 1 or 2; 1 only with an output on /dev/full) and
/// the errors (one "prioritylab-sim: " line each, no control character, never "internal
/// error", at least one for a failure). Returns "" or what broke.
QString cliTarget(const std::uint8_t *data, std::size_t size);

} // namespace PriorityLab::Fuzz

#ifdef PRIORITYLAB_LIBFUZZER_ENTRY
#include "core/strategies/expression.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

/// libFuzzer's entry points for one target function (QString (const uint8_t *, size_t)): a
/// QCoreApplication for the whole run, and an abort with "<label>: <problem>" on stderr when the
/// target reports a problem. After each input the shared predicate engine is let go, so that
/// LeakSanitizer (which cannot scan the engine's own heap) sees it freed, not leaked. Expands to nothing outside the libFuzzer build (the `fuzz` preset),
/// so the same sources also build into tst_fuzz_regressions.
#define PRIORITYLAB_FUZZ_ENTRY_POINTS(target, label)                                           \
    extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)                               \
    {                                                                                          \
        static QCoreApplication app(*argc, *argv);                                             \
        return 0;                                                                              \
    }                                                                                          \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)          \
    {                                                                                          \
        if (const QString problem = PriorityLab::Fuzz::target(data, size); !problem.isEmpty()) { \
            std::fprintf(stderr, "%s: %s\n", label, qPrintable(problem));                      \
            std::abort();                                                                      \
        }                                                                                      \
        PriorityLab::Expression::releaseThreadEngine();                                        \
        return 0;                                                                              \
    }
#else
#define PRIORITYLAB_FUZZ_ENTRY_POINTS(target, label)
#endif
