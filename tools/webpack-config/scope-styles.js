// @ts-check
/**
 * PostCSS plugin that confines a microfrontend's stylesheet to its own
 * elements. Every app is built with its own Tailwind, and all their
 * stylesheets stay on the page once loaded: unscoped, a later app's `.hidden`
 * would beat an earlier app's `md:flex` on the earlier app's elements (same
 * specificity, later in the cascade), and the top bar would lose what its
 * breakpoints show. Prefixed with `[data-chorus-app="<name>"]`, a rule only
 * reaches that app's tree (MicrofrontendRoot sets the attribute, also on the
 * host its dialogs and menus are portalled into) and outranks the shell's
 * unscoped rules there. Document-level rules (`:root`, `html`, `body`,
 * `:host`: the shared design tokens and preflight) stay global; every app
 * writes the same ones.
 */
const GLOBAL = /^(:root|:host|html|body)\b/;

/** @param {string} app */
function scopeStyles(app) {
  const scope = `[data-chorus-app="${app}"]`;
  return {
    postcssPlugin: 'chorus-scope-styles',
    /** @param {import('postcss').Rule} rule */
    Rule(rule) {
      const parent = rule.parent;
      if (
        parent &&
        parent.type === 'atrule' &&
        /keyframes$/i.test(/** @type {any} */ (parent).name)
      ) {
        return;
      }
      if (rule.selectors.every((selector) => selector.startsWith(scope) || GLOBAL.test(selector))) {
        return;
      }
      rule.selectors = rule.selectors.map((selector) =>
        selector.startsWith(scope) || GLOBAL.test(selector) ? selector : `${scope} ${selector}`,
      );
    },
  };
}
scopeStyles.postcss = true;

module.exports = { scopeStyles };
