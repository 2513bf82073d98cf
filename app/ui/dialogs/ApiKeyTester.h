// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;

namespace Hopx::Ui {

/*! \brief Checks an API key against HOPX and says, in a sentence, what came of it.
 *
 * `done` is called exactly once, later (never from inside the call). main.cpp may inject the
 * HOPX provider's own check instead of the default one.
 */
using KeyTester = std::function<void(
    const QString &key, std::function<void(bool ok, const QString &message)> done)>;

/*! \brief The default tester: GET {baseUrl}/v1/templates with X-API-Key. 401 means an invalid
 *  key; any answer in 2xx means HOPX accepted it. */
class ApiKeyTester
{
public:
    static KeyTester make(
        QNetworkAccessManager *network, std::function<QUrl()> baseUrl, int timeoutMs = 15000);
};

} // namespace Hopx::Ui
