/** CPU time of processes from Linux's /proc, for the benchmarks (bench-api.ts, bench-store-leads.ts). */
import { readFile } from 'node:fs/promises'

/** Milliseconds per clock tick of /proc's CPU counters (USER_HZ is 100 on Linux). */
export const msPerTick = 10

/** User + system CPU milliseconds in a /proc stat line (a process's or one thread's). */
export function statCpuMs(stat: string): number | undefined {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return Number.isFinite(ticks) ? ticks * msPerTick : undefined
}

/** User + system CPU milliseconds of a process so far (Linux); undefined elsewhere. */
export async function cpuMs(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined
  try {
    return statCpuMs(await readFile(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return undefined
  }
}
