// Shared by the two executables (prioritylab, prioritylab-sim): their exit codes and how they
// read a command line.
#pragma once

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>

namespace PriorityLab {

/// The exit status of both programs (docs/design.md §7).
enum ExitCode { Ok = 0, InternalError = 1, BadInput = 2 };

/// Parses @p arguments (the program name first) with @p parser. Returns the parser's error
/// without its final period (e.g. "Unknown option 'x'") when the command line does not parse,
/// otherwise nothing. Does not act on --help or --version: see parseArguments().
inline std::optional<QString> parseError(QCommandLineParser &parser, const QStringList &arguments)
{
    if (!parser.parse(arguments)) {
        QString error = parser.errorText();
        if (error.endsWith(QLatin1Char('.')))
            error.chop(1);
        return error;
    }
    return std::nullopt;
}

/// As parseError(), with @p parser having --help and --version: these print their text and end
/// the program with Ok.
inline std::optional<QString> parseArguments(QCommandLineParser &parser, const QStringList &arguments)
{
    if (auto error = parseError(parser, arguments))
        return error;
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(Ok);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    return std::nullopt;
}

} // namespace PriorityLab
