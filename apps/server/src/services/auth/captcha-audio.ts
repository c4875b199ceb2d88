// The captcha's audio alternative: its digits spoken in Mandarin, from ten clips shipped in the
// repository (made once with espeak-ng: src/scripts/make-captcha-digits.ts), joined with random
// silences and light random noise, so no two answers for one captcha are the same bytes and the
// audio is no look-up of ten fixed files.
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readWav, writeWav } from './wav';

export const CAPTCHA_DIGITS_DIR = path.resolve(import.meta.dirname, '../../../assets/captcha-digits');

/** The ten clips, 0 to 9, at one sample rate. */
export interface DigitClips {
  sampleRate: number;
  digits: Int16Array[];
}

export function loadDigitClips(dir = CAPTCHA_DIGITS_DIR): DigitClips {
  const clips = Array.from({ length: 10 }, (_, n) => readWav(readFileSync(path.join(dir, `${n}.wav`))));
  const sampleRate = clips[0]!.sampleRate;
  if (clips.some((c) => c.sampleRate !== sampleRate)) throw new Error(`${dir}: the digit clips differ in sample rate`);
  return { sampleRate, digits: clips.map((c) => c.samples) };
}

/** Milliseconds of silence before the first digit, between two digits and after the last, drawn at random in [min, max). */
export const AUDIO_LAYOUT = { leadMs: [200, 450], gapMs: [300, 650], tailMs: [200, 450] } as const;
/** Each digit's loudness, drawn at random in [min, 1]. */
export const MIN_GAIN = 0.8;
/** The noise's peak (of 32,767): about -35 dBFS against digits peaking at -2.5 dBFS. */
export const NOISE_PEAK = 600;

const samplesOf = (ms: readonly [number, number], rate: number) => Math.round((randomInt(ms[0], ms[1]) * rate) / 1000);

/** The answer spoken as a WAV: digits only (the captcha's answers are digits). */
export function speakDigits(answer: string, clips: DigitClips): Buffer {
  const rate = clips.sampleRate;
  const parts: { at: number; clip: Int16Array; gain: number }[] = [];
  let length = samplesOf(AUDIO_LAYOUT.leadMs, rate);
  [...answer].forEach((char, i) => {
    const clip = clips.digits[Number(char)];
    if (!/^\d$/.test(char) || !clip) throw new Error('the audio captcha speaks digits only');
    if (i > 0) length += samplesOf(AUDIO_LAYOUT.gapMs, rate);
    parts.push({ at: length, clip, gain: MIN_GAIN + (1 - MIN_GAIN) * (randomInt(0, 1001) / 1000) });
    length += clip.length;
  });
  length += samplesOf(AUDIO_LAYOUT.tailMs, rate);

  // Triangular noise from two uniform draws a sample: softer than white noise of the same peak.
  const noise = randomBytes(length * 4);
  const mix = new Float64Array(length);
  for (let i = 0; i < length; i++) mix[i] = ((noise.readUInt16LE(4 * i) + noise.readUInt16LE(4 * i + 2)) / 65535 - 1) * NOISE_PEAK;
  for (const { at, clip, gain } of parts) for (let i = 0; i < clip.length; i++) mix[at + i]! += clip[i]! * gain;
  const samples = Int16Array.from(mix, (v) => Math.max(-32768, Math.min(32767, Math.round(v))));
  return writeWav({ sampleRate: rate, samples });
}
