// Shared by the benchmark programs (prioritylab-bench, prioritylab-bench-app): the command line
// both take (--help, --version, --json FILE, integer options) and the JSON report they write.
#pragma once

#include "bench/benchoutput.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <cstdlib>

namespace PriorityLab {

/// Names the application @p program (version PRIORITYLAB_VERSION) and gives @p parser the
/// program's @p description and the options both programs take: --help, --version and
/// --json FILE (finishBench() writes the report to parser.value("json")).
inline void setUpBenchParser(QCommandLineParser &parser, const QString &program, const QString &description)
{
    QCoreApplication::setApplicationName(program);
    QCoreApplication::setApplicationVersion(QStringLiteral(PRIORITYLAB_VERSION));
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("json"),
                      QStringLiteral("Also write the figures as one JSON object to FILE (- = standard "
                                     "output, which replaces the text)."),
                      QStringLiteral("FILE")});
}

/// The value of integer option --@p name, @p fallback when it is not given and @p fallback >= 0;
/// a value that is not an integer from @p lo to @p hi ends the program with exit code 2 and
/// "<program>: --<name>: expected an integer from lo to hi" on standard error.
inline qint64 benchIntegerOption(const QCommandLineParser &parser, const QString &name, qint64 fallback,
                                 qint64 lo, qint64 hi)
{
    if (!parser.isSet(name) && fallback >= 0)
        return fallback;
    bool ok = false;
    const qint64 v = parser.value(name).toLongLong(&ok);
    if (!ok || v < lo || v > hi) {
        std::fprintf(stderr, "%s: --%s: expected an integer from %lld to %lld\n",
                     qPrintable(QCoreApplication::applicationName()), qPrintable(name), lo, hi);
        std::exit(2);
    }
    return v;
}

/// The warning line of a build with assertions on (its figures are not representative).
inline void noteBenchBuild(Output &out)
{
#ifndef NDEBUG
    out.note(QStringLiteral("WARNING: assertions are on (not a release build); figures are not "
                            "representative"));
#else
    Q_UNUSED(out);
#endif
}

/// Closes the report with section "run" and its "total bench time" (@p seconds, s), then, if
/// @p path is not empty, writes @p root plus the figures and checks of @p out as indented JSON
/// to @p path ("-" = standard output). Returns the exit code: 1 if the file cannot be written
/// (said on standard error) or a check failed, otherwise 0.
inline int finishBench(Output &out, double seconds, QJsonObject root, const QString &path)
{
    out.section(QStringLiteral("run"), QStringLiteral("this run"));
    out.figure(QStringLiteral("total bench time"), seconds, QStringLiteral("s"), 1);
    if (!path.isEmpty()) {
        root.insert(QStringLiteral("figures"), out.figures());
        root.insert(QStringLiteral("checks"), out.checks());
        const QByteArray json = QJsonDocument(root).toJson(QJsonDocument::Indented);
        if (path == QLatin1String("-")) {
            std::fwrite(json.constData(), 1, size_t(json.size()), stdout);
        } else {
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(json) != json.size()) {
                std::fprintf(stderr, "%s: --json %s: cannot write: %s\n",
                             qPrintable(QCoreApplication::applicationName()), qPrintable(path),
                             qPrintable(f.errorString()));
                return 1;
            }
        }
    }
    return out.failed() ? 1 : 0;
}

} // namespace PriorityLab
