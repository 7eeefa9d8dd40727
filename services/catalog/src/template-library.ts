import { MAX_PERSONA_AGE, MIN_PERSONA_AGE, type SafetyScores } from '@chorus/contracts';
import { readFile } from 'node:fs/promises';
import { load } from 'js-yaml';
import { z } from 'zod';

/** The library shipped with the service (exported by the package, so it resolves from src and dist). */
export function defaultTemplateLibraryFile(): string {
  return require.resolve('@chorus/catalog/data/persona-templates.yaml');
}

const text = z.string().trim().min(1, 'must not be empty');
const score = z.number().min(0, 'must be 0 to 10').max(10, 'must be 0 to 10');

const libraryTemplate = z.object({
  name: text.max(200),
  age: z.number().int().min(MIN_PERSONA_AGE).max(MAX_PERSONA_AGE),
  gender: text.max(50).optional(),
  occupation: text.max(200),
  location: text.max(200),
  income: text.max(200),
  iq: z.number().int().min(50).max(200).optional(),
  lifestyle: text.max(2000),
  motivations: text.max(2000),
  personality: text.max(2000),
  safetyScores: z.object({ economic: score, world: score, local: score, occupation: score }),
  isActive: z.boolean().default(true),
});

const library = z
  .object({ templates: z.array(libraryTemplate).min(1, 'lists no templates') })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.templates.forEach((template, index) => {
      if (seen.has(template.name)) {
        context.addIssue({
          code: 'custom',
          path: ['templates', index, 'name'],
          message: `"${template.name}" appears twice; names identify templates`,
        });
      }
      seen.add(template.name);
    });
  });

export interface LibraryTemplate {
  name: string;
  age: number;
  gender?: string;
  occupation: string;
  location: string;
  income: string;
  iq?: number;
  lifestyle: string;
  motivations: string;
  personality: string;
  safetyScores: SafetyScores;
  isActive: boolean;
}

/** The library file is missing, not YAML, or not a valid list of templates. */
export class TemplateLibraryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateLibraryError';
  }
}

/**
 * Parses and validates a template library. js-yaml's load uses the default
 * (safe) schema: plain data only, no custom types or code.
 */
export function parseTemplateLibrary(source: string): LibraryTemplate[] {
  let parsed: unknown;
  try {
    parsed = load(source);
  } catch (error) {
    throw new TemplateLibraryError(`not valid YAML: ${(error as Error).message}`);
  }
  const result = library.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || 'root'}: ${issue.message}`);
    throw new TemplateLibraryError(`invalid template library: ${problems.join('; ')}`);
  }
  return result.data.templates;
}

export async function loadTemplateLibrary(file: string): Promise<LibraryTemplate[]> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch (error) {
    throw new TemplateLibraryError(
      `cannot read the template library: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  return parseTemplateLibrary(source);
}
