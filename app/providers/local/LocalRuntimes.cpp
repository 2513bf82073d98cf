// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "providers/local/LocalRuntimes.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QStandardPaths>

namespace Hopx::Local {

LocalRuntimes::LocalRuntimes(QObject *parent)
    : QObject(parent)
{ }

void LocalRuntimes::detect()
{
    // Versions of what sandboxes will run (they see the host's /usr read-only).
    const QList<QPair<QString, QStringList>> probes {
        {QStringLiteral("python"),
            {QStringLiteral("/usr/bin/python3"), QStringLiteral("--version")}},
        {QStringLiteral("javascript"), {QStringLiteral("node"), QStringLiteral("--version")}},
        {QStringLiteral("bash"),
            {QStringLiteral("bash"), QStringLiteral("-c"), QStringLiteral("echo $BASH_VERSION")}},
        {QStringLiteral("go"), {QStringLiteral("go"), QStringLiteral("version")}},
    };
    for (const auto &probe : probes) {
        const QString exe = probe.second.first().startsWith(QLatin1Char('/'))
            ? probe.second.first()
            : QStandardPaths::findExecutable(
                probe.second.first(), {QStringLiteral("/usr/bin"), QStringLiteral("/bin")});
        if (exe.isEmpty() || !QFileInfo(exe).isExecutable())
            continue;
        auto *p = new QProcess(this);
        const QString language = probe.first;
        connect(p, &QProcess::finished, this, [this, p, language](int code) {
            const QString version =
                QString::fromUtf8(p->readAllStandardOutput() + p->readAllStandardError()).trimmed();
            if (code == 0 && !version.isEmpty())
                m_versions.insert(language, version.section(QLatin1Char('\n'), 0, 0));
            p->deleteLater();
        });
        p->start(exe, probe.second.mid(1));
    }
}

QJsonArray LocalRuntimes::templates() const
{
    QJsonArray languages;
    for (auto it = m_versions.begin(); it != m_versions.end(); ++it)
        languages.append(it.key());
    return QJsonArray {
        QJsonObject {{QStringLiteral("id"), QStringLiteral("code-interpreter")},
            {QStringLiteral("name"), QStringLiteral("code-interpreter")},
            {QStringLiteral("description"),
                QStringLiteral("Python with this machine's data stack (numpy, pandas, matplotlib "
                               "when installed), plus JavaScript, bash and Go; persistent Python "
                               "state; plots returned as images.")},
            {QStringLiteral("category"), QStringLiteral("general")},
            {QStringLiteral("language"), QStringLiteral("python")},
            {QStringLiteral("languages"), languages}, {QStringLiteral("runtimes"), m_versions},
            {QStringLiteral("provider"), QStringLiteral("local")}},
        QJsonObject {{QStringLiteral("id"), QStringLiteral("base")},
            {QStringLiteral("name"), QStringLiteral("base")},
            {QStringLiteral("description"),
                QStringLiteral("The same sandbox for shell-centric work: bash with the host's "
                               "/usr tools, read-only.")},
            {QStringLiteral("category"), QStringLiteral("general")},
            {QStringLiteral("language"), QStringLiteral("bash")},
            {QStringLiteral("languages"), languages}, {QStringLiteral("runtimes"), m_versions},
            {QStringLiteral("provider"), QStringLiteral("local")}}};
}

std::optional<Core::Error> LocalRuntimes::unknownTemplate(const QString &name)
{
    // The names templates() lists, without building its objects on every create.
    if (name.isEmpty() || name == QLatin1String("code-interpreter")
        || name == QLatin1String("base"))
        return std::nullopt;
    return Core::Error::make(Core::Error::Code::NotFound,
        QStringLiteral("Template \"%1\" does not exist for local sandboxes. Available: "
                       "code-interpreter, base.")
            .arg(name),
        QJsonObject {{QStringLiteral("available"),
            QJsonArray {QStringLiteral("code-interpreter"), QStringLiteral("base")}}},
        QStringLiteral("Template not found"));
}

} // namespace Hopx::Local
