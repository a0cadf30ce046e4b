#include "ui/alarms/alarmpanel.h"

#include "core/analysis/refreshsnapshot.h"
#include "core/engine/simulation.h"
#include "ui/common/digitshapelabel.h"
#include "ui/common/sizeguard.h"
#include "ui/common/textcolors.h"
#include "ui/setup/brokerpanel.h"
#include "core/strategies/strategy.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QPainter>
#include <QKeyEvent>
#include <QRegularExpression>
#include <QFontMetrics>
#include <QScrollArea>
#include <QScrollBar>
#include <QLabel>
#include <QStyle>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace PriorityLab {

namespace {

/// What the banner shows after "<title> since cycle N — ": the alarm's text without a leading
/// "<title>: " (the no-consumer alarm's text says "No consumer online: A, B and C are offline…",
/// whole where it stands alone; after the title it would say it twice).
QString textAfterTitle(const Alarm &alarm)
{
    const QString prefix = alarm.title + QStringLiteral(": ");
    if (!alarm.title.isEmpty() && alarm.text.startsWith(prefix, Qt::CaseInsensitive)) {
        QString rest = alarm.text.mid(prefix.size());
        if (!rest.isEmpty())
            rest[0] = rest[0].toUpper();
        return rest;
    }
    return alarm.text;
}

/// A setting's scenario key as an alarm may write it, and the words the user sees for it.
struct SettingWords
{
    QRegularExpression pattern;  ///< the path ("broker.maxLength") or a camelCase key alone ("maxLength")
    QString path;                ///< the setting's path as the scenario file has it
    QString words;               ///< e.g. "Broker panel › Max length"
};

/// Every setting an alarm's advice may name by key: the Broker panel's fields (by their path, or
/// by a camelCase key alone, "maxLength"; "mode" or "overflow" alone are words) and the
/// strategies' camelCase parameters, on the consumer cards of the Consumers panel.
const QList<SettingWords> &settingWords()
{
    static const QList<SettingWords> words = [] {
        QList<SettingWords> list;
        for (const QString &path : BrokerPanel::fieldPaths()) {
            const QString name = path.section(QLatin1Char('.'), 1);
            const QString label = AlarmPanel::tr("Broker panel › %1").arg(BrokerPanel::fieldLabel(path));
            list.append({QRegularExpression(QStringLiteral("\\bbroker\\.%1\\b").arg(name)), path, label});
            if (name != name.toLower())
                list.append({QRegularExpression(QStringLiteral("(?<![\\w.])%1\\b").arg(name)), path, label});
        }
        const StrategyRegistry &registry = StrategyRegistry::instance();
        QStringList seen;
        for (const QString &type : registry.types()) {
            const std::unique_ptr<Strategy> strategy = registry.create(type);
            for (const ParameterInfo &info : strategy ? strategy->parameters() : QList<ParameterInfo>()) {
                if (info.name == info.name.toLower() || seen.contains(info.name))
                    continue;
                seen << info.name;
                list.append({QRegularExpression(QStringLiteral("(?<![\\w.])%1\\b").arg(info.name)),
                             QStringLiteral("consumers[].strategy.") + info.name,
                             AlarmPanel::tr("Consumers panel › %1").arg(info.label)});
            }
        }
        return list;
    }();
    return words;
}

} // namespace

QString AlarmPanel::inPanelWords(const QString &text)
{
    QString shown = text;
    for (const SettingWords &w : settingWords())
        shown.replace(w.pattern, w.words);
    return shown;
}

QStringList AlarmPanel::settingPathsIn(const QString &text)
{
    QStringList paths;
    for (const SettingWords &w : settingWords()) {
        if (!paths.contains(w.path) && text.contains(w.pattern))
            paths << w.path;
    }
    return paths;
}

