/** How the load benchmarks report: a note on the machine's load, a table, a JSON file of results. */
import { mkdir, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import path from 'node:path'

const resultsDir = path.join(import.meta.dirname, '..', 'bench-results')

/**
 * The 1-minute load average before a run, with a note when other work shares the CPU: that skews
 * the figures, so say so rather than report them as the server's own.
 */
export function noteLoadAverage(): number {
  const load = loadavg()[0] ?? 0
  if (load > 0.5) {
    console.warn(`Note: the 1-minute load average is ${load.toFixed(2)}; other processes share the CPU.`)
  }
  return load
}

/** Prints rows (the first one the headings) as columns aligned to the right, after a blank line. */
export function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  console.log('')
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  '))
}

/** Writes bench-results/<file> (indented JSON) and says so. */
export async function writeBenchResult(file: string, report: unknown): Promise<void> {
  await mkdir(resultsDir, { recursive: true })
  await writeFile(path.join(resultsDir, file), `${JSON.stringify(report, null, 2)}\n`)
  console.log(`Written to bench-results/${file}`)
}
