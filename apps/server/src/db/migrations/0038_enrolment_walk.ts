import { sql, type Kysely } from 'kysely';
import { retiredJob } from '../seed/jobs.js';
import { chosenInsurerTerms } from '../seed/terms.js';

// The enrolment's shorter walk (docs/decisions/0007-enrolment-walk.md):
// - the insurer's consent on the one consent screen, for the insurer she then chooses (SUBS_INSURER_CONSENT), listed
//   with the subscription's terms right after the claim delegation;
// - 은퇴(퇴직) among the jobs of people without an occupation, just before 무직.
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = chosenInsurerTerms;
  await sql`insert into terms (terms_id, version, terms_group, insu_comp_cd, title, required, effective_date, content,
      sort_order, active, published_at)
    values (${t.termsId}, ${t.version}, ${t.termsGroup}, null, ${t.title}, ${t.required}, ${t.effectiveDate},
      ${t.content},
      coalesce((select sort_order from terms where terms_id = 'SUBS_CLAIM_DELEGATION' order by version limit 1), 0),
      true, now())
    on conflict do nothing`.execute(db);
  const j = retiredJob;
  const before = await sql<{ sortOrder: number }>`select sort_order as "sortOrder" from job_code
    where job_cd = 'N'`.execute(db);
  const at = before.rows[0]?.sortOrder;
  if (at !== undefined) {
    await sql`update job_code set sort_order = sort_order + 1 where level = 1 and sort_order >= ${at}`.execute(db);
  }
  await sql`insert into job_code (job_cd, job_nm, parent_cd, level, risk_grade, sort_order)
    values (${j.jobCd}, ${j.jobNm}, null, ${j.level}, null, ${at ?? 999})
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const gone = await sql<{ sortOrder: number }>`delete from job_code where job_cd = ${retiredJob.jobCd}
    returning sort_order as "sortOrder"`.execute(db);
  const at = gone.rows[0]?.sortOrder;
  if (at !== undefined) {
    await sql`update job_code set sort_order = sort_order - 1 where level = 1 and sort_order > ${at}`.execute(db);
  }
  await sql`delete from terms where terms_id = ${chosenInsurerTerms.termsId}`.execute(db);
}
