import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Columns every request table shares: follow-up status, staff note, arrival time. */
const FOLLOW_UP = `
  status text NOT NULL DEFAULT 'New' CHECK (status IN ('New', 'InProgress', 'Closed')),
  note varchar(5000),
  created_at timestamptz NOT NULL DEFAULT now()`;

/** The admin lists sort by arrival and filter by status. */
const listIndexes = (table: string) => [
  `CREATE INDEX "IDX_${table}_created_at" ON ${table} (created_at)`,
  `CREATE INDEX "IDX_${table}_status_created_at" ON ${table} (status, created_at)`,
];

export class Requests1763800200000 implements MigrationInterface {
  name = 'Requests1763800200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contact_enquiries (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(40) NOT NULL,
        reason varchar(20) NOT NULL CHECK (reason IN ('counselling', 'wedding', 'prayer', 'baptism', 'other')),
        message varchar(5000) NOT NULL,${FOLLOW_UP}
      )`);
    await q.query(`
      CREATE TABLE questions (
        id serial PRIMARY KEY,
        email varchar(254) NOT NULL,
        question varchar(5000) NOT NULL,${FOLLOW_UP}
      )`);
    await q.query(`
      CREATE TABLE counselling_requests (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(40) NOT NULL,
        description varchar(5000) NOT NULL,${FOLLOW_UP}
      )`);
    await q.query(`
      CREATE TABLE baptism_requests (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(40) NOT NULL,${FOLLOW_UP}
      )`);
    // A member's prayer requests go with their account (erasure under UK GDPR).
    await q.query(`
      CREATE TABLE prayer_requests (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL,
        body varchar(5000) NOT NULL,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,${FOLLOW_UP}
      )`);
    for (const table of ['contact_enquiries', 'questions', 'counselling_requests', 'baptism_requests', 'prayer_requests']) {
      for (const statement of listIndexes(table)) await q.query(statement);
    }
    await q.query(`CREATE INDEX "IDX_prayer_requests_user_id_created_at" ON prayer_requests (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['prayer_requests', 'baptism_requests', 'counselling_requests', 'questions', 'contact_enquiries']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
