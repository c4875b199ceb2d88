// Every setting the server reads, with its default. The README lists the same table.
import path from 'node:path';
import { CAPTCHA_LENGTH } from '@hqt/contract/constants';

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** Root of the embedded database and local secrets (ignored for the database with DATABASE_URL). */
  dataDir: string;
  /** The staff editor's uploaded images (content-hash names): DATA_DIR/uploads unless UPLOADS_DIR says otherwise. */
  uploadsDir: string;
  databaseUrl: string | undefined;
  /** Fill an empty database with the demo accounts and content. */
  demo: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlS: number;
  captchaTestAnswer: string | undefined;
  /** Automated tests only: the server's clock may be moved (plugins/clock.ts). */
  testClock: boolean;
  logLevel: string;
  webDist: string;
  /** Fastify's trustProxy: false, a number of proxy hops, or the proxies' addresses (CIDR, comma-separated). */
  trustProxy: false | number | string;
  /** The site's public address (PUBLIC_URL, no trailing slash): the mails' links and the 企业码 QR codes' address. */
  publicUrl: string;
  // Each service's own settings, a section apiece: the options its plugin is registered with
  // (app.ts). Its rate limits (docs/rate-limits.md) are budgets it declares from them.
  auth: {
    /** Login, refresh, captcha, registration and reset requests: per address per minute, one budget. */
    loginPerMinute: number;
    /** 忘记密码 mails to one account per hour (the requests are answered alike; past it no mail is made). */
    resetMailsPerHour: number;
  };
  account: {
    /** Changes of one's phone or e-mail (each asks whether another account holds the value), per account per hour. */
    contactChangesPerHour: number;
    /** The same, per client address (over every account it signs in as). */
    contactChangesPerAddressPerHour: number;
  };
  appeal: {
    /** Appeals filed, per account per hour. */
    filingsPerHour: number;
  };
  visit: {
    /** Visit requests (each messages every administrator), per account per hour. */
    requestsPerHour: number;
  };
  entcode: {
    /** 企业码 look-ups (the public card): per address per minute. */
    lookupsPerMinute: number;
  };
  qa: {
    /** 政策问答's questions: per address per minute. */
    questionsPerMinute: number;
    /** How long a question is kept (its text may hold the asker's figures): days. */
    questionRetentionDays: number;
  };
  push: {
    /** Messages written per transaction of a fan-out. */
    batchSize: number;
  };
  /** How often the job queue looks for jobs whose node died, in seconds. */
  jobs: { monitorIntervalS: number };
  /**
   * E-mail (services/mail): null unless SMTP_URL is set. `publicUrl` is the site's address the
   * mails link to (never taken from a request's Host, which a client could name).
   */
  mail: { smtpUrl: string; publicUrl: string } | null;
  /** How often the hub checks every connection's login again, in seconds (an ended login is dropped as soon as it is heard). */
  hub: { sessionCheckS: number };
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

/**
 * Which proxies may say who the client is (X-Forwarded-For, X-Forwarded-Proto). `true` trusts one
 * hop (the load balancer in front), never the whole header: a client cannot name its own address.
 */
function trustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value === '' || ['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** The bureau's logo: an http(s) address or a path on this site, nothing a page could run. */
function logoUrl(value: string | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
  } catch {
    // not an address: refused below
  }
  throw new Error(`BUREAU_LOGO_URL must be an http(s) address or a path starting with /, got "${value}"`);
}

/** The site's address for mail links: PUBLIC_URL, an http(s) origin (and path), without a trailing slash. */
function publicUrl(value: string | undefined, fallback: string): string {
  const raw = value || fallback;
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString().replace(/\/+$/, '');
  } catch {
    // not an address: refused below
  }
  throw new Error(`PUBLIC_URL must be an http(s) address, got "${raw}"`);
}

