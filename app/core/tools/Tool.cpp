// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/Tool.h"

#include "core/tools/CompactTools.h"

#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

namespace Hopx::Core::Tools {

Tool::Tool(const QString &name, const QString &title)
{
    m_spec.name = name;
    m_spec.title = title;
    m_spec.hints = Mcp::ToolSpec::NoHints;
}

Tool &Tool::description(const QString &text)
{
    m_spec.description = text;
    return *this;
}

Tool &Tool::input(const QJsonObject &schema)
{
    m_spec.inputSchema = schema;
    return *this;
}

Tool &Tool::output(const QJsonObject &schema)
{
    m_spec.outputSchema = schema;
    return *this;
}

Tool &Tool::textOutput(const QJsonObject &schema)
{
    m_spec.textResultSchema = schema;
    return *this;
}

Tool &Tool::hints(Mcp::ToolSpec::Hints hints)
{
    m_spec.hints = hints;
    return *this;
}

Tool &Tool::taskSupport(Mcp::ToolSpec::TaskSupport support)
{
    m_spec.taskSupport = support;
    return *this;
}

Tool &Tool::handler(Handler run)
{
    m_handler = std::move(run);
    return *this;
}

void Tool::addTo(Mcp::ToolRegistry &registry) const
{
    Q_ASSERT_X(!m_spec.description.isEmpty() && m_handler, "Tool::addTo",
        qPrintable(m_spec.name + QStringLiteral(" needs a description and a handler")));
    // Read once here, not on every call: the schema does not change after registration.
    const QJsonObject defaults = ToolArgs::defaultsOf(m_spec.inputSchema);
    registry.add(m_spec, [run = m_handler, defaults](Mcp::ToolCall *call) {
        if (CompactTools::speaksCompact(call))
            call->setResultFilter(&CompactTools::inCompactTerms);
        run(call, ToolArgs(call->arguments(), defaults));
    });
}

} // namespace Hopx::Core::Tools
