// The one webpack configuration of the five front-end packages (shell and four remotes). Each package's
// webpack.config.cjs calls createConfig with what differs: its name (its port comes from the one list of units).
const fs = require('node:fs');
const path = require('node:path');
const {
  FIRST_SCREEN,
  PINNED,
  isSharedSingleton,
  sharedSingletons,
  workspaceVersionFor,
} = require('./shared-singletons.cjs');
const { ShellContractPlugin } = require('./shell-contract-plugin.cjs');
const { PublicFolderPlugin } = require('./public-folder-plugin.cjs');
const { federationRuntimeAliases } = require('./federation-runtime-aliases.cjs');
const { units } = require('@bookswap/shared/units.cjs');

// webpack ships its minimizer; the swc implementation keeps a production build near 12 s on 2 cores.
const webpackDir = path.dirname(require.resolve('webpack/package.json'));
const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin, optimize } = require('webpack');

/**
 * docs/decisions/022: ts-loader transpiles, as the design names it (transpile only: type-checking stays with tsc);
 * swc-loader was at most 13 % faster on a release build, under the 20 % that would have kept it.
 * `BOOKSWAP_TS_LOADER=swc-loader` builds with swc-loader instead, for `pnpm bench:loaders` to compare the two.
 */
function swcLoaderRule(production) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
          target: 'es2022',
        },
      },
    },
  };
}

function tsLoaderRule(production) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('ts-loader'),
      options: {
        transpileOnly: true,
        compilerOptions: {
          noEmit: false,
          module: 'esnext',
          target: 'es2022',
          jsx: production ? 'react-jsx' : 'react-jsxdev',
          sourceMap: process.env.BOOKSWAP_SOURCE_MAPS !== 'off',
        },
      },
    },
  };
}

/** Where the building package's linked workspace package really is (a variant build may link a copy). */
function linkedPackageDir(packageDir, name) {
  const linked = path.join(packageDir, 'node_modules', ...name.split('/'));
  return fs.existsSync(linked)
    ? fs.realpathSync(linked)
    : path.join(__dirname, '..', '..', name.replace('@bookswap/', ''));
}

/** The runtime contract's version and each singleton's version a shell build provides (docs/decisions/020, 028). */
function shellProvides(packageDir) {
  const runtime = workspaceVersionFor(packageDir, '@bookswap/contract');
  return { runtime, singletons: { ...PINNED, '@bookswap/contract': runtime } };
}

/**
 * @param {object} options
 * @param {string} options.packageDir   the package folder (__dirname of its webpack.config.cjs)
 * @param {string} options.name         federation container name (a JS identifier), a unit's name in
 *   @bookswap/shared/units.json, which gives its dev server port (docs/architecture.md)
 * @param {boolean} [options.isHost]    the shell: has an HTML page in production too
 * @param {string} [options.renderEntry]  the module the release carries as `server/page-render.cjs`: the shell's render
 *   of a page, or a remote's route modules for it (docs/decisions/037, 045)
 *
 * `BOOKSWAP_ONE_BUNDLE=1` (scripts/build-one-bundle.mjs, measurement only) builds the shell with the remotes
 * bundled in and no federation at all, into dist-one-bundle/: the baseline of the federation tax.
 */
