// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// The tool profiles: the compact one within its budget and covering every capability of the
// full set, hopx-mcp exactly the Python server's tools, full everything else. What a client
// receives through hopx-mcp and HTTP: tests/integration/tst_toolsurface.cpp.
#include "core/tools/CompactTools.h"
#include "core/tools/McpTools.h"

#include "support/PythonServerTools.h"
#include "tools/ToolCall.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Hopx;
using Core::Tools::CompactTools::equivalents;
using Core::Tools::CompactTools::routes;

namespace {

const QStringList &kPythonServerTools = HopxTest::pythonServerTools();

constexpr int kMaxCompactTools = 16;
constexpr int kMaxCompactTokens = 4000;

QStringList names(const QList<Mcp::ToolSpec> &specs)
{
    QStringList out;
    for (const Mcp::ToolSpec &s : specs)
        out.append(s.name);
    return out;
}

QStringList properties(const Mcp::ToolSpec &spec)
{
    return spec.inputSchema.value(QLatin1String("properties")).toObject().keys();
}

} // namespace

class TestToolProfiles : public QObject
{
    Q_OBJECT

    Mcp::ToolRegistry m_registry;

    const Mcp::ToolSpec *spec(const QString &name) const
    {
        const Mcp::ToolRegistry::Entry *e = m_registry.find(name);
        return e ? &e->spec : nullptr;
    }

    //! Calls `name`'s handler outside any session and returns the result's structured content.
    QJsonObject call(const QString &name, const QJsonObject &arguments)
    {
        const Mcp::ToolRegistry::Entry *entry = m_registry.find(name);
        if (!entry)
            return {};
        Mcp::ToolCall c(name, arguments, QJsonValue::Undefined, {});
        QJsonObject seen;
        connect(&c, &Mcp::ToolCall::finished, &c,
            [&seen](const Mcp::ToolResult &r) { seen = r.structuredContent(); });
        entry->handler(&c);
        return seen;
    }

private slots:
    void initTestCase() { Core::Tools::registerAll(m_registry, Core::Tools::ToolDeps {}); }

    void compactIsTheDefault()
    {
        QCOMPARE(m_registry.defaultProfile(), Core::Tools::kCompactProfile);
        QCOMPARE(
            names(m_registry.specs(QString())), names(m_registry.specs(QStringLiteral("compact"))));
        // A name this build does not know (a newer bridge's) gets the default, not everything.
        QCOMPARE(names(m_registry.specs(QStringLiteral("nope"))),
            names(m_registry.specs(QStringLiteral("compact"))));
        QCOMPARE(m_registry.profileNames(),
            QStringList(
                {QStringLiteral("compact"), QStringLiteral("hopx-mcp"), QStringLiteral("full")}));
    }

    void compactFitsTheBudget()
    {
        const QList<Mcp::ToolSpec> compact = m_registry.specs(QStringLiteral("compact"));
        QJsonArray tools;
        for (const Mcp::ToolSpec &s : compact)
            tools.append(s.toJson());
        const qsizetype bytes = QJsonDocument(QJsonObject {{QStringLiteral("tools"), tools}})
                                    .toJson(QJsonDocument::Compact)
                                    .size();
        qInfo("compact: %d tools, %lld bytes, ~%lld tokens (bytes / 4)", int(compact.size()),
            qint64(bytes), qint64(bytes / 4));
        QVERIFY2(compact.size() <= kMaxCompactTools, qPrintable(names(compact).join(u' ')));
        QVERIFY2(bytes / 4 <= kMaxCompactTokens,
            qPrintable(QStringLiteral("%1 tokens: over the budget of %2")
                           .arg(bytes / 4)
                           .arg(kMaxCompactTokens)));
        // Every compact tool exists: a typo in ToolProfiles.cpp would silently drop one.
        QCOMPARE(compact.size(), qsizetype(13));
    }

