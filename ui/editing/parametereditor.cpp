#include "ui/editing/parametereditor.h"

#include "ui/common/notelabels.h"

#include <QLabel>
#include <QVBoxLayout>

namespace PriorityLab {

ParameterEditor::ParameterEditor(ParameterInfo info, QWidget *parent)
    : QWidget(parent), m_info(std::move(info))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_errorLabel = newErrorLabel(this);
    layout->addWidget(m_errorLabel);
    m_noteLabel = newNoteLabel(this);
    layout->addWidget(m_noteLabel);
}

void ParameterEditor::setNote(const QString &note)
{
    if (note == m_noteLabel->text())
        return;
    m_noteLabel->setText(note);
    m_noteLabel->setVisible(!note.isEmpty());
}

QString ParameterEditor::note() const
{
    return m_noteLabel->text();
}

void ParameterEditor::setInput(QWidget *input)
{
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    layout->insertWidget(0, input);
    input->setToolTip(baseToolTip());
    setToolTip(baseToolTip());
}

QString ParameterEditor::baseToolTip() const
{
    QString tip = m_info.help;
    if (m_info.kind == ParameterInfo::Kind::Integer) {
        tip += QLatin1Char('\n')
                + tr("Any integer from %1 to %2; usually %3 to %4.")
                          .arg(m_info.minimum)
                          .arg(m_info.maximum)
                          .arg(m_info.typicalMinimum)
                          .arg(m_info.typicalMaximum);
    }
    return tip;
}

void ParameterEditor::setError(const QString &error)
{
    if (error == m_error)
        return;
    m_error = error;
    m_errorLabel->setText(error);
    m_errorLabel->setVisible(!error.isEmpty());
    if (QWidget *w = input())
        w->setToolTip(error.isEmpty() ? baseToolTip() : error + QStringLiteral("\n\n") + baseToolTip());
}

} // namespace PriorityLab
