import type { PersonaResponse } from '@chorus/contracts';
import { type Knex, openDatabase } from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { migrations } from '../migrations';
import { calibrationMessages, Calibrations } from '../src/calibrations';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Knex;
let calibrations: Calibrations;
const owner = 'user-owner';
const stranger = 'user-stranger';
let productId: string;

async function template(name: string, age: number, gender: string): Promise<string> {
  const [row] = (await db('persona_templates')
    .insert({
      name,
      age,
      gender,
      occupation: 'Nurse',
      location: 'Leeds',
      income: '$40,000',
      lifestyle: 'Busy',
      motivations: 'Time',
      personality: 'Calm',
      safety_scores: JSON.stringify({}),
    })
    .returning('id')) as { id: string }[];
  const [persona] = (await db('user_personas')
    .insert({ user_id: owner, product_id: productId, template_id: row!.id })
    .returning('id')) as { id: string }[];
  return persona!.id;
}

function response(personaId: string, opinion: PersonaResponse['opinion']): PersonaResponse {
  return {
    personaId,
    personaName: personaId,
    opinion,
    confidence: 0.8,
    safetyInfluence: 'low',
    response: 'An answer.',
    reasoning: 'A reason.',
    grounding: { personaAttributes: [], profileFields: [] },
  };
}

async function question(statusText: string, responses: PersonaResponse[]): Promise<string> {
  const [row] = (await db('questions')
    .insert({
      user_id: owner,
      product_id: productId,
      question_text: 'Would you pay for faster delivery?',
      status: statusText,
      responses: JSON.stringify(responses),
    })
    .returning('id')) as { id: string }[];
  return row!.id;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code: number; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected a refusal');
}

let young: string;
let old: string;

beforeAll(async () => {
  database = await createTestDatabase('catalog_calibration');
  db = await openDatabase({ url: database.url, migrations, logger: testLogger() });
  const [product] = (await db('products')
    .insert({ user_id: owner, name: 'Courier' })
    .returning('id')) as { id: string }[];
  productId = product!.id;
  young = await template('Ana', 24, 'female');
  old = await template('Bob', 63, 'male');
  calibrations = new Calibrations(db);
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('calibration against real answers', () => {
  it('stores the upload and shows the fidelity card with segments', async () => {
    const id = await question('complete', [response(young, 'positive'), response(old, 'negative')]);
    const view = await calibrations.calibrate(
      owner,
      productId,
      id,
      'survey.csv',
      '\uFEFFAge,Opinion,Gender,Occupation\n22,positive,Female,"=HYPERLINK(""http://x"",""y"")"\n65,negative,Male,Driver\n30,Neutral,female,Chef\n',
    );
    expect(view.fidelity.n).toBe(3);
    expect(view.fidelity.human).toEqual([1, 1, 1]);
    expect(view.fidelity.persona).toEqual([1, 0, 1]);
    expect(view.fidelity.segments.map((s) => s.label)).toEqual([
      'Age 18-30',
      'Age 60+',
      'Female',
      'Male',
    ]);
    expect(view.fidelity.segments[1]).toMatchObject({
      human: [0, 0, 1],
      persona: [0, 0, 1],
      distance: 0,
    });
    const stored = (await db('calibrations').where({ question_id: id }).first()) as {
      answers: { occupation: string }[];
    };
    expect(stored.answers[0]!.occupation).toBe('=HYPERLINK("http://x","y")');

    const again = await calibrations.get(owner, productId, id);
    expect(again.fidelity).toEqual(view.fidelity);
    const list = await calibrations.list(owner, productId);
    expect(list.map((c) => [c.questionId, c.fidelity.n])).toContainEqual([id, 3]);
  });

  it('a new upload replaces the old one', async () => {
    const id = await question('complete', [response(young, 'positive')]);
    await calibrations.calibrate(owner, productId, id, 'a.csv', 'rating\n1\n2\n');
    const view = await calibrations.calibrate(owner, productId, id, 'b.csv', 'rating\n5\n');
    expect(view.fileName).toBe('b.csv');
    expect(view.fidelity.n).toBe(1);
    expect(view.fidelity.ks).toBe(0);
  });

  it('a file of ratings is compared with the personas on the same 1-5 scale', async () => {
    // Leanings 3 + 2 × (P(positive) − P(negative)): 5, 4, 3 and 1.
    const leaning = (positive: number, neutral: number, negative: number) => ({
      positive,
      neutral,
      negative,
    });
    const id = await question('complete', [
      { ...response(young, 'positive'), distribution: leaning(1, 0, 0) },
      { ...response(young, 'positive'), distribution: leaning(0.6, 0.3, 0.1) },
      { ...response(old, 'neutral'), distribution: leaning(0.2, 0.6, 0.2) },
      { ...response(old, 'negative'), distribution: leaning(0, 0, 1) },
    ]);
    const view = await calibrations.calibrate(
      owner,
      productId,
      id,
      'ratings.csv',
      'rating\n5\n5\n4\n2\n',
    );
    expect(view.fidelity.ksOver).toBe('ratings');
    // People rate 5, 5, 4, 2; personas 5, 4, 3, 1. The cumulative shares differ
    // by at most 1/4 (at 1, 3 and 4), the figure a statistician would get.
    expect(view.fidelity.ks).toBeCloseTo(0.25, 5);
    expect(view.fidelity.ksText).toContain('1–5 scale');
  });

  it("refuses another user's question as not found", async () => {
    const id = await question('complete', [response(young, 'positive')]);
    const refused = await refusal(
      calibrations.calibrate(stranger, productId, id, 'x.csv', 'opinion\npositive\n'),
    );
    expect(refused.code).toBe(status.NOT_FOUND);
    expect((await refusal(calibrations.get(stranger, productId, id))).code).toBe(status.NOT_FOUND);
    expect((await refusal(calibrations.list(stranger, productId))).code).toBe(status.NOT_FOUND);
  });

  it('refuses a question that is not complete', async () => {
    const id = await question('processing', []);
    const refused = await refusal(
      calibrations.calibrate(owner, productId, id, 'x.csv', 'opinion\npositive\n'),
    );
    expect(refused).toEqual({ code: status.ABORTED, message: calibrationMessages.notComplete });
  });

  it('refuses an unusable file in plain words', async () => {
    const id = await question('complete', [response(young, 'positive')]);
    const refused = await refusal(
      calibrations.calibrate(owner, productId, id, 'x.csv', 'name\nAnn\n'),
    );
    expect(refused.code).toBe(status.INVALID_ARGUMENT);
    expect(refused.message).toContain('The file has no opinion or rating column');
  });

  it('deleting the question deletes its calibration', async () => {
    const id = await question('complete', [response(young, 'positive')]);
    await calibrations.calibrate(owner, productId, id, 'x.csv', 'opinion\npositive\n');
    await db('questions').where({ id }).delete();
    expect(await db('calibrations').where({ question_id: id }).first()).toBeUndefined();
  });

  it('removes a calibration', async () => {
    const id = await question('complete', [response(young, 'positive')]);
    await calibrations.calibrate(owner, productId, id, 'x.csv', 'opinion\npositive\n');
    await calibrations.remove(owner, productId, id);
    expect((await refusal(calibrations.get(owner, productId, id))).message).toBe(
      calibrationMessages.noCalibration,
    );
  });
});