    void hopxMcpIsThePythonServersTools()
    {
        QCOMPARE(names(m_registry.specs(QStringLiteral("hopx-mcp"))), kPythonServerTools);
    }

    void fullIsEveryToolButTheCompactOnes()
    {
        const QStringList full = names(m_registry.specs(QStringLiteral("full")));
        const QStringList all = names(m_registry.specs());
        for (const QString &tool : all)
            QCOMPARE(full.contains(tool), !Core::Tools::compactToolNames().contains(tool));
        for (const QString &tool : kPythonServerTools)
            QVERIFY2(full.contains(tool), qPrintable(tool));
        QVERIFY(full.size() >= 50);
    }

    //! Nothing is reachable only in full: each full tool is listed in compact, is a route's
    //! target, or has a named equivalent.
    void compactReachesEveryTool()
    {
        const QStringList compact = names(m_registry.specs(QStringLiteral("compact")));
        QSet<QString> targets;
        for (const QList<Core::Tools::ToolRoute> &list : routes())
            for (const Core::Tools::ToolRoute &r : list)
                targets.insert(r.target);
        for (const QString &tool : names(m_registry.specs(QStringLiteral("full"))))
            QVERIFY2(
                compact.contains(tool) || targets.contains(tool) || equivalents().contains(tool),
                qPrintable(tool + QStringLiteral(": no compact tool reaches it")));
        for (const QString &tool : equivalents().keys())
            QVERIFY2(spec(tool), qPrintable(tool));
    }

    //! Each route's target takes only arguments its compact tool offers (or that it leaves out
    //! on purpose), and every argument a compact tool offers reaches some target.
    void routesOfferEveryArgument()
    {
        for (auto it = routes().begin(); it != routes().end(); ++it) {
            const Mcp::ToolSpec *compact = spec(it.key());
            QVERIFY2(compact, qPrintable(it.key()));
            const QStringList offered = properties(*compact);
            QSet<QString> used {QStringLiteral("action"), QStringLiteral("background")};
            for (const Core::Tools::ToolRoute &route : it.value()) {
                const Mcp::ToolSpec *target = spec(route.target);
                QVERIFY2(target, qPrintable(route.target));
                for (const QString &arg : properties(*target)) {
                    const QString asOffered = route.renames.key(arg, arg);
                    used.insert(asOffered);
                    QVERIFY2(offered.contains(asOffered) || route.fixed.contains(arg)
                            || route.notOffered.contains(arg),
                        qPrintable(QStringLiteral("%1 %2 → %3 takes %4, which %1 does not offer")
                                       .arg(it.key(), route.action, route.target, arg)));
                }
            }
            for (const QString &arg : offered)
                QVERIFY2(used.contains(arg),
                    qPrintable(
                        QStringLiteral("%1 offers %2, which no target takes").arg(it.key(), arg)));
        }
    }

    void anArgumentTheActionDoesNotTakeIsNamed()
    {
        const QJsonObject r = call(QStringLiteral("manage_sandbox"),
            {{QStringLiteral("action"), QStringLiteral("get")},
                {QStringLiteral("sandbox_id"), QStringLiteral("local-x")},
                {QStringLiteral("path"), QStringLiteral("/etc")}});
        QCOMPARE(r.value(QStringLiteral("error")).toString(), QStringLiteral("Invalid parameters"));
        QCOMPARE(r.value(QStringLiteral("message")).toString(),
            QStringLiteral(
                "manage_sandbox action \"get\" does not take path; it takes: sandbox_id"));
    }

    void aTargetsOwnRulesStillApply()
    {
        // get_sandbox requires its id: checked against the target's schema, in compact names'
        // terms of the target.
        const QJsonObject r = call(
            QStringLiteral("manage_sandbox"), {{QStringLiteral("action"), QStringLiteral("get")}});
        QCOMPARE(r.value(QStringLiteral("error")).toString(), QStringLiteral("Invalid parameters"));
        QVERIFY2(r.value(QStringLiteral("message")).toString().contains(QStringLiteral("id")),
            qPrintable(r.value(QStringLiteral("message")).toString()));
    }

