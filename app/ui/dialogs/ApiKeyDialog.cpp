// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/dialogs/ApiKeyDialog.h"

#include "core/manager/ProviderPolicy.h"
#include "core/secrets/KeyStore.h"
#include "core/secrets/SessionKeyStore.h"
#include "ui/Icons.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Hopx::Ui {

using Core::Error;
using Core::Result;
using Core::Unit;

ApiKeyDialog::ApiKeyDialog(Core::KeyStore *store, KeyTester tester, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_tester(std::move(tester))
    , m_hint(new QLabel(this))
    , m_envNote(new QLabel(this))
    , m_status(new QLabel(this))
    , m_key(new QLineEdit(this))
    , m_show(new QCheckBox(tr("S&how"), this))
    , m_test(new QPushButton(tr("&Test key"), this))
    , m_save(new QPushButton(tr("&Save in keychain"), this))
    , m_remove(new QPushButton(tr("&Remove saved key"), this))
    , m_session(new QPushButton(tr("Use for this session &only"), this))
    , m_resultIcon(new QLabel(this))
    , m_resultText(new QLabel(this))
{
    setObjectName(QStringLiteral("apiKeyDialog"));
    setWindowTitle(tr("HOPX API key"));
    setWindowIcon(Icons::app());

    auto *intro = new QLabel(tr("The key lets HOPX Desktop run sandboxes in the HOPX cloud. It is "
                                "kept in your system keychain, never in a file or a log."),
        this);
    intro->setWordWrap(true);
    m_hint->setObjectName(QStringLiteral("firstRunHint"));
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::RichText);
    m_hint->setOpenExternalLinks(true);
    m_hint->setText(tr("<b>No key yet? Local sandboxes already work</b> on this machine without "
                       "one. Get a key at <a href=\"https://hopx.ai\">hopx.ai</a> when you want "
                       "cloud sandboxes."));
    m_hint->hide();
    m_envNote->setObjectName(QStringLiteral("envNote"));
    m_envNote->setWordWrap(true);
    m_envNote->setText(tr("HOPX_API_KEY is set in the environment: it takes precedence over the "
                          "key saved here."));
    m_envNote->setVisible(Core::ProviderPolicy::apiKeyInEnvironment());
    m_status->setObjectName(QStringLiteral("keyStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_key->setObjectName(QStringLiteral("keyEdit"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("Paste your HOPX API key"));
    m_key->setAccessibleName(tr("HOPX API key"));
    m_key->setMinimumWidth(m_key->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 44);
    m_show->setObjectName(QStringLiteral("showKey"));
    m_show->setAccessibleName(tr("Show the key"));
    connect(m_show, &QCheckBox::toggled, this,
        [this](bool on) { m_key->setEchoMode(on ? QLineEdit::Normal : QLineEdit::Password); });
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(m_key, 1);
    keyRow->addWidget(m_show);
    auto *form = new QFormLayout;
    auto *keyLabel = new QLabel(tr("API &key:"), this);
    keyLabel->setBuddy(m_key);
    form->addRow(keyLabel, keyRow);

    m_test->setObjectName(QStringLiteral("testKey"));
    m_test->setToolTip(
        tr("Ask HOPX whether it accepts the key (the typed one, else the saved one)"));
    m_save->setObjectName(QStringLiteral("saveKey"));
    m_remove->setObjectName(QStringLiteral("removeKey"));
    connect(m_test, &QPushButton::clicked, this, &ApiKeyDialog::test);
    connect(m_save, &QPushButton::clicked, this, &ApiKeyDialog::save);
    connect(m_remove, &QPushButton::clicked, this, &ApiKeyDialog::removeKey);
    m_session->setObjectName(QStringLiteral("sessionKey"));
    m_session->setToolTip(tr("Keep the key in memory until HOPX Desktop quits; nothing is saved"));
    m_session->hide();
    connect(m_session, &QPushButton::clicked, this, &ApiKeyDialog::keepForSession);
    connect(m_key, &QLineEdit::textChanged, this, &ApiKeyDialog::updateButtons);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_test);
    actions->addWidget(m_save);
    actions->addWidget(m_session);
    actions->addStretch(1);
    actions->addWidget(m_remove);

    m_resultIcon->setFixedSize(16, 16);
    m_resultIcon->setAccessibleName(tr("Result"));
    m_resultText->setObjectName(QStringLiteral("keyResult"));
    m_resultText->setWordWrap(true);
    m_resultText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *result = new QHBoxLayout;
    result->addWidget(m_resultIcon, 0, Qt::AlignTop);
    result->addWidget(m_resultText, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_hint);
    layout->addWidget(m_envNote);
    layout->addWidget(m_status);
    layout->addSpacing(6);
    layout->addLayout(form);
    layout->addLayout(actions);
    layout->addLayout(result);
    layout->addStretch(1);
    layout->addWidget(buttons);

    m_resultIcon->hide();
    // Wide enough for the key and the sentences around it to read as sentences.
    setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 70);
    refresh();
}

