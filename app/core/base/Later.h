// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QTimer>

namespace Hopx::Core {

/*! Answers \a done with \a value from the event loop: providers and capabilities never call
 *  back synchronously, so a caller can finish its own set-up after starting an operation. The
 *  answer is dropped if \a context is destroyed first; pass the object that outlives the
 *  operation (the provider, not a sandbox that the operation may delete). */
template<typename T>
void answerLater(QObject *context, Callback<T> done, Result<T> value)
{
    QTimer::singleShot(
        0, context, [done = std::move(done), value = std::move(value)]() { done(value); });
}

} // namespace Hopx::Core