    void aMissingRenamedArgumentIsNamedAsTheModelSeesIt()
    {
        // get_sandbox calls it id; the model sees sandbox_id, and manage_sandbox refuses an id.
        const QJsonObject r = call(
            QStringLiteral("manage_sandbox"), {{QStringLiteral("action"), QStringLiteral("get")}});
        const QString message = r.value(QStringLiteral("message")).toString();
        QVERIFY2(message.contains(QStringLiteral("sandbox_id")), qPrintable(message));
        QVERIFY2(!message.contains(QRegularExpression(QStringLiteral("(?<![_a-z])id\\b"))),
            qPrintable(message));
        // What was provided is shown in the same names.
        const QJsonObject wrongType = call(QStringLiteral("manage_sandbox"),
            {{QStringLiteral("action"), QStringLiteral("get")}, {QStringLiteral("sandbox_id"), 7}});
        QCOMPARE(wrongType.value(QStringLiteral("provided")).toObject(),
            QJsonObject({{QStringLiteral("sandbox_id"), 7}}));
    }

    void aDefaultSentBackIsNoArgument()
    {
        // Models and clients often send a schema's defaults: env get takes no merge, but a
        // merge equal to env's default must not fail the call. (Without a sandbox_id the call
        // goes as far as env_get's own schema, which needs no provider to answer.)
        const QJsonObject r = call(QStringLiteral("env"),
            {{QStringLiteral("action"), QStringLiteral("get")}, {QStringLiteral("merge"), true}});
        QCOMPARE(r.value(QStringLiteral("message")).toString(),
            QStringLiteral("env: arguments.sandbox_id is required"));
        // Anything else it does not take is still named.
        const QJsonObject named = call(QStringLiteral("env"),
            {{QStringLiteral("action"), QStringLiteral("get")},
                {QStringLiteral("sandbox_id"), QStringLiteral("local-x")},
                {QStringLiteral("merge"), false}});
        QVERIFY2(named.value(QStringLiteral("message"))
                     .toString()
                     .contains(QStringLiteral("does not take merge")),
            qPrintable(QJsonDocument(named).toJson()));
    }

    void aCompactToolAllowsNoMoreThanItsTargets()
    {
        // A bound the compact schema allows and its target refuses fails after the model
        // followed the schema: every offered number fits its target's range.
        const auto entries = routes();
        for (auto it = entries.begin(); it != entries.end(); ++it) {
            const QJsonObject offered =
                spec(it.key())->inputSchema.value(QLatin1String("properties")).toObject();
            for (const Core::Tools::ToolRoute &route : it.value()) {
                const QJsonObject takes =
                    spec(route.target)->inputSchema.value(QLatin1String("properties")).toObject();
                for (auto arg = offered.begin(); arg != offered.end(); ++arg) {
                    const QJsonObject mine = arg.value().toObject();
                    const QJsonObject theirs =
                        takes.value(route.renames.value(arg.key(), arg.key())).toObject();
                    const QString where = QStringLiteral("%1 %2 → %3 %4")
                                              .arg(it.key(), arg.key(), route.target,
                                                  route.renames.value(arg.key(), arg.key()));
                    if (theirs.contains(QLatin1String("maximum")))
                        QVERIFY2(mine.contains(QLatin1String("maximum"))
                                && mine.value(QLatin1String("maximum")).toDouble()
                                    <= theirs.value(QLatin1String("maximum")).toDouble(),
                            qPrintable(where));
                    if (theirs.contains(QLatin1String("minimum")))
                        QVERIFY2(mine.contains(QLatin1String("minimum"))
                                && mine.value(QLatin1String("minimum")).toDouble()
                                    >= theirs.value(QLatin1String("minimum")).toDouble(),
                            qPrintable(where));
                }
            }
        }
    }

