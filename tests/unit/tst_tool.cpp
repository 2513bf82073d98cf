// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// A tool definition: its schema's defaults reach the handler, its hints become the annotations.
#include "core/tools/Schema.h"
#include "core/tools/Tool.h"

#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QTest>

#include <limits>

using namespace Hopx;
using Core::Tools::Tool;
using Core::Tools::ToolArgs;
using Core::Tools::Schema::boolean;
using Core::Tools::Schema::integer;
using Core::Tools::Schema::string;
using Mcp::ToolCall;
using Mcp::ToolSpec;

class TestTool : public QObject
{
    Q_OBJECT

    //! Runs the registered handler of `name` with `arguments` and returns what it read.
    static QJsonObject run(
        Mcp::ToolRegistry &registry, const QString &name, const QJsonObject &arguments)
    {
        const Mcp::ToolRegistry::Entry *entry = registry.find(name);
        if (!entry)
            return {};
        ToolCall call(name, arguments, QJsonValue::Undefined, {});
        QJsonObject seen;
        QObject::connect(&call, &ToolCall::finished, &call,
            [&seen](const Mcp::ToolResult &r) { seen = r.structuredContent(); });
        entry->handler(&call);
        return seen;
    }

    static Tool probe()
    {
        return Tool(QStringLiteral("probe"), QStringLiteral("Probe"))
            .description(QStringLiteral("Reports what it read."))
            .input(Core::Tools::Schema::object(
                {{QStringLiteral("n"), integer(QStringLiteral("a number"), 1, 100, 30)},
                    {QStringLiteral("s"), string(QStringLiteral("a string"), QStringLiteral("py"))},
                    {QStringLiteral("b"), boolean(QStringLiteral("a flag"), true)},
                    {QStringLiteral("none"), string(QStringLiteral("no default"))}}))
            .handler([](ToolCall *call, const ToolArgs &args) {
                call->finish(Mcp::ToolResult::structured(
                    QJsonObject {{QStringLiteral("n"), args.integer(QStringLiteral("n"))},
                        {QStringLiteral("s"), args.string(QStringLiteral("s"))},
                        {QStringLiteral("b"), args.boolean(QStringLiteral("b"))},
                        {QStringLiteral("none"), args.string(QStringLiteral("none"))},
                        {QStringLiteral("nGiven"), args.given(QStringLiteral("n"))},
                        {QStringLiteral("nHas"), args.has(QStringLiteral("n"))},
                        {QStringLiteral("noneHas"), args.has(QStringLiteral("none"))}}));
            });
    }

private slots:
    void defaultsComeFromTheSchema_data()
    {
        QTest::addColumn<QJsonObject>("arguments");
        QTest::addColumn<QJsonObject>("seen");
        QTest::newRow("absent") << QJsonObject {}
                                << QJsonObject {{"n", 30}, {"s", "py"}, {"b", true}, {"none", ""},
                                       {"nGiven", false}, {"nHas", true}, {"noneHas", false}};
        QTest::newRow("given") << QJsonObject {{"n", 7}, {"s", "js"}, {"b", false}, {"none", "x"}}
                               << QJsonObject {{"n", 7}, {"s", "js"}, {"b", false}, {"none", "x"},
                                      {"nGiven", true}, {"nHas", true}, {"noneHas", true}};
        // hopx-mcp treats None as absent; so do we.
        QTest::newRow("null") << QJsonObject {{"n", QJsonValue::Null}, {"b", QJsonValue::Null}}
                              << QJsonObject {{"n", 30}, {"s", "py"}, {"b", true}, {"none", ""},
                                     {"nGiven", false}, {"nHas", true}, {"noneHas", false}};
    }

    void defaultsComeFromTheSchema()
    {
        QFETCH(QJsonObject, arguments);
        QFETCH(QJsonObject, seen);
        Mcp::ToolRegistry registry;
        probe().addTo(registry);
        QCOMPARE(run(registry, QStringLiteral("probe"), arguments), seen);
    }

    // A schema need not bound an integer: a huge number is the nearest int, not undefined
    // behaviour (on x86 the plain cast made 1e300 INT_MIN).
    void integerOutsideIntIsTheNearestInt()
    {
        const ToolArgs args(QJsonObject {{"big", 1e300}, {"small", -1e300}, {"n", 7.9}});
        QCOMPARE(args.integer(QStringLiteral("big")), std::numeric_limits<int>::max());
        QCOMPARE(args.integer(QStringLiteral("small")), std::numeric_limits<int>::min());
        QCOMPARE(args.integer(QStringLiteral("n")), 7);
    }

    void defaultsOfReadsOnlyDeclaredDefaults()
    {
        const QJsonObject defaults = ToolArgs::defaultsOf(probe().spec().inputSchema);
        QCOMPARE(defaults, (QJsonObject {{"n", 30}, {"s", "py"}, {"b", true}}));
        QVERIFY(ToolArgs::defaultsOf(QJsonObject {{"type", "object"}}).isEmpty());
    }

    void hintsAreTheAnnotations_data()
    {
        QTest::addColumn<int>("hints");
        QTest::addColumn<QJsonObject>("annotations");
        QTest::newRow("read-only, idempotent")
            << int(ToolSpec::ReadOnly | ToolSpec::Idempotent)
            << QJsonObject {{"title", "Probe"}, {"readOnlyHint", true}, {"idempotentHint", true},
                   {"openWorldHint", false}};
        QTest::newRow("destructive, open world")
            << int(ToolSpec::Destructive | ToolSpec::OpenWorld)
            << QJsonObject {{"title", "Probe"}, {"readOnlyHint", false}, {"idempotentHint", false},
                   {"openWorldHint", true}, {"destructiveHint", true}};
        QTest::newRow("none named: all false")
            << int(ToolSpec::NoHints)
            << QJsonObject {{"title", "Probe"}, {"readOnlyHint", false}, {"idempotentHint", false},
                   {"openWorldHint", false}, {"destructiveHint", false}};
    }

    void hintsAreTheAnnotations()
    {
        QFETCH(int, hints);
        QFETCH(QJsonObject, annotations);
        Tool tool = probe();
        tool.hints(ToolSpec::Hints(hints)).taskSupport(ToolSpec::TaskSupport::Optional);
        const QJsonObject json = tool.spec().toJson();
        QCOMPARE(json.value(QStringLiteral("annotations")).toObject(), annotations);
        QCOMPARE(json.value(QStringLiteral("execution")).toObject(),
            (QJsonObject {{"taskSupport", "optional"}}));
    }

    void aSpecThatSaysNothingHasMcpDefaults()
    {
        ToolSpec spec;
        QVERIFY(spec.destructive() && spec.openWorld() && !spec.readOnly() && !spec.idempotent());
    }

    void addToReplacesATool()
    {
        Mcp::ToolRegistry registry;
        probe().addTo(registry);
        probe().description(QStringLiteral("second")).addTo(registry);
        QCOMPARE(registry.specs().size(), 1);
        QCOMPARE(registry.specs().at(0).description, QStringLiteral("second"));
    }
};

QTEST_GUILESS_MAIN(TestTool)
#include "tst_tool.moc"
