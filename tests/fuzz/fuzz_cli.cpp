// Fuzz target (c): prioritylab-sim's command line, run by runSimulator(). See fuzztargets.h.
#include "tests/fuzz/fuzztargets.h"

#include "app/simulator.h"

#include <QByteArrayList>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>
#include <utility>

namespace PriorityLab::Fuzz {

namespace {

/// Arguments a command line may have (more is skipped).
constexpr qsizetype MaxArguments = 32;
/// Largest --cycles the harness runs: a larger N is a legitimate run of that many cycles (with a
/// generator, of that much work), so such an input is skipped, not run.
constexpr qint64 MaxCycles = 500;
/// The only paths with a slash an input may name: every other file is one of the scenarios below
/// or an output, in the run's own temporary folder.
const QStringList AllowedPaths = {QStringLiteral("/dev/null"), QStringLiteral("/dev/full")};

/// The scenario files of every run, by name (tests/fuzz/cli.dict has the names): runs that end by
/// themselves, ones that never end (refused without --cycles), a broken one, names that need
/// escaping. Each ends or is refused within MaxCycles cycles of small work.
const std::pair<const char *, const char *> Scenarios[] = {
    {"a.json", R"({"seed":1,"broker":{"mode":"fifo","batchSize":3,"maxIdleCycles":3},
        "consumers":[{"name":"A","strategy":{"type":"priority","threshold":5}},
                     {"name":"B","strategy":{"type":"priority","threshold":5,"agingStep":2}}],
        "producers":[{"name":"P","messages":[{"data":"d0","priority":0,"ttl":5},{"data":"d1","priority":3},
                     {"data":"d2","priority":8,"atCycle":2},{"data":"d3","priority":5,"ttl":1}]}]})"},
    {"b.json", R"({"seed":2,"broker":{"mode":"priority","maxIdleCycles":2},
        "consumers":[{"name":"A","failureRate":0.4},{"name":"B","capacity":1,"strategy":{"type":"ttl","low":0,"high":3}}],
        "producers":[{"name":"P","messages":[{"data":"d0","priority":0,"ttl":5},{"data":"d1","priority":3},
                     {"data":"d2","priority":8,"atCycle":2},{"data":"d3","priority":5,"ttl":1}]}]})"},
    {"c.json", R"({"seed":3,"broker":{"mode":"topics","batchSize":2,"maxIdleCycles":1,
                   "topics":[{"name":"hot","priorities":[5,9]},{"name":"cold","priorities":[0,4]}]},
        "consumers":[{"name":"A","topics":["hot"]},{"name":"B","strategy":{"type":"predicate","predicate":"priority > 2"}}],
        "producers":[{"name":"P","generator":{"perCycle":3,"priority":[0,9],"ttl":[1,9],"data":"g-{n}","untilCycle":20}}],
        "timeline":[{"atCycle":4,"set":{"consumers[1].online":false}},{"atCycle":8,"set":{"consumers[1].online":true}}]})"},
    {"loop.json", R"({"broker":{"maxIdleCycles":3,"maxDeliveriesPerCycle":1000},
        "consumers":[{"name":"A","failureRate":1}],"producers":[{"name":"P","messages":[{"data":"m1"}]}]})"},
    {"idle0.json", R"({"broker":{"maxIdleCycles":0},"consumers":[{"name":"A"}],
        "producers":[{"name":"P","messages":[{"data":"m1"}]}]})"},
    {"gen.json", R"({"producers":[{"name":"P","generator":{"perCycle":2}}],"consumers":[{"name":"A"}]})"},
    {"late.json", R"({"consumers":[{"name":"A","online":false}],"producers":[{"name":"P","messages":[{"data":"m"}]}],
        "timeline":[{"atCycle":9007199254740992,"set":{"consumers[0].online":true}}]})"},
    {"names.json", R"({"consumers":[{"name":"A\u0000B","failureRate":0.5},{"name":"\u001b[31mred"}],
        "producers":[{"name":"P\u202e","messages":[{"data":"x\u0007y"},{"data":"\n"}]}]})"},
    {"bad.json", R"({"seed":1,"bogus":true,"consumers":[{"name":"A"},{"name":"A"}]})"},
    {"empty.json", ""},
};

/// The input as a command line: split at NUL and newline, without the empty piece after a final
/// separator; empty if the input does not make a command line the harness runs.
QStringList argumentsOf(const QByteArray &bytes)
{
    QByteArray text = bytes;
    text.replace('\n', '\0');
    QByteArrayList pieces = text.split('\0');
    if (!pieces.isEmpty() && pieces.constLast().isEmpty())
        pieces.removeLast();
    if (pieces.size() > MaxArguments)
        return {};
    QStringList arguments{QStringLiteral("prioritylab-sim")};
    for (const QByteArray &piece : std::as_const(pieces))
        arguments << QString::fromUtf8(piece);
    return arguments;
}

