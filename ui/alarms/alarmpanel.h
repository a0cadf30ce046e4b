#pragma once

#include "core/analysis/alarms.h"

#include <QColor>
#include <QFrame>

class QLabel;
class QScrollArea;
class QToolButton;
class QVBoxLayout;

namespace PriorityLab {

class RefreshSnapshot;
class Simulation;

/// The alarm banner of the main window: the active alarms of an AlarmMonitor,
/// each with a warning icon, its title, the cycle it was raised and what to change, on a pale
/// orange band above the queue. Non-modal: it never takes the focus; "Hide" folds it away until a
/// new alarm is raised. statusIndicator() is a companion for the status bar counting the alarms.
///
/// It re-reads the consumers' settings after each live edit; refresh(), from the main window's
/// throttled timer, feeds its monitor with the snapshot's cycle reports (AlarmMonitor::observe),
/// then inspects the queue (AlarmMonitor::inspect, O(queued messages), once per refresh at most) and
/// redraws only when the alarms changed.
class AlarmPanel : public QFrame
{
    Q_OBJECT

public:
    /// Alarms of @p simulation, which must outlive the panel.
    explicit AlarmPanel(Simulation *simulation, QWidget *parent = nullptr);

    AlarmMonitor &monitor() { return m_monitor; }
    const AlarmMonitor &monitor() const { return m_monitor; }

    /// Number of active alarms.
    int alarmCount() const { return int(m_monitor.alarms().size()); }

    /// A flat button for the status bar: "⚠ 2 alarms" (or "No alarms"); clicking it shows the
    /// banner again. Created on first call, parented to @p parent.
    QToolButton *statusIndicator(QWidget *parent);

    /// Most alarms shown as lines; the others are summed up in a last line.
    static constexpr int maxLines() { return 4; }

    /// Shows @p text as the "RabbitMQ connection lost" alarm (AlarmMonitor::raiseExternal(),
    /// Kind::Connection), or clears it when @p text is empty; redraws at once, paused or not.
    void setConnectionAlarm(const QString &text);

    /// @p text (an alarm's, AlarmMonitor's words) naming each setting as the user sees it: a
    /// path or key of a Broker panel field ("broker.messageTtl", "maxLength") as "Broker panel ›
    /// Message TTL", a strategy's parameter ("maxPredicateRuns") as "Consumers panel › Max
    /// predicate runs". The banner shows these words; a line's tooltip keeps the paths
    /// (withPaths()). Keys written as plain words ("mode", "overflow") are left as they are.
    static QString inPanelWords(const QString &text);
    /// The paths of the settings inPanelWords() names in @p text, each once, e.g.
    /// "broker.maxLength"; a strategy's parameter as "consumers[].strategy.NAME".
    static QStringList settingPathsIn(const QString &text);
    /// @p tip, then a line naming each setting of @p text with its path ("In the scenario file:
    /// Broker panel › Max length = broker.maxLength."); @p tip alone when @p text names none.
    static QString withPaths(const QString &tip, const QString &text);

    /// The text of line @p line as shown (plain text), for tests and screenshots.
    QString lineText(int line) const;

    /// The tooltip of line @p line (in compact mode: every alarm's full text), for tests.
    QString lineToolTip(int line) const;

    /// Compact mode (presentation mode): one line, elided to the banner's width, naming the
    /// alarm (or the number of alarms and their titles); the full texts are in its tooltip.
    /// Keeps the queue, the cards and the chart their room on a 1280x720 projector.
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }
    /// The lines of the compact banner: 1 (presentation mode, as setCompact() says) or 2 (a
    /// lesson in a short window): two wrapped lines, elided at the end of the second, that lead
    /// with each alarm's Alarm::headline (who and which setting, e.g. "Data loss since cycle 60
    /// — 73 messages discarded by B, A and C; the setting: TTL low bound of A, B and C (now 4)")
    /// before the titles of the others. Clamped to 1..2.
    void setCompactLines(int lines);
    int compactLines() const { return m_compactLines; }
    /// The height (px) of the compact banner once shown, hidden or not: its compactLines() of
    /// text, its warning icon or its buttons, whichever is highest, and its margins (what the
    /// central column must keep for an alarm to come).
    int compactHeight() const;

