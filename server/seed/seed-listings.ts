import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createImageStore } from '../images/image.service';
import { createFileStorage } from '../storage/file-storage';
import { demoImagePool, demoPoolCacheFile } from './demo-images';
import { generateListings } from './listing-generator';
import { seedReferenceData } from './reference-data';

/**
 * `npm run seed:listings -- --count 100000 [--seed 1]`: adds generated listings to the database the app uses
 * (DATABASE_URL, else the PGlite database in DATA_DIR), for load tests and benchmarks. With PGlite, stop the app
 * first: one embedded database cannot be opened by two processes.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log('usage: npm run seed:listings -- [--count N] [--seed S]');
    return;
  }
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) throw new Error('--count must be a positive integer and --seed an integer');

  const config = loadConfig();
  const database = await openDatabase(config);
  const storage = createFileStorage(config);
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    const store = createImageStore({ storage });
    const images = await demoImagePool(store, { cacheFile: demoPoolCacheFile(config.dataDir) });
    console.log(`Generating ${count} listings (seed ${seed}) in ${database.kind === 'pglite' ? `PGlite at ${path.join(config.dataDir, 'pgdata')}` : 'PostgreSQL (DATABASE_URL)'}…`);
    const result = await generateListings(database.db, { count, seed, images });
    console.log(`${result.merchants} merchants and ${result.partners} partners by ${result.owners} owners in ${(result.ms / 1000).toFixed(1)} s`);
  } finally {
    storage.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
