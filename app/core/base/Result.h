// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Error.h"

#include <functional>
#include <utility>
#include <variant>

namespace Hopx::Core {

/*! \brief A value or an Error; the C++17 form of Qt Creator's Utils::Result. */
template<typename T>
class Result
{
public:
    Result(T value)
        : m_data(std::move(value))
    { }
    Result(Error error)
        : m_data(std::move(error))
    { }

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }
    const T &value() const { return std::get<T>(m_data); }
    T &value() { return std::get<T>(m_data); }
    const Error &error() const { return std::get<Error>(m_data); }

private:
    std::variant<T, Error> m_data;
};

struct Unit
{
};

template<typename T>
using Callback = std::function<void(Result<T>)>;

} // namespace Hopx::Core