const sitePublicUrl = (env: NodeJS.ProcessEnv, host: string, port: number) => publicUrl(env.PUBLIC_URL, `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);

function mail(env: NodeJS.ProcessEnv, nodeEnv: Config['env'], host: string, port: number): Config['mail'] {
  const smtpUrl = env.SMTP_URL || undefined;
  if (!smtpUrl) return null;
  if (!/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (nodeEnv === 'production' && !env.PUBLIC_URL) throw new Error('PUBLIC_URL must be set with SMTP_URL when NODE_ENV=production (the links in mails)');
  return { smtpUrl, publicUrl: sitePublicUrl(env, host, port) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const captchaTestAnswer = env.CAPTCHA_TEST_ANSWER || undefined;
  if (captchaTestAnswer && nodeEnv === 'production') {
    throw new Error('CAPTCHA_TEST_ANSWER is for automated tests only and is refused when NODE_ENV=production');
  }
  if (captchaTestAnswer && !new RegExp(`^\\d{${CAPTCHA_LENGTH}}$`).test(captchaTestAnswer)) {
    throw new Error(`CAPTCHA_TEST_ANSWER must be ${CAPTCHA_LENGTH} digits, like every captcha's answer (the audio captcha speaks it)`);
  }
  const testClock = bool(env.TEST_CLOCK, false);
  if (testClock && nodeEnv === 'production') throw new Error('TEST_CLOCK is for automated tests only and is refused when NODE_ENV=production');
  if (nodeEnv === 'production' && !env.JWT_SECRET) {
    throw new Error('JWT_SECRET must be set when NODE_ENV=production (every node must share it)');
  }
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, 'var'));
  const host = env.HOST || '127.0.0.1';
  const port = int('PORT', env.PORT, 8080);
  return {
    env: nodeEnv,
    host,
    port,
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    databaseUrl: env.DATABASE_URL || undefined,
    demo: nodeEnv !== 'production' && bool(env.DEMO, true),
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlS: int('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, 30 * 60),
    captchaTestAnswer,
    testClock,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicUrl: sitePublicUrl(env, host, port),
    auth: {
      loginPerMinute: int('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30),
      resetMailsPerHour: int('RESET_MAIL_RATE_LIMIT', env.RESET_MAIL_RATE_LIMIT, 3),
    },
    account: {
      contactChangesPerHour: int('CONTACT_RATE_LIMIT', env.CONTACT_RATE_LIMIT, 10),
      contactChangesPerAddressPerHour: int('CONTACT_ADDRESS_RATE_LIMIT', env.CONTACT_ADDRESS_RATE_LIMIT, 30),
    },
    appeal: { filingsPerHour: int('APPEAL_RATE_LIMIT', env.APPEAL_RATE_LIMIT, 20) },
    visit: { requestsPerHour: int('VISIT_REQUEST_RATE_LIMIT', env.VISIT_REQUEST_RATE_LIMIT, 10) },
    entcode: { lookupsPerMinute: int('ENTCODE_RATE_LIMIT', env.ENTCODE_RATE_LIMIT, 30) },
    qa: { questionsPerMinute: int('QA_RATE_LIMIT', env.QA_RATE_LIMIT, 20), questionRetentionDays: int('QA_QUESTION_RETENTION_DAYS', env.QA_QUESTION_RETENTION_DAYS, 365) },
    push: {
      batchSize: int('PUSH_BATCH_SIZE', env.PUSH_BATCH_SIZE, 2000),
    },
    jobs: { monitorIntervalS: int('JOB_MONITOR_INTERVAL', env.JOB_MONITOR_INTERVAL, 30) },
    mail: mail(env, nodeEnv, host, port),
    hub: { sessionCheckS: int('HUB_SESSION_CHECK', env.HUB_SESSION_CHECK, 60) },
    platform: {
      name: env.PLATFORM_NAME || '惠企通',
      trialRun: bool(env.TRIAL_RUN, true),
      logoUrl: logoUrl(env.BUREAU_LOGO_URL),
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
