// Every app bundles its own zod, and all of them read this one page-wide
// setting: no parsers compiled with \`new Function\`. The Content-Security-Policy
// has no 'unsafe-eval', and Chromium reports even zod's guarded probe for it
// as a violation. Set before any schema is defined.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };
// An async boundary: the shared singletons are negotiated before any of them is used.
void import('./bootstrap');
// The first page's code downloads alongside the root config rather than after
// it: the chrome always, the landing page when no session token (the
// platform's `token` key) is stored. Named chunks: the root config imports
// the same ones.
void import(/* webpackChunkName: "chrome-frame" */ './chrome/frame');
if (!window.localStorage.getItem('token')) {
  void import(/* webpackChunkName: "chrome-pages" */ './chrome/pages');
}
