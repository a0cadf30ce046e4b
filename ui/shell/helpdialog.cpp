#include "ui/shell/helpdialog.h"
#include "ui/common/windowtitle.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace PriorityLab {

HelpDialog::HelpDialog(QWidget *parent) : QDialog(parent)
{
    setWholeWindowTitle(this, tr("PriorityLab: the rules"));
    setObjectName(QStringLiteral("helpDialog"));
    auto *layout = new QVBoxLayout(this);
    m_browser = new QTextBrowser(this);
    m_browser->setOpenExternalLinks(true);
    m_browser->setMarkdown(markdown());
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    resize(720, 640);
}

QString HelpDialog::markdown()
{
    QFile file(QStringLiteral(":/docs/help.md"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return tr("The help page is missing from this build (:/docs/help.md).");
    return QString::fromUtf8(file.readAll());
}

} // namespace PriorityLab
