// A subscriber's page (README "Operator console", "A subscriber's page"; contract OPS_SUBSCRIBER_API): the page, asked
// once (its opening is recorded by the server: never again on a window's focus), and her claims' next pages by key.
import { useQuery } from '@tanstack/react-query';
import { OPS_SUBSCRIBER_API, type CursorPage, type OpsClaimRow, type SubscriberDetail } from '@auto-claim/contract/ops';
import { opsGet } from './client';

export const useSubscriber = (insuApplyId: string) =>
  useQuery({
    queryKey: [OPS_SUBSCRIBER_API.subscriber(insuApplyId)],
    queryFn: () => opsGet<SubscriberDetail>(OPS_SUBSCRIBER_API.subscriber(insuApplyId)),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Her claims' next page after `cursor` (newest first, masked as in the claim list). */
export const subscriberClaimsAfter = (insuApplyId: string, cursor: string) =>
  opsGet<CursorPage<OpsClaimRow>>(OPS_SUBSCRIBER_API.claims(insuApplyId), { size: 20, cursor });
