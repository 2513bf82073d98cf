// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/NetworkPage.h"

#include "core/settings/LocalSettings.h"
#include "core/settings/NetworkPolicy.h"
#include "core/settings/Settings.h"
#include "ui/settings/SettingsForm.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHostAddress>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSslCertificate>

namespace Hopx::Ui {

using namespace SettingsForm;

namespace {

//! The hosts of \a edit as the allowlist keeps them; the first bad line in \a bad.
QStringList hosts(const QPlainTextEdit *edit, QString *bad)
{
    QStringList out;
    for (const QString &line : lines(edit)) {
        const QString host = Core::NetworkPolicy::normalizeHost(line);
        if (host.isEmpty()) {
            *bad = line;
            return {};
        }
        if (!out.contains(host))
            out << host;
    }
    return out;
}

} // namespace

NetworkPage::NetworkPage(QWidget *parent)
    : SettingsPage(parent)
    , m_default(new QComboBox(this))
    , m_packageHosts(lineList(this, QStringLiteral("packageHosts"), tr("Package hosts")))
    , m_alwaysAllowed(
          lineList(this, QStringLiteral("alwaysAllowedHosts"), tr("Always allowed hosts")))
    , m_hostMap(lineList(this, QStringLiteral("hostMap"), tr("Host map")))
    , m_caFiles(lineList(this, QStringLiteral("upstreamCaFiles"), tr("CA certificates")))
    , m_addCa(new QPushButton(tr("Add &file…"), this))
{
    m_default->setObjectName(QStringLiteral("localNetwork"));
    m_default->addItem(tr("No network"), false);
    m_default->addItem(tr("The whole internet"), true);
    m_hostMap->setPlaceholderText(QStringLiteral("pypi.mirror.lan=192.168.1.20"));

    QFormLayout *form = formAtTop(this);
    addRow(form, tr("New local &sandboxes get:"), m_default);
    addNote(form,
        tr("What a sandbox gets when the tool call does not say. A tool call can still ask "
           "for \"packages\", a list of hosts, or the whole internet (which you are asked "
           "to allow)."));
    addRow(form, tr("&Package hosts:"), m_packageHosts);
    addNote(form,
        tr("What the \"packages\" network stands for: package indexes and the hosts their "
           "files come from. One host per line; *.example.com allows its subdomains."));
    addRow(form, tr("&Always allowed:"), m_alwaysAllowed);
    addNote(form,
        tr("Added to every sandbox that has a list of hosts. A connection refused in the "
           "Logs offers to allow its host for that sandbox only; add it here for all."));
    addRow(form, tr("Host &map:"), m_hostMap);
    addNote(form,
        tr("name=address pairs the sandboxes' proxy uses instead of DNS, e.g. a package "
           "mirror on your network or on this computer."));
    m_addCa->setObjectName(QStringLiteral("addUpstreamCa"));
    m_caFiles->setPlaceholderText(QStringLiteral("/usr/local/share/ca-certificates/company.crt"));
    addPathListRow(form, tr("&CA certificates:"), m_caFiles, m_addCa, [this] {
        return QFileDialog::getOpenFileName(this, tr("Choose a CA certificate"), QString(),
            tr("Certificates (*.pem *.crt *.cer);;All files (*)"));
    });
    addNote(form,
        tr("PEM files of certificate authorities the sandboxes' proxy trusts besides the "
           "system's, when it connects to a secret's host itself: your company's CA, or a "
           "local API's. One file per line; new sandboxes use them."));
}

void NetworkPage::load(const Core::Settings &settings)
{
    m_default->setCurrentIndex(Core::LocalSettings(&settings).networkDefault() ? 1 : 0);
    setLines(m_packageHosts, settings.packageHosts());
    setLines(m_alwaysAllowed, settings.alwaysAllowedHosts());
    setLines(m_hostMap, settings.egressHostMap());
    setLines(m_caFiles, settings.upstreamCaFiles());
}

QString NetworkPage::check()
{
    QString bad;
    for (QPlainTextEdit *edit : {m_packageHosts, m_alwaysAllowed}) {
        hosts(edit, &bad);
        if (!bad.isEmpty()) {
            edit->setFocus();
            return tr("\"%1\" is not a host name; write one host per line, like pypi.org or "
                      "*.example.com.")
                .arg(bad);
        }
    }
    for (const QString &pair : lines(m_hostMap)) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        const QString name = Core::NetworkPolicy::normalizeHost(pair.left(eq).trimmed());
        if (eq < 0 || name.isEmpty() || QHostAddress(pair.mid(eq + 1).trimmed()).isNull()) {
            m_hostMap->setFocus();
            return tr("\"%1\" is not name=address; write pairs like "
                      "pypi.mirror.lan=192.168.1.20, one per line.")
                .arg(pair);
        }
    }
    // Checked here, where the user can fix it, rather than warned about in the log when a
    // sandbox starts.
    for (const QString &file : lines(m_caFiles)) {
        if (!QDir::isAbsolutePath(file) || QSslCertificate::fromPath(file).isEmpty()) {
            m_caFiles->setFocus();
            return tr("\"%1\" is not a PEM certificate file; write full paths of files that "
                      "hold one, one per line.")
                .arg(file);
        }
    }
    return {};
}

QString NetworkPage::save(Core::Settings &settings)
{
    QString bad;
    Core::LocalSettings(&settings).setNetworkDefault(m_default->currentData().toBool());
    const QStringList packages = hosts(m_packageHosts, &bad);
    // Kept unset while it is the default, so a later version's list applies.
    if (packages != settings.packageHosts())
        settings.setPackageHosts(packages);
    settings.setAlwaysAllowedHosts(hosts(m_alwaysAllowed, &bad));
    settings.setEgressHostMap(lines(m_hostMap));
    settings.setUpstreamCaFiles(lines(m_caFiles));
    return {};
}

} // namespace Hopx::Ui
