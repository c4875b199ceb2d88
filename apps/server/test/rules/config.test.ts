import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';

describe('configuration', () => {
  it('refuses the test captcha and a missing signing secret in production, and never seeds demo data there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's', CAPTCHA_TEST_ANSWER: 'abcd' })).toThrow('CAPTCHA_TEST_ANSWER');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's', TEST_CLOCK: 'true' })).toThrow('TEST_CLOCK');
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).testClock).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's', DEMO: 'true' }).demo).toBe(false);
  });

  it('has the README defaults and rejects malformed numbers', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, demo: true, accessTokenTtlS: 1800, trustProxy: false });
    expect(config.dataDir).toMatch(/\/var$/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT');
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '-5' })).toThrow('ACCESS_TOKEN_TTL');
  });

  it('leaves mail off without SMTP_URL; with it, links go to PUBLIC_URL, which production requires', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', PORT: '9000' }).mail).toEqual({ smtpUrl: 'smtp://127.0.0.1:2525', publicUrl: 'http://127.0.0.1:9000' });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.cn', PUBLIC_URL: 'https://hqt.example.cn/' }).mail?.publicUrl).toBe('https://hqt.example.cn');
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.cn' })).toThrow('SMTP_URL');
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.cn', PUBLIC_URL: 'javascript:alert(1)' })).toThrow('PUBLIC_URL');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's', SMTP_URL: 'smtp://smtp.example.cn' })).toThrow('PUBLIC_URL');
  });
});
