import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_S } from '@hqt/contract/constants';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import type { CaptchaResponse } from '@hqt/contract/auth';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';

const hashAnswer = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');
// The package's function itself draws a given text; its typings only declare create().
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;
const OPTIONS = { noise: 2, color: true, background: '#f3f6fb', width: 120, height: 40 };

/**
 * A captcha's answer, from its number and a key derived from the server's secret (every node has
 * it): the audio route can speak a captcha's answer while the table keeps only the answer's hash.
 * 2^32 mod 10^4 leaves a bias of under one in 400,000.
 */
function answerOf(key: Buffer, codeIndex: string): string {
  const n = createHmac('sha256', key).update(codeIndex).digest().readUInt32BE(0) % 10 ** CAPTCHA_LENGTH;
  return String(n).padStart(CAPTCHA_LENGTH, '0');
}

/** `key`: the server's key for captcha answers; `fixedAnswer`: CAPTCHA_TEST_ANSWER (tests only). */
export async function createCaptcha(db: Db, key: Buffer, fixedAnswer?: string): Promise<CaptchaResponse> {
  const id = randomUUID();
  const text = fixedAnswer ?? answerOf(key, id);
  const data = drawText(text, OPTIONS);
  // Expired captchas are swept as new ones are made: the table stays small without a timer.
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({ id, answerHash: hashAnswer(text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_S * 1000) });
  return {
    codeIndex: id,
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

/**
 * The answer of a live captcha, for its audio; the captcha is not used up (the login or
 * registration it guards does that). Unknown, used or expired: "验证码已失效，请刷新后重试".
 */
export async function captchaAnswer(db: Db, key: Buffer, codeIndex: string, fixedAnswer?: string): Promise<string> {
  if (!UUID.test(codeIndex)) throw badRequest(OWN_MSG.captchaExpired);
  const [row] = await db
    .select({ answerHash: captchas.answerHash })
    .from(captchas)
    .where(and(eq(captchas.id, codeIndex), gt(captchas.expiresAt, new Date())));
  const answer = fixedAnswer ?? answerOf(key, codeIndex);
  // Made under another secret or test answer (a restart with a new JWT_SECRET): the audio would not say its answer.
  if (!row || row.answerHash !== hashAnswer(answer)) throw badRequest(OWN_MSG.captchaExpired);
  return answer;
}
