// Makes the audio captcha's ten Mandarin digit clips (零…九) once; they are shipped in the
// repository (apps/server/assets/captcha-digits/) and the server never runs espeak-ng.
//   apt-get install espeak-ng && npx tsx src/scripts/make-captcha-digits.ts   (from apps/server)
// Each clip: espeak-ng's Mandarin voice at 130 words a minute, its silence trimmed, resampled from
// 22,050 Hz to 16 kHz (windowed-sinc low-pass) and its peak set to 75 % of full scale.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CAPTCHA_DIGITS_DIR } from '../services/auth/captcha-audio';
import { readWav, writeWav } from '../services/auth/wav';

const DIGITS = '零一二三四五六七八九';
const RATE = 16_000;
const PEAK = Math.round(0.75 * 32767);
/** Below this (of 32,767) a sample is silence; kept: 20 ms before the first sound, 60 ms after the last. */
const QUIET = 300;

function trim(samples: Int16Array, rate: number): Int16Array {
  const loud = (i: number) => Math.abs(samples[i]!) > QUIET;
  let first = 0;
  while (first < samples.length && !loud(first)) first++;
  let last = samples.length - 1;
  while (last > first && !loud(last)) last--;
  return samples.slice(Math.max(0, first - Math.round(0.02 * rate)), Math.min(samples.length, last + Math.round(0.06 * rate)));
}

/** Band-limited resampling: a Blackman-windowed sinc, cut off a little below the new Nyquist frequency. */
function resample(input: Float64Array, from: number, to: number): Float64Array {
  const step = from / to;
  const cutoff = (0.5 * Math.min(1, to / from)) * 0.95; // cycles per input sample
  const half = 32;
  const out = new Float64Array(Math.floor(input.length / step));
  for (let j = 0; j < out.length; j++) {
    const t = j * step;
    let sum = 0;
    for (let k = Math.ceil(t - half); k <= Math.floor(t + half); k++) {
      if (k < 0 || k >= input.length) continue;
      const x = k - t;
      const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
      const w = 0.42 + 0.5 * Math.cos((Math.PI * x) / half) + 0.08 * Math.cos((2 * Math.PI * x) / half);
      sum += input[k]! * sinc * w;
    }
    out[j] = sum;
  }
  return out;
}

const work = mkdtempSync(path.join(tmpdir(), 'captcha-digits-'));
try {
  [...DIGITS].forEach((digit, n) => {
    const raw = path.join(work, `${n}.wav`);
    execFileSync('espeak-ng', ['-v', 'cmn', '-s', '130', '-w', raw, digit]);
    const made = readWav(readFileSync(raw));
    const trimmed = trim(made.samples, made.sampleRate);
    const resampled = resample(Float64Array.from(trimmed), made.sampleRate, RATE);
    const peak = resampled.reduce((m, v) => Math.max(m, Math.abs(v)), 1);
    const samples = Int16Array.from(resampled, (v) => Math.round((v * PEAK) / peak));
    writeFileSync(path.join(CAPTCHA_DIGITS_DIR, `${n}.wav`), writeWav({ sampleRate: RATE, samples }));
    process.stdout.write(`${n} ${digit} ${(samples.length / RATE).toFixed(2)} s\n`);
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
