#pragma once

#include "core/analysis/comparison.h"
#include "core/scenario/scenario.h"

#include <QDialog>
#include <QPointF>

#include <optional>

class QBoxLayout;
class QComboBox;
class QLabel;
class QSpinBox;
class QSplitter;
class QTabBar;
class QTableView;
class QTextBrowser;

namespace PriorityLab {

class ComparisonModel;
class TimeSeriesChart;

/// File > Compare…: runs two or three scenarios headless on the identical seeded workload and
/// shows them side by side: a table of key figures (latency per priority, a row each
/// with p50, p95 and max columns under each run's name, longest wait, throughput, postponements, discards, deliveries per message, messages
/// overtaken) and aligned charts (queue depth and processed per cycle, one line per
/// configuration on the same axes, one legend for both) and the verdict in words
/// (Comparison::shownVerdicts(): an overall line saying which run is better and why, then a line
/// per group of figures, the priorities of the same latency verdict on one), sized to its lines;
/// each run named by its letter and name ("A (mixed thresholds)"), or by its letter alone where
/// a name does not read as a subject, with a key under the verdict and in the charts' legend
/// (Comparison::VerdictNaming::LettersAndNames). Tab goes from the table to the Verdict/Charts
/// tab bar, then the verdict. The best value of each row is
/// highlighted (bold on blue with a "★", kept in the selected row); no row's when the workloads
/// differ (not like for like, ComparedFigure::comparable). A changed choice marks the figures out of
/// date (isStale()). After a comparison the table
/// has the keyboard focus. The
/// three-way preset (compare-*.json) is selected at first; setCurrentSetup() adds the user's
/// current setup as a choice and selects it (or its file) with the presets a lesson names, or
/// others: the setup on screen is always one of the runs. A scenario that does not load is reported in the window; nothing
/// else changes. The window fits the screen's available geometry (scrolling if it must, the
/// buttons always visible); wide, it sets the charts beside the table.
class CompareWindow : public QDialog
{
    Q_OBJECT

public:
    explicit CompareWindow(QWidget *parent = nullptr);
    ~CompareWindow() override;

    /// The main window's current setup as offered here (setCurrentSetup()): the scenario it runs
    /// now and what that holds besides the scenario as opened, for the choice's words.
    struct CurrentSetup
    {
        Scenario scenario;         ///< what the main window runs now (SetupEditor::runningScenario())
        bool edited = false;       ///< edits by hand in effect (the undo stack's index > 0)
        QList<int> lessonSteps;    ///< the lesson's steps (1-based) whose `set` was applied
        qsizetype timelineChanges = 0;  ///< the timeline's changes applied so far
        qint64 cycle = 0;          ///< the cycles the main window has run
        QString file;              ///< the file the scenario was opened from (empty: none)
        /// The run as watched: the scenario as opened, its timeline, the lesson steps' settings
        /// at the cycles the steps were entered on and the edits at the cycles they were made, to
        /// run again from cycle 0 what the main window showed; std::nullopt where that is the
        /// file's own run (no lesson step's settings, no edits).
        std::optional<Scenario> watched;
    };

