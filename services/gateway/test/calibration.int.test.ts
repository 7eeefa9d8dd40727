import {
  type CalibrationShareLinkView,
  type CalibrationView,
  type CreatedShareLinkView,
  csvMessages,
  type PersonaTemplateView,
  type QuestionView,
  type RoadmapItem,
  shareCalibrationMessages,
} from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { postOversized } from './oversized-upload';

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
        email: `calibrator-${randomUUID()}@example.com`,
        password: 'secret-pass',
        firstName: 'Ada',
        lastName: 'Quinn',
        productName: 'Lantern',
        productDescription: 'Smart lights',
        industry: 'Technology',
        billingCycle: 'monthly',
        stripeToken: 'pm_card_visa',
      },
    },
  );
  expect(registered.status).toBe(201);
  const { token } = registered.body;
  const productId = registered.body.product.id;
  const templates = (await chorus.api<PersonaTemplateView[]>('/api/persona-templates', { token }))
    .body;
  for (const template of templates.slice(0, 3)) {
    await chorus.api(`/api/products/${productId}/personas`, {
      method: 'POST',
      token,
      body: { templateId: template.id },
    });
  }
  return { token, productId };
}

interface CalibrationBody {
  questionText: string;
  fidelity: { n: number; distance: number; distanceMeaning: string; segments: unknown[] };
}

