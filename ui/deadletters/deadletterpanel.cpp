#include "ui/deadletters/deadletterpanel.h"

#include "ui/deadletters/deadlettermodel.h"
#include "ui/common/logtableview.h"
#include "core/engine/simulation.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

namespace PriorityLab {

DeadLetterPanel::DeadLetterPanel(Simulation *simulation, QWidget *parent)
    : QWidget(parent), m_simulation(simulation)
{
    m_model = new DeadLetterModel(simulation, this);

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setContentsMargins(6, 3, 6, 3);
    m_summary->setToolTip(tr("A discarded message is not lost silently: it goes to this "
                             "dead-letter list with the reason. The TTL strategy discards "
                             "messages whose TTL is at or below its low bound."));

    // Each column as wide as its title or its typical content, whichever is wider.
    m_view = new LogTableView(m_model, {3, 4, 9, 7, 5, 3, 2}, this);
    m_view->setToolTip(tr("Discarded messages, newest at the bottom. Click one to follow its "
                          "journey."));
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const quint64 id = current.data(DeadLetterModel::MessageIdRole).toULongLong();
                if (id != 0)
                    Q_EMIT messageSelected(id);
            });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    refresh();
}

void DeadLetterPanel::refresh()
{
    QScrollBar *bar = m_view->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum();
    if (m_model->refresh() > 0 && atEnd)
        m_view->scrollToBottom();

    const qint64 total = m_model->totalCount();
    if (total == m_shownTotal)
        return;
    const bool first = m_shownTotal <= 0 && total > 0;
    m_shownTotal = total;
    const QLocale locale;
    if (total == 0) {
        m_summary->setText(tr("No message discarded: nothing lost so far."));
        setSummaryStyle(QString());
    } else {
        QString text = total == 1 ? tr("<b>1 message discarded</b> (data loss).")
                                  : tr("<b>%1 messages discarded</b> (data loss).").arg(locale.toString(total));
        if (total > m_model->rowCount())
            text += QLatin1Char(' ') + tr("The newest %1 are listed.").arg(locale.toString(m_model->rowCount()));
        m_summary->setText(text);
        setSummaryStyle(QStringLiteral("color: #a03c00;"));
    }
    if (first)
        Q_EMIT firstLetterArrived();
}

void DeadLetterPanel::setSummaryStyle(const QString &styleSheet)
{
    // Setting a style sheet re-polishes the label even when it is the same one: only on change
    // (the count above changes at every refresh while messages are discarded).
    if (m_summary->styleSheet() != styleSheet)
        m_summary->setStyleSheet(styleSheet);
}

} // namespace PriorityLab
