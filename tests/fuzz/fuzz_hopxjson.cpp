// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// Cloud::HopxJson: every HOPX control-plane and agent reply becomes Core values through it. The
// input is a reply body; each reader must accept any JSON object without undefined behaviour,
// and the sandbox's token never reaches `extra` (tools dump it to the model).
#include "providers/cloud/HopxJson.h"

#include "FuzzSupport.h"

#include <QJsonDocument>

using Hopx::Cloud::HopxJson;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (!doc.isObject())
        return 0;
    const QJsonObject o = doc.object();

    const Hopx::Core::SandboxInfo sandbox = HopxJson::sandboxFromJson(o);
    FUZZ_CHECK(!sandbox.extra.contains(QStringLiteral("auth_token")));

    for (const qint64 cap : {qint64(-1), qint64(0), qint64(16)}) {
        const Hopx::Core::ExecResult r = HopxJson::execFromJson(o, cap);
        for (const auto &out : r.richOutputs)
            FUZZ_CHECK(!out.mimeType.isEmpty());
    }
    HopxJson::processFromJson(o);
    HopxJson::fileFromJson(o);
    for (auto it = o.begin(); it != o.end(); ++it) {
        HopxJson::parseTime(it.value());
        HopxJson::idString(it.value());
    }
    return 0;
}