    /// In compact mode, the "More" button (Tab reaches it, Enter presses it) unfolds the banner
    /// to every alarm's full text, wrapped; pressed again ("Less") it folds back to one line.
    /// It never unfolds by itself, and leaving compact mode folds it.
    QToolButton *moreButton() const { return m_more; }
    bool isExpanded() const { return m_expanded; }
    void setExpanded(bool expanded);

    /// The most height (px) the unfolded banner may take; 0 (the default, and again once it
    /// folds): as high as its text. Where its text needs more, the text scrolls inside the
    /// banner (isTextScrolled(); Up and Down on "Less" scroll it), so that the views under it
    /// keep their room: the main window gives what its column has (MainWindow::fitColumn()).
    void setExpandedRoom(int height);
    int expandedRoom() const { return m_expandedRoom; }
    /// Whether the unfolded text scrolls inside the banner (it needs more than expandedRoom()):
    /// every alarm's text in one label of textScrollArea(), in place of the lines.
    bool isTextScrolled() const;
    /// The scroll area the unfolded text scrolls in while isTextScrolled().
    QScrollArea *textScrollArea() const { return m_scroll; }

    /// Observes the cycle reports of @p snapshot, inspects the queue and redraws if the alarms
    /// changed.
    void refresh(const RefreshSnapshot &snapshot);

    /// The banner's colours for a window whose palette is @p surroundings: background, text
    /// (the lines and the More and Hide buttons), the secondary "since cycle N" and the edge.
    /// Light (pale orange, dark brown text) unless @p surroundings is dark
    /// (TextColors::isDark()): then dark brown with pale text. Text and secondary reach
    /// TextColors::MinimumContrast on the background.
    struct Colors
    {
        QColor background;
        QColor text;
        QColor secondary;
        QColor edge;
    };
    static Colors colorsFor(const QPalette &surroundings);
    /// The colours in use: colorsFor() the parent's palette (the application's without a parent).
    Colors colors() const;

Q_SIGNALS:
    /// The number of active alarms changed to @p count.
    void alarmCountChanged(int count);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Sets the banner's palette and style sheet to colors(); again when the palette changes.
    void applyColors();
    void inspectAndRedraw();
    void elideCompactLine();
    void rebuild();
    /// Unfolded with a room given (setExpandedRoom()) that its lines need more than: their
    /// texts in the scroll area, as high as the room in whole lines; the lines otherwise.
    void fitUnfolded();
    /// Compact and not unfolded: one elided line.
    bool oneLine() const { return m_compact && !m_expanded; }

    Simulation *m_simulation;
    AlarmMonitor m_monitor;
    QVBoxLayout *m_lines = nullptr;
    QScrollArea *m_scroll = nullptr;   ///< the unfolded text where it needs more than m_expandedRoom
    QLabel *m_scrollText = nullptr;    ///< every line's text, in m_scroll
    int m_expandedRoom = 0;            ///< setExpandedRoom()
    int m_shownLines = 0;              ///< the lines rebuild() fills (m_texts may hold more)
    QList<QLabel *> m_texts;
    QToolButton *m_hide = nullptr;
    QToolButton *m_more = nullptr;
    QToolButton *m_indicator = nullptr;
    QStringList m_seenKeys;     ///< keys shown when the user hid the banner
    quint64 m_revision = ~quint64(0);
    bool m_hidden = false;
    bool m_compact = false;
    bool m_expanded = false;    ///< compact mode, unfolded by "More"
    int m_compactLines = 1;     ///< setCompactLines()
    QString m_compactText;      ///< the compact line before eliding
    int m_count = 0;
    QColor m_secondary;         ///< the colour of "since cycle N" in the lines shown
    QColor m_edge;              ///< Colors::edge, drawn by paintEvent()
    static constexpr int EdgeLeft = 5;  ///< width of the left edge (px)
};

} // namespace PriorityLab
