// @ts-check
const webpack = require('webpack');
const { federatedApp } = require('@chorus/webpack-config');

const build = federatedApp({
  dir: __dirname,
  name: 'billing',
  port: 3003,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
});

// The support address of the cancelled-checkout page is the operator's: set it
// at build time. The default is a development placeholder, not a real inbox.
const supportEmail = process.env.CHORUS_SUPPORT_EMAIL || 'support@chorus.example';

/** @type {typeof build} */
module.exports = (env, argv) => {
  const config = build(env, argv);
  config.plugins = [
    ...(config.plugins ?? []),
    new webpack.DefinePlugin({ __SUPPORT_EMAIL__: JSON.stringify(supportEmail) }),
  ];
  return config;
};