QString AlarmPanel::withPaths(const QString &tip, const QString &text)
{
    const QStringList paths = settingPathsIn(text);
    if (paths.isEmpty())
        return tip;
    QStringList named;
    for (const QString &path : paths) {
        for (const SettingWords &w : settingWords()) {
            if (w.path == path) {
                named << tr("%1 = %2").arg(w.words, path);
                break;
            }
        }
    }
    return tip + QStringLiteral("\n") + tr("In the scenario file: %1.").arg(named.join(QStringLiteral("; ")));
}

AlarmPanel::AlarmPanel(Simulation *simulation, QWidget *parent)
    : QFrame(parent), m_simulation(simulation)
{
    setObjectName(QStringLiteral("alarmPanel"));
    setFrameShape(QFrame::NoFrame);
    setContentsMargins(EdgeLeft, 1, 1, 1);  // inside the edges paintEvent() draws
    applyColors();
    setFocusPolicy(Qt::NoFocus);
    setToolTip(tr("Alarms: problems in the running system and what to change. They clear "
                  "themselves when the problem is gone."));

    auto *outer = new QHBoxLayout(this);
    outer->setContentsMargins(8, 4, 4, 4);
    outer->setSpacing(6);
    m_lines = new QVBoxLayout;
    m_lines->setSpacing(3);
    outer->addLayout(m_lines, 1);
    // The unfolded text scrolls in it where the lines need more than the room given
    // (fitUnfolded()): a six-line advice pushed the outlined histogram out of the column at
    // 1280x720 (a teacher's trial). Hidden otherwise: the lines are laid out as they were.
    m_scroll = new QScrollArea(this);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFocusPolicy(Qt::NoFocus);
    m_scroll->viewport()->setAutoFillBackground(false);
    auto *scrolled = new QWidget;
    scrolled->setAutoFillBackground(false);
    auto *scrolledRow = new QHBoxLayout(scrolled);
    scrolledRow->setContentsMargins(0, 0, 0, 0);
    scrolledRow->setSpacing(6);
    auto *scrolledIcon = new QLabel(scrolled);
    const int iconSize = std::max(20, fontMetrics().height() + 4);
    scrolledIcon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
    scrolledIcon->setAlignment(Qt::AlignTop);
    m_scrollText = new QLabel(scrolled);
    m_scrollText->setWordWrap(true);
    m_scrollText->setTextFormat(Qt::RichText);
    m_scrollText->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_scrollText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_scrollText->setFocusPolicy(Qt::NoFocus);
    scrolledRow->addWidget(scrolledIcon, 0, Qt::AlignTop);
    scrolledRow->addWidget(m_scrollText, 1);
    m_scroll->setWidget(scrolled);
    m_scroll->hide();
    outer->addWidget(m_scroll, 1);
    m_hide = new QToolButton(this);
    m_hide->setText(tr("Hide"));
    m_hide->setAutoRaise(true);
    m_hide->setToolTip(tr("Fold the alarms away until a new one is raised (the status bar keeps "
                          "counting them; click the count to show them again)"));
    connect(m_hide, &QToolButton::clicked, this, [this] {
        m_hidden = true;
        m_seenKeys.clear();
        for (const Alarm &a : m_monitor.alarms())
            m_seenKeys << a.key;
        setVisible(false);
    });
    m_more = new QToolButton(this);
    m_more->setAutoRaise(true);
    m_more->setVisible(false);
    m_more->installEventFilter(this);  // Up and Down scroll the unfolded text
    connect(m_more, &QToolButton::clicked, this, [this] { setExpanded(!m_expanded); });
    outer->addWidget(m_more, 0, Qt::AlignTop);
    outer->addWidget(m_hide, 0, Qt::AlignTop);

    connect(m_simulation, &Simulation::setupChanged, this, [this] {
        // An edit while paused on "Cycle N" first applies in cycle N (the status bar's number and
        // the chart's edit marker): its alarm is raised in that cycle, not in the one before.
        m_monitor.settingsChanged(*m_simulation, m_simulation->cycle());
        inspectAndRedraw();
    });
    connect(m_simulation, &Simulation::scenarioLoaded, this, [this] {
        m_monitor.reset();
        m_hidden = false;
        m_monitor.checkSettings(*m_simulation, 0);
        inspectAndRedraw();
    });
    m_monitor.checkSettings(*m_simulation, 0);
    setVisible(false);
    rebuild();
}

