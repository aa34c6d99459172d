// The console's dashboard call (README "Operator console"): counts only, for all hospitals or one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPS_DASHBOARD_API, type DashboardAnswer } from '@auto-claim/contract/ops';
import { opsGet } from './client';

export const dashboardQuery = (hospitalCd: string) =>
  queryOptions({
    queryKey: ['ops', 'dashboard', hospitalCd],
    queryFn: () => opsGet<DashboardAnswer>(OPS_DASHBOARD_API.dashboard, hospitalCd ? { hospitalCd } : undefined),
  });
export const useDashboard = (hospitalCd: string) => useQuery(dashboardQuery(hospitalCd));
