// The console's searches of the access log (routes.ts answers them): the operators' record, and the lines operators
// caused in patients' access logs, each paged by key on the indexes of migration 0031.
import { kstDayEnd, kstDayStart, type operatorActionsQuery, type patientAccessQuery } from '@auto-claim/contract/ops';
import type { z } from 'zod';
import type { Handle } from '../../db/handle.js';
import { keysetPage } from '../../db/page.js';
import { auditDb } from './tables.js';

/** The operators' record, filtered as asked; `ciHmac` narrows it to one patient. */
export function operatorActionsOf(
  handle: Handle,
  q: z.output<typeof operatorActionsQuery>,
  ciHmac: string | undefined,
) {
  let base = auditDb(handle).selectFrom('operatorAction');
  if (ciHmac !== undefined) base = base.where('ciHmac', '=', ciHmac);
  if (q.loginId) base = base.where('loginId', '=', q.loginId);
  if (q.action) base = base.where('action', '=', q.action);
  if (q.from) base = base.where('at', '>=', kstDayStart(q.from));
  if (q.to) base = base.where('at', '<', kstDayEnd(q.to));
  return keysetPage(handle, base.selectAll(), q, { by: q.sort ?? 'at', id: 'id' });
}

/** The lines operators caused in patients' access logs, filtered as asked. */
export function operatorAccessOf(
  handle: Handle,
  q: z.output<typeof patientAccessQuery>,
  ciHmac: string | string[] | undefined,
) {
  // Always the prefix too: it is what the partial index of these lines is on (migration 0031).
  let base = auditDb(handle).selectFrom('accessLog').where('actor', 'like', 'operator:%');
  if (q.loginId) base = base.where('actor', '=', `operator:${q.loginId}`);
  if (typeof ciHmac === 'string') base = base.where('ciHmac', '=', ciHmac);
  if (Array.isArray(ciHmac)) base = base.where('ciHmac', 'in', ciHmac.length ? ciHmac : ['']);
  if (q.from) base = base.where('at', '>=', kstDayStart(q.from));
  if (q.to) base = base.where('at', '<', kstDayEnd(q.to));
  return keysetPage(handle, base.select(['id', 'at', 'actor', 'action', 'claimId', 'recordId', 'detail']), q, {
    by: q.sort ?? 'at',
    id: 'id',
  });
}