QString ApiKeyDialog::masked(const QString &key)
{
    if (key.size() <= 12)
        return QString(key.size(), QChar(0x2022)); // too short to show any of it
    const qsizetype underscore = key.lastIndexOf(QLatin1Char('_'), 11);
    const QString prefix = underscore > 0 ? key.left(underscore + 1) : key.left(4);
    return prefix + QStringLiteral("…") + key.right(4);
}

void ApiKeyDialog::fitHeight()
{
    // Wrapped labels appear and change after the window got its size: a top-level window does
    // not grow by itself, its contents would be squeezed.
    if (!isVisible())
        return;
    layout()->activate();
    const int needed = layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width())
                                                     : sizeHint().height();
    if (needed > height())
        resize(width(), needed);
}

void ApiKeyDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    fitHeight();
}

void ApiKeyDialog::setBusy(bool busy)
{
    m_busy += busy ? 1 : -1;
    updateButtons();
}

void ApiKeyDialog::updateButtons()
{
    const bool idle = m_busy == 0 && m_store;
    const bool typed = !m_key->text().trimmed().isEmpty();
    m_test->setEnabled(m_busy == 0 && (typed || m_hasSaved) && m_tester);
    m_save->setEnabled(idle && typed);
    m_session->setEnabled(idle && typed);
    m_remove->setEnabled(idle && m_hasSaved);
}

void ApiKeyDialog::refresh()
{
    if (!m_store) {
        m_status->setText(tr("No keychain is available."));
        return;
    }
    m_status->setText(tr("Reading the keychain…"));
    setBusy(true);
    QPointer<ApiKeyDialog> self(this);
    m_store->read([self](Result<QString> r) {
        if (!self)
            return;
        self->setBusy(false);
        auto *session = qobject_cast<Core::SessionKeyStore *>(self->m_store.data());
        if (r.ok() && !r.value().isEmpty() && session && session->hasSessionValue()) {
            self->m_hasSaved = true;
            self->m_status->setText(
                tr("A key is in use for this session only: %1. It is not saved anywhere; "
                   "enter it again after HOPX Desktop restarts.")
                    .arg(masked(r.value())));
        } else if (r.ok() && !r.value().isEmpty()) {
            self->m_hasSaved = true;
            self->m_status->setText(
                tr("A key is saved in the keychain: %1").arg(masked(r.value())));
        } else if (r.ok() || r.error().code == Error::Code::NotFound) {
            self->m_hasSaved = false;
            self->m_status->setText(tr("No key is saved."));
        } else {
            self->m_hasSaved = false;
            self->m_status->setText(r.error().message);
        }
        if (!r.ok() && r.error().code == Error::Code::Unavailable) {
            self->setKeychainUnavailable(true);
            if (self->m_session->isVisibleTo(self))
                self->m_status->setText(r.error().message + QLatin1Char('\n')
                    + tr("No keychain is running, so the key cannot be saved. \"Use for this "
                         "session only\" keeps it in memory until HOPX Desktop quits."));
        }
        self->m_hint->setVisible(!self->m_hasSaved && !Core::ProviderPolicy::apiKeyInEnvironment());
        self->updateButtons();
        self->fitHeight();
    });
}

