#pragma once

#include <QObject>

class QWidget;

namespace PriorityLab {

class HighlightOverlay;

/// Keeps the keyboard focus visible in a window whatever the style draws: a thin dashed frame
/// (HighlightOverlay) around the widget that has the focus, following it as the focus moves;
/// nothing when the window itself or a widget of another window has it.
class FocusFrame : public QObject
{
    Q_OBJECT

public:
    /// Watches the focus inside @p window (the frame is a child of it).
    explicit FocusFrame(QWidget *window);

    /// The widget outlined now, or nullptr.
    QWidget *target() const;

private:
    void focusChanged(QWidget *now);

    QWidget *m_window;
    HighlightOverlay *m_overlay;
};

} // namespace PriorityLab
