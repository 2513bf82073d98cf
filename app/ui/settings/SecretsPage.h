// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;

namespace Hopx::Core {
class SecretStore;
}

namespace Hopx::Ui {

/*! \brief Settings → Secrets: named secrets that sandboxes use through the egress proxy.
 *
 * Each secret's name, hosts and options are listed; its value is typed once and never shown
 * again (the field is cleared after saving, and a stored secret's value is never read back
 * into the form). Changes go to the SecretStore at once, not with the dialog's OK: removing a
 * secret must stop its substitution in running sandboxes immediately.
 */
class SecretsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SecretsPage)
public:
    explicit SecretsPage(Core::SecretStore *store, QWidget *parent = nullptr);

    QTreeWidget *list() const { return m_list; }
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *hostsEdit() const { return m_hosts; }
    QLineEdit *valueEdit() const { return m_value; }
    QLabel *messageLabel() const { return m_message; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *removeButton() const { return m_remove; }
    QPushButton *testButton() const { return m_test; }

    //! Stores the form's secret (value included); the answer shows in messageLabel().
    void save();
    //! Forgets the selected secret.
    void removeSelected();
    //! Checks that the selected secret's value can be read from the keychain.
    void testSelected();

private:
    void reload();
    void showSelected();
    void say(const QString &text, bool error);
    QString selectedName() const;

    QPointer<Core::SecretStore> m_store;
    QTreeWidget *m_list;
    QLineEdit *m_name;
    QLineEdit *m_hosts;
    QLineEdit *m_value;
    QCheckBox *m_inQuery;
    QCheckBox *m_inBody;
    QCheckBox *m_alwaysAllow;
    QPushButton *m_save;
    QPushButton *m_remove;
    QPushButton *m_test;
    QLabel *m_message;
};

} // namespace Hopx::Ui
