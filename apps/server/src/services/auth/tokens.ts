// Access tokens are short-lived signed JWTs; refresh tokens are opaque random strings stored hashed.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  accountId: number;
  sessionId: string;
  roleId: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims; exp: number } | { ok: false; reason: 'expired' | 'invalid' };

const ISSUER = 'huiqitong';

export class TokenSigner {
  private readonly key: Uint8Array;

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

  /** With `ignoreExpiry`, an expired but genuine token still names its session (used by logout). */
  async verify(token: string, { ignoreExpiry = false } = {}): Promise<VerifyResult> {
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
      return { ok: true, claims: { accountId, sessionId: payload.sid, roleId: payload.role }, exp: payload.exp ?? 0 };
    } catch (err) {
      return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
