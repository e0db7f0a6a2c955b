// The command lines of scripts/*.mjs, read by node:util's parseArgs: each script's own flags, `--help` for its usage,
// and any other flag refused by name (exit 2) where it used to be ignored without a word.
import { parseArgs } from 'node:util';

/**
 * The script's flags (`values`) and, where it takes them, its words (`positionals`). `options` as parseArgs takes
 * them; `usage` is printed for `--help` (exit 0) and after a refusal (exit 2). A leading `--` is dropped:
 * `pnpm <script> -- --no-build` passes it on.
 * @param {{ usage: string, options?: import('node:util').ParseArgsConfig['options'], allowPositionals?: boolean, args?: string[] }} command
 */
export function readCommandLine({ usage, options = {}, allowPositionals = false, args = process.argv.slice(2) }) {
  const given = args[0] === '--' ? args.slice(1) : args;
  let parsed;
  try {
    parsed = parseArgs({
      args: given,
      options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
      allowPositionals,
      strict: true,
    });
  } catch (error) {
    const flag = /'(-[^' ]+)'/.exec(error.message)?.[1];
    const problem = error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag ? `unknown option ${flag}` : error.message;
    console.error(`${problem}\n${usage}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}
