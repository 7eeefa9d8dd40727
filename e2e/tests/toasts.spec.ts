import type { Locator } from '@playwright/test';
import { expect, test, toast } from '../fixtures';

/** Whether a click at the middle of the button lands on the button (nothing lies on top of it). */
async function reachable(button: Locator): Promise<boolean> {
  return button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
}

test.describe('toasts', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`a toast never covers an open dialog's buttons (${viewport.width} px)`, async ({
      page,
      register,
      signIn,
      shot,
    }) => {
      await page.setViewportSize(viewport);
      const { token } = await register();
      await signIn(token, '/roadmap');
      await page.getByRole('button', { name: 'Create First Roadmap' }).click();
      const create = page.getByRole('dialog', { name: 'Create Roadmap' });
      await create.getByLabel('Roadmap Name').fill('Spring plan');
      await create.getByRole('button', { name: 'Create Roadmap' }).click();
      await expect(toast(page)).toContainText('Roadmap Created');

      // The toast is still showing when the next dialog opens.
      await page.getByRole('button', { name: 'Add First Item' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Roadmap Item' });
      await expect(dialog).toBeVisible();
      await expect(toast(page)).toBeVisible();
      await shot('toast-with-dialog');
      for (const button of await dialog.getByRole('button').all()) {
        await button.scrollIntoViewIfNeeded();
        expect(await reachable(button), `${await button.innerText()} is covered`).toBe(true);
      }
      // A click meant for the dialog reaches it.
      await dialog.getByRole('button', { name: 'Add Item' }).click();
      await expect(dialog.getByText('Item title is required')).toBeVisible();
    });
  }
});
