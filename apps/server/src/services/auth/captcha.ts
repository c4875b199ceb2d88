import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_TTL_S } from '@hqt/contract/constants';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import type { CaptchaResponse } from '@hqt/contract/auth';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';

const hashAnswer = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');
// The package's function itself draws a given text; its typings only declare create().
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;
const OPTIONS = { size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f3f6fb', width: 120, height: 40 };

export async function createCaptcha(db: Db, fixedAnswer?: string): Promise<CaptchaResponse> {
  const { text, data } = fixedAnswer
    ? { text: fixedAnswer, data: drawText(fixedAnswer, OPTIONS) }
    : svgCaptcha.create(OPTIONS);
  // Expired captchas are swept as new ones are made: the table stays small without a timer.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  const [row] = await db
    .insert(captchas)
    .values({ answerHash: hashAnswer(text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_S * 1000) })
    .returning({ id: captchas.id });
  return {
    codeIndex: row!.id,
    img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
    expiresIn: CAPTCHA_TTL_S,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks an answer. A wrong answer always uses the captcha up (no guessing twice);
 * a right one is used up only when `consume` (the login or registration it guards).
 */
export async function checkCaptcha(db: Db, codeIndex: string | undefined, answer: string | undefined, consume: boolean) {
  if (!answer?.trim() || !codeIndex) throw badRequest(OWN_MSG.captchaRequired);
  if (!UUID.test(codeIndex)) throw badRequest(OWN_MSG.captchaExpired);
  const live = and(eq(captchas.id, codeIndex), gt(captchas.expiresAt, new Date()));
  const [row] = await db.select({ answerHash: captchas.answerHash }).from(captchas).where(live);
  if (!row) throw badRequest(OWN_MSG.captchaExpired);
  const right = row.answerHash === hashAnswer(answer);
  if (!right || consume) {
    const deleted = await db.delete(captchas).where(live).returning({ id: captchas.id });
    // Two requests racing with one captcha: only the one that deleted it may use it.
    if (right && deleted.length === 0) throw badRequest(OWN_MSG.captchaExpired);
  }
  if (!right) throw badRequest(MSG.captchaWrong);
}
