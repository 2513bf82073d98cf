// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/SecretsPage.h"

#include "core/secrets/SecretStore.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Hopx::Ui {

using Core::Result;
using Core::SecretStore;
using Core::Unit;

SecretsPage::SecretsPage(SecretStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_list(new QTreeWidget(this))
    , m_name(new QLineEdit(this))
    , m_hosts(new QLineEdit(this))
    , m_value(new QLineEdit(this))
    , m_inQuery(new QCheckBox(tr("Also in the URL's query string"), this))
    , m_inBody(new QCheckBox(tr("Also in the request body"), this))
    , m_alwaysAllow(new QCheckBox(tr("Allow for every sandbox without asking"), this))
    , m_save(new QPushButton(tr("&Save secret"), this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_test(new QPushButton(tr("&Test"), this))
    , m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("secretsPage"));
    m_list->setObjectName(QStringLiteral("secretsList"));
    m_list->setHeaderLabels({tr("Name"), tr("Hosts"), tr("Where"), tr("Asks")});
    m_list->setRootIsDecorated(false);
    m_list->setAccessibleName(tr("Stored secrets"));
    // The hosts are what the user checks a secret by: they get all the width the short
    // columns leave, and wrap rather than end in "…" when there are many.
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_list->header()->setStretchLastSection(false);
    m_list->setWordWrap(true);
    m_name->setPlaceholderText(QStringLiteral("GITHUB_TOKEN"));
    m_name->setAccessibleName(tr("Secret name"));
    m_hosts->setPlaceholderText(QStringLiteral("api.github.com, *.example.org"));
    m_hosts->setAccessibleName(tr("Hosts the secret belongs to"));
    m_value->setEchoMode(QLineEdit::Password);
    m_value->setAccessibleName(tr("Secret value"));
    m_value->setPlaceholderText(tr("Typed once, never shown again"));
    m_message->setObjectName(QStringLiteral("secretsMessage"));
    m_message->setWordWrap(true);

    auto *intro = new QLabel(
        tr("Code in a sandbox sees only a placeholder in the environment variable NAME. HOPX "
           "Desktop puts the real value into requests to the secret's hosts, and nowhere else. "
           "Values stay in the system keychain."),
        this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Hosts:"), m_hosts);
    form->addRow(tr("&Value:"), m_value);
    form->addRow(QString(), m_inQuery);
    form->addRow(QString(), m_inBody);
    form->addRow(QString(), m_alwaysAllow);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_save);
    buttons->addWidget(m_test);
    buttons->addStretch(1);
    buttons->addWidget(m_remove);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_message);

    connect(m_save, &QPushButton::clicked, this, &SecretsPage::save);
    connect(m_remove, &QPushButton::clicked, this, &SecretsPage::removeSelected);
    connect(m_test, &QPushButton::clicked, this, &SecretsPage::testSelected);
    connect(m_list, &QTreeWidget::currentItemChanged, this, &SecretsPage::showSelected);
    if (store) {
        connect(store, &SecretStore::changed, this, &SecretsPage::reload);
        connect(store, &SecretStore::revoked, this, &SecretsPage::reload);
    }
    reload();
}

void SecretsPage::reload()
{
    const QString current = selectedName();
    m_list->clear();
    if (!m_store)
        return;
    for (const SecretStore::Entry &e : m_store->list()) {
        QStringList where {tr("headers")};
        if (e.inQuery)
            where << tr("query");
        if (e.inBody)
            where << tr("body");
        auto *item = new QTreeWidgetItem(m_list,
            {e.name, e.hosts.join(QStringLiteral(", ")), where.join(QStringLiteral(", ")),
                e.alwaysAllow ? tr("never") : tr("each sandbox")});
        item->setToolTip(1, e.hosts.join(QLatin1Char('\n')));
        if (e.name == current)
            m_list->setCurrentItem(item);
    }
    m_remove->setEnabled(m_list->topLevelItemCount() > 0);
    m_test->setEnabled(m_list->topLevelItemCount() > 0);
}

QString SecretsPage::selectedName() const
{
    const QTreeWidgetItem *item = m_list->currentItem();
    return item ? item->text(0) : QString();
}

void SecretsPage::showSelected()
{
    if (!m_store)
        return;
    const std::optional<SecretStore::Entry> e = m_store->find(selectedName());
    if (!e)
        return;
    // The value is never read back into the form: saving again needs it typed again.
    m_name->setText(e->name);
    m_hosts->setText(e->hosts.join(QStringLiteral(", ")));
    m_value->clear();
    m_inQuery->setChecked(e->inQuery);
    m_inBody->setChecked(e->inBody);
    m_alwaysAllow->setChecked(e->alwaysAllow);
}

void SecretsPage::say(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
}

void SecretsPage::save()
{
    if (!m_store)
        return;
    SecretStore::Entry entry;
    entry.name = m_name->text().trimmed();
    if (Result<Unit> ok = SecretStore::checkName(entry.name); !ok)
        return say(ok.error().message, true);
    const Result<QStringList> hosts = SecretStore::parseHosts(m_hosts->text());
    if (!hosts)
        return say(hosts.error().message, true);
    entry.hosts = hosts.value();
    entry.inQuery = m_inQuery->isChecked();
    entry.inBody = m_inBody->isChecked();
    entry.alwaysAllow = m_alwaysAllow->isChecked();
    // Without a new value, only the hosts and options change; the keychain keeps the value.
    if (m_value->text().isEmpty()) {
        if (!m_store->find(entry.name))
            return say(tr("Type the secret's value: it is stored in the keychain, not shown "
                          "again."),
                true);
        const Result<Unit> ok = m_store->update(entry);
        return ok ? say(tr("Saved %1.").arg(entry.name), false) : say(ok.error().message, true);
    }
    const QString value = m_value->text();
    m_value->clear();
    QPointer<SecretsPage> self(this);
    const QString name = entry.name;
    m_store->set(entry, value, [self, name](Result<Unit> r) {
        if (!self)
            return;
        if (r)
            self->say(tr("Saved %1 in the keychain.").arg(name), false);
        else
            self->say(r.error().message, true);
    });
}

void SecretsPage::removeSelected()
{
    const QString name = selectedName();
    if (!m_store || name.isEmpty())
        return;
    QPointer<SecretsPage> self(this);
    m_store->remove(name, [self, name](Result<Unit> r) {
        if (!self)
            return;
        if (r)
            self->say(tr("Removed %1: no sandbox gets it any more.").arg(name), false);
        else
            self->say(r.error().message, true);
    });
}

void SecretsPage::testSelected()
{
    const QString name = selectedName();
    if (!m_store || name.isEmpty())
        return say(tr("Select a secret to test."), true);
    QPointer<SecretsPage> self(this);
    m_store->readValue(name, [self, name](Result<QString> r) {
        if (!self)
            return;
        if (!r)
            return self->say(
                tr("%1 cannot be read from the keychain: %2").arg(name, r.error().message), true);
        const Result<Unit> ok = SecretStore::checkValue(r.value());
        if (!ok)
            return self->say(ok.error().message, true);
        self->say(tr("%1 is in the keychain (%n characters) and ready for sandboxes.", nullptr,
                      int(r.value().size()))
                      .arg(name),
            false);
    });
}

} // namespace Hopx::Ui
