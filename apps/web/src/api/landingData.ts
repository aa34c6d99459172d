// The landing's hospital, inlined by the server into index.html as a JSON data block (apps/server/src/http/
// landing-data.ts): seeded into the hospital query before the first render, so the landing needs no second round trip.
import type { QueryClient } from '@tanstack/react-query';
import type { Hospital } from '@auto-claim/contract';

/** Must match the server's LANDING_DATA_ID. The query key is hospitalQuery's (api/reference.ts), written out here
 * so that the entry chunk does not carry the reference queries and the store (the first screen's JS budget). */
const LANDING_DATA_ID = 'landing-hospital';

export function seedLandingData(client: QueryClient, doc: Document = document) {
  const block = doc.getElementById(LANDING_DATA_ID);
  if (!block?.textContent) return;
  try {
    const hospital = JSON.parse(block.textContent) as Hospital;
    if (typeof hospital?.hospitalCd === 'string') seedHospital(client, hospital);
  } catch {
    // A broken block only costs the round trip it was meant to save: the query fetches as before.
  }
}

/** The hospital as the hospital query's answer: the browser's from the page's block, the server's render likewise. */
export const seedHospital = (client: QueryClient, hospital: Hospital) =>
  client.setQueryData(['hospital', hospital.hospitalCd], hospital);
