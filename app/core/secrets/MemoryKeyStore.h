// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/secrets/KeyStore.h"

#include <QHash>

namespace Hopx::Core {

/*! \brief A KeyStore that forgets everything on exit: tests, `--no-keychain`, and the
 *  "keep the key in memory for this session" fallback when no keychain runs. */
class MemoryKeyStore final : public KeyStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryKeyStore)
public:
    explicit MemoryKeyStore(QObject *parent = nullptr);

protected:
    void doRead(const QString &name, Callback<QString> done) override;
    void doWrite(const QString &name, const QString &value, Callback<Unit> done) override;
    void doRemove(const QString &name, Callback<Unit> done) override;

private:
    QHash<QString, QString> m_values;
};

} // namespace Hopx::Core
