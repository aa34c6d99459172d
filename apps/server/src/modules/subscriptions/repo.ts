// SQL for subscriptions. Lookups by the keyed hash of the CI, never by plaintext.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export const findLiveByCiHmac = (db: Db, ciHmac: string) =>
  db
    .selectFrom('subscription')
    .leftJoin('bank', 'bank.bankCd', 'subscription.bankCd')
    .leftJoin('jobCode', 'jobCode.jobCd', 'subscription.jobCd')
    .select([
      'subscription.insuApplyId',
      'subscription.status',
      'subscription.prcMode',
      'subscription.personEnc',
      'subscription.insuCompCd',
      'subscription.bankCd',
      'subscription.bankAccountLast4',
      'subscription.minAmt',
      'subscription.jobCd',
      'jobCode.jobNm',
      'subscription.contractStartDate',
      'subscription.contractEndDate',
    ])
    .where('subscription.ciHmac', '=', ciHmac)
    .where('subscription.status', '=', 'subscribe')
    .executeTakeFirst();

export const liveHospitals = (db: Db, insuApplyId: string) =>
  db
    .selectFrom('subscriptionHospital')
    .innerJoin('hospital', 'hospital.hospitalCd', 'subscriptionHospital.hospitalCd')
    .select([
      'subscriptionHospital.hospitalCd',
      'hospital.hospitalNm',
      'subscriptionHospital.subscribedAt',
      'subscriptionHospital.insuApplyId',
    ])
    .where('subscriptionHospital.insuApplyId', '=', insuApplyId)
    .where('subscriptionHospital.cancelledAt', 'is', null)
    .orderBy('hospital.hospitalNm')
    .execute();

export const insurersOf = (db: Db, insuApplyId: string) =>
  db
    .selectFrom('subscriptionInsurer')
    .select('insuCompCd')
    .where('insuApplyId', '=', insuApplyId)
    .orderBy('insuCompCd')
    .execute();
