#pragma once

// Shared by the data-driven tests (QFETCH): the columns of a test's table declared at once.

#include <QTest>

namespace PriorityLab::TestSupport {

/// Adds the columns of a data-driven test's table: a column of each of @p Types, named by
/// @p names in the same order (QTest::addColumn() for each), e.g.
/// addColumns<QString, int>("lesson", "cycles").
template<typename... Types, typename... Names>
void addColumns(const Names &...names)
{
    static_assert(sizeof...(Types) == sizeof...(Names), "a name for each column's type");
    (QTest::addColumn<Types>(names), ...);
}

} // namespace PriorityLab::TestSupport
