// Who is signed in to the console: GET /api/admin/me, asked at start and after each sign-in step. A 401 from any call
// clears it (api/client.ts), which shows the sign-in screen.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OPS_API, OPS_AUTH_API, type OpsMe, type OperatorRoleName } from '@auto-claim/contract/ops';
import { OpsError, opsGet, opsSend, setCsrfToken } from '../api/client';

export const ME_KEY = ['ops', 'me'] as const;

export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        const me = await opsGet<OpsMe>(OPS_API.me);
        setCsrfToken(me.csrfToken);
        return me;
      } catch (e) {
        if (e instanceof OpsError && e.status === 401) return null;
        throw e;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * Why the last session ended, for the sign-in screen to say: `idle` when the console ended it after the idle warning
 * went unanswered, `expired` when the server answered 401 to a signed-in console. Cleared by a new sign-in.
 */
export type EndedBecause = 'idle' | 'expired';
let endedBecause: EndedBecause | undefined;
export const sessionEndedBecause = () => endedBecause;
export const setSessionEndedBecause = (why: EndedBecause | undefined) => void (endedBecause = why);

export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    // The operator session only: a patient session in the same browser is not touched.
    await opsSend('POST', OPS_AUTH_API.logout).catch(() => undefined);
    setCsrfToken(undefined);
    // Signed out first (the frame shows the sign-in screen where it is), then every other answer of the session is
    // dropped: clearing the cache whole would leave the frame watching a query no longer in it, still signed in.
    client.setQueryData(ME_KEY, null);
    client.removeQueries({ predicate: (q) => q.queryKey.join('/') !== ME_KEY.join('/') });
  };
}

const RANK: Record<OperatorRoleName, number> = { hospital: -1, viewer: 0, operator: 1, admin: 2 };
/**
 * May this account use what needs `role`? A hospital user is off the operators' ladder: her screens are hers alone,
 * and none of theirs is hers. (The server checks it anyway; the console only hides what it refuses.)
 */
export const mayUse = (me: Pick<OpsMe, 'role'> | null | undefined, role: OperatorRoleName) =>
  Boolean(me) && (me!.role === 'hospital' || role === 'hospital' ? me!.role === role : RANK[me!.role] >= RANK[role]);
