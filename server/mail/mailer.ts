import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@/contract/enums';
import type { Database } from '../db/schema';
import { translate } from '../i18n';

/**
 * Mail: every message is first written to the outbox table, then sent over SMTP when SMTP_URL is set.
 *
 * Secrets (a reset link, an e-mail code) are kept out of storage and logs wherever they are not the delivery itself
 * (issue 10 item 3): with SMTP the outbox keeps the mail with the secret replaced by [redacted]; without SMTP (the
 * local default) the outbox row is the delivery and keeps the rendered mail until the secret expires, then the
 * retention job deletes it (server/retention/), and the log shows the link or code only outside production.
 */

export const REDACTED = '[redacted]';

export type MailKind = 'reset-password' | 'email-code';

export interface RenderedMail {
  subject: string;
  text: string;
}

export function renderMail(locale: Locale, kind: MailKind, params: { name: string; link?: string; code?: string }): RenderedMail {
  const app = translate(locale, 'app.name');
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key, { ...params, app });
  const greeting = t('mail.greeting');
  const signature = t('mail.signature');
  if (kind === 'reset-password') {
    return {
      subject: t('mail.reset.subject'),
      text: [greeting, '', t('mail.reset.body'), '', params.link ?? '', '', t('mail.reset.ignore'), '', signature].join('\n'),
    };
  }
  return {
    subject: t('mail.code.subject'),
    text: [greeting, '', t('mail.code.body'), '', t('mail.code.ignore'), '', signature].join('\n'),
  };
}

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  locale: Locale;
  rendered: RenderedMail;
  /** The secret the mail carries (a link or a code): never stored or logged where it is not the delivery. */
  secret: string;
  /** How long the secret is valid, ms; an outbox row holding it is deleted after that (server/retention/). */
  secretLifetimeMs: number;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  db: Kysely<Database>;
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
  /** In production no secret is ever logged, even without SMTP. */
  production: boolean;
  now?: () => number;
}): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const now = options.now ?? (() => Date.now());
  return {
    async send({ kind, to, locale, rendered, secret, secretLifetimeMs }) {
      const redact = (text: string) => text.split(secret).join(REDACTED);
      const row = await options.db
        .insertInto('mail_outbox')
        .values({
          kind,
          to_address: to,
          locale,
          // Some languages put the code in the subject too.
          subject: transport ? redact(rendered.subject) : rendered.subject,
          body_text: transport ? redact(rendered.text) : rendered.text,
          secret_expires_at: transport ? null : new Date(now() + secretLifetimeMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        if (options.production) {
          options.log.info({ mail: kind, to, outbox: row.id }, `mail kept in outbox #${row.id} (no SMTP_URL)`);
        } else {
          options.log.info({ mail: kind, to, outbox: row.id }, `mail kept in outbox #${row.id} (no SMTP_URL, not production): ${secret}`);
        }
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to, subject: rendered.subject, text: rendered.text });
        await options.db.updateTable('mail_outbox').set({ sent_at: new Date(now()) }).where('id', '=', row.id).execute();
        options.log.info({ mail: kind, to, outbox: row.id }, 'mail sent');
      } catch (error) {
        // The request still succeeds: the user can ask again. The row keeps the error (and no secret) for an operator.
        const message = redact(error instanceof Error ? error.message : String(error));
        options.log.error({ mail: kind, outbox: row.id, err: message }, 'SMTP delivery failed');
        await options.db.updateTable('mail_outbox').set({ error: message.slice(0, 1000) }).where('id', '=', row.id).execute();
      }
    },
    close() {
      transport?.close();
    },
  };
}
