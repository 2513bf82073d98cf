// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "features/PromptRegistry.h"
#include "modern/InputStateCodec.h"
#include "session/McpFeature.h"

#include <QPointer>

namespace Hopx::Mcp {

class FeatureHost;
class McpRequest;

/*! \brief Prompts: prompts/list and prompts/get, whose arguments are checked (all strings,
 *  every required one present) before the prompt's getter runs. */
class PromptsFeature final : public McpFeature
{
public:
    PromptsFeature(FeatureHost &host, PromptRegistry *prompts, QObject *parent = nullptr);

    void registerMethods(MethodTable &table) override;
    void declare(QJsonObject &capabilities, const Caller &caller) const override;

private:
    void list(const McpRequest &request);
    void get(const McpRequest &request);
    //! An asking prompt's result; the request is answered already if it must ask (or failed).
    QJsonObject getAsking(const McpRequest &request, const PromptRegistry::Entry &entry,
        const QMap<QString, QString> &arguments);

    FeatureHost &m_host;
    QPointer<PromptRegistry> m_prompts;
    InputStateCodec m_inputState;
};

} // namespace Hopx::Mcp
