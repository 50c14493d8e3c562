import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Who runs the background jobs now. One row per lease; its holder renews it before `expires_at` (ms), and any
 * instance takes it over once that has passed, so jobs run on one instance at a time and survive its death.
 */
export const jobLeases = sqliteTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at').notNull(),
});