describe('calibration over HTTP', () => {
  it('uploads real answers to a complete question and lists it for the product', async () => {
    const { token, productId } = await customer();
    const asked = await chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
      method: 'POST',
      token,
      body: { questionText: 'Would you pay $15 a month for smarter lights?', productId },
    });
    expect(asked.status).toBe(201);
    const path = `/api/products/${productId}/questions/${asked.body.id}/calibration`;

    const early = await chorus.api<{ error: string }>(path, {
      method: 'POST',
      token,
      body: { fileName: 'early.csv', csv: 'opinion\npositive\n' },
    });
    if (early.status !== 201) {
      expect(early.status).toBe(409);
      expect(JSON.stringify(early.body)).toContain('not complete yet');
    }

    await eventually(
      async () => {
        const got = await chorus.api<QuestionView>(
          `/api/products/${productId}/questions/${asked.body.id}`,
          { token },
        );
        return got.body.status === 'complete';
      },
      { timeoutMs: 30_000, what: 'the question completes' },
    );

    const bad = await chorus.api(path, {
      method: 'POST',
      token,
      body: { fileName: 'bad.csv', csv: 'name\nAnn\n' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The file has no opinion or rating column');

    const huge = await chorus.api(path, {
      method: 'POST',
      token,
      body: { fileName: 'huge.csv', csv: `opinion\n${'positive\n'.repeat(150_000)}` },
    });
    expect(huge.status).toBe(413);
    // 50 MB declared: refused by its length, before it is read whole.
    const fifty = await postOversized(`${chorus.url}${path}`, token, 50 * 1024 * 1024);
    expect(fifty.status).toBe(413);
    expect(fifty.body).toContain('too large');

    const uploaded = await chorus.api<CalibrationBody>(path, {
      method: 'POST',
      token,
      body: {
        fileName: 'survey.csv',
        csv: 'Opinion,Age,Gender,Occupation\npositive,25,female,"=HYPERLINK(""http://x"",""y"")"\nnegative,50,male,Chef\nneutral,35,female,Nurse\n',
      },
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.fidelity.n).toBe(3);
    expect(uploaded.body.fidelity.distance).toBeGreaterThanOrEqual(0);
    expect(uploaded.body.fidelity.distance).toBeLessThanOrEqual(1);
    expect(uploaded.body.fidelity.segments.length).toBeGreaterThan(0);

    const listed = await chorus.api<CalibrationBody[]>(`/api/products/${productId}/calibrations`, {
      token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.map((c) => c.questionText)).toEqual([
      'Would you pay $15 a month for smarter lights?',
    ]);

    const other = await customer();
    const stranger = await chorus.api(path.replace(productId, other.productId), {
      token: other.token,
    });
    expect(stranger.status).toBe(404);

    expect((await chorus.api(path, { method: 'DELETE', token })).status).toBe(200);
    expect((await chorus.api(path, { token })).status).toBe(404);
  });
});

async function completeQuestion(token: string, productId: string, questionText: string) {
  const asked = await chorus.api<QuestionView>(`/api/products/${productId}/questions`, {
    method: 'POST',
    token,
    body: { questionText, productId },
  });
  expect(asked.status).toBe(201);
  await eventually(
    async () => {
      const got = await chorus.api<QuestionView>(
        `/api/products/${productId}/questions/${asked.body.id}`,
        { token },
      );
      return got.body.status === 'complete';
    },
    { timeoutMs: 30_000, what: 'the question completes' },
  );
  return asked.body.id;
}

describe('a file that is not a CSV table', () => {
  // A PNG's first bytes, as a browser reads a picture renamed .csv: with NUL bytes, and without.
  const png = '\uFFFDPNG\r\n\u001A\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0002\u0000';
  const pngNoNul = '\uFFFDPNG\r\n\u001A\n\uFFFD\uFFFD\u0001\rIHDR\u0002\uFFFD\uFFFD\u0003';
  it.each([
    ['a picture renamed .csv', png, csvMessages.notText],
    ['a picture without NUL bytes', pngNoNul, csvMessages.notText],
    [
      'a quote that never closes',
      `opinion,occupation\n${'positive,Chef\n'.repeat(73)}positive,"Teacher\nnegative,Nurse\n`,
      csvMessages.brokenQuotes(75),
    ],
  ])('is refused in plain words (%s), and nothing is stored', async (_what, csv, message) => {
    const { token, productId } = await customer();
    const questionId = await completeQuestion(
      token,
      productId,
      'Would you pay $15 a month for smarter lights?',
    );
    const path = `/api/products/${productId}/questions/${questionId}/calibration`;
    const refused = await chorus.api<{ message: string }>(path, {
      method: 'POST',
      token,
      body: { fileName: 'photo.csv', csv },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect(refused.body.message).toMatch(/^This file is not a CSV table/);
    expect(refused.body.message).not.toMatch(/NUL|quoted field/);
    expect((await chorus.api(path, { token })).status).toBe(404);
    const listed = await chorus.api<unknown[]>(`/api/products/${productId}/calibrations`, {
      token,
    });
    expect(listed.body).toEqual([]);
  });

  it('reads a file with a BOM and Windows line ends like any other', async () => {
    const { token, productId } = await customer();
    const questionId = await completeQuestion(
      token,
      productId,
      'Would you pay $15 a month for smarter lights?',
    );
    const uploaded = await chorus.api<CalibrationBody>(
      `/api/products/${productId}/questions/${questionId}/calibration`,
      {
        method: 'POST',
        token,
        body: {
          fileName: 'excel.csv',
          csv: '\uFEFFOpinion,Gender\r\npositive,F\r\nnegative,M\r\n',
        },
      },
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.fidelity.n).toBe(2);
  });
});

/** Answers a public link as a new browser each time (no cookie kept). */
async function respond(linkToken: string, answer: unknown) {
  const response = await fetch(`${chorus.url}/api/public/share-links/${linkToken}/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answer }),
  });
  expect(response.status).toBe(201);
}

describe("calibration from a share link's responses", () => {
  it("maps a rating link's people to opinions, refuses a ranking link in words and another user's link", async () => {
    const { token, productId } = await customer();
    const questionId = await completeQuestion(
      token,
      productId,
      'Would you switch to lights that dim themselves at night?',
    );
    const roadmap = await chorus.api<{ id: string }>(`/api/products/${productId}/roadmaps`, {
      method: 'POST',
      token,
      body: { name: 'Plan' },
    });
    const items: RoadmapItem[] = [];
    for (const title of ['Night dimming', 'Voice control']) {
      const item = await chorus.api<RoadmapItem>(`/api/roadmaps/${roadmap.body.id}/items`, {
        method: 'POST',
        token,
        body: { title },
      });
      items.push(item.body);
    }
    const rating = await chorus.api<CreatedShareLinkView>(
      `/api/roadmap-items/${items[0]!.id}/share-links`,
      { method: 'POST', token, body: { feedbackType: 'rating', allowComments: false } },
    );
    expect(rating.status).toBe(201);
    for (const stars of [5, 4, 3, 1])
      await respond(rating.body.token, { type: 'rating', rating: stars });
    const ranking = await chorus.api<CreatedShareLinkView>(
      `/api/roadmaps/${roadmap.body.id}/comparison-links`,
      { method: 'POST', token, body: { itemIds: items.map((i) => i.id), allowComments: false } },
    );
    expect(ranking.status).toBe(201);
    await respond(ranking.body.token, { type: 'ranking', ranking: items.map((i) => i.id) });
    const silent = await chorus.api<CreatedShareLinkView>(
      `/api/roadmap-items/${items[1]!.id}/share-links`,
      { method: 'POST', token, body: { feedbackType: 'thumbs', allowComments: false } },
    );
    expect(silent.status).toBe(201);

    // The picker offers the links people answered; the ranking one says why it cannot be used.
    const offered = await chorus.api<CalibrationShareLinkView[]>(
      `/api/products/${productId}/calibration-share-links`,
      { token },
    );
    expect(offered.status).toBe(200);
    expect(offered.body.map((l) => [l.id, l.responseCount, l.refusal]).sort()).toEqual(
      [
        [rating.body.id, 4, null],
        [ranking.body.id, 1, shareCalibrationMessages.ranking],
      ].sort(),
    );
    expect(offered.body.find((l) => l.id === rating.body.id)?.title).toBe('Night dimming');

    const path = `/api/products/${productId}/questions/${questionId}/calibration`;
    const fromLink = await chorus.api<CalibrationView>(path, {
      method: 'POST',
      token,
      body: { shareLinkId: rating.body.id },
    });
    expect(fromLink.status).toBe(201);
    expect(fromLink.body.fidelity.n).toBe(4);
    expect(fromLink.body.fidelity.human).toEqual([2, 1, 1]);
    expect(fromLink.body.fidelity.ks).not.toBeNull();
    expect(fromLink.body.fileName).toBe('Share link: Night dimming (4 responses)');
    // Read again, the card says the same.
    const reread = await chorus.api<CalibrationView>(path, { token });
    expect(reread.body.fidelity).toEqual(fromLink.body.fidelity);

    const refused = await chorus.api<{ error: string }>(path, {
      method: 'POST',
      token,
      body: { shareLinkId: ranking.body.id },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(shareCalibrationMessages.ranking);

    const other = await customer();
    const stranger = await chorus.api(
      `/api/products/${other.productId}/questions/${await completeQuestion(other.token, other.productId, 'Would you buy lights that dim themselves?')}/calibration`,
      { method: 'POST', token: other.token, body: { shareLinkId: rating.body.id } },
    );
    expect(stranger.status).toBe(404);
    expect(
      (
        await chorus.api(`/api/products/${productId}/calibration-share-links`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
  });
});
