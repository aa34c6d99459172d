// What the claim engine reads of the console's insurer settings (through index.ts): which insurers are switched off,
// and the channel and API base URL each one's claims go by.
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import type { DeliveryChannel } from '../../providers/delivery/types.js';
import { referenceDb } from './tables.js';

/** Insurers switched off in the console: nothing new is delivered to them; their claims wait. */
export const pausedInsurers = async (handle: Handle): Promise<string[]> =>
  (await referenceDb(handle).selectFrom('insurer').select('insuCompCd').where('active', '=', false).execute()).map(
    (r) => r.insuCompCd,
  );

/** The channel and API base URL the console set per insurer (null: the environment decides, as before). */
export async function deliverySettingsOf(
  handle: Handle,
  codes: string[],
): Promise<Map<string, { channel: DeliveryChannel | null; apiUrl: string | null }>> {
  const db = referenceDb(handle);
  const rows = codes.length
    ? await db
        .selectFrom('insurer')
        .select(['insuCompCd', 'deliveryChannel', 'apiUrl'])
        .where('insuCompCd', 'in', codes)
        .execute()
    : [];
  return new Map(rows.map((r) => [r.insuCompCd, { channel: r.deliveryChannel, apiUrl: r.apiUrl }]));
}

/** The channel of each insurer now: the console's choice, else the delivery provider's (the environment). */
export async function channelsOf(
  ctx: Pick<AppContext, 'db' | 'providers'>,
  handle: Handle,
  codes: string[],
): Promise<Map<string, DeliveryChannel>> {
  const db = referenceDb(handle);
  const set = await deliverySettingsOf(db, codes);
  return new Map(codes.map((c) => [c, set.get(c)?.channel ?? ctx.providers.delivery.channelFor(c)]));
}
