import fs from 'node:fs';
import path from 'node:path';

// The docs explain the code only while they name what is there, and a comment explains itself only when it says why
// or cites product.md or a decision record: an issue number points to a tracker that is not in the repository.
const root = path.join(__dirname, '..', '..');

/** Folders that are built, installed, generated or local data (as .gitignore says): not the repository's own text. */
const NOT_SOURCE = new Set([
  '.git',
  'node_modules',
  'dist',
  'dist-one-bundle',
  '.data',
  '.state',
  '.scratch',
  'coverage',
  'test-results',
  'playwright-report',
]);
/** The same, at the root only: the built releases and the benchmarks' reports. */
const NOT_SOURCE_AT_ROOT = new Set(['releases', 'reports']);
const CODE = /\.(ts|tsx|js|mjs|cjs|mts|cts|json|sql|html|sh|ya?ml|css)$/;

function filesUnder(dir: string, keep: (name: string) => boolean, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (NOT_SOURCE.has(entry.name) || (dir === root && NOT_SOURCE_AT_ROOT.has(entry.name))) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, keep, found);
    else if (entry.isFile() && keep(entry.name)) found.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return found;
}

/** This file, whose examples cite issue numbers on purpose. */
const THIS_FILE = 'tooling/docs/docs-name-real-code.test.ts';
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const docs = filesUnder(root, (name) => name.endsWith('.md'));
const code = filesUnder(root, (name) => CODE.test(name) && name !== 'pnpm-lock.yaml').filter(
  (file) => file !== THIS_FILE,
);

/**
 * Inline code in a Markdown text that reads as a function, component, hook or type: camelCase (`recordPayment`) or
 * PascalCase of two words or more (`PaymentGateway`), optionally called (`useWrite()`). Fenced blocks are commands.
 */
function namesInBackticks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const names = new Set<string>();
  for (const [, inline] of prose.matchAll(/`([^`\n]+)`/g)) {
    const name = /^([a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?:\(\))?$/.exec(inline ?? '');
    if (name?.[1]) names.add(name[1]);
  }
  return [...names];
}

/**
 * An issue number cited in a text: "issue 22", "Issues 21 and 36", "issue #5", or a bare "(#22)"; not a colour in a
 * CSS declaration ("solid #767676;").
 */
function issueCitations(text: string): string[] {
  return [...text.matchAll(/\b[Ii]ssues? #?\d+|(?<!\])\(#\d+\)|(?:^|\s)#\d+\b(?![-\w;])/gm)].map((m) => m[0].trim());
}

const codeText = code.map(read).join('\n');
const isInCode = (name: string) => new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(codeText);

describe('the docs name code that exists', () => {
  it('finds names in backticks, and not file names, commands or wire fields in snake_case', () => {
    expect(
      namesInBackticks(
        'Call `recordPayment` then `useWrite()`; the `PaymentGateway`.\n```sh\n`notThisOne`\n```\n`npm start`, `book_name`, `ROUTES`, `Bookswap`, `server/README.md`',
      ),
    ).toEqual(['recordPayment', 'useWrite', 'PaymentGateway']);
  });

  it('fails on a name no source file holds', () => {
    expect(isInCode('refuseRefundedTransaction')).toBe(false);
    expect(isInCode('recordPayment')).toBe(true);
  });

  it.each(docs)('%s names only functions, components and types the source holds', (doc) => {
    expect(namesInBackticks(read(doc)).filter((name) => !isInCode(name))).toEqual([]);
  });
});

describe('comments and docs cite product.md or a decision record, never an issue number', () => {
  it('finds an issue number however it is written, and not a section link', () => {
    expect(
      issueCitations('// Issue 22: why. (issues 21 and 36) see issue #5 and (#23). [§5](#5) #1b5e20 solid #767676;'),
    ).toEqual(['Issue 22', 'issues 21', 'issue #5', '(#23)']);
  });

  it.each([...docs, ...code])('%s cites no issue number', (file) => {
    expect(issueCitations(read(file))).toEqual([]);
  });
});
