#pragma once

// What the RabbitMQ tests share: the private broker's URL and the test class base that finds it.
#include <QObject>
#include <QProcess>
#include <QString>
#include <QTest>

namespace PriorityLab::TestSupport {

/// The private broker's URL: $PRIORITYLAB_AMQP_URL, else what scripts/broker.sh url prints;
/// "" when neither gives one (the tests then fail, never skip).
inline QString brokerUrl()
{
    const QString fromEnv = qEnvironmentVariable("PRIORITYLAB_AMQP_URL");
    if (!fromEnv.isEmpty())
        return fromEnv;
    QProcess p;
    p.start(QStringLiteral(PRIORITYLAB_SOURCE_DIR "/scripts/broker.sh"), {QStringLiteral("url")});
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return {};
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

} // namespace PriorityLab::TestSupport

/// Sets @p var to the private broker's URL, failing the test (never skipping it) without one.
#define PL_REQUIRE_BROKER(var)                                                                    \
    var = PriorityLab::TestSupport::brokerUrl();                                                  \
    QVERIFY2(!var.isEmpty(), "no RabbitMQ broker: run scripts/broker.sh start (ctest starts it "   \
                             "through the `rabbitmq` fixture) or set PRIORITYLAB_AMQP_URL")

namespace PriorityLab::TestSupport {

/// The base of the RabbitMQ test classes: its initTestCase() (run by Qt Test for the derived
/// class too) finds the private broker's URL, failing the test without one (PL_REQUIRE_BROKER).
class BrokerTestCase : public QObject
{
    Q_OBJECT

protected:
    QString m_url;  ///< the private broker's URL

private Q_SLOTS:
    void initTestCase() { PL_REQUIRE_BROKER(m_url); }
};

} // namespace PriorityLab::TestSupport
