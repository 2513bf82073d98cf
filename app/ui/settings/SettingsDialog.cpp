// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/SettingsDialog.h"

#include "core/settings/LocalSettings.h"
#include "core/settings/Settings.h"
#include "ui/Icons.h"
#include "ui/settings/CloudPage.h"
#include "ui/settings/FoldersPage.h"
#include "ui/settings/GeneralPage.h"
#include "ui/settings/HttpPage.h"
#include "ui/settings/LocalPage.h"
#include "ui/settings/NetworkPage.h"
#include "ui/settings/NotificationsPage.h"
#include "ui/settings/PackagesPage.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace Hopx::Ui {

SettingsDialog::SettingsDialog(Core::Settings *settings, Core::HttpService *http,
    const QString &program, const QString &packageCacheDir, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_tabs(new QTabWidget(this))
    , m_categories(new QListWidget(this))
    , m_buttons(new QDialogButtonBox(
          QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Apply, this))
    , m_message(new QLabel(this))
    , m_restart(new QPushButton(tr("Restart &now"), this))
    , m_general(new GeneralPage(program, this))
    , m_packages(new PackagesPage(packageCacheDir, this))
    , m_http(new HttpPage(http, this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("HOPX Desktop settings"));
    setWindowIcon(Icons::app());

    m_tabs->setObjectName(QStringLiteral("settingsTabs"));
    // Eleven pages do not fit a row of tabs (it scrolled, hiding half of them): their names
    // go in a list on the left, as in KeePassXC's or GNOME's settings. The tab widget stays
    // the pages' owner and the one source of the current page.
    m_tabs->tabBar()->hide();
    // Its focus goes to the hidden bar, where Tab would get stuck: the list has that job.
    m_tabs->tabBar()->setFocusPolicy(Qt::NoFocus);
    m_tabs->setFocusPolicy(Qt::NoFocus);
    m_tabs->setDocumentMode(true);
    m_categories->setObjectName(QStringLiteral("settingsCategories"));
    m_categories->setAccessibleName(tr("Settings pages"));
    m_categories->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    m_categories->setSpacing(3);
    connect(m_categories, &QListWidget::currentRowChanged, m_tabs, &QTabWidget::setCurrentIndex);
    connect(m_tabs, &QTabWidget::currentChanged, m_categories,
        qOverload<int>(&QListWidget::setCurrentRow));
    addPage(m_general, tr("&General"));
    addPage(new LocalPage(this), tr("&Local sandboxes"));
    addPage(new NetworkPage(this), tr("Net&work"));
    addPage(m_packages, tr("&Packages"));
    addPage(new FoldersPage(this), tr("&Folders"));
    addPage(new NotificationsPage(this), tr("N&otifications"));
    addPage(new CloudPage(this), tr("HOPX &cloud"));
    m_httpTab = addPage(m_http, tr("&HTTP"));
    connect(m_http, &HttpPage::message, this, &SettingsDialog::showMessage);

    m_message->setObjectName(QStringLiteral("settingsMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    m_restart->setObjectName(QStringLiteral("restartNow"));
    m_restart->setToolTip(tr("Quit HOPX Desktop and start it again with the new settings"));
    m_restart->hide();
    connect(m_restart, &QPushButton::clicked, this, &SettingsDialog::restartRequested);

    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        // A new language stays open on its "Restart now" question; the rest is saved already.
        if (apply() && !m_restart->isVisible())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this,
        &SettingsDialog::apply);

    auto *layout = new QVBoxLayout(this);
    auto *pages = new QHBoxLayout;
    pages->addWidget(m_categories);
    pages->addWidget(m_tabs, 1);
    layout->addLayout(pages, 1);
    auto *messageRow = new QHBoxLayout;
    messageRow->addWidget(m_message, 1);
    messageRow->addWidget(m_restart, 0, Qt::AlignVCenter);
    layout->addLayout(messageRow);
    layout->addWidget(m_buttons);
    load();
    if (m_settings)
        connect(m_settings, &Core::Settings::changed, this, [this](const QString &key) {
            for (SettingsPage *page : std::as_const(m_pages))
                page->changed(*m_settings, key);
        });
    // A scroll area asks for little room: open large enough for the largest page where the
    // screen allows, so scrolling is the exception.
    QSize largest;
    for (SettingsPage *page : std::as_const(m_pages))
        largest = largest.expandedTo(page->sizeHint());
    const QSize room = screen() ? screen()->availableSize() * 0.85 : QSize(1200, 800);
    resize(
        (largest + QSize(60 + m_categories->width(), 150)).boundedTo(room).expandedTo(sizeHint()));
    // Keyboard users start in the list of pages: Up and Down pick one, Tab enters it.
    m_categories->setFocus();
}

QWidget *SettingsDialog::addPage(SettingsPage *page, const QString &title)
{
    // Long pages scroll instead of growing the dialog past a laptop's screen.
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(page);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Not a stop of its own on the Tab chain: it scrolls to whichever field has the focus.
    scroll->setFocusPolicy(Qt::NoFocus);
    addTab(scroll, title);
    m_pages.append(page);
    return scroll;
}

void SettingsDialog::addTab(QWidget *page, const QString &title)
{
    m_tabs->addTab(page, title);
    // The list shows the name without its mnemonic: a list has no Alt+letter to offer.
    // Chinese titles carry it as "(&P)", the others as "&P"; "A&&B" keeps one "&".
    static const QRegularExpression bracketed(QStringLiteral("\\s*\\(&[^&)]\\)"));
    static const QRegularExpression mnemonic(QStringLiteral("&(?!&)"));
    m_categories->addItem(QString(title).remove(bracketed).remove(mnemonic));
    m_categories->setFixedWidth(m_categories->sizeHintForColumn(0) + 2 * m_categories->frameWidth()
        + fontMetrics().horizontalAdvance(QLatin1Char('M')) * 2);
    if (m_categories->currentRow() < 0)
        m_categories->setCurrentRow(0);
}

QLineEdit *SettingsDialog::tokenEdit() const
{
    return m_http->tokenEdit();
}

QLabel *SettingsDialog::httpStatusLabel() const
{
    return m_http->statusLabel();
}

void SettingsDialog::load()
{
    if (!m_settings)
        return;
    for (SettingsPage *page : std::as_const(m_pages))
        page->load(*m_settings);
}

void SettingsDialog::regenerateToken()
{
    m_http->regenerateToken();
}

void SettingsDialog::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->show();
}

bool SettingsDialog::apply()
{
    if (!m_settings)
        return false;
    // Every page is checked before any is written: a mistake loses nothing.
    for (SettingsPage *page : std::as_const(m_pages)) {
        const QString problem = page->check();
        if (!problem.isEmpty()) {
            m_tabs->setCurrentIndex(int(m_pages.indexOf(page)));
            page->check(); // again, now that it is shown: the field gets the focus
            showMessage(problem);
            return false;
        }
    }
    const bool languageChanged = m_general->language() != m_settings->language();
    const QString baseUrlBefore = m_settings->hopxBaseUrl();
    QString failed;
    SettingsPage *failedPage = nullptr;
    for (SettingsPage *page : std::as_const(m_pages)) {
        const QString problem = page->save(*m_settings);
        if (!problem.isEmpty() && failed.isEmpty()) {
            failed = problem;
            failedPage = page;
        }
    }
    if (failedPage) {
        m_tabs->setCurrentIndex(int(m_pages.indexOf(failedPage)));
        showMessage(failed);
        return false;
    }
    // Retranslating every open window and model live would touch each view for a choice made
    // once, and the cloud provider is built at start; a restart is cheap and always right.
    const bool baseUrlChanged = m_settings->hopxBaseUrl() != baseUrlBefore;
    if (languageChanged || baseUrlChanged) {
        const QString what = languageChanged && baseUrlChanged
            ? tr("The new language and HOPX base URL apply when HOPX Desktop starts again.")
            : languageChanged ? tr("The new language applies when HOPX Desktop starts again.")
                              : tr("The new HOPX base URL applies when HOPX Desktop starts "
                                   "again.");
        const QString sandboxes = Core::LocalSettings(m_settings).deleteOnQuit()
            ? tr("Local sandboxes are deleted (as set on the Local sandboxes page)")
            : tr("Programs running in local sandboxes stop; their files are kept");
        showMessage(tr("%1 Restart now? %2, and connected IDEs reconnect.").arg(what, sandboxes));
        m_restart->show();
        return true;
    }
    m_restart->hide();
    m_message->hide();
    return true;
}

} // namespace Hopx::Ui
