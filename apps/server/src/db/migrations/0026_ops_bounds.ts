import { sql, type Kysely } from 'kysely';

// docs/security.md "Operator releases and public writes":
// - operator_action refuses TRUNCATE as access_log does (0005): its row trigger (0014) never fires for a TRUNCATE.
// - The enrolment funnel keeps counts, not views: visits per Korean day, hospital and wizard step, incremented in
//   place. A visit counts once per step and day (funnel_visit_step, a random id kept two days at most, then deleted
//   by the minute tick). The raw views of 0017 are folded into the counts and dropped.

/** The wizard's steps and the screens that count as reaching them, as FUNNEL_STEPS said when this was written. */
const STEP_OF: [screen: string, step: string][] = [
  ['/', 'landing'],
  ['/:hospitalCd', 'landing'],
  ['/authAgreeInfo', 'authAgreeInfo'],
  ['/identity', 'identity'],
  ['/certInput', 'certInput'],
  ['/security/jumin', 'jumin'],
  ['/security/possibleHospital', 'possibleHospital'],
  ['/security/insuChoose', 'insuChoose'],
  ['/security/claimAgreeInfo', 'claimAgreeInfo'],
  ['/security/document', 'document'],
  ['/security/photo', 'photo'],
  ['/security/paymentAccount', 'paymentAccount'],
  ['/security/expenses', 'expenses'],
  ['/security/retro', 'retro'],
  ['/security/adress', 'adress'],
  ['/security/job', 'job'],
  ['/security/email', 'email'],
  ['/security/signature', 'signature'],
  ['/security/applyHistory', 'applyHistory'],
  ['/web/complete', 'complete'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger operator_action_no_truncate before truncate on operator_action
    for each statement execute function operator_action_append_only()`.execute(db);

  await db.schema
    .createTable('funnel_day')
    /** The Korean calendar day, YYYYMMDD (kstToday). */
    .addColumn('day', 'text', (c) => c.notNull().check(sql`day ~ '^[0-9]{8}$'`))
    .addColumn('hospital_cd', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().check(sql`visits >= 0`))
    .addPrimaryKeyConstraint('funnel_day_pk', ['day', 'hospital_cd', 'step'])
    .execute();
  await db.schema
    .createTable('funnel_visit_step')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visit_id', 'uuid', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('funnel_visit_step_pk', ['day', 'visit_id', 'step'])
    .execute();

  // Each visit once per step and Korean day, at the hospital of its first view of that step that day.
  const steps = sql.join(STEP_OF.map(([screen, step]) => sql`(${screen}, ${step})`));
  await sql`
    insert into funnel_day (day, hospital_cd, step, visits)
    select day, hospital_cd, step, count(*)::integer from (
      select distinct on (day, v.visit_id, s.step) day, v.visit_id, s.step, v.hospital_cd
      from (select *, to_char(at at time zone 'UTC' + interval '9 hours', 'YYYYMMDD') as day from app_menu_log) v
      join (values ${steps}) as s(screen, step) on s.screen = v.screen
      order by day, v.visit_id, s.step, v.at
    ) firsts
    group by day, hospital_cd, step`.execute(db);
  await db.schema.dropTable('app_menu_log').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The views themselves are gone: the table comes back empty, as 0017 made it.
  await db.schema
    .createTable('app_menu_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('visit_id', 'uuid', (c) => c.notNull())
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('hospital_cd', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('client_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('app_menu_log_at_idx').on('app_menu_log').columns(['at', 'screen']).execute();
  await db.schema.dropTable('funnel_visit_step').execute();
  await db.schema.dropTable('funnel_day').execute();
  await sql`drop trigger operator_action_no_truncate on operator_action`.execute(db);
}
