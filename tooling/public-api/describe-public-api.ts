import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Each public entry of a workspace package (package.json `exports`), each exported name with its type as text. */
export type PublicApi = Record<string, Record<string, string>>;

/** The packages whose public API is recorded beside their version: the runtime contract and the libraries. */
export const RECORDED_PACKAGES = ['contract', 'shared'] as const;
export type RecordedPackage = (typeof RECORDED_PACKAGES)[number];

/**
 * docs/decisions/028: the runtime contract is one instance for every part, so it stays small: at most this many
 * names exported at run time (values, not types).
 */
export const CONTRACT_RUNTIME_NAMES_LIMIT = 40;

export const packageDir = (name: RecordedPackage) => join(__dirname, '..', '..', name);

/**
 * The test kit is for the packages' tests, never loaded by a running remote: not part of the contract. Nor is the
 * units' data file and its CommonJS reading, for configs and tooling in plain Node; its typed reading (`./releases`' UNITS) is recorded.
 */
const NOT_CONTRACT = new Set(['./testing', './units.json', './units.cjs']);

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;

/** A type's text without the machine's folders, so the record is the same in every checkout. */
function portable(text: string): string {
  let result = text.replace(
    /import\("[^"]*\/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?([^"]+)"\)/g,
    'import("$1")',
  );
  for (const name of RECORDED_PACKAGES)
    result = result.replaceAll(`import("${packageDir(name)}/`, `import("@bookswap/${name}/`);
  return result;
}

function describeSymbol(checker: ts.TypeChecker, exported: ts.Symbol): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declaration = symbol.declarations?.[0];
  const parts: string[] = [];
  if (symbol.flags & ts.SymbolFlags.Value && declaration) {
    parts.push(checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, declaration), undefined, FLAGS));
  }
  if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const properties = symbol.flags & ts.SymbolFlags.Interface ? checker.getPropertiesOfType(type) : [];
    parts.push(
      properties.length
        ? `{ ${properties
            .map((property) => {
              const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
              const at = property.declarations?.[0] ?? declaration;
              const text = at
                ? checker.typeToString(checker.getTypeOfSymbolAtLocation(property, at), undefined, FLAGS)
                : '';
              return `${property.name}${optional}: ${text}`;
            })
            .join('; ')} }`
        : checker.typeToString(type, undefined, FLAGS),
    );
  }
  return portable(parts.join(' & ') || 'unknown');
}

export interface PackageReading {
  api: PublicApi;
  /** Per entry, the names that exist at run time (values: functions, constants, classes), sorted. */
  runtimeNames: Record<string, string[]>;
}

/** An entry's typed source: a CommonJS entry (loaded as it is by plain Node) is typed by its `.d.cts` beside it. */
const typedSource = (dir: string, file: string) => join(dir, file.replace(/\.cjs$/, '.d.cts'));

/** Reads the public API of one recorded workspace package from its source with the TypeScript compiler. */
export function describePublicApi(name: RecordedPackage): PackageReading {
  const dir = packageDir(name);
  const packageJson = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const entries = Object.entries(packageJson.exports).filter(([entry]) => !NOT_CONTRACT.has(entry));
  const config = ts.getParsedCommandLineOfConfigFile(
    join(dir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const program = ts.createProgram(
    entries.map(([, file]) => typedSource(dir, file)),
    { ...(config?.options ?? {}), noEmit: true },
  );
  const checker = program.getTypeChecker();
  const api: PublicApi = {};
  const runtimeNames: Record<string, string[]> = {};
  for (const [entry, file] of entries) {
    const source = program.getSourceFile(typedSource(dir, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`cannot read ${file}`);
    const exported = checker.getExportsOfModule(moduleSymbol);
    api[entry] = Object.fromEntries(
      exported
        .map((symbol) => [symbol.name, describeSymbol(checker, symbol)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    runtimeNames[entry] = exported
      .filter((symbol) => isRuntimeValue(checker, symbol))
      .map((symbol) => symbol.name)
      .sort((a, b) => a.localeCompare(b));
  }
  return { api, runtimeNames };
}

/** Whether an export exists at run time: a value that is not only a type (`export type` re-exports are not). */
function isRuntimeValue(checker: ts.TypeChecker, exported: ts.Symbol): boolean {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const typeOnly = exported.declarations?.some((declaration) => ts.isTypeOnlyExportDeclaration(declaration));
  return Boolean(symbol.flags & ts.SymbolFlags.Value) && !typeOnly;
}

/** How many names an entry list exports at run time, all entries together. */
export function countRuntimeNames(runtimeNames: Record<string, string[]>): number {
  return Object.values(runtimeNames).reduce((sum, names) => sum + names.length, 0);
}
