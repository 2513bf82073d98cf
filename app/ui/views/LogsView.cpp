// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/views/LogsView.h"

#include "core/models/Format.h"
#include "core/models/LogFilterModel.h"
#include "core/models/LogModel.h"
#include "core/settings/NetworkLog.h"
#include "ui/Icons.h"
#include "ui/figures/FigureCache.h"
#include "ui/figures/FigureDialog.h"
#include "ui/figures/FigureStrip.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
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

// Levels in colour (and with a dot, so colour is not the only cue); a run's first figure as a
// thumbnail before its message, which a click opens large.
class LevelDelegate final : public QStyledItemDelegate
{
public:
    explicit LevelDelegate(LogsView *view)
        : QStyledItemDelegate(view)
        , m_view(view)
    { }

protected:
    bool editorEvent(QEvent *event, QAbstractItemModel *model, const QStyleOptionViewItem &option,
        const QModelIndex &index) override
    {
        if (event->type() == QEvent::MouseButtonRelease && index.column() == LogModel::Message
            && static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton) {
            QStyleOptionViewItem opt = option;
            initStyleOption(&opt, index);
            const QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
            const QRect thumbnail =
                style->subElementRect(QStyle::SE_ItemViewItemDecoration, &opt, opt.widget);
            if ((opt.features & QStyleOptionViewItem::HasDecoration)
                && thumbnail.contains(static_cast<QMouseEvent *>(event)->position().toPoint())) {
                m_view->openFigure(index, 0);
                return true;
            }
        }
        return QStyledItemDelegate::editorEvent(event, model, option, index);
    }

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
        if (index.column() == LogModel::Message) {
            const QPixmap thumbnail = m_view->rowThumbnail(index);
            if (!thumbnail.isNull()) {
                // The same picture when selected: a figure tinted by the selection misleads.
                option->icon = QIcon(thumbnail);
                option->icon.addPixmap(thumbnail, QIcon::Selected);
                option->features |= QStyleOptionViewItem::HasDecoration;
                option->decorationSize = thumbnail.deviceIndependentSize().toSize();
            }
        }
        const bool plain =
            LogEntry::Level(index.data(LogModel::LevelRole).toInt()) == LogEntry::Level::Info;
        if (!plain && !(option->state & QStyle::State_Selected))
            option->palette.setColor(QPalette::Text, color);
    }

private:
    LogsView *m_view;
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
    , m_figures(new FigureCache(this))
    , m_figureStrip(new FigureStrip(m_figures, this))
    , m_status(new QLabel(this))
    , m_allowHost(new QPushButton(this))
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
    m_table->setItemDelegate(new LevelDelegate(this));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->setTabKeyNavigation(false);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->verticalHeader()->hide();
    // Thousands of rows: fixed heights keep scrolling and inserts cheap.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    const int rowHeight = m_table->fontMetrics().height() + 6;
    m_table->verticalHeader()->setDefaultSectionSize(rowHeight);
    m_figures->setRowSize(QSize(2 * (rowHeight - 4), rowHeight - 4), devicePixelRatioF());
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

    // The selected run's figures, beside its code and output.
    connect(m_figureStrip, &FigureStrip::figureClicked, this,
        [this](int figure) { openFigure(m_table->currentIndex(), figure); });
    connect(m_figures, &FigureCache::thumbnailReady, this, [this] {
        m_table->viewport()->update();
        m_figureStrip->refresh();
    });
    // The log drops the images of older runs: the selected one may be among them.
    connect(m_model, &QAbstractItemModel::dataChanged, this,
        [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
            const int row = m_filter->mapToSource(m_table->currentIndex()).row();
            if (row >= topLeft.row() && row <= bottomRight.row())
                showDetail();
        });
    connect(m_table, &QAbstractItemView::activated, this,
        [this](const QModelIndex &index) { openFigure(index, 0); });

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

    auto *detailPane = new QWidget(this);
    auto *detailLayout = new QHBoxLayout(detailPane);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_detail, 1);
    detailLayout->addWidget(m_figureStrip);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(detailPane);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    m_status->setObjectName(QStringLiteral("logStatus"));
    m_allowHost->setObjectName(QStringLiteral("logAllowHost"));
    m_allowHost->setToolTip(tr("Let this sandbox connect to the host its network allowlist "
                               "refused, from now on"));
    m_allowHost->hide();
    connect(m_allowHost, &QPushButton::clicked, this, [this] {
        if (!m_allowHostFor.second.isEmpty())
            emit allowHostRequested(m_allowHostFor.first, m_allowHostFor.second);
    });
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_allowHost);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(splitter, 1);
    layout->addLayout(bottom);
    // Reading order: the filters, then the table and the selected line.
    QWidget *order[] = {m_sandbox, m_client, m_level, m_search, m_follow, m_export, m_clear,
        m_table, m_detail, m_figureStrip, m_allowHost};
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

