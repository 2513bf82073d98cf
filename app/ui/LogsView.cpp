// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "LogsView.h"

#include "Icons.h"
#include "core/models/LogFilterModel.h"
#include "core/models/LogModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace Hopx::Ui {

using Core::LogEntry;
using Core::LogModel;

namespace {

// Levels in colour (and with a dot, so colour is not the only cue).
class LevelDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        QColor color;
        switch (LogEntry::Level(index.data(LogModel::LevelRole).toInt())) {
        case LogEntry::Level::Error:
            color = Icons::error();
            break;
        case LogEntry::Level::Warning:
            color = Icons::warning();
            break;
        case LogEntry::Level::Debug:
            color = Icons::inactive();
            break;
        case LogEntry::Level::Info:
            color = Icons::info();
            break;
        }
        if (index.column() == LogModel::Level) {
            option->icon = Icons::dot(color);
            option->features |= QStyleOptionViewItem::HasDecoration;
            option->decorationSize = QSize(12, 12);
        }
        const bool plain =
            LogEntry::Level(index.data(LogModel::LevelRole).toInt()) == LogEntry::Level::Info;
        if (!plain && !(option->state & QStyle::State_Selected))
            option->palette.setColor(QPalette::Text, color);
    }
};

} // namespace

LogsView::LogsView(LogModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_filter(new Core::LogFilterModel(this))
    , m_sandbox(new QComboBox(this))
    , m_client(new QComboBox(this))
    , m_level(new QComboBox(this))
    , m_search(new QLineEdit(this))
    , m_follow(new QCheckBox(tr("&Follow"), this))
    , m_export(new QPushButton(tr("&Export…"), this))
    , m_clear(new QPushButton(tr("C&lear"), this))
    , m_table(new QTableView(this))
    , m_detail(new QPlainTextEdit(this))
    , m_status(new QLabel(this))
{
    m_filter->setSourceModel(model);

    m_sandbox->setObjectName(QStringLiteral("logSandboxFilter"));
    m_sandbox->setAccessibleName(tr("Sandbox filter"));
    m_sandbox->addItem(tr("All sandboxes"), QString());
    m_sandbox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_client->setObjectName(QStringLiteral("logClientFilter"));
    m_client->setAccessibleName(tr("Client filter"));
    m_client->addItem(tr("All clients"), QString());
    m_client->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_level->setObjectName(QStringLiteral("logLevelFilter"));
    m_level->setAccessibleName(tr("Level filter"));
    m_level->addItem(tr("All levels, with debug"), int(LogEntry::Level::Debug));
    m_level->addItem(tr("Info and above"), int(LogEntry::Level::Info));
    m_level->addItem(tr("Warnings and errors"), int(LogEntry::Level::Warning));
    m_level->addItem(tr("Errors only"), int(LogEntry::Level::Error));
    m_level->setCurrentIndex(1);
    m_search->setObjectName(QStringLiteral("logSearch"));
    m_search->setPlaceholderText(tr("Search the log"));
    m_search->setAccessibleName(tr("Search the log"));
    m_search->setClearButtonEnabled(true);
    m_follow->setObjectName(QStringLiteral("logFollow"));
    m_follow->setChecked(true);
    m_follow->setToolTip(tr("Keep the newest line in view while you are at the bottom"));
    m_export->setObjectName(QStringLiteral("logExport"));
    m_export->setToolTip(tr("Save the lines shown to a text file"));
    m_clear->setObjectName(QStringLiteral("logClear"));
    m_clear->setToolTip(tr("Remove every line from the log"));

    connect(m_sandbox, &QComboBox::currentIndexChanged, this,
        [this] { m_filter->setSandbox(m_sandbox->currentData().toString()); });
    connect(m_client, &QComboBox::currentIndexChanged, this,
        [this] { m_filter->setClient(m_client->currentData().toString()); });
    connect(m_level, &QComboBox::currentIndexChanged, this,
        [this] { m_filter->setMinimumLevel(LogEntry::Level(m_level->currentData().toInt())); });
    connect(m_search, &QLineEdit::textChanged, m_filter, &Core::LogFilterModel::setSearchText);
    connect(m_export, &QPushButton::clicked, this, &LogsView::exportWithDialog);
    connect(m_clear, &QPushButton::clicked, m_model, &LogModel::clear);
    connect(m_follow, &QCheckBox::toggled, this, [this](bool on) {
        if (on)
            m_table->scrollToBottom();
    });

    m_table->setObjectName(QStringLiteral("logTable"));
    m_table->setAccessibleName(tr("Log"));
    m_table->setModel(m_filter);
    m_table->setItemDelegate(new LevelDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->setTabKeyNavigation(false);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->verticalHeader()->hide();
    // Thousands of rows: fixed heights keep scrolling and inserts cheap.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    // Widths from what the columns hold in this language, not guesses.
    const QFontMetrics fm = m_table->fontMetrics();
    const int em = fm.horizontalAdvance(QLatin1Char('M'));
    m_table->setColumnWidth(
        LogModel::Time, fm.horizontalAdvance(QStringLiteral("00:00:00.000")) + em);
    int level = 0;
    for (auto l : {LogEntry::Level::Debug, LogEntry::Level::Info, LogEntry::Level::Warning,
             LogEntry::Level::Error})
        level = std::max(level, fm.horizontalAdvance(LogModel::levelName(l)));
    m_table->setColumnWidth(LogModel::Level, level + 12 + 2 * em);
    m_table->setColumnWidth(LogModel::Source, 14 * em);

    m_detail->setObjectName(QStringLiteral("logDetail"));
    m_detail->setAccessibleName(tr("Selected log line in full"));
    m_detail->setReadOnly(true);
    m_detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detail->setPlaceholderText(tr("Select a line to see all of it: the code that ran, the "
                                    "whole output line, the error."));
    m_detail->setTabChangesFocus(true);

    // Follow only while the user is at the bottom: reading older lines must not be interrupted.
    connect(m_filter, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
        const QScrollBar *bar = m_table->verticalScrollBar();
        m_atBottom = bar->value() >= bar->maximum() - 2;
    });
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_follow->isChecked() && m_atBottom)
            m_table->scrollToBottom();
    });
    connect(m_model, &QAbstractItemModel::rowsInserted, this,
        [this](const QModelIndex &, int first, int last) { noteSources(first, last); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &LogsView::showDetail);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_sandbox);
    filters->addWidget(m_client);
    filters->addWidget(m_level);
    filters->addWidget(m_search, 1);
    filters->addWidget(m_follow);
    filters->addWidget(m_export);
    filters->addWidget(m_clear);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    m_status->setObjectName(QStringLiteral("logStatus"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);
    // Reading order: the filters, then the table and the selected line.
    QWidget *order[] = {
        m_sandbox, m_client, m_level, m_search, m_follow, m_export, m_clear, m_table, m_detail};
    for (size_t i = 1; i < std::size(order); ++i)
        setTabOrder(order[i - 1], order[i]);

    auto updateStatus = [this] {
        m_status->setText(tr("%1 of %2 lines shown (the log keeps the newest %3)")
                              .arg(m_filter->rowCount())
                              .arg(m_model->rowCount())
                              .arg(m_model->maxRows()));
    };
    connect(m_model, &LogModel::flushed, this, updateStatus);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, updateStatus);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, updateStatus);
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, updateStatus);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, updateStatus);
    connect(m_filter, &QAbstractItemModel::modelReset, this, updateStatus);
    updateStatus();
    noteSources(0, m_model->rowCount() - 1);
}

