#pragma once

#include <QFont>
#include <QSize>
#include <QSizePolicy>
#include <QString>
#include <QWidget>

#include <array>

namespace PriorityLab {

/// Holds one widget (a label whose text changes at every refresh) and stands for it in the
/// layout: its size hints, size policy and size limits are the widget's, the widget fills it, and
/// it is shown and hidden with the widget.
/// What it adds: the layout it is in hears of a change only when one of those did change.
///
/// Why: QLabel::setText() asks for a new layout even when the new text is as wide as the old
/// ("Cycle 1,234" after "Cycle 1,233"), and QLayout::activate() passes that request up to every
/// enclosing layout, to the window's: at the fastest speed every refresh laid out the consumer
/// cards, the central column and the whole main window again, measuring every word-wrapped and
/// rich-text label on the way (docs/design.md §9, App). Behind a SizeGuard the label's own text
/// changes repaint it; a change of its size lays out as before.
///
/// It also remembers the child's height for the last few widths asked (QLabel measures a
/// word-wrapped or rich text anew at every heightForWidth(), and the layouts ask it again and again
/// while they lay out): a label of the same text and font at the same width has the same height.
///
/// To learn whether the size changed it asks the child's size hints after every text change; a
/// rich-text label whose numbers change at every refresh is a DigitShapeLabel
/// (ui/common/digitshapelabel.h), whose hints are measured again only when more than its digits
/// changed.
class SizeGuard : public QWidget
{
    Q_OBJECT

public:
    /// Takes @p child (reparented to this guard) and puts this guard in its place: give the
    /// guard, not the child, to a layout. @p parent: the guard's parent.
    explicit SizeGuard(QWidget *child, QWidget *parent = nullptr);

    /// The widget held.
    QWidget *child() const { return m_child; }

    /// Tells the enclosing layout at once that the child changed its form (word wrap, size
    /// policy, text format, fixed height), not only its text: forgets the heights remembered and
    /// asks for a layout as the child itself would have, without waiting for the child's posted
    /// layout request.
    void formChanged();

    /// The child's size hint.
    QSize sizeHint() const override;
    /// The child's minimum size hint.
    QSize minimumSizeHint() const override;
    /// Whether the child's height depends on its width (a word-wrapped label).
    bool hasHeightForWidth() const override;
    /// The child's height for @p width (pixels), remembered for its text and font.
    int heightForWidth(int width) const override;

protected:
    /// A LayoutRequest (the child's geometry changed), or the guard being shown, goes on to the
    /// layout the guard is in only when the child's hints, policy or limits differ from the ones
    /// last passed on.
    bool event(QEvent *event) override;
    /// The guard is shown and hidden with the child (its setVisible() is the child's own).
    bool eventFilter(QObject *watched, QEvent *event) override;
    /// The child fills the guard.
    void resizeEvent(QResizeEvent *event) override;

private:
    /// What the enclosing layout knows of the child.
    struct Hints
    {
        QSize hint;
        QSize minimumHint;
        QSize minimum;
        QSize maximum;
        QSizePolicy policy;
        int width = -1;            ///< the width heightForWidth was asked for; -1 without one
        int heightForWidth = -1;   ///< at that width
        bool operator==(const Hints &other) const = default;
    };

    /// The child's hints now; the guard's own limits and policy made the child's.
    Hints read();

    /// A height the child gave for a width, with what it depends on.
    struct Measured
    {
        int width = -1;
        int height = -1;
        QString text;
        QFont font;
    };

    QWidget *m_child;
    mutable std::array<Measured, 4> m_measured;  ///< the last widths asked, oldest replaced
    mutable size_t m_nextMeasured = 0;
    Hints m_passed;  ///< the hints the enclosing layout was last told about
};

} // namespace PriorityLab
