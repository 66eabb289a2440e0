import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Gives the page's main thread a CPU of its own during a Lighthouse run (tests/bench/lighthouse.bench.ts).
 *
 * Lighthouse's mobile figures simulate a phone from an unthrottled trace: each main-thread task's wall-clock length
 * times 4. That assumes the page's main thread had its CPU to itself, as a phone's big core is the page's while
 * its other cores run the GPU, the network and the other threads. On this 2-core machine the page's main thread
 * otherwise shares both CPUs with Chromium's browser process and software compositor, Lighthouse and the server,
 * and Lighthouse multiplies the waits by 4 too.
 *
 * Placement: every renderer process's main thread (its thread id is the process id) on `pageCpu`; every other
 * thread of Chromium (the browser, the GPU process's compositor, the network service, the renderers' compositor
 * and raster threads) on `otherCpus`, with the server and Lighthouse. Chromium starts renderers while it runs
 * (one per site, and spares), and a renderer starts threads, each on its creator's CPUs: a sweep every SWEEP_MS
 * places the threads it has not placed yet.
 */

const SWEEP_MS = 20;
const run = promisify(execFile);

export interface ChromeThread {
  pid: number;
  tid: number;
  renderer: boolean;
  /** The thread's name as the kernel keeps it (/proc/…/comm, at most 15 characters). */
  name: string;
}

/**
 * A renderer's threads that stay with its main thread: its IO thread connects the process to the trace while the
 * main thread starts the page, and off the page's CPU (busy with everything else) it connected too late: the trace
 * lacked the page's navigationStart (Lighthouse's NO_NAVSTART, in up to all runs of a page).
 */
const WITH_MAIN = /^(?:Chrome_ChildIOT|PerfettoTrace)/;

/** Where each thread belongs: the renderers' main threads on the page's CPU, every other thread off it. */
export function placeThreads(threads: readonly ChromeThread[], pageCpu: string, otherCpus: string): Map<number, string> {
  return new Map(
    threads.map((thread) => [thread.tid, thread.renderer && (thread.tid === thread.pid || WITH_MAIN.test(thread.name)) ? pageCpu : otherCpus]),
  );
}

export interface RendererPlacement {
  /** Threads given the page's CPU (renderers' main threads and those that stay with them): none means nothing was placed. */
  renderers(): number;
  stop(): void;
}

/** Starts placing the threads of `rootPid` (a Chromium browser process) and its descendants; stop() ends it. */
export function placeRendererThreads(rootPid: number, pageCpu: string, otherCpus: string): RendererPlacement {
  const rendererOf = new Map<number, boolean>();
  const placed = new Map<number, string>();
  const renderers = new Set<number>();
  // A thread starts with its creator's name and names itself soon after: a name is kept once it differs from the
  // process's own.
  const names = new Map<number, string>();
  const nameOf = (pid: number, tid: number) => {
    const kept = names.get(tid);
    if (kept !== undefined) return kept;
    const name = readOrEmpty(`/proc/${pid}/task/${tid}/comm`).trim();
    if (tid === pid || name !== readOrEmpty(`/proc/${pid}/comm`).trim()) names.set(tid, name);
    return name;
  };
  // Asynchronous, one sweep at a time: Lighthouse runs in this thread, and must not wait for taskset.
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const threads: ChromeThread[] = [];
      for (const pid of processTree(rootPid, (pid) => rendererOf.get(pid) === true)) {
        let renderer = rendererOf.get(pid);
        if (renderer === undefined) {
          const command = readOrEmpty(`/proc/${pid}/cmdline`);
          if (!command) continue;
          renderer = command.includes('--type=renderer');
          rendererOf.set(pid, renderer);
        }
        for (const tid of listOrEmpty(`/proc/${pid}/task`)) threads.push({ pid, tid: Number(tid), renderer, name: renderer ? nameOf(pid, Number(tid)) : '' });
      }
      const pidOf = new Map(threads.map((thread) => [thread.tid, thread.pid]));
      const moves = [...placeThreads(threads, pageCpu, otherCpus)].filter(([tid, cpus]) => {
        if (placed.get(tid) === cpus) return false;
        // A thread seen for the first time may be where it belongs already (it started on its creator's CPUs).
        if (!placed.has(tid) && allowedCpus(pidOf.get(tid)!, tid) === cpus) {
          placed.set(tid, cpus);
          if (cpus === pageCpu) renderers.add(tid);
          return false;
        }
        return true;
      });
      await Promise.all(
        moves.map(async ([tid, cpus]) => {
          try {
            await run('taskset', ['-p', '-c', cpus, String(tid)]);
            placed.set(tid, cpus);
            if (cpus === pageCpu) renderers.add(tid);
          } catch {
            // The thread ended meanwhile.
          }
        }),
      );
    } finally {
      sweeping = false;
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_MS);
  return {
    renderers: () => renderers.size,
    stop: () => clearInterval(timer),
  };
}

/**
 * `rootPid` and its descendants, from /proc/<pid>/task/<tid>/children (the children each thread forked); a process
 * `leaf` says forks nothing (a renderer) is not read.
 */
function processTree(rootPid: number, leaf: (pid: number) => boolean): number[] {
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) {
    if (leaf(tree[i])) continue;
    for (const tid of listOrEmpty(`/proc/${tree[i]}/task`)) {
      for (const child of readOrEmpty(`/proc/${tree[i]}/task/${tid}/children`).split(' ')) if (child) tree.push(Number(child));
    }
  }
  return tree;
}

/** The CPUs a thread may run on, as taskset names them ("1", "1-7"). */
function allowedCpus(pid: number, tid: number): string | undefined {
  return /Cpus_allowed_list:\s*(\S+)/.exec(readOrEmpty(`/proc/${pid}/task/${tid}/status`))?.[1];
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function listOrEmpty(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}
