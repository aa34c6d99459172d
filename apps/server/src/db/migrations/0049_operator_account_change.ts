import { sql, type Kysely } from 'kysely';

// Dual control of admin accounts (docs/security.md, "Insiders: admin accounts"). Every change of an operator account
// made in the console is written here: a new admin, a promotion to admin and an admin's second-factor reset wait
// (pending) for a second admin's approval, then for a hold (approved, until effective_at), and only then apply; the
// others (a viewer or operator added, a role lowered, a non-admin's second factor reset) are written applied at once.
// Who asked for what of which account is what decides whether an admin may approve another's change: one the asker
// created, promoted or reset never does, nor one changed so within APPROVER_COOLING_DAYS.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_account_change')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('create', 'role', 'second_factor_reset')`))
    .addColumn('target_login_id', 'text', (c) => c.notNull())
    /** create: the new account's role; role: the role it gets. */
    .addColumn('role', 'text', (c) => c.check(sql`role in ('viewer', 'operator', 'admin')`))
    /** create: the new account's password hash until it applies (then null). */
    .addColumn('password_hash', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('needs_approval', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'approved', 'applied', 'refused', 'lapsed')`),
    )
    .addColumn('expires_at', 'timestamptz')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('effective_at', 'timestamptz')
    .addColumn('applied_at', 'timestamptz')
    // Two people: a change that needed approval was approved (and applied) by someone other than its asker.
    .addCheckConstraint(
      'operator_account_change_two_people',
      sql`not needs_approval or status not in ('approved', 'applied') or (decided_by is not null and decided_by <> requested_by)`,
    )
    .execute();
  // One open change per account: a second ask while one waits is refused.
  await sql`create unique index operator_account_change_open_idx on operator_account_change (target_login_id)
    where status in ('pending', 'approved')`.execute(db);
  await sql`create index operator_account_change_target_idx on operator_account_change (target_login_id, applied_at)`.execute(
    db,
  );
  // What the console did before: who created, promoted or reset whom (the operators' record), so that an account an
  // admin made herself earlier approves none of her changes either.
  await sql`insert into operator_account_change
      (kind, target_login_id, role, requested_by, requested_at, needs_approval, status, applied_at)
    select case action when 'operator_created' then 'create' when 'operator_updated' then 'role'
             else 'second_factor_reset' end,
           target,
           case when action = 'operator_updated' and detail like '%→admin' then 'admin'
                when action = 'operator_created' and detail = 'role=admin' then 'admin' end,
           login_id, at, false, 'applied', at
      from operator_action
     where action in ('operator_created', 'operator_updated', 'operator_second_factor_reset') and target is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_account_change').execute();
}
