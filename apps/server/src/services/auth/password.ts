import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * log2 of scrypt's cost. PASSWORD_HASH_COST lowers it for automated tests only (a test logs in far
 * more often than a person, on a shared machine); production refuses anything below the default.
 * Each hash carries its parameters, so hashes made at either cost verify at the other.
 */
const DEFAULT_COST = 14;
function hashCost(env: NodeJS.ProcessEnv): number {
  if (!env.PASSWORD_HASH_COST) return DEFAULT_COST;
  const cost = Number(env.PASSWORD_HASH_COST);
  if (!Number.isInteger(cost) || cost < 10 || cost > 20) throw new Error('PASSWORD_HASH_COST must be an integer from 10 to 20');
  if (cost < DEFAULT_COST && env.NODE_ENV === 'production') throw new Error(`PASSWORD_HASH_COST below ${DEFAULT_COST} is for automated tests only and is refused when NODE_ENV=production`);
  return cost;
}
const PARAMS = { N: 2 ** hashCost(process.env), r: 8, p: 1 };
const KEY_LENGTH = 32;

/** Format: scrypt$N$r$p$salt$hash (base64url), so the parameters can grow later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected);
}

/** Compared against when the account does not exist, so both cases take the same time. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));
