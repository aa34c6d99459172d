// What is over its alert bound now (docs/operations.md, "Alerts"), for the banner above every screen: asked again
// every minute while the console is open.
import { useQuery } from '@tanstack/react-query';
import { OPS_ALERTS_API, type AlertsAnswer } from '@auto-claim/contract/ops';
import { opsPoll } from './client';

/** The banner's query: whatever changes what it counts (a retry, a dead letter marked handled) asks it again. */
export const ALERTS_KEY = [OPS_ALERTS_API.alerts] as const;

export const useAlerts = (enabled: boolean) =>
  useQuery({
    queryKey: ALERTS_KEY,
    queryFn: () => opsPoll<AlertsAnswer>(OPS_ALERTS_API.alerts),
    enabled,
    refetchInterval: 60_000,
  });
