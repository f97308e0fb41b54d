/**
 * What the operator commands (`npm run backup`, `npm run restore`) share: their arguments (files,
 * --force and --help) and their ending, one line and exit code 1 on any failure.
 */
import { ConfigError } from '#server/config.ts'

/** A refusal or failure the command explains itself: its message is printed as it is. */
export class CommandError extends Error {}

/**
 * A command's files and whether --force was given. --help wins over anything else; any other
 * option is refused with `unknownOption`'s message.
 */
export function filesAndForce(
  argv: string[],
  unknownOption: (flag: string) => string,
): { help: boolean; force: boolean; files: string[] } {
  const flags = new Set(argv.filter((arg) => arg.startsWith('--')))
  const files = argv.filter((arg) => !arg.startsWith('--'))
  if (flags.has('--help')) return { help: true, force: false, files }
  for (const flag of flags) if (flag !== '--force') throw new CommandError(unknownOption(flag))
  return { help: false, force: flags.has('--force'), files }
}

/** The first line of an error's message. */
export function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error'
}

/**
 * Runs a command's main: one line and exit code 1 on failure, never a stack trace (an operator reads
 * this mid-incident). A CommandError or a configuration error is printed whole; anything else as
 * '<name> failed: ' and its first line.
 */
export async function runCommand(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main()
  } catch (error) {
    const known = error instanceof CommandError || error instanceof ConfigError
    console.error(known ? error.message : `${name} failed: ${oneLine(error)}`)
    process.exitCode = 1
  }
}