QToolButton *AlarmPanel::statusIndicator(QWidget *parent)
{
    if (!m_indicator) {
        m_indicator = new QToolButton(parent);
        m_indicator->setAutoRaise(true);
        m_indicator->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        // Shows the banner, hidden or folded to one line (compact), with the whole advice.
        connect(m_indicator, &QToolButton::clicked, this, [this] {
            m_hidden = false;
            setVisible(alarmCount() > 0);
            if (m_compact && alarmCount() > 0)
                setExpanded(true);
        });
        m_count = -1;
        rebuild();
    }
    return m_indicator;
}

void AlarmPanel::setConnectionAlarm(const QString &text)
{
    const QString key = QStringLiteral("connection:rabbitmq");
    if (text.isEmpty())
        m_monitor.clearExternal(key);
    else
        m_monitor.raiseExternal(Alarm::Kind::Connection, key, tr("RabbitMQ connection lost"), text,
                                m_simulation->cycle());
    if (m_monitor.revision() != m_revision)
        rebuild();
}

QString AlarmPanel::lineText(int line) const
{
    if (isTextScrolled() && line >= 0 && line < m_shownLines)  // every line in the one label
        return QTextDocumentFragment::fromHtml(m_texts.at(line)->text()).toPlainText();
    if (line < 0 || line >= m_texts.size() || !m_texts.at(line)->isVisibleTo(this))
        return {};
    return QTextDocumentFragment::fromHtml(m_texts.at(line)->text()).toPlainText();
}

QString AlarmPanel::lineToolTip(int line) const
{
    if (line < 0 || line >= m_texts.size() || !m_texts.at(line)->isVisibleTo(this))
        return {};
    return m_texts.at(line)->toolTip();
}

void AlarmPanel::setCompact(bool compact)
{
    if (compact == m_compact)
        return;
    m_compact = compact;
    m_expanded = false;
    rebuild();
}

void AlarmPanel::setCompactLines(int lines)
{
    lines = std::clamp(lines, 1, 2);
    if (lines == m_compactLines)
        return;
    m_compactLines = lines;
    rebuild();
}

int AlarmPanel::compactHeight() const
{
    const QMargins frame = contentsMargins();
    const QMargins inner = layout()->contentsMargins();
    const int icon = std::max(20, fontMetrics().height() + 4);  // as rebuild() sizes it
    const int text = m_compactLines * fontMetrics().lineSpacing() + (m_compactLines - 1) * m_lines->spacing();
    const int buttons = std::max(m_hide->sizeHint().height(), m_more->sizeHint().height());
    return frame.top() + frame.bottom() + inner.top() + inner.bottom() + std::max({icon, text, buttons});
}

void AlarmPanel::setExpanded(bool expanded)
{
    expanded = expanded && m_compact;
    if (expanded == m_expanded)
        return;
    m_expanded = expanded;
    if (!expanded)
        m_expandedRoom = 0;
    rebuild();
}

void AlarmPanel::setExpandedRoom(int height)
{
    height = std::max(0, height);
    if (height == m_expandedRoom)
        return;
    m_expandedRoom = height;
    fitUnfolded();
}

bool AlarmPanel::isTextScrolled() const
{
    return !m_scroll->isHidden();
}

