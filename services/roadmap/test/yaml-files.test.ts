import { parseRoadmapYaml, roadmapMessages, roadmapYamlMessages } from '@chorus/contracts';
import { exportFileName, importRefusal } from '../src/domain/yaml-files';

describe('export file names', () => {
  it.each([
    ['Q3 Launch!', 'q3-launch.yaml'],
    ['  Crème brûlée  ', 'creme-brulee.yaml'],
    ['路线图', 'roadmap.yaml'],
    ['', 'roadmap.yaml'],
    ['a'.repeat(59) + ' b', `${'a'.repeat(59)}.yaml`],
  ])('%j downloads as %s', (name, file) => {
    expect(exportFileName(name)).toBe(file);
  });
});

describe('why an import was refused', () => {
  it.each([
    ['roadmap_items: []', roadmapMessages.noValidItems],
    ['items: []', roadmapYamlMessages.missingItems],
    [
      'roadmap_items:\n  - status: done',
      `${roadmapYamlMessages.titleRequired(1)} (and 1 more error)`,
    ],
    ['roadmap_items:\n  - {}', roadmapYamlMessages.titleRequired(1)],
    ['roadmap_items: [{}, {}, {}]', `${roadmapYamlMessages.titleRequired(1)} (and 2 more errors)`],
  ])('%j: %s', (yaml, message) => {
    expect(importRefusal(parseRoadmapYaml(yaml))).toBe(message);
  });
});
