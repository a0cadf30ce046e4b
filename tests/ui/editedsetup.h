// Shared by the UI tests that edit a running setup: a loaded simulation, its setup editor and the
// consumer panel on that editor, as the Consumers dock holds them.
#pragma once

#include "core/engine/simulation.h"
#include "core/scenario/scenario.h"
#include "tests/testsupport.h"
#include "ui/consumers/consumercard.h"
#include "ui/consumers/consumerpanel.h"
#include "ui/editing/parametereditor.h"
#include "ui/editing/setupeditor.h"

#include <QAbstractSlider>

namespace PriorityLab::TestSupport {

/// A simulation loaded with a scenario, edited through a SetupEditor and a ConsumerPanel.
/// The test checks `loaded` (true when the scenario loaded without problems).
struct EditedSetup
{
    explicit EditedSetup(const Scenario &scenario) : loaded(sim.load(scenario).isEmpty()) { }
    /// @p presetFile names a preset of resources/scenarios/, e.g. "reference-ttl.json".
    explicit EditedSetup(const QString &presetFile) : EditedSetup(loadPreset(presetFile)) { }

    /// The slider of consumer @p consumer's parameter @p name.
    QAbstractSlider *slider(int consumer, const QString &name) const
    {
        return panel.cards().at(consumer)->parameterEditor(name)->slider();
    }

    Simulation sim;
    bool loaded;
    SetupEditor editor{&sim};
    ConsumerPanel panel{&editor};
};

} // namespace PriorityLab::TestSupport