    /// Offers @p setup as the choice "Current setup" in every slot; a later call replaces it.
    /// The choice says what it holds besides the scenario as opened: "Current setup (with your
    /// edits)", "(with lesson settings)", "(with timeline changes)" or several joined, e.g.
    /// "Current setup (with your edits and lesson settings)"; plain "Current setup" with none;
    /// "from cycle 0" after "Current setup" when it holds settings that came during the run (a
    /// lesson step's, the timeline's), e.g. "Current setup from cycle 0 (with lesson settings)".
    /// Its tooltip says it in full (the cycle, the steps, the count of timeline changes, that it
    /// runs from cycle 0 with the changes still to come at their cycles). Its run is named after
    /// the scenario plus what it holds when edited (" (your edits)", " (your edits and lesson
    /// settings)"), else " (current setup)" when it holds
    /// settings the file does not start with, or where another choice has its name. If its
    /// texts name presets (presetsNamedIn(), e.g. a lesson's step "Compare with 'Lesson: strict
    /// native priority…'"), selects them instead of the three-way preset, after the setup: as
    /// opened: the setup; holding more than the file (edits, lesson settings, timeline changes):
    /// its file (the lesson as written, which is what such a text compares; lesson-aging's step 5
    /// after step 4 turned aging off), and with edits by hand the current setup too, third (the
    /// run as watched instead where the setup also holds a step's settings or the timeline's
    /// changes, which the current setup would run from cycle 0). A
    /// setup that names no preset is one of the runs all the same: edited by hand and opened from a
    /// file, its file (the lesson as written) and the current setup (or, as above, the run as
    /// watched); one of threeWayPresets(), as
    /// opened or without a file, the three-way preset; with a run as watched (a lesson step's
    /// settings), its file and that run (watchedRunChoice()), and with the timeline's changes
    /// alone, its file and the current setup: like for like, so the first view has verdicts;
    /// a lesson as opened whose steps set something, the setup and the lesson played through
    /// (lessonStepsChoice(), the same workload); else the setup and the presets of
    /// threeWayPresets() of another broker mode than its own (the verdict's first line then says
    /// the workloads differ and what to choose instead).
    /// The run as watched (CurrentSetup::watched), when there is one, is offered after the
    /// current setup in every slot.
    void setCurrentSetup(const CurrentSetup &setup);
    /// The three-way preset the window opens on: consumer strategies, native priority queue and
    /// priority topics (compare-*.json), on one workload.
    static QStringList threeWayPresets();
    /// The resource path of the shipped preset named @p name; empty when none is.
    static QString choiceForName(const QString &name);
    /// The choice for @p file, a scenario named @p name: the preset's resource path when it is
    /// a shipped preset (also opened from the project's folder on disk), else @p file itself;
    /// empty for an empty @p file.
    static QString choiceForFile(const QString &file, const QString &name);
    /// setCurrentSetup() with @p scenario, @p edited and nothing else applied.
    void setCurrentSetup(const Scenario &scenario, bool edited = true);
    /// Whether the current setup was offered as edited (setCurrentSetup()).
    bool currentSetupEdited() const { return m_currentSetup && m_currentSetup->edited; }
    /// The current setup offered (setCurrentSetup()); std::nullopt before.
    const std::optional<CurrentSetup> &currentSetup() const { return m_currentSetup; }
    /// The resource paths of the presets (ScenarioCatalog) whose name @p scenario's description,
    /// hint or lesson steps quote in single quotes, other than itself; at most 2, catalog order.
    static QStringList presetsNamedIn(const Scenario &scenario);
    /// The path-like key that stands for the current setup in setFiles() and files().
    static QString currentSetupChoice();
    /// The path-like key that stands for the run as watched (CurrentSetup::watched) in
    /// setFiles() and files(): offered as "Run as watched (changes at their cycles)" when the
    /// current setup has one, its run named after the scenario plus " (as watched)".
    static QString watchedRunChoice();
    /// The path-like key that stands for the lesson played through (lessonStepSettings()): the
    /// scenario as opened with its lesson steps' settings at the cycles the steps come, offered as
    /// "Lesson with its steps' settings (at their cycles)" when the current setup is a lesson as
    /// opened whose steps set something, its run named after the scenario plus " (with its
    /// steps)". Such a lesson opens on it against the lesson as written: the same workload, where
    /// the presets of the other broker modes had another and every verdict said "not compared".
    static QString lessonStepsChoice();

    /// Selects the scenario files (2 or 3 paths, files or `:/scenarios/...` resources, or
    /// currentSetupChoice() once setCurrentSetup() was called).
    void setFiles(const QStringList &paths);
    /// The selected paths, empty slots left out.
    QStringList files() const;
    /// Cycles each run lasts (at most; a run also ends when its broker stops).
    void setCycles(int cycles);

    /// Loads the selected files and runs them. Returns the problems (empty on success); they
    /// are also shown in the window.
    QStringList compare();

