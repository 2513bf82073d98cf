// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "SchemaFixtures.h"

#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QJsonDocument>

namespace Hopx::TestServer {

using Mcp::ToolCall;
using Mcp::ToolResult;
using Mcp::ToolSpec;

namespace {

ToolSpec spec(const QString &name, const QString &description, const char *schema)
{
    ToolSpec s;
    s.name = name;
    s.description = description;
    s.inputSchema = QJsonDocument::fromJson(schema).object();
    s.hints = ToolSpec::ReadOnly;
    return s;
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

void registerSchemaFixtures(Mcp::ToolRegistry &tools)
{
    // The suite's schema, as its scenario prints it.
    tools.add(spec(QStringLiteral("json_schema_2020_12_tool"),
                  QStringLiteral("Tool with JSON Schema 2020-12 features"),
                  R"({"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
        "$defs":{"address":{"$anchor":"addressDef","type":"object",
            "properties":{"street":{"type":"string"},"city":{"type":"string"}}}},
        "properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"},
            "contactMethod":{"type":"string","enum":["phone","email"]},
            "phone":{"type":"string"},"email":{"type":"string"}},
        "allOf":[{"anyOf":[{"required":["phone"]},{"required":["email"]}]}],
        "if":{"properties":{"contactMethod":{"const":"phone"}},"required":["contactMethod"]},
        "then":{"required":["phone"]},"else":{"required":["email"]},
        "additionalProperties":false})"),
        [](ToolCall *call) {
            call->finish(ToolResult::text(QStringLiteral("ok: ") + compact(call->arguments())));
        });

    tools.add(spec(QStringLiteral("test_custom_headers"),
                  QStringLiteral("Echoes its arguments; region, priority and verbose travel in "
                                 "Mcp-Param-* headers over Streamable HTTP."),
                  R"({"type":"object","properties":{
        "region":{"type":"string","description":"Where to route","x-mcp-header":"Region"},
        "priority":{"type":"integer","description":"A number","x-mcp-header":"Priority"},
        "verbose":{"type":"boolean","description":"A flag","x-mcp-header":"Verbose"},
        "query":{"type":"string","description":"Not mirrored"}},
        "required":["region","priority","query"]})"),
        [](ToolCall *call) { call->finish(ToolResult::text(compact(call->arguments()))); });
}

} // namespace Hopx::TestServer
