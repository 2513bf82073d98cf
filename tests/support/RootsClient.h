// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "support/McpTestClient.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QUrl>

namespace HopxTest {

/*! A client that declares roots and elicitation (each optional) and answers the server's
 *  requests the way the test says. */
class RootsClient
{
public:
    RootsClient(QLocalSocket *socket, const QStringList &roots, bool elicitation)
        : m_client(socket)
        , m_roots(roots)
    {
        QJsonObject caps;
        if (!roots.isEmpty())
            caps.insert(QStringLiteral("roots"), QJsonObject {});
        if (elicitation)
            caps.insert(QStringLiteral("elicitation"), QJsonObject {});
        m_ok = m_client
                   .call(QStringLiteral("initialize"),
                       {{"protocolVersion", "2025-11-25"}, {"capabilities", caps},
                           {"clientInfo", QJsonObject {{"name", "roots-test"}, {"version", "1"}}}})
                   .contains(QStringLiteral("capabilities"));
        m_client.notify(QStringLiteral("notifications/initialized"));
    }
    bool ok() const { return m_ok; }

    QString answer = QStringLiteral("accept"); // elicitation action
    int answerAfterMs = 0; // as a person would: a no in no time is a client that asked nobody
    bool allow = true;
    QStringList questions; // elicitation messages seen
    int progress = 0; // notifications/progress seen
    QStringList progressMessages; // their messages

    QJsonObject tool(const QString &name, const QJsonObject &args, int timeoutMs = 120000)
    {
        const qint64 id = m_client.request(QStringLiteral("tools/call"),
            {{"name", name}, {"arguments", args},
                {"_meta", QJsonObject {{"progressToken", QStringLiteral("p%1").arg(++m_token)}}}});
        for (;;) {
            const auto m = m_client.waitFor(
                [id](const QJsonObject &m) {
                    return m.contains(QStringLiteral("method"))
                        || m.value(QStringLiteral("id")).toInteger(-1) == id;
                },
                timeoutMs);
            if (!m)
                return {};
            const QString method = m->value(QStringLiteral("method")).toString();
            if (method.isEmpty())
                return m->value(QStringLiteral("result")).toObject();
            if (method == QLatin1String("notifications/progress")) {
                ++progress;
                progressMessages << m->value(QStringLiteral("params"))
                                        .toObject()
                                        .value(QStringLiteral("message"))
                                        .toString();
            }
            if (!m->contains(QStringLiteral("id")))
                continue;
            QJsonObject result;
            if (method == QLatin1String("roots/list")) {
                QJsonArray list;
                for (const QString &r : m_roots)
                    list.append(QJsonObject {{"uri", QUrl::fromLocalFile(r).toString()},
                        {"name", QFileInfo(r).fileName()}});
                result = {{"roots", list}};
            } else if (method == QLatin1String("elicitation/create")) {
                questions << m->value(QStringLiteral("params"))
                                 .toObject()
                                 .value(QStringLiteral("message"))
                                 .toString();
                QTest::qWait(answerAfterMs);
                result = {{"action", answer}};
                if (answer == QLatin1String("accept"))
                    result.insert(QStringLiteral("content"), QJsonObject {{"allow", allow}});
            }
            m_client.send(
                {{"jsonrpc", "2.0"}, {"id", m->value(QStringLiteral("id"))}, {"result", result}});
        }
    }
    McpClient &raw() { return m_client; }

private:
    McpClient m_client;
    QStringList m_roots;
    int m_token = 0;
    bool m_ok = false;
};

} // namespace HopxTest
