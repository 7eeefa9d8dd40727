import {
  type MarketPanelView,
  type PanelAnswersView,
  type PanelBuildEstimate,
  panelMessages,
  type PopulationFrameView,
  type QuestionEstimate,
  type QuestionSpec,
  type QuestionView,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { frameTargets, kish, rake, typedResultOf } from '@chorus/research';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';

// Market panels through the gateway with the local engine: a panel is drawn to
// a population's shares, built, weighted and asked; every weighted figure is
// recomputed here from the per-persona answers and weights the API returns.
let chorus: TestChorus;

beforeAll(async () => {
  chorus = await startTestChorus();
});
afterAll(() => chorus.stop());

async function customer() {
  const registered = await chorus.api<{ token: string; product: { id: string } }>(
    '/api/auth/register',
    {
      method: 'POST',
      body: {
        email: `panels-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ada',
        lastName: 'Quinn',
        productName: 'Boxfresh',
        productDescription: 'A weekly meal kit for families, delivered to the door',
        industry: 'Food & Beverage',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(registered.status).toBe(201);
  return { token: registered.body.token, productId: registered.body.product.id };
}

let owner: { token: string; productId: string };
beforeAll(async () => {
  owner = await customer();
});

const panelsOf = (who: { productId: string }) => `/api/products/${who.productId}/panels`;

async function draw(body: Record<string, unknown>, who = owner) {
  return chorus.api<MarketPanelView & { message?: string }>(panelsOf(who), {
    method: 'POST',
    token: who.token,
    body,
  });
}

async function ready(id: string, who = owner): Promise<MarketPanelView> {
  return eventually(
    async () => {
      const found = await chorus.api<MarketPanelView>(`${panelsOf(who)}/${id}`, {
        token: who.token,
      });
      if (found.body.status === 'failed') throw new Error(found.body.errorReason ?? 'failed');
      return found.body.status === 'ready' && found.body;
    },
    { timeoutMs: 90_000, what: 'a built panel' },
  );
}

async function answered(id: string): Promise<QuestionView> {
  return eventually(
    async () => {
      const found = await chorus.api<QuestionView>(
        `/api/products/${owner.productId}/questions/${id}`,
        { token: owner.token },
      );
      if (found.body.status === 'error') throw new Error(found.body.errorReason ?? 'error');
      return found.body.status === 'complete' && found.body;
    },
    { timeoutMs: 90_000, what: 'an answered panel question' },
  );
}

/** Every persona answer of a panel question, a page of 100 at a time. */
async function allAnswers(questionId: string) {
  const answers: PanelAnswersView['answers'] = [];
  for (let page = 1; ; page += 1) {
    const got = await chorus.api<PanelAnswersView>(
      `/api/products/${owner.productId}/questions/${questionId}/panel-answers?page=${page}&pageSize=100`,
      { token: owner.token },
    );
    expect(got.status).toBe(200);
    answers.push(...got.body.answers);
    if (answers.length >= got.body.total || got.body.answers.length === 0) break;
  }
  return answers;
}

let uk: PopulationFrameView;

describe('population frames', () => {
  it('lists the four countries with their traits, shares adding to 100 % and their sources', async () => {
    const got = await chorus.api<{ frames: PopulationFrameView[] }>('/api/panel-frames', {
      token: owner.token,
    });
    expect(got.status).toBe(200);
    expect(got.body.frames.map((f) => f.id).sort()).toEqual(['de', 'in', 'uk', 'us']);
    for (const frame of got.body.frames) {
      expect(frame.sources.length).toBeGreaterThan(0);
      expect(frame.traits.map((t) => t.id)).toEqual([
        'age',
        'sex',
        'income',
        'region',
        'household',
        'education',
      ]);
      for (const trait of frame.traits) {
        const total = trait.levels.reduce((sum, level) => sum + level.share, 0);
        expect(total).toBeCloseTo(1, 6);
      }
    }
    uk = got.body.frames.find((f) => f.id === 'uk')!;
    expect(uk.currency).toBe('GBP');
  });

  it('is for signed-in people only', async () => {
    expect((await chorus.api('/api/panel-frames')).status).toBe(401);
  });
});

describe('drawing a panel', () => {
  it('estimates a panel of households with children: no cost on this server, the population filtered', async () => {
    const got = await chorus.api<PanelBuildEstimate>(`${panelsOf(owner)}/estimate`, {
      method: 'POST',
      token: owner.token,
      body: {
        name: 'UK families',
        frame: 'uk',
        size: 300,
        filters: [{ trait: 'household', levels: ['children'] }],
      },
    });
    expect(got.status).toBe(200);
    expect(got.body.engine).toBe('local');
    expect(got.body.costUsd).toBe(0);
    const household = got.body.frame.traits.find((t) => t.id === 'household')!;
    expect(household.levels.map((l) => [l.id, l.share])).toEqual([['children', 1]]);
  });

  it.each([
    [{ size: 0 }, panelMessages.size],
    [{ size: 50_000 }, panelMessages.size],
    [{ size: 49 }, panelMessages.size],
    [{ frame: 'fr' }, panelMessages.frame],
    [{ filters: [{ trait: 'star sign', levels: ['leo'] }] }, 'no trait called'],
    [{ filters: [{ trait: 'household', levels: ['castle'] }] }, 'castle'],
    [{ filters: [{ trait: 'income', min: 100_000_000 }] }, 'nobody'],
    [{ sharesCsv: 'trait,level,share\nage,18-29,50\nage,30-44,20\n' }, '100'],
    [{ sharesCsv: 'just some words' }, 'trait'],
    [
      { sharesCsv: 'trait,level,share\nage,18-29,50\n', customersCsv: 'a,b\n1,2\n' },
      panelMessages.oneCsv,
    ],
  ])('refuses %j in plain words and builds nothing', async (change, words) => {
    const before = (
      await chorus.api<{ panels: MarketPanelView[] }>(panelsOf(owner), { token: owner.token })
    ).body.panels.length;
    const got = await draw({ name: 'Bad', frame: 'uk', size: 100, filters: [], ...change });
    expect(got.status).toBe(400);
    expect(got.body.message).toContain(words);
    const after = (
      await chorus.api<{ panels: MarketPanelView[] }>(panelsOf(owner), { token: owner.token })
    ).body.panels.length;
    expect(after).toBe(before);
  });

  let panel: MarketPanelView;
  let question: QuestionView;

  it('draws a quota sample matching the population, builds it and weights it', async () => {
    const created = await draw({
      name: 'UK adults',
      frame: 'uk',
      size: 400,
      filters: [],
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('building');
    expect(created.body.built).toBeLessThanOrEqual(400);
    panel = await ready(created.body.id);
    expect(panel.built).toBe(400);
    expect(panel.weights).not.toBeNull();
    // A quota sample: every level within one person of its share.
    for (const trait of panel.makeUp) {
      for (const level of trait.levels) {
        expect(Math.abs(level.panelShare - level.frameShare)).toBeLessThanOrEqual(1 / 400 + 0.001);
      }
    }
    expect(panel.gaps).toEqual([]);
    expect(panel.weights!.designEffect).toBeGreaterThanOrEqual(1);
    expect(panel.weights!.effectiveSampleSize).toBeLessThanOrEqual(400);
  });

  it('answers a question of the panel with weighted shares that the per-persona answers give', async () => {
    const asked = await chorus.api<QuestionView>(`/api/products/${owner.productId}/questions`, {
      method: 'POST',
      token: owner.token,
      body: {
        questionText: 'Would you order a weekly meal kit at £8 a serving for your household?',
        panelId: panel.id,
      },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.panel?.panelId).toBe(panel.id);
    expect(asked.body.responses).toEqual([]);
    question = await answered(asked.body.id);
    expect(question.responses).toEqual([]);
    const run = question.panel!;
    expect(run.answered).toBe(400);
    expect(run.note).toContain('Weighted to');
    const answers = await allAnswers(question.id);
    expect(answers).toHaveLength(400);
    expect(new Set(answers.map((a) => a.index)).size).toBe(400);
    // Weighted share of positive draws: Σ w·y / Σ w.
    const share = (a: PanelAnswersView['answers'][number]) =>
      a.draws.positive / (a.draws.positive + a.draws.neutral + a.draws.negative);
    const totalWeight = answers.reduce((sum, a) => sum + a.weight, 0);
    const positive = answers.reduce((sum, a) => sum + a.weight * share(a), 0) / totalWeight;
    expect(run.weighted!.positive.share).toBeCloseTo(positive, 9);
    // The interval accounts for the weights (Taylor linearisation of the ratio).
    const n = answers.length;
    const variance =
      ((n / (n - 1)) *
        answers.reduce((sum, a) => sum + a.weight ** 2 * (share(a) - positive) ** 2, 0)) /
      totalWeight ** 2;
    expect(run.weighted!.positive.high - run.weighted!.positive.share).toBeCloseTo(
      Math.min(1.96 * Math.sqrt(variance), 1 - positive),
      6,
    );
    const design = kish(answers.map((a) => a.weight));
    expect(run.weighted!.designEffect).toBeCloseTo(design.designEffect, 9);
    expect(run.weighted!.effectiveSampleSize).toBeCloseTo(design.effectiveSampleSize, 6);
  });

  it('gives weights that raking the personas to the population reproduces', async () => {
    const answers = await allAnswers(question.id);
    const labelOf = new Map(
      uk.traits.flatMap((trait) =>
        trait.levels.map(
          (level) => [`${trait.label}|${level.label}`, [trait.id, level.id]] as const,
        ),
      ),
    );
    const units = answers.map((a) => ({
      traits: Object.fromEntries(
        Object.entries(a.traits).flatMap(([trait, level]) => {
          const found = labelOf.get(`${trait}|${level}`);
          return found ? [found] : [];
        }),
      ),
    }));
    const frame = {
      ...uk,
      traits: uk.traits.map((trait) => ({
        ...trait,
        levels: trait.levels.map(({ min, max, ...level }) => ({
          ...level,
          ...(min !== null ? { min } : {}),
          ...(max !== null ? { max } : {}),
        })),
      })),
      joint: uk.joint ?? undefined,
    };
    const raked = rake(units, frameTargets(frame), { cap: 5 });
    expect(raked.converged).toBe(true);
    answers.forEach((a, i) => expect(a.weight).toBeCloseTo(raked.weights[i]!, 6));
  });

  it('cuts the weighted shares by every trait of the population', async () => {
    const run = question.panel!;
    const age = run.cuts.find((cut) => cut.trait === 'age')!;
    expect(age).toBeDefined();
    expect(age.segments.reduce((sum, s) => sum + s.respondents, 0)).toBe(400);
    for (const segment of age.segments) {
      if (segment.respondents < 30) expect(segment.tooFew).toBe(true);
      else
        expect(segment.opinions!.positive.low).toBeLessThanOrEqual(
          segment.opinions!.positive.share,
        );
    }
  });

  it('pages, searches and filters the persona answers', async () => {
    const first = await chorus.api<PanelAnswersView>(
      `/api/products/${owner.productId}/questions/${question.id}/panel-answers?pageSize=10`,
      { token: owner.token },
    );
    expect(first.body.total).toBe(400);
    expect(first.body.answers).toHaveLength(10);
    const second = await chorus.api<PanelAnswersView>(
      `/api/products/${owner.productId}/questions/${question.id}/panel-answers?page=2&pageSize=10`,
      { token: owner.token },
    );
    expect(second.body.answers[0]!.index).toBeGreaterThan(first.body.answers.at(-1)!.index);
    const name = first.body.answers[3]!.personaName;
    const searched = await chorus.api<PanelAnswersView>(
      `/api/products/${owner.productId}/questions/${question.id}/panel-answers?search=${encodeURIComponent(name)}`,
      { token: owner.token },
    );
    expect(searched.body.answers.map((a) => a.personaName)).toContain(name);
    const negative = await chorus.api<PanelAnswersView>(
      `/api/products/${owner.productId}/questions/${question.id}/panel-answers?opinion=negative&pageSize=100`,
      { token: owner.token },
    );
    expect(negative.body.answers.every((a) => a.opinion === 'negative')).toBe(true);
    const bad = await chorus.api<{ message: string }>(
      `/api/products/${owner.productId}/questions/${question.id}/panel-answers?pageSize=5000`,
      { token: owner.token },
    );
    expect(bad.status).toBe(400);
  });

  it('estimates a panel question for every persona of the panel', async () => {
    const got = await chorus.api<QuestionEstimate>(
      `/api/products/${owner.productId}/questions/estimate`,
      {
        method: 'POST',
        token: owner.token,
        body: { questionText: 'Would you try a family meal kit?', panelId: panel.id },
      },
    );
    expect(got.status).toBe(200);
    expect(got.body.personas).toBe(400);
  });

  it('refuses the wording sensitivity check on a panel', async () => {
    const got = await chorus.api<{ message: string }>(
      `/api/products/${owner.productId}/questions`,
      {
        method: 'POST',
        token: owner.token,
        body: {
          questionText: 'Would you order a weekly meal kit for your household?',
          panelId: panel.id,
          checkWording: true,
        },
      },
    );
    expect(got.status).toBe(400);
    expect(got.body.message).toBe(panelMessages.noWordingCheck);
  });

  it('answers a typed question of the panel with cuts by the population’s traits', async () => {
    const asked = await chorus.api<QuestionView>(`/api/products/${owner.productId}/questions`, {
      method: 'POST',
      token: owner.token,
      body: {
        questionText: 'How likely are you to order our meal kit next month?',
        spec: { type: 'scale', points: 5, lowLabel: 'Not at all likely', highLabel: 'Very likely' },
        panelId: panel.id,
      },
    });
    expect(asked.status).toBe(201);
    const typed = await answered(asked.body.id);
    expect(typed.typedResult).not.toBeNull();
    // The typed figures are what the personas' typed answers give, read a page at a time.
    const answers = await allAnswers(typed.id);
    expect(answers.every((a) => a.typed?.type === 'scale')).toBe(true);
    expect(typed.typedResult).toEqual(
      typedResultOf(
        typed.spec as Exclude<QuestionSpec, { type: 'opinion' }>,
        answers.map((a) => a.typed!),
        typed.seed,
      ),
    );
    expect(typed.panel!.weighted).not.toBeNull();
    expect(typed.segmentCuts.map((cut) => cut.trait)).toEqual(
      expect.arrayContaining(['custom:Age band']),
    );
  });

  it('draws the panel again as a new version; its questions keep their answers', async () => {
    const redrawn = await chorus.api<MarketPanelView>(`${panelsOf(owner)}/${panel.id}/redraw`, {
      method: 'POST',
      token: owner.token,
    });
    expect(redrawn.status).toBe(200);
    expect(redrawn.body.version).toBe(2);
    expect(redrawn.body.seed).not.toBe(panel.seed);
    const again = await chorus.api<{ message: string }>(`${panelsOf(owner)}/${panel.id}/redraw`, {
      method: 'POST',
      token: owner.token,
    });
    expect(again.status).toBe(409);
    const rebuilt = await ready(panel.id);
    expect(rebuilt.version).toBe(2);
    const kept = await answered(question.id);
    expect(kept.panel!.weighted).toEqual(question.panel!.weighted);
    expect((await allAnswers(question.id)).length).toBe(400);
  });

  it('keeps another customer out of the panel and its answers', async () => {
    const other = await customer();
    for (const path of [
      `${panelsOf(owner)}/${panel.id}`,
      `/api/products/${owner.productId}/questions/${question.id}/panel-answers`,
    ]) {
      expect((await chorus.api(path, { token: other.token })).status).toBe(404);
    }
    const elsewhere = await chorus.api(`${panelsOf(other)}/${panel.id}`, { token: other.token });
    expect(elsewhere.status).toBe(404);
    const asked = await chorus.api<{ message: string }>(
      `/api/products/${other.productId}/questions`,
      {
        method: 'POST',
        token: other.token,
        body: { questionText: 'Would you order a weekly meal kit?', panelId: panel.id },
      },
    );
    expect(asked.status).toBe(404);
  });

  it('weights the chosen personas to a population, or says why it cannot and where they differ', async () => {
    const templates = (
      await chorus.api<{ id: string }[]>('/api/persona-templates', { token: owner.token })
    ).body;
    for (const template of templates.slice(0, 10)) {
      await chorus.api(`/api/products/${owner.productId}/personas`, {
        method: 'POST',
        token: owner.token,
        body: { templateId: template.id },
      });
    }
    const asked = await chorus.api<QuestionView>(`/api/products/${owner.productId}/questions`, {
      method: 'POST',
      token: owner.token,
      body: { questionText: 'Would you try a weekly meal kit for your household?', weightTo: 'us' },
    });
    expect(asked.status).toBe(201);
    const done = await answered(asked.body.id);
    expect(done.responses).toHaveLength(10);
    const run = done.panel!;
    expect(run.panelName).toBe('Your personas');
    expect(run.frameName).toBe('United States');
    // Ten personas cannot cover every group of a country: the gaps say where.
    expect(run.gaps.length).toBeGreaterThan(0);
    expect(run.gaps[0]!.sentence).toMatch(/the population has/);
    if (run.weighted) {
      expect(run.note).toContain('weighted to United States');
    } else {
      expect(run.note).toMatch(/^Not weighted/);
    }
    const both = await chorus.api<{ message: string }>(
      `/api/products/${owner.productId}/questions`,
      {
        method: 'POST',
        token: owner.token,
        body: {
          questionText: 'Would you try a weekly meal kit?',
          weightTo: 'us',
          panelId: panel.id,
        },
      },
    );
    expect(both.status).toBe(400);
    expect(both.body.message).toContain('weighted to its own population');
  });

  it('deletes the panel with its personas, a build under way included', async () => {
    const building = await draw({ name: 'Gone soon', frame: 'de', size: 1000, filters: [] });
    expect(building.status).toBe(201);
    const deleted = await chorus.api(`${panelsOf(owner)}/${building.body.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(deleted.status).toBe(204);
    expect(
      (await chorus.api(`${panelsOf(owner)}/${building.body.id}`, { token: owner.token })).status,
    ).toBe(404);
    const removed = await chorus.api(`${panelsOf(owner)}/${panel.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    const kept = await answered(question.id);
    expect(kept.panel!.panelName).toBe('UK adults');
    expect(kept.panel!.weighted).not.toBeNull();
  });
});
