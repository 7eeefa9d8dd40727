import {
  exportRoadmapYaml,
  MAX_YAML_BYTES,
  parseRoadmapYaml,
  ROADMAP_YAML_TEMPLATE,
  roadmapYamlMessages as messages,
  type RoadmapItemFields,
  screenRoadmapYaml,
  utf8ByteLength,
} from '../src';

/** An item as the API stores it, with every field at its default. */
const item = (fields: Partial<RoadmapItemFields> & { title: string }): RoadmapItemFields => ({
  description: null,
  priority: 'P2',
  status: 'planned',
  startDate: null,
  endDate: null,
  assignedTo: null,
  tags: [],
  targetPersonas: [],
  dependencies: [],
  ...fields,
});

describe('the file messages of the import dialog', () => {
  it('speaks the spec words', () => {
    expect(messages.invalidFileType).toBe(
      'Invalid File Type: Please upload a YAML file (.yaml or .yml).',
    );
    expect(messages.fileTooLarge).toBe('File Too Large: File size must be less than 5MB.');
  });
});

describe('documents that cannot be imported at all', () => {
  it.each([
    ['an empty text', '', messages.notAnObject],
    ['only comments', '# nothing here\n\n', messages.notAnObject],
    ['a bare scalar', 'hello', messages.notAnObject],
    ['a list at the root', '- title: A\n', messages.notAnObject],
    ['null at the root', '~\n', messages.notAnObject],
    ['no roadmap_items', 'items:\n  - title: A\n', messages.missingItems],
    ['roadmap_items left empty', 'roadmap_items:\n', messages.itemsNotArray],
    ['roadmap_items as a number', 'roadmap_items: 3\n', messages.itemsNotArray],
    ['roadmap_items as a mapping', 'roadmap_items:\n  title: A\n', messages.itemsNotArray],
  ])('%s', (_what, yaml, message) => {
    expect(parseRoadmapYaml(yaml)).toEqual({ items: [], errors: [message], total: 0 });
  });

  it.each([
    ['an unclosed list', 'roadmap_items: [a, b', 'unexpected end of the stream'],
    ['bad indentation', 'roadmap_items:\n  - title: A\n   status: x\n', 'line 3'],
    ['a duplicated key', 'roadmap_items: []\nroadmap_items: []\n', 'duplicated mapping key'],
    ['two documents', 'roadmap_items: []\n---\nroadmap_items: []\n', 'single document'],
    ['an alias to nothing', 'roadmap_items: *missing\n', 'unidentified alias'],
    ['a JavaScript function tag', 'roadmap_items: !!js/function "() => 1"\n', 'unknown'],
    ['a binary tag', 'roadmap_items: !!binary aGVsbG8=\n', 'unknown'],
  ])('%s is a parsing error with its reason', (_what, yaml, reason) => {
    const result = parseRoadmapYaml(yaml);
    expect(result.items).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^YAML parsing error: /);
    expect(result.errors[0]).toContain(reason);
  });

  it('refuses text over 5MB with the file-size message', () => {
    const padding = '#'.repeat(MAX_YAML_BYTES);
    expect(parseRoadmapYaml(`roadmap_items: []\n${padding}`).errors).toEqual([
      messages.fileTooLarge,
    ]);
  });

  it('measures the limit in UTF-8 bytes, not characters', () => {
    const accents = 'é'.repeat(MAX_YAML_BYTES / 2); // 2 bytes each: exactly the limit
    expect(utf8ByteLength(accents)).toBe(MAX_YAML_BYTES);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('plain ascii')).toBe(11);
    expect(utf8ByteLength('a€b')).toBe(5);
    expect(parseRoadmapYaml(`#${accents}`).errors).toEqual([messages.fileTooLarge]);
  });
});

