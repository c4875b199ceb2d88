// Every setting the server reads, with its default. The README lists the same table.
import path from 'node:path';

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** Root of the embedded database and local secrets (ignored for the database with DATABASE_URL). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Fill an empty database with the demo accounts and content. */
  demo: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlS: number;
  captchaTestAnswer: string | undefined;
  logLevel: string;
  webDist: string;
  trustProxy: boolean;
  /** Login endpoints: requests per address per minute. */
  loginRateLimitPerMinute: number;
  platform: {
    name: string;
    trialRun: boolean;
    logoUrl: string | null;
    bureau: { name: string; address: string; phone: string; email: string };
    site: { code: string | null; icp: string | null; psb: string | null };
  };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const captchaTestAnswer = env.CAPTCHA_TEST_ANSWER || undefined;
  if (captchaTestAnswer && nodeEnv === 'production') {
    throw new Error('CAPTCHA_TEST_ANSWER is for automated tests only and is refused when NODE_ENV=production');
  }
  if (nodeEnv === 'production' && !env.JWT_SECRET) {
    throw new Error('JWT_SECRET must be set when NODE_ENV=production (every node must share it)');
  }
  return {
    env: nodeEnv,
    host: env.HOST || '127.0.0.1',
    port: int('PORT', env.PORT, 8080),
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'var')),
    databaseUrl: env.DATABASE_URL || undefined,
    demo: nodeEnv !== 'production' && bool(env.DEMO, true),
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlS: int('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, 30 * 60),
    captchaTestAnswer,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    trustProxy: bool(env.TRUST_PROXY, false),
    loginRateLimitPerMinute: int('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30),
    platform: {
      name: env.PLATFORM_NAME || '惠企通',
      trialRun: bool(env.TRIAL_RUN, true),
      logoUrl: env.BUREAU_LOGO_URL || null,
      site: { code: env.SITE_CODE || null, icp: env.ICP_RECORD || null, psb: env.PSB_RECORD || null },
      bureau: {
        name: env.BUREAU_NAME || '云溪县工业和信息化局',
        address: env.BUREAU_ADDRESS || '云溪县城关镇人民路88号政务服务中心三楼',
        phone: env.BUREAU_PHONE || '0839-7202345',
        email: env.BUREAU_EMAIL || 'gxj@yunxi.gov.cn',
      },
    },
  };
}
