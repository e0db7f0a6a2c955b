#!/usr/bin/env node
// `pnpm bench:ssr-elements`: what one element of each kind the public pages are made of costs to render on the
// server, with the shell's own React and MUI (production builds, react-dom/server, MUI's default theme), one core.
// Each kind is rendered 200 at a time; prints the median microseconds per element over BENCH_RUNS renders (60) and
// writes reports/bench-ssr-elements.json. Beside `pnpm bench:ssr`'s `render alone` case (a page's render, its
// elements and MUI components counted), it says where a page's render time goes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';

process.env.NODE_ENV = 'production';
const ROOT = resolve(import.meta.dirname, '..');
const shellRequire = createRequire(join(ROOT, 'shell', 'package.json'));
const React = shellRequire('react');
const { renderToString } = shellRequire('react-dom/server');
const mui = shellRequire('@mui/material');

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const EACH = 200;
const h = React.createElement;
const theme = mui.createTheme();

/** The kinds, as the book list's cards, facets and search draw them. */
const KINDS = {
  'plain element (<p>)': () => h('p', { className: 'price' }, '12.50'),
  Typography: () => h(mui.Typography, { variant: 'body2' }, 'Author 887'),
  'Box with sx': () => h(mui.Box, { sx: { display: 'flex', gap: 1, p: 2 } }, 'text'),
  'Button (a link)': () => h(mui.Button, { variant: 'outlined', size: 'small', href: '/book/1' }, 'Book Now'),
  'Checkbox with its label': () =>
    h(mui.FormControlLabel, { control: h(mui.Checkbox, { size: 'small' }), label: 'Good' }),
  'TextField (outlined)': () => h(mui.TextField, { label: 'Search', size: 'small', defaultValue: 'castle' }),
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const results = Object.entries(KINDS).map(([kind, make]) => {
  const tree = () =>
    h(
      mui.ThemeProvider,
      { theme },
      Array.from({ length: EACH }, (_, i) => h(React.Fragment, { key: i }, make())),
    );
  for (let i = 0; i < 20; i++) renderToString(tree());
  const perElement = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    renderToString(tree());
    perElement.push(Number(process.hrtime.bigint() - started) / 1e3 / EACH);
  }
  return { kind, microseconds: Math.round(median(perElement) * 10) / 10 };
});

console.log(`\nbench:ssr-elements, ${cpus()[0]?.model ?? 'unknown CPU'}, median of ${RUNS} renders of ${EACH}:\n`);
console.log('| element | µs each |\n|---|---:|');
for (const { kind, microseconds } of results) console.log(`| ${kind} | ${microseconds} |`);
mkdirSync(join(ROOT, 'reports'), { recursive: true });
writeFileSync(
  join(ROOT, 'reports', 'bench-ssr-elements.json'),
  JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, each: EACH, results }, null, 2),
);
