// @ts-check
const { federatedApp } = require('@chorus/webpack-config');

module.exports = federatedApp({
  dir: __dirname,
  name: 'admin',
  port: 3004,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
});
