// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/cloud/parts/HopxTransfer.h"

#include <QFile>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace Hopx::Cloud {

using Core::Callback;
using Core::Cancel;
using Core::Error;

namespace {

constexpr int kProgressMs = 250;

} // namespace

HopxTransfer::HopxTransfer(HopxFiles *files, QObject *context)
    : m_files(files)
    , m_context(context)
{ }

Cancel HopxTransfer::upload(
    QFile *source, const QString &path, Progress progress, Callback<qint64> done)
{
    auto cancelled = std::make_shared<bool>(false);
    QPointer<QTimer> ticker = new QTimer(m_context);
    QPointer<QFile> file(source);
    QObject::connect(ticker, &QTimer::timeout, ticker, [file, progress] {
        if (file && progress)
            progress(file->pos());
    });
    ticker->start(kProgressMs);
    m_files->upload(
        path, source, [cancelled, ticker, file, progress, done](Core::Result<qint64> r) {
            delete ticker.data();
            if (*cancelled)
                return;
            if (r && file && progress)
                progress(file->size());
            // The agent answers the size it stored; -1 (not said) counts what was sent.
            if (r && r.value() < 0 && file)
                return done(file->size());
            done(std::move(r));
        });
    return [cancelled, file] {
        *cancelled = true;
        if (file)
            file->close(); // the request reads nothing more
    };
}

Cancel HopxTransfer::download(
    const QString &path, QFile *sink, Progress progress, Callback<qint64> done)
{
    auto cancelled = std::make_shared<bool>(false);
    auto written = std::make_shared<qint64>(0);
    auto writeError = std::make_shared<QString>();
    QPointer<QFile> file(sink);
    m_files->download(
        path,
        [cancelled, written, writeError, file, progress](const QByteArray &chunk) {
            if (*cancelled || !file)
                return false;
            if (file->write(chunk) != chunk.size()) {
                *writeError = file->errorString();
                return false;
            }
            *written += chunk.size();
            if (progress)
                progress(*written);
            return true;
        },
        [cancelled, written, writeError, path, done](Core::Result<qint64> r) {
            if (*cancelled)
                return;
            if (!writeError->isEmpty())
                return done(Error::make(Error::Code::Internal,
                    QStringLiteral("Writing the host file failed: %1").arg(*writeError),
                    QJsonObject {{QStringLiteral("path"), path}}));
            if (!r)
                return done(r.error());
            done(*written);
        });
    return [cancelled] { *cancelled = true; };
}

} // namespace Hopx::Cloud
