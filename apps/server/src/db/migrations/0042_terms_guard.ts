import { sql, type Kysely } from 'kysely';

// Terms published safely (README "Operator console", 약관):
// - A version anyone agreed to is evidence: its text, title, whether it is required, its effective date and whether it
//   is offered never change again, whatever writes (the console refuses any version in effect with 409 first). The
//   foreign key of terms_agreement already keeps it from being deleted or renumbered.
// - The agreements by term and version (then person): what the guard asks, and what "who must agree again" asks per
//   subscriber (agreedTo).
// - Who must agree to a new version of a term, counted before it is published: the live subscriptions that list the
//   term among their agreements, found by GIN indexes on the lists rather than by reading every subscription.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index terms_agreement_version on terms_agreement (terms_id, version, ci_hmac)`.execute(db);
  await sql`create function terms_agreed_immutable() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from terms_agreement a where a.terms_id = old.terms_id and a.version = old.version)
        and (tg_op = 'DELETE'
          or (new.terms_id, new.version, new.terms_group, new.insu_comp_cd, new.title, new.content, new.required,
              new.effective_date, new.active)
            is distinct from
             (old.terms_id, old.version, old.terms_group, old.insu_comp_cd, old.title, old.content, old.required,
              old.effective_date, old.active)) then
        raise exception 'terms % version % has agreements and cannot change', old.terms_id, old.version
          using errcode = 'check_violation', constraint = 'terms_agreed_immutable';
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end $$`.execute(db);
  await sql`create trigger terms_agreed_immutable before update or delete on terms
    for each row execute function terms_agreed_immutable()`.execute(db);
  await sql`create index subscription_terms_ids on subscription using gin (terms_ids jsonb_path_ops)
    where status = 'subscribe'`.execute(db);
  await sql`create index subscription_insurer_agree_ids on subscription_insurer using gin (agree_ids jsonb_path_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index subscription_insurer_agree_ids`.execute(db);
  await sql`drop index subscription_terms_ids`.execute(db);
  await sql`drop trigger terms_agreed_immutable on terms`.execute(db);
  await sql`drop function terms_agreed_immutable()`.execute(db);
  await sql`drop index terms_agreement_version`.execute(db);
}
