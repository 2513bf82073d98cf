// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/views/SandboxesView.h"

#include "core/models/Format.h"
#include "core/models/SandboxFacts.h"
#include "core/models/SandboxListModel.h"
#include "ui/Icons.h"
#include "ui/views/FirstRunPanel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace Hopx::Ui {

using Core::SandboxListModel;

namespace {

// A coloured dot before the status: running, paused, stopped and dead are told apart at a glance.
class StatusDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const auto status = index.data(SandboxListModel::StatusRole).value<Core::SandboxStatus>();
        QColor color = Icons::inactive();
        switch (status.state()) {
        case Core::SandboxStatus::Running:
            color = Icons::ok();
            break;
        case Core::SandboxStatus::Paused:
        case Core::SandboxStatus::Creating:
            color = Icons::warning();
            break;
        case Core::SandboxStatus::Dead:
        case Core::SandboxStatus::Unavailable: // on disk, but needs the user (its tooltip says)
            color = Icons::error();
            break;
        default:
            break;
        }
        option->icon = Icons::dot(color);
        option->features |= QStyleOptionViewItem::HasDecoration;
        option->decorationSize = QSize(12, 12);
    }
};

} // namespace

SandboxesView::SandboxesView(SandboxListModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_proxy(new QSortFilterProxyModel(this))
    , m_stack(new QStackedWidget(this))
    , m_table(new QTableView(this))
    , m_filter(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_firstRun(new FirstRunPanel(this))
{
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(SandboxListModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);

    m_table->setObjectName(QStringLiteral("sandboxTable"));
    m_table->setAccessibleName(tr("Sandboxes"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(SandboxListModel::Age, Qt::AscendingOrder);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTabKeyNavigation(false); // Tab leaves the table, arrows move inside it
    m_table->verticalHeader()->hide();
    // Fixed row heights and no ResizeToContents: both would measure every row on each tick.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->setItemDelegateForColumn(SandboxListModel::Status, new StatusDelegate(m_table));
    fitColumns();
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, &SandboxesView::showContextMenu);
    connect(m_table, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex &index) {
        emit showLogsRequested(index.data(SandboxListModel::IdRole).toString());
    });

    m_filter->setObjectName(QStringLiteral("sandboxFilter"));
    m_filter->setPlaceholderText(tr("Filter by id, template, status…"));
    m_filter->setAccessibleName(tr("Filter sandboxes"));
    m_filter->setClearButtonEnabled(true);
    connect(
        m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);

    // Actions: buttons, the context menu and keyboard shortcuts share them.
    m_delete = new QAction(tr("&Delete"), this);
    m_delete->setShortcut(QKeySequence::Delete);
    m_delete->setToolTip(tr("Delete the selected sandboxes (Del)"));
    m_copy = new QAction(tr("&Copy ID"), this);
    m_copy->setShortcut(QKeySequence::Copy);
    m_copy->setToolTip(tr("Copy the selected ids to the clipboard (Ctrl+C)"));
    m_workspace = new QAction(tr("Open &workspace"), this);
    m_workspace->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    m_workspace->setToolTip(tr("Open the local sandbox's /workspace folder (Ctrl+O)"));
    m_logs = new QAction(tr("Show &logs"), this);
    m_logs->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_logs->setToolTip(tr("Show this sandbox's log (Ctrl+L)"));
    for (QAction *a : {m_delete, m_copy, m_workspace, m_logs}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    m_extendMenu = new QMenu(tr("E&xtend timeout"), this);
    m_extendMenu->setObjectName(QStringLiteral("extendMenu"));
    const QList<QPair<QString, int>> extensions {
        {tr("+15 minutes"), 15 * 60}, {tr("+1 hour"), 3600}, {tr("+4 hours"), 4 * 3600}};
    for (const auto &[label, seconds] : extensions) {
        const int s = seconds;
        m_extendMenu->addAction(label, this, [this, s] { emit extendRequested(selectedIds(), s); });
    }

    connect(m_delete, &QAction::triggered, this, [this] { confirmDelete(selectedIds()); });
    connect(m_copy, &QAction::triggered, this,
        [this] { QApplication::clipboard()->setText(selectedIds().join(QLatin1Char('\n'))); });
    connect(m_workspace, &QAction::triggered, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            emit openWorkspaceRequested(
                rows.first().data(SandboxListModel::WorkspaceRole).toString());
    });
    connect(m_logs, &QAction::triggered, this, [this] {
        const QStringList ids = selectedIds();
        if (!ids.isEmpty())
            emit showLogsRequested(ids.first());
    });

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_filter, 1);
    buttons->addWidget(m_count);
    auto addButton = [&](QAction *action, const char *name) {
        auto *b = new QPushButton(action->text(), this);
        b->setObjectName(QLatin1String(name));
        b->setToolTip(action->toolTip());
        b->setAccessibleName(QString(action->text()).remove(QLatin1Char('&')));
        connect(b, &QPushButton::clicked, action, &QAction::trigger);
        connect(action, &QAction::changed, b, [b, action] { b->setEnabled(action->isEnabled()); });
        b->setEnabled(action->isEnabled());
        buttons->addWidget(b);
        return b;
    };
    QPushButton *logsButton = addButton(m_logs, "showLogsButton");
    QPushButton *copyButton = addButton(m_copy, "copyIdButton");
    QPushButton *workspaceButton = addButton(m_workspace, "openWorkspaceButton");
    m_extendButton = new QPushButton(m_extendMenu->title(), this);
    m_extendButton->setObjectName(QStringLiteral("extendButton"));
    m_extendButton->setAccessibleName(tr("Extend timeout"));
    m_extendButton->setMenu(m_extendMenu);
    buttons->addWidget(m_extendButton);
    QPushButton *deleteButton = addButton(m_delete, "deleteButton");

    // Empty (the first run): where sandboxes come from, and the way to connect an IDE.
    connect(
        m_firstRun, &FirstRunPanel::connectIdeRequested, this, &SandboxesView::connectIdeRequested);
    m_stack->addWidget(m_firstRun);
    m_stack->addWidget(m_table);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_stack, 1);
    // Reading order: the filter and the buttons above, then the table.
    QWidget *order[] = {
        m_filter, logsButton, copyButton, workspaceButton, m_extendButton, deleteButton, m_table};
    for (size_t i = 1; i < std::size(order); ++i)
        setTabOrder(order[i - 1], order[i]);

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
        &SandboxesView::updateActions);
    // Selection holds across updates (no resets), but actions depend on the rows' state.
    connect(m_model, &QAbstractItemModel::dataChanged, this,
        [this](const QModelIndex &, const QModelIndex &, const QList<int> &roles) {
            // Resource samples and clock ticks do not change what the actions can do.
            if (roles.isEmpty() || roles.contains(SandboxListModel::StatusRole)
                || roles.contains(SandboxListModel::WorkspaceRole))
                updateActions();
        });
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &SandboxesView::updateActions);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &SandboxesView::updateActions);
    updateActions();
}