void LogsView::addChoice(QComboBox *combo, QSet<QString> &known, const QString &value)
{
    if (value.isEmpty() || known.contains(value))
        return;
    known.insert(value);
    combo->addItem(value, value);
}

void LogsView::noteSources(int first, int last)
{
    for (int row = first; row <= last && row >= 0; ++row) {
        const LogEntry &e = m_model->entry(row);
        addChoice(m_sandbox, m_knownSandboxes, e.sandboxId);
        addChoice(m_client, m_knownClients, e.client);
    }
}

void LogsView::setSandboxFilter(const QString &sandboxId)
{
    addChoice(m_sandbox, m_knownSandboxes, sandboxId);
    const int index = m_sandbox->findData(sandboxId);
    m_sandbox->setCurrentIndex(index < 0 ? 0 : index);
}

void LogsView::showDetail()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_detail->clear();
        return;
    }
    const QModelIndex source = m_filter->mapToSource(current);
    const LogEntry &e = m_model->entry(source.row());
    QString text = e.detail.isEmpty() ? e.message : e.detail;
    if (!e.sandboxId.isEmpty())
        text = tr("Sandbox: %1").arg(e.sandboxId) + QLatin1Char('\n') + text;
    if (!e.client.isEmpty())
        text = tr("Client: %1").arg(e.client) + QLatin1Char('\n') + text;
    m_detail->setPlainText(text);
}

bool LogsView::exportTo(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    m_model->flush();
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const int source = m_filter->mapToSource(m_filter->index(row, 0)).row();
        file.write(m_model->toText(source).toUtf8());
        file.write("\n");
    }
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void LogsView::exportWithDialog()
{
    const QString suggested = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
        + QStringLiteral("/hopx-log-")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))
        + QStringLiteral(".txt");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export log"), suggested, tr("Text files (*.txt *.log)"));
    if (path.isEmpty())
        return;
    QString error;
    if (exportTo(path, &error))
        m_status->setText(tr("Exported to %1").arg(path));
    else
        m_status->setText(tr("Could not export: %1").arg(error));
}

} // namespace Hopx::Ui