describe('screening before parsing', () => {
  it.each([
    ['a valid document passes', 'roadmap_items: [{title: A}]', undefined],
    ['a syntax error is left to the parser', 'roadmap_items: [oops', undefined],
    ['an empty text', '', messages.notAnObject],
    [
      'too many aliases',
      `a: &a [x]\nb: [${Array(1001).fill('*a').join(',')}]`,
      messages.parseError('the document uses more than 1000 aliases'),
    ],
    ['more than 5MB', `#${'x'.repeat(MAX_YAML_BYTES)}`, messages.fileTooLarge],
  ])('%s', (_what, yaml, message) => {
    expect(screenRoadmapYaml(yaml)).toBe(message);
  });
});

describe('hostile documents are refused before they cost anything', () => {
  const laughs = (levels: number, fanOut: number) => {
    let yaml = 'l0: &l0 "lol"\n';
    for (let level = 1; level <= levels; level++) {
      yaml += `l${level}: &l${level} [${Array(fanOut)
        .fill(`*l${level - 1}`)
        .join(', ')}]\n`;
    }
    return `${yaml}roadmap_items:\n  - title: Boom\n    tags: *l${levels}\n`;
  };

  it('refuses the classic billion laughs (few aliases, exponential expansion)', () => {
    const result = parseRoadmapYaml(laughs(9, 9));
    expect(result.items).toEqual([]);
    expect(result.errors).toEqual([messages.parseError('aliases expand the document beyond 10MB')]);
  });

  it('refuses megabytes of aliases without parsing them', () => {
    const aliases = Array(1_000_000).fill('*a').join(', ');
    const yaml = `a: &a [lol, lol, lol]\nroadmap_items: [${aliases}]\n`;
    expect(parseRoadmapYaml(yaml).errors).toEqual([
      messages.parseError('the document uses more than 1000 aliases'),
    ]);
  });

  it('refuses one big text repeated through aliases', () => {
    const big = 'x'.repeat(1_000_000);
    const entries = Array(20).fill('  - title: Copy\n    description: *big\n').join('');
    const yaml = `big: &big "${big}"\nroadmap_items:\n${entries}`;
    expect(parseRoadmapYaml(yaml).errors).toEqual([
      messages.parseError('aliases expand the document beyond 10MB'),
    ]);
  });

  it('refuses a document that contains itself', () => {
    expect(parseRoadmapYaml('roadmap_items: &loop [*loop]\n').errors[0]).toMatch(
      /^YAML parsing error: aliases expand/,
    );
  });

  it('refuses too many anchors', () => {
    const anchors = Array.from({ length: 1001 }, (_, i) => `  - &a${i} {title: T${i}}`);
    expect(parseRoadmapYaml(`roadmap_items:\n${anchors.join('\n')}\n`).errors).toEqual([
      messages.parseError('the document defines more than 1000 anchors'),
    ]);
  });

  it.each([
    ['flow brackets', `roadmap_items: ${'['.repeat(1_000_000)}`],
    ['flow mappings', `roadmap_items: ${'{a: '.repeat(100_000)}`],
    [
      'indented block lists',
      `roadmap_items:\n${Array.from({ length: 200 }, (_, i) => `${' '.repeat(i * 2)}- x`).join('\n')}\n`,
    ],
  ])('refuses nesting deeper than 20 levels: %s', (_what, yaml) => {
    expect(parseRoadmapYaml(yaml).errors).toEqual([
      messages.parseError('the document nests deeper than 20 levels'),
    ]);
  });

  it('lets a few shared lists through: aliases are not refused as such', () => {
    const yaml = `common: &common [web, api]
roadmap_items:
  - title: A
    tags: *common
  - title: B
    tags: *common
`;
    expect(parseRoadmapYaml(yaml).items.map((i) => i.tags)).toEqual([
      ['web', 'api'],
      ['web', 'api'],
    ]);
  });

  it.each([
    ['emphasis in plain text', 'description: Ship the *new* flow & more'],
    ['stars in quoted text', `description: "*a* *b* *c*"`],
    ['stars in a block scalar', 'description: |\n      *one*\n      *two*'],
    ['stars in a comment', '# *a *b *c'],
  ])('does not take %s for aliases', (_what, line) => {
    const entries = Array.from({ length: 1200 }, (_, i) => `  - title: T${i}\n    ${line}\n`);
    const result = parseRoadmapYaml(`roadmap_items:\n${entries.join('')}`);
    expect(result.errors).toEqual([]);
    expect(result.items).toHaveLength(1200);
  });
});

