// @ts-check
const { federatedApp } = require('@chorus/webpack-config');

module.exports = federatedApp({
  dir: __dirname,
  name: 'products',
  port: 3001,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
});
