// Loaded with `--require` when a release build reads a remote's routes module in Node: a screen's image or
// stylesheet import (webpack assets) becomes its file name instead of a syntax error.
for (const extension of ['.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.css', '.woff', '.woff2']) {
  require.extensions[extension] = (module, filename) => {
    module.exports = filename;
  };
}
