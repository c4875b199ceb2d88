// The audio captcha (issue 24): the same captcha's digits spoken from ten shipped Mandarin clips,
// with random silences and light noise. The test hears it the way a program would: it finds each
// clip in the served samples by correlation, reads the digits back and logs in with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { AUDIO_LAYOUT, loadDigitClips, MIN_GAIN, NOISE_PEAK } from '../../src/services/auth/captcha-audio';
import { readWav } from '../../src/services/auth/wav';
import { CAPTCHA, createAccount, createTestApp } from '../helpers/app';
import { earlyInAMinute } from '../helpers/clock';

const clips = loadDigitClips();
const RATE = clips.sampleRate;

/** Above the noise's peak, below every clip's onset at the lowest gain. */
const ONSET = 3000;
const firstAtLeast = (clip: Int16Array, level: number) => clip.findIndex((v) => Math.abs(v) >= level);

function correlation(samples: Int16Array, at: number, clip: Int16Array): number {
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let i = 0; i < clip.length; i++) {
    const x = samples[at + i]!;
    const y = clip[i]!;
    xy += x * y;
    xx += x * x;
    yy += y * y;
  }
  return xy / Math.sqrt(xx * yy || 1);
}

/**
 * Reads the digits back without knowing them: from each onset (a sample louder than the noise can
 * be) every clip is tried at every start that could have put its own onset there; the best
 * normalized correlation names the digit, and the search goes on after that clip.
 */
function hear(samples: Int16Array): { digits: string; scores: number[]; starts: number[] } {
  let digits = '';
  const scores: number[] = [];
  const starts: number[] = [];
  for (let at = 0; ; ) {
    let onset = at;
    while (onset < samples.length && Math.abs(samples[onset]!) < ONSET) onset++;
    if (onset >= samples.length) break;
    let best = { digit: -1, score: -Infinity, start: 0 };
    clips.digits.forEach((clip, digit) => {
      // The served sample is gain × clip + noise: its onset is where the clip reaches ONSET ± noise, over the gain.
      const earliest = onset - firstAtLeast(clip, (ONSET + NOISE_PEAK) / MIN_GAIN) - 2;
      const latest = onset - firstAtLeast(clip, ONSET - NOISE_PEAK) + 2;
      for (let start = Math.max(at, earliest); start <= latest && start + clip.length <= samples.length; start++) {
        const score = correlation(samples, start, clip);
        if (score > best.score) best = { digit, score, start };
      }
    });
    if (best.digit < 0) throw new Error(`no clip fits at sample ${onset}`);
    digits += String(best.digit);
    scores.push(best.score);
    starts.push(best.start);
    at = best.start + clips.digits[best.digit]!.length;
  }
  return { digits, scores, starts };
}

let app: App;
/** No CAPTCHA_TEST_ANSWER: every captcha has an answer of its own, known only by hearing it. */
let live: App;
beforeAll(async () => {
  [app, live] = await Promise.all([createTestApp(), createTestApp({ CAPTCHA_TEST_ANSWER: '' })]);
});
afterAll(() => Promise.all([app?.close(), live?.close()]));

const newCaptcha = async (on: App, ip = '10.24.0.1') => (await on.inject({ method: 'GET', url: AUTH_PATHS.captcha, remoteAddress: ip })).json().data as { codeIndex: string; img: string };
const audio = (on: App, codeIndex: string, ip = '10.24.0.1') =>
  on.inject({ method: 'GET', url: `${AUTH_PATHS.captchaAudio}?codeIndex=${encodeURIComponent(codeIndex)}`, remoteAddress: ip });
const samplesOf = (body: Buffer) => readWav(body).samples;

describe('the digit clips shipped in the repository', () => {
  it('are ten short, loud, distinct recordings at one rate', () => {
    expect(RATE).toBe(16_000);
    const seconds = clips.digits.map((c) => c.length / RATE);
    for (const s of seconds) {
      expect(s).toBeGreaterThan(0.25);
      expect(s).toBeLessThan(1);
    }
    for (const clip of clips.digits) {
      const peak = clip.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      const rms = Math.sqrt(clip.reduce((sum, v) => sum + v * v, 0) / clip.length);
      expect(peak).toBeGreaterThan(0.5 * 32767);
      expect(rms).toBeGreaterThan(0.05 * 32767);
      // Trimmed: the sound starts within 60 ms and the last 10 ms are near silence.
      expect(Math.max(...clip.slice(-RATE / 100).map(Math.abs))).toBeLessThan(1000);
      expect(firstAtLeast(clip, ONSET)).toBeLessThan(0.06 * RATE);
    }
    // No clip is another one: against every other clip at the same start, well below a match.
    for (const [i, a] of clips.digits.entries()) {
      for (const [j, b] of clips.digits.entries()) {
        if (i === j) continue;
        const n = Math.min(a.length, b.length);
        expect(correlation(a.slice(0, n), 0, b.slice(0, n))).toBeLessThan(0.8);
      }
    }
  });
});

