import { createHash } from 'node:crypto';
import {
  businessProfileFields,
  opinions,
  personaAttributeNames,
  type ProfileFieldName,
  safetyInfluences,
} from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';

/**
 * The prompt that makes a model answer as a persona: in character, from the
 * persona's attributes and safety scores, neutral unless its circumstances
 * give it a reason to lean. The persona is a potential customer asked for an
 * honest opinion; it is not told who asks, so it owes the asker nothing.
 */

interface PromptMessage {
  role: 'system' | 'user';
  content: string;
}

function line(label: string, value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? `- ${label}: ${text}` : undefined;
}

/** The persona's attributes and safety scores, a line each. */
export function aboutPersona(persona: PersonaProfile): string[] {
  const s = persona.safetyScores;
  const about: string[] = [
    line('Age', String(persona.age)),
    line('Gender', persona.gender),
    line('Occupation', persona.occupation),
    line('Location', persona.location),
    line('Income', persona.income),
    line('Lifestyle', persona.lifestyle),
    line('Motivations', persona.motivations),
    line('Personality', persona.personality),
    s
      ? `- How secure you feel, each out of 10 (10 = completely secure): economic ${s.economic}, the wider world ${s.world}, your local area ${s.local}, your job or business ${s.occupation}`
      : undefined,
  ].filter((entry): entry is string => entry !== undefined);
  return about;
}

function personaSystemPrompt(persona: PersonaProfile): string {
  const about = aboutPersona(persona);
  return [
    `You are ${persona.name}. Stay in character: answer as this person would, in the first person, from their own circumstances.`,
    '',
    'About you:',
    ...about,
    '',
    'How to answer:',
    '- A company is asking potential customers for honest opinions about a product. You do not know who is asking and owe them nothing: do not flatter the product.',
    '- Start from neutral. Lean positive or negative only when your own circumstances (money, age, work, family, values, how secure you feel) give you a real reason, and say which.',
    '- Let your sense of security shape how you weigh cost and risk: low economic security makes spending hurt; low world or local security makes risk and change unwelcome; high security leaves room to try things.',
    '- Answer with JSON only:',
    `  - distribution: the probabilities, each from 0 to 1 and adding up to 1, that you would answer ${opinions.join(', ')}; describe your real uncertainty rather than putting everything on one opinion`,
    `  - safetyInfluence: ${safetyInfluences.join(', ')}; how much your sense of security shaped the answer`,
    '  - response: two to four sentences in your own voice, arguing your most likely answer (the opinion with the highest probability in your distribution)',
    '  - reasoning: one to three sentences in the third person that name the attributes and product facts behind that most likely answer',
    `  - grounding.personaAttributes: the attributes that drove the answer, most important first, named as: ${personaAttributeNames.join(', ')}`,
    '  - grounding.profileFields: the product facts that drove the answer, most important first, by the names in square brackets (empty if none did)',
  ].join('\n');
}

export function questionPrompt(questionText: string, business: BusinessContext): string {
  const product = [
    `The product: ${business.productName}${business.productDescription ? `, ${business.productDescription}` : ''}.`,
    business.industry ? `Industry: ${business.industry}.` : undefined,
  ].filter(Boolean);
  const facts = business.facts.map((f) => `- ${f.label} [${f.field}]: ${f.value}`);
  return [
    ...product,
    ...(facts.length > 0 ? ['', 'What is known about it:', ...facts] : []),
    '',
    `The question: "${questionText.trim()}"`,
  ].join('\n');
}

export function personaPrompt(
  questionText: string,
  persona: PersonaProfile,
  business: BusinessContext,
): PromptMessage[] {
  return [
    { role: 'system', content: personaSystemPrompt(persona) },
    { role: 'user', content: questionPrompt(questionText, business) },
  ];
}

/** The profile fields a persona may cite: those it was told about. */
function citableProfileFields(business: BusinessContext): ProfileFieldName[] {
  const known = new Set<string>(business.facts.map((f) => f.field));
  return businessProfileFields.map((f) => f.name).filter((name) => known.has(name));
}

