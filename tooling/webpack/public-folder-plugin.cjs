// Copies a package's public/ folder into its output (remotes serve categories.json, images and the
// like from their own origin). Small enough not to need copy-webpack-plugin.
const fs = require('node:fs');
const path = require('node:path');

class PublicFolderPlugin {
  constructor({ folder, skip = [] }) {
    this.folder = folder;
    this.skip = new Set(skip);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PublicFolderPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFolderPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.folder)) return;
          compilation.contextDependencies.add(this.folder);
          for (const file of fs.readdirSync(this.folder, { recursive: true })) {
            const absolute = path.join(this.folder, String(file));
            const relative = path.relative(this.folder, absolute).split(path.sep).join('/');
            if (this.skip.has(relative) || !fs.statSync(absolute).isFile()) continue;
            compilation.emitAsset(relative, new sources.RawSource(fs.readFileSync(absolute)));
          }
        },
      );
    });
  }
}

module.exports = { PublicFolderPlugin };
