/**
 * Samples the resident memory of a server process (and its children: `next start` may fork
 * workers) from /proc, so the load benchmark can say whether memory stays flat under load.
 */
import { readdirSync, readFileSync } from "node:fs";

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the command name (field 2) may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

/** RSS of the process tree rooted at `pid`, in MiB. */
export function treeRssMb(pid: number): number {
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.pop()!;
    total += rssKb(next);
    queue.push(...childrenOf(next));
  }
  return total / 1024;
}

export interface RssSampler {
  /** Samples so far, in MiB, oldest first. */
  readonly samples: number[];
  stop(): void;
}

export function sampleRss(pid: number, everyMs = 250): RssSampler {
  const samples: number[] = [treeRssMb(pid)];
  const timer = setInterval(() => samples.push(treeRssMb(pid)), everyMs);
  timer.unref();
  return { samples, stop: () => clearInterval(timer) };
}
