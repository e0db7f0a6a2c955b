// Writes `shell-contract.json` into the shell's build: the versions it provides its remotes and the route rules it
// was built with (the route table in the contract). `pnpm release promote` checks a release against the deployed one.
const { sources } = require('webpack');

class ShellContractPlugin {
  /**
   * @param {{ provides: { runtime: string, singletons: Record<string, string> }, routeTable: string }} options
   *   routeTable: the route table's source in the `@bookswap/contract` the shell links (a variant may link a copy)
   */
  constructor({ provides, routeTable }) {
    this.provides = provides;
    this.routeTable = routeTable;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ShellContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShellContractPlugin', stage: compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          // The route table is TypeScript; tsx reads it as the shell's build compiled it.
          const { require: requireTs } = require('tsx/cjs/api');
          const paths = this.routeTable;
          compilation.fileDependencies.add(paths);
          const { ALL_ROUTES } = requireTs(paths, __filename);
          const routes = ALL_ROUTES.map(({ path: routePath, owner, layout, access, title, menu }) => ({
            path: routePath,
            owner,
            layout,
            access,
            title,
            ...(menu ? { menu } : {}),
          }));
          const contract = { ...this.provides, routes };
          compilation.emitAsset('shell-contract.json', new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { ShellContractPlugin };
