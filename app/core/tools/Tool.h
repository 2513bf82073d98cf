// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "core/tools/ToolArgs.h"

#include "tools/ToolSpec.h"

#include <functional>

namespace Hopx::Mcp {
class ToolCall;
class ToolRegistry;
} // namespace Hopx::Mcp

namespace Hopx::Core::Tools {

/*! \brief One MCP tool, declared in one place: what tools/list says about it, and what runs.
 *
 * \code
 * Tool(QStringLiteral("file_stat"), QStringLiteral("Stat a path"))
 *     .description(QStringLiteral("Size, type, permissions and modification time …"))
 *     .input(Schema::object({…}, {QStringLiteral("sandbox_id"), QStringLiteral("path")}))
 *     .output(Schema::output({…}))
 *     .hints(ToolSpec::ReadOnly | ToolSpec::Idempotent)
 *     .handler([m](ToolCall *call, const ToolArgs &args) { … })
 *     .addTo(registry);
 * \endcode
 *
 * The session validates the arguments against the input schema before the handler runs, so
 * a handler checks only what a schema cannot say; it reads them through ToolArgs, which
 * fills absent ones from the schema's "default"s.
 */
class Tool
{
public:
    using Handler = std::function<void(Mcp::ToolCall *call, const ToolArgs &args)>;

    Tool(const QString &name, const QString &title);

    //! What the model reads to choose and call the tool: English, never tr().
    Tool &description(const QString &text);
    Tool &input(const QJsonObject &schema);
    Tool &output(const QJsonObject &schema);
    //! For a tool whose results may carry images: the keys its JSON text has, for the reference
    //! only. It declares no outputSchema, since clients read structuredContent over the text
    //! and some then drop the images (docs/ARCHITECTURE.md).
    Tool &textOutput(const QJsonObject &schema);
    //! The annotations that are true; those not named are false.
    Tool &hints(Mcp::ToolSpec::Hints hints);
    Tool &taskSupport(Mcp::ToolSpec::TaskSupport support);
    Tool &handler(Handler run);

    const Mcp::ToolSpec &spec() const { return m_spec; }
    //! Registers it (replacing a tool of the same name).
    void addTo(Mcp::ToolRegistry &registry) const;

private:
    Mcp::ToolSpec m_spec;
    Handler m_handler;
};

} // namespace Hopx::Core::Tools
