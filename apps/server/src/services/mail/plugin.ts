// E-mail as a second channel (docs/mail.md). Off unless SMTP_URL is set. A mail is a job on the
// shared queue (`mail-send`, plugins/jobs.ts) written in the caller's transaction: it goes out only
// if the change that asked for it commits, never holds up the request, and an SMTP server that is
// down or refuses is tried again with a growing delay.
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text; the bureau's signature is added below it. */
  text: string;
}

export interface Mailer {
  /** False without SMTP_URL: nothing can be mailed, and a caller offers what it offers instead. */
  readonly enabled: boolean;
  /** An address on the site (PUBLIC_URL), for the links in a mail. */
  link(pathAndFragment: string): string;
  /** Inside the caller's transaction: the mail is sent once it commits, or never. Throws when mail is off. */
  send(tx: DbOrTx, mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export const MAIL_QUEUE = 'mail-send';

export interface MailOptions {
  mail: Config['mail'];
  platform: Config['platform'];
}

/** The mail as it leaves: a subject naming the platform, and the bureau's signature under the text. */
export function composeMail(platform: Config['platform'], mail: Mail) {
  const { bureau } = platform;
  return {
    from: { name: bureau.name, address: bureau.email },
    to: mail.to,
    subject: `【${platform.name}】${mail.subject}`,
    text: `${mail.text}\n\n此邮件由系统自动发送，请勿直接回复。\n${bureau.name}\n地址：${bureau.address}\n咨询电话：${bureau.phone}\n`,
  };
}

export default fp<MailOptions>(
  async (app, opts) => {
    const settings = opts.mail;
    if (!settings) {
      app.decorate('mail', {
        enabled: false,
        link: () => {
          throw new Error('mail is off (SMTP_URL is not set)');
        },
        send: () => Promise.reject(new Error('mail is off (SMTP_URL is not set)')),
      });
      return;
    }
    const transport = nodemailer.createTransport(settings.smtpUrl);
    const queue = app.jobs.queue<Mail>({
      name: MAIL_QUEUE,
      // Tried again after about 5 s, 10 s, 20 s … up to 15 minutes apart, for a few hours in all;
      // a sent mail's job (it holds the link) is kept an hour at most. NOTIFY wakes a worker when a
      // mail is queued (a person waiting for a reset link gets it at once, not at the next poll); a
      // retry coming due is found by the poll, every 2 s as without NOTIFY.
      settings: { retryLimit: 12, retryDelay: 5, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 120, deleteAfterSeconds: 3600, notify: true },
      work: { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, batchSize: 5 },
      run: async (mail) => {
        await transport.sendMail(composeMail(opts.platform, mail));
      },
    });
    app.decorate('mail', {
      enabled: true,
      link: (pathAndFragment: string) => `${settings.publicUrl}${pathAndFragment}`,
      send: (tx: DbOrTx, mail: Mail) => queue.send(tx, mail),
    });
    app.addHook('onClose', () => transport.close());
  },
  { name: 'mail', dependencies: ['jobs'] },
);