    void aLongWaitingRunSaysWhatRunTakes()
    {
        const QJsonObject r = call(QStringLiteral("run"),
            {{QStringLiteral("code"), QStringLiteral("sleep 400")},
                {QStringLiteral("timeout"), 400}});
        const QString message = r.value(QStringLiteral("message")).toString();
        QVERIFY2(
            message.contains(QStringLiteral("run with background: true")), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("mode")), qPrintable(message));
    }

    void pauseAndResumeDeclareTheKeyTheyReturn()
    {
        // hopx-mcp's pause and resume answer with sandbox_id
        // (tst_localtools::pauseRefusesRunsAndResumeKeepsState reads it from a real sandbox's
        // result); their outputSchema must say so, not an id.
        for (const QString &name :
            {QStringLiteral("pause_sandbox"), QStringLiteral("resume_sandbox")}) {
            const QJsonObject declared =
                spec(name)->outputSchema.value(QLatin1String("properties")).toObject();
            QVERIFY2(declared.contains(QLatin1String("sandbox_id"))
                    && !declared.contains(QLatin1String("id")),
                qPrintable(name));
        }
    }

    void backgroundNeedsASandbox()
    {
        const QJsonObject r = call(QStringLiteral("run"),
            {{QStringLiteral("code"), QStringLiteral("sleep 1")},
                {QStringLiteral("background"), true}});
        QVERIFY2(r.value(QStringLiteral("message"))
                     .toString()
                     .contains(QStringLiteral("create_sandbox")),
            qPrintable(QJsonDocument(r).toJson()));
    }

    void hintsNameWhatACompactClientCanCall()
    {
        using Core::Tools::CompactTools::inCompactTerms;
        const Mcp::ToolResult r = inCompactTerms(Mcp::ToolResult::error(
            QStringLiteral("Read parts with run_command, or save it with file_download; "
                           "list_sandboxes shows them; file_read and sandbox_id stay."),
            {{QStringLiteral("stdout"), QStringLiteral("run_command")}}));
        QCOMPARE(r.structuredContent().value(QStringLiteral("error")).toString(),
            QStringLiteral("Read parts with run with language bash, or save it with host_files "
                           "(action \"download\"); manage_sandbox (action \"list\") shows them; "
                           "file_read and sandbox_id stay."));
        // What a run printed is the program's, never rewritten.
        QCOMPARE(r.structuredContent().value(QStringLiteral("stdout")).toString(),
            QStringLiteral("run_command"));
        QVERIFY(r.isError());
        // A failed run's stderr that repeats its message is ours: it names the same tools.
        const QString notFound =
            QStringLiteral("Sandbox x not found; list_sandboxes shows the ones that exist.");
        const Mcp::ToolResult failedRun = inCompactTerms(Mcp::ToolResult::error(notFound,
            {{QStringLiteral("message"), notFound}, {QStringLiteral("stderr"), notFound}}));
        QCOMPARE(failedRun.structuredContent().value(QStringLiteral("stderr")).toString(),
            QStringLiteral("Sandbox x not found; manage_sandbox (action \"list\") shows the ones "
                           "that exist."));
        QCOMPARE(failedRun.structuredContent().value(QStringLiteral("stderr")),
            failedRun.structuredContent().value(QStringLiteral("message")));
        QCOMPARE(Core::Tools::CompactTools::compactCall(QStringLiteral("execute_code_background")),
            QStringLiteral("run with background: true"));
    }

    void anActionRunsItsTarget()
    {
        // health needs no provider: the route reaches the very tool hopx-mcp's name calls.
        const QJsonObject viaCompact =
            call(QStringLiteral("system"), {{QStringLiteral("action"), QStringLiteral("health")}});
        const QJsonObject direct = call(QStringLiteral("health"), {});
        QVERIFY(!viaCompact.value(QStringLiteral("status")).toString().isEmpty());
        QCOMPARE(viaCompact, direct);
    }
};

QTEST_GUILESS_MAIN(TestToolProfiles)
#include "tst_toolprofiles.moc"
