#include "ui/shell/rabbitmqconnection.h"
#include "ui/common/textcolors.h"
#include "ui/common/windowtitle.h"

#include "core/amqp/lockstepworker.h"
#include "core/engine/simulation.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QToolButton>
#include <QVBoxLayout>

namespace PriorityLab {

RabbitMqConnection::RabbitMqConnection(Simulation *simulation, QObject *parent)
    : QObject(parent), m_worker(new LockstepWorker(simulation, this)),
      m_action(new QAction(tr("Connect to &RabbitMQ…"), this))
{
    m_action->setStatusTip(tr("Mirror the simulation on a real RabbitMQ broker, operation by operation: "
                              "every delivery RabbitMQ makes is checked against the simulator's"));
    connect(m_action, &QAction::triggered, this, [this] {
        const LockstepWorker::State state = m_worker->status().state;
        if (state == LockstepWorker::State::Mirroring || state == LockstepWorker::State::Connecting)
            m_worker->disconnectFromBroker();
        else
            openDialog(qobject_cast<QWidget *>(this->parent()));
    });
    connect(m_worker, &LockstepWorker::statusChanged, this, &RabbitMqConnection::updateIndicator);
}

RabbitMqConnection::~RabbitMqConnection() = default;

QString RabbitMqConnection::brokerScript()
{
#ifdef PRIORITYLAB_SOURCE_DIR
    const QString script = QStringLiteral(PRIORITYLAB_SOURCE_DIR "/scripts/broker.sh");
    const QStringList sbin{QStringLiteral("/usr/sbin"), QStringLiteral("/usr/lib/rabbitmq/bin")};
    if (QFileInfo(script).isExecutable()
        && (!QStandardPaths::findExecutable(QStringLiteral("rabbitmq-server")).isEmpty()
            || !QStandardPaths::findExecutable(QStringLiteral("rabbitmq-server"), sbin).isEmpty()))
        return script;
#endif
    return {};
}

void RabbitMqConnection::connectTo(const QString &url)
{
    m_url = url;
    m_worker->connectTo(url);
}

QToolButton *RabbitMqConnection::statusIndicator(QWidget *parent)
{
    m_indicator = new QToolButton(parent);
    m_indicator->setObjectName(QStringLiteral("rabbitmqIndicator"));
    m_indicator->setAutoRaise(true);
    m_indicator->setFocusPolicy(Qt::NoFocus);
    m_indicator->setAccessibleName(tr("RabbitMQ mirror"));
    connect(m_indicator, &QToolButton::clicked, this, [this] {
        if (m_worker->status().state == LockstepWorker::State::Failed && !m_url.isEmpty())
            connectTo(m_url);
        else
            openDialog(m_indicator->window());
    });
    updateIndicator();
    return m_indicator;
}

QString RabbitMqConnection::indicatorText() const
{
    return m_indicator ? m_indicator->text() : QString();
}

void RabbitMqConnection::updateIndicator()
{
    const LockstepWorker::Status st = m_worker->status();
    const bool on = st.state == LockstepWorker::State::Mirroring || st.state == LockstepWorker::State::Connecting;
    m_action->setText(on ? tr("Disconnect from &RabbitMQ") : tr("Connect to &RabbitMQ…"));
    const QString alarm = st.state == LockstepWorker::State::Failed
            ? tr("The mirror on %1 stopped: %2. The simulation runs on; click \"RabbitMQ lost: reconnect\" in "
                 "the status bar (or File > Connect to RabbitMQ…) to mirror it again from the current cycle.")
                      .arg(st.url, st.error)
            : QString();
    if (alarm != m_alarm) {
        m_alarm = alarm;
        Q_EMIT connectionAlarmChanged(alarm);
    }
    if (!m_indicator)
        return;
    const QLocale locale;
    QString text;
    QString tip;
    // Green when it agrees, orange when it diverges, red when lost: readable on the status bar
    // under every palette (TextColors).
    TextColors::Tone tone = TextColors::Tone::Normal;
    switch (st.state) {
    case LockstepWorker::State::Off:
        text = tr("RabbitMQ: off");
        tip = tr("Not mirrored on RabbitMQ. File > Connect to RabbitMQ… to check the simulator against a real broker.");
        break;
    case LockstepWorker::State::Connecting:
        text = tr("RabbitMQ: connecting…");
        tip = tr("Connecting to %1 and declaring the run's queues").arg(st.url);
        break;
    case LockstepWorker::State::Mirroring: {
        const LockstepBridge::Figures &f = st.figures;
        const bool agree = f.divergences == 0 && f.depthMismatches == 0;
        tone = agree ? TextColors::Tone::Success : TextColors::Tone::Warning;
        // In the status bar: "1 cycle", "1 divergence" in the singular.
        text = agree ? (st.cyclesMirrored == 1 ? tr("RabbitMQ ✓ 1 cycle")
                                               : tr("RabbitMQ ✓ %1 cycles").arg(locale.toString(st.cyclesMirrored)))
                     : (f.divergences == 1 ? tr("RabbitMQ: 1 divergence")
                                           : tr("RabbitMQ: %1 divergences").arg(locale.toString(f.divergences)));
        tip = tr("Mirrored on %1: %2 cycles (%3 behind), %4 published, %5 handed out, %6 acknowledged, "
                 "%7 dead-lettered; %8 divergences, %9 depth mismatches. Click File > Disconnect to end the run "
                 "(its queues are deleted).")
                      .arg(st.url, locale.toString(st.cyclesMirrored), locale.toString(st.cyclesBehind),
                           locale.toString(f.published), locale.toString(f.gets), locale.toString(f.acked),
                           locale.toString(f.deadLettered), locale.toString(f.divergences))
                      .arg(locale.toString(f.depthMismatches));
        if (!f.firstDivergence.isEmpty())
            tip += u'\n' + tr("First divergence: %1").arg(f.firstDivergence);
        break;
    }
    case LockstepWorker::State::Failed:
        tone = TextColors::Tone::Error;
        text = tr("RabbitMQ lost: reconnect");
        tip = st.error + u'\n' + tr("Click to connect again to %1.").arg(st.url);
        break;
    }
    m_indicator->setText(text);
    m_indicator->setToolTip(tip);
    m_indicator->setAccessibleDescription(tip);
    TextColors::apply(m_indicator, tone);
    QFont font = m_indicator->font();
    font.setWeight(tone == TextColors::Tone::Normal ? QFont::Normal : QFont::DemiBold);
    if (font != m_indicator->font())
        m_indicator->setFont(font);
    m_indicator->setVisible(st.state != LockstepWorker::State::Off || !m_url.isEmpty());
}

void RabbitMqConnection::openDialog(QWidget *parent)
{
    QDialog dialog(parent);
    setWholeWindowTitle(&dialog, tr("Connect to RabbitMQ"));
    auto *intro = new QLabel(tr("Mirror this simulation on a RabbitMQ broker in lockstep: every message "
                                "is published, taken with basic.get, acknowledged, published back or "
                                "dead-lettered as the simulator decides, and every delivery RabbitMQ makes "
                                "is checked against the simulator's. The run's queues are deleted when you "
                                "disconnect. Start on cycle 0 (Reset) for an exact mirror."),
                             &dialog);
    intro->setWordWrap(true);
    auto *url = new QLineEdit(m_url, &dialog);
    url->setPlaceholderText(QStringLiteral("amqp://guest:guest@127.0.0.1:5672/"));
    url->setToolTip(tr("amqp://user:password@host:port/ (a trailing / is the virtual host /)"));
    auto *form = new QFormLayout;
    form->addRow(tr("Broker URL:"), url);
    auto *note = new QLabel(&dialog);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    const QString script = brokerScript();
    QPushButton *privateNode = nullptr;
    QProcess *starter = nullptr;
    if (!script.isEmpty()) {
        privateNode = buttons->addButton(tr("Start the Private Node"), QDialogButtonBox::ActionRole);
        privateNode->setToolTip(tr("scripts/broker.sh start: a RabbitMQ node of this checkout's own on "
                                   "127.0.0.1 (it takes 5–30 seconds); scripts/broker.sh stop ends it"));
        starter = new QProcess(&dialog);
        connect(privateNode, &QPushButton::clicked, &dialog, [=] {
            privateNode->setEnabled(false);
            note->setText(tr("Starting the private node…"));
            starter->start(script, {QStringLiteral("start")});
        });
        connect(starter, &QProcess::finished, &dialog, [=](int code) {
            privateNode->setEnabled(true);
            const QStringList lines = QString::fromUtf8(starter->readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts);
            if (code == 0 && !lines.isEmpty() && lines.constLast().startsWith(QLatin1String("amqp://"))) {
                url->setText(lines.constLast().trimmed());
                note->setText(tr("The private node runs; Connect mirrors the simulation on it."));
            } else {
                note->setText(tr("The private node did not start: %1")
                                      .arg(QString::fromUtf8(starter->readAllStandardError()).trimmed()));
            }
        });
    }
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
    dialog.resize(520, dialog.sizeHint().height());
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString text = url->text().trimmed();
    connectTo(text.isEmpty() ? url->placeholderText() : text);
}

} // namespace PriorityLab
