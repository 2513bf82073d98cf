// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include "ui/dialogs/ApiKeyTester.h"

#include <QDialog>
#include <QPointer>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace Hopx::Core {
class KeyStore;
}

namespace Hopx::Ui {

/*! \brief Paste a HOPX API key, test it, save it in the keychain or remove it; without a
 *  keychain, keep it in memory for this session (when the store is a SessionKeyStore). */
class ApiKeyDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApiKeyDialog)
public:
    ApiKeyDialog(Core::KeyStore *store, KeyTester tester, QWidget *parent = nullptr);

    QLineEdit *keyEdit() const { return m_key; }
    QPushButton *testButton() const { return m_test; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *removeButton() const { return m_remove; }
    //! Shown when no keychain runs and the store can keep a key for this session.
    QPushButton *sessionButton() const { return m_session; }
    QLabel *statusLabel() const { return m_status; }
    QLabel *resultLabel() const { return m_resultText; }
    //! True while a keychain or network operation runs.
    bool isBusy() const { return m_busy > 0; }

    //! Reads the keychain again and shows what is saved.
    void refresh();

    //! "hopx_live_…wxyz": enough to recognise a key, too little to use it.
    static QString masked(const QString &key);

protected:
    void showEvent(QShowEvent *event) override;

signals:
    //! After a successful save or removal.
    void keyChanged(bool present);

private:
    void test();
    void save();
    void removeKey();
    void keepForSession();
    void setKeychainUnavailable(bool unavailable);
    void showResult(bool ok, const QString &message);
    void setBusy(bool busy);
    void updateButtons();
    void fitHeight();

    QPointer<Core::KeyStore> m_store;
    KeyTester m_tester;
    QLabel *m_hint;
    QLabel *m_envNote;
    QLabel *m_status;
    QLineEdit *m_key;
    QCheckBox *m_show;
    QPushButton *m_test;
    QPushButton *m_save;
    QPushButton *m_remove;
    QPushButton *m_session;
    QLabel *m_resultIcon;
    QLabel *m_resultText;
    int m_busy = 0;
    bool m_hasSaved = false;
};

} // namespace Hopx::Ui
