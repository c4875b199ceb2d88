// A workflow item's steps as staff take them in the console (诉求, 申报): the step's button in the
// 办理 section opens its dialog, whose OK button carries the step's name; the server's 「…成功」 shows
// and the dialog closes.
import { expect, type Locator, type Page } from '@playwright/test';

export async function consoleStep(page: Page, label: string, fill?: (dialog: Locator) => Promise<void>) {
  const spaced = new RegExp(`^${[...label].join('\\s*')}$`);
  await page.getByRole('region', { name: '办理' }).getByRole('button', { name: spaced }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: spaced }).click();
  await expect(page.getByText(`${label}成功`)).toBeVisible();
  await expect(dialog).toBeHidden();
}
