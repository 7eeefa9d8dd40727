import { roadmapMessages, type RoadmapYamlParse } from '@chorus/contracts';

/** A download name from the roadmap's name: "Q3 Launch!" gives q3-launch.yaml. */
export function exportFileName(roadmapName: string): string {
  const slug = roadmapName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'roadmap'}.yaml`;
}

/**
 * Why nothing could be imported: the document's own problem, or the first
 * item's problem and how many more there are.
 */
export function importRefusal(parse: RoadmapYamlParse): string {
  const [first, ...rest] = parse.errors;
  if (!first) return roadmapMessages.noValidItems;
  if (rest.length === 0) return first;
  return `${first} (and ${rest.length} more ${rest.length === 1 ? 'error' : 'errors'})`;
}
