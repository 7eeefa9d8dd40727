import { MAX_YAML_BYTES, roadmapYamlMessages } from '@chorus/contracts';

/**
 * The file checks of the import dialog: a .yaml or .yml name, and under the
 * size limit. The first problem's message, or undefined when the file is fine.
 */
export function checkYamlFile(file: { name: string; size: number }): string | undefined {
  if (!/\.ya?ml$/i.test(file.name.trim())) return roadmapYamlMessages.invalidFileType;
  if (file.size > MAX_YAML_BYTES) return roadmapYamlMessages.fileTooLarge;
  return undefined;
}
