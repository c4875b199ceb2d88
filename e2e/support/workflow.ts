// A workflow item's steps as staff take them in the console (诉求, 申报): the step's button in the
// 办理 section opens its dialog, whose OK button carries the step's name; the dialog closes (it stays
// open on a refusal) and the newest toast says 「…成功」 — the same step taken twice in a row (two
// 联审 opinions) has the first one's toast still showing on a slow machine (CI beside two busy loops).
import { expect, type Locator, type Page } from '@playwright/test';

export async function consoleStep(page: Page, label: string, fill?: (dialog: Locator) => Promise<void>) {
  const spaced = new RegExp(`^${[...label].join('\\s*')}$`);
  await page.getByRole('region', { name: '办理' }).getByRole('button', { name: spaced }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: spaced }).click();
  await expect(dialog).toBeHidden();
  // The dialog closes right after its toast (step-dialog.tsx send), so the newest toast is this step's.
  await expect(page.getByText(`${label}成功`).last()).toBeVisible();
}