void AlarmPanel::fitUnfolded()
{
    const bool wanted = m_expanded && m_expandedRoom > 0;
    if (!wanted && !isTextScrolled())
        return;  // folded, or unfolded with no room given: the lines as they are
    const QMargins frame = contentsMargins();
    const QMargins inner = layout()->contentsMargins();
    const int room = m_expandedRoom - frame.top() - frame.bottom() - inner.top() - inner.bottom();
    // Every line's text in the one label: measured at the width the lines or the scroll area have.
    QStringList texts;
    for (int i = 0; i < m_shownLines && i < m_texts.size(); ++i)
        texts << m_texts.at(i)->text();
    if (wanted)
        m_scrollText->setText(texts.join(QStringLiteral("<br>")));
    QWidget *scrolled = m_scroll->widget();
    const int width = isTextScrolled() ? m_scroll->viewport()->width() : m_lines->geometry().width();
    const int needed = width > 0 && scrolled->layout()->hasHeightForWidth() ? scrolled->layout()->totalHeightForWidth(width)
                                                                            : scrolled->sizeHint().height();
    const bool scroll = wanted && needed > room;
    if (scroll) {
        // Whole lines: a line cut in half at the edge read as the end of the text.
        const int line = fontMetrics().lineSpacing();
        m_scroll->setFixedHeight(std::max(1, room / line) * line + 1);
    }
    for (int i = 0; i < m_lines->count(); ++i) {
        QLayout *row = m_lines->itemAt(i)->layout();
        for (int w = 0; row && w < row->count(); ++w)
            row->itemAt(w)->widget()->setVisible(!scroll && i < m_shownLines);
    }
    m_scroll->setVisible(scroll);
    if (m_expanded)
        m_more->setToolTip(scroll ? tr("Fold the alarms back to one line (Up and Down scroll their text)")
                                  : tr("Fold the alarms back to one line"));
}

bool AlarmPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_more && event->type() == QEvent::KeyPress && isTextScrolled()) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Up || key == Qt::Key_Down) {
            QScrollBar *bar = m_scroll->verticalScrollBar();
            bar->setValue(bar->value() + (key == Qt::Key_Down ? 1 : -1) * fontMetrics().lineSpacing());
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

AlarmPanel::Colors AlarmPanel::colorsFor(const QPalette &surroundings)
{
    // Pale orange with dark brown text on a light window; dark brown with pale text on a dark
    // one (a pale band in a dark window glares, and its buttons took the palette's light text).
    if (TextColors::isDark(surroundings))
        return {QColor(0x3d, 0x24, 0x12), QColor(0xff, 0xe8, 0xd2), QColor(0xf3, 0xbd, 0x8a), QColor(0xe8, 0x7a, 0x36)};
    return {QColor(0xff, 0xf1, 0xe0), QColor(0x2b, 0x16, 0x00), QColor(0x7a, 0x4a, 0x10), QColor(0xd5, 0x5e, 0x00)};
}

AlarmPanel::Colors AlarmPanel::colors() const
{
    return colorsFor(parentWidget() ? parentWidget()->palette() : QApplication::palette());
}

void AlarmPanel::applyColors()
{
    const Colors c = colors();
    // The band, its labels and its buttons (More, Hide) all take the band's text colour from its
    // palette, so the platform's button text (light under a dark palette) never lands on it. No
    // style sheet: its children would keep the colours they were polished with.
    QPalette p = palette();
    bool same = true;
    const std::pair<QPalette::ColorRole, QColor> roles[] = {
            {QPalette::Window, c.background}, {QPalette::Button, c.background}, {QPalette::Base, c.background},
            {QPalette::WindowText, c.text},   {QPalette::ButtonText, c.text},   {QPalette::Text, c.text},
    };
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        for (const auto &[role, color] : roles) {
            same = same && p.color(group, role) == color;
            p.setColor(group, role, color);
        }
    }
    m_edge = c.edge;
    // setPalette() sends the PaletteChange that calls this again: only when something differs.
    if (!same)
        setPalette(p);
    update();
}

