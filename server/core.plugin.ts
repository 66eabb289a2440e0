import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { createPasswordHasher, type PasswordHasher } from './account/password';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { Database } from './db/schema';
import { createMailer, type Mailer } from './mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    databaseKind: DatabaseHandle['kind'];
    mailer: Mailer;
    passwords: PasswordHasher;
  }
}

/** External resources every domain plugin uses (STYLE rule 22: config, db, mail first). */
export default fp(
  async function corePlugin(app: FastifyInstance, options: { config: AppConfig; database: DatabaseHandle; ownsDatabase: boolean }) {
    app.decorate('config', options.config);
    app.decorate('db', options.database.db);
    app.decorate('databaseKind', options.database.kind);
    const mailer = createMailer({ db: options.database.db, smtpUrl: options.config.smtpUrl, from: options.config.mailFrom, log: app.log, production: options.config.production });
    app.decorate('mailer', mailer);
    app.decorate('passwords', createPasswordHasher(options.config.argon2));
    app.addHook('onClose', async () => {
      mailer.close();
      if (options.ownsDatabase) await options.database.close();
    });
  },
  { name: 'core', fastify: '5.x' },
);
