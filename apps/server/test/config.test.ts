import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

describe('configuration', () => {
  it('refuses the test captcha and a missing signing secret in production, and never seeds demo data there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's', CAPTCHA_TEST_ANSWER: 'abcd' })).toThrow('CAPTCHA_TEST_ANSWER');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's', DEMO: 'true' }).demo).toBe(false);
  });

  it('has the README defaults and rejects malformed numbers', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, demo: true, accessTokenTtlS: 1800, trustProxy: false });
    expect(config.dataDir).toMatch(/\/var$/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT');
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '-5' })).toThrow('ACCESS_TOKEN_TTL');
  });
});