void AlarmPanel::paintEvent(QPaintEvent *)
{
    // The band: its background, a 1 px edge and a 5 px one on the left (contentsMargins()).
    QPainter painter(this);
    const QRect r = rect();
    painter.fillRect(r, palette().color(QPalette::Window));
    painter.fillRect(QRect(r.left(), r.top(), EdgeLeft, r.height()), m_edge);
    painter.fillRect(QRect(r.left(), r.top(), r.width(), 1), m_edge);
    painter.fillRect(QRect(r.left(), r.bottom(), r.width(), 1), m_edge);
    painter.fillRect(QRect(r.right(), r.top(), 1, r.height()), m_edge);
}

void AlarmPanel::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ParentChange) {
        const QColor secondary = colors().secondary;
        applyColors();
        if (secondary != m_secondary && !m_texts.isEmpty()) {
            m_revision = ~quint64(0);  // the lines' "since cycle N" in the band's new colour
            rebuild();
        }
    }
    // A zoom: the two-line banner's fixed height (elideCompactLine()) was taken for the old
    // font's line spacing; at 150 % after 120 % its second line was cut at the band's edge.
    // The label's font follows the panel's, so its lines are measured again here.
    if (event->type() == QEvent::FontChange)
        elideCompactLine();
}

void AlarmPanel::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    elideCompactLine();  // the layout has already given the line its new width
    if (m_expanded && m_expandedRoom > 0)
        fitUnfolded();  // wrapped at the new width, the text may need more or less
}

void AlarmPanel::elideCompactLine()
{
    if (!oneLine() || m_texts.isEmpty())
        return;
    QLabel *text = m_texts.first();
    const QFontMetrics metrics = text->fontMetrics();
    // The guard's width: the layout gives it first, the label follows when the guard gets its
    // resize event (later when it was hidden).
    const int width = std::max(0, text->parentWidget()->width());
    if (m_compactLines < 2) {
        text->setText(metrics.elidedText(m_compactText, Qt::ElideRight, width));
        return;
    }
    if (width <= 0 || !text->isVisibleTo(this))
        return;  // hidden (no alarm yet, or a step replaying): elided once it has its width
    // Two wrapped lines: the longest prefix (at a word) that wraps to two lines with "…".
    const auto lines = [&](const QString &t) {
        return metrics.boundingRect(QRect(0, 0, std::max(1, width), 100000), Qt::TextWordWrap, t).height()
                / std::max(1, metrics.lineSpacing());
    };
    QString shown = m_compactText;
    if (lines(shown) > 2) {
        int low = 0;
        int high = int(m_compactText.size());
        while (low < high) {  // the longest prefix that fits
            const int mid = (low + high + 1) / 2;
            if (lines(m_compactText.left(mid).trimmed() + QChar(0x2026)) <= 2)
                low = mid;
            else
                high = mid - 1;
        }
        shown = m_compactText.left(low).trimmed() + QChar(0x2026);
    }
    text->setText(shown);
    // Exactly the lines it shows (two at most): its height never comes from a wrap at another
    // width. A height for a narrower width (the column's scroll bar appearing while a step
    // replays) made the banner four lines tall for two lines of text, which kept the scroll bar
    // and cut off the queue's histogram until the window was resized.
    // At a zoom's fractional font the wrapped lines can be a pixel taller than the line spacing
    // says (51 px for 52 px of text at 120 %): the taller of the two.
    const int wrapped = metrics.boundingRect(QRect(0, 0, std::max(1, width), 100000), Qt::TextWordWrap, shown).height();
    const int height = std::max(std::clamp(lines(shown), 1, 2) * metrics.lineSpacing() + 1, wrapped);
    if (text->minimumHeight() != height || text->maximumHeight() != height) {
        text->setFixedHeight(height);
        static_cast<SizeGuard *>(text->parentWidget())->formChanged();
    }
}

void AlarmPanel::refresh(const RefreshSnapshot &snapshot)
{
    m_monitor.observe(*m_simulation, snapshot.reports());
    inspectAndRedraw();
}

void AlarmPanel::inspectAndRedraw()
{
    m_monitor.inspect(*m_simulation);
    if (m_monitor.revision() != m_revision)
        rebuild();
}