describe('item rules', () => {
  const one = (fields: string) => parseRoadmapYaml(`roadmap_items:\n  - ${fields}\n`);

  it.each([
    ['no title', 'description: Nameless', [messages.titleRequired(1)]],
    ['a blank title', "title: '   '", [messages.titleRequired(1)]],
    ['an empty title', 'title:', [messages.titleRequired(1)]],
    ['a list as title', 'title: [a, b]', [messages.titleRequired(1)]],
    ['an unknown priority', 'title: A\n    priority: urgent', [messages.invalidPriority(1)]],
    ['a P-code priority', 'title: A\n    priority: P1', [messages.invalidPriority(1)]],
    ['an unknown status', 'title: A\n    status: done', [messages.invalidStatus(1)]],
    [
      'slashes in a date',
      'title: A\n    start_date: 2025/01/31',
      [messages.invalidDate(1, 'start_date')],
    ],
    [
      'a day that does not exist',
      'title: A\n    end_date: 2025-02-30',
      [messages.invalidDate(1, 'end_date')],
    ],
    [
      'a date as a number',
      'title: A\n    end_date: 20250101',
      [messages.invalidDate(1, 'end_date')],
    ],
    [
      'a mapping as description',
      'title: A\n    description: {a: b}',
      [messages.invalidText(1, 'description')],
    ],
    [
      'a list as assignee',
      'title: A\n    assigned_to: [a]',
      [messages.invalidText(1, 'assigned_to')],
    ],
    ['a mapping as tags', 'title: A\n    tags: {a: b}', [messages.invalidList(1, 'tags')]],
    [
      'lists inside a list',
      'title: A\n    dependencies: [[a]]',
      [messages.invalidList(1, 'dependencies')],
    ],
    [
      'several problems at once',
      'priority: top\n    status: later\n    start_date: soon',
      [
        messages.titleRequired(1),
        messages.invalidPriority(1),
        messages.invalidStatus(1),
        messages.invalidDate(1, 'start_date'),
      ],
    ],
  ])('%s', (_what, fields, errors) => {
    expect(one(fields)).toEqual({ items: [], errors, total: 1 });
  });

  it('speaks the spec words for a missing title', () => {
    expect(messages.titleRequired(3)).toBe("Item 3: 'title' field is required.");
  });

  it('refuses an entry that is not a mapping as an item without a title', () => {
    expect(parseRoadmapYaml('roadmap_items:\n  - just text\n  - 42\n').errors).toEqual([
      messages.titleRequired(1),
      messages.titleRequired(2),
    ]);
  });

  it.each([
    ['critical', 'P0'],
    ['high', 'P1'],
    ['medium', 'P2'],
    ['low', 'P3'],
    ['High', 'P1'],
    [' LOW ', 'P3'],
  ])('maps priority %j to %s', (word, priority) => {
    expect(one(`title: A\n    priority: "${word}"`).items[0]?.priority).toBe(priority);
  });

  it.each(['unplanned', 'planned', 'in_progress', 'completed', 'cancelled', 'In_Progress'])(
    'accepts status %s',
    (status) => {
      expect(one(`title: A\n    status: ${status}`).items[0]?.status).toBe(status.toLowerCase());
    },
  );

  it('fills in the stored defaults: medium (P2), planned, no dates, empty lists', () => {
    expect(one('title: Bare')).toEqual({ items: [item({ title: 'Bare' })], errors: [], total: 1 });
  });

  it('reads every field into the API shape', () => {
    const result = one(`title: "  Search  "
    description: Full-text search
    priority: high
    status: in_progress
    start_date: 2025-01-06
    end_date: "2025-03-31"
    assigned_to: Dana
    tags: [search, backend]
    target_personas:
      - Busy parent
      - Student
    dependencies: Indexing, Storage`);
    expect(result.items).toEqual([
      item({
        title: 'Search',
        description: 'Full-text search',
        priority: 'P1',
        status: 'in_progress',
        startDate: '2025-01-06',
        endDate: '2025-03-31',
        assignedTo: 'Dana',
        tags: ['search', 'backend'],
        targetPersonas: ['Busy parent', 'Student'],
        dependencies: ['Indexing', 'Storage'],
      }),
    ]);
  });

  it('turns blank dates and descriptions into null and numbers into text', () => {
    const result = one(`title: 2025
    description: "  "
    start_date: ""
    end_date:
    tags: [1, true, "", " x "]`);
    expect(result.items).toEqual([
      item({ title: '2025', tags: ['1', 'true', 'x'], startDate: null, endDate: null }),
    ]);
  });
});

