#pragma once

#include <QFont>
#include <QLabel>
#include <QMargins>
#include <QSize>
#include <QSizePolicy>
#include <QString>

namespace PriorityLab {

/// A QLabel for a text whose numbers change at every refresh ("<b>1,234 messages discarded</b>
/// …"): its size hints are measured again only when the text changes in more than its digits.
///
/// Why: QLabel measures a word-wrapped or rich text for its size hints through a QTextDocument
/// (its ideal width, one line, the longest word, each width set and put back: about eight
/// layouts) at every text change, and SizeGuard, which stands for the label in the layout, asks
/// for them after every setText() to learn whether the size changed (docs/design.md §9, App).
/// When the font's digits all have one advance (tabular digits, in its bold too: most UI fonts),
/// "1,234" and "5,678" take the same room and break at the same places, so the hints of the text
/// with every digit 1-9 read as 0 (its shape) serve every text of that shape.
///
/// Kept: sizeHint() and minimumSizeHint() per shape, font, contents margins, margin, indent, size
/// policy, word wrap and text format. Not kept: heightForWidth() and the paint, which lay out the
/// real text (SizeGuard remembers heights per text). In rich text, digits inside a tag
/// ("<h1>", "font-size:12pt") are part of the shape, not read as 0. A font whose digits differ in
/// width makes it a plain QLabel (hints measured at every change). Use it behind a SizeGuard.
class DigitShapeLabel : public QLabel
{
public:
    using QLabel::QLabel;

    /// QLabel's size hint, or the one kept for a text of the same shape.
    QSize sizeHint() const override;
    /// QLabel's minimum size hint, or the one kept for a text of the same shape.
    QSize minimumSizeHint() const override;

    /// @p text with its digits 1-9 read as 0 (outside tags when @p richText): texts of one
    /// shape take the same room in a font of tabular digits.
    static QString shapeOf(const QString &text, bool richText);
    /// Whether every digit 0-9 of @p font has the same advance.
    static bool hasTabularDigits(const QFont &font);

private:
    /// What the hints kept depend on besides the shape.
    struct Form
    {
        QMargins contents;
        int margin = 0;
        int indent = -1;
        QSizePolicy policy;
        bool wordWrap = false;
        Qt::TextFormat format = Qt::AutoText;
        bool operator==(const Form &other) const = default;
    };
    Form form() const;
    /// Measures the hints unless the ones kept are of this text's shape and form.
    void measure() const;

    mutable bool m_measured = false;  ///< the hints below are kept for m_shape, m_font, m_form
    mutable QString m_shape;  ///< the text measured, as its shape (as it is without tabular digits)
    mutable QFont m_font;
    mutable bool m_fontKnown = false;
    mutable bool m_tabular = false;
    mutable Form m_form;
    mutable QSize m_hint;
    mutable QSize m_minimumHint;
};

} // namespace PriorityLab