void SandboxesView::fitColumns()
{
    // Widths from the longest value each column can show in this language: measuring the
    // rows instead (ResizeToContents) would walk 1,000 of them on every countdown tick.
    const QFontMetrics fm = m_table->fontMetrics();
    const QFontMetrics hfm = m_table->horizontalHeader()->fontMetrics();
    // The cell's own margins and a little air; more, summed over 13 columns, pushes Disk out.
    const int pad = fm.horizontalAdvance(QLatin1Char('M')) + 2;
    const QDateTime now = QDateTime::currentDateTime();
    using F = Core::Format;
    const QList<QStringList> samples {m_model->providerNames(),
        {QStringLiteral("local-0123456789ab")}, {QStringLiteral("local-0123456789ab")},
        {QStringLiteral("code-interpreter")},
        {SandboxListModel::statusName(Core::SandboxStatus::Creating),
            SandboxListModel::statusName(Core::SandboxStatus::Running),
            SandboxListModel::statusName(Core::SandboxStatus::Paused),
            SandboxListModel::statusName(Core::SandboxStatus::Stopped),
            SandboxListModel::statusName(Core::SandboxStatus::Dead),
            SandboxListModel::statusName(Core::SandboxStatus::Unavailable)},
        Core::SandboxFacts::networkSamples(), {QStringLiteral("GITHUB_TOKEN")},
        {F::duration(23 * 3600 + 59 * 60), F::duration(9 * 86400 + 23 * 3600)},
        {F::countdown(9 * 3600 + 59 * 60 + 59), F::countdown(-1)},
        {F::ago(now.addSecs(-59 * 60), now), F::ago(now.addSecs(-59), now)},
        {QStringLiteral("100 %")}, {F::bytes(1023LL * 1024 * 1024 + 900 * 1024 * 1024 / 1000)},
        {SandboxListModel::diskText(1023LL * 1024 * 1024 + 900 * 1024 * 1024 / 1000, 20LL << 30)}};
    for (int c = 0; c < SandboxListModel::ColumnCount; ++c) {
        int w = hfm.horizontalAdvance(m_model->headerData(c, Qt::Horizontal).toString())
            + 20; // sort arrow
        // A fork's parent and the secrets are rare and long: their header's width, the rest
        // elided (the tooltip has it all), so that Memory and Disk stay in a 1,180 px window.
        const bool narrow = c == SandboxListModel::Parent || c == SandboxListModel::Secrets;
        for (const QString &s : narrow ? QStringList() : samples.at(c))
            w = std::max(
                w, fm.horizontalAdvance(s) + pad + (c == SandboxListModel::Status ? 18 : 0));
        m_table->setColumnWidth(c, w);
    }
    // What a wide window has left over goes to Disk, the last; an Id that stretched instead
    // was squeezed to nothing whenever the other columns' sum came near the window's width.
    m_table->horizontalHeader()->setStretchLastSection(true);
}