    const Comparison &comparison() const;
    ComparisonModel *model() const { return m_model; }
    TimeSeriesChart *depthChart() const { return m_depth; }
    TimeSeriesChart *processedChart() const { return m_processed; }
    /// The verdict as shown (plain text, Comparison::shownVerdicts(): the overall line, then one
    /// line per group, the priorities of the same latency verdict on one; the runs named by
    /// letter and name, "A (mixed thresholds)", or by letter alone where a name does not read as
    /// a subject: Comparison::VerdictNaming::LettersAndNames), without the key; empty before a
    /// comparison.
    QString verdictText() const;
    /// True when a choice (a configuration, the cycles, the current setup) changed after the
    /// comparison shown: its figures are greyed, the verdict and the status say "Out of date:
    /// press Compare (Enter) to compare again", until compare() runs.
    bool isStale() const;
    /// The letter and name of run @p run as the table's header shows them ("A: native priority
    /// queue"): one line, or two joined by "\n" (the second elided in the middle if it must be);
    /// the full name is in its tooltip.
    QString runHeaderText(int run) const;
    /// Whether the verdict's box is shown: above the table in a wide window, in its tab below
    /// the table (beside the charts' tab) in a stacked one, where a comparison brings it in front.
    bool isVerdictShown() const;
    /// The most lines the verdict's box shows at once (more scroll).
    static constexpr int MaxVerdictLines = 20;
    /// Stacked, the verdict's lines in sight (or all it has) beside at least ten rows; in a
    /// window too low for both (a 720 px screen) the table comes first (updateOrientation()).
    static constexpr int ReadVerdictLines = 18;
    /// Stacked, the fewest verdict lines in sight, the table taking the rest.
    static constexpr int LeastVerdictLines = 5;

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// What @p setup holds besides the scenario as opened, in short words, in order: "your
    /// edits", "lesson settings", "timeline changes"; empty for the setup as opened.
    static QStringList heldBy(const CurrentSetup &setup);
    void addFileChoice(int slot);
    void fitToScreen();
    void updateOrientation();
    void showLegend(const QStringList &names);
    void showVerdicts(const Comparison &comparison);
    /// Shows the verdicts last built (m_verdictHtml), headed "Verdict" when wide (no tab names them).
    void showVerdictHtml();
    /// Sets @p chart's title to @p title, saying which runs' @p lines (one per run, in order)
    /// coincide ("(A = B: the lines coincide)"), and draws each such line wider than the ones
    /// over it, so that every run stays in sight.
    void showCoinciding(TimeSeriesChart *chart, const QString &title, const QList<QList<QPointF>> &lines);
    /// Fixes the verdict box's height to its lines, whole, within m_verdictRoom; @p width is
    /// the width of its text (its viewport's when negative).
    void fitVerdicts(int width = -1);
    /// The verdict box's height for its lines at most @p maxLines of them (whole), its text
    /// @p width pixels wide (its viewport's when negative), in pixels.
    int verdictHeight(int maxLines, int width = -1) const;
    /// Shows the verdict (@p tab 0) or the charts (1) in the pane below the table.
    void showLowerTab(int tab);
    void markStale();
    static QString introText();
    /// After the overall line when the workloads differ: what to choose for a like-for-like
    /// comparison, in one sentence.
    QString differentWorkloadsAdvice() const;

    QList<QComboBox *> m_choices;
    QSpinBox *m_cycles = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_table = nullptr;
    ComparisonModel *m_model = nullptr;
    TimeSeriesChart *m_depth = nullptr;
    TimeSeriesChart *m_processed = nullptr;
    QTextBrowser *m_verdicts = nullptr;
    QSplitter *m_split = nullptr;      ///< table (with verdicts) and charts
    QSize m_splitSized;  ///< m_split's size when updateOrientation() last shared it out
    QBoxLayout *m_chartsBox = nullptr; ///< the two charts: side by side, or stacked when wide
    QWidget *m_legend = nullptr;
    QTabBar *m_lowerTabs = nullptr;     ///< "Verdict", "Charts": the pane below the table, stacked
    QWidget *m_verdictPage = nullptr;   ///< holds the verdict in its tab (stacked)
    bool m_verdictPlaced = false;       ///< updateOrientation() has put the verdict in its place
    int m_verdictRoom = 200;            ///< the most pixels the verdict's box may take (updateOrientation())
    std::optional<CurrentSetup> m_currentSetup;
    std::optional<Scenario> m_lessonRun;  ///< the lesson played through (lessonStepsChoice())
    QString m_verdictHtml;  ///< the verdicts of the comparison shown, as HTML
};

} // namespace PriorityLab
