import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@/contract/enums';
import type { Database } from '../db/schema';
import { translate } from '../i18n';

/**
 * Mail (issue 2): every message is first written to the outbox table, then sent over SMTP when SMTP_URL is set.
 * Without SMTP the outbox row and a log line (with the link or code) are the delivery, for local use.
 */

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

export interface Mailer {
  send(mail: { kind: MailKind; to: string; locale: Locale; rendered: RenderedMail; logHint: string }): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  db: Kysely<Database>;
  smtpUrl: string | null;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send({ kind, to, locale, rendered, logHint }) {
      const row = await options.db
        .insertInto('mail_outbox')
        .values({ kind, to_address: to, locale, subject: rendered.subject, body_text: rendered.text })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        options.log.info({ mail: kind, to, hint: logHint }, `mail kept in outbox #${row.id} (no SMTP_URL): ${logHint}`);
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to, subject: rendered.subject, text: rendered.text });
        await options.db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (error) {
        // The request still succeeds: the outbox keeps the message and the error for a retry or an operator.
        const message = error instanceof Error ? error.message : String(error);
        options.log.error({ mail: kind, outbox: row.id, err: message }, 'SMTP delivery failed');
        await options.db.updateTable('mail_outbox').set({ error: message.slice(0, 1000) }).where('id', '=', row.id).execute();
      }
    },
    close() {
      transport?.close();
    },
  };
}