QStringList SandboxesView::selectedIds() const
{
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
        [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QStringList ids;
    for (const QModelIndex &i : rows)
        ids << i.data(SandboxListModel::IdRole).toString();
    return ids;
}

void SandboxesView::selectId(const QString &id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    m_table->selectionModel()->select(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
    m_table->scrollTo(index);
}

void SandboxesView::updateActions()
{
    const int total = m_model->rowCount();
    m_stack->setCurrentIndex(total > 0 ? 1 : 0);
    m_count->setText(tr("%n sandbox(es)", nullptr, total));
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const bool any = !rows.isEmpty();
    m_delete->setEnabled(any);
    m_copy->setEnabled(any);
    m_extendButton->setEnabled(any);
    m_logs->setEnabled(rows.size() == 1);
    m_workspace->setEnabled(rows.size() == 1
        && !rows.first().data(SandboxListModel::WorkspaceRole).toString().isEmpty());
}

void SandboxesView::confirmDelete(const QStringList &ids)
{
    if (ids.isEmpty())
        return;
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Delete sandboxes"),
        ids.size() == 1
            ? tr("Delete sandbox %1? Everything in it is lost.").arg(ids.first())
            : tr("Delete %n sandboxes? Everything in them is lost.", nullptr, int(ids.size())),
        QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("confirmDelete"));
    QPushButton *yes = box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, ids, yes](QAbstractButton *b) {
        if (b == yes)
            emit deleteRequested(ids);
    });
    box->open();
}

void SandboxesView::showContextMenu(const QPoint &pos)
{
    if (!m_table->indexAt(pos).isValid())
        return;
    QMenu menu(this);
    menu.addAction(m_logs);
    menu.addAction(m_copy);
    menu.addAction(m_workspace);
    menu.addMenu(m_extendMenu);
    menu.addSeparator();
    menu.addAction(m_delete);
    menu.exec(m_table->viewport()->mapToGlobal(pos));
}

} // namespace Hopx::Ui
