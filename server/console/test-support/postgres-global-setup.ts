// The PostgreSQL project's global setup (vitest.config.ts): a throw-away cluster, or the one
// CONSOLE_TEST_POSTGRES_URL names, and a migrated template each test's database is copied from.
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openStore } from '../store'
import { startPostgresCluster } from './postgres-cluster'

const TEMPLATE = 'console_template'

export default async function setup(project: TestProject) {
  const given = process.env.CONSOLE_TEST_POSTGRES_URL
  const cluster = given ? null : await startPostgresCluster()
  const adminUrl = given ?? cluster?.url ?? ''
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${TEMPLATE}`)
  await admin.query(`create database ${TEMPLATE} template template0 lc_collate 'C' lc_ctype 'C'`)
  await admin.end()
  const template = await openStore(adminUrl.replace(/\/[^/]*$/, `/${TEMPLATE}`))
  await template.close()
  project.provide('postgres', { adminUrl, template: TEMPLATE })
  return () => cluster?.stop()
}
