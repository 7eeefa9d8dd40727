import { execFile } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, newAccount, test } from '../fixtures';
import { artifactsDir } from '../system';

// The study report a product manager forwards: downloaded from the question's
// card as a PDF (its first page rendered with pdftoppm and its text read with
// pdftotext, both from poppler) and as Markdown.

const run = promisify(execFile);

test('a complete question downloads as a PDF study report and as Markdown', async ({
  page,
  request,
  register,
  signIn,
  shot,
}) => {
  const { token } = await register(newAccount({ productName: 'Reportwise' }));
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const [product] = (await (await request.get('/api/products', auth)).json()) as { id: string }[];
  const productId = product!.id;
  const templates = (await (await request.get('/api/persona-templates', auth)).json()) as {
    id: string;
    name: string;
  }[];
  for (const template of templates.slice(0, 3)) {
    await request.post(`/api/products/${productId}/personas`, {
      ...auth,
      data: { templateId: template.id },
    });
  }
  await signIn(token, `/products/${productId}/questions`);
  const text = 'Would you pay $30 a month for a planner that organises your week?';
  await page.getByLabel('Your question').fill(text);
  await page.getByRole('button', { name: 'Ask Question' }).click();
  const card = page.getByRole('article', { name: text });
  await expect(card.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });

  const pdfDownload = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download report (PDF)' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^study-report-reportwise-would-you-pay-30-.+\.pdf$/);
  const dir = await mkdtemp(path.join(tmpdir(), 'chorus-report-'));
  const pdfFile = path.join(dir, 'report.pdf');
  await pdf.saveAs(pdfFile);
  expect((await readFile(pdfFile)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The first page as a reader sees it.
  const prefix = path.join(artifactsDir, 'screenshots', 'study-report-page');
  await run('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfFile, prefix]);
  expect((await stat(`${prefix}.png`)).size).toBeGreaterThan(10_000);
  const { stdout: firstPage } = await run('pdftotext', [
    '-f',
    '1',
    '-l',
    '1',
    '-layout',
    pdfFile,
    '-',
  ]);
  expect(firstPage).toContain('Study report: Reportwise');
  expect(firstPage).toContain(text);
  for (const label of ['Positive', 'Neutral', 'Negative']) expect(firstPage).toContain(label);
  // The results table in plain words: each share of all answers with its likely range.
  expect(firstPage).toContain('Likely range if asked again');
  expect(firstPage).toMatch(/Negative\s+\d+(\.\d)?%\s+\d+(\.\d)?% to \d+(\.\d)?%/);
  for (const word of ['bootstrap', 'entropy', 'KS statistic', 'draws']) {
    expect(firstPage).not.toContain(word);
  }
  const { stdout: all } = await run('pdftotext', ['-layout', pdfFile, '-']);
  for (const template of templates.slice(0, 3)) expect(all).toContain(template.name);
  expect(all).toContain('Run details');
  // The technical names are in the report, after the plain words.
  expect(all).toContain('How this is measured');
  expect(all).toContain('percentile bootstrap');

  const mdDownload = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Markdown' }).click();
  const md = await mdDownload;
  expect(md.suggestedFilename()).toMatch(/\.md$/);
  const markdown = await readFile(await md.path(), 'utf8');
  expect(markdown).toContain('# Study report: Reportwise');
  expect(markdown).toContain(`> ${text}`);
  expect(markdown).toContain('| Opinion | Share of all answers | Likely range if asked again |');
  await shot('downloaded');
});
