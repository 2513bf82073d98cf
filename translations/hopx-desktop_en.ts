<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Hopx::Core::ApprovalListModel</name>
    <message>
        <source>An AI tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 wants to read your folder %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 wants to write into your folder %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 wants to give the secret %2 to a sandbox: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 asks about %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always for this folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always for this secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 wants internet access: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show it read-only at %1 in a new sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copy what git would commit of it into a new HOPX cloud sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upload %1 into sandbox %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>save %1 from sandbox %2 as %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a new local sandbox, with outbound network to any host on the internet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requests to %1 from a new sandbox carry its value</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::ClientListModel</name>
    <message>
        <source>unknown client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (process %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown client (HTTP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (HTTP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tools this client is offered: compact (every capability in a few tools), hopx-mcp (the Python server&apos;s tools) or full (hopx-mcp --tools)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::Format</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>just now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sandbox no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sandbox is no longer running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the API key was refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many requests; try again in a minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the network failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::HttpService</name>
    <message>
        <source>MCP over HTTP could not serve on port %1: it is not a port number (1 to 65535)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP over HTTP could not serve on port %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::IdeConfig</name>
    <message>
        <source>Claude Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VS Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claude Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other MCP client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no known configuration file; copy the configuration instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2 at character %3; comments are not allowed), so HOPX Desktop did not change it. Fix the file or add the configuration by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not hold a JSON object, so HOPX Desktop did not change it. Add the configuration by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a JSON object, so HOPX Desktop did not change the file. Add the configuration by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemini CLI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Codex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Windsurf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qwen Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub Copilot CLI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JetBrains AI Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Goose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opencode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2 at character %3), so HOPX Desktop did not change it. Fix the file or add the configuration by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kilo Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was updated, but %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::IdeConfigFile</name>
    <message>
        <source>%1 is not a regular file; HOPX Desktop left it alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write the backup %1, so %2 was not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::IdeConfigMigration</name>
    <message>
        <source>%1 mentions hopx-mcp but is not plain JSON (comments?), so HOPX Desktop left it alone: replace that entry by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The configurations hold %1 different HOPX API keys; only the first was moved, the others stay in their files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain is in use, so the HOPX API key stays in the files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain could not be read (%1), so the HOPX API key stays in the files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it went away</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain already holds a different HOPX API key; the key in the files was kept in their entries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The HOPX API key could not be stored in the keychain (%1), so it stays in the files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not find the entry &quot;%1&quot; in %2; the file was not changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: replaced %2 in %3 with HOPX Desktop (the old file is saved as %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the HOPX API key was removed from the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The HOPX API key is now in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No uvx hopx-mcp or hopx-mcp entries were found in the IDE configurations HOPX Desktop knows; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart the IDEs to use HOPX Desktop.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::IdeConfigYaml</name>
    <message>
        <source>&quot;%1&quot; is not written as a block of entries, one per line, so HOPX Desktop did not change the file. Add the configuration by hand.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::LogFeed</name>
    <message>
        <source>client %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected (MCP %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected: version %1, MCP %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 succeeded in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed after %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was refused: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was cancelled after %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox created: %1, template %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status: %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox deleted: its timeout passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox deleted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 started in the background: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 started: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not run: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 timed out after %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 raised %2 after %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exited with code %2 after %3, %4 of output: %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(code cut here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(only the last %1 of %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output (stdout):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors (stderr):</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 exited with code %2 after %3, %4 of output, %n figure(s): %5</source>
        <translation>
            <numerusform>%1 exited with code %2 after %3, %4 of output, %n figure: %5</numerusform>
            <numerusform>%1 exited with code %2 after %3, %4 of output, %n figures: %5</numerusform>
        </translation>
    </message>
    <message>
        <source>Figures:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2 image, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>(%n more not kept: the log keeps at most %1 figures of a run, %2 in all)</source>
        <translation>
            <numerusform>(%n more not kept: the log keeps at most %1 figures of a run, %2 in all)</numerusform>
            <numerusform>(%n more not kept: the log keeps at most %1 figures of a run, %2 in all)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in the background exited with code %2 after %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error, as the AI tool was told:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::LogModel</name>
    <message>
        <source>Debug</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client: %1
Sandbox: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client or sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::MemoryKeyStore</name>
    <message>
        <source>No secret named &quot;%1&quot; is stored.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::NetworkLog</name>
    <message>
        <source>egress allowed: %1:%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>egress denied: %1:%2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>secret %1 used for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>secret %1 offered to %2 (sent unreplaced)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in this sandbox&apos;s network allowlist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a valid host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a loopback, private or link-local address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host map allows it on port %1 only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it resolves to a loopback, private or link-local address (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name does not resolve (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::Notices</name>
    <message>
        <source>A sandbox&apos;s disk is full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 uses all of its %2: programs there get &quot;no space left&quot;. Delete files in it, or raise the disk space in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raised %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in %2 finished after %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A connection was refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tried to reach %2, which its network allowlist does not name. Allow it from the Logs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sandbox expires soon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and its files are deleted in %2, unless its timeout is extended.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A background run finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An async run finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::PackageCacheFolder</name>
    <message numerus="yes">
        <source>%n file(s) of the package cache, e.g. %1; check the folder&apos;s permissions.</source>
        <translation>
            <numerusform>%n file of the package cache, e.g. %1; check the folder&apos;s permissions.</numerusform>
            <numerusform>%n files of the package cache, e.g. %1; check the folder&apos;s permissions.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Hopx::Core::QtKeychainStore</name>
    <message>
        <source>No keychain service is running (install gnome-keyring or KWallet and make sure it runs in your desktop session), so the HOPX API key cannot be stored. Set %1 instead, or keep the key in memory for this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No secret named &quot;%1&quot; is stored in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Access to the keychain was denied; unlock it (or allow HOPX Desktop) and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::SandboxFacts</name>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a fork</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forked from %1: it started with a copy of its files and Python variables; what either does next stays apart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>packages + %n host(s)</source>
        <translation>
            <numerusform>packages + %n host</numerusform>
            <numerusform>packages + %n hosts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host(s)</source>
        <translation>
            <numerusform>%n host</numerusform>
            <numerusform>%n hosts</numerusform>
        </translation>
    </message>
    <message>
        <source>Can reach any host on the internet (never this computer&apos;s own services)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No network: nothing inside can connect out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Can reach only these hosts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holds no secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its requests can carry these secrets; their values never enter the sandbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forked from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forked from %1 at checkpoint %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template id: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Internet access: on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Internet access: off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workspace: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sees %1 (read-only) at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secrets: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured for local sandboxes only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files and checkpoints use %1 % of this sandbox&apos;s disk; a program that writes more gets &quot;no space left&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoints:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::SandboxListModel</name>
    <message>
        <source>Local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX cloud</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>creating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted automatically at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No timeout: runs until deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing has run yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU time used: %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured for local sandboxes only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forked from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::SandboxProvider</name>
    <message>
        <source>Local sandboxes need a private state directory: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hopx-sandbox-agent was not found next to the app or in its libexec directory; reinstall HOPX Desktop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not stage /etc for sandboxes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not install the Python kernel into %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap (bwrap) is not installed; local sandboxes need it. Install it (Debian/Ubuntu: sudo apt install bubblewrap, Fedora: sudo dnf install bubblewrap, Arch: sudo pacman -S bubblewrap).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is setuid root; local sandboxes need the normal, unprivileged bubblewrap 0.8 or newer (e.g. the distribution package).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap %1 is too old; local sandboxes need 0.8.0 or newer (for --disable-userns).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap did not finish a trivial sandbox within 10 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AppArmor blocks the user namespaces bubblewrap needs (bwrap: %1). The hopx-desktop package installs an AppArmor profile that allows them for hopx-desktop alone (/etc/apparmor.d/hopx-desktop); for a build from a clone, ./scripts/run.sh offers to install one. Or allow them for everyone with sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unprivileged user namespaces are disabled (bwrap: %1). Enable them with sudo sysctl kernel.unprivileged_userns_clone=1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User namespaces are disabled (bwrap: %1). Enable them with sudo sysctl user.max_user_namespaces=15000.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap cannot create a sandbox here: exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap cannot create a sandbox here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hopx-capfs is missing beside the app (reinstall HOPX Desktop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fusermount3 is missing (Debian/Ubuntu: sudo apt install fuse3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/etc/mtab is missing, and without it fusermount3 cannot unmount a sandbox&apos;s disk (create the usual link: sudo ln -s ../proc/self/mounts /etc/mtab)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/dev/fuse cannot be opened by this user (%1); desktop systems have it as mode 0666 (sudo chmod 666 /dev/fuse, or load the fuse module: sudo modprobe fuse)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local sandboxes keep their files on a size-capped disk mounted with FUSE, and FUSE is unusable here: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it did not start again: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox %1 cannot be used: %2. Its files are left as they are in %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The disk of deleted sandbox %1 is still mounted at %2: %3. Its files stay until it is unmounted; the app tries again at its next start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its record names another sandbox (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its disk did not mount: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a private directory of this user; remove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this sandbox&apos;s files are in the disk image of an earlier version (%1); install fuse2fs once so they can be moved (Debian/Ubuntu: sudo apt install fuse2fs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fuse2fs could not mount the earlier disk image: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moving the files out of the earlier disk image failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hopx-capfs could not mount the sandbox&apos;s disk: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local sandboxes need a private directory for their files: cannot create %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 bytes, more than any record (damaged?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged (%2 at byte %3), perhaps cut short by a full disk or a crash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no valid format version (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it was made by a newer version of HOPX Desktop (sandbox format %1; this version reads formats up to %2): use it with that version, or update this one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lacks the sandbox&apos;s id, creation time or disk cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot copy /etc/%1 into %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write the fabricated passwd/group/hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot replace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot move %1 into place</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::SecretStore</name>
    <message>
        <source>A secret needs at least one host it belongs to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name or *.pattern.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings are not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No secret named &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name or *.pattern (e.g. api.example.com or *.example.org).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A secret needs at least one host it belongs to (e.g. --hosts api.example.com,*.example.org).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A secret&apos;s name is its environment variable in the sandbox: capital letters, digits and _, not starting with a digit, at most 64 (e.g. GITHUB_TOKEN).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an environment variable sandboxes need for themselves; choose another name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secret&apos;s value is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secret&apos;s value is longer than %1 bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secret&apos;s value contains a control character (a line break?); it goes into HTTP headers as it is.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Core::Settings</name>
    <message>
        <source>Cannot remove %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ApiKeyDialog</name>
    <message>
        <source>S&amp;how</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save in keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove saved key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key lets HOPX Desktop run sandboxes in the HOPX cloud. It is kept in your system keychain, never in a file or a log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No key yet? Local sandboxes already work&lt;/b&gt; on this machine without one. Get a key at &lt;a href=&quot;https://hopx.ai&quot;&gt;hopx.ai&lt;/a&gt; when you want cloud sandboxes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX_API_KEY is set in the environment: it takes precedence over the key saved here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste your HOPX API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask HOPX whether it accepts the key (the typed one, else the saved one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain is available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A key is saved in the keychain: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No key is saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Success</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking HOPX…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved in the keychain. New HOPX sandboxes use this key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The saved key was removed. Local sandboxes keep working.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use for this session &amp;only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the key in memory until HOPX Desktop quits; nothing is saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A key is in use for this session only: %1. It is not saved anywhere; enter it again after HOPX Desktop restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain is running, so the key cannot be saved. &quot;Use for this session only&quot; keeps it in memory until HOPX Desktop quits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Using this key until HOPX Desktop quits. It is not saved: install and unlock a keychain (GNOME Keyring, KWallet) to keep it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ApiKeyTester</name>
    <message>
        <source>The network is not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key works: HOPX at %1 accepted it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid key: HOPX rejected it (401). Check that you copied the whole key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX knows this key but does not allow it to list templates (403). Check the key&apos;s permissions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX is rate-limiting this key (429); try again in a minute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX answered with a server error (%1); try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX answered with HTTP %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX at %1 did not answer in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach HOPX at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ApprovalsView</name>
    <message>
        <source>Allow &amp;once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for your approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) waiting for your approval</source>
        <translation>
            <numerusform>%n request waiting for your approval</numerusform>
            <numerusform>%n requests waiting for your approval</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ClientsView</name>
    <message>
        <source>Connected clients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No MCP client is connected.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Add HOPX to your IDE or assistant once; it connects whenever it needs a sandbox.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect an IDE…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::CloudPage</name>
    <message>
        <source>HOPX base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX &amp;base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave empty for the public HOPX cloud. HOPX_BASE_URL in the environment takes precedence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The HOPX base URL must be an http(s) address, like https://api.hopx.dev.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for other sandboxes every</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Look for other sandboxes every:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While an API key is set, sandboxes of your account made elsewhere (another computer, the HOPX dashboard) show up in the window. Less often, or never, spares an account with tight rate limits.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ConnectIdeDialog</name>
    <message>
        <source>Copy co&amp;mmand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Install</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect an IDE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IDE or client</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IDEs start &lt;b&gt;hopx-mcp&lt;/b&gt;, a small bridge next to this app, and it connects them to HOPX Desktop. Give your IDE this configuration once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied. Paste it into the configuration file shown above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to Claude Desktop&apos;s configuration. Restart Claude Desktop afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to Cursor&apos;s global MCP servers; Cursor picks it up in Settings → MCP.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to VS Code&apos;s user MCP servers, for Copilot agent mode. A file with comments is left alone: copy the entry in by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the command below, or let Install add HOPX to Claude Code&apos;s user configuration. Start a new Claude Code session afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any MCP client that starts servers over stdio: run the command below with no arguments. Most clients take this JSON shape.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge HOPX into %1, keeping every other server; the old file is backed up first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is already set up in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The previous file is saved as %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or &amp;run this command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Move to HOPX Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace every uvx hopx-mcp entry with HOPX Desktop, keeping the other servers; an HOPX_API_KEY found there moves to the keychain. Each file is backed up first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n configuration(s) still start the Python server (uvx hopx-mcp): %1.</source>
        <translation>
            <numerusform>%n configuration still starts the Python server (uvx hopx-mcp): %1.</numerusform>
            <numerusform>%n configurations still start the Python server (uvx hopx-mcp): %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Install adds HOPX to Gemini CLI&apos;s user settings; start a new Gemini CLI session afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds an [mcp_servers.hopx] table to Codex&apos;s config.toml, leaving the rest of the file as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compact: every capability in a few tools (recommended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hopx-mcp: the Python hopx-mcp server&apos;s tools, by their names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full: every tool, one per operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clients limit how many tools they pass their model (Cursor 40 across all servers, Windsurf and Trae fewer): compact fits them all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to Windsurf&apos;s MCP servers; refresh them in Cascade&apos;s MCP panel afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to Qwen Code&apos;s user settings; start a new Qwen Code session afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to Cline&apos;s MCP servers in ~/.cline, which its CLI and its VS Code extension share; start a new Cline task afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to GitHub Copilot CLI&apos;s mcp-config.json with all of its tools allowed; start a new Copilot session afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already starts HOPX Desktop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is installed on this computer but not connected yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to the context servers in Zed&apos;s settings.json, keeping its comments; Zed picks the change up by itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to the global MCP servers of JetBrains AI Assistant (2025.3 and later), which every JetBrains IDE reads; restart the IDE afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install writes HOPX into a file of its own in Continue&apos;s global mcpServers folder, so your config.yaml stays as it is; reload Continue afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to the extensions in Goose&apos;s config.yaml, keeping the others; start a new Goose session afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to the MCP servers in opencode&apos;s configuration, keeping its comments; start opencode again afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install adds HOPX to the MCP servers in Kilo&apos;s kilo.jsonc, which the Kilo CLI and its VS Code extension read (and to the extension&apos;s older mcp_settings.json, where there is one); start a new Kilo session afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 also reads %2, which has the same entry now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created %1 with HOPX in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added HOPX to %1; the other servers are unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated the HOPX entry in %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FigureCache</name>
    <message>
        <source>Too large to show here (%1 × %2 pixels); Save as… keeps it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This image cannot be shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FigureDialog</name>
    <message>
        <source>&amp;Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the figure as the sandbox made it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log no longer keeps this figure: it keeps those of the newest runs only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 pixels, %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure %1 of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 images (*.%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FigureStrip</name>
    <message>
        <source>Figures of the selected run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no longer kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log keeps the figures of its newest runs only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 × %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 image, %2: click to enlarge</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FirstRunPanel</name>
    <message>
        <source>&amp;Connect an IDE…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No sandboxes yet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;When an AI assistant creates a sandbox through MCP, it shows up here with its status, network, time left and resource use.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect an IDE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No IDE is connected yet: connect one and ask its assistant to run code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected: %1. Ask its assistant to run some Python.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed here, not connected yet: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FoldersPage</name>
    <message>
        <source>Approved folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;dd folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest folder copied to the cloud</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest file read inline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approve a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Approved folders:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandboxes may read these folders, and tools may copy files into them, without asking you each time. &quot;Always for this folder&quot; adds a folder here; remove a line to be asked again. One folder per line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cloud copy up to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A HOPX cloud sandbox cannot see your folders: what git would commit of them is copied in, up to this size in all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Inline files up to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A text file this size or smaller is read straight into the conversation; a larger one comes as a link the assistant can download.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a folder&apos;s full path; write paths like /home/you/project, one per line (never / itself).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::GeneralPage</name>
    <message>
        <source>Start HOPX Desktop when I log in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic: HOPX cloud when an API key is set, else local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local sandboxes on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX cloud</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Default provider:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used when a tool call does not name a provider. An IDE can override it with HOPX_PROVIDER.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language applies when HOPX Desktop starts again; you can restart it from here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts in the background, so IDEs find it ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default sandbox timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output cap per stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default &amp;timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new sandbox, local or in the cloud, is deleted this long after it was created, unless the assistant asks for another timeout or extends it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Output cap:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longer stdout or stderr of a run is cut and marked as truncated.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::GuiApplication</name>
    <message>
        <source>HOPX Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP over HTTP at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX Desktop needs your approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A notice&apos;s title, then its text, on one line.
----------
A provider&apos;s name, then why it cannot be used.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::HttpPage</name>
    <message>
        <source>Serve MCP over HTTP on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cop&amp;y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate the token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make a new token; clients using the old one must be updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only programs on this computer can connect, and only with this token as &quot;Authorization: Bearer &lt;token&gt;&quot;. The token is kept in the keychain. Changes apply as soon as you press Apply or OK.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not serving.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serving at %1, as --http on the command line says. These settings apply when HOPX Desktop starts without --http.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain: this token lasts until HOPX Desktop quits, then a new one is made.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new token is in effect. Update the clients that used the old one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. Choose another port, or stop the program that uses it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::LocalPage</name>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory limit per sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU time limit per run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process limit per sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of /tmp per sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk space per sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk space for all sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete local sandboxes when HOPX Desktop quits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandboxes kept ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Python packages ahead in spare sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python modules to import ahead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;CPU time per run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Processes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Disk space:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk space in tot&amp;al:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each sandbox&apos;s /workspace, /home/user and checkpoints share its disk space; a program that writes more gets &quot;no space left&quot;. New sandboxes use a new size. The files stay on this computer until the sandbox is deleted or expires.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;emporary files:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kept ready:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mod&amp;ules:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Python of a sandbox waiting for its first use imports these, so a first run that needs them starts sooner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a Python module name; write names like numpy or matplotlib.pyplot, separated by commas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open files per process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;files per process:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandboxes started ahead, so a new one is ready at once; each uses a little memory while it waits.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::LogsView</name>
    <message>
        <source>Let this sandbox connect to the host its network allowlist refused, from now on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow %1 for this sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All clients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All levels, with debug</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Info and above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings and errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search the log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the newest line in view while you are at the bottom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the lines shown to a text file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove every line from the log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected log line in full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a line to see all of it: the code that ran, the whole output line, the error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 lines shown (the log keeps the newest %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text files (*.txt *.log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not export: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::MainWindow</name>
    <message>
        <source>HOPX Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Local sandboxes already work&lt;/b&gt;, offline and without an account. Add a HOPX API key to also run sandboxes in the HOPX cloud.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;API key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No system tray was found. Closing this window keeps HOPX Desktop serving your IDEs; start it again to bring the window back. On GNOME, the AppIndicator extension adds a tray icon.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Got it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect an IDE…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX &amp;API key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lose window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit HOPX Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About HOPX Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About HOPX Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;HOPX Desktop %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Lets AI assistants in your IDE run code in isolated sandboxes over MCP: on this machine, or in the HOPX cloud.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sandboxes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clients (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n client(s)</source>
        <translation>
            <numerusform>%n client</numerusform>
            <numerusform>%n clients</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) running</source>
        <translation>
            <numerusform>%n sandbox running</numerusform>
            <numerusform>%n sandboxes running</numerusform>
        </translation>
    </message>
    <message>
        <source>MCP server: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Some sandboxes cannot run here.&lt;/b&gt;&lt;br&gt;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a HOPX API key to run sandboxes in the HOPX cloud.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::NetworkPage</name>
    <message>
        <source>Package hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always allowed hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole internet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New local &amp;sandboxes get:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What a sandbox gets when the tool call does not say. A tool call can still ask for &quot;packages&quot;, a list of hosts, or the whole internet (which you are asked to allow).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Package hosts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the &quot;packages&quot; network stands for: package indexes and the hosts their files come from. One host per line; *.example.com allows its subdomains.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Always allowed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host &amp;map:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name=address pairs the sandboxes&apos; proxy uses instead of DNS, e.g. a package mirror on your network or on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name; write one host per line, like pypi.org or *.example.com.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not name=address; write pairs like pypi.mirror.lan=192.168.1.20, one per line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added to every sandbox that has a list of hosts. A connection refused in the Logs offers to allow its host for that sandbox only; add it here for all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CA certificates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a CA certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;CA certificates:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PEM files of certificate authorities the sandboxes&apos; proxy trusts besides the system&apos;s, when it connects to a secret&apos;s host itself: your company&apos;s CA, or a local API&apos;s. One file per line; new sandboxes use them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a PEM certificate file; write full paths of files that hold one, one per line.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::NotificationsPage</name>
    <message>
        <source>Show a desktop notification when:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An AI tool waits for your approval (a folder, internet access)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sandbox expires in five minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sandbox&apos;s disk is full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sandbox was refused a connection (you can allow the host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run finished: background, async, or over 30 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::PackagesPage</name>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Package cache size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python package index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>npm registry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the package cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Python index:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;npm registry:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where pip and npm in local sandboxes really fetch from (a simple index and an npm registry). Every file is checked against the index&apos;s hash before a sandbox gets it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache si&amp;ze:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandboxes share what one of them downloaded, so a second install of the same package needs no network. The least recently used files go first when it is full.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http(s) address, like https://pypi.org/simple/.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No local sandboxes in this run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1, in %2</source>
        <translation>
            <numerusform>%n file, %1, in %2</numerusform>
            <numerusform>%n files, %1, in %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Some files could not be deleted: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::SandboxActions</name>
    <message>
        <source>its provider is not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not allow %1 for %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may now connect to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot delete %1: its provider is not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not delete %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot extend %1: it is no longer known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not extend %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 now has %2 left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This sandbox has no workspace folder on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file manager could open %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::SandboxesView</name>
    <message>
        <source>Sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by id, template, status…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected sandboxes (Del)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the selected ids to the clipboard (Ctrl+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the local sandbox&apos;s /workspace folder (Ctrl+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this sandbox&apos;s log (Ctrl+L)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xtend timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+15 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+1 hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+4 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extend timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es)</source>
        <translation>
            <numerusform>%n sandbox</numerusform>
            <numerusform>%n sandboxes</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete sandbox %1? Everything in it is lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Delete %n sandboxes? Everything in them is lost.</source>
        <translation>
            <numerusform>Delete %n sandbox? Everything in it is lost.</numerusform>
            <numerusform>Delete %n sandboxes? Everything in them is lost.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::SecretsPage</name>
    <message>
        <source>Also in the URL&apos;s query string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also in the request body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow for every sandbox without asking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts the secret belongs to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secret value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Typed once, never shown again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code in a sandbox sees only a placeholder in the environment variable NAME. HOPX Desktop puts the real value into requests to the secret&apos;s hosts, and nowhere else. Values stay in the system keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hosts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the secret&apos;s value: it is stored in the keychain, not shown again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1 in the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed %1: no sandbox gets it any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a secret to test.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read from the keychain: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 is in the keychain (%n characters) and ready for sandboxes.</source>
        <translation>
            <numerusform>%1 is in the keychain (%n character) and ready for sandboxes.</numerusform>
            <numerusform>%1 is in the keychain (%n characters) and ready for sandboxes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::SettingsDialog</name>
    <message>
        <source>HOPX Desktop settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Local sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX &amp;cloud</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;HTTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart &amp;now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Net&amp;work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N&amp;otifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit HOPX Desktop and start it again with the new settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new language and HOPX base URL apply when HOPX Desktop starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new language applies when HOPX Desktop starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new HOPX base URL applies when HOPX Desktop starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local sandboxes are deleted (as set on the Local sandboxes page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs running in local sandboxes stop; their files are kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Restart now? %2, and connected IDEs reconnect.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ToolsPage</name>
    <message>
        <source>No IDE is connected yet. Connect one (File → Connect an IDE…), then choose its tools here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which tools each IDE offers its assistant. &lt;b&gt;compact&lt;/b&gt; (the default): every capability in a few tools, for clients that limit how many tools a model sees. &lt;b&gt;full&lt;/b&gt;: one tool per operation. &lt;b&gt;hopx-mcp&lt;/b&gt;: the Python hopx-mcp server&apos;s tools by their names, for prompts written for it. A change rewrites that IDE&apos;s config (a backup is kept); the IDE uses it once it restarts its MCP servers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compact (default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hopx-mcp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not change the tools of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:</source>
        <extracomment>A form label: an IDE&apos;s name, then the colon of the language.</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::TrayIcon</name>
    <message>
        <source>HOPX Desktop menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open HOPX Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect an IDE…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX &amp;API key…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ettings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOPX Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) running</source>
        <translation>
            <numerusform>%n sandbox running</numerusform>
            <numerusform>%n sandboxes running</numerusform>
        </translation>
    </message>
    <message>
        <source>No HOPX API key: local sandboxes only</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es), none running</source>
        <translation>
            <numerusform>%n sandbox, not running</numerusform>
            <numerusform>%n sandboxes, none running</numerusform>
        </translation>
    </message>
    <message>
        <source>Ready, no sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n MCP client(s) connected</source>
        <translation>
            <numerusform>%n MCP client connected</numerusform>
            <numerusform>%n MCP clients connected</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Sandboxes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No sandboxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show logs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>All %n sandbox(es)…</source>
        <translation>
            <numerusform>All %n sandbox…</numerusform>
            <numerusform>All %n sandboxes…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2, %3 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for your &amp;approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for your &amp;approval (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No IDE connected yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected yet: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
