import { MAX_YAML_BYTES, roadmapYamlMessages as messages } from '@chorus/contracts';
import { checkYamlFile } from '../src/yaml-file';

describe('file checks of the import dialog', () => {
  it.each([
    ['roadmap.yaml', 100, undefined],
    ['ROADMAP.YML', 100, undefined],
    ['plan.v2.yml', MAX_YAML_BYTES, undefined],
    ['roadmap.json', 100, messages.invalidFileType],
    ['roadmap.yaml.txt', 100, messages.invalidFileType],
    ['yaml', 100, messages.invalidFileType],
    ['roadmap.yaml', MAX_YAML_BYTES + 1, messages.fileTooLarge],
  ])('%s of %i bytes: %s', (name, size, expected) => {
    expect(checkYamlFile({ name, size })).toBe(expected);
  });
});
