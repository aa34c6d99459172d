// spec §3: the answers the repository slice names are left there by the query functions that fetch them.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { stubBrowserStorage } from '../test-support/storage';

// The store keeps its slice in sessionStorage: there is one (in memory) before the store is made, as in a browser.
let m: {
  useClaimStore: typeof import('../store/claim').useClaimStore;
  possibleHospitalsQuery: typeof import('./possibleHospitals').possibleHospitalsQuery;
  insurersQuery: typeof import('./reference').insurersQuery;
  termsQuery: typeof import('./terms').termsQuery;
  photoControlsQuery: typeof import('./uiControls').photoControlsQuery;
};
beforeAll(async () => {
  stubBrowserStorage();
  m = {
    ...(await import('../store/claim')),
    ...(await import('./possibleHospitals')),
    ...(await import('./reference')),
    ...(await import('./terms')),
    ...(await import('./uiControls')),
  };
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const term = (termsId: string, termsGroup: string) => ({ termsId, termsGroup, title: termsId });

describe('answers kept in the repository slice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('insurers, possible hospitals (sorted by name), terms by group and ui-controls', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        if (path.endsWith('/insurances')) return json({ list: [{ insuCompCd: 'AIA' }], total: 1 });
        if (path.endsWith('/hospitals'))
          return json({ list: [{ hospitalNm: '한빛' }, { hospitalNm: '가나다' }], total: 2 });
        if (path.endsWith('/ui-controls'))
          return json({ list: [{ ctrlKey: 'ID_PHOTO_USE', ctrlVal: '{"use":false}' }] });
        const group = path.split('/').at(-1)!;
        return json({ list: [term(`${group}-1`, group)], total: 1 });
      }),
    );
    const { insurersQuery, possibleHospitalsQuery, photoControlsQuery, termsQuery, useClaimStore } = m;
    const q = new QueryClient();
    await q.fetchQuery(insurersQuery);
    await q.fetchQuery(possibleHospitalsQuery);
    await q.fetchQuery(photoControlsQuery('AIA'));
    for (const group of ['SERVICE', 'TELECOM', 'LMHC_SUBS', 'INSU_CLAIM'] as const) {
      await q.fetchQuery(termsQuery(group === 'TELECOM' ? 'v2' : 'v3', group));
    }
    const r = useClaimStore.getState().repository;
    expect(r.insuCompanys).toEqual([{ insuCompCd: 'AIA' }]);
    expect(r.possibleHospitals.map((h) => h.hospitalNm)).toEqual(['가나다', '한빛']);
    expect(r.findUiControlVal).toEqual([{ ctrlKey: 'ID_PHOTO_USE', ctrlVal: '{"use":false}' }]);
    expect(r.authTerms.map((t) => t.termsId)).toEqual(['SERVICE-1']);
    expect(r.telecomTerms.map((t) => t.termsId)).toEqual(['TELECOM-1']);
    expect(r.terms.map((t) => t.termsId)).toEqual(['LMHC_SUBS-1', 'INSU_CLAIM-1']);
  });
});
