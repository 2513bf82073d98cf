// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "core/tools/ToolReference.h"

#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

#include <cstdio>

namespace Hopx::Core::Tools {

namespace {

//! Table cells: a '|' would end the cell and a newline the row.
QString cell(QString text)
{
    text.replace(QLatin1Char('|'), QLatin1String("\\|"));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text.trimmed();
}

QString compactJson(const QJsonValue &value)
{
    // QJsonDocument takes only arrays and objects: wrap the value and strip the brackets.
    const QByteArray wrapped = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

QString number(const QJsonValue &value)
{
    const double d = value.toDouble();
    return d == static_cast<double>(static_cast<qint64>(d))
        ? QString::number(static_cast<qint64>(d))
        : QString::number(d);
}

QString typeName(const QJsonValue &type)
{
    if (type.isArray()) {
        QStringList names;
        for (const QJsonValue &t : type.toArray())
            names << t.toString();
        return names.join(QLatin1String(" or "));
    }
    return type.toString();
}

} // namespace

int ToolReference::print(
    const Mcp::ToolRegistry &registry, const QString &formatName, const QString &profile)
{
    Format format = Format::Markdown;
    if (!parseFormat(formatName, &format)) {
        std::fprintf(stderr,
            "hopx-desktop: unknown --format \"%s\" (use markdown, json or names)\n",
            qPrintable(formatName));
        return 2;
    }
    if (!profile.isEmpty() && !registry.hasProfile(profile)) {
        std::fprintf(stderr, "hopx-desktop: unknown tool profile \"%s\" (use %s)\n",
            qPrintable(profile), qPrintable(registry.profileNames().join(QStringLiteral(", "))));
        return 2;
    }
    const QByteArray out =
        render(profile.isEmpty() ? registry.specs() : registry.specs(profile), format);
    const bool written = std::fwrite(out.constData(), 1, static_cast<size_t>(out.size()), stdout)
        == static_cast<size_t>(out.size());
    // A closed pipe (`| head`) or a full disk must not look like success to a script.
    return written && std::fflush(stdout) == 0 ? 0 : 1;
}

bool ToolReference::parseFormat(const QString &text, Format *format)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("markdown") || t == QLatin1String("md"))
        *format = Format::Markdown;
    else if (t == QLatin1String("json"))
        *format = Format::Json;
    else if (t == QLatin1String("names"))
        *format = Format::Names;
    else
        return false;
    return true;
}

QByteArray ToolReference::render(const QList<Mcp::ToolSpec> &specs, Format format)
{
    if (format == Format::Names) {
        QByteArray names;
        for (const Mcp::ToolSpec &spec : specs)
            names += spec.name.toUtf8() + '\n';
        return names;
    }
    return format == Format::Json ? json(specs) : markdown(specs).toUtf8();
}

QString ToolReference::annotationSummary(const Mcp::ToolSpec &spec)
{
    QStringList parts;
    // destructiveHint means nothing for a read-only tool (MCP schema), so it is not shown there.
    if (spec.readOnly())
        parts << QStringLiteral("read-only");
    else
        parts << (spec.destructive() ? QStringLiteral("destructive")
                                     : QStringLiteral("non-destructive"));
    if (spec.idempotent())
        parts << QStringLiteral("idempotent");
    if (spec.taskSupport == Mcp::ToolSpec::TaskSupport::Optional)
        parts << QStringLiteral("task-capable");
    else if (spec.taskSupport == Mcp::ToolSpec::TaskSupport::Required)
        parts << QStringLiteral("task-only");
    return parts.join(QLatin1String(", "));
}

