/**
 * Tests log in, change contacts, file appeals and ask for visits far more often than a person: the
 * per-address and per-account limits of every test server, in-process (app.ts) or a child process
 * (server-process.ts). Each limit is tested with its own setting.
 */
export const TEST_LIMITS = {
  LOGIN_RATE_LIMIT: '10000',
  CONTACT_RATE_LIMIT: '10000',
  CONTACT_ADDRESS_RATE_LIMIT: '10000',
  RESET_MAIL_RATE_LIMIT: '10000',
  APPEAL_RATE_LIMIT: '10000',
  VISIT_REQUEST_RATE_LIMIT: '10000',
} as const;
