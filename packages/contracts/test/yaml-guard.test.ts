import { expandedSize, scanYamlStructure } from '../src/yaml-guard';

const limits = { maxAliases: 1, maxAnchors: 1, maxDepth: 4 };
const scan = (yaml: string) => scanYamlStructure(yaml, limits);

describe('counting aliases where a node starts', () => {
  it.each([
    ['two values', 'a: *x\nb: *y\n'],
    ['two sequence entries', '- *x\n- *y\n'],
    ['inside a flow list', 'a: [*x, *y]\n'],
    ['inside a flow mapping', 'a: {k: *x, j: *y}\n'],
    ['across lines of a flow list', 'a: [\n  *x,\n  *y\n]\n'],
    ['after a tag', 'a: !!str *x\nb: *y\n'],
    ['as a key', '*x : 1\n*y : 2\n'],
    ['after a block scalar ends', 'items:\n  - text: |\n      *not\n    next: *x\n  - *y\n'],
    ['after a quoted key', '"a": *x\n\'b\': *y\n'],
    ['after a document marker', '--- *x\n...\n--- *y\n'],
  ])('counts %s', (_what, yaml) => {
    expect(scan(yaml)).toEqual({
      ok: false,
      reason: 'the document uses more than 1 aliases',
    });
  });

  it.each([
    ['stars inside plain text', 'a: one *two* three *four*\n'],
    ['a star then a space', 'a: [* , *]\n'],
    ['stars in double quotes', 'a: "*x" \nb: "say \\"*y\\""\n'],
    ['stars in single quotes', "a: '*x'\nb: 'it''s *y'\n"],
    ['stars in a literal block', 'a: |\n  *x\n  *y\nb: plain\n'],
    ['stars in a folded block', '- >-\n  *x\n\n  *y\n- plain\n'],
    ['stars in comments', '# *x\na: 1 # *y\n'],
    ['stars in a URL', 'a: http://example.com/*x/*y\n'],
  ])('ignores %s', (_what, yaml) => {
    expect(scan(yaml)).toEqual({ ok: true, empty: false });
  });
});

describe('anchors and depth', () => {
  it('counts anchors on keys, values and entries', () => {
    expect(scan('a: &x 1\n- &y 2\n')).toEqual({
      ok: false,
      reason: 'the document defines more than 1 anchors',
    });
    expect(scan('a: R&D & more\n')).toEqual({ ok: true, empty: false });
  });

  it.each([
    ['flow', 'a: [[[[1]]]]\n'],
    ['block', 'a:\n b:\n  c:\n   d:\n    e: 1\n'],
    ['block sequences', '- - - - - x\n'],
  ])('refuses %s nesting past the limit', (_what, yaml) => {
    expect(scan(yaml)).toEqual({ ok: false, reason: 'the document nests deeper than 4 levels' });
  });

  it('lets siblings at one level through, however many', () => {
    const siblings = Array.from({ length: 500 }, (_, i) => `k${i}: [1, 2]`).join('\n');
    expect(scan(siblings)).toEqual({ ok: true, empty: false });
  });
});

describe('empty documents', () => {
  it.each(['', '\n\n', '# only a comment\n', '%YAML 1.2\n---\n', '\uFEFF'])('%j', (yaml) => {
    expect(scan(yaml)).toEqual({ ok: true, empty: true });
  });
});

describe('expanded size', () => {
  it('counts every value and character once per appearance', () => {
    expect(expandedSize({ ab: 'cd' }, 100)).toBe(1 + 3 + 3);
    const shared = ['xyz'];
    expect(expandedSize([shared, shared], 100)).toBe(1 + 2 * (1 + 4));
  });

  it('stops early past the limit, and a document that contains itself is infinite', () => {
    let layer: unknown = 'lol';
    for (let i = 0; i < 40; i++) layer = [layer, layer, layer];
    expect(expandedSize(layer, 1_000)).toBeGreaterThan(1_000);
    const loop: unknown[] = [];
    loop.push(loop);
    expect(expandedSize(loop, 1_000)).toBe(Infinity);
  });
});
