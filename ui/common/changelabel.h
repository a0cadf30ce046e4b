#pragma once

#include <QString>
#include <QStringList>

/// The words for setting changes "PATH = VALUE" that the charts' markers and the undo history
/// share (docs/design.md §8, markers): whose setting, then its last key and value, so that the
/// Edit menu's "Undo A · threshold = 2" and the chart's "✎ A · threshold = 2" read alike.
namespace PriorityLab::ChangeLabel {

/// The longest label() gives, in characters.
inline constexpr qsizetype MaxLabel = 120;
/// The longest shortLabel() gives before its "+N", in characters.
inline constexpr qsizetype MaxShortLabel = 24;

/// The label for the changes "PATH = VALUE" @p changes of the settings of @p owners (one name
/// per change: a consumer's or producer's name, "broker"), in short words for a class: whose
/// setting, then its last key and value, e.g. "ttl-guard · low = 4". One change made on several
/// owners names them all, "A, B, C · low = 4"; several changes of one owner share its name,
/// "A · low = 4, high = 8"; groups are joined by "; ". A change without an owner keeps its path;
/// words ("consumer D added") stay as they are. At most MaxLabel characters (elided with "…").
QString label(const QStringList &changes, const QStringList &owners);

/// The short tag for @p changes ("PATH = VALUE" or words), for a chart too small for label():
/// the first change's last key and value, e.g. "low = 4", and "+N" for N other settings
/// ("low = 2 +1"); words as they are. At most MaxShortLabel characters before the "+N".
QString shortLabel(const QStringList &changes);

/// The short tag for @p changes of the settings of @p owners (one name per change, as for
/// label()), for a live edit on a chart too small for its label: the first change's owner, last
/// key and value, "A.high 10", so that a class tells consumer A's "high" from B's
/// (docs/design.md §8, markers); "+N" for N other settings ("A.low 2 +1"). A change without an
/// owner reads as shortLabel(changes) does. At most MaxShortLabel characters before the "+N".
QString shortLabel(const QStringList &changes, const QStringList &owners);

/// A consumer named @p name in words: "consumer C", or the name alone where it already says
/// so ("consumer-4", "Consumer 2"): "consumer consumer-4 added" read the word twice (a
/// teacher's trial). For the charts' markers ("✎ consumer-4 added, undone") and the Edit menu
/// ("Undo Add consumer-4").
QString consumerWords(const QString &name);

} // namespace PriorityLab::ChangeLabel
