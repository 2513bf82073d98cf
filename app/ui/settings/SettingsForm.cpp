// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/settings/SettingsForm.h"

#include <QDir>
#include <QFontMetrics>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace Hopx::Ui::SettingsForm {

QSpinBox *spin(QWidget *parent, int min, int max, int step, const QString &suffix,
    const QString &accessibleName)
{
    auto *box = new QSpinBox(parent);
    box->setRange(min, max);
    box->setSingleStep(step);
    box->setSuffix(suffix);
    box->setAccessibleName(accessibleName);
    box->setAlignment(Qt::AlignRight);
    return box;
}

QLabel *buddyLabel(QWidget *parent, const QString &text, QWidget *buddy)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

QLabel *note(QWidget *parent, const QString &text)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    QFont small = label->font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    label->setFont(small);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

QFormLayout *formAtTop(QWidget *page)
{
    auto *column = new QVBoxLayout(page);
    auto *form = new QFormLayout;
    column->addLayout(form);
    column->addStretch(1);
    return form;
}

void addRow(QFormLayout *form, const QString &label, QWidget *field)
{
    form->addRow(buddyLabel(field->parentWidget(), label, field), field);
}

void addNote(QFormLayout *form, const QString &text)
{
    form->addRow(QString(), note(form->parentWidget(), text));
}

QPlainTextEdit *lineList(QWidget *parent, const QString &objectName, const QString &accessibleName)
{
    auto *edit = new QPlainTextEdit(parent);
    edit->setObjectName(objectName);
    edit->setAccessibleName(accessibleName);
    edit->setTabChangesFocus(true); // a form field: Tab moves on
    edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    edit->setFixedHeight(edit->fontMetrics().lineSpacing() * 4 + 12);
    return edit;
}

void setLines(QPlainTextEdit *edit, const QStringList &list)
{
    edit->setPlainText(list.join(QLatin1Char('\n')));
}

QStringList lines(const QPlainTextEdit *edit)
{
    QStringList out;
    for (const QString &line : edit->toPlainText().split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            out << trimmed;
    }
    return out;
}

void addPathListRow(QFormLayout *form, const QString &label, QPlainTextEdit *list, QPushButton *add,
    const std::function<QString()> &choose)
{
    QObject::connect(add, &QPushButton::clicked, list, [list, choose] {
        const QString path = choose();
        if (!path.isEmpty())
            list->appendPlainText(QDir::cleanPath(path));
    });
    auto *column = new QVBoxLayout;
    column->addWidget(list);
    column->addWidget(add, 0, Qt::AlignLeft);
    form->addRow(buddyLabel(list->parentWidget(), label, list), column);
}

} // namespace Hopx::Ui::SettingsForm
