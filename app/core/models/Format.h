// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/base/Error.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

namespace Hopx::Core {

/*! \brief How the models write durations, countdowns, sizes and why an action failed: one
 *  place, translated. */
class Format
{
    Q_DECLARE_TR_FUNCTIONS(Hopx::Core::Format)
public:
    //! "45 s", "3 min", "2 h 05 min", "3 d 4 h"
    static QString duration(qint64 seconds);
    //! A live countdown: "4:59", "1:02:03"; negative = "expired".
    static QString countdown(qint64 seconds);
    //! "just now", "12 s ago", "3 min ago"; invalid = "—".
    static QString ago(const QDateTime &then, const QDateTime &now);
    //! "1.5 MiB"
    static QString bytes(qint64 bytes);
    //! An image's type from its MIME type: "image/png" → "PNG".
    static QString imageType(const QString &mimeType);
    //! Milliseconds with a sensible precision: "850 µs", "12 ms", "1.23 s".
    static QString elapsedUs(qint64 microseconds);
    /*! Why an action on a sandbox failed, said shortly for the user where the kind of error
     *  says enough ("the sandbox no longer exists"); else \a message, the sentence written
     *  for the model, which the detail shows whole anyway. */
    static QString failure(Error::Code code, const QString &message);
    //! The placeholder for "no value here".
    static QString none() { return QStringLiteral("—"); }
};

} // namespace Hopx::Core
