// @ts-check
const { federatedApp } = require('@chorus/webpack-config');

module.exports = federatedApp({
  dir: __dirname,
  name: 'billing',
  port: 3003,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
});
