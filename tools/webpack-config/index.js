// @ts-check
/**
 * The one webpack configuration of the web app. The shell and every
 * microfrontend call `federatedApp()` from their small webpack.config.js; what
 * they share (TypeScript through swc, Tailwind, content-hashed output, Module
 * Federation with the shared singletons) lives only here.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { scopeStyles } = require('./scope-styles');

/** One instance of each of these exists on a page, whoever loads first provides it. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router-dom',
  '@tanstack/react-query',
  '@chorus/platform',
];

/** "react-dom/client" -> "react-dom", "@scope/pkg/x" -> "@scope/pkg" */
function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The shared singletons, each with the version range the app's package.json asks for. */
function sharedSingletons(dependencies) {
  return Object.fromEntries(
    SINGLETONS.map((request) => [
      request,
      { singleton: true, requiredVersion: dependencies[packageOf(request)] ?? false },
    ]),
  );
}

/**
 * Content-hashed JavaScript names. webpack 5.111 asks for a chunk's file name
 * while it is still hashing (the federation runtime module does, to find the
 * output root); at that moment there is no content hash yet, and a template
 * with [contenthash] throws. The unhashed name has the same folder, which is
 * all that question needs.
 * @param {string} hashed
 * @returns {string | ((data: import('webpack').PathData) => string)}
 */
function jsFilename(hashed) {
  if (!hashed) return '[name].js';
  return (data) => {
    const contentHash = data.chunk && 'contentHash' in data.chunk ? data.chunk.contentHash : {};
    return contentHash.javascript ? `[name]${hashed}.js` : '[name].js';
  };
}

/**
 * @param {{
 *   dir: string,                    // the app's folder (__dirname of its webpack.config.js)
 *   name: string,                   // federation name: 'shell' or the remote's name in remotes.json
 *   port: number,                   // dev-server port
 *   exposes?: Record<string, string>, // remotes: what the shell may load
 *   html?: boolean,                 // always emit index.html (the shell)
 *   publicPath?: string,            // where the built files are served ('auto' for remotes)
 * }} app
 */
function federatedApp(app) {
  return (env = {}, argv = {}) => {
    const production = argv.mode !== 'development';
    const standalone = Boolean(env.standalone);
    const pkg = require(path.join(app.dir, 'package.json'));
    const release = process.env.CHORUS_RELEASE || pkg.version;
    const outputDir = process.env.CHORUS_OUTPUT_DIR
      ? path.resolve(process.env.CHORUS_OUTPUT_DIR)
      : path.join(app.dir, 'dist');
    const hashed = production ? '.[contenthash:10]' : '';

    /** @type {import('webpack').Configuration} */
    const config = {
      context: app.dir,
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      entry: './src/index.ts',
      output: {
        path: outputDir,
        // Remotes find their files next to their manifest; alone, an app serves from /.
        publicPath: app.publicPath ?? (standalone ? '/' : 'auto'),
        filename: jsFilename(hashed),
        chunkFilename: jsFilename(hashed),
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        // Every remote has its own webpack runtime on the page; unique names keep them apart.
        uniqueName: `chorus_${app.name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // Workspace packages resolve to their TypeScript sources, as in jest and tsc.
        conditionNames: ['@chorus/source', '...'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                // Not the repository's .swcrc (CommonJS for Node): webpack needs ES
                // modules to tree-shake and to share modules between builds.
                swcrc: false,
                module: { type: 'es6' },
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2020',
                  transform: { react: { runtime: 'automatic', development: !production } },
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              { loader: 'css-loader', options: { importLoaders: 1 } },
              {
                loader: 'postcss-loader',
                options: {
                  postcssOptions: {
                    plugins: [
                      require('@tailwindcss/postcss')(),
                      // A remote's styles reach only its own elements (see scope-styles.js).
                      ...(app.exposes ? [scopeStyles(app.name)] : []),
                    ],
                  },
                },
              },
            ],
          },
          { test: /\.(woff2?|svg|png)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new MiniCssExtractPlugin({
          filename: `[name]${hashed}.css`,
          chunkFilename: `[name]${hashed}.css`,
        }),
        new webpack.DefinePlugin({ __RELEASE__: JSON.stringify(release) }),
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js',
          exposes: app.exposes,
          shared: sharedSingletons(pkg.dependencies ?? {}),
          manifest: app.exposes ? true : false,
          dts: false,
          // Use the singletons already on the page. 'version-first' would fetch
          // every registered remote at boot to compare versions: slower, and a
          // remote that is down would take the whole page with it.
          shareStrategy: 'loaded-first',
        }),
        ...(app.html || standalone
          ? [
              new HtmlWebpackPlugin({
                template: path.join(app.dir, 'src/index.html'),
                favicon: path.join(__dirname, 'favicon.svg'),
                chunks: ['main'],
                scriptLoading: 'defer',
              }),
            ]
          : []),
      ],
      // Kept between builds (node_modules/.cache/webpack of the app): an unchanged
      // module is neither compiled nor minified again. A module is reused only when
      // its content hash matches, never on a timestamp alone; a change to this file,
      // the app's webpack.config.js or an installed package version drops the cache.
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(app.dir, 'node_modules/.cache/webpack'),
        name: `${production ? 'production' : 'development'}-${standalone ? 'standalone' : 'federated'}`,
        version: JSON.stringify({ release, outputDir }),
        buildDependencies: {
          config: [
            __filename,
            require.resolve('./scope-styles'),
            path.join(app.dir, 'webpack.config.js'),
          ],
        },
      },
      snapshot: {
        module: { hash: true },
        resolve: { hash: true },
        resolveBuildDependencies: { hash: true },
        buildDependencies: { hash: true },
      },
      optimization: {
        runtimeChunk: false,
        // swc's minifier, not terser: the same size gzipped (within 1%), about a
        // third of the CPU time, which is most of a production build's.
        minimizer: [
          new MinimizerPlugin({
            minify: {
              implementation: MinimizerPlugin.swcMinify,
              options: { compress: true, mangle: true },
            },
          }),
        ],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The API (and, for the shell, the deployed remotes) come from a running gateway.
        proxy: [
          {
            context: app.exposes ? ['/api'] : ['/api', '/mfe'],
            target: process.env.CHORUS_GATEWAY_URL || 'http://localhost:8080',
          },
        ],
      },
    };
    return config;
  };
}

module.exports = { federatedApp, SINGLETONS };
