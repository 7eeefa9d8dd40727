import postcss from 'postcss';
// The webpack helpers are plain CommonJS, as webpack loads them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { scopeStyles } = require('../scope-styles') as {
  scopeStyles: (app: string) => postcss.Plugin;
};

async function scoped(css: string): Promise<string> {
  const result = await postcss([scopeStyles('products')]).process(css, { from: undefined });
  return result.css.replace(/\s+/g, ' ').trim();
}

describe('a microfrontend stylesheet confined to its own elements', () => {
  test.each([
    ['.hidden { display: none }', '[data-chorus-app="products"] .hidden { display: none }'],
    [
      '@layer utilities { @media (width >= 48rem) { .md\\:flex { display: flex } } }',
      '@layer utilities { @media (width >= 48rem) { [data-chorus-app="products"] .md\\:flex { display: flex } } }',
    ],
    [
      '*, ::before, ::after { box-sizing: border-box }',
      '[data-chorus-app="products"] *, [data-chorus-app="products"] ::before, [data-chorus-app="products"] ::after { box-sizing: border-box }',
    ],
    [
      '.hover\\:x:hover { color: red }',
      '[data-chorus-app="products"] .hover\\:x:hover { color: red }',
    ],
  ])('%s is scoped', async (input, expected) => {
    expect(await scoped(input)).toBe(expected);
  });

  test.each([
    ':root, :host { --primary: blue }',
    'html, :host { line-height: 1.5 }',
    'body { margin: 0 }',
    '@keyframes spin { from { rotate: 0deg } to { rotate: 360deg } }',
  ])(
    '%s stays global: design tokens, document preflight and animations are the same in every app',
    async (input) => {
      expect(await scoped(input)).toBe(input.replace(/\s+/g, ' '));
    },
  );

  test('scoping twice changes nothing', async () => {
    const once = await scoped('.a, .b { color: red }');
    expect(await scoped(once)).toBe(once);
  });
});
