// prioritylab-sim as a function: what its main() runs, callable by the fuzz target of the
// command line (tests/fuzz/fuzz_cli.cpp) with its output sent elsewhere.
#pragma once

#include <QStringList>

#include <cstdio>

namespace PriorityLab {

/// Runs prioritylab-sim's command line @p arguments (the program name first) as docs/design.md
/// §7 describes: reads the scenario file(s) they name, runs, writes the outputs they ask for.
/// What the program prints on its standard output (the table, help and version text, outputs
/// given as "-") goes to @p standardOutput, errors and warnings (one line each, control
/// characters escaped) to @p standardError. Needs a QCoreApplication (its name and version are
/// those --version prints). Returns the exit status (ExitCode of app/commandline.h): 0 success,
/// 2 bad input, 1 internal error or failed output. Never ends the process, not even for --help.
int runSimulator(const QStringList &arguments, std::FILE *standardOutput, std::FILE *standardError);

} // namespace PriorityLab
