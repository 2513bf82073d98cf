<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Hopx::Core::ApprovalListModel</name>
    <message>
        <source>An AI tool</source>
        <translation>AI 工具</translation>
    </message>
    <message>
        <source>%1 wants to read your folder %2: %3</source>
        <translation>%1 想读取你的文件夹 %2：%3</translation>
    </message>
    <message>
        <source>%1 wants to write into your folder %2: %3</source>
        <translation>%1 想写入你的文件夹 %2：%3</translation>
    </message>
    <message>
        <source>%1 wants to give the secret %2 to a sandbox: %3</source>
        <translation>%1 想把机密 %2 交给沙箱：%3</translation>
    </message>
    <message>
        <source>%1 asks about %2: %3</source>
        <translation>%1 请求 %2：%3</translation>
    </message>
    <message>
        <source>Always for this folder</source>
        <translation>此文件夹始终允许</translation>
    </message>
    <message>
        <source>Always for this secret</source>
        <translation>此机密始终允许</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>始终允许</translation>
    </message>
    <message>
        <source>%1 wants internet access: %2</source>
        <translation>%1 想开通互联网访问：%2</translation>
    </message>
    <message>
        <source>show it read-only at %1 in a new sandbox</source>
        <translation>在新沙箱中以只读方式显示于 %1</translation>
    </message>
    <message>
        <source>copy what git would commit of it into a new HOPX cloud sandbox</source>
        <translation>把其中 git 会提交的内容复制到新的 HOPX 云沙箱</translation>
    </message>
    <message>
        <source>upload %1 into sandbox %2</source>
        <translation>把 %1 上传到沙箱 %2</translation>
    </message>
    <message>
        <source>save %1 from sandbox %2 as %3</source>
        <translation>把沙箱 %2 中的 %1 保存为 %3</translation>
    </message>
    <message>
        <source>a new local sandbox, with outbound network to any host on the internet</source>
        <translation>一个新的本地沙箱，可向互联网上任意主机发起连接</translation>
    </message>
    <message>
        <source>requests to %1 from a new sandbox carry its value</source>
        <translation>新沙箱发往 %1 的请求将携带它的值</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::ClientListModel</name>
    <message>
        <source>unknown client</source>
        <translation>未知客户端</translation>
    </message>
    <message>
        <source>%1 (process %2)</source>
        <translation>%1（进程 %2）</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <source>Connected since</source>
        <translation>连接时间</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>unknown client (HTTP)</source>
        <translation>未知客户端（HTTP）</translation>
    </message>
    <message>
        <source>%1 (HTTP)</source>
        <translation>%1（HTTP）</translation>
    </message>
    <message>
        <source>The tools this client is offered: compact (every capability in a few tools), hopx-mcp (the Python server&apos;s tools) or full (hopx-mcp --tools)</source>
        <translation>此客户端获得的工具：compact（用少量工具提供全部功能）、hopx-mcp（Python 版服务器的工具）或 full（hopx-mcp --tools）</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::Format</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 天 %2 小时</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已到期</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>%1 秒前</translation>
    </message>
    <message>
        <source>%1 min ago</source>
        <translation>%1 分钟前</translation>
    </message>
    <message>
        <source>%1 h ago</source>
        <translation>%1 小时前</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>the sandbox no longer exists</source>
        <translation>沙箱已不存在</translation>
    </message>
    <message>
        <source>the sandbox is no longer running</source>
        <translation>沙箱已不在运行</translation>
    </message>
    <message>
        <source>the API key was refused</source>
        <translation>API 密钥被拒绝</translation>
    </message>
    <message>
        <source>too many requests; try again in a minute</source>
        <translation>请求过多，请一分钟后重试</translation>
    </message>
    <message>
        <source>the network failed</source>
        <translation>网络出错</translation>
    </message>
    <message>
        <source>no answer in time</source>
        <translation>未能及时得到响应</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::HttpService</name>
    <message>
        <source>MCP over HTTP could not serve on port %1: it is not a port number (1 to 65535)</source>
        <translation>MCP HTTP 服务无法使用端口 %1：这不是有效的端口号（1 到 65535）</translation>
    </message>
    <message>
        <source>MCP over HTTP could not serve on port %1: %2</source>
        <translation>MCP HTTP 服务无法使用端口 %1：%2</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::IdeConfig</name>
    <message>
        <source>Claude Desktop</source>
        <translation>Claude Desktop</translation>
    </message>
    <message>
        <source>Cursor</source>
        <translation>Cursor</translation>
    </message>
    <message>
        <source>VS Code</source>
        <translation>VS Code</translation>
    </message>
    <message>
        <source>Claude Code</source>
        <translation>Claude Code</translation>
    </message>
    <message>
        <source>Other MCP client</source>
        <translation>其他 MCP 客户端</translation>
    </message>
    <message>
        <source>%1 has no known configuration file; copy the configuration instead.</source>
        <translation>%1 没有已知的配置文件，请改为复制配置。</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2 at character %3; comments are not allowed), so HOPX Desktop did not change it. Fix the file or add the configuration by hand.</source>
        <translation>%1 不是有效的 JSON（第 %3 个字符处：%2；不允许使用注释），因此 HOPX Desktop 没有修改它。请修正该文件，或手动添加配置。</translation>
    </message>
    <message>
        <source>%1 does not hold a JSON object, so HOPX Desktop did not change it. Add the configuration by hand.</source>
        <translation>%1 的内容不是 JSON 对象，因此 HOPX Desktop 没有修改它。请手动添加配置。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; in %2 is not a JSON object, so HOPX Desktop did not change the file. Add the configuration by hand.</source>
        <translation>%2 中的“%1”不是 JSON 对象，因此 HOPX Desktop 没有修改该文件。请手动添加配置。</translation>
    </message>
    <message>
        <source>Gemini CLI</source>
        <translation>Gemini CLI</translation>
    </message>
    <message>
        <source>Codex</source>
        <translation>Codex</translation>
    </message>
    <message>
        <source>Windsurf</source>
        <translation>Windsurf</translation>
    </message>
    <message>
        <source>Qwen Code</source>
        <translation>Qwen Code</translation>
    </message>
    <message>
        <source>Cline</source>
        <translation>Cline</translation>
    </message>
    <message>
        <source>GitHub Copilot CLI</source>
        <translation>GitHub Copilot CLI</translation>
    </message>
    <message>
        <source>Zed</source>
        <translation>Zed</translation>
    </message>
    <message>
        <source>JetBrains AI Assistant</source>
        <translation>JetBrains AI Assistant</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Continue</translation>
    </message>
    <message>
        <source>Goose</source>
        <translation>Goose</translation>
    </message>
    <message>
        <source>opencode</source>
        <translation>opencode</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (%2 at character %3), so HOPX Desktop did not change it. Fix the file or add the configuration by hand.</source>
        <translation>%1 不是有效的 JSON（第 %3 个字符处：%2），因此 HOPX Desktop 没有修改它。请修正该文件，或手动添加配置。</translation>
    </message>
    <message>
        <source>Kilo Code</source>
        <translation>Kilo Code</translation>
    </message>
    <message>
        <source>%1 was updated, but %2</source>
        <translation>%1 已更新，但 %2</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::IdeConfigFile</name>
    <message>
        <source>%1 is not a regular file; HOPX Desktop left it alone.</source>
        <translation>%1 不是普通文件，HOPX Desktop 未作改动。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Could not write the backup %1, so %2 was not changed.</source>
        <translation>无法写入备份 %1，因此没有修改 %2。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::IdeConfigMigration</name>
    <message>
        <source>%1 mentions hopx-mcp but is not plain JSON (comments?), so HOPX Desktop left it alone: replace that entry by hand.</source>
        <translation>%1 提到了 hopx-mcp，但不是纯 JSON（含注释？），HOPX Desktop 未改动它：请手动替换该条目。</translation>
    </message>
    <message>
        <source>The configurations hold %1 different HOPX API keys; only the first was moved, the others stay in their files.</source>
        <translation>这些配置中有 %1 个不同的 HOPX API 密钥；只移动了第一个，其余的仍保留在各自的文件中。</translation>
    </message>
    <message>
        <source>No keychain is in use, so the HOPX API key stays in the files.</source>
        <translation>未使用钥匙串，因此 HOPX API 密钥仍保留在文件中。</translation>
    </message>
    <message>
        <source>The keychain could not be read (%1), so the HOPX API key stays in the files.</source>
        <translation>无法读取钥匙串（%1），因此 HOPX API 密钥仍保留在文件中。</translation>
    </message>
    <message>
        <source>it went away</source>
        <translation>它已不可用</translation>
    </message>
    <message>
        <source>The keychain already holds a different HOPX API key; the key in the files was kept in their entries.</source>
        <translation>钥匙串中已有另一个 HOPX API 密钥；文件中的密钥保留在其条目中。</translation>
    </message>
    <message>
        <source>The HOPX API key could not be stored in the keychain (%1), so it stays in the files.</source>
        <translation>无法将 HOPX API 密钥存入钥匙串（%1），因此它仍保留在文件中。</translation>
    </message>
    <message>
        <source>Could not find the entry &quot;%1&quot; in %2; the file was not changed.</source>
        <translation>在 %2 中找不到条目“%1”；文件未被更改。</translation>
    </message>
    <message>
        <source>%1: replaced %2 in %3 with HOPX Desktop (the old file is saved as %4).</source>
        <translation>%1：已将 %3 中的 %2 替换为 HOPX Desktop（旧文件已保存为 %4）。</translation>
    </message>
    <message>
        <source>%1: the HOPX API key was removed from the file.</source>
        <translation>%1：已从文件中移除 HOPX API 密钥。</translation>
    </message>
    <message>
        <source>The HOPX API key is now in the keychain.</source>
        <translation>HOPX API 密钥现已存入钥匙串。</translation>
    </message>
    <message>
        <source>No uvx hopx-mcp or hopx-mcp entries were found in the IDE configurations HOPX Desktop knows; nothing was changed.</source>
        <translation>在 HOPX Desktop 已知的 IDE 配置中未找到 uvx hopx-mcp 或 hopx-mcp 条目；未做任何更改。</translation>
    </message>
    <message>
        <source>Restart the IDEs to use HOPX Desktop.</source>
        <translation>请重启这些 IDE 以使用 HOPX Desktop。</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::IdeConfigYaml</name>
    <message>
        <source>&quot;%1&quot; is not written as a block of entries, one per line, so HOPX Desktop did not change the file. Add the configuration by hand.</source>
        <translation>“%1”不是按每行一项的块格式书写的，因此 HOPX Desktop 没有修改该文件。请手动添加配置。</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::LogFeed</name>
    <message>
        <source>client %1</source>
        <translation>客户端 %1</translation>
    </message>
    <message>
        <source>Connected (MCP %1)</source>
        <translation>已连接（MCP %1）</translation>
    </message>
    <message>
        <source>Connected: version %1, MCP %2</source>
        <translation>已连接：版本 %1，MCP %2</translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation>已断开连接</translation>
    </message>
    <message>
        <source>%1 succeeded in %2</source>
        <translation>%1 成功，用时 %2</translation>
    </message>
    <message>
        <source>%1 failed after %2: %3</source>
        <translation>%1 失败（用时 %2）：%3</translation>
    </message>
    <message>
        <source>%1 was refused: %2</source>
        <translation>%1 被拒绝：%2</translation>
    </message>
    <message>
        <source>%1 was cancelled after %2</source>
        <translation>%1 已取消（用时 %2）</translation>
    </message>
    <message>
        <source>%1 answered in %2</source>
        <translation>%1 已应答，用时 %2</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>Sandbox created: %1, template %2, %3</source>
        <translation>已创建沙箱：%1，模板 %2，%3</translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <source>Status: %1 → %2</source>
        <translation>状态：%1 → %2</translation>
    </message>
    <message>
        <source>Sandbox deleted: its timeout passed</source>
        <translation>沙箱已删除：已超时</translation>
    </message>
    <message>
        <source>Sandbox deleted</source>
        <translation>沙箱已删除</translation>
    </message>
    <message>
        <source>Sandbox deleted: %1</source>
        <translation>沙箱已删除：%1</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>%1 started in the background: %2</source>
        <translation>%1 已在后台启动：%2</translation>
    </message>
    <message>
        <source>%1 started: %2</source>
        <translation>%1 开始运行：%2</translation>
    </message>
    <message>
        <source>%1 could not run: %2</source>
        <translation>%1 无法运行：%2</translation>
    </message>
    <message>
        <source>%1 timed out after %2: %3</source>
        <translation>%1 在 %2 后超时：%3</translation>
    </message>
    <message>
        <source>%1 raised %2 after %3: %4</source>
        <translation>%1 在 %3 后抛出 %2：%4</translation>
    </message>
    <message>
        <source>%1 exited with code %2 after %3, %4 of output: %5</source>
        <translation>%1 以退出码 %2 结束，用时 %3，输出 %4：%5</translation>
    </message>
    <message>
        <source>Code:</source>
        <translation>代码：</translation>
    </message>
    <message>
        <source>(code cut here)</source>
        <translation>（代码在此处截断）</translation>
    </message>
    <message>
        <source>(only the last %1 of %2)</source>
        <translation>（仅显示 %2 中的最后 %1）</translation>
    </message>
    <message>
        <source>Output (stdout):</source>
        <translation>输出（stdout）：</translation>
    </message>
    <message>
        <source>Errors (stderr):</source>
        <translation>错误（stderr）：</translation>
    </message>
    <message numerus="yes">
        <source>%1 exited with code %2 after %3, %4 of output, %n figure(s): %5</source>
        <translation>
            <numerusform>%1 以退出码 %2 结束，用时 %3，输出 %4，%n 张图表：%5</numerusform>
        </translation>
    </message>
    <message>
        <source>Figures:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <source>%1. %2 image, %3</source>
        <translation>%1. %2 图像，%3</translation>
    </message>
    <message numerus="yes">
        <source>(%n more not kept: the log keeps at most %1 figures of a run, %2 in all)</source>
        <translation>
            <numerusform>（另有 %n 张未保留：日志每次运行最多保留 %1 张图表，共 %2）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in the background exited with code %2 after %3: %4</source>
        <translation>%1 在后台以退出码 %2 结束，用时 %3：%4</translation>
    </message>
    <message>
        <source>Error, as the AI tool was told:</source>
        <translation>错误（AI 工具收到的原文）：</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::LogModel</name>
    <message>
        <source>Debug</source>
        <translation>调试</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>HOPX Desktop</source>
        <translation>HOPX Desktop</translation>
    </message>
    <message>
        <source>Client: %1
