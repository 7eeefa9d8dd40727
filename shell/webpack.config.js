// @ts-check
const { federatedApp } = require('@chorus/webpack-config');

// The host: no remotes at build time; they are read from /mfe/remotes.json at boot.
module.exports = federatedApp({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  html: true,
  publicPath: '/',
});
