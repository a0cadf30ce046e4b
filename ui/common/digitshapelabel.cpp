#include "ui/common/digitshapelabel.h"

#include <QFontMetricsF>
#include <QTextDocument>

namespace PriorityLab {

QSize DigitShapeLabel::sizeHint() const
{
    measure();
    return m_hint;
}

QSize DigitShapeLabel::minimumSizeHint() const
{
    measure();
    return m_minimumHint;
}

QString DigitShapeLabel::shapeOf(const QString &text, bool richText)
{
    QString shape = text;
    bool inTag = false;
    for (QChar &c : shape) {
        if (richText && c == u'<')
            inTag = true;
        else if (richText && c == u'>')
            inTag = false;
        else if (!inTag && c >= u'1' && c <= u'9')
            c = u'0';
    }
    return shape;
}

bool DigitShapeLabel::hasTabularDigits(const QFont &font)
{
    const QFontMetricsF metrics(font);
    const qreal zero = metrics.horizontalAdvance(QLatin1Char('0'));
    for (char digit = '1'; digit <= '9'; ++digit) {
        if (metrics.horizontalAdvance(QLatin1Char(digit)) != zero)
            return false;
    }
    return true;
}

DigitShapeLabel::Form DigitShapeLabel::form() const
{
    return {contentsMargins(), margin(), indent(), sizePolicy(), wordWrap(), textFormat()};
}

void DigitShapeLabel::measure() const
{
    const QFont now = font();
    if (!m_fontKnown || now != m_font) {
        m_fontKnown = true;
        m_font = now;
        QFont bold = now;
        bold.setBold(true);
        m_tabular = hasTabularDigits(now) && hasTabularDigits(bold);
        m_measured = false;
    }
    const Form current = form();
    const bool richText = current.format == Qt::RichText
            || (current.format == Qt::AutoText && Qt::mightBeRichText(text()));
    const QString shape = m_tabular ? shapeOf(text(), richText) : text();
    if (m_measured && shape == m_shape && current == m_form)
        return;
    m_hint = QLabel::sizeHint();
    m_minimumHint = QLabel::minimumSizeHint();
    m_measured = true;
    m_shape = shape;
    m_form = current;
}

} // namespace PriorityLab
