// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "json/RandomId.h"

#include <QByteArray>
#include <QRandomGenerator>

namespace Hopx::Mcp {

QByteArray randomBytes(int bytes)
{
    QByteArray raw(std::max(1, bytes), Qt::Uninitialized);
    QRandomGenerator *rng = QRandomGenerator::system();
    for (char &c : raw)
        c = char(rng->bounded(256));
    return raw;
}

QString randomId(int bytes)
{
    return QString::fromLatin1(randomBytes(bytes).toHex());
}

} // namespace Hopx::Mcp
