// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QCryptographicHash>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <functional>
#include <memory>

class QFile;
class QLocalSocket;
class QNetworkReply;
class QTemporaryFile;

namespace Hopx::Local {

class EgressProxy;
class PackageCache;

/*! \brief One sandbox request to the package cache, answered on the proxy connection.
 *
 *  pypi/simple/<project>/   the index page, fetched fresh (or kept), links to pypi/files/
 *  pypi/files/<key>/<file>  a file: from the store, or fetched, verified, stored, then served
 *  npm/<name>               the packument, tarballs pointing at npm/-/
 *  npm/-/<key>/<file>       a tarball, as for pypi/files/
 *
 * Nothing is answered unless the sandbox's policy allows the index's host; a refusal goes
 * through the proxy's decide() so that it is logged and named in the tool result like any
 * other. Deletes itself once the answer is written or the sandbox hung up.
 */
class PackageRequest final : public QObject
{
    Q_OBJECT
public:
    PackageRequest(QLocalSocket *client, EgressProxy *proxy, PackageCache *cache,
        const QByteArray &method, const QByteArray &path);
    ~PackageRequest() override;

private:
    using Done = std::function<void(QNetworkReply *reply)>;
    using Data = std::function<void(QNetworkReply *reply)>;

    void start(const QByteArray &path);
    //! Answers only when the policy allows \a index's host; else refuses through decide().
    void authorized(const QUrl &index, const std::function<void()> &go);
    void indexPage(bool npm, const QUrl &upstream);
    void answerPage(bool npm, const QUrl &upstream, const QByteArray &body);
    void file(const QString &key, const QString &name, const QByteArray &type);
    void onFileData(QNetworkReply *reply);
    void onFileDone(
        QNetworkReply *reply, const QString &key, const QString &name, const QByteArray &type);
    void fetch(const QUrl &url, int redirects, const Data &data, const Done &done);
    void respond(int status, const QByteArray &reason, const QString &text);
    void respondBody(const QByteArray &type, const QByteArray &body);
    void respondFile(const QString &path, const QByteArray &type);
    void pump();
    void finish();

    QLocalSocket *m_client;
    QPointer<EgressProxy> m_proxy;
    PackageCache *m_cache;
    QString m_sandbox;
    bool m_head = false; // HEAD: no body
    bool m_answered = false;
    QNetworkReply *m_reply = nullptr;
    std::unique_ptr<QTemporaryFile> m_temp;
    std::unique_ptr<QCryptographicHash> m_hash;
    QString m_writeError;
    std::unique_ptr<QFile> m_body; // the file being served
};

} // namespace Hopx::Local
