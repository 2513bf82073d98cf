// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "support/RootsClient.h"

#include <QJsonDocument>

namespace HopxTest {

/*! `hopx-desktop --headless` on the XDG tree under a root of the test's (the same root again is
 *  the app restarted, or upgraded), its log in root/app-N.log, a client that accepts what the
 *  app asks (a secret's consent). \a binDir: another build's binaries (an older release);
 *  HOPX_UPGRADE_NEW_BIN stands for this build's (to see the checks fail on a build without the
 *  format checks). */
class UpgradeApp
{
public:
    explicit UpgradeApp(const QString &root, const QString &binDir = {})
        : m_app({}, HeadlessApp::xdgUnder(root))
        , m_binDir(binDir.isEmpty()
                  ? qEnvironmentVariable("HOPX_UPGRADE_NEW_BIN", QStringLiteral(HOPX_BIN_DIR))
                  : binDir)
    {
        m_app.process().setProgram(m_binDir + QStringLiteral("/hopx-desktop"));
        for (int n = 1;; ++n) {
            m_log = root + QStringLiteral("/app-%1.log").arg(n);
            if (!QFileInfo::exists(m_log))
                break;
        }
        m_app.process().setProcessChannelMode(QProcess::SeparateChannels);
        m_app.process().setStandardErrorFile(m_log);
    }
    ~UpgradeApp() { stop(); }

    bool start()
    {
        if (!m_app.start())
            return false;
        m_socket = m_app.connect();
        if (!m_socket)
            return false;
        m_client = std::make_unique<RootsClient>(m_socket.get(), QStringList(), true);
        return m_client->ok();
    }
    //! A normal quit: the app keeps its sandboxes (records written, disks unmounted).
    void stop()
    {
        m_client.reset();
        m_socket.reset();
        m_app.stop();
    }
    QJsonObject tool(const QString &name, const QJsonObject &args = {})
    {
        return m_client->tool(name, args, 300000);
    }
    //! structuredContent of \a name's result.
    QJsonObject sc(const QString &name, const QJsonObject &args = {})
    {
        return tool(name, args).value(QStringLiteral("structuredContent")).toObject();
    }
    QString shell(const QString &id, const QString &command)
    {
        return sc(QStringLiteral("run_command"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("command"), command},
                {QStringLiteral("timeout"), 120}})
            .value(QStringLiteral("stdout"))
            .toString();
    }
    QJsonObject python(const QString &id, const QString &code)
    {
        return tool(QStringLiteral("execute_code"),
            {{QStringLiteral("sandbox_id"), id}, {QStringLiteral("code"), code},
                {QStringLiteral("timeout"), 120}});
    }
    //! list_sandboxes' entry for \a id (empty when it is not listed).
    QJsonObject listed(const QString &id)
    {
        for (const QJsonValue &v :
            sc(QStringLiteral("list_sandboxes")).value(QStringLiteral("data")).toArray())
            if (v.toObject().value(QStringLiteral("sandbox_id")).toString() == id)
                return v.toObject();
        return {};
    }
    //! Every one of \a ids listed as running within \a ms (a recovered sandbox boots first).
    bool waitUntilRunning(const QStringList &ids, int ms = 60000)
    {
        return QTest::qWaitFor(
            [&] {
                for (const QString &id : ids)
                    if (listed(id).value(QStringLiteral("status")).toString()
                        != QLatin1String("running"))
                        return false;
                return true;
            },
            ms);
    }
    //! `hopx-desktop ARGS` of the same build, on the same XDG tree (e.g. --set-secret).
    int cli(const QStringList &args, const QByteArray &in = {})
    {
        QProcess p;
        p.setProcessEnvironment(m_app.process().processEnvironment());
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(m_binDir + QStringLiteral("/hopx-desktop"), args);
        p.write(in);
        p.closeWriteChannel();
        return p.waitForFinished(30000) ? p.exitCode() : -1;
    }
    QString log() const
    {
        QFile f(m_log);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

private:
    HeadlessApp m_app;
    QString m_binDir;
    QString m_log;
    std::unique_ptr<QLocalSocket> m_socket;
    std::unique_ptr<RootsClient> m_client;
};

//! \a o as one line, for failure messages.
inline QByteArray dump(const QJsonValue &v)
{
    return QJsonDocument(QJsonArray {v}).toJson(QJsonDocument::Compact);
}

} // namespace HopxTest
