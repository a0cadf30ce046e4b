#pragma once

#include <QDialog>

class QTextBrowser;

namespace PriorityLab {

/// Help > Rules (F1): the strategies' rules, the broker modes, the meaning of each figure and the
/// keys, rendered from the project's markdown (docs/help.md, built in as :/docs/help.md) with
/// QTextBrowser::setMarkdown. Not modal: it can stay open beside the window while a run goes on.
class HelpDialog : public QDialog
{
    Q_OBJECT

public:
    explicit HelpDialog(QWidget *parent = nullptr);

    /// The browser showing the page (tests read its text).
    QTextBrowser *browser() const { return m_browser; }

    /// The page's markdown, or a line saying it is missing from the build.
    static QString markdown();

private:
    QTextBrowser *m_browser = nullptr;
};

} // namespace PriorityLab
