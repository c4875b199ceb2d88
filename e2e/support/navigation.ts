// Opening a page as a link in the app would: through its router, without a load. A load starts the
// app again (its script, and its styles for every component in every look), which is most of the
// time of a spec that visits every page; the router's way shows the same page.
import { expect, type Page } from '@playwright/test';

/**
 * Counts a page's requests in flight from now on; answers a wait until none has been for half a
 * second (Playwright's networkidle measure, which it applies only to a load: a page the router opens
 * has none, yet fetches its chunk and its data).
 */
export function requestsOf(page: Page): () => Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight += 1;
    last = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return () => expect.poll(() => inFlight === 0 && Date.now() - last >= 500, { intervals: [100] }).toBe(true);
}

/**
 * Opens `path` through the app's router (loaded, when the page has not loaded the app yet), and
 * waits until it is there with its lazily loaded parts and data (`idle`, from requestsOf).
 */
export async function openInApp(page: Page, idle: () => Promise<void>, path: string) {
  if (page.url().startsWith('http')) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(path);
  }
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await idle();
}
