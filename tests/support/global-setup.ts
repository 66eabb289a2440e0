import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * Every server suite runs on PGlite and on PostgreSQL. PostgreSQL comes from TEST_DATABASE_URL (an admin URL
 * that may create databases) or, when unset, a throwaway cluster started here; without one the suite fails
 * with the command that installs it — it is never silently skipped.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
