// The console's navigation: each screen with the least role that may use it (the server refuses the others anyway).
import type { OperatorRoleName } from '@auto-claim/contract/ops';

export const NAV: { to: string; label: string; role: OperatorRoleName }[] = [
  { to: '/records/held', label: '확인이 필요한 기록', role: 'operator' },
  { to: '/operators', label: '운영자', role: 'admin' },
];
