#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
"""Draws soak.csv (scripts/soak/soak.mjs) as a PNG: app RSS, open fds and threads, live
sandboxes, and p50/p99 latency of the main tools, against minutes into the run.
Usage: chart.py soak.csv soak.png [title]"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def column(rows, key):
    return [float(r[key]) if r[key] not in ("", "NaN") else float("nan") for r in rows]


def main():
    source, target = sys.argv[1], sys.argv[2]
    title = sys.argv[3] if len(sys.argv) > 3 else "hopx-desktop soak"
    with open(source, newline="") as f:
        rows = list(csv.DictReader(f))
    minutes = [float(r["t_s"]) / 60 for r in rows]
    fig, axes = plt.subplots(4, 1, figsize=(10, 11), sharex=True)
    fig.suptitle(title)

    rss = [v / 1024 for v in column(rows, "rss_kib")]
    axes[0].plot(minutes, rss, color="tab:blue", label="RSS")
    if "rss_anon_kib" in rows[0]:  # CSVs before it have RSS only
        axes[0].plot(minutes, [v / 1024 for v in column(rows, "rss_anon_kib")], color="tab:purple",
                     label="anonymous (heap, stacks)")
        axes[0].legend(loc="lower right")
    axes[0].set_ylabel("app RSS (MiB)")
    axes[0].set_ylim(bottom=0)

    axes[1].plot(minutes, column(rows, "fds"), label="open fds")
    axes[1].plot(minutes, column(rows, "threads"), label="threads")
    axes[1].set_ylabel("count")
    axes[1].set_ylim(bottom=0)
    axes[1].legend(loc="upper left")

    axes[2].plot(minutes, column(rows, "sandboxes"), label="listed sandboxes")
    axes[2].plot(minutes, column(rows, "bwrap"), label="bwrap processes")
    axes[2].set_ylabel("sandboxes")
    axes[2].set_ylim(bottom=0)
    axes[2].legend(loc="upper left")

    for tool in ("execute_code", "create_sandbox", "file_write", "run_command"):
        if f"{tool}_p50_ms" not in rows[0]:
            continue
        (line,) = axes[3].plot(minutes, column(rows, f"{tool}_p50_ms"), label=f"{tool} p50")
        axes[3].plot(minutes, column(rows, f"{tool}_p99_ms"), linestyle=":", color=line.get_color(),
                     label=f"{tool} p99")
    axes[3].set_yscale("log")
    axes[3].set_ylabel("latency per 10 s (ms)")
    axes[3].set_xlabel("minutes")
    axes[3].legend(loc="upper left", fontsize="small", ncol=2)
    for ax in axes:
        ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(target, dpi=90)


if __name__ == "__main__":
    main()
