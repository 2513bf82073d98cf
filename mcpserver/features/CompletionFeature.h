// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "session/McpFeature.h"

#include <QPointer>

namespace Hopx::Mcp {

class McpRequest;
class PromptRegistry;
class ResourceRegistry;

/*! \brief completion/complete for prompt arguments and resource-template variables; declared
 *  when there is a prompt or a template to complete. */
class CompletionFeature final : public McpFeature
{
public:
    CompletionFeature(
        PromptRegistry *prompts, ResourceRegistry *resources, QObject *parent = nullptr);

    void registerMethods(MethodTable &table) override;
    void declare(QJsonObject &capabilities, const Caller &caller) const override;

private:
    void complete(const McpRequest &request);

    QPointer<PromptRegistry> m_prompts;
    QPointer<ResourceRegistry> m_resources;
};

} // namespace Hopx::Mcp