/// Whether runSimulator() may be given @p arguments: no path outside the run's folder but
/// AllowedPaths, and no --cycles above MaxCycles (read as the runner reads it; a value that
/// the runner refuses is fine).
bool harmless(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument.contains(QLatin1Char('/')) && !AllowedPaths.contains(argument))
            return false;
        QString cycles;
        if (argument == QLatin1String("--cycles") && i + 1 < arguments.size())
            cycles = arguments.at(i + 1);
        else if (argument.startsWith(QLatin1String("--cycles=")))
            cycles = argument.mid(9);
        bool ok = false;
        const qint64 n = cycles.toLongLong(&ok);
        if (ok && n > MaxCycles)
            return false;
    }
    return true;
}

/// A stream collecting what is written to it in memory (open_memstream), read by text().
class MemoryStream
{
public:
    MemoryStream() : m_file(::open_memstream(&m_buffer, &m_size)) {}
    ~MemoryStream()
    {
        if (m_file)
            std::fclose(m_file);
        std::free(m_buffer);
    }
    MemoryStream(const MemoryStream &) = delete;
    MemoryStream &operator=(const MemoryStream &) = delete;

    std::FILE *file() const { return m_file; }
    QByteArray text()
    {
        std::fflush(m_file);
        return QByteArray(m_buffer, qsizetype(m_size));
    }

private:
    char *m_buffer = nullptr;
    size_t m_size = 0;
    std::FILE *m_file;
};

/// Makes @p path the current folder for its lifetime.
class CurrentFolder
{
public:
    explicit CurrentFolder(const QString &path) : m_previous(QDir::currentPath()) { m_ok = QDir::setCurrent(path); }
    ~CurrentFolder() { QDir::setCurrent(m_previous); }
    CurrentFolder(const CurrentFolder &) = delete;
    CurrentFolder &operator=(const CurrentFolder &) = delete;
    bool ok() const { return m_ok; }

private:
    QString m_previous;
    bool m_ok = false;
};

/// "" if @p err (everything the run printed as errors) is well formed for exit status @p status.
QString errorsProblem(int status, const QByteArray &err, const QStringList &arguments)
{
    if (status != 0 && status != 1 && status != 2)
        return QStringLiteral("exit status %1").arg(status);
    if (status != 0 && err.isEmpty())
        return QStringLiteral("exit status %1 without an error message").arg(status);
    // Only an output on /dev/full can fail in the run's folder.
    if (status == 1 && !arguments.contains(QStringLiteral("/dev/full")))
        return QStringLiteral("exit status 1 with no output on /dev/full: %1").arg(QString::fromUtf8(err));
    if (err.contains("internal error"))
        return QString::fromUtf8(err);
    for (const QByteArray &line : err.split('\n')) {
        if (line.isEmpty())
            continue;
        if (!line.startsWith("prioritylab-sim: "))
            return QStringLiteral("an error line without the program name: %1").arg(QString::fromUtf8(line));
        for (const char c : line) {
            if (uchar(c) < 0x20 || c == 0x7f)
                return QStringLiteral("a control character (%1) in an error line").arg(int(uchar(c)));
        }
    }
    return {};
}

} // namespace

QString cliTarget(const std::uint8_t *data, std::size_t size)
{
    const QStringList arguments = argumentsOf(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (arguments.isEmpty() || !harmless(arguments))
        return {};

    QTemporaryDir dir;
    if (!dir.isValid())
        return QStringLiteral("cannot make a temporary folder: %1").arg(dir.errorString());
    for (const auto &[name, json] : Scenarios) {
        QFile file(dir.filePath(QString::fromLatin1(name)));
        if (!file.open(QIODevice::WriteOnly) || file.write(json) != qint64(qstrlen(json)))
            return QStringLiteral("cannot write %1").arg(file.fileName());
    }
    const CurrentFolder folder(dir.path());
    if (!folder.ok())
        return QStringLiteral("cannot enter %1").arg(dir.path());

    std::FILE *out = std::fopen("/dev/null", "w");
    if (!out)
        return QStringLiteral("cannot open /dev/null");
    MemoryStream err;
    if (!err.file()) {
        std::fclose(out);
        return QStringLiteral("open_memstream failed");
    }
    const int status = runSimulator(arguments, out, err.file());
    std::fclose(out);
    if (const QString problem = errorsProblem(status, err.text(), arguments); !problem.isEmpty())
        return QStringLiteral("%1: %2").arg(arguments.mid(1).join(QLatin1Char(' ')), problem);
    return {};
}

} // namespace PriorityLab::Fuzz

PRIORITYLAB_FUZZ_ENTRY_POINTS(cliTarget, "fuzz_cli")
