// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#include "ui/views/FirstRunPanel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Hopx::Ui {

FirstRunPanel::FirstRunPanel(QWidget *parent)
    : QWidget(parent)
    , m_ides(new QLabel(this))
    , m_connect(new QPushButton(tr("&Connect an IDE…"), this))
{
    setObjectName(QStringLiteral("sandboxesEmpty"));
    auto *intro = new QLabel(tr("<p><b>No sandboxes yet.</b></p><p>When an AI assistant creates "
                                "a sandbox through MCP, it shows up here with its status, "
                                "network, time left and resource use.</p>"),
        this);
    intro->setTextFormat(Qt::RichText);
    m_ides->setObjectName(QStringLiteral("firstRunIdes"));
    m_ides->setTextFormat(Qt::RichText);
    m_connect->setObjectName(QStringLiteral("firstRunConnectIde"));
    m_connect->setAccessibleName(tr("Connect an IDE"));
    connect(m_connect, &QPushButton::clicked, this, &FirstRunPanel::connectIdeRequested);
    for (QLabel *label : {intro, m_ides}) {
        label->setAlignment(Qt::AlignCenter);
        label->setWordWrap(true);
    }

    // The labels fill a centred column, added without an alignment flag: a layout gives an
    // aligned item its size hint and ignores its height for width, which clipped the wrapped
    // text to its first lines.
    auto *column = new QWidget(this);
    column->setMaximumWidth(560);
    auto *texts = new QVBoxLayout(column);
    texts->setContentsMargins(0, 0, 0, 0);
    texts->addWidget(intro);
    texts->addWidget(m_ides);
    texts->addSpacing(8);
    texts->addWidget(m_connect, 0, Qt::AlignHCenter);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(column, 4);
    row->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addLayout(row);
    layout->addStretch(1);
    setIdes({}, {});
}

void FirstRunPanel::setIdes(const QStringList &connected, const QStringList &notConnected)
{
    QStringList lines;
    if (connected.isEmpty())
        lines << tr("No IDE is connected yet: connect one and ask its assistant to run code.");
    else
        lines << tr("Connected: %1. Ask its assistant to run some Python.")
                     .arg(connected.join(QStringLiteral(", ")).toHtmlEscaped());
    if (!notConnected.isEmpty())
        lines << tr("Installed here, not connected yet: <b>%1</b>")
                     .arg(notConnected.join(QStringLiteral(", ")).toHtmlEscaped());
    m_ides->setText(QStringLiteral("<p>%1</p>").arg(lines.join(QStringLiteral("</p><p>"))));
}

} // namespace Hopx::Ui