describe('a document with valid and invalid items', () => {
  const yaml = `roadmap_items:
  - title: First
  - description: no title here
  - title: Third
    priority: whenever
  - title: Fourth
    status: completed
`;

  it('keeps the valid items in file order and numbers the problems from 1', () => {
    expect(parseRoadmapYaml(yaml)).toEqual({
      items: [item({ title: 'First' }), item({ title: 'Fourth', status: 'completed' })],
      errors: [messages.titleRequired(2), messages.invalidPriority(3)],
      total: 4,
    });
  });

  it('counts an empty list as no items and no errors', () => {
    expect(parseRoadmapYaml('roadmap_items: []\n')).toEqual({ items: [], errors: [], total: 0 });
  });
});

describe('the format guide template', () => {
  it('imports cleanly, every priority word mapped', () => {
    const result = parseRoadmapYaml(ROADMAP_YAML_TEMPLATE);
    expect(result.errors).toEqual([]);
    expect(result.items.map((i) => [i.title, i.priority, i.status])).toEqual([
      ['User authentication', 'P1', 'in_progress'],
      ['Analytics dashboard', 'P2', 'planned'],
      ['Mobile app', 'P3', 'unplanned'],
    ]);
  });
});

describe('export', () => {
  const items: RoadmapItemFields[] = [
    item({
      title: 'Search',
      description: 'Line one\nLine two: with a colon\n  indented # not a comment',
      priority: 'P0',
      status: 'in_progress',
      startDate: '2025-01-06',
      endDate: '2025-03-31',
      assignedTo: 'Dana <dana@example.com>',
      tags: ['a, with comma', 'null', '123', 'true', '- dash'],
      targetPersonas: ['Busy parent'],
      dependencies: ['Indexing'],
    }),
    item({ title: 'null' }),
    item({ title: '2025-01-01', priority: 'P3', status: 'cancelled' }),
    item({ title: '*not an alias* & not an anchor', priority: 'P1', status: 'unplanned' }),
    item({ title: 'Ünïcødé ✓ 😀', description: '\'quoted\' "twice"', status: 'completed' }),
  ];

  it('imports back to the same items', () => {
    const yaml = exportRoadmapYaml(items);
    expect(parseRoadmapYaml(yaml)).toEqual({ items, errors: [], total: items.length });
  });

  it('writes the words of the format, not the app codes', () => {
    const yaml = exportRoadmapYaml([item({ title: 'A', priority: 'P1', startDate: '2025-01-06' })]);
    expect(yaml).toContain('roadmap_items:');
    expect(yaml).toContain('priority: high');
    expect(yaml).toContain('start_date:');
    expect(yaml).not.toContain('P1');
  });

  it('writes shared lists out in full, never as aliases', () => {
    const tags = ['web'];
    const yaml = exportRoadmapYaml([item({ title: 'A', tags }), item({ title: 'B', tags })]);
    expect(yaml).not.toMatch(/[&*]ref/);
    expect(parseRoadmapYaml(yaml).items.map((i) => i.tags)).toEqual([['web'], ['web']]);
  });

  it('imports back thousands of items', () => {
    const many = Array.from({ length: 2_000 }, (_, i) =>
      item({ title: `Feature ${i}`, tags: ['bulk'], startDate: '2025-06-01' }),
    );
    const result = parseRoadmapYaml(exportRoadmapYaml(many));
    expect(result.errors).toEqual([]);
    expect(result.items).toEqual(many);
  });
});
