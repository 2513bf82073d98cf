// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QSet>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace Hopx::Core {
class LogModel;
class LogFilterModel;
} // namespace Hopx::Core

namespace Hopx::Ui {

/*! \brief The Logs tab: filters, the log table with follow-tail, the selected line in full. */
class LogsView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LogsView)
public:
    explicit LogsView(Core::LogModel *model, QWidget *parent = nullptr);

    Core::LogFilterModel *filter() const { return m_filter; }
    QTableView *table() const { return m_table; }
    QCheckBox *followCheck() const { return m_follow; }

    //! Shows only this sandbox's lines (empty = all).
    void setSandboxFilter(const QString &sandboxId);
    //! Writes the lines that pass the filters, as text; returns false with `error` set.
    bool exportTo(const QString &path, QString *error = nullptr) const;

private:
    void noteSources(int first, int last);
    void addChoice(QComboBox *combo, QSet<QString> &known, const QString &value);
    void showDetail();
    void exportWithDialog();

    Core::LogModel *m_model;
    Core::LogFilterModel *m_filter;
    QComboBox *m_sandbox;
    QComboBox *m_client;
    QComboBox *m_level;
    QLineEdit *m_search;
    QCheckBox *m_follow;
    QPushButton *m_export;
    QPushButton *m_clear;
    QTableView *m_table;
    QPlainTextEdit *m_detail;
    QLabel *m_status;
    QSet<QString> m_knownSandboxes;
    QSet<QString> m_knownClients;
    bool m_atBottom = true;
};

} // namespace Hopx::Ui
