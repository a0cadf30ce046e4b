#pragma once

#include <QFont>
#include <QObject>

namespace PriorityLab {

/// View > Zoom In / Zoom Out / Actual Size: scales the fonts of the whole app (every view, the
/// tiles, whose size follows their font, and the charts, which listen for the application font
/// change) by a percentage of the font the app started with.
///
/// Widgets that set a font of their own (a bigger title, a smaller caption) are scaled by the
/// same ratio, so their proportions stay; so are widgets under a style sheet, whose font Qt
/// would leave as it was. Widgets created later start from the zoomed font.
class Zoom : public QObject
{
    Q_OBJECT

public:
    static constexpr int Minimum = 50;   ///< percent
    static constexpr int Maximum = 300;  ///< percent
    static constexpr int Step = 10;      ///< percent per Zoom In / Zoom Out

    /// Remembers the application's current font as 100%.
    explicit Zoom(QObject *parent = nullptr);

    int percent() const { return m_percent; }

    /// Sets the zoom to @p percent, clamped to Minimum..Maximum; emits changed() if it moved.
    void setPercent(int percent);

public Q_SLOTS:
    void zoomIn() { setPercent(m_percent + Step); }
    void zoomOut() { setPercent(m_percent - Step); }
    void actualSize() { setPercent(100); }

Q_SIGNALS:
    /// Emitted by setPercent() before any font changes, the zoom still @p percent: the layouts
    /// are still those made for it (a window reads its panels' sizes at that zoom here).
    void aboutToChange(int percent);
    void changed(int percent);

private:
    QFont m_base;
    int m_percent = 100;
};

} // namespace PriorityLab
