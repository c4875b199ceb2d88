// What other services may use of the auth service.
export { hashPassword, verifyPassword } from './password';
export { attemptFailed, attemptSucceeded, claimAttempt } from './lockout';
export { revokeAccountSessions } from './service';
export { checkCaptcha } from './captcha';
export { LiveLogins, type LoginChange } from './logins';
export { issueOneTimeToken, useOneTimeToken, type TokenPurpose } from './one-time-tokens';
export { AUTH_BUDGET } from './routes';