void ApiKeyDialog::showResult(bool ok, const QString &message)
{
    m_resultIcon->setPixmap(Icons::dot(ok ? Icons::ok() : Icons::error()).pixmap(16, 16));
    m_resultIcon->setAccessibleName(ok ? tr("Success") : tr("Failure"));
    m_resultIcon->show();
    m_resultText->setText(message);
    fitHeight();
}

void ApiKeyDialog::test()
{
    if (!m_tester)
        return;
    const QString typed = m_key->text().trimmed();
    QPointer<ApiKeyDialog> self(this);
    auto run = [self](const QString &key) {
        if (!self)
            return;
        self->m_resultIcon->hide();
        self->m_resultText->setText(tr("Asking HOPX…"));
        self->setBusy(true);
        self->m_tester(key, [self](bool ok, const QString &message) {
            if (!self)
                return;
            self->setBusy(false);
            self->showResult(ok, message);
        });
    };
    if (!typed.isEmpty())
        return run(typed);
    // Nothing typed: test the saved key without ever showing it.
    setBusy(true);
    m_store->read([self, run](Result<QString> r) {
        if (!self)
            return;
        self->setBusy(false);
        if (!r.ok())
            return self->showResult(false, r.error().message);
        run(r.value());
    });
}

void ApiKeyDialog::save()
{
    const QString key = m_key->text().trimmed();
    if (key.isEmpty() || !m_store)
        return;
    setBusy(true);
    QPointer<ApiKeyDialog> self(this);
    m_store->write(key, [self](Result<Unit> r) {
        if (!self)
            return;
        self->setBusy(false);
        if (!r.ok()) {
            if (r.error().code == Error::Code::Unavailable)
                self->setKeychainUnavailable(true);
            return self->showResult(false, r.error().message);
        }
        self->m_key->clear();
        self->showResult(true, tr("Saved in the keychain. New HOPX sandboxes use this key."));
        self->refresh();
        emit self->keyChanged(true);
    });
}

void ApiKeyDialog::removeKey()
{
    if (!m_store)
        return;
    setBusy(true);
    QPointer<ApiKeyDialog> self(this);
    m_store->remove([self](Result<Unit> r) {
        if (!self)
            return;
        self->setBusy(false);
        if (!r.ok())
            return self->showResult(false, r.error().message);
        self->showResult(true, tr("The saved key was removed. Local sandboxes keep working."));
        self->refresh();
        emit self->keyChanged(false);
    });
}

void ApiKeyDialog::setKeychainUnavailable(bool unavailable)
{
    // Only a store that can hold a key for the session offers it (not the tests' plain one).
    const bool offer = unavailable && qobject_cast<Core::SessionKeyStore *>(m_store.data());
    m_session->setVisible(offer);
    updateButtons();
    fitHeight();
}

void ApiKeyDialog::keepForSession()
{
    auto *session = qobject_cast<Core::SessionKeyStore *>(m_store.data());
    const QString key = m_key->text().trimmed();
    if (!session || key.isEmpty())
        return;
    setBusy(true);
    QPointer<ApiKeyDialog> self(this);
    session->keepForSession(key, [self](Result<Unit> r) {
        if (!self)
            return;
        self->setBusy(false);
        if (!r.ok())
            return self->showResult(false, r.error().message);
        self->m_key->clear();
        self->showResult(true,
            tr("Using this key until HOPX Desktop quits. It is not saved: install and unlock a "
               "keychain (GNOME Keyring, KWallet) to keep it."));
        self->refresh();
        emit self->keyChanged(true);
    });
}

} // namespace Hopx::Ui
