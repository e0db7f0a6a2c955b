import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Each public entry of `@bookswap/shared` (package.json `exports`), each exported name with its type as text. */
export type PublicApi = Record<string, Record<string, string>>;

const SHARED_DIR = join(__dirname, '..', '..');
/** The test kit is for the packages' tests, never loaded by a running remote: not part of the contract. */
const NOT_CONTRACT = new Set(['./testing']);

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;

/** A type's text without the machine's folders, so the record is the same in every checkout. */
function portable(text: string): string {
  return text
    .replace(/import\("[^"]*\/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?([^"]+)"\)/g, 'import("$1")')
    .replaceAll(`import("${SHARED_DIR}/`, 'import("@bookswap/shared/');
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

/** Reads the public API of `@bookswap/shared` from its source with the TypeScript compiler. */
export function describePublicApi(): PublicApi {
  const packageJson = JSON.parse(readFileSync(join(SHARED_DIR, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const entries = Object.entries(packageJson.exports).filter(([entry]) => !NOT_CONTRACT.has(entry));
  const config = ts.getParsedCommandLineOfConfigFile(
    join(SHARED_DIR, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const program = ts.createProgram(
    entries.map(([, file]) => join(SHARED_DIR, file)),
    { ...(config?.options ?? {}), noEmit: true },
  );
  const checker = program.getTypeChecker();
  const api: PublicApi = {};
  for (const [entry, file] of entries) {
    const source = program.getSourceFile(join(SHARED_DIR, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`cannot read ${file}`);
    api[entry] = Object.fromEntries(
      checker
        .getExportsOfModule(moduleSymbol)
        .map((symbol) => [symbol.name, describeSymbol(checker, symbol)] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  }
  return api;
}
