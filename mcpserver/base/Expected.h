// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <utility>
#include <variant>

namespace Hopx::Mcp {

//! The failure side of an Expected, spelled out so that a QString value and a QString reason
//! cannot be mistaken for each other: `return Unexpected(reason);`.
template<typename E>
struct Unexpected
{
    explicit Unexpected(E error)
        : value(std::move(error))
    { }
    E value;
};

/*! \brief A value, or why there is none: the one way a function reports failure in this
 *  project instead of a `bool` and an error out-parameter (the shape of C++23's
 *  std::expected, which C++17 lacks). The MCP layer's reasons are sentences (QString);
 *  Core::Result is this with the tools' structured Error. */
template<typename T, typename E = QString>
class Expected
{
public:
    Expected(T value)
        : m_data(std::in_place_index<0>, std::move(value))
    { }
    Expected(Unexpected<E> error)
        : m_data(std::in_place_index<1>, std::move(error.value))
    { }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T &value() const { return std::get<0>(m_data); }
    T &value() { return std::get<0>(m_data); }
    const E &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, E> m_data;
};

//! The value of a function that has nothing to give on success: `return Unit {};`.
struct Unit
{
};

} // namespace Hopx::Mcp
