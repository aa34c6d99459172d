// A console list streamed as CSV and the export written to the operators' record (README "Operator console",
// "Exports"): the claims' lists and the access log's both go through here, so every export is recorded alike.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPS_EXPORT_NM, opsExportRecord, type OpsExportList, type OpsExportOutcome } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import {
  everyPage,
  exportFilename,
  recordedFilter,
  sendCsv,
  type CsvColumn,
  type ReadPage,
} from '../../http/csv-export.js';

import { releaseAlert, takeRelease } from './budget.js';
import { byOperator, recordOperatorAction } from './operator-record.js';
import { auditDb } from './tables.js';

export const EXPORT_DESCRIPTION =
  '목록의 지금 필터 그대로 모든 행을 CSV로 내려받아요(UTF-8 BOM, CRLF, 엑셀에서 한글이 그대로 열려요). 환자는 가려서 ' +
  '나가고, 내려받기는 필터·건수와 함께 운영자 기록에 남아요. 본문은 목록의 조회 조건이에요(cursor, size는 읽지 않아요).';

/** The file names' ASCII fallbacks. */
export const EXPORT_FILE: Record<OpsExportList, string> = {
  claims: 'claims',
  deadLetters: 'dead-letters',
  notificationDeadLetters: 'notification-dead-letters',
  heldRecords: 'held-records',
  operatorActions: 'operator-actions',
  patientAccess: 'patient-access',
  hospitalMonth: 'hospital-month',
};

/**
 * Streams one list as CSV and records the export when the reply closes (audit's record: who, from where, the list,
 * its filter without personal values, the rows sent, how it ended).
 */
export async function exportList<Row>(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  list: OpsExportList,
  filter: Record<string, unknown>,
  columns: CsvColumn<Row>[],
  read: ReadPage<Row>,
) {
  const by = byOperator(ctx, req);
  // One release of the operator's hourly budget, taken before a row is read (429 past it, nothing sent); the export
  // itself is written to her record when it ends, as before.
  const inHour = await auditDb(ctx.db)
    .transaction()
    .execute((tx) => takeRelease(tx, { loginId: by.loginId, action: 'list_exported', now: ctx.clock.now() }));
  releaseAlert(ctx, by.loginId, 'list_exported', inHour);
  return sendCsv(reply, {
    filename: exportFilename(EXPORT_FILE[list], OPS_EXPORT_NM[list], ctx.clock.now()),
    columns,
    pages: everyPage(read),
    onEnd: async ({ rows, outcome }) => {
      await recordOperatorAction(
        ctx.db,
        {
          ...by,
          action: 'list_exported',
          target: list,
          detail: JSON.stringify({ filter: recordedFilter(filter), rows, outcome }),
        },
        ctx.clock.now(),
      );
    },
  });
}

const OUTCOME_NM: Record<OpsExportOutcome, string> = {
  completed: '끝까지 내려받음',
  aborted: '중간에 멈춤',
  failed: '서버 오류로 중단',
};

/**
 * An export's record as the access log shows it: "청구 목록 2건 (끝까지 내려받음) · 필터: hospitalCd=90000001"; the
 * record's JSON as it is when it is not one (an older form).
 */
export function exportSentence(target: string | null, detail: string | null): string | null {
  if (detail === null) return null;
  try {
    const r = opsExportRecord.parse(JSON.parse(detail));
    const nm =
      target !== null && Object.hasOwn(OPS_EXPORT_NM, target) ? OPS_EXPORT_NM[target as OpsExportList] : '목록';
    const filter = Object.entries(r.filter).map(([k, v]) => `${k}=${v}`);
    return (
      `${nm} ${r.rows.toLocaleString('ko-KR')}건 (${OUTCOME_NM[r.outcome]}) · ` +
      (filter.length ? `필터: ${filter.join(', ')}` : '필터 없음')
    );
  } catch {
    return detail;
  }
}
