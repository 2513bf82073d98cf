// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Result.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>

namespace Hopx::Cloud {

/*! \brief `done`, called from `context`'s event loop and never after `context` is gone.
 *
 * The provider interface promises never to call back from inside the call; some answers (no
 * key, a cached endpoint, an error found at once) are known synchronously, so every public
 * callback goes through the loop.
 */
template<typename T>
Core::Callback<T> queuedCallback(QObject *context, Core::Callback<T> done)
{
    QPointer<QObject> guard(context);
    return [guard, done = std::move(done)](Core::Result<T> result) {
        if (!guard)
            return;
        QMetaObject::invokeMethod(
            guard.data(), [done, result] { done(result); }, Qt::QueuedConnection);
    };
}

} // namespace Hopx::Cloud
