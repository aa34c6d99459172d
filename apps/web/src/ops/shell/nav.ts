// The console's navigation: each screen with the least role that may use it (the server refuses the others anyway).
import type { OperatorRoleName } from '@auto-claim/contract/ops';

export const NAV: { to: string; label: string; role: OperatorRoleName }[] = [
  // A hospital user's one screen (role `hospital`: hers alone, and none of the others is hers).
  { to: '/my-hospital', label: '우리 병원', role: 'hospital' },
  { to: '/my-hospital/document-requests', label: '요청받은 서류', role: 'hospital' },
  { to: '/my-hospital/desk', label: '접수대 모드', role: 'hospital' },
  { to: '/dashboard', label: '대시보드', role: 'viewer' },
  { to: '/claims', label: '청구', role: 'operator' },
  { to: '/dead-letters', label: '보내지 못한 청구', role: 'operator' },
  { to: '/notifications/dead-letters', label: '보내지 못한 알림톡', role: 'operator' },
  { to: '/records/held', label: '확인이 필요한 기록', role: 'operator' },
  { to: '/document-requests', label: '병원에 요청한 서류', role: 'viewer' },
  { to: '/relation-documents', label: '가족관계 서류 확인', role: 'operator' },
  { to: '/insured-disputes', label: '가입 분쟁', role: 'operator' },
  { to: '/hospitals', label: '병원', role: 'viewer' },
  { to: '/insurers', label: '보험사', role: 'viewer' },
  { to: '/terms', label: '약관', role: 'viewer' },
  { to: '/access-log', label: '접근 기록', role: 'operator' },
  { to: '/operators', label: '운영자', role: 'admin' },
];
