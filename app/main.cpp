// SPDX-FileCopyrightText: 2026 HOPX Desktop developers
// SPDX-License-Identifier: MIT
// hopx-desktop's composition root: the command line, the one-shot commands, the services, the
// GUI. The test-only hopx-desktop-testserver is this wiring too, plus its AppExtension.
#include "AppCommandLine.h"
#include "AppCommands.h"
#include "AppExtension.h"
#include "AppServices.h"
#include "AppState.h"
#include "core/base/ProcessSetup.h"
#include "core/base/UnixSignalWatcher.h"
#ifdef HOPX_HAVE_GUI
#include "ui/GuiApplication.h"
#endif

#include <QCoreApplication>
#include <QLoggingCategory>

#include <memory>

Q_LOGGING_CATEGORY(lcApp, "hopx.app", QtInfoMsg)

using namespace Hopx;

int main(int argc, char *argv[])
{
    Core::setUpProcess();
#ifdef HOPX_HAVE_GUI // with a display and without --headless, the tray app's QApplication
    const bool gui = Ui::GuiApplication::wantsGui(argc, argv);
    const std::unique_ptr<QCoreApplication> app =
        Ui::GuiApplication::createApplication(argc, argv, gui);
#else
    const bool gui = false;
    const auto app = std::make_unique<QCoreApplication>(argc, argv);
#endif
    const std::unique_ptr<AppExtension> extension = createAppExtension();
    AppCommandLine cli(*extension);
    cli.process(*app);
    if (const std::optional<int> exitCode = AppCommands::runWithoutState(cli))
        return *exitCode;
    // First thing before any state: a SIGTERM that arrives while we start must still shut
    // down cleanly (socket removed, sandboxes gone), not kill us half-way.
    Core::UnixSignalWatcher signals_;
    QObject::connect(
        &signals_, &Core::UnixSignalWatcher::terminationRequested, app.get(), [](int sig) {
            qCInfo(lcApp) << "signal" << sig << "- shutting down";
            QCoreApplication::quit();
        });
    AppState state(cli.noKeychain());
    if (const std::optional<int> exitCode = AppCommands::runWithState(cli, state))
        return *exitCode;
    AppServices services(cli, state, *extension);
    if (const std::optional<int> exitCode = services.listen(gui))
        return *exitCode;
#ifdef HOPX_HAVE_GUI // the tray and the windows observe and drive the services; they go first
    const std::unique_ptr<Ui::GuiApplication> ui =
        gui ? services.startGui(cli.background()) : nullptr;
#endif
    return app->exec();
}