/**
 * The structured-output format the model must follow (strict JSON schema):
 * the answer schema's shape, with profile fields limited to those given.
 */
export function answerJsonSchema(business: BusinessContext) {
  const fields = citableProfileFields(business);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['distribution', 'safetyInfluence', 'response', 'reasoning', 'grounding'],
    properties: {
      distribution: {
        type: 'object',
        additionalProperties: false,
        required: [...opinions],
        properties: Object.fromEntries(
          opinions.map((o) => [o, { type: 'number', minimum: 0, maximum: 1 }]),
        ),
      },
      safetyInfluence: { type: 'string', enum: [...safetyInfluences] },
      response: { type: 'string' },
      reasoning: { type: 'string' },
      grounding: {
        type: 'object',
        additionalProperties: false,
        required: ['personaAttributes', 'profileFields'],
        properties: {
          personaAttributes: {
            type: 'array',
            items: { type: 'string', enum: [...personaAttributeNames] },
          },
          profileFields: {
            type: 'array',
            items: fields.length > 0 ? { type: 'string', enum: fields } : { type: 'string' },
            ...(fields.length > 0 ? {} : { maxItems: 0 }),
          },
        },
      },
    },
  };
}

const referencePersona: PersonaProfile = {
  personaId: 'reference',
  name: 'Reference',
  age: 40,
  gender: 'gender',
  occupation: 'occupation',
  location: 'location',
  income: 'income',
  lifestyle: 'lifestyle',
  motivations: 'motivations',
  personality: 'personality',
  safetyScores: { economic: 5, world: 5, local: 5, occupation: 5 },
};

/**
 * The prompt template's fingerprint: SHA-256 (12 hex digits) of the prompt
 * rendered for a reference persona, product and question, with its answer
 * schema. Any change to the wording of the template changes it.
 */
export function promptTemplateHash(): string {
  const business: BusinessContext = {
    productName: 'product',
    productDescription: 'description',
    industry: 'industry',
    facts: [{ field: 'pricingModels', label: 'Pricing Models', value: 'value' }],
  };
  return createHash('sha256')
    .update(JSON.stringify(personaPrompt('question', referencePersona, business)))
    .update(JSON.stringify(answerJsonSchema(business)))
    .digest('hex')
    .slice(0, 12);
}

/**
 * A follow-up interview with a persona: in character, remembering the
 * question, its earlier answer and the conversation so far; a reply in plain
 * text, in the first person.
 */
export function followUpPrompt(ask: {
  questionText: string;
  persona: PersonaProfile;
  business: BusinessContext;
  earlierAnswer: { opinion: string; response: string; reasoning: string };
  turns: { role: string; text: string }[];
  message: string;
}): { role: 'system' | 'user' | 'assistant'; content: string }[] {
  const system = [
    `You are ${ask.persona.name}. Stay in character: answer as this person would, in the first person, from their own circumstances.`,
    '',
    'About you:',
    ...aboutPersona(ask.persona),
    '',
    "You answered a company's question earlier and are now being interviewed about your answer.",
    '- Reply in plain text, two to five sentences, in your own voice; no lists, no JSON.',
    '- Stay consistent with your earlier answer unless the new message gives you a real reason to change your mind; if it does, say what changed it.',
    '- You owe the company nothing: do not flatter the product.',
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: questionPrompt(ask.questionText, ask.business) },
    {
      role: 'assistant',
      content: `${ask.earlierAnswer.response}\n\n(My view: ${ask.earlierAnswer.opinion}. Why: ${ask.earlierAnswer.reasoning})`,
    },
    ...ask.turns.map((turn) => ({
      role: turn.role === 'persona' ? ('assistant' as const) : ('user' as const),
      content: turn.text,
    })),
    { role: 'user', content: ask.message },
  ];
}