QString ToolReference::typeText(const QJsonObject &schema)
{
    const QString type = typeName(schema.value(QLatin1String("type")));
    if (schema.contains(QLatin1String("enum"))) {
        QStringList values;
        for (const QJsonValue &v : schema.value(QLatin1String("enum")).toArray())
            values << compactJson(v);
        return (type.isEmpty() ? QString() : type + QLatin1String(": "))
            + values.join(QLatin1String(" | "));
    }
    if (type.isEmpty())
        return QStringLiteral("any");
    if (type == QLatin1String("array")) {
        const QString items =
            typeName(schema.value(QLatin1String("items")).toObject().value(QLatin1String("type")));
        return items.isEmpty() ? type : QStringLiteral("array of %1").arg(items);
    }
    if (type == QLatin1String("object")) {
        const QJsonValue extra = schema.value(QLatin1String("additionalProperties"));
        const QString values = typeName(extra.toObject().value(QLatin1String("type")));
        return values.isEmpty() ? type : QStringLiteral("object (%1 values)").arg(values);
    }
    const bool hasMin = schema.contains(QLatin1String("minimum"));
    const bool hasMax = schema.contains(QLatin1String("maximum"));
    if (hasMin && hasMax)
        return QStringLiteral("%1 (%2–%3)")
            .arg(type, number(schema.value(QLatin1String("minimum"))),
                number(schema.value(QLatin1String("maximum"))));
    if (hasMin)
        return QStringLiteral("%1 (≥ %2)")
            .arg(type, number(schema.value(QLatin1String("minimum"))));
    if (hasMax)
        return QStringLiteral("%1 (≤ %2)")
            .arg(type, number(schema.value(QLatin1String("maximum"))));
    return type;
}

QString ToolReference::markdown(const QList<Mcp::ToolSpec> &specs)
{
    QString out;
    out += QLatin1String("| tool | title | annotations |\n|---|---|---|\n");
    for (const Mcp::ToolSpec &spec : specs)
        out += QStringLiteral("| [`%1`](#%1) | %2 | %3 |\n")
                   .arg(spec.name, cell(spec.title), annotationSummary(spec));

    for (const Mcp::ToolSpec &spec : specs) {
        out += QStringLiteral("\n### `%1`\n\n").arg(spec.name);
        out += QStringLiteral("**%1** · *%2*\n\n")
                   .arg(spec.title.isEmpty() ? spec.name : spec.title, annotationSummary(spec));
        out += spec.description.trimmed() + QLatin1String("\n\n");

        const QJsonObject properties =
            spec.inputSchema.value(QLatin1String("properties")).toObject();
        QStringList required;
        for (const QJsonValue &r : spec.inputSchema.value(QLatin1String("required")).toArray())
            required << r.toString();
        if (properties.isEmpty()) {
            out += QLatin1String("No parameters.\n");
        } else {
            // Required parameters first: they are what a reader needs to call the tool at all.
            QStringList names;
            for (const QString &name : properties.keys())
                if (required.contains(name))
                    names << name;
            for (const QString &name : properties.keys())
                if (!required.contains(name))
                    names << name;
            out += QLatin1String("| parameter | type | default | required | description |\n"
                                 "|---|---|---|---|---|\n");
            for (const QString &name : std::as_const(names)) {
                const QJsonObject schema = properties.value(name).toObject();
                const QString fallback = schema.contains(QLatin1String("default"))
                    ? QStringLiteral("`%1`").arg(
                        cell(compactJson(schema.value(QLatin1String("default")))))
                    : QString();
                out +=
                    QStringLiteral("| `%1` | %2 | %3 | %4 | %5 |\n")
                        .arg(name, cell(typeText(schema)), fallback,
                            required.contains(name) ? QStringLiteral("yes") : QStringLiteral("no"),
                            cell(schema.value(QLatin1String("description")).toString()));
            }
        }

        const bool textOnly = spec.outputSchema.isEmpty();
        const QStringList resultKeys = (textOnly ? spec.textResultSchema : spec.outputSchema)
                                           .value(QLatin1String("properties"))
                                           .toObject()
                                           .keys();
        if (!resultKeys.isEmpty()) {
            QStringList quoted;
            for (const QString &key : resultKeys)
                quoted << QStringLiteral("`%1`").arg(key);
            out += (textOnly ? QStringLiteral("\nResult keys (JSON text, and `structuredContent` "
                                              "when there is no figure; figures are images): %1.\n")
                             : QStringLiteral("\nResult keys (`structuredContent`): %1.\n"))
                       .arg(quoted.join(QLatin1String(", ")));
        }
    }
    return out;
}

QByteArray ToolReference::json(const QList<Mcp::ToolSpec> &specs)
{
    QJsonArray tools;
    for (const Mcp::ToolSpec &spec : specs)
        tools.append(spec.toJson());
    return QJsonDocument(QJsonObject {{QStringLiteral("tools"), tools}})
        .toJson(QJsonDocument::Indented);
}

} // namespace Hopx::Core::Tools
