#include "ui/compare/comparisonmodel.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

namespace PriorityLab {

ComparisonModel::ComparisonModel(QObject *parent) : QAbstractTableModel(parent) { }

void ComparisonModel::setComparison(const Comparison &comparison)
{
    beginResetModel();
    m_stale = false;
    m_comparison = comparison;
    m_names = comparison.shortNames();
    m_rows.clear();
    const QList<ComparedFigure> figures = comparison.runs.isEmpty() ? QList<ComparedFigure>() : comparison.figures();
    const auto isPart = [&figures](qsizetype at, QLatin1String stat) {
        return at < figures.size()
                && figures.at(at).label.startsWith(QLatin1String("latency ") + stat + QLatin1Char(','));
    };
    int group = -1;
    for (qsizetype i = 0; i < figures.size(); ++i) {
        const ComparedFigure &f = figures.at(i);
        Row row;
        row.group = f.group;
        if (isPart(i, QLatin1String("p50")) && isPart(i + 1, QLatin1String("p95")) && isPart(i + 2, QLatin1String("max"))
            && figures.at(i + 1).group == f.group && figures.at(i + 2).group == f.group) {
            // "latency p50, priority 9 (cycles)" and its p95 and max: one row, three columns.
            row.label = QString(f.label).remove(QStringLiteral(" p50"));
            row.parts = figures.mid(i, 3);
            i += 2;
        } else {
            row.label = f.label;
            row.parts = {f};
        }
        for (const ComparedFigure &part : std::as_const(row.parts))
            row.best << part.best();
        if (m_rows.isEmpty() || m_rows.constLast().group != row.group)
            ++group;
        row.groupIndex = group;
        m_rows << row;
    }
    endResetModel();
}

void ComparisonModel::setStale(bool stale)
{
    if (m_stale == stale)
        return;
    m_stale = stale;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

bool ComparisonModel::spanned(int row) const
{
    return row >= 0 && row < m_rows.size() && m_rows.at(row).parts.size() == 1;
}

const ComparedFigure *ComparisonModel::figureAt(const QModelIndex &index) const
{
    const Row &row = m_rows.at(index.row());
    const int sub = (index.column() - 1) % SubColumns;
    return sub < row.parts.size() ? &row.parts.at(sub) : nullptr;
}

QColor ComparisonModel::bestBackground()
{
    return QColor(0xBF, 0xE3, 0xF8);
}

int ComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_rows.isEmpty() ? 0 : int(1 + m_comparison.runs.size() * SubColumns);
}

QVariant ComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &row = m_rows.at(index.row());
    const int run = runOf(index.column());
    const int sub = run < 0 ? 0 : (index.column() - 1) % SubColumns;
    const ComparedFigure *figure = run < 0 ? nullptr : figureAt(index);
    const bool best = !m_stale && figure && row.best.at(sub).contains(run);
    switch (role) {
    case Qt::DisplayRole:
        return run < 0 ? row.label : figure ? figure->texts.value(run) : QVariant();
    case Qt::TextAlignmentRole:
        if (run < 0)
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        return int((row.parts.size() == 1 ? Qt::AlignHCenter : Qt::AlignRight) | Qt::AlignVCenter);
    case Qt::FontRole:
        if (best) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::BackgroundRole:
        if (best)
            return bestBackground();
        if (row.groupIndex % 2 == 1)
            return QGuiApplication::palette().color(QPalette::AlternateBase);
        return {};
    case Qt::ForegroundRole:
        if (m_stale)
            return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return best ? QVariant(QColor(Qt::black)) : QVariant();
    case Qt::ToolTipRole:
        if (run < 0)
            return figureToolTip(row);
        return figure ? cellToolTip(*figure, row.best.at(sub), run) : QVariant();
    case GroupRole:
        return row.group;
    case BestRole:
        return best;
    default:
        return {};
    }
}

QString ComparisonModel::figureToolTip(const Row &row) const
{
    QString text;
    const QString &label = row.label;
    const ComparedFigure &figure = row.parts.constFirst();
    if (label.startsWith(QLatin1String("latency")))
        text = tr("Cycles from production to processing of the messages produced with this "
                  "priority: median (p50), 95th percentile (p95) and maximum. \"n/a\" means "
                  "starvation: none of them got through.");
    else if (label.startsWith(QLatin1String("longest wait")))
        text = tr("The longest any message waited, processed or still queued: starvation "
                  "shows here.");
    else if (label.startsWith(QLatin1String("discarded")))
        text = tr("Messages discarded (dead letters): data lost, e.g. by a TTL range.");
    else if (label.startsWith(QLatin1String("deliveries")))
        text = tr("Deliveries per message that ended: above 1, postponements or failures "
                  "cost extra work. \"n/a\": no message ended.");
    else if (label.startsWith(QLatin1String("messages overtaken")))
        text = tr("Processed messages that a later arrival overtook: how much the order "
                  "differs from first-in first-out. Neither better nor worse: overtaking is "
                  "what prioritization does.");
    else if (label.startsWith(QLatin1String("throughput")))
        text = tr("Processed messages per cycle.");
    else if (label.startsWith(QLatin1String("backlog")))
        text = tr("Messages still queued when the run ended.");
    switch (figure.better) {
    case ComparedFigure::Better::Lower:
        return QString(text + QLatin1Char(' ') + tr("Lower is better.")).trimmed();
    case ComparedFigure::Better::Higher:
        return QString(text + QLatin1Char(' ') + tr("Higher is better.")).trimmed();
    case ComparedFigure::Better::Neither:
        break;
    }
    return text.isEmpty() ? tr("Part of the setup: neither better nor worse.") : text;
}

QString ComparisonModel::cellToolTip(const ComparedFigure &figure, const QList<int> &best, int run) const
{
    if (figure.better == ComparedFigure::Better::Neither)
        return {};
    const QString way = figure.better == ComparedFigure::Better::Lower ? tr("lower is better")
                                                                       : tr("higher is better");
    if (!figure.comparable)
        return tr("%1: not compared: the runs produced different messages (not like for like), so "
                  "the figure says nothing about which is better").arg(figure.label);
    if (!figure.values.value(run))
        return tr("%1: n/a, the figure does not exist for this run (%2)").arg(figure.label, way);
    if (best.isEmpty())
        return tr("%1: the same in every run (%2)").arg(figure.label, way);
    if (best.contains(run))
        return tr("%1: best of the runs (%2)").arg(figure.label, way);
    return tr("%1: %2; the best is %3 (%4)")
            .arg(figure.label, figure.texts.value(run), figure.texts.value(best.constFirst()), way);
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || m_rows.isEmpty() || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char *const subNames[SubColumns] = {"p50", "p95", "max"};
    const int run = runOf(section);
    if (role == Qt::DisplayRole)
        return run < 0 ? tr("figure") : QString::fromLatin1(subNames[(section - 1) % SubColumns]);
    if (role == RunNameRole)
        return run < 0 ? QVariant() : QVariant(m_names.value(run));
    if (role == Qt::ToolTipRole && run >= 0) {
        const RunFigures &figures = m_comparison.runs.at(run);
        // "Configuration A": the letter the verdict names it by when names are long.
        return tr("Configuration %4: %1 (broker mode %2); on a latency row: %3 latency, on the others: the value")
                .arg(figures.name, figures.mode, QString::fromLatin1(subNames[(section - 1) % SubColumns]),
                     Comparison::runLetter(run));
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace PriorityLab