Sandbox: %2</source>
        <translation>客户端：%1
沙箱：%2</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Client or sandbox</source>
        <translation>客户端或沙箱</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::MemoryKeyStore</name>
    <message>
        <source>No secret named &quot;%1&quot; is stored.</source>
        <translation>未存储名为“%1”的机密。</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::NetworkLog</name>
    <message>
        <source>egress allowed: %1:%2</source>
        <translation>已允许出站连接：%1:%2</translation>
    </message>
    <message>
        <source>egress denied: %1:%2 (%3)</source>
        <translation>已拒绝出站连接：%1:%2（%3）</translation>
    </message>
    <message>
        <source>secret %1 used for %2</source>
        <translation>机密 %1 已用于 %2</translation>
    </message>
    <message>
        <source>secret %1 offered to %2 (sent unreplaced)</source>
        <translation>机密 %1 被发往 %2（原样发送，未替换）</translation>
    </message>
    <message>
        <source>not in this sandbox&apos;s network allowlist</source>
        <translation>不在此沙箱的网络允许列表中</translation>
    </message>
    <message>
        <source>not a valid host</source>
        <translation>不是有效的主机</translation>
    </message>
    <message>
        <source>a loopback, private or link-local address</source>
        <translation>环回、私有或链路本地地址</translation>
    </message>
    <message>
        <source>the host map allows it on port %1 only</source>
        <translation>主机映射只允许其使用端口 %1</translation>
    </message>
    <message>
        <source>it resolves to a loopback, private or link-local address (%1)</source>
        <translation>它解析为环回、私有或链路本地地址（%1）</translation>
    </message>
    <message>
        <source>the name does not resolve (%1)</source>
        <translation>该名称无法解析（%1）</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::Notices</name>
    <message>
        <source>A sandbox&apos;s disk is full</source>
        <translation>沙箱的磁盘已满</translation>
    </message>
    <message>
        <source>%1 uses all of its %2: programs there get &quot;no space left&quot;. Delete files in it, or raise the disk space in Settings.</source>
        <translation>%1 已用尽全部 %2：其中的程序会收到“设备上没有空间”。请删除其中的文件，或在设置中调高磁盘空间。</translation>
    </message>
    <message>
        <source>could not run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>raised %1</source>
        <translation>抛出 %1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>A run finished</source>
        <translation>一次运行已结束</translation>
    </message>
    <message>
        <source>%1 in %2 finished after %3: %4</source>
        <translation>%2 中的 %1 运行 %3 后结束：%4</translation>
    </message>
    <message>
        <source>A connection was refused</source>
        <translation>一个连接被拒绝</translation>
    </message>
    <message>
        <source>%1 tried to reach %2, which its network allowlist does not name. Allow it from the Logs.</source>
        <translation>%1 尝试访问 %2，但它不在其网络允许列表中。可在“日志”中允许它。</translation>
    </message>
    <message>
        <source>A sandbox expires soon</source>
        <translation>沙箱即将到期</translation>
    </message>
    <message>
        <source>%1 and its files are deleted in %2, unless its timeout is extended.</source>
        <translation>%1 及其文件将在 %2 后删除，除非延长其超时时间。</translation>
    </message>
    <message>
        <source>A background run finished</source>
        <translation>一个后台运行已结束</translation>
    </message>
    <message>
        <source>An async run finished</source>
        <translation>一个异步运行已结束</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::PackageCacheFolder</name>
    <message numerus="yes">
        <source>%n file(s) of the package cache, e.g. %1; check the folder&apos;s permissions.</source>
        <translation>
            <numerusform>软件包缓存中的 %n 个文件，例如 %1；请检查该文件夹的权限。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Hopx::Core::QtKeychainStore</name>
    <message>
        <source>No keychain service is running (install gnome-keyring or KWallet and make sure it runs in your desktop session), so the HOPX API key cannot be stored. Set %1 instead, or keep the key in memory for this session.</source>
        <translation>没有正在运行的钥匙串服务（请安装 gnome-keyring 或 KWallet，并确保它在桌面会话中运行），因此无法保存 HOPX API 密钥。请改为设置 %1，或仅在本次会话中将密钥保存在内存里。</translation>
    </message>
    <message>
        <source>No secret named &quot;%1&quot; is stored in the keychain.</source>
        <translation>机密环中没有名为“%1”的机密。</translation>
    </message>
    <message>
        <source>Access to the keychain was denied; unlock it (or allow HOPX Desktop) and try again.</source>
        <translation>访问钥匙串被拒绝。请解锁钥匙串（或允许 HOPX Desktop 访问）后重试。</translation>
    </message>
    <message>
        <source>The keychain failed: %1</source>
        <translation>钥匙串出错：%1</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::SandboxFacts</name>
    <message>
        <source>%1 at %2</source>
        <translation>%1，于 %2</translation>
    </message>
    <message>
        <source>Not a fork</source>
        <translation>不是分叉</translation>
    </message>
    <message>
        <source>Forked from %1: it started with a copy of its files and Python variables; what either does next stays apart</source>
        <translation>由 %1 分叉而来：它从其文件和 Python 变量的副本开始；此后双方的改动互不影响</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>packages</source>
        <translation>软件包</translation>
    </message>
    <message numerus="yes">
        <source>packages + %n host(s)</source>
        <translation>
            <numerusform>软件包 + %n 个主机</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host(s)</source>
        <translation>
            <numerusform>%n 个主机</numerusform>
        </translation>
    </message>
    <message>
        <source>Can reach any host on the internet (never this computer&apos;s own services)</source>
        <translation>可访问互联网上的任何主机（但绝不能访问本机自身的服务）</translation>
    </message>
    <message>
        <source>No network: nothing inside can connect out</source>
        <translation>无网络：沙箱内的任何程序都无法向外连接</translation>
    </message>
    <message>
        <source>Can reach only these hosts:</source>
        <translation>只能访问以下主机：</translation>
    </message>
    <message>
        <source>Holds no secrets</source>
        <translation>不持有任何机密</translation>
    </message>
    <message>
        <source>Its requests can carry these secrets; their values never enter the sandbox: %1</source>
        <translation>它的请求可以携带这些机密，机密的值从不进入沙箱：%1</translation>
    </message>
    <message>
        <source>Forked from %1</source>
        <translation>由 %1 分叉而来</translation>
    </message>
    <message>
        <source>Forked from %1 at checkpoint %2</source>
        <translation>由 %1 在检查点 %2 处分叉而来</translation>
    </message>
    <message>
        <source>Template id: %1</source>
        <translation>模板 ID：%1</translation>
    </message>
    <message>
        <source>Region: %1</source>
        <translation>区域：%1</translation>
    </message>
    <message>
        <source>Internet access: on</source>
        <translation>互联网访问：开</translation>
    </message>
    <message>
        <source>Internet access: off</source>
        <translation>互联网访问：关</translation>
    </message>
    <message>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
    <message>
        <source>Sees %1 (read-only) at %2</source>
        <translation>可读取 %1（只读），位于 %2</translation>
    </message>
    <message>
        <source>Secrets: %1</source>
        <translation>机密：%1</translation>
    </message>
    <message>
        <source>Measured for local sandboxes only</source>
        <translation>仅对本地沙箱测量</translation>
    </message>
    <message>
        <source>Files and checkpoints use %1 % of this sandbox&apos;s disk; a program that writes more gets &quot;no space left&quot;</source>
        <translation>文件和检查点已占用此沙箱磁盘的 %1 %；程序再写入将收到“设备上没有空间”</translation>
    </message>
    <message>
        <source>Checkpoints:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1：%2，%3</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::SandboxListModel</name>
    <message>
        <source>Local</source>
        <translation>本地</translation>
    </message>
    <message>
        <source>HOPX cloud</source>
        <translation>HOPX 云</translation>
    </message>
    <message>
        <source>creating</source>
        <translation>创建中</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>dead</source>
        <translation>已失效</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Deleted automatically at %1</source>
        <translation>将于 %1 自动删除</translation>
    </message>
    <message>
        <source>No timeout: runs until deleted</source>
        <translation>无超时：一直运行到被删除</translation>
    </message>
    <message>
        <source>Nothing has run yet</source>
        <translation>尚未运行任何内容</translation>
    </message>
    <message>
        <source>CPU time used: %1 s</source>
        <translation>已用 CPU 时间：%1 秒</translation>
    </message>
    <message>
        <source>Measured for local sandboxes only</source>
        <translation>仅对本地沙箱测量</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供方</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>已运行</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>最近活动</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Disk</source>
        <translation>磁盘</translation>
    </message>
    <message>
        <source>Forked from</source>
        <translation>分叉自</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation>机密</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::SandboxProvider</name>
    <message>
        <source>Local sandboxes need a private state directory: %1</source>
        <translation>本地沙箱需要一个私有的状态目录：%1</translation>
    </message>
    <message>
        <source>hopx-sandbox-agent was not found next to the app or in its libexec directory; reinstall HOPX Desktop.</source>
        <translation>在应用旁边或其 libexec 目录中找不到 hopx-sandbox-agent；请重新安装 HOPX Desktop。</translation>
    </message>
    <message>
        <source>Could not stage /etc for sandboxes: %1</source>
        <translation>无法为沙箱准备 /etc：%1</translation>
    </message>
    <message>
        <source>Could not install the Python kernel into %1</source>
        <translation>无法将 Python 内核安装到 %1</translation>
    </message>
    <message>
        <source>bubblewrap (bwrap) is not installed; local sandboxes need it. Install it (Debian/Ubuntu: sudo apt install bubblewrap, Fedora: sudo dnf install bubblewrap, Arch: sudo pacman -S bubblewrap).</source>
        <translation>未安装 bubblewrap（bwrap），本地沙箱需要它。请安装（Debian/Ubuntu：sudo apt install bubblewrap，Fedora：sudo dnf install bubblewrap，Arch：sudo pacman -S bubblewrap）。</translation>
    </message>
    <message>
        <source>%1 is setuid root; local sandboxes need the normal, unprivileged bubblewrap 0.8 or newer (e.g. the distribution package).</source>
        <translation>%1 设置了 setuid root；本地沙箱需要普通的、非特权的 bubblewrap 0.8 或更新版本（例如发行版自带的软件包）。</translation>
    </message>
    <message>
        <source>bubblewrap %1 is too old; local sandboxes need 0.8.0 or newer (for --disable-userns).</source>
        <translation>bubblewrap %1 版本过旧；本地沙箱需要 0.8.0 或更新版本（以支持 --disable-userns）。</translation>
    </message>
    <message>
        <source>bubblewrap did not finish a trivial sandbox within 10 s.</source>
        <translation>bubblewrap 未能在 10 秒内完成一个最简单的沙箱。</translation>
    </message>
    <message>
        <source>AppArmor blocks the user namespaces bubblewrap needs (bwrap: %1). The hopx-desktop package installs an AppArmor profile that allows them for hopx-desktop alone (/etc/apparmor.d/hopx-desktop); for a build from a clone, ./scripts/run.sh offers to install one. Or allow them for everyone with sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0.</source>
        <translation>AppArmor 阻止了 bubblewrap 所需的用户命名空间（bwrap：%1）。hopx-desktop 软件包会安装一个仅对 hopx-desktop 放行的 AppArmor 配置文件（/etc/apparmor.d/hopx-desktop）；从克隆的源码构建时，./scripts/run.sh 会提出为你安装一个。也可以用 sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0 对所有程序放行。</translation>
    </message>
    <message>
        <source>Unprivileged user namespaces are disabled (bwrap: %1). Enable them with sudo sysctl kernel.unprivileged_userns_clone=1.</source>
        <translation>非特权用户命名空间已被禁用（bwrap：%1）。请用 sudo sysctl kernel.unprivileged_userns_clone=1 启用。</translation>
    </message>
    <message>
        <source>User namespaces are disabled (bwrap: %1). Enable them with sudo sysctl user.max_user_namespaces=15000.</source>
        <translation>用户命名空间已被禁用（bwrap：%1）。请用 sudo sysctl user.max_user_namespaces=15000 启用。</translation>
    </message>
    <message>
        <source>bubblewrap cannot create a sandbox here: exit code %1</source>
        <translation>bubblewrap 无法在此创建沙箱：退出码 %1</translation>
    </message>
    <message>
        <source>bubblewrap cannot create a sandbox here: %1</source>
        <translation>bubblewrap 无法在此创建沙箱：%1</translation>
    </message>
    <message>
        <source>hopx-capfs is missing beside the app (reinstall HOPX Desktop)</source>
        <translation>应用旁边缺少 hopx-capfs（请重新安装 HOPX Desktop）</translation>
    </message>
    <message>
        <source>fusermount3 is missing (Debian/Ubuntu: sudo apt install fuse3)</source>
        <translation>缺少 fusermount3（Debian/Ubuntu：sudo apt install fuse3）</translation>
    </message>
    <message>
        <source>/etc/mtab is missing, and without it fusermount3 cannot unmount a sandbox&apos;s disk (create the usual link: sudo ln -s ../proc/self/mounts /etc/mtab)</source>
        <translation>缺少 /etc/mtab，没有它 fusermount3 无法卸载沙箱的磁盘（请创建常规的链接：sudo ln -s ../proc/self/mounts /etc/mtab）</translation>
    </message>
    <message>
        <source>/dev/fuse cannot be opened by this user (%1); desktop systems have it as mode 0666 (sudo chmod 666 /dev/fuse, or load the fuse module: sudo modprobe fuse)</source>
        <translation>当前用户无法打开 /dev/fuse（%1）；桌面系统上它的权限是 0666（sudo chmod 666 /dev/fuse，或加载 fuse 模块：sudo modprobe fuse）</translation>
    </message>
    <message>
        <source>Local sandboxes keep their files on a size-capped disk mounted with FUSE, and FUSE is unusable here: %1.</source>
        <translation>本地沙箱把文件保存在通过 FUSE 挂载、有容量上限的磁盘上，而此处无法使用 FUSE：%1。</translation>
    </message>
    <message>
        <source>it did not start again: %1</source>
        <translation>它未能再次启动：%1</translation>
    </message>
    <message>
        <source>Sandbox %1 cannot be used: %2. Its files are left as they are in %3.</source>
        <translation>沙箱 %1 无法使用：%2。它的文件原样保留在 %3。</translation>
    </message>
    <message>
        <source>The disk of deleted sandbox %1 is still mounted at %2: %3. Its files stay until it is unmounted; the app tries again at its next start.</source>
        <translation>已删除的沙箱 %1 的磁盘仍挂载在 %2：%3。在卸载之前，它的文件会一直保留；应用会在下次启动时再试。</translation>
    </message>
    <message>
        <source>its record names another sandbox (%1)</source>
        <translation>它的记录写的是另一个沙箱（%1）</translation>
    </message>
    <message>
        <source>its disk did not mount: %1</source>
        <translation>它的磁盘未能挂载：%1</translation>
    </message>
    <message>
        <source>Cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a private directory of this user; remove it.</source>
        <translation>%1 不是当前用户的私有目录；请删除它。</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>无法创建 %1。</translation>
    </message>
    <message>
        <source>this sandbox&apos;s files are in the disk image of an earlier version (%1); install fuse2fs once so they can be moved (Debian/Ubuntu: sudo apt install fuse2fs)</source>
        <translation>此沙箱的文件位于旧版本的磁盘映像中（%1）；请安装一次 fuse2fs 以便迁移这些文件（Debian/Ubuntu：sudo apt install fuse2fs）</translation>
    </message>
    <message>
        <source>fuse2fs could not mount the earlier disk image: %1</source>
        <translation>fuse2fs 无法挂载旧版本的磁盘映像：%1</translation>
    </message>
    <message>
        <source>moving the files out of the earlier disk image failed: %1</source>
        <translation>从旧版本的磁盘映像中迁出文件失败：%1</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>hopx-capfs could not mount the sandbox&apos;s disk: %1</source>
        <translation>hopx-capfs 无法挂载沙箱的磁盘：%1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>Local sandboxes need a private directory for their files: cannot create %1.</source>
        <translation>本地沙箱需要一个私有目录来存放文件：无法创建 %1。</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, more than any record (damaged?)</source>
        <translation>%1 有 %2 字节，超出任何记录的大小（已损坏？）</translation>
    </message>
    <message>
        <source>%1 is damaged (%2 at byte %3), perhaps cut short by a full disk or a crash</source>
        <translation>%1 已损坏（第 %3 字节处：%2），可能因磁盘已满或崩溃而被截断</translation>
    </message>
    <message>
        <source>%1 has no valid format version (%2)</source>
        <translation>%1 没有有效的格式版本（%2）</translation>
    </message>
    <message>
        <source>it was made by a newer version of HOPX Desktop (sandbox format %1; this version reads formats up to %2): use it with that version, or update this one</source>
        <translation>它由更新版本的 HOPX Desktop 创建（沙箱格式 %1；此版本最高读取格式 %2）：请使用那个版本，或更新此版本</translation>
    </message>
    <message>
        <source>%1 lacks the sandbox&apos;s id, creation time or disk cap</source>
        <translation>%1 缺少沙箱的 ID、创建时间或磁盘上限</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>cannot copy /etc/%1 into %2</source>
        <translation>无法将 /etc/%1 复制到 %2</translation>
    </message>
    <message>
        <source>cannot write the fabricated passwd/group/hosts</source>
        <translation>无法写入生成的 passwd/group/hosts</translation>
    </message>
    <message>
        <source>cannot replace %1</source>
        <translation>无法替换 %1</translation>
    </message>
    <message>
        <source>cannot move %1 into place</source>
        <translation>无法将 %1 移到位</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::SecretStore</name>
    <message>
        <source>A secret needs at least one host it belongs to.</source>
        <translation>机密至少需要一个所属主机。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name or *.pattern.</source>
        <translation>“%1”不是主机名或 *.通配模式。</translation>
    </message>
    <message>
        <source>The settings are not available.</source>
        <translation>设置不可用。</translation>
    </message>
    <message>
        <source>No secret named &quot;%1&quot;.</source>
        <translation>没有名为“%1”的机密。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name or *.pattern (e.g. api.example.com or *.example.org).</source>
        <translation>“%1”不是主机名或 *.通配模式（例如 api.example.com 或 *.example.org）。</translation>
    </message>
    <message>
        <source>A secret needs at least one host it belongs to (e.g. --hosts api.example.com,*.example.org).</source>
        <translation>机密至少需要一个所属主机（例如 --hosts api.example.com,*.example.org）。</translation>
    </message>
    <message>
        <source>A secret&apos;s name is its environment variable in the sandbox: capital letters, digits and _, not starting with a digit, at most 64 (e.g. GITHUB_TOKEN).</source>
        <translation>机密的名称就是它在沙箱中的环境变量名：大写字母、数字和 _，不能以数字开头，最多 64 个字符（例如 GITHUB_TOKEN）。</translation>
    </message>
    <message>
        <source>%1 is an environment variable sandboxes need for themselves; choose another name.</source>
        <translation>%1 是沙箱自身需要的环境变量，请换一个名称。</translation>
    </message>
    <message>
        <source>The secret&apos;s value is empty.</source>
        <translation>机密的值为空。</translation>
    </message>
    <message>
        <source>The secret&apos;s value is longer than %1 bytes.</source>
        <translation>机密的值超过 %1 字节。</translation>
    </message>
    <message>
        <source>The secret&apos;s value contains a control character (a line break?); it goes into HTTP headers as it is.</source>
        <translation>机密的值包含控制字符（换行？）；它会原样写入 HTTP 头。</translation>
    </message>