function createConfig({ packageDir, name, isHost = false, renderEntry }) {
  const unit = units.find((candidate) => candidate.name === name);
  if (!unit) throw new Error(`${name} is not a unit of @bookswap/shared/units.json`);
  const { port } = unit;
  // Every remote exposes its route table, the module the shell loads as `<name>/routes`.
  const exposes = isHost ? {} : { './routes': './src/routes.tsx' };
  // Resolved from the package, not from tooling/, because pnpm links it there.
  const { ModuleFederationPlugin } = require(
    require.resolve('@module-federation/enhanced/webpack', { paths: [packageDir] }),
  );
  const packageJson = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));

  const configFor = (_env, argv) => {
    const production = argv.mode !== 'development';
    const withSourceMaps = process.env.BOOKSWAP_SOURCE_MAPS !== 'off';
    const oneBundle = isHost && production && process.env.BOOKSWAP_ONE_BUNDLE === '1';
    // A remote has a page only in development (its standalone host); in production it is an entry file.
    const hasPage = isHost || !production;
    // The shell has its own page; the remotes' standalone hosts share one, titled after the remote.
    const htmlTemplate = isHost
      ? path.join(packageDir, 'public', 'index.html')
      : path.join(__dirname, '..', 'dev-host', 'index.html');

    return {
      mode: production ? 'production' : 'development',
      context: packageDir,
      entry: hasPage ? { main: './src/index.ts' } : {},
      // Production maps are written beside the files for error reports but not named in them: the origins do not
      // serve them (tooling/serve/static-files.mts), so browsers are not sent looking for them.
      // `BOOKSWAP_SOURCE_MAPS=off` skips them for builds nobody debugs: the browser tests' drill releases.
      devtool: production ? (withSourceMaps ? 'hidden-source-map' : false) : 'eval-cheap-module-source-map',
      output: {
        // A release build (tooling/release) writes into a staging folder of its own instead of dist/.
        path: process.env.BOOKSWAP_OUTPUT_DIR || path.join(packageDir, oneBundle ? 'dist-one-bundle' : 'dist'),
        // `auto` lets a remote's chunks load from its own origin whatever page hosts it.
        publicPath: 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: production ? 'assets/[name].[contenthash:10][ext]' : 'assets/[name][ext]',
        // The server entry is built beside, into server/, by a compiler of its own.
        clean: { keep: (asset) => asset.startsWith('server/') },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.mjs', '.js', '.json'],
        // Workspace TypeScript (shared, tooling/dev-host) imports packages only the app package links.
        modules: ['node_modules', path.join(packageDir, 'node_modules')],
        alias: oneBundle
          ? {
              '@module-federation/enhanced/runtime$': path.join(__dirname, '..', 'one-bundle', 'federation-runtime.js'),
            }
          : federationRuntimeAliases(packageDir),
      },
      module: {
        rules: [
          // `shared` is TypeScript source and must be compiled; packages from the registry are not.
          process.env.BOOKSWAP_TS_LOADER === 'swc-loader' ? swcLoaderRule(production) : tsLoaderRule(production),
          { test: /\.css$/i, type: 'asset/resource' },
          { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/i, type: 'asset' },
        ],
      },
      plugins: [
        ...(oneBundle
          ? // The storefront's own files (categories.json, the reviewers' pictures) beside the page, as its origin serves them.
            [new PublicFolderPlugin({ folder: path.join(packageDir, '..', 'remote-storefront', 'public') })]
          : [
              new ModuleFederationPlugin({
                name,
                filename: 'remoteEntry.js',
                exposes,
                // The shell learns its remotes from remotes.json at run time: none at build time.
                remotes: {},
                shared: sharedSingletons(
                  packageJson,
                  isHost
                    ? {
                        packageDir,
                        eager: FIRST_SCREEN,
                        routerKit: path.join(packageDir, 'src', 'federation', 'router-kit.ts'),
                      }
                    : { packageDir },
                ),
                // docs/decisions/002: with version-first one remote that is down blanks the app at start-up.
                shareStrategy: 'loaded-first',
                manifest: { fileName: 'mf-manifest.json' },
                dts: false,
                // docs/decisions/010: one copy of the federation runtime, the shell's. In production a remote's entry
                // uses it instead of carrying its own (about 25 KiB gzip each); in development a remote also runs
                // standalone in its own host, so it keeps its copy there.
                experiments: {
                  optimization: { target: 'web' },
                  ...(isHost ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {}),
                },
              }),
            ]),
        ...(isHost && !oneBundle
          ? [
              // The keys shell/src/federation/take-first-screen.ts takes at start-up, after React's subpath entries it
              // names itself (other families' members load with the modules that import them).
              new DefinePlugin({
                // Only what is a share key: a bundled library (`@bookswap/shared/api`) has none to take.
                BOOKSWAP_FIRST_SCREEN: JSON.stringify(
                  FIRST_SCREEN.filter(
                    (key) =>
                      !key.endsWith('/') && key in sharedSingletons(packageJson, { packageDir, eager: FIRST_SCREEN }),
                  ),
                ),
                // What this shell provides its remotes, checked against each release's contract before it loads.
                BOOKSWAP_SHELL_PROVIDES: JSON.stringify(shellProvides(packageDir)),
              }),
              // The same, with the route rules, for `pnpm release promote` to check a release against (dist/).
              new ShellContractPlugin({
                provides: shellProvides(packageDir),
                routeTable: path.join(linkedPackageDir(packageDir, '@bookswap/contract'), 'src', 'routing', 'paths.ts'),
              }),
            ]
          : []),
        new PublicFolderPlugin({ folder: path.join(packageDir, 'public'), skip: ['index.html'] }),
        ...(hasPage && fs.existsSync(htmlTemplate)
          ? [
              new HtmlWebpackPlugin({
                template: htmlTemplate,
                title: `Bookswap ${name.charAt(0).toUpperCase()}${name.slice(1)} (development host)`,
                chunks: ['main'],
                // The shell's page starts the storefront's download early (docs/decisions/015); the one-bundle
                // baseline has no remote to start.
                templateParameters: { earlyStart: !oneBundle },
                // The shell's page places its script itself: preloaded in the head, run at the end of the body
                // (after the first paint of a page the server rendered). A remote's development host defers it.
                ...(isHost ? { inject: false } : { scriptLoading: 'defer' }),
                publicPath: '/',
              }),
            ]
          : []),
      ],
      optimization: {
        // `BOOKSWAP_MINIFY=off` skips it (about a fifth of a build) for builds nobody ships: the drill releases.
        minimize: production && process.env.BOOKSWAP_MINIFY !== 'off',
        minimizer: [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: {} } })],
        // The federation runtime needs one runtime per container; named chunks would merge it away.
        runtimeChunk: false,
        // Each federated shared module is its own async chunk; the small modules they have in common
        // (MUI's internals) are copied into every one of them under webpack's default 20 kB minimum.
        // 4 kB measured best on `/`: 510 -> 466 KiB gzip, 94 -> 117 files (pnpm bench:bundle).
        splitChunks: oneBundle ? { chunks: 'async' } : { chunks: 'async', minSize: 4096 },
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port,
        host: 'localhost',
        hot: false,
        liveReload: true,
        historyApiFallback: hasPage,
        static: false,
        // Remotes are fetched by the shell from another origin.
        headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' },
        client: { overlay: { warnings: false, errors: true } },
      },
    };
  };
  if (!renderEntry) return configFor;
  return (env, argv) => {
    const browser = configFor(env, argv);
    if (argv.mode === 'development') return browser;
    const outputDir = browser.output.path;
    return [
      browser,
      serverConfig({
        packageDir,
        entry: { 'page-render': renderEntry },
        outputDir,
        // The shell's render brings React and the other singletons; a remote's takes them from it at run time.
        externals: isHost ? undefined : sharedFromShell,
        defines: isHost ? { BOOKSWAP_SHELL_PROVIDES: JSON.stringify(shellProvides(packageDir)) } : {},
      }),
    ];
  };
}

