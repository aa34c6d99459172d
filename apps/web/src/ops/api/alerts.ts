// What is over its alert bound now (docs/operations.md, "Alerts"), for the banner above every screen: asked again
// every minute while the console is open.
import { useQuery } from '@tanstack/react-query';
import { OPS_ALERTS_API, type AlertsAnswer } from '@auto-claim/contract/ops';
import { opsGet } from '../api';

export const useAlerts = (enabled: boolean) =>
  useQuery({
    queryKey: [OPS_ALERTS_API.alerts],
    queryFn: () => opsGet<AlertsAnswer>(OPS_ALERTS_API.alerts),
    enabled,
    refetchInterval: 60_000,
  });
