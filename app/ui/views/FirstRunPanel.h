// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace Hopx::Ui {

/*! \brief What the empty Sandboxes view shows: where sandboxes come from, which IDEs already
 *  reach this app, which are installed but not connected, and the button that connects them.
 */
class FirstRunPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FirstRunPanel)
public:
    explicit FirstRunPanel(QWidget *parent = nullptr);

    //! IDE names: those whose config has our server, those installed whose config has not.
    void setIdes(const QStringList &connected, const QStringList &notConnected);
    QLabel *idesLabel() const { return m_ides; }
    QPushButton *connectButton() const { return m_connect; }

signals:
    void connectIdeRequested();

private:
    QLabel *m_ides;
    QPushButton *m_connect;
};

} // namespace Hopx::Ui