/** A remote's render entry requires the singletons, which the shell's render gives it (tooling/serve/page-renders.mts). */
function sharedFromShell({ request }, callback) {
  if (request && isSharedSingleton(request)) return callback(null, `commonjs ${request}`);
  return callback();
}

/**
 * A release's server entry: one CommonJS file for Node with everything it imports bundled in (no `node_modules` on
 * the server that loads it), unminified, so a stack trace in the shell server's log reads as the source.
 */
function serverConfig({ packageDir, entry, outputDir, externals, defines = {} }) {
  const [name] = Object.keys(entry);
  return {
    name: `server ${name}`,
    mode: 'production',
    context: packageDir,
    target: 'node20',
    entry,
    devtool: false,
    externals,
    output: {
      path: path.join(outputDir, 'server'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      // The server compiler writes its one file of server/.
      clean: { keep: (asset) => !asset.startsWith(name) },
    },
    // One file: its lazy screens are modules of it, so the server loads a release's entry in one read.
    plugins: [new DefinePlugin(defines), new optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.mjs', '.js', '.json'],
      modules: ['node_modules', path.join(packageDir, 'node_modules')],
    },
    module: {
      rules: [tsLoaderRule(true), { test: /\.(png|jpe?g|gif|svg|webp|woff2?|css)$/i, type: 'asset/inline' }],
    },
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createConfig };
