// Whether the database role the application runs as is bound by the append-only triggers (docs/operations.md,
// "Database roles"): a superuser, or the owner of a table, can disable a table's triggers (ALTER TABLE … DISABLE
// TRIGGER) or drop them, and then rewrite the access log and the operators' record. `npm run doctor` warns when the
// role is either. PostgreSQL only: the embedded database has no roles to separate.
import { sql, type QueryExecutorProvider } from 'kysely';

/** The tables whose rows no one may change or delete (the triggers of migrations 0005, 0014 and 0026). */
export const APPEND_ONLY_TABLES = ['access_log', 'operator_action'] as const;

/**
 * What is wrong with current_user for running the application: one line per finding, in English as the doctor's other
 * lines, empty when the role is neither a superuser nor the owner of a table (or a member of a role that is).
 */
export async function databaseRoleWarnings(db: QueryExecutorProvider): Promise<string[]> {
  const role = await sql<{ name: string; superuser: boolean }>`
    select current_user as name, r.rolsuper as superuser from pg_roles r where r.rolname = current_user`.execute(db);
  const me = role.rows[0];
  if (!me) return [];
  const warnings: string[] = [];
  if (me.superuser) {
    warnings.push(
      `role ${me.name} is a superuser: it can disable the append-only triggers of ${APPEND_ONLY_TABLES.join(', ')}; run the application as a role that is neither superuser nor table owner (docs/operations.md, "Database roles")`,
    );
  }
  // Owned directly, or through a role current_user is a member of (which it can SET ROLE to).
  const owned = await sql<{ table: string }>`
    select c.relname as table from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = current_schema()
      and pg_has_role(current_user, c.relowner, 'USAGE')
    order by c.relname`.execute(db);
  if (owned.rows.length > 0) {
    const tables = owned.rows.map((r) => r.table);
    const appendOnly = tables.filter((t) => (APPEND_ONLY_TABLES as readonly string[]).includes(t));
    warnings.push(
      `role ${me.name} owns ${tables.length} table(s)${appendOnly.length ? `, among them ${appendOnly.join(', ')}` : ''}: an owner can disable their triggers; own the tables with a migration role and run the application as another (docs/operations.md, "Database roles")`,
    );
  }
  return warnings;
}
