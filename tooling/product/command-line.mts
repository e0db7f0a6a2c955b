// The command lines of scripts/*.mjs, read by node:util's parseArgs: each script's own flags, `--help` for its usage,
// and any other flag refused by name (exit 2) where it used to be ignored without a word.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CommandLine {
  /** printed for `--help` (exit 0) and after a refusal (exit 2) */
  usage: string;
  /** the script's flags, as parseArgs takes them */
  options?: ParseArgsConfig['options'];
  allowPositionals?: boolean;
  args?: string[];
}

/** What the scripts read: each flag's value, and the words given where the script takes them. */
export type ReadCommandLine = ReturnType<typeof parseArgs<ParseArgsConfig>>;

/**
 * The script's flags (`values`) and, where it takes them, its words (`positionals`). A leading `--` is dropped:
 * `pnpm <script> -- --no-build` passes it on.
 */
export function readCommandLine({
  usage,
  options = {},
  allowPositionals = false,
  args = process.argv.slice(2),
}: CommandLine): ReadCommandLine {
  const given = args[0] === '--' ? args.slice(1) : args;
  let parsed: ReadCommandLine;
  try {
    parsed = parseArgs({
      args: given,
      options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
      allowPositionals,
      strict: true,
    });
  } catch (error) {
    const { message, code } = error as Error & { code?: string };
    const flag = /'(-[^' ]+)'/.exec(message)?.[1];
    const problem = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag ? `unknown option ${flag}` : message;
    console.error(`${problem}\n${usage}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}
