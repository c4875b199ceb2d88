// Mono 16-bit PCM WAV, read and written by hand: the audio captcha needs no more (RIFF, 'fmt ', 'data').

export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

/** Reads a mono 16-bit PCM WAV; anything else is refused. */
export function readWav(bytes: Buffer): Pcm {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a RIFF/WAVE file');
  let format: { channels: number; sampleRate: number; bits: number; tag: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString('ascii', at, at + 4);
    // A writer streaming to a pipe leaves the size at its maximum: read what is there.
    const size = Math.min(bytes.readUInt32LE(at + 4), bytes.length - at - 8);
    const body = at + 8;
    if (id === 'fmt ') {
      format = { tag: bytes.readUInt16LE(body), channels: bytes.readUInt16LE(body + 2), sampleRate: bytes.readUInt32LE(body + 4), bits: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format || format.tag !== 1 || format.channels !== 1 || format.bits !== 16) throw new Error('not mono 16-bit PCM');
      const samples = new Int16Array(size >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(body + 2 * i);
      return { sampleRate: format.sampleRate, samples };
    }
    at = body + size + (size & 1);
  }
  throw new Error('no data chunk');
}

/** Writes a mono 16-bit PCM WAV (a 44-byte header, then the samples, little-endian). */
export function writeWav({ sampleRate, samples }: Pcm): Buffer {
  const dataBytes = samples.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  out.writeUInt16LE(2, 32); // bytes per frame
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i]!, 44 + 2 * i);
  return out;
}
