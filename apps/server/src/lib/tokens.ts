// Access tokens are short-lived signed JWTs; refresh tokens are opaque random strings stored hashed.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { Lru } from './lru';

export interface AccessClaims {
  accountId: number;
  sessionId: string;
  roleId: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims; exp: number } | { ok: false; reason: 'expired' | 'invalid' };

const ISSUER = 'huiqitong';
/** Tokens verified lately, held so a signed-in client's every request does not check its signature again. */
const VERIFIED_HELD = 10_000;

export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Token → its claims, for tokens whose signature checked out (the VERIFIED_HELD used last):
   * a signature and its claims never change, so only the expiry is checked again. About a tenth of a
   * busy node's time went to checking the same few tokens' signatures.
   */
  private readonly verified = new Lru<string, { claims: AccessClaims; exp: number }>(VERIFIED_HELD);

  constructor(
    secret: string,
    readonly accessTtlS: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, role: claims.roleId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.accountId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.accessTtlS}s`)
      .sign(this.key);
  }

  /**
   * A successor pair sealed (AES-256-GCM) under a key derived from the server's secret and the spent
   * refresh token: stored beside the spent token's hash, it opens only for a holder of that token on
   * a server that has the secret (a database dump and an old token are not enough).
   */
  sealSuccessor(refreshToken: string, successor: object): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.successorKey(refreshToken), iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(successor), 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  openSuccessor<T>(refreshToken: string, sealed: string): T | null {
    try {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', this.successorKey(refreshToken), iv!);
      decipher.setAuthTag(tag!);
      return JSON.parse(Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8')) as T;
    } catch {
      return null;
    }
  }

  /** A key of its own for another use of the server's secret (the captcha's answers), derived by HKDF. */
  derivedKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, '', `huiqitong ${purpose}`, 32));
  }

  private successorKey(refreshToken: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, refreshToken, 'huiqitong refresh successor', 32));
  }

  /** With `ignoreExpiry`, an expired but genuine token still names its session (used by logout). */
  async verify(token: string, { ignoreExpiry = false } = {}): Promise<VerifyResult> {
    const held = this.verified.get(token);
    if (held) {
      if (ignoreExpiry || held.exp * 1000 > Date.now()) return { ok: true, ...held };
      this.verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        ...(ignoreExpiry ? { currentDate: new Date(0) } : {}),
      });
      const accountId = Number(payload.sub);
      if (!Number.isInteger(accountId) || typeof payload.sid !== 'string' || typeof payload.role !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      const checked = { claims: { accountId, sessionId: payload.sid, roleId: payload.role }, exp: payload.exp ?? 0 };
      if (!ignoreExpiry) this.verified.set(token, checked);
      return { ok: true, ...checked };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
