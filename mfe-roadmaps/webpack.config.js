// @ts-check
const { federatedApp } = require('@chorus/webpack-config');

module.exports = federatedApp({
  dir: __dirname,
  name: 'roadmaps',
  port: 3002,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
});
