// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "base/Expected.h"
#include "core/base/Error.h"

#include <functional>
#include <utility>

namespace Hopx::Core {

/*! \brief A value or an Error: Expected with the tools' structured Error, which converts
 *  implicitly (`return Error::make(...)`) because it can never be mistaken for a value. */
template<typename T>
class Result : public Mcp::Expected<T, Error>
{
public:
    Result(T value)
        : Mcp::Expected<T, Error>(std::move(value))
    { }
    Result(Error error)
        : Mcp::Expected<T, Error>(Mcp::Unexpected<Error>(std::move(error)))
    { }
};

using Unit = Mcp::Unit;

template<typename T>
using Callback = std::function<void(Result<T>)>;

} // namespace Hopx::Core
