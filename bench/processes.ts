/**
 * Child processes for the bench: each one in its own process group (so `npm start` and the
 * node processes it spawns all die together), logged to a file, and always killed on the way
 * out, also after an error or Ctrl-C.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';

export type Group = {
  name: string;
  child: ChildProcess;
  pid: number;
  exited: Promise<number | null>;
  /** Set once the group's leader has exited: its exit code or the signal that ended it. */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  logPath?: string;
};

const live = new Set<Group>();

export function spawnGroup(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; logPath?: string } = {},
): Group {
  const log = options.logPath ? openSync(options.logPath, 'a') : 'ignore';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true, // its own process group: pid = pgid
    stdio: ['ignore', log, log],
  });
  if (typeof log === 'number') closeSync(log);
  if (child.pid === undefined) throw new Error(`${name}: não foi possível iniciar ${command}`);
  const group: Group = { name, child, pid: child.pid, exited: Promise.resolve(null), logPath: options.logPath };
  group.exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      group.exit = { code, signal };
      resolve(code);
    }),
  );
  live.add(group);
  return group;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves when no process of it is left. */
export async function killGroup(group: Group, graceMs = 3000): Promise<void> {
  signalGroup(group.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(group.pid) && Date.now() < deadline) await sleep(25);
  if (groupAlive(group.pid)) {
    signalGroup(group.pid, 'SIGKILL');
    while (groupAlive(group.pid)) await sleep(25);
  }
  live.delete(group);
}

export async function killAll(): Promise<void> {
  await Promise.all([...live].map((group) => killGroup(group)));
}

function killAllNow() {
  for (const group of live) signalGroup(group.pid, 'SIGKILL');
  live.clear();
}

// Last line of defence: nothing we started outlives the bench.
process.once('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killAllNow();
    process.exit(130);
  });
}

/** Runs a command to completion (its own group too); throws on a non-zero exit. */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; logPath?: string; timeoutMs?: number } = {},
): Promise<void> {
  const group = spawnGroup(name, command, args, options);
  const timeout = options.timeoutMs ?? 180_000;
  const timer = setTimeout(() => signalGroup(group.pid, 'SIGKILL'), timeout);
  const code = await group.exited;
  clearTimeout(timer);
  await killGroup(group, 500); // any grandchild left behind
  if (code !== 0) {
    const tail = group.logPath ? readFileSync(group.logPath, 'utf8').split('\n').slice(-30).join('\n') : '';
    throw new Error(`${name} terminou com código ${code}\n${tail}`);
  }
}

// ---------------------------------------------------------------------------------------------
// /proc: which process of a group listens on a port, and its resident memory.

export function processesInGroup(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: comm may contain spaces, so split after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const localPort = parseInt(cols[1].split(':')[1], 16);
      if (localPort === port && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  return inodes;
}

function socketInodesOf(pid: number): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const match = /^socket:\[(\d+)\]$/.exec(target);
        if (match) inodes.add(match[1]);
      } catch {
        // fd closed meanwhile
      }
    }
  } catch {
    // process gone
  }
  return inodes;
}

export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) : 0;
}

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '?';
  }
}

/** The process of the group that owns the listening socket on `port` (npm start → sh → node). */
export function listeningProcess(group: Group, port: number): { pid: number; rssKb: number; command: string } | null {
  const wanted = listeningInodes(port);
  for (const pid of processesInGroup(group.pid)) {
    for (const inode of socketInodesOf(pid)) {
      if (wanted.has(inode)) return { pid, rssKb: rssKb(pid), command: commandLine(pid) };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// CPU time: utime + stime (all threads) of every process of a group, from /proc/<pid>/stat.

let ticksPerSecond = 0;
function clockTicks(): number {
  if (!ticksPerSecond) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** utime + stime of one process (every thread of it), in ms; 0 once it has gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return 0;
  }
}

/**
 * The CPU time of a process group so far, in ms, per pid: the server, and with WEB_CONCURRENCY=N
 * its primary and worker processes (cluster workers stay in the primary's group). Two readings are
 * subtracted pid by pid, so a process started between them counts from 0 and one that ended counts
 * nothing more.
 */
export function groupCpu(pgid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of processesInGroup(pgid)) out.set(pid, processCpuMs(pid));
  return out;
}

/** CPU ms spent by the group between two readings of groupCpu. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, value] of after) ms += value - (before.get(pid) ?? 0);
  return ms;
}

/** The group's node processes (not npm's nor sh's), with their resident memory. */
export function nodeProcesses(group: Group): { pid: number; rssKb: number; command: string }[] {
  const out: { pid: number; rssKb: number; command: string }[] = [];
  for (const pid of processesInGroup(group.pid)) {
    const command = commandLine(pid);
    if (!/^(\S*\/)?node(\s|$)/.test(command)) continue;
    try {
      out.push({ pid, rssKb: rssKb(pid), command });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
