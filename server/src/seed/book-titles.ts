// Made-up book titles are "<adjective> <noun>": the demo seed and the API benchmark draw on the same words,
// so the benchmark's searches ("river") hit titles that look like the demo's.
export const TITLE_ADJECTIVES = [
  'Silent',
  'Golden',
  'Hidden',
  'Last',
  'Broken',
  'Distant',
  'Secret',
  'Quiet',
  'Wild',
  'Burning',
  'Lost',
];
export const TITLE_NOUNS = [
  'River',
  'Garden',
  'Empire',
  'Voyage',
  'Letters',
  'Harbor',
  'Orchard',
  'Mountain',
  'Lantern',
  'Island',
  'Archive',
];
