#include "ui/queue/queuepanel.h"
#include "ui/common/sizeguard.h"

#include "ui/queue/queuemodel.h"
#include "ui/queue/queuetilespanel.h"
#include "ui/queue/queuetilesview.h"
#include "core/analysis/refreshsnapshot.h"
#include "core/engine/simulation.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace PriorityLab {

QueuePanel::QueuePanel(Simulation *simulation, QWidget *parent)
    : QWidget(parent)
{
    m_model = new QueueModel(simulation, this);

    // The heading in bold, the counts beside it in plain text: a rich-text label lays out a
    // QTextDocument several times (size hints, height for width, paint) at each text change,
    // and the counts change at every refresh (docs/design.md §9, App).
    m_heading = new QLabel(tr("Broker queue:"), this);
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_heading->setTextFormat(Qt::PlainText);
    m_heading->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_caption = new QLabel(this);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_caption->setWordWrap(true);  // the delayed and dead-letter counts make it long: wrap, never widen the column
    m_caption->setToolTip(tr("The broker keeps one queue in arrival order. Consumers take batches "
                             "from the head; new and postponed messages join at the tail."));

    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->setCornerButtonEnabled(false);
    // Fixed, uniform row heights and no per-row header keep 100,000 rows cheap.
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setHighlightSections(false);
    const int digit = m_table->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    for (int c = 0; c < QueueModel::ColumnCount; ++c) {
        const QString title = m_model->headerData(c, Qt::Horizontal).toString();
        header->resizeSection(c, std::max(9 * digit, m_table->fontMetrics().horizontalAdvance(title) + 3 * digit));
    }
    header->resizeSection(QueueModel::Data, 14 * digit);
    header->setStretchLastSection(true);
    m_table->setToolTip(tr("Head of the queue at the top. Hover a row to see all of the message's "
                           "metadata."));

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_table, tr("Table"));
    m_tabs->setTabToolTip(0, tr("Every queued message with its metadata, head first"));
    m_tiles = new QueueTilesPanel(simulation, this);
    m_tabs->insertTab(0, m_tiles, tr("Tiles"));
    m_tabs->setTabToolTip(0, tr("The queue as a strip of message tiles, head first, coloured by "
                                "priority, with a histogram of the queue by priority"));
    m_tabs->setCurrentIndex(0);
    connect(m_tiles, &QueueTilesPanel::messageSelected, this, &QueuePanel::messageSelected);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                // Rows leaving at the head move the current row: only the user selects.
                if (m_syncing)
                    return;
                const quint64 id = current.data(QueueModel::MessageIdRole).toULongLong();
                if (id == 0)
                    return;
                m_tiles->tilesView()->setSelectedId(id);
                Q_EMIT messageSelected(id);
            });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *captionRow = new QHBoxLayout;
    captionRow->setSpacing(m_heading->fontMetrics().horizontalAdvance(u' '));
    captionRow->addWidget(m_heading, 0, Qt::AlignTop);
    captionRow->addWidget(new SizeGuard(m_caption, this), 1);  // its count changes at every refresh
    layout->addLayout(captionRow);
    layout->addWidget(m_tabs, 1);
    refresh(RefreshSnapshot(*simulation, {}));
}

void QueuePanel::refresh(const RefreshSnapshot &snapshot)
{
    m_syncing = true;
    m_model->sync(snapshot);
    // The highlighted row stays the message chosen: when that message left the queue, the table
    // made a neighbour current; no row is highlighted then.
    QItemSelectionModel *selection = m_table->selectionModel();
    if (selection->currentIndex().isValid()
        && selection->currentIndex().data(QueueModel::MessageIdRole).toULongLong()
                != m_tiles->tilesView()->selectedId())
        selection->clear();
    m_syncing = false;
    m_tiles->refresh(snapshot);
    const Broker &broker = snapshot.simulation().broker();
    const qsizetype queued = broker.size();
    const qsizetype delayed = broker.delayedCount();
    const qsizetype dead = qsizetype(broker.deadLetterQueue().size());
    const bool deadQueue = broker.config().deadLetterQueue || dead > 0;
    m_caption->setText(tr("%1 %2 \u00a0·\u00a0 head (next to be dispatched) first")
                               .arg(QLocale().toString(queued),
                                    queued == 1 ? tr("message") : tr("messages"))
                       + (delayed > 0 ? tr(" \u00a0·\u00a0 %1 more delayed (sent back with a retry delay, "
                                           "not yet visible)").arg(QLocale().toString(delayed))
                                      : QString())
                       + (deadQueue ? tr(" \u00a0·\u00a0 %1 in the dead-letter queue").arg(QLocale().toString(dead))
                                    : QString()));
}

} // namespace PriorityLab
