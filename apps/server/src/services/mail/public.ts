// What other services may use of the mail service: the mailer's type (the app decorates `app.mail`).
export type { Mail, Mailer } from './plugin';