void AlarmPanel::rebuild()
{
    m_revision = m_monitor.revision();
    const QList<Alarm> &alarms = m_monitor.alarms();
    const int count = int(alarms.size());

    // A new alarm unfolds the banner again.
    for (const Alarm &a : alarms) {
        if (m_hidden && !m_seenKeys.contains(a.key))
            m_hidden = false;
    }

    const bool compact = oneLine();
    const bool overflow = !compact && count > maxLines();
    const int lines = compact ? std::min(count, 1) : overflow ? maxLines() : count;
    m_shownLines = lines;
    const QIcon warning = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    const int iconSize = std::max(20, fontMetrics().height() + 4);
    while (m_texts.size() < lines) {
        auto *row = new QHBoxLayout;
        row->setSpacing(6);
        auto *icon = new QLabel(this);
        icon->setPixmap(warning.pixmap(iconSize, iconSize));
        icon->setAlignment(Qt::AlignTop);
        // Its counts change at every refresh (the data-loss alarm's messages lost): its size
        // hints are measured again only when more than its digits changed.
        auto *text = new DigitShapeLabel(this);
        text->setWordWrap(true);
        // Beside its icon, from the top: a label given more height than its text needs never
        // centres the text below a lone ⚠.
        text->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        text->setTextFormat(Qt::RichText);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        text->setFocusPolicy(Qt::NoFocus);
        row->addWidget(icon, 0, Qt::AlignTop);
        // Behind a SizeGuard: an alarm's text changes while it is raised (the data-loss alarm
        // counts the messages lost at every refresh), and each setText() laid out the banner, the
        // central column and its scroll area again, measuring every label of the column, when
        // the line kept its size (docs/design.md §9, App).
        row->addWidget(new SizeGuard(text, this), 1);
        m_lines->addLayout(row);
        m_texts.append(text);
    }
    for (int i = 0; i < m_texts.size(); ++i) {
        QLabel *text = m_texts.at(i);
        QLayout *row = m_lines->itemAt(i)->layout();
        const bool shown = i < lines;
        for (int w = 0; w < row->count(); ++w)
            row->itemAt(w)->widget()->setVisible(shown);
        if (!shown)
            continue;
        auto *guard = static_cast<SizeGuard *>(text->parentWidget());
        const QSizePolicy::Policy policy = compact ? QSizePolicy::Ignored : QSizePolicy::Preferred;
        const Qt::TextFormat format = compact ? Qt::PlainText : Qt::RichText;
        const bool formChanged = text->wordWrap() != (!compact || m_compactLines > 1)
                || text->sizePolicy().horizontalPolicy() != policy || text->textFormat() != format
                || ((!compact || m_compactLines < 2) && text->maximumHeight() != QWIDGETSIZE_MAX);
        // Only on a change: QLabel::setWordWrap() drops the label's size hints and asks for a
        // layout even when it changes nothing, and the banner's layout request lays out the whole
        // central column again, measuring its rich text, at every refresh (docs/design.md §9, App).
        if (text->wordWrap() != (!compact || m_compactLines > 1))
            text->setWordWrap(!compact || m_compactLines > 1);
        if (!compact || m_compactLines < 2) {  // the two-line banner fixes it (elideCompactLine())
            text->setMinimumHeight(0);
            text->setMaximumHeight(QWIDGETSIZE_MAX);
        }
        // Compact: the line takes the width it is given, never widens the window.
        text->setSizePolicy(policy, QSizePolicy::Preferred);
        text->setTextFormat(format);
        // Folded or unfolded, the banner takes its new height in the same layout as before
        // (tst_alarms::presentationBannerUnfoldsByKeyboard): only a text change waits for the guard.
        if (formChanged)
            guard->formChanged();
        if (compact) {
            QStringList titles;
            QStringList all;
            for (const Alarm &a : alarms) {
                titles << a.title;
                all << tr("%1 since cycle %2 — %3").arg(a.title).arg(a.raisedCycle).arg(inPanelWords(textAfterTitle(a)));
            }
            m_compactText = count == 1 ? all.constFirst()
                                       : tr("%1 alarms: %2").arg(count).arg(titles.join(QStringLiteral(", ")));
            if (m_compactLines > 1) {
                // Who and which setting first: the alarms with a headline, then the others' titles.
                QStringList lead;
                QStringList rest;
                for (const Alarm &a : alarms) {
                    if (a.headline.isEmpty())
                        rest << a.title;
                    else
                        lead << tr("%1 since cycle %2 — %3").arg(a.title).arg(a.raisedCycle).arg(inPanelWords(a.headline));
                }
                if (count == 1)
                    m_compactText = lead.isEmpty() ? all.constFirst() : lead.constFirst();
                else
                    m_compactText = tr("%1 alarms: %2").arg(count).arg((lead + rest).join(QStringLiteral(" · ")));
            }
            QString paths;  // the texts as the alarms say them, for the paths they name
            for (const Alarm &a : alarms)
                paths += a.text;
            text->setToolTip(withPaths(all.join(QStringLiteral("\n\n")), paths));
            elideCompactLine();
            continue;
        }
        if (overflow && i == lines - 1) {
            QStringList titles;
            QStringList all;
            for (int k = i; k < count; ++k) {
                titles << alarms.at(k).title.toHtmlEscaped();
                all << alarms.at(k).title + QStringLiteral(": ") + inPanelWords(alarms.at(k).text);
            }
            text->setText(tr("<b>%1 more alarms:</b> %2 (hover for details)")
                                  .arg(count - i)
                                  .arg(titles.join(QStringLiteral(", "))));
            QString paths;
            for (int k = i; k < count; ++k)
                paths += alarms.at(k).text;
            text->setToolTip(withPaths(all.join(QStringLiteral("\n\n")), paths));
            continue;
        }
        const Alarm &a = alarms.at(i);
        m_secondary = colors().secondary;
        text->setText(tr("<b>%1</b> <span style=\"color:%4\">since cycle %2</span> — %3")
                              .arg(a.title.toHtmlEscaped())
                              .arg(a.raisedCycle)
                              .arg(inPanelWords(textAfterTitle(a)).toHtmlEscaped())
                              .arg(m_secondary.name()));
        text->setToolTip(withPaths(tr("Raised in cycle %1, last seen in cycle %2. It clears by itself once "
                                      "the problem is gone.")
                                           .arg(a.raisedCycle)
                                           .arg(a.lastCycle),
                                   a.text));
    }
    m_more->setVisible(m_compact && count > 0);
    m_more->setText(m_expanded ? tr("Less") : tr("More"));
    m_more->setToolTip(m_expanded ? tr("Fold the alarms back to one line")
                                  : tr("Show every alarm's full text and what to change"));
    fitUnfolded();
    setVisible(count > 0 && !m_hidden);

    if (count != m_count) {
        m_count = count;
        if (m_indicator) {
            m_indicator->setText(count == 0 ? tr("No alarms")
                                            : count == 1 ? tr("1 alarm") : tr("%1 alarms").arg(count));
            m_indicator->setIcon(count == 0 ? QIcon() : warning);
            // Muted when all is well, the warning colour and bold with alarms: readable on the
            // status bar under every palette.
            TextColors::apply(m_indicator, count == 0 ? TextColors::Tone::Muted : TextColors::Tone::Warning);
            QFont font = m_indicator->font();
            font.setBold(count > 0);
            m_indicator->setFont(font);
            m_indicator->setToolTip(count == 0 ? tr("No alarm: nothing discards, starves or loops")
                                               : tr("Active alarms; click (or Enter) to show them in full above the queue"));
        }
        Q_EMIT alarmCountChanged(count);
    }
}

} // namespace PriorityLab
