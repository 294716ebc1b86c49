import { sql, type Kysely } from 'kysely';

type Event = 'insert' | 'update' | 'delete';

interface Versioned {
  table: string;
  events: readonly Event[];
  /** The column naming the user whose version a change of the row moves, and which of the user's versions. */
  user?: { column: string; bump: 'bump_member_sessions' | 'bump_member_data' };
  /** A table the register reads: any change of it moves `register_version`. */
  register?: true;
}

const ALL_EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * What moves which version. The register's tables are those a professional's register page reads (`GET /patients`:
 * the rows, their links, the prescriptions and their tools, the patients' purchases; server/src/patients/routes.ts
 * and server/src/adherence/repo.ts) but the products' presentations, which the catalogue's version already follows
 * and the register's version includes (`memberVersionsReader`). So no transaction moves a catalogue table's version
 * before a register table's: a checkout and the sweeps write the order first and the stock after, and an admin's
 * product edit writes no register table; two transactions never wait for each other's version row the other way round.
 * The reminders of `adherence_reminders` are not in the list's summary (`summarize`), so not here either.
 */
export const VERSIONED_TABLES: readonly Versioned[] = [
  { table: 'sessions', events: ALL_EVENTS, user: { column: 'user_id', bump: 'bump_member_sessions' } },
  // A new user has no session yet, and its first one adds its row.
  { table: 'users', events: ['update', 'delete'], user: { column: 'id', bump: 'bump_member_sessions' } },
  { table: 'orders', events: ALL_EVENTS, user: { column: 'user_id', bump: 'bump_member_data' }, register: true },
  { table: 'order_items', events: ALL_EVENTS, register: true },
  { table: 'patients', events: ALL_EVENTS, register: true },
  { table: 'patient_links', events: ALL_EVENTS, register: true },
  { table: 'prescriptions', events: ALL_EVENTS, register: true },
  { table: 'prescription_tools', events: ALL_EVENTS, register: true },
];

/** Transition tables allow one event per trigger: `changed` holds the rows as they are now (deleted: as they were). */
const TRANSITION: Record<Event, string> = {
  insert: 'new table as changed',
  update: 'new table as changed old table as before',
  delete: 'old table as changed',
};

function functionBody({ user, register }: Versioned): string {
  const lines: string[] = [];
  if (register) {
    lines.push(`if TG_OP = 'TRUNCATE' then`, `  ${REGISTER_BUMP}`, `  return null;`, `end if;`);
  }
  if (user) {
    const { column, bump } = user;
    lines.push(
      `if TG_OP = 'UPDATE' then`,
      `  perform ${bump}(array(select ${column} from changed union select ${column} from before));`,
      `else`,
      `  perform ${bump}(array(select ${column} from changed));`,
      `end if;`,
    );
  }
  // A statement that changed no row (a sweep that found nothing) moves nothing.
  if (register) lines.push(`if exists (select from changed) then`, `  ${REGISTER_BUMP}`, `end if;`);
  return `begin\n${lines.join('\n')}\nreturn null;\nend`;
}

const REGISTER_BUMP = 'update register_version set version = version + 1 where id = 1;';

// Members' answers kept in memory on PostgreSQL (issue #18): every instance checks, in the one statement an
// authenticated request makes, whether what it kept is still what the database holds. Per user, `session_version`
// moves with any write to the user's row or sessions (a login, a logout, a revocation, last_seen_at's update, a new
// role or approval) and `data_version` with any write to the user's orders; `register_version` with any write to a
// table the register reads, whoever's it is. Triggers move them inside the writing transaction, as the catalogue's
// version (0016), so no writer can forget it: this instance, another one, a script, the sweeps. Per-user values come
// from one sequence, so a value once read never comes back for the same row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence member_version_seq`.execute(db);
  await db.schema
    .createTable('member_versions')
    // No foreign key: a deleted user's row stays (never read again), and writing a version must not lock the user.
    .addColumn('user_id', 'integer', (col) => col.primaryKey())
    .addColumn('session_version', 'bigint', (col) => col.notNull().defaultTo(sql`nextval('member_version_seq')`))
    .addColumn('data_version', 'bigint', (col) => col.notNull().defaultTo(sql`nextval('member_version_seq')`))
    .execute();
  await sql`insert into member_versions (user_id) select id from users order by id`.execute(db);
  await db.schema
    .createTable('register_version')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(1))
    .execute();
  await sql`insert into register_version (id, version) values (1, 1)`.execute(db);

  // In user id order, so two transactions moving the same users' versions lock their rows in the same order.
  for (const [name, column] of [
    ['bump_member_sessions', 'session_version'],
    ['bump_member_data', 'data_version'],
  ] as const) {
    await sql`
      create function ${sql.raw(name)}(ids integer[]) returns void language sql as $$
        insert into member_versions (user_id)
        select distinct id from unnest(ids) as id where id is not null order by id
        on conflict (user_id) do update set ${sql.raw(column)} = nextval('member_version_seq')
      $$`.execute(db);
  }
  for (const versioned of VERSIONED_TABLES) {
    const { table, events, register } = versioned;
    const fn = `${table}_moves_versions`;
    await sql`
      create function ${sql.raw(fn)}() returns trigger language plpgsql as $$
      ${sql.raw(functionBody(versioned))}
      $$`.execute(db);
    for (const event of events) {
      await sql`
        create trigger ${sql.raw(`${table}_${event}_moves_versions`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(TRANSITION[event])}
        for each statement execute function ${sql.raw(fn)}()`.execute(db);
    }
    if (register) {
      await sql`
        create trigger ${sql.raw(`${table}_truncate_moves_versions`)}
        after truncate on ${sql.table(table)}
        for each statement execute function ${sql.raw(fn)}()`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, events, register } of VERSIONED_TABLES) {
    for (const event of [...events, ...(register ? ['truncate'] : [])]) {
      await sql`drop trigger ${sql.raw(`${table}_${event}_moves_versions`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function ${sql.raw(`${table}_moves_versions`)}()`.execute(db);
  }
  await sql`drop function bump_member_sessions(integer[])`.execute(db);
  await sql`drop function bump_member_data(integer[])`.execute(db);
  await db.schema.dropTable('register_version').execute();
  await db.schema.dropTable('member_versions').execute();
  await sql`drop sequence member_version_seq`.execute(db);
}
