import { sql, type Kysely } from 'kysely';

// Reference data of spec §3/§7. Operator-editable; seeded by 0002.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('telecom')
    .addColumn('telecom_type', 'text', (c) => c.primaryKey())
    .addColumn('telecom_nm', 'text', (c) => c.notNull())
    .addColumn('is_mvno', 'boolean', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('bank')
    .addColumn('bank_cd', 'text', (c) => c.primaryKey().check(sql`bank_cd ~ '^[0-9]{3}$'`))
    .addColumn('bank_nm', 'text', (c) => c.notNull())
    .addColumn('bank_kind', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('insurer')
    .addColumn('insu_comp_cd', 'text', (c) => c.primaryKey())
    .addColumn('insu_comp_nm', 'text', (c) => c.notNull())
    .addColumn('insu_kind', 'text', (c) => c.notNull().check(sql`insu_kind in ('LIFE', 'NONLIFE')`))
    .addColumn('call_center', 'text')
    .addColumn('homepage', 'text')
    .addColumn('brand_color', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('insurer_fax')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('insu_comp_cd', 'text', (c) => c.notNull().references('insurer.insu_comp_cd'))
    .addColumn('fax_no', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ui_control')
    .addColumn('comp_cd', 'text', (c) => c.notNull())
    .addColumn('comp_type', 'text', (c) => c.notNull())
    .addColumn('ctrl_key', 'text', (c) => c.notNull())
    .addColumn('ctrl_val', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ui_control_pk', ['comp_cd', 'comp_type', 'ctrl_key'])
    .execute();
  await db.schema
    .createTable('job_code')
    .addColumn('job_cd', 'text', (c) => c.primaryKey())
    .addColumn('job_nm', 'text', (c) => c.notNull())
    .addColumn('parent_cd', 'text', (c) => c.references('job_code.job_cd'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('risk_grade', 'integer')
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('terms')
    .addColumn('terms_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('terms_group', 'text', (c) => c.notNull())
    .addColumn('insu_comp_cd', 'text', (c) => c.references('insurer.insu_comp_cd'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('required', 'boolean', (c) => c.notNull())
    .addColumn('effective_date', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('terms_pk', ['terms_id', 'version'])
    .execute();
  await db.schema.createIndex('terms_group_idx').on('terms').columns(['terms_group', 'active']).execute();
  await db.schema
    .createTable('hospital')
    .addColumn('hospital_cd', 'text', (c) =>
      c.primaryKey().check(sql`hospital_cd ~ '^[0-9]{8}$' and hospital_cd <> '00000000'`),
    )
    .addColumn('hospital_nm', 'text', (c) => c.notNull())
    .addColumn('hospital_type', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('intro_text', 'text', (c) => c.notNull())
    .addColumn('thumbnail_path', 'text', (c) => c.notNull())
    .addColumn('android_package', 'text')
    .addColumn('ios_package', 'text')
    .addColumn('auto_claim_enabled', 'boolean', (c) => c.notNull())
    .addColumn('is_demo', 'boolean', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['hospital', 'terms', 'job_code', 'ui_control', 'insurer_fax', 'insurer', 'bank', 'telecom']) {
    await db.schema.dropTable(t).execute();
  }
}