const LogEntry *LogsView::entryAt(const QModelIndex &index) const
{
    const QModelIndex source = m_filter->mapToSource(index);
    return source.isValid() ? &m_model->entry(source.row()) : nullptr;
}

QPixmap LogsView::rowThumbnail(const QModelIndex &index) const
{
    const LogEntry *e = entryAt(index);
    if (!e || e->figures.isEmpty() || e->figures.first().data.isEmpty())
        return {};
    return m_figures->thumbnail(e->figures.first(), FigureCache::Size::Row);
}

FigureDialog *LogsView::figureDialog() const
{
    return m_dialog;
}

const QList<QToolButton *> &LogsView::figureButtons() const
{
    return m_figureStrip->buttons();
}

void LogsView::openFigure(const QModelIndex &index, int figure)
{
    const LogEntry *e = entryAt(index);
    if (!e || figure < 0 || figure >= e->figures.size())
        return;
    if (m_dialog)
        m_dialog->close();
    const QString caption =
        tr("%1 at %2").arg(LogModel::sourceOf(*e), e->time.toString(QStringLiteral("HH:mm:ss")));
    m_dialog = new FigureDialog(m_figures, e->figures, figure, caption, this);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog->show();
}

void LogsView::showDetail()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_detail->clear();
        m_figureStrip->setFigures({});
        m_allowHost->hide();
        m_allowHostFor = {};
        return;
    }
    const LogEntry &e = *entryAt(current);
    // Only the proxy's own lines: a sandboxed program can print the same words on stdout.
    const QString deniedHost = e.sandboxId.isEmpty() || e.stream != QLatin1String("network")
        ? QString()
        : Core::NetworkLog::allowableHostOf(e.message);
    m_allowHostFor = {e.sandboxId, deniedHost};
    m_allowHost->setText(tr("Allow %1 for this sandbox").arg(deniedHost));
    m_allowHost->setVisible(!deniedHost.isEmpty());
    m_figureStrip->setFigures(e.figures);
    QString text = e.detail.isEmpty() ? e.message : e.detail;
    if (!e.sandboxId.isEmpty())
        text = tr("Sandbox: %1").arg(e.sandboxId) + QLatin1Char('\n') + text;
    if (!e.client.isEmpty())
        text = tr("Client: %1").arg(e.client) + QLatin1Char('\n') + text;
    m_detail->setPlainText(text);
}

Core::Result<Core::Unit> LogsView::exportTo(const QString &path) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
        return Core::Error::make(Core::Error::Code::Internal, file.errorString());
    m_model->flush();
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const int source = m_filter->mapToSource(m_filter->index(row, 0)).row();
        file.write(m_model->toText(source).toUtf8());
        file.write("\n");
    }
    if (!file.commit())
        return Core::Error::make(Core::Error::Code::Internal, file.errorString());
    return Core::Unit {};
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
    const auto exported = exportTo(path);
    if (exported)
        m_status->setText(tr("Exported to %1").arg(path));
    else
        m_status->setText(tr("Could not export: %1").arg(exported.error().message));
}

} // namespace Hopx::Ui
