// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

// The pieces every settings page is built from, so they look and read alike.

#include <QStringList>

#include <functional>

class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QString;
class QWidget;

namespace Hopx::Ui::SettingsForm {

QSpinBox *spin(QWidget *parent, int min, int max, int step, const QString &suffix,
    const QString &accessibleName);
//! A form label whose mnemonic focuses \a buddy, so every field is reachable by keyboard.
QLabel *buddyLabel(QWidget *parent, const QString &text, QWidget *buddy);
//! A smaller, quieter line under a field that says what it does.
QLabel *note(QWidget *parent, const QString &text);
//! Adds "label: field" to \a form.
void addRow(QFormLayout *form, const QString &label, QWidget *field);
/*! The page's form, its rows at their natural height at the top and the space left over below
 *  them: a bare form spreads its rows over a tall dialog when one of them can grow. */
QFormLayout *formAtTop(QWidget *page);
//! Adds a note() under the last row of \a form.
void addNote(QFormLayout *form, const QString &text);

//! A list edited one entry per line (hosts, folders, "name=address" pairs).
QPlainTextEdit *lineList(QWidget *parent, const QString &objectName, const QString &accessibleName);
void setLines(QPlainTextEdit *edit, const QStringList &lines);
//! The non-empty lines, trimmed.
QStringList lines(const QPlainTextEdit *edit);
/*! \a list with \a add under it, as one row of \a form labelled \a label: \a add appends the
 *  path \a choose returns (a file dialog), cleaned; nothing when it returns "" (cancelled). */
void addPathListRow(QFormLayout *form, const QString &label, QPlainTextEdit *list, QPushButton *add,
    const std::function<QString()> &choose);

} // namespace Hopx::Ui::SettingsForm
