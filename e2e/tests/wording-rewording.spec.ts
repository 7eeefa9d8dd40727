import { expect, newAccount, test } from '../fixtures';
import { productWithPersonas } from '../typed-helpers';

// The wording check's rewording in the question form: "Use neutral wording"
// gives a question that still names the offer asked about, and a question
// that cannot be reworded safely gets the changes to make by hand instead.

test.describe('rewording a leading question', () => {
  test('"Use neutral wording" keeps the offer the question asks about', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Crumbwise' }));
    const productId = await productWithPersonas(request, token, 2);
    await signIn(token, `/products/${productId}/questions`);

    const question = page.getByLabel('Your question');
    await question.fill(
      'Hundreds of bakers already order our sourdough starter kit. Would you buy it?',
    );
    const alarm = page.getByRole('note', { name: 'Wording check' });
    await expect(alarm).toContainText('Leading question');
    await expect(alarm.getByTestId('wording-finding').first()).toContainText(
      'Points to what others do',
    );
    const neutral = alarm.getByTestId('neutral-wording');
    // The pronoun of the dropped sentence is named: the rewording still asks about the kit.
    await expect(neutral).toContainText('sourdough starter kit');
    await expect(neutral).not.toContainText(/bakers|hundreds/i);
    await shot('rewording-ready');
    await alarm.getByRole('button', { name: 'Use neutral wording' }).click();
    await expect(question).toHaveValue(/our sourdough starter kit\?$/);
    await expect(question).not.toHaveValue(/\bit\?$/);
    // The rewording is itself free of leading wording.
    await expect(page.getByTestId('cost-estimate')).toBeVisible();
    await expect(alarm).toHaveCount(0);
  });

  test('a question with no safe rewording says what to change by hand', async ({
    page,
    request,
    register,
    signIn,
    shot,
  }) => {
    const { token } = await register(newAccount({ productName: 'Trywise' }));
    const productId = await productWithPersonas(request, token, 1);
    await signIn(token, `/products/${productId}/questions`);

    await page
      .getByLabel('Your question')
      .fill('Thousands of people already agree. Would you try it too?');
    const alarm = page.getByRole('note', { name: 'Wording check' });
    const edits = alarm.getByTestId('wording-edits');
    await expect(edits).toContainText('Edit it yourself');
    await expect(edits.getByTestId('wording-edit').first()).toContainText(/^Remove /);
    await expect(alarm.getByRole('button', { name: 'Use neutral wording' })).toHaveCount(0);
    await shot('rewording-edit-yourself');
  });
});
