// @ts-check
const { federatedApp } = require('@chorus/webpack-config');

// The house configuration (swc, content-hashed names, its own index.html),
// served under /mfe/share/. These pages load nothing else, so they share no
// singletons and need no federation runtime: it is left out to keep the first
// visit small.
const build = federatedApp({
  dir: __dirname,
  name: 'share',
  port: 3005,
  html: true,
  publicPath: '/mfe/share/',
});

/** @type {typeof build} */
module.exports = (env, argv) => {
  const config = build(env, argv);
  config.plugins = (config.plugins ?? []).filter(
    (plugin) => plugin?.constructor?.name !== 'ModuleFederationPlugin',
  );
  return config;
};
