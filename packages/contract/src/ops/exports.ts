// Exports of the console's lists as CSV (README "Operator console", "Exports"): each list's current filter, as a file
// Excel opens with its Korean intact. POST with the filter in the body, never in the URL: a filter may name a person.
// The body is the list's own query (its cursor, page and size are not read: an export starts at the first row and goes to
// the last). Each export is written to the operators' record with its filter and how many rows went out.
import { z } from 'zod';
import {
  deadLettersQuery,
  notificationDeadLettersQuery,
  operatorActionsQuery,
  opsClaimsQuery,
  patientAccessQuery,
} from './claims.js';
import { heldRecordsQuery } from './records.js';
import { monthQuery } from './hospital-portal.js';

export const OPS_EXPORT_API = {
  claims: '/api/admin/claims/export',
  deadLetters: '/api/admin/claims/dead-letters/export',
  notificationDeadLetters: '/api/admin/notifications/dead-letters/export',
  heldRecords: '/api/admin/records/held/export',
  operatorActions: '/api/admin/access-log/operator-actions/export',
  patientAccess: '/api/admin/access-log/patient-access/export',
  /** A hospital user's month (hospital-portal.ts): her calls live under /api/hospital. */
  hospitalMonth: '/api/hospital/month/export',
} as const;
export type OpsExportList = keyof typeof OPS_EXPORT_API;

/** Each list's export body: its query, as the list's screen holds it. */
export const opsExportBody = {
  claims: opsClaimsQuery,
  deadLetters: deadLettersQuery,
  notificationDeadLetters: notificationDeadLettersQuery,
  heldRecords: heldRecordsQuery,
  operatorActions: operatorActionsQuery,
  patientAccess: patientAccessQuery,
  hospitalMonth: monthQuery,
} as const satisfies Record<OpsExportList, z.ZodType>;

/** The list's name in the file name and in the operators' record. */
export const OPS_EXPORT_NM: Record<OpsExportList, string> = {
  claims: '청구 목록',
  deadLetters: '보내지 못한 청구',
  notificationDeadLetters: '보내지 못한 알림톡·문자',
  heldRecords: '확인이 필요한 기록',
  operatorActions: '운영자 작업 기록',
  patientAccess: '환자 열람 기록',
  hospitalMonth: '병원 월간 진료 기록',
};

/** How an export ended: every row sent, the download stopped before the end, or the server failed part-way. */
export const OPS_EXPORT_OUTCOME = ['completed', 'aborted', 'failed'] as const;
export type OpsExportOutcome = (typeof OPS_EXPORT_OUTCOME)[number];

/** What the operators' record keeps of an export (operator_action.detail, as JSON; target is the list). */
export const opsExportRecord = z.object({
  /** The filter as asked; a value that could name a person is kept as "(입력함)", never as typed. */
  filter: z.record(z.string(), z.string()),
  rows: z.number().int(),
  outcome: z.enum(OPS_EXPORT_OUTCOME),
});
export type OpsExportRecord = z.infer<typeof opsExportRecord>;