describe('GET /api/v1/connect/vierifycode/audio', () => {
  it('answers a mono 16-bit PCM WAV as long as the answer\'s clips and the silences around them, never cached', async () => {
    const { codeIndex } = await newCaptcha(app);
    const res = await audio(app, codeIndex);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['cache-control']).toBe('no-store');
    const wav = res.rawPayload;
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect({ pcm: wav.readUInt16LE(20), channels: wav.readUInt16LE(22), rate: wav.readUInt32LE(24), bits: wav.readUInt16LE(34) }).toEqual({ pcm: 1, channels: 1, rate: RATE, bits: 16 });
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);

    const n = (wav.length - 44) / 2;
    const spoken = [...CAPTCHA].reduce((sum, d) => sum + clips.digits[Number(d)]!.length, 0);
    const ms = (range: readonly [number, number], i: 0 | 1) => (range[i] * RATE) / 1000;
    const silent = (i: 0 | 1) => ms(AUDIO_LAYOUT.leadMs, i) + (CAPTCHA.length - 1) * ms(AUDIO_LAYOUT.gapMs, i) + ms(AUDIO_LAYOUT.tailMs, i);
    expect(n).toBeGreaterThanOrEqual(spoken + silent(0) - 4);
    expect(n).toBeLessThanOrEqual(spoken + silent(1));
    // About 3 to 5 seconds for four digits: something a person can listen to.
    expect(n / RATE).toBeGreaterThan(3);
    expect(n / RATE).toBeLessThan(5.5);

    // The lead-in is light noise only, and not digital silence.
    const lead = [...samplesOf(wav).slice(0, ms(AUDIO_LAYOUT.leadMs, 0))].map(Math.abs);
    expect(Math.max(...lead)).toBeLessThanOrEqual(NOISE_PEAK);
    expect(lead.filter((v) => v > 0).length).toBeGreaterThan(lead.length / 2);
  });

  it('speaks the captcha\'s own answer: each digit\'s clip is found in order, with silence between', async () => {
    const { codeIndex } = await newCaptcha(app);
    const heard = hear(samplesOf((await audio(app, codeIndex)).rawPayload));
    expect(heard.digits).toBe(CAPTCHA);
    for (const score of heard.scores) expect(score).toBeGreaterThan(0.95);
    for (let i = 1; i < heard.starts.length; i++) {
      const gap = heard.starts[i]! - (heard.starts[i - 1]! + clips.digits[Number(CAPTCHA[i - 1])]!.length);
      expect(gap).toBeGreaterThanOrEqual((AUDIO_LAYOUT.gapMs[0] * RATE) / 1000 - 4);
      expect(gap).toBeLessThanOrEqual((AUDIO_LAYOUT.gapMs[1] * RATE) / 1000 + 4);
    }
  });

  it('two requests for one captcha differ in their bytes (silences, loudness, noise) but say the same digits', async () => {
    const { codeIndex } = await newCaptcha(app);
    const [a, b] = [(await audio(app, codeIndex)).rawPayload, (await audio(app, codeIndex)).rawPayload];
    expect(a.equals(b)).toBe(false);
    expect(hear(samplesOf(a)).digits).toBe(CAPTCHA);
    expect(hear(samplesOf(b)).digits).toBe(CAPTCHA);
  });

  it('without a test answer, captchas have answers of their own, four digits, and what is heard logs in', async () => {
    const account = await createAccount(live);
    const answers = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const { codeIndex } = await newCaptcha(live);
      const heard = hear(samplesOf((await audio(live, codeIndex)).rawPayload));
      expect(heard.digits).toMatch(/^\d{4}$/);
      answers.add(heard.digits);
      const login = await live.inject({
        method: 'POST',
        url: AUTH_PATHS.token,
        remoteAddress: '10.24.0.2',
        payload: { username: account.username, password: account.password, vierifyCode: heard.digits, codeIndex },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().access_token).toEqual(expect.any(String));
      // Used up by the login, like the image: its audio is gone too.
      expect((await audio(live, codeIndex)).json()).toEqual({ code: 400, msg: OWN_MSG.captchaExpired, data: null });
    }
    // 10,000 answers: four captchas in a row with one answer would be a fixed answer.
    expect(answers.size).toBeGreaterThan(1);

    // Another captcha's digits are not this one's answer: the captcha is really checked.
    const { codeIndex } = await newCaptcha(live);
    const heard = hear(samplesOf((await audio(live, codeIndex)).rawPayload));
    const wrong = heard.digits.replace(/^./, (d) => String((Number(d) + 1) % 10));
    const refused = await live.inject({ method: 'POST', url: AUTH_PATHS.token, remoteAddress: '10.24.0.2', payload: { username: account.username, password: account.password, vierifyCode: wrong, codeIndex } });
    expect(refused.json()).toMatchObject({ msg: MSG.captchaWrong });
  });

  it('what is heard registers an enterprise account', async () => {
    const { codeIndex } = await newCaptcha(live);
    const vierifyCode = hear(samplesOf((await audio(live, codeIndex)).rawPayload)).digits;
    const res = await live.inject({
      method: 'POST',
      url: AUTH_PATHS.register,
      remoteAddress: '10.24.0.3',
      payload: {
        username: `audio_${process.pid}`,
        password: 'Abc12345',
        enterpriseName: '云溪县听见科技有限公司',
        creditCode: '91511234MA6BXY5K19',
        contactPhone: '13712345678',
        vierifyCode,
        codeIndex,
      },
    });
    expect(res.json()).toEqual({ code: 200, msg: OWN_MSG.registered, data: null });
  });

  it('an unknown, malformed, expired or missing captcha number is refused in Chinese', async () => {
    const expected = { code: 400, msg: OWN_MSG.captchaExpired, data: null };
    expect((await audio(app, '00000000-0000-4000-8000-000000000000')).json()).toEqual(expected);
    expect((await audio(app, 'not-a-captcha')).json()).toEqual(expected);

    const { codeIndex } = await newCaptcha(app);
    await app.db.execute(sql`update captchas set expires_at = now() - interval '1 second' where id = ${codeIndex}`);
    expect((await audio(app, codeIndex)).json()).toEqual(expected);

    const missing = await app.inject({ method: 'GET', url: AUTH_PATHS.captchaAudio, remoteAddress: '10.24.0.1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    const tooLong = await audio(app, 'x'.repeat(65));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('a captcha made under another server secret is refused, not spoken with wrong digits', async () => {
    // Two apps on two secrets would share no database; a captcha row whose hash is not this secret's answer stands for one.
    const { codeIndex } = await newCaptcha(live);
    await live.db.execute(sql`update captchas set answer_hash = repeat('0', 64) where id = ${codeIndex}`);
    expect((await audio(live, codeIndex)).json()).toEqual({ code: 400, msg: OWN_MSG.captchaExpired, data: null });
  });

  it('draws on the login endpoints\' budget, like the image', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const ip = '10.24.9.9';
      await earlyInAMinute();
      const { codeIndex } = await newCaptcha(limited, ip);
      const statuses = [(await audio(limited, codeIndex, ip)).statusCode, (await audio(limited, codeIndex, ip)).statusCode];
      const refused = await audio(limited, codeIndex, ip);
      expect(statuses).toEqual([200, 200]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 429, msg: OWN_MSG.tooManyRequests, data: null });
      expect((await limited.inject({ method: 'GET', url: AUTH_PATHS.captcha, remoteAddress: ip })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('the page may play it: the content security policy admits media from blob: URLs (the fetched WAV)', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toMatch(/media-src 'self' blob:;/);
  });

  it('is in the OpenAPI document with its query and its audio/wav answer', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths[AUTH_PATHS.captchaAudio].get;
    expect(op.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'codeIndex', required: true })]);
    expect(Object.keys(op.responses['200'].content)).toEqual(['audio/wav']);
  });

  it('a test answer that is not four digits is refused: the audio could not speak it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: 'k7mp' })).toThrow('CAPTCHA_TEST_ANSWER must be 4 digits');
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: '0729' }).captchaTestAnswer).toBe('0729');
  });
});
