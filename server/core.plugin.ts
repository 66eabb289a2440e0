import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { createPasswordHasher, type PasswordHasher } from './account/password';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { Database } from './db/schema';
import { createImageStore, type ImageStore } from './images/image.service';
import { createMailer, type Mailer } from './mail/mailer';
import { createFileStorage, type FileStorage } from './storage/file-storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    databaseKind: DatabaseHandle['kind'];
    /** The embedded database's dump for a backup (server/backup/); null on PostgreSQL and in memory. */
    databaseDump: (() => Promise<Buffer>) | null;
    mailer: Mailer;
    passwords: PasswordHasher;
    /** Every stored file: DATA_DIR or the S3 bucket (server/storage/file-storage.ts). */
    storage: FileStorage;
    /** Uploaded pictures, stored through `storage` and served under /uploads/. */
    images: ImageStore;
  }
}

/** External resources every domain plugin uses (STYLE rule 22: config, db, mail, storage first). */
export default fp(
  async function corePlugin(app: FastifyInstance, options: { config: AppConfig; database: DatabaseHandle; ownsDatabase: boolean; storage?: FileStorage }) {
    app.decorate('config', options.config);
    app.decorate('db', options.database.db);
    app.decorate('databaseKind', options.database.kind);
    app.decorate('databaseDump', options.database.dump ?? null);
    const mailer = createMailer({ db: options.database.db, smtpUrl: options.config.smtpUrl, from: options.config.mailFrom, log: app.log, production: options.config.production });
    app.decorate('mailer', mailer);
    app.decorate('passwords', createPasswordHasher(options.config.argon2));
    // One storage per app: every route that writes or serves a file shares it (and its S3 connections). One handed
    // in stays open when the app closes, as a database handed in does.
    const storage = options.storage ?? createFileStorage(options.config);
    app.decorate('storage', storage);
    app.decorate('images', createImageStore({ storage }));
    app.addHook('onClose', async () => {
      mailer.close();
      if (!options.storage) storage.close();
      if (options.ownsDatabase) await options.database.close();
    });
  },
  { name: 'core', fastify: '5.x' },
);
