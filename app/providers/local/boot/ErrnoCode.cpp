// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/boot/ErrnoCode.h"

#include <cerrno>

namespace Hopx::Local {

Core::Error::Code errorCodeForErrno(int errnum)
{
    using Code = Core::Error::Code;
    switch (errnum) {
    case ENOENT:
    case ESRCH:
        return Code::NotFound;
    case EACCES:
    case EPERM:
    case EROFS:
    case EINVAL:
    case E2BIG:
    case ENOTDIR:
    case EISDIR:
    case EEXIST:
    case ENAMETOOLONG:
    case ELOOP:
        return Code::InvalidArgument;
    case EAGAIN:
    case ENOSPC:
    case EDQUOT:
    case EFBIG:
    case EMFILE:
    case ENFILE:
    case ENOMEM:
        return Code::LimitExceeded;
    default:
        return Code::Internal;
    }
}

} // namespace Hopx::Local
