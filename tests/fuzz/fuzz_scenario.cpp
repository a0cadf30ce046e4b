// Fuzz target (a): the scenario loader and a short run of what it accepts. See fuzztargets.h.
#include "tests/fuzz/fuzztargets.h"

#include "core/analysis/eventjson.h"
#include "core/scenario/scenario.h"
#include "core/engine/simulation.h"

#include <QJsonDocument>

#include <algorithm>

namespace PriorityLab::Fuzz {

namespace {
/// Cycles run on each accepted scenario.
constexpr int Cycles = 40;
/// Bounds the harness puts on the work of one input (not on what the loader accepts): generated
/// messages per cycle and deliveries per drain cycle, so one input costs milliseconds, not
/// seconds. Documented limits of the format (1,000,000) are exercised by the tests instead.
constexpr int MaxPerCycle = 200;
constexpr qint64 MaxDeliveries = 5000;
} // namespace

QString scenarioTarget(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const ScenarioLoadResult loaded = parseScenario(bytes, QStringLiteral("fuzz.json"));
    if (!loaded.ok()) {
        if (loaded.errors.isEmpty())
            return QStringLiteral("parseScenario refused the input without an error message");
        return {};
    }

    // The documented round trip: parseScenario(scenarioToJson(s)) gives s again.
    const QJsonObject json = scenarioToJson(*loaded.scenario);
    const ScenarioLoadResult again = parseScenario(QJsonDocument(json).toJson(), QStringLiteral("again.json"));
    if (!again.ok())
        return QStringLiteral("scenarioToJson() wrote a scenario parseScenario() refuses: ")
                + again.errors.join(QStringLiteral("; "));
    if (scenarioToJson(*again.scenario) != json)
        return QStringLiteral("scenarioToJson(parseScenario(scenarioToJson(s))) differs from scenarioToJson(s)");

    Scenario scenario = *loaded.scenario;
    scenario.broker.maxDeliveriesPerCycle = std::min(scenario.broker.maxDeliveriesPerCycle, MaxDeliveries);
    for (ProducerConfig &p : scenario.producers) {
        if (p.generator)
            p.generator->perCycle = std::min(p.generator->perCycle, MaxPerCycle);
    }

    Simulation sim;
    if (const QStringList errors = sim.load(scenario); !errors.isEmpty())
        return QStringLiteral("parseScenario() accepted a scenario Simulation::load() refuses: ")
                + errors.join(QStringLiteral("; "));
    for (int i = 0; i < Cycles && !sim.isFinished(); ++i) {
        const CycleReport report = sim.step();
        if (const QStringList broken = sim.checkInvariants(); !broken.isEmpty())
            return QStringLiteral("invariant broken after cycle %1: %2")
                    .arg(report.cycle)
                    .arg(broken.join(QStringLiteral("; ")));
        if (QString order = queueOrderProblem(sim.broker()); !order.isEmpty())
            return QStringLiteral("queue order broken after cycle %1: %2").arg(report.cycle).arg(order);
        if (report.queueDepth != sim.broker().size())
            return QStringLiteral("report.queueDepth %1 != queued %2").arg(report.queueDepth).arg(sim.broker().size());
        for (const Event &e : report.events) {
            if (eventToJsonLine(e).isEmpty())
                return QStringLiteral("an event without JSON");
        }
        // Half way: a setting read back can be applied again unchanged, and a live switch to the
        // next broker mode keeps every message in the new mode's order.
        if (i == Cycles / 2) {
            const QJsonValue batch = sim.settingValue(QStringLiteral("broker.batchSize"));
            if (QString e = sim.applySetting(QStringLiteral("broker.batchSize"), batch); !e.isEmpty())
                return QStringLiteral("applySetting(broker.batchSize, its own value) failed: ") + e;
            const QHash<quint64, quint64> before = arrivals(sim.broker());
            const QString next = BrokerConfig::modeName(BrokerConfig::Mode((int(sim.broker().config().mode) + 1) % 3));
            if (QString e = sim.applySetting(QStringLiteral("broker.mode"), next); !e.isEmpty())
                return QStringLiteral("applySetting(broker.mode, %1) failed: %2").arg(next, e);
            if (QString kept = arrivalOrderKept(sim.broker(), before); !kept.isEmpty())
                return QStringLiteral("switching to %1: %2").arg(next, kept);
            if (QString order = queueOrderProblem(sim.broker()); !order.isEmpty())
                return QStringLiteral("queue order broken by switching to %1: %2").arg(next, order);
        }
    }
    summaryToJson(sim, 0);
    metricsToCsv(sim.metrics());
    return {};
}

} // namespace PriorityLab::Fuzz

PRIORITYLAB_FUZZ_ENTRY_POINTS(scenarioTarget, "fuzz_scenario")
