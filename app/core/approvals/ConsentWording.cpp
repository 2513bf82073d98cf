// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/approvals/ConsentWording.h"

#include <QtGlobal>

namespace Hopx::Core {

// lupdate files these with the approval list's strings; the literal repeats kContext because
// QT_TRANSLATE_NOOP needs one.
namespace {
constexpr const char *kContext = "Hopx::Core::ApprovalListModel";
} // namespace

Wording ConsentWording::mountReadOnly(const QString &at)
{
    return Wording(kContext,
        QT_TRANSLATE_NOOP(
            "Hopx::Core::ApprovalListModel", "show it read-only at %1 in a new sandbox"),
        {at});
}

Wording ConsentWording::copyToCloud()
{
    return Wording(kContext,
        QT_TRANSLATE_NOOP("Hopx::Core::ApprovalListModel",
            "copy what git would commit of it into a new HOPX cloud sandbox"));
}

Wording ConsentWording::upload(const QString &hostPath, const QString &sandboxId)
{
    return Wording(kContext,
        QT_TRANSLATE_NOOP("Hopx::Core::ApprovalListModel", "upload %1 into sandbox %2"),
        {hostPath, sandboxId});
}

Wording ConsentWording::save(const QString &path, const QString &sandboxId, const QString &hostPath)
{
    return Wording(kContext,
        QT_TRANSLATE_NOOP("Hopx::Core::ApprovalListModel", "save %1 from sandbox %2 as %3"),
        {path, sandboxId, hostPath});
}

Wording ConsentWording::internet()
{
    return Wording(kContext,
        QT_TRANSLATE_NOOP("Hopx::Core::ApprovalListModel",
            "a new local sandbox, with outbound network to any host on the internet"));
}

Wording ConsentWording::secret(const QString &hosts)
{
    return Wording(kContext,
        QT_TRANSLATE_NOOP(
            "Hopx::Core::ApprovalListModel", "requests to %1 from a new sandbox carry its value"),
        {hosts});
}

} // namespace Hopx::Core
