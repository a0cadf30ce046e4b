// prioritylab-sim: runs a scenario headless, as fast as it can (docs/design.md §7). The work is
// runSimulator() of app/simulator.h.
#include "app/simulator.h"

#include <QCoreApplication>

#include <csignal>
#include <cstdio>

int main(int argc, char *argv[])
{
    // A closed pipe (prioritylab-sim ... | head) must not kill the process silently: ignore
    // SIGPIPE, so that the write fails and the run reports it (exit 1).
    std::signal(SIGPIPE, SIG_IGN);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("prioritylab-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(PRIORITYLAB_VERSION));
    return PriorityLab::runSimulator(QCoreApplication::arguments(), stdout, stderr);
}
