// Shared by the benchmark programs (prioritylab-bench, prioritylab-bench-app): one line per
// figure, aligned, with its unit, and the same figures and checks collected as JSON.
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <cstdio>

namespace PriorityLab {

/// The benchmark's output: sections, figures (value + unit) and checks (ok/FAILED, or MET/NOT MET
/// for targets), printed one per line when @p text is true and always kept for the JSON report.
/// A failed check (not a target) makes failed() true: the program then exits 1.
class Output
{
public:
    /// @p text: print as it goes (false when the JSON goes to standard output instead).
    explicit Output(bool text) : m_text(text) { }

    /// Starts section @p id (the JSON's "section" of what follows), printed as "[id] title".
    void section(const QString &id, const QString &title)
    {
        m_section = id;
        if (m_text)
            std::printf("\n[%s] %s\n", qPrintable(id), qPrintable(title));
        std::fflush(stdout);
    }

    /// One figure: @p value in @p unit (e.g. "ms", "messages"), printed with @p decimals.
    void figure(const QString &name, double value, const QString &unit, int decimals = 0)
    {
        if (m_text)
            std::printf("  %-44s %16s %s\n", qPrintable(name),
                        qPrintable(QString::number(value, 'f', decimals)), qPrintable(unit));
        std::fflush(stdout);
        m_figures.append(QJsonObject{{QStringLiteral("section"), m_section},
                                     {QStringLiteral("name"), name},
                                     {QStringLiteral("value"), value},
                                     {QStringLiteral("unit"), unit}});
    }

    /// A check or target: @p ok decides PASS/FAIL (or MET/NOT MET for targets).
    void check(const QString &name, bool ok, const QString &detail, bool target = false)
    {
        const QString verdict = target ? (ok ? QStringLiteral("MET") : QStringLiteral("NOT MET"))
                                       : (ok ? QStringLiteral("ok") : QStringLiteral("FAILED"));
        if (m_text)
            std::printf("  %-44s %16s %s\n", qPrintable(name), qPrintable(verdict),
                        qPrintable(detail));
        std::fflush(stdout);
        m_checks.append(QJsonObject{{QStringLiteral("section"), m_section},
                                    {QStringLiteral("name"), name},
                                    {QStringLiteral("ok"), ok},
                                    {QStringLiteral("target"), target},
                                    {QStringLiteral("detail"), detail}});
        if (!ok && !target)
            m_failed = true;
    }

    /// A line of text (printed only; not in the JSON).
    void note(const QString &text)
    {
        if (m_text)
            std::printf("  %s\n", qPrintable(text));
        std::fflush(stdout);
    }

    /// True once a check (not a target) failed.
    bool failed() const { return m_failed; }
    /// Every figure so far: {section, name, value, unit}.
    QJsonArray figures() const { return m_figures; }
    /// Every check so far: {section, name, ok, target, detail}.
    QJsonArray checks() const { return m_checks; }

private:
    bool m_text;
    bool m_failed = false;
    QString m_section;
    QJsonArray m_figures;
    QJsonArray m_checks;
};

} // namespace PriorityLab
