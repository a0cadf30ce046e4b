#include "ui/compare/comparisonmodel.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

namespace PriorityLab {

ComparisonModel::ComparisonModel(QObject *parent) : QAbstractTableModel(parent) { }

void ComparisonModel::setComparison(const Comparison &comparison)
{
    beginResetModel();
    m_comparison = comparison;
    m_figures = comparison.runs.isEmpty() ? QList<ComparedFigure>() : comparison.figures();
    m_names = comparison.shortNames();
    m_best.clear();
    m_groupIndex.clear();
    int group = -1;
    for (qsizetype i = 0; i < m_figures.size(); ++i) {
        m_best << m_figures.at(i).best();
        if (i == 0 || m_figures.at(i).group != m_figures.at(i - 1).group)
            ++group;
        m_groupIndex << group;
    }
    endResetModel();
}

QColor ComparisonModel::bestBackground()
{
    return QColor(0xBF, 0xE3, 0xF8);
}

int ComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_figures.size());
}

int ComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || m_figures.isEmpty() ? 0 : int(m_comparison.runs.size() + 1);
}

QVariant ComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const ComparedFigure &figure = m_figures.at(index.row());
    const int run = index.column() - 1;
    const bool best = run >= 0 && m_best.at(index.row()).contains(run);
    switch (role) {
    case Qt::DisplayRole:
        return run < 0 ? figure.label : figure.texts.value(run);
    case Qt::TextAlignmentRole:
        return int(run < 0 ? (Qt::AlignLeft | Qt::AlignVCenter) : (Qt::AlignRight | Qt::AlignVCenter));
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
        if (m_groupIndex.at(index.row()) % 2 == 1)
            return QGuiApplication::palette().color(QPalette::AlternateBase);
        return {};
    case Qt::ForegroundRole:
        return best ? QVariant(QColor(Qt::black)) : QVariant();
    case Qt::ToolTipRole:
        return run < 0 ? figureToolTip(figure) : cellToolTip(index.row(), run);
    case GroupRole:
        return figure.group;
    case BestRole:
        return best;
    default:
        return {};
    }
}

QString ComparisonModel::figureToolTip(const ComparedFigure &figure) const
{
    QString text;
    const QString &label = figure.label;
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

QString ComparisonModel::cellToolTip(int row, int run) const
{
    const ComparedFigure &figure = m_figures.at(row);
    if (figure.better == ComparedFigure::Better::Neither)
        return {};
    const QString way = figure.better == ComparedFigure::Better::Lower ? tr("lower is better")
                                                                       : tr("higher is better");
    const QList<int> &best = m_best.at(row);
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
    if (orientation != Qt::Horizontal || m_figures.isEmpty() || section < 0 || section > m_comparison.runs.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return section == 0 ? tr("figure") : m_names.value(section - 1);
    if (role == Qt::ToolTipRole && section > 0) {
        const RunFigures &run = m_comparison.runs.at(section - 1);
        return tr("%1 (broker mode %2)").arg(run.name, run.mode);
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace PriorityLab
