import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../../tests/support/databases';
import { DEFAULT_RETENTION, runRetention } from '../retention/retention.job';
import { createMailer, REDACTED, renderMail } from './mailer';
import { startSmtp } from '../../tests/support/smtp-listener';

/** A logger that keeps every call's arguments, so a test can search them for secrets. */
function recordingLog() {
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(JSON.stringify(args));
  const log = { info: record, warn: record, error: record, debug: record, trace: record, fatal: record, child: () => log } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const LINK_SECRET = 'Zq3v9XkTt1bWmR8yPq2LsN4cHd7Fj0AeGu5Ko6Iw';
const mail = (to: string) => ({
  kind: 'reset-password' as const,
  to,
  locale: 'en' as const,
  rendered: renderMail('en', 'reset-password', { name: 'Kai', link: `http://venuely.test/en/reset-pwd?token=${LINK_SECRET}` }),
  secret: LINK_SECRET,
  secretLifetimeMs: 30 * 60_000,
});

describe('secrets of mails at rest and in logs (issue 10 item 3)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => database?.close());

  const outbox = (to: string) => database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();

  it('with SMTP, the outbox and the log never hold the secret; the recipient gets it', async () => {
    const smtp = await startSmtp();
    const { log, lines } = recordingLog();
    const mailer = createMailer({ db: database.db, smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, from: 'x@venuely.test', log, production: false });
    try {
      await mailer.send(mail('smtp@example.test'));
      expect(smtp.inbox[0].text).toContain(LINK_SECRET);
      const [row] = await outbox('smtp@example.test');
      expect(row.body_text).not.toContain(LINK_SECRET);
      expect(row.body_text).toContain(REDACTED);
      expect(row.secret_expires_at).toBeNull();
      expect(row.sent_at).not.toBeNull();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(LINK_SECRET);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('without SMTP outside production, the outbox row and the log are the delivery', async () => {
    const { log, lines } = recordingLog();
    const mailer = createMailer({ db: database.db, smtpUrl: null, from: 'x@venuely.test', log, production: false });
    await mailer.send(mail('local@example.test'));
    const [row] = await outbox('local@example.test');
    expect(row.body_text).toContain(LINK_SECRET);
    expect(row.secret_expires_at).not.toBeNull();
    expect(lines.join('\n')).toContain(LINK_SECRET);
  });

  it('without SMTP in production, no secret is logged', async () => {
    const { log, lines } = recordingLog();
    const mailer = createMailer({ db: database.db, smtpUrl: null, from: 'x@venuely.test', log, production: true });
    await mailer.send(mail('prod@example.test'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(LINK_SECRET);
  });

  it('the retention job deletes rows whose secret has expired and keeps the fresh ones; a send deletes nothing', async () => {
    let now = Date.UTC(2030, 0, 1);
    const { log } = recordingLog();
    const mailer = createMailer({ db: database.db, smtpUrl: null, from: 'x@venuely.test', log, production: false, now: () => now });
    await mailer.send(mail('old@example.test'));
    now += 20 * 60_000;
    await mailer.send(mail('fresh@example.test'));
    now += 11 * 60_000;
    // 31 minutes after the first mail: its 30-minute link is dead, the second one's is still valid.
    const run = await runRetention(database.db, new Date(now), DEFAULT_RETENTION);
    expect(run.ran && run.deleted.mail_outbox).toBeGreaterThanOrEqual(1);
    expect(await outbox('old@example.test')).toHaveLength(0);
    expect(await outbox('fresh@example.test')).toHaveLength(1);
    now += 30 * 60_000;
    // Sending no longer clears the outbox on its way: the dead secret stays until the job's next run.
    await mailer.send(mail('later@example.test'));
    expect(await outbox('fresh@example.test')).toHaveLength(1);
    expect((await runRetention(database.db, new Date(now + DEFAULT_RETENTION.intervalMs), DEFAULT_RETENTION)).ran).toBe(true);
    expect(await outbox('fresh@example.test')).toHaveLength(0);
    expect(await outbox('later@example.test')).toHaveLength(0);
  });
});
