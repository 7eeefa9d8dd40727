import { expect, newAccount, test } from '../fixtures';

// Calibration against real answers: a product manager uploads what real
// customers said to a question and reads the fidelity card, which is there
// again on reload and listed on the product's calibration view.

// The file that is not real answers is refused with a 400 on purpose.
test.use({ allowConsoleErrors: [/status of 400/] });

test('real answers uploaded to a question show a fidelity card and join the product view', async ({
  page,
  request,
  playwright,
  register,
  signIn,
  shot,
}) => {
  const { token } = await register(newAccount({ productName: 'Truthful' }));
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const [product] = (await (await request.get('/api/products', auth)).json()) as { id: string }[];
  const productId = product!.id;
  const templates = (await (await request.get('/api/persona-templates', auth)).json()) as {
    id: string;
  }[];
  for (const template of templates.slice(0, 3)) {
    const added = await request.post(`/api/products/${productId}/personas`, {
      ...auth,
      data: { templateId: template.id },
    });
    expect(added.status()).toBe(201);
  }
  const text = 'Would you pay $12 a month for a meal planner that shops for you?';
  const asked = await request.post(`/api/products/${productId}/questions`, {
    ...auth,
    data: { questionText: text, productId },
  });
  expect(asked.status()).toBe(201);
  const { id: questionId } = (await asked.json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/products/${productId}/questions/${questionId}`, auth)
          ).json()) as { status: string }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('complete');

  await signIn(token, `/products/${productId}/questions`);
  const card = page.getByRole('article', { name: text });
  await expect(card.getByText('Complete', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Compare with real answers' }).click();

  // A file that is not real answers is refused in plain words.
  await card.getByLabel('CSV of real answers').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,email\nAnn,ann@example.com\n'),
  });
  await expect(card.getByRole('alert')).toContainText('The file has no opinion or rating column');

  // A picture renamed .csv: said plainly, with what is expected.
  await card.getByLabel('CSV of real answers').setInputFiles({
    name: 'photo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0,
      0x02, 0, 0, 0, 0x01, 0x90, 0x08, 0x06,
    ]),
  });
  await expect(card.getByRole('alert')).toContainText(
    'This file is not a CSV table: it looks like a picture or another kind of file. Upload a CSV table',
  );
  await expect(card.getByRole('alert')).not.toContainText('NUL');

  // Over 1 MB is refused before anything is sent.
  await card.getByLabel('CSV of real answers').setInputFiles({
    name: 'everything.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`opinion\n${'positive\n'.repeat(130_000)}`),
  });
  await expect(card.getByRole('alert')).toHaveText(
    'The file is 1.1 MB; at most 1 MB can be uploaded. Keep the columns you need or split the answers.',
  );

  const csv = [
    'rating,age,gender',
    '5,24,female',
    '4,31,male',
    '2,45,female',
    '3,52,male',
    '1,38,female',
    '5,29,male',
  ].join('\n');
  await card.getByLabel('CSV of real answers').setInputFiles({
    name: 'survey-march.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const fidelity = card.getByTestId('fidelity-card');
  await expect(fidelity).toBeVisible();
  await expect(fidelity.getByTestId('fidelity-n')).toHaveText('6 real answers');
  await expect(fidelity).toContainText('survey-march.csv');
  // The figures in plain words; their technical names one click away, never the headline.
  await expect(fidelity.getByTestId('fidelity-distance')).toContainText(
    /How far people and personas differ: \d\.\d\d of 1, /,
  );
  await expect(fidelity.getByTestId('fidelity-ks')).toContainText(
    /Largest gap between their ratings: \d\.\d\d of 1/,
  );
  await expect(fidelity.getByTestId('fidelity-spread')).toContainText(
    /How varied the personas['’] answers are next to people['’]s: (\d+\.\d\d times|cannot be compared)/,
  );
  for (const figure of ['fidelity-distance', 'fidelity-ks', 'fidelity-spread']) {
    const words = await fidelity.getByTestId(figure).innerText();
    for (const technical of ['Jensen', 'Kolmogorov', 'KS statistic', 'spread ratio', 'variance']) {
      expect(words, figure).not.toContain(technical);
    }
  }
  const measured = fidelity.getByTestId('how-measured');
  await expect(measured.getByText(/Jensen–Shannon distance/)).toBeHidden();
  await measured.getByText('How this is measured').click();
  await expect(measured).toContainText('Jensen–Shannon distance');
  await expect(measured).toContainText('Kolmogorov–Smirnov');
  // Real customers: 3 positive, 1 neutral, 2 negative.
  await expect(
    fidelity
      .getByRole('row', { name: /^Positive/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('50% (3)');
  await expect(fidelity.getByRole('table', { name: 'By segment' })).toContainText('Female');
  const personaSide = await fidelity
    .getByRole('table', { name: 'Real customers and personas side by side' })
    .textContent();
  await fidelity.scrollIntoViewIfNeeded();
  await shot('fidelity-card');

  // Reopened, the card is there again.
  await page.reload();
  const again = page.getByRole('article', { name: text }).getByTestId('fidelity-card');
  await expect(again.getByTestId('fidelity-n')).toHaveText('6 real answers');
  await expect(again).toContainText('survey-march.csv');
  await expect(
    again.getByRole('table', { name: 'Real customers and personas side by side' }),
  ).toHaveText(personaSide ?? '');

  // The product's calibration view lists the question.
  await page.getByRole('link', { name: 'Calibration against real answers' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${productId}/calibration$`));
  await expect(page.getByRole('heading', { name: 'Calibration', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Calibrated questions, oldest first' });
  await expect(table.getByRole('link', { name: text })).toHaveAttribute(
    'href',
    `/companies/${productId}/questions/${questionId}`,
  );
  await expect(
    table.getByRole('row', { name: new RegExp(text.replace(/[$?]/g, '\\$&')) }),
  ).toContainText('6');
  await expect(page.getByTestId('calibration-trend')).toHaveText(
    /One calibrated question so far, at a distance of \d\.\d\d from real answers/,
  );
  await shot('product-view');

  // From the dashboard too.
  await page.goto(`/products/${productId}/dashboard`);
  await expect(page.getByRole('link', { name: /^Calibration/ })).toHaveAttribute(
    'href',
    `/products/${productId}/calibration`,
  );

  // A rating link that three people answered stands in for the file.
  const roadmap = await request.post(`/api/products/${productId}/roadmaps`, {
    ...auth,
    data: { name: 'Plan' },
  });
  const { id: roadmapId } = (await roadmap.json()) as { id: string };
  const item = await request.post(`/api/roadmaps/${roadmapId}/items`, {
    ...auth,
    data: { title: 'Weekly meal box' },
  });
  const { id: itemId } = (await item.json()) as { id: string };
  const link = await request.post(`/api/roadmap-items/${itemId}/share-links`, {
    ...auth,
    data: { feedbackType: 'rating', allowComments: false },
  });
  expect(link.status()).toBe(201);
  const { token: linkToken } = (await link.json()) as { token: string };
  for (const rating of [5, 4, 2]) {
    // Each respondent its own browser (its own cookie).
    const respondent = await playwright.request.newContext({ baseURL: page.url() });
    const answered = await respondent.post(`/api/public/share-links/${linkToken}/responses`, {
      data: { answer: { type: 'rating', rating } },
    });
    expect(answered.status()).toBe(201);
    await respondent.dispose();
  }
  await page.goto(`/products/${productId}/questions`);
  const replaced = page.getByRole('article', { name: text });
  await replaced.getByRole('button', { name: 'Replace' }).click();
  await replaced.getByRole('button', { name: "Use a share link's responses" }).click();
  await expect(replaced.getByRole('list', { name: 'Share links with responses' })).toContainText(
    'rating link, 3 responses',
  );
  await shot('share-link-choice');
  await replaced.getByRole('button', { name: 'Use the responses of Weekly meal box' }).click();
  const fromLink = replaced.getByTestId('fidelity-card');
  await expect(fromLink.getByTestId('fidelity-n')).toHaveText('3 real answers');
  await expect(fromLink).toContainText('Share link: Weekly meal box (3 responses)');
  await expect(replaced.getByTestId('calibration-upload')).toBeHidden();
});