</context>
<context>
    <name>Hopx::Core::Settings</name>
    <message>
        <source>Cannot remove %1.</source>
        <translation>无法删除 %1。</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>无法创建 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ApiKeyDialog</name>
    <message>
        <source>S&amp;how</source>
        <translation>显示(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Test key</source>
        <translation>测试密钥(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Save in keychain</source>
        <translation>保存到钥匙串(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Remove saved key</source>
        <translation>移除已保存的密钥(&amp;R)</translation>
    </message>
    <message>
        <source>HOPX API key</source>
        <translation>HOPX API 密钥</translation>
    </message>
    <message>
        <source>The key lets HOPX Desktop run sandboxes in the HOPX cloud. It is kept in your system keychain, never in a file or a log.</source>
        <translation>有了此密钥，HOPX Desktop 就能在 HOPX 云中运行沙箱。密钥保存在系统钥匙串中，绝不会写入文件或日志。</translation>
    </message>
    <message>
        <source>&lt;b&gt;No key yet? Local sandboxes already work&lt;/b&gt; on this machine without one. Get a key at &lt;a href=&quot;https://hopx.ai&quot;&gt;hopx.ai&lt;/a&gt; when you want cloud sandboxes.</source>
        <translation>&lt;b&gt;还没有密钥？本地沙箱已经可以使用&lt;/b&gt;，无需密钥即可在本机运行。需要云端沙箱时，请到 &lt;a href=&quot;https://hopx.ai&quot;&gt;hopx.ai&lt;/a&gt; 获取密钥。</translation>
    </message>
    <message>
        <source>HOPX_API_KEY is set in the environment: it takes precedence over the key saved here.</source>
        <translation>环境变量中已设置 HOPX_API_KEY：它优先于此处保存的密钥。</translation>
    </message>
    <message>
        <source>Paste your HOPX API key</source>
        <translation>粘贴你的 HOPX API 密钥</translation>
    </message>
    <message>
        <source>Show the key</source>
        <translation>显示密钥</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <source>Ask HOPX whether it accepts the key (the typed one, else the saved one)</source>
        <translation>询问 HOPX 是否接受此密钥（优先使用输入的密钥，否则使用已保存的密钥）</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>No keychain is available.</source>
        <translation>没有可用的钥匙串。</translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation>正在读取钥匙串…</translation>
    </message>
    <message>
        <source>A key is saved in the keychain: %1</source>
        <translation>钥匙串中已保存密钥：%1</translation>
    </message>
    <message>
        <source>No key is saved.</source>
        <translation>尚未保存密钥。</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Asking HOPX…</source>
        <translation>正在询问 HOPX…</translation>
    </message>
    <message>
        <source>Saved in the keychain. New HOPX sandboxes use this key.</source>
        <translation>已保存到钥匙串。新的 HOPX 沙箱将使用此密钥。</translation>
    </message>
    <message>
        <source>The saved key was removed. Local sandboxes keep working.</source>
        <translation>已移除保存的密钥。本地沙箱仍可正常使用。</translation>
    </message>
    <message>
        <source>Use for this session &amp;only</source>
        <translation>仅用于本次会话(&amp;O)</translation>
    </message>
    <message>
        <source>Keep the key in memory until HOPX Desktop quits; nothing is saved</source>
        <translation>在 HOPX Desktop 退出前将密钥保存在内存中；不会保存到任何地方</translation>
    </message>
    <message>
        <source>A key is in use for this session only: %1. It is not saved anywhere; enter it again after HOPX Desktop restarts.</source>
        <translation>本次会话正在使用密钥：%1。它没有保存在任何地方；HOPX Desktop 重启后需要重新输入。</translation>
    </message>
    <message>
        <source>No keychain is running, so the key cannot be saved. &quot;Use for this session only&quot; keeps it in memory until HOPX Desktop quits.</source>
        <translation>没有正在运行的钥匙串，因此无法保存密钥。“仅用于本次会话”会将其保存在内存中，直到 HOPX Desktop 退出。</translation>
    </message>
    <message>
        <source>Using this key until HOPX Desktop quits. It is not saved: install and unlock a keychain (GNOME Keyring, KWallet) to keep it.</source>
        <translation>在 HOPX Desktop 退出前使用此密钥。它不会被保存：如需长期保留，请安装并解锁钥匙串（GNOME Keyring、KWallet）。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ApiKeyTester</name>
    <message>
        <source>The network is not available.</source>
        <translation>网络不可用。</translation>
    </message>
    <message>
        <source>The key works: HOPX at %1 accepted it.</source>
        <translation>密钥有效：%1 上的 HOPX 已接受该密钥。</translation>
    </message>
    <message>
        <source>Invalid key: HOPX rejected it (401). Check that you copied the whole key.</source>
        <translation>密钥无效：HOPX 拒绝了该密钥（401）。请检查是否复制了完整的密钥。</translation>
    </message>
    <message>
        <source>HOPX knows this key but does not allow it to list templates (403). Check the key&apos;s permissions.</source>
        <translation>HOPX 识别此密钥，但不允许它列出模板（403）。请检查该密钥的权限。</translation>
    </message>
    <message>
        <source>HOPX is rate-limiting this key (429); try again in a minute.</source>
        <translation>HOPX 正在对此密钥限流（429），请一分钟后重试。</translation>
    </message>
    <message>
        <source>HOPX answered with a server error (%1); try again later.</source>
        <translation>HOPX 返回了服务器错误（%1），请稍后重试。</translation>
    </message>
    <message>
        <source>HOPX answered with HTTP %1.</source>
        <translation>HOPX 返回了 HTTP %1。</translation>
    </message>
    <message>
        <source>HOPX at %1 did not answer in time.</source>
        <translation>%1 上的 HOPX 未及时响应。</translation>
    </message>
    <message>
        <source>Cannot reach HOPX at %1: %2</source>
        <translation>无法连接 %1 上的 HOPX：%2</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ApprovalsView</name>
    <message>
        <source>Allow &amp;once</source>
        <translation>允许一次(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>拒绝(&amp;D)</translation>
    </message>
    <message>
        <source>Waiting for your approval</source>
        <translation>等待你的批准</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) waiting for your approval</source>
        <translation>
            <numerusform>%n 个请求等待你的批准</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ClientsView</name>
    <message>
        <source>Connected clients</source>
        <translation>已连接的客户端</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No MCP client is connected.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Add HOPX to your IDE or assistant once; it connects whenever it needs a sandbox.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;没有已连接的 MCP 客户端。&lt;/b&gt;&lt;/p&gt;&lt;p&gt;只需在 IDE 或 AI 助手中添加一次 HOPX，之后它需要沙箱时就会自动连接。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Connect an IDE…</source>
        <translation>连接 IDE(&amp;C)…</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::CloudPage</name>
    <message>
        <source>HOPX base URL</source>
        <translation>HOPX 基础 URL</translation>
    </message>
    <message>
        <source>HOPX &amp;base URL:</source>
        <translation>HOPX 基础 URL(&amp;B)：</translation>
    </message>
    <message>
        <source>Leave empty for the public HOPX cloud. HOPX_BASE_URL in the environment takes precedence.</source>
        <translation>留空则使用公共 HOPX 云。环境变量 HOPX_BASE_URL 优先于此设置。</translation>
    </message>
    <message>
        <source>The HOPX base URL must be an http(s) address, like https://api.hopx.dev.</source>
        <translation>HOPX 基础 URL 必须是 http(s) 地址，例如 https://api.hopx.dev。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Look for other sandboxes every</source>
        <translation>查找其他沙箱的间隔</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>&amp;Look for other sandboxes every:</source>
        <translation>查找其他沙箱的间隔(&amp;L)：</translation>
    </message>
    <message>
        <source>While an API key is set, sandboxes of your account made elsewhere (another computer, the HOPX dashboard) show up in the window. Less often, or never, spares an account with tight rate limits.</source>
        <translation>设置了 API 密钥时，你的账户在别处（另一台电脑、HOPX 控制台）创建的沙箱也会显示在窗口中。查找得少一些或从不查找，可照顾速率限制较紧的账户。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ConnectIdeDialog</name>
    <message>
        <source>Copy co&amp;mmand</source>
        <translation>复制命令(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Copy configuration</source>
        <translation>复制配置(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Install</source>
        <translation>安装(&amp;I)</translation>
    </message>
    <message>
        <source>Connect an IDE</source>
        <translation>连接 IDE</translation>
    </message>
    <message>
        <source>IDE or client</source>
        <translation>IDE 或客户端</translation>
    </message>
    <message>
        <source>IDEs start &lt;b&gt;hopx-mcp&lt;/b&gt;, a small bridge next to this app, and it connects them to HOPX Desktop. Give your IDE this configuration once.</source>
        <translation>IDE 会启动 &lt;b&gt;hopx-mcp&lt;/b&gt;（本应用旁边的一个小型桥接程序），由它把 IDE 连接到 HOPX Desktop。只需把下面的配置添加到 IDE 中一次即可。</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Copied. Paste it into the configuration file shown above.</source>
        <translation>已复制。请将其粘贴到上面所示的配置文件中。</translation>
    </message>
    <message>
        <source>Install adds HOPX to Claude Desktop&apos;s configuration. Restart Claude Desktop afterwards.</source>
        <translation>“安装”会把 HOPX 添加到 Claude Desktop 的配置中。完成后请重启 Claude Desktop。</translation>
    </message>
    <message>
        <source>Install adds HOPX to Cursor&apos;s global MCP servers; Cursor picks it up in Settings → MCP.</source>
        <translation>“安装”会把 HOPX 添加到 Cursor 的全局 MCP 服务器中，可在 Cursor 的“设置 → MCP”中找到它。</translation>
    </message>
    <message>
        <source>Install adds HOPX to VS Code&apos;s user MCP servers, for Copilot agent mode. A file with comments is left alone: copy the entry in by hand.</source>
        <translation>“安装”会把 HOPX 添加到 VS Code 的用户 MCP 服务器中，供 Copilot 代理模式使用。含有注释的文件不会被改动，请手动复制该条目。</translation>
    </message>
    <message>
        <source>Run the command below, or let Install add HOPX to Claude Code&apos;s user configuration. Start a new Claude Code session afterwards.</source>
        <translation>运行下面的命令，或使用“安装”把 HOPX 添加到 Claude Code 的用户配置中。完成后请开启新的 Claude Code 会话。</translation>
    </message>
    <message>
        <source>Any MCP client that starts servers over stdio: run the command below with no arguments. Most clients take this JSON shape.</source>
        <translation>适用于任何通过 stdio 启动服务器的 MCP 客户端：不带参数运行下面的命令即可。大多数客户端都接受这种 JSON 格式。</translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation>命令：%1</translation>
    </message>
    <message>
        <source>Configuration file: %1</source>
        <translation>配置文件：%1</translation>
    </message>
    <message>
        <source>Merge HOPX into %1, keeping every other server; the old file is backed up first</source>
        <translation>将 HOPX 合并到 %1 中，保留其他所有服务器；会先备份原文件</translation>
    </message>
    <message>
        <source>%1 is already set up in %2.</source>
        <translation>%1 已在 %2 中配置好。</translation>
    </message>
    <message>
        <source>The previous file is saved as %1.</source>
        <translation>原文件已另存为 %1。</translation>
    </message>
    <message>
        <source>Or &amp;run this command:</source>
        <translation>或运行此命令(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Move to HOPX Desktop</source>
        <translation>迁移到 HOPX Desktop(&amp;M)</translation>
    </message>
    <message>
        <source>Replace every uvx hopx-mcp entry with HOPX Desktop, keeping the other servers; an HOPX_API_KEY found there moves to the keychain. Each file is backed up first.</source>
        <translation>将每个 uvx hopx-mcp 条目替换为 HOPX Desktop，其他服务器保持不变；其中找到的 HOPX_API_KEY 会移入钥匙串。每个文件都会先备份。</translation>
    </message>
    <message numerus="yes">
        <source>%n configuration(s) still start the Python server (uvx hopx-mcp): %1.</source>
        <translation>
            <numerusform>%n 个配置仍在启动 Python 服务器（uvx hopx-mcp）：%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Install adds HOPX to Gemini CLI&apos;s user settings; start a new Gemini CLI session afterwards.</source>
        <translation>“安装”会将 HOPX 添加到 Gemini CLI 的用户设置中；之后请启动新的 Gemini CLI 会话。</translation>
    </message>
    <message>
        <source>Install adds an [mcp_servers.hopx] table to Codex&apos;s config.toml, leaving the rest of the file as it is.</source>
        <translation>“安装”会在 Codex 的 config.toml 中添加 [mcp_servers.hopx] 表，文件其余部分保持不变。</translation>
    </message>
    <message>
        <source>compact: every capability in a few tools (recommended)</source>
        <translation>compact：用少量工具提供全部功能（推荐）</translation>
    </message>
    <message>
        <source>hopx-mcp: the Python hopx-mcp server&apos;s tools, by their names</source>
        <translation>hopx-mcp：Python 版 hopx-mcp 服务器的工具，沿用原来的名称</translation>
    </message>
    <message>
        <source>full: every tool, one per operation</source>
        <translation>full：全部工具，每个操作一个</translation>
    </message>
    <message>
        <source>Clients limit how many tools they pass their model (Cursor 40 across all servers, Windsurf and Trae fewer): compact fits them all.</source>
        <translation>客户端会限制传给模型的工具数量（Cursor 所有服务器合计 40 个，Windsurf 和 Trae 更少）：compact 在所有客户端中都放得下。</translation>
    </message>
    <message>
        <source>&amp;Tools:</source>
        <translation>工具(&amp;T)：</translation>
    </message>
    <message>
        <source>Install adds HOPX to Windsurf&apos;s MCP servers; refresh them in Cascade&apos;s MCP panel afterwards.</source>
        <translation>“安装”会把 HOPX 加入 Windsurf 的 MCP 服务器；之后在 Cascade 的 MCP 面板中刷新即可。</translation>
    </message>
    <message>
        <source>Install adds HOPX to Qwen Code&apos;s user settings; start a new Qwen Code session afterwards.</source>
        <translation>“安装”会把 HOPX 加入 Qwen Code 的用户设置；之后开始一个新的 Qwen Code 会话。</translation>
    </message>
    <message>
        <source>Install adds HOPX to Cline&apos;s MCP servers in ~/.cline, which its CLI and its VS Code extension share; start a new Cline task afterwards.</source>
        <translation>“安装”会把 HOPX 加入 Cline 在 ~/.cline 中的 MCP 服务器，Cline 的命令行和 VS Code 扩展共用这些服务器；之后请开始一个新的 Cline 任务。</translation>
    </message>
    <message>
        <source>Install adds HOPX to GitHub Copilot CLI&apos;s mcp-config.json with all of its tools allowed; start a new Copilot session afterwards.</source>
        <translation>“安装”会把 HOPX 加入 GitHub Copilot CLI 的 mcp-config.json，并允许使用它的全部工具；之后开始一个新的 Copilot 会话。</translation>
    </message>
    <message>
        <source>%1 · connected</source>
        <translation>%1 · 已连接</translation>
    </message>
    <message>
        <source>%1 already starts HOPX Desktop.</source>
        <translation>%1 已配置为启动 HOPX Desktop。</translation>
    </message>
    <message>
        <source>%1 · installed</source>
        <translation>%1 · 已安装</translation>
    </message>
    <message>
        <source>%1 is installed on this computer but not connected yet.</source>
        <translation>%1 已安装在这台电脑上，但尚未连接。</translation>
    </message>
    <message>
        <source>Install adds HOPX to the context servers in Zed&apos;s settings.json, keeping its comments; Zed picks the change up by itself.</source>
        <translation>“安装”会把 HOPX 加入 Zed 的 settings.json 中的上下文服务器（context_servers），并保留其中的注释；Zed 会自动应用这一更改。</translation>
    </message>
    <message>
        <source>Install adds HOPX to the global MCP servers of JetBrains AI Assistant (2025.3 and later), which every JetBrains IDE reads; restart the IDE afterwards.</source>
        <translation>“安装”会把 HOPX 加入 JetBrains AI Assistant（2025.3 及更高版本）的全局 MCP 服务器，所有 JetBrains IDE 都会读取它；之后请重启 IDE。</translation>
    </message>
    <message>
        <source>Install writes HOPX into a file of its own in Continue&apos;s global mcpServers folder, so your config.yaml stays as it is; reload Continue afterwards.</source>
        <translation>“安装”会把 HOPX 写入 Continue 全局 mcpServers 文件夹中一个单独的文件，你的 config.yaml 保持不变；之后请重新加载 Continue。</translation>
    </message>
    <message>
        <source>Install adds HOPX to the extensions in Goose&apos;s config.yaml, keeping the others; start a new Goose session afterwards.</source>
        <translation>“安装”会把 HOPX 加入 Goose 的 config.yaml 中的扩展（extensions），其他扩展保持不变；之后请开始一个新的 Goose 会话。</translation>
    </message>
    <message>
        <source>Install adds HOPX to the MCP servers in opencode&apos;s configuration, keeping its comments; start opencode again afterwards.</source>
        <translation>“安装”会把 HOPX 加入 opencode 配置中的 MCP 服务器，并保留其中的注释；之后请重新启动 opencode。</translation>
    </message>
    <message>
        <source>Install adds HOPX to the MCP servers in Kilo&apos;s kilo.jsonc, which the Kilo CLI and its VS Code extension read (and to the extension&apos;s older mcp_settings.json, where there is one); start a new Kilo session afterwards.</source>
        <translation>“安装”会把 HOPX 加入 Kilo 的 kilo.jsonc 中的 MCP 服务器，Kilo 命令行和它的 VS Code 扩展都读取这个文件（如果扩展还有旧的 mcp_settings.json，也会一并加入）；之后请开始一个新的 Kilo 会话。</translation>
    </message>
    <message>
        <source>%1 also reads %2, which has the same entry now.</source>
        <translation>%1 也会读取 %2，其中现在也有同样的条目。</translation>
    </message>
    <message>
        <source>Created %1 with HOPX in it.</source>
        <translation>已创建 %1 并加入 HOPX。</translation>
    </message>
    <message>
        <source>Added HOPX to %1; the other servers are unchanged.</source>
        <translation>已将 HOPX 添加到 %1，其他服务器保持不变。</translation>
    </message>
    <message>
        <source>Updated the HOPX entry in %1.</source>
        <translation>已更新 %1 中的 HOPX 条目。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FigureCache</name>
    <message>
        <source>Too large to show here (%1 × %2 pixels); Save as… keeps it.</source>
        <translation>太大，无法在此显示（%1 × %2 像素）；可用“另存为…”保存。</translation>
    </message>
    <message>
        <source>This image cannot be shown: %1</source>
        <translation>无法显示此图像：%1</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FigureDialog</name>
    <message>
        <source>&amp;Previous</source>
        <translation>上一张(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Next</source>
        <translation>下一张(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Save as…</source>
        <translation>另存为(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the figure as the sandbox made it</source>
        <translation>按沙箱生成的原样保存图表</translation>
    </message>
    <message>
        <source>Figure %1 of %2</source>
        <translation>图表 %1 / %2</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The log no longer keeps this figure: it keeps those of the newest runs only.</source>
        <translation>日志已不再保留此图表：只保留最近几次运行的图表。</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>%1 × %2 pixels, %3, %4</source>
        <translation>%1 × %2 像素，%3，%4</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Figure %1 of %2: %3</source>
        <translation>图表 %1 / %2：%3</translation>
    </message>
    <message>
        <source>Save figure</source>
        <translation>保存图表</translation>
    </message>
    <message>
        <source>%1 images (*.%2)</source>
        <translation>%1 图像 (*.%2)</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>已保存到 %1</translation>
    </message>
    <message>
        <source>Could not save: %1</source>
        <translation>无法保存：%1</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FigureStrip</name>
    <message>
        <source>Figures of the selected run</source>
        <translation>所选运行的图表</translation>
    </message>
    <message>
        <source>Figure %1</source>
        <translation>图表 %1</translation>
    </message>
    <message>
        <source>%1: no longer kept</source>
        <translation>%1：已不再保留</translation>
    </message>
    <message>
        <source>The log keeps the figures of its newest runs only</source>
        <translation>日志只保留最近几次运行的图表</translation>
    </message>
    <message>
        <source>%1: %2 × %3</source>
        <translation>%1：%2 × %3</translation>
    </message>
    <message>
        <source>%1 image, %2: click to enlarge</source>
        <translation>%1 图像，%2：点击放大</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FirstRunPanel</name>
    <message>
        <source>&amp;Connect an IDE…</source>
        <translation>连接 IDE(&amp;C)…</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No sandboxes yet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;When an AI assistant creates a sandbox through MCP, it shows up here with its status, network, time left and resource use.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;还没有沙箱。&lt;/b&gt;&lt;/p&gt;&lt;p&gt;当 AI 助手通过 MCP 创建沙箱后，它会显示在这里，附带状态、网络、剩余时间和资源用量。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Connect an IDE</source>
        <translation>连接 IDE</translation>
    </message>
    <message>
        <source>No IDE is connected yet: connect one and ask its assistant to run code.</source>
        <translation>尚未连接任何 IDE：连接一个，然后让它的助手运行代码。</translation>
    </message>
    <message>
        <source>Connected: %1. Ask its assistant to run some Python.</source>
        <translation>已连接：%1。让它的助手运行一段 Python 试试。</translation>
    </message>
    <message>
        <source>Installed here, not connected yet: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>已安装但尚未连接：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::FoldersPage</name>
    <message>
        <source>Approved folders</source>
        <translation>已批准的文件夹</translation>
    </message>
    <message>
        <source>A&amp;dd folder…</source>
        <translation>添加文件夹(&amp;D)…</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Largest folder copied to the cloud</source>
        <translation>复制到云端的文件夹上限</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> KiB</translation>
    </message>
    <message>
        <source>Largest file read inline</source>
        <translation>直接读取的文件上限</translation>
    </message>
    <message>
        <source>Approve a folder</source>
        <translation>批准文件夹</translation>
    </message>
    <message>
        <source>&amp;Approved folders:</source>
        <translation>已批准的文件夹(&amp;A)：</translation>
    </message>
    <message>
        <source>Sandboxes may read these folders, and tools may copy files into them, without asking you each time. &quot;Always for this folder&quot; adds a folder here; remove a line to be asked again. One folder per line.</source>
        <translation>沙箱可以读取这些文件夹，工具也可以把文件复制进去，无需每次询问你。“此文件夹始终允许”会把文件夹加到这里；删掉一行即可恢复询问。每行一个文件夹。</translation>
    </message>
    <message>
        <source>&amp;Cloud copy up to:</source>
        <translation>云端复制上限(&amp;C)：</translation>
    </message>
    <message>
        <source>A HOPX cloud sandbox cannot see your folders: what git would commit of them is copied in, up to this size in all.</source>
        <translation>HOPX 云沙箱看不到你的文件夹：会把其中 git 会提交的内容复制进去，总量不超过此大小。</translation>
    </message>
    <message>
        <source>&amp;Inline files up to:</source>
        <translation>直接读取上限(&amp;I)：</translation>
    </message>
    <message>
        <source>A text file this size or smaller is read straight into the conversation; a larger one comes as a link the assistant can download.</source>
        <translation>不超过此大小的文本文件会直接读入对话；更大的文件以链接形式提供，助手可以下载。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a folder&apos;s full path; write paths like /home/you/project, one per line (never / itself).</source>
        <translation>“%1”不是文件夹的完整路径；请写成 /home/you/project 这样的路径，每行一个（不能是 / 本身）。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::GeneralPage</name>
    <message>
        <source>Start HOPX Desktop when I log in</source>
        <translation>登录时启动 HOPX Desktop</translation>
    </message>
    <message>
        <source>Automatic: HOPX cloud when an API key is set, else local</source>
        <translation>自动：已设置 API 密钥时使用 HOPX 云，否则使用本地</translation>
    </message>
    <message>
        <source>Local sandboxes on this machine</source>
        <translation>本机上的本地沙箱</translation>
    </message>
    <message>
        <source>HOPX cloud</source>
        <translation>HOPX 云</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Default provider:</source>
        <translation>默认提供方(&amp;D)：</translation>
    </message>
    <message>
        <source>Used when a tool call does not name a provider. An IDE can override it with HOPX_PROVIDER.</source>
        <translation>工具调用未指定提供方时使用。IDE 可以通过 HOPX_PROVIDER 覆盖此设置。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>A new language applies when HOPX Desktop starts again; you can restart it from here.</source>
        <translation>新语言将在 HOPX Desktop 重新启动后生效；可以在此处直接重启。</translation>
    </message>
    <message>
        <source>Starts in the background, so IDEs find it ready.</source>
        <translation>在后台启动，IDE 需要时即可直接使用。</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Default sandbox timeout</source>
        <translation>默认沙箱超时</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> KiB</translation>
    </message>
    <message>
        <source>Output cap per stream</source>
        <translation>每个输出流的上限</translation>
    </message>
    <message>
        <source>Default &amp;timeout:</source>
        <translation>默认超时(&amp;T)：</translation>
    </message>
    <message>
        <source>A new sandbox, local or in the cloud, is deleted this long after it was created, unless the assistant asks for another timeout or extends it.</source>
        <translation>新沙箱（本地或云端）在创建后经过这段时间即被删除，除非助手指定了其他超时时间或延长了超时。</translation>
    </message>
    <message>
        <source>&amp;Output cap:</source>
        <translation>输出上限(&amp;O)：</translation>
    </message>
    <message>
        <source>Longer stdout or stderr of a run is cut and marked as truncated.</source>
        <translation>一次运行中超出上限的 stdout 或 stderr 会被截断，并标记为已截断。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::GuiApplication</name>
    <message>
        <source>HOPX Desktop</source>
        <translation>HOPX Desktop</translation>
    </message>
    <message>
        <source>MCP over HTTP at %1</source>
        <translation>MCP HTTP 服务地址：%1</translation>
    </message>
    <message>
        <source>HOPX Desktop needs your approval</source>
        <translation>HOPX Desktop 需要你的批准</translation>
    </message>
    <message>
        <source>&amp;Secrets</source>
        <translation>机密(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Allow %1</source>
        <translation>允许 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A notice&apos;s title, then its text, on one line.
----------
A provider&apos;s name, then why it cannot be used.</extracomment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::HttpPage</name>
    <message>
        <source>Serve MCP over HTTP on this computer</source>
        <translation>在本机通过 HTTP 提供 MCP 服务</translation>
    </message>
    <message>
        <source>HTTP port</source>
        <translation>HTTP 端口</translation>
    </message>
    <message>
        <source>Cop&amp;y</source>
        <translation>复制(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;Regenerate</source>
        <translation>重新生成(&amp;R)</translation>
    </message>
    <message>
        <source>Bearer token</source>
        <translation>Bearer 令牌</translation>
    </message>
    <message>
        <source>Copy the token</source>
        <translation>复制令牌</translation>
    </message>
    <message>
        <source>Regenerate the token</source>
        <translation>重新生成令牌</translation>
    </message>
    <message>
        <source>Make a new token; clients using the old one must be updated</source>
        <translation>生成新令牌；使用旧令牌的客户端需要更新</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>地址：</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>令牌(&amp;T)：</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <source>Only programs on this computer can connect, and only with this token as &quot;Authorization: Bearer &lt;token&gt;&quot;. The token is kept in the keychain. Changes apply as soon as you press Apply or OK.</source>
        <translation>只有本机上的程序可以连接，并且必须以“Authorization: Bearer &lt;token&gt;”的形式提供此令牌。令牌保存在钥匙串中。按下“应用”或“确定”后更改立即生效。</translation>
    </message>
    <message>
        <source>No keychain available</source>
        <translation>没有可用的钥匙串</translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation>正在读取钥匙串…</translation>
    </message>
    <message>
        <source>Not serving.</source>
        <translation>未提供服务。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Serving at %1</source>
        <translation>正在 %1 提供服务</translation>
    </message>
    <message>
        <source>Serving at %1, as --http on the command line says. These settings apply when HOPX Desktop starts without --http.</source>
        <translation>按照命令行参数 --http 在 %1 提供服务。不带 --http 启动 HOPX Desktop 时才会应用这些设置。</translation>
    </message>
    <message>
        <source>No keychain: this token lasts until HOPX Desktop quits, then a new one is made.</source>
        <translation>没有钥匙串：此令牌仅在 HOPX Desktop 退出前有效，之后会生成新令牌。</translation>
    </message>
    <message>
        <source>A new token is in effect. Update the clients that used the old one.</source>
        <translation>新令牌已生效。请更新使用旧令牌的客户端。</translation>
    </message>
    <message>
        <source>%1. Choose another port, or stop the program that uses it.</source>
        <translation>%1。请选择其他端口，或停止占用它的程序。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::LocalPage</name>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Memory limit per sandbox</source>
        <translation>每个沙箱的内存上限</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>CPU time limit per run</source>
        <translation>每次运行的 CPU 时间上限</translation>
    </message>
    <message>
        <source>Process limit per sandbox</source>
        <translation>每个沙箱的进程数上限</translation>
    </message>
    <message>
        <source>Size of /tmp per sandbox</source>
        <translation>每个沙箱的 /tmp 大小</translation>
    </message>
    <message>
        <source>Disk space per sandbox</source>
        <translation>每个沙箱的磁盘空间</translation>
    </message>
    <message>
        <source>Disk space for all sandboxes</source>
        <translation>所有沙箱的磁盘空间</translation>
    </message>
    <message>
        <source>Delete local sandboxes when HOPX Desktop quits</source>
        <translation>HOPX Desktop 退出时删除本地沙箱</translation>
    </message>
    <message>
        <source>Sandboxes kept ready</source>
        <translation>预备的沙箱</translation>
    </message>
    <message>
        <source>Import Python packages ahead in spare sandboxes</source>
        <translation>在备用沙箱中预先导入 Python 包</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>不限制</translation>
    </message>
    <message>
        <source>Python modules to import ahead</source>
        <translation>要预先导入的 Python 模块</translation>
    </message>
    <message>
        <source>&amp;Memory:</source>
        <translation>内存(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;CPU time per run:</source>
        <translation>每次运行的 CPU 时间(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Processes:</source>
        <translation>进程数(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Disk space:</source>
        <translation>磁盘空间(&amp;D)：</translation>
    </message>
    <message>
        <source>Disk space in tot&amp;al:</source>
        <translation>磁盘空间总计(&amp;A)：</translation>
    </message>
    <message>
        <source>Each sandbox&apos;s /workspace, /home/user and checkpoints share its disk space; a program that writes more gets &quot;no space left&quot;. New sandboxes use a new size. The files stay on this computer until the sandbox is deleted or expires.</source>
        <translation>每个沙箱的 /workspace、/home/user 和检查点共用它的磁盘空间；程序写入超出时会收到“设备上没有空间”。新大小适用于新建的沙箱。文件保存在这台电脑上，直到沙箱被删除或过期。</translation>
    </message>
    <message>
        <source>T&amp;emporary files:</source>
        <translation>临时文件(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Kept ready:</source>
        <translation>预备数量(&amp;K)：</translation>
    </message>
    <message>
        <source>Mod&amp;ules:</source>
        <translation>模块(&amp;U)：</translation>
    </message>
    <message>
        <source>The Python of a sandbox waiting for its first use imports these, so a first run that needs them starts sooner.</source>
        <translation>等待首次使用的沙箱中的 Python 会预先导入这些模块，需要它们的首次运行因此启动更快。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a Python module name; write names like numpy or matplotlib.pyplot, separated by commas.</source>
        <translation>“%1”不是 Python 模块名；请填写 numpy 或 matplotlib.pyplot 这样的名称，以逗号分隔。</translation>
    </message>
    <message>
        <source>Open files per process</source>
        <translation>每个进程可打开的文件数</translation>
    </message>
    <message>
        <source>Open &amp;files per process:</source>
        <translation>每进程打开文件数(&amp;F)：</translation>
    </message>
    <message>
        <source>Sandboxes started ahead, so a new one is ready at once; each uses a little memory while it waits.</source>
        <translation>提前启动的沙箱，新沙箱可立即就绪；每个在等待时占用少量内存。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::LogsView</name>
    <message>
        <source>Let this sandbox connect to the host its network allowlist refused, from now on</source>
        <translation>从现在起允许此沙箱连接其网络允许列表拒绝的主机</translation>
    </message>
    <message>
        <source>Allow %1 for this sandbox</source>
        <translation>允许此沙箱连接 %1</translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation>跟随(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>清空(&amp;L)</translation>
    </message>
    <message>
        <source>Sandbox filter</source>
        <translation>沙箱筛选</translation>
    </message>
    <message>
        <source>All sandboxes</source>
        <translation>所有沙箱</translation>
    </message>
    <message>
        <source>Client filter</source>
        <translation>客户端筛选</translation>
    </message>
    <message>
        <source>All clients</source>
        <translation>所有客户端</translation>
    </message>
    <message>
        <source>Level filter</source>
        <translation>级别筛选</translation>
    </message>
    <message>
        <source>All levels, with debug</source>
        <translation>所有级别（含调试）</translation>
    </message>
    <message>
        <source>Info and above</source>
        <translation>信息及以上</translation>
    </message>
    <message>
        <source>Warnings and errors</source>
        <translation>警告和错误</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>仅错误</translation>
    </message>
    <message>
        <source>Search the log</source>
        <translation>搜索日志</translation>
    </message>
    <message>
        <source>Keep the newest line in view while you are at the bottom</source>
        <translation>停留在底部时，始终显示最新的一行</translation>
    </message>
    <message>
        <source>Save the lines shown to a text file</source>
        <translation>将显示的行保存到文本文件</translation>
    </message>
    <message>
        <source>Remove every line from the log</source>
        <translation>清除日志中的所有行</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Selected log line in full</source>
        <translation>所选日志行的完整内容</translation>
    </message>
    <message>
        <source>Select a line to see all of it: the code that ran, the whole output line, the error.</source>
        <translation>选择一行即可查看其完整内容：运行的代码、完整的输出行或错误信息。</translation>
    </message>
    <message>
        <source>%1 of %2 lines shown (the log keeps the newest %3)</source>
        <translation>显示 %1 / %2 行（日志保留最新的 %3 行）</translation>
    </message>
    <message>
        <source>Sandbox: %1</source>
        <translation>沙箱：%1</translation>
    </message>
    <message>
        <source>Client: %1</source>
        <translation>客户端：%1</translation>
    </message>
    <message>
        <source>Export log</source>
        <translation>导出日志</translation>
    </message>
    <message>
        <source>Text files (*.txt *.log)</source>
        <translation>文本文件 (*.txt *.log)</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>Could not export: %1</source>
        <translation>无法导出：%1</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::MainWindow</name>
    <message>
        <source>HOPX Desktop</source>
        <translation>HOPX Desktop</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>&amp;Sandboxes</source>
        <translation>沙箱(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Logs</source>
        <translation>日志(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Clients</source>
        <translation>客户端(&amp;C)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Local sandboxes already work&lt;/b&gt;, offline and without an account. Add a HOPX API key to also run sandboxes in the HOPX cloud.</source>
        <translation>&lt;b&gt;本地沙箱已经可以使用&lt;/b&gt;，无需联网，也无需账户。添加 HOPX API 密钥后，还可以在 HOPX 云中运行沙箱。</translation>
    </message>
    <message>
        <source>Add &amp;API key…</source>
        <translation>添加 API 密钥(&amp;A)…</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>暂不</translation>
    </message>
    <message>
        <source>No system tray was found. Closing this window keeps HOPX Desktop serving your IDEs; start it again to bring the window back. On GNOME, the AppIndicator extension adds a tray icon.</source>
        <translation>未找到系统托盘。关闭此窗口后，HOPX Desktop 仍会继续为你的 IDE 提供服务；再次启动它即可重新打开窗口。在 GNOME 上，安装 AppIndicator 扩展即可显示托盘图标。</translation>
    </message>
    <message>
        <source>&amp;Got it</source>
        <translation>知道了(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Connect an IDE…</source>
        <translation>连接 IDE(&amp;C)…</translation>
    </message>
    <message>
        <source>HOPX &amp;API key…</source>
        <translation>HOPX API 密钥(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>C&amp;lose window</source>
        <translation>关闭窗口(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Quit HOPX Desktop</source>
        <translation>退出 HOPX Desktop(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About HOPX Desktop</source>
        <translation>关于 HOPX Desktop(&amp;A)</translation>
    </message>
    <message>
        <source>About HOPX Desktop</source>
        <translation>关于 HOPX Desktop</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;HOPX Desktop %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Lets AI assistants in your IDE run code in isolated sandboxes over MCP: on this machine, or in the HOPX cloud.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;HOPX Desktop %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;让 IDE 中的 AI 助手通过 MCP 在隔离的沙箱中运行代码：既可以在本机运行，也可以在 HOPX 云中运行。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Sandboxes (%1)</source>
        <translation>沙箱(&amp;S)（%1）</translation>
    </message>
    <message>
        <source>&amp;Clients (%1)</source>
        <translation>客户端(&amp;C)（%1）</translation>
    </message>
    <message numerus="yes">
        <source>%n client(s)</source>
        <translation>
            <numerusform>%n 个客户端</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) running</source>
        <translation>
            <numerusform>%n 个沙箱正在运行</numerusform>
        </translation>
    </message>
    <message>
        <source>MCP server: %1</source>
        <translation>MCP 服务器：%1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Some sandboxes cannot run here.&lt;/b&gt;&lt;br&gt;%1</source>
        <translation>&lt;b&gt;有些沙箱无法在此运行。&lt;/b&gt;&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>Add a HOPX API key to run sandboxes in the HOPX cloud.</source>
        <translation>添加 HOPX API 密钥后，即可在 HOPX 云中运行沙箱。</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::NetworkPage</name>
    <message>
        <source>Package hosts</source>
        <translation>软件包主机</translation>
    </message>
    <message>
        <source>Always allowed hosts</source>
        <translation>始终允许的主机</translation>
    </message>
    <message>
        <source>Host map</source>
        <translation>主机映射</translation>
    </message>
    <message>
        <source>No network</source>
        <translation>无网络</translation>
    </message>
    <message>
        <source>The whole internet</source>
        <translation>整个互联网</translation>
    </message>
    <message>
        <source>New local &amp;sandboxes get:</source>
        <translation>新的本地沙箱获得(&amp;S)：</translation>
    </message>
    <message>
        <source>What a sandbox gets when the tool call does not say. A tool call can still ask for &quot;packages&quot;, a list of hosts, or the whole internet (which you are asked to allow).</source>
        <translation>工具调用未指定时沙箱获得的网络。工具调用仍可请求 “packages”、一组主机或整个互联网（会请你允许）。</translation>
    </message>
    <message>
        <source>&amp;Package hosts:</source>
        <translation>软件包主机(&amp;P)：</translation>
    </message>
    <message>
        <source>What the &quot;packages&quot; network stands for: package indexes and the hosts their files come from. One host per line; *.example.com allows its subdomains.</source>
        <translation>“packages” 网络所代表的主机：软件包索引及其文件所在的主机。每行一个主机；*.example.com 允许其子域名。</translation>
    </message>
    <message>
        <source>&amp;Always allowed:</source>
        <translation>始终允许(&amp;A)：</translation>
    </message>
    <message>
        <source>Host &amp;map:</source>
        <translation>主机映射(&amp;M)：</translation>
    </message>
    <message>
        <source>name=address pairs the sandboxes&apos; proxy uses instead of DNS, e.g. a package mirror on your network or on this computer.</source>
        <translation>沙箱代理用来代替 DNS 的“名称=地址”对，例如你网络中或本机上的软件包镜像。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name; write one host per line, like pypi.org or *.example.com.</source>
        <translation>“%1”不是主机名；请每行写一个主机，例如 pypi.org 或 *.example.com。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not name=address; write pairs like pypi.mirror.lan=192.168.1.20, one per line.</source>
        <translation>“%1”不是“名称=地址”；请写成 pypi.mirror.lan=192.168.1.20 这样的对，每行一个。</translation>
    </message>
    <message>
        <source>Added to every sandbox that has a list of hosts. A connection refused in the Logs offers to allow its host for that sandbox only; add it here for all.</source>
        <translation>添加到每个使用主机列表的沙箱。日志中被拒绝的连接可以只为该沙箱允许其主机；在此添加则对所有沙箱生效。</translation>
    </message>
    <message>
        <source>CA certificates</source>
        <translation>CA 证书</translation>
    </message>
    <message>
        <source>Add &amp;file…</source>
        <translation>添加文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Choose a CA certificate</source>
        <translation>选择 CA 证书</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>证书 (*.pem *.crt *.cer);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;CA certificates:</source>
        <translation>CA 证书(&amp;C)：</translation>
    </message>
    <message>
        <source>PEM files of certificate authorities the sandboxes&apos; proxy trusts besides the system&apos;s, when it connects to a secret&apos;s host itself: your company&apos;s CA, or a local API&apos;s. One file per line; new sandboxes use them.</source>
        <translation>沙箱代理亲自连接机密所属主机时，除系统证书外还信任的证书颁发机构的 PEM 文件：例如你公司的 CA，或本地 API 的 CA。每行一个文件；新沙箱会使用它们。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a PEM certificate file; write full paths of files that hold one, one per line.</source>
        <translation>“%1”不是 PEM 证书文件；请填写包含证书的文件的完整路径，每行一个。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::NotificationsPage</name>
    <message>
        <source>Show a desktop notification when:</source>
        <translation>在以下情况显示桌面通知：</translation>
    </message>
    <message>
        <source>An AI tool waits for your approval (a folder, internet access)</source>
        <translation>AI 工具等待你的批准（文件夹、互联网访问）</translation>
    </message>
    <message>
        <source>A sandbox expires in five minutes</source>
        <translation>沙箱将在五分钟后到期</translation>
    </message>
    <message>
        <source>A sandbox&apos;s disk is full</source>
        <translation>沙箱的磁盘已满</translation>
    </message>
    <message>
        <source>A sandbox was refused a connection (you can allow the host)</source>
        <translation>沙箱的连接被拒绝（你可以允许该主机）</translation>
    </message>
    <message>
        <source>A run finished: background, async, or over 30 s</source>
        <translation>运行结束：后台、异步或超过 30 秒的运行</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::PackagesPage</name>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Package cache size</source>
        <translation>软件包缓存大小</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>清空(&amp;L)</translation>
    </message>
    <message>
        <source>Python package index</source>
        <translation>Python 软件包索引</translation>
    </message>
    <message>
        <source>npm registry</source>
        <translation>npm 仓库</translation>
    </message>
    <message>
        <source>Clear the package cache</source>
        <translation>清空软件包缓存</translation>
    </message>
    <message>
        <source>&amp;Python index:</source>
        <translation>Python 索引(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;npm registry:</source>
        <translation>npm 仓库(&amp;N)：</translation>
    </message>
    <message>
        <source>Where pip and npm in local sandboxes really fetch from (a simple index and an npm registry). Every file is checked against the index&apos;s hash before a sandbox gets it.</source>
        <translation>本地沙箱中 pip 和 npm 实际下载的来源（simple 索引和 npm 仓库）。每个文件在交给沙箱前都会按索引给出的哈希校验。</translation>
    </message>
    <message>
        <source>Cache si&amp;ze:</source>
        <translation>缓存大小(&amp;Z)：</translation>
    </message>
    <message>
        <source>Holds:</source>
        <translation>内容：</translation>
    </message>
    <message>
        <source>Sandboxes share what one of them downloaded, so a second install of the same package needs no network. The least recently used files go first when it is full.</source>
        <translation>沙箱共享其中任一沙箱下载的内容，再次安装同一软件包无需联网。缓存满时，最久未用的文件最先删除。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http(s) address, like https://pypi.org/simple/.</source>
        <translation>“%1”不是 http(s) 地址，例如 https://pypi.org/simple/。</translation>
    </message>
    <message>
        <source>No local sandboxes in this run.</source>
        <translation>本次运行没有本地沙箱。</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1, in %2</source>
        <translation>
            <numerusform>%n 个文件，%1，位于 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Some files could not be deleted: %1</source>
        <translation>部分文件无法删除：%1</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::SandboxActions</name>
    <message>
        <source>its provider is not available</source>
        <translation>其提供方不可用</translation>
    </message>
    <message>
        <source>Could not allow %1 for %2: %3</source>
        <translation>无法为 %2 允许 %1：%3</translation>
    </message>
    <message>
        <source>%1 may now connect to %2.</source>
        <translation>%1 现在可以连接 %2。</translation>
    </message>
    <message>
        <source>Cannot delete %1: its provider is not available.</source>
        <translation>无法删除 %1：其提供方不可用。</translation>
    </message>
    <message>
        <source>Could not delete %1: %2</source>
        <translation>删除 %1 失败：%2</translation>
    </message>
    <message>
        <source>Deleted %1.</source>
        <translation>已删除 %1。</translation>
    </message>
    <message>
        <source>Cannot extend %1: it is no longer known.</source>
        <translation>无法延长 %1：找不到该沙箱。</translation>
    </message>
    <message>
        <source>Could not extend %1: %2</source>
        <translation>延长 %1 失败：%2</translation>
    </message>
    <message>
        <source>%1 now has %2 left.</source>
        <translation>%1 现在还剩 %2。</translation>
    </message>
    <message>
        <source>This sandbox has no workspace folder on this computer.</source>
        <translation>此沙箱在本机上没有工作区文件夹。</translation>
    </message>
    <message>
        <source>No file manager could open %1.</source>
        <translation>没有文件管理器能打开 %1。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::SandboxesView</name>
    <message>
        <source>Sandboxes</source>
        <translation>沙箱</translation>
    </message>
    <message>
        <source>Filter by id, template, status…</source>
        <translation>按 ID、模板、状态筛选…</translation>
    </message>
    <message>
        <source>Filter sandboxes</source>
        <translation>筛选沙箱</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the selected sandboxes (Del)</source>
        <translation>删除所选沙箱 (Del)</translation>
    </message>
    <message>
        <source>&amp;Copy ID</source>
        <translation>复制 ID(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the selected ids to the clipboard (Ctrl+C)</source>
        <translation>将所选 ID 复制到剪贴板 (Ctrl+C)</translation>
    </message>
    <message>
        <source>Open &amp;workspace</source>
        <translation>打开工作区(&amp;W)</translation>
    </message>
    <message>
        <source>Open the local sandbox&apos;s /workspace folder (Ctrl+O)</source>
        <translation>打开本地沙箱的 /workspace 文件夹 (Ctrl+O)</translation>
    </message>
    <message>
        <source>Show &amp;logs</source>
        <translation>查看日志(&amp;L)</translation>
    </message>
    <message>
        <source>Show this sandbox&apos;s log (Ctrl+L)</source>
        <translation>查看此沙箱的日志 (Ctrl+L)</translation>
    </message>
    <message>
        <source>E&amp;xtend timeout</source>
        <translation>延长超时(&amp;X)</translation>
    </message>
    <message>
        <source>+15 minutes</source>
        <translation>+15 分钟</translation>
    </message>
    <message>
        <source>+1 hour</source>
        <translation>+1 小时</translation>
    </message>
    <message>
        <source>+4 hours</source>
        <translation>+4 小时</translation>
    </message>
    <message>
        <source>Extend timeout</source>
        <translation>延长超时</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es)</source>
        <translation>
            <numerusform>%n 个沙箱</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete sandboxes</source>
        <translation>删除沙箱</translation>
    </message>
    <message>
        <source>Delete sandbox %1? Everything in it is lost.</source>
        <translation>要删除沙箱 %1 吗？其中的所有内容都将丢失。</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n sandboxes? Everything in them is lost.</source>
        <translation>
            <numerusform>要删除 %n 个沙箱吗？其中的所有内容都将丢失。</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::SecretsPage</name>
    <message>
        <source>Also in the URL&apos;s query string</source>
        <translation>也替换 URL 查询字符串中的占位符</translation>
    </message>
    <message>
        <source>Also in the request body</source>
        <translation>也替换请求正文中的占位符</translation>
    </message>
    <message>
        <source>Allow for every sandbox without asking</source>
        <translation>允许所有沙箱使用，不再询问</translation>
    </message>
    <message>
        <source>&amp;Save secret</source>
        <translation>保存机密(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Test</source>
        <translation>测试(&amp;T)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>替换位置</translation>
    </message>
    <message>
        <source>Asks</source>
        <translation>询问</translation>
    </message>
    <message>
        <source>Stored secrets</source>
        <translation>已保存的机密</translation>
    </message>
    <message>
        <source>Secret name</source>
        <translation>机密名称</translation>
    </message>
    <message>
        <source>Hosts the secret belongs to</source>
        <translation>机密所属的主机</translation>
    </message>
    <message>
        <source>Secret value</source>
        <translation>机密的值</translation>
    </message>
    <message>
        <source>Typed once, never shown again</source>
        <translation>只输入一次，之后不再显示</translation>
    </message>
    <message>
        <source>Code in a sandbox sees only a placeholder in the environment variable NAME. HOPX Desktop puts the real value into requests to the secret&apos;s hosts, and nowhere else. Values stay in the system keychain.</source>
        <translation>沙箱中的代码只能在环境变量 NAME 中看到一个占位符。HOPX Desktop 只在发往该机密所属主机的请求中填入真实值，其他地方一律不填。机密的值保存在系统钥匙串中。</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Hosts:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>值(&amp;V)：</translation>
    </message>
    <message>
        <source>headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查询字符串</translation>
    </message>
    <message>
        <source>body</source>
        <translation>正文</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>each sandbox</source>
        <translation>每个沙箱</translation>
    </message>
    <message>
        <source>Type the secret&apos;s value: it is stored in the keychain, not shown again.</source>
        <translation>请输入机密的值：它将保存在钥匙串中，之后不再显示。</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>Saved %1 in the keychain.</source>
        <translation>已将 %1 保存到钥匙串。</translation>
    </message>
    <message>
        <source>Removed %1: no sandbox gets it any more.</source>
        <translation>已删除 %1：任何沙箱都不会再获得它。</translation>
    </message>
    <message>
        <source>Select a secret to test.</source>
        <translation>请选择要测试的机密。</translation>
    </message>
    <message>
        <source>%1 cannot be read from the keychain: %2</source>
        <translation>无法从钥匙串读取 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1 is in the keychain (%n characters) and ready for sandboxes.</source>
        <translation>
            <numerusform>%1 已在钥匙串中（%n 个字符），可供沙箱使用。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::SettingsDialog</name>
    <message>
        <source>HOPX Desktop settings</source>
        <translation>HOPX Desktop 设置</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>常规(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Local sandboxes</source>
        <translation>本地沙箱(&amp;L)</translation>
    </message>
    <message>
        <source>HOPX &amp;cloud</source>
        <translation>HOPX 云(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;HTTP</source>
        <translation>HTTP(&amp;H)</translation>
    </message>
    <message>
        <source>Restart &amp;now</source>
        <translation>立即重启(&amp;N)</translation>
    </message>
    <message>
        <source>Net&amp;work</source>
        <translation>网络(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Packages</source>
        <translation>软件包(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Folders</source>
        <translation>文件夹(&amp;F)</translation>
    </message>
    <message>
        <source>N&amp;otifications</source>
        <translation>通知(&amp;O)</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>设置页面</translation>
    </message>
    <message>
        <source>Quit HOPX Desktop and start it again with the new settings</source>
        <translation>退出 HOPX Desktop 并以新设置重新启动</translation>
    </message>
    <message>
        <source>The new language and HOPX base URL apply when HOPX Desktop starts again.</source>
        <translation>新的语言和 HOPX 基础 URL 在 HOPX Desktop 重新启动后生效。</translation>
    </message>
    <message>
        <source>The new language applies when HOPX Desktop starts again.</source>
        <translation>新的语言在 HOPX Desktop 重新启动后生效。</translation>
    </message>
    <message>
        <source>The new HOPX base URL applies when HOPX Desktop starts again.</source>
        <translation>新的 HOPX 基础 URL 在 HOPX Desktop 重新启动后生效。</translation>
    </message>
    <message>
        <source>Local sandboxes are deleted (as set on the Local sandboxes page)</source>
        <translation>本地沙箱将被删除（按“本地沙箱”页的设置）</translation>
    </message>
    <message>
        <source>Programs running in local sandboxes stop; their files are kept</source>
        <translation>本地沙箱中运行的程序将停止，其文件会保留</translation>
    </message>
    <message>
        <source>%1 Restart now? %2, and connected IDEs reconnect.</source>
        <translation>%1现在重新启动吗？%2，已连接的 IDE 会重新连接。</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::ToolsPage</name>
    <message>
        <source>No IDE is connected yet. Connect one (File → Connect an IDE…), then choose its tools here.</source>
        <translation>尚未连接任何 IDE。请先连接一个（文件 → 连接 IDE…），再在这里选择它的工具。</translation>
    </message>
    <message>
        <source>Which tools each IDE offers its assistant. &lt;b&gt;compact&lt;/b&gt; (the default): every capability in a few tools, for clients that limit how many tools a model sees. &lt;b&gt;full&lt;/b&gt;: one tool per operation. &lt;b&gt;hopx-mcp&lt;/b&gt;: the Python hopx-mcp server&apos;s tools by their names, for prompts written for it. A change rewrites that IDE&apos;s config (a backup is kept); the IDE uses it once it restarts its MCP servers.</source>
        <translation>每个 IDE 向其助手提供哪些工具。&lt;b&gt;compact&lt;/b&gt;（默认）：用少量工具涵盖全部功能，适合限制模型可见工具数量的客户端。&lt;b&gt;full&lt;/b&gt;：每个操作一个工具。&lt;b&gt;hopx-mcp&lt;/b&gt;：沿用 Python 版 hopx-mcp 服务器的工具名称，适合为它编写的提示词。更改会重写该 IDE 的配置（并保留备份）；IDE 重启其 MCP 服务器后生效。</translation>
    </message>
    <message>
        <source>Tools for %1</source>
        <translation>%1 的工具</translation>
    </message>
    <message>
        <source>compact (default)</source>
        <translation>compact（默认）</translation>
    </message>
    <message>
        <source>full</source>
        <translation>full</translation>
    </message>
    <message>
        <source>hopx-mcp</source>
        <translation>hopx-mcp</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Could not change the tools of %1</source>
        <translation>无法更改 %1 的工具</translation>
    </message>
    <message>
        <source>%1:</source>
        <extracomment>A form label: an IDE&apos;s name, then the colon of the language.</extracomment>
        <translation>%1：</translation>
    </message>
</context>
<context>
    <name>Hopx::Ui::TrayIcon</name>
    <message>
        <source>HOPX Desktop menu</source>
        <translation>HOPX Desktop 菜单</translation>
    </message>
    <message>
        <source>&amp;Open HOPX Desktop</source>
        <translation>打开 HOPX Desktop(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Sandboxes</source>
        <translation>沙箱(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Connect an IDE…</source>
        <translation>连接 IDE(&amp;C)…</translation>
    </message>
    <message>
        <source>HOPX &amp;API key…</source>
        <translation>HOPX API 密钥(&amp;A)…</translation>
    </message>
    <message>
        <source>S&amp;ettings…</source>
        <translation>设置(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>HOPX Desktop</source>
        <translation>HOPX Desktop</translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es) running</source>
        <translation>
            <numerusform>%n 个沙箱正在运行</numerusform>
        </translation>
    </message>
    <message>
        <source>No HOPX API key: local sandboxes only</source>
        <translation>未设置 HOPX API 密钥：仅可使用本地沙箱</translation>
    </message>
    <message numerus="yes">
        <source>%n sandbox(es), none running</source>
        <translation>
            <numerusform>%n 个沙箱，均未运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Ready, no sandboxes</source>
        <translation>就绪，暂无沙箱</translation>
    </message>
    <message numerus="yes">
        <source>%n MCP client(s) connected</source>
        <translation>
            <numerusform>已连接 %n 个 MCP 客户端</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Sandboxes (%1)</source>
        <translation>沙箱(&amp;S)（%1）</translation>
    </message>
    <message>
        <source>No sandboxes</source>
        <translation>没有沙箱</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Copy ID</source>
        <translation>复制 ID</translation>
    </message>
    <message>
        <source>Show logs</source>
        <translation>查看日志</translation>
    </message>
    <message numerus="yes">
        <source>All %n sandbox(es)…</source>
        <translation>
            <numerusform>全部 %n 个沙箱…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2, %3 left</source>
        <translation>%1 — %2，剩余 %3</translation>
    </message>
    <message>
        <source>Waiting for your &amp;approval</source>
        <translation>等待你的批准(&amp;A)</translation>
    </message>
    <message>
        <source>Waiting for your &amp;approval (%1)</source>
        <translation>等待你的批准(&amp;A)（%1）</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>允许一次</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>No IDE connected yet</source>
        <translation>尚未连接任何 IDE</translation>
    </message>
    <message>
        <source>Connected: %1</source>
        <translation>已连接：%1</translation>
    </message>
    <message>
        <source>Not connected yet: %1</source>
        <translation>尚未连接：%1</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
</context>
</TS>
