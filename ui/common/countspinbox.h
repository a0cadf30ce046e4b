#pragma once

#include <QSpinBox>
#include <QString>

namespace PriorityLab {

/// A spin box for a count whose unit agrees with its value: "1 message", "5 messages",
/// "1 batch/cycle", "0 cycles"; a special value text (e.g. "unlimited") shows alone, as in any
/// QSpinBox. The unit is drawn by textFromValue(), not by QSpinBox's suffix, so it agrees
/// whichever way the value was set: typed, stepped, or set with the box's signals blocked (a
/// card following the setup), where a suffix changed on valueChanged stayed "1 messages" (a
/// trial, in front of a class). Typed text may end with either unit or none.
class CountSpinBox : public QSpinBox
{
    Q_OBJECT

public:
    /// A box showing @p one after the value 1 and @p many after any other (both with their
    /// leading space, " message" / " messages").
    CountSpinBox(const QString &one, const QString &many, QWidget *parent = nullptr);

    /// The unit shown after @p value: one() for 1, many() otherwise.
    QString unitFor(int value) const { return value == 1 ? m_one : m_many; }

protected:
    QString textFromValue(int value) const override;
    int valueFromText(const QString &text) const override;
    QValidator::State validate(QString &text, int &pos) const override;

private:
    /// @p text without a trailing unit (many or one) and the spaces around it.
    QString withoutUnit(const QString &text) const;

    QString m_one;
    QString m_many;
};

} // namespace PriorityLab
