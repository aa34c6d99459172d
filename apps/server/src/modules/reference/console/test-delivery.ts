// A test delivery (README "Operator console"): a document marked as a test through an insurer's channel, as a claim
// would go, answering only whether it was reached.
import { createHash } from 'node:crypto';
import type { TestDeliveryResult } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import type { DeliveryRequest } from '../../../providers/delivery/types.js';
import { byOperator, recordOperatorAction } from '../../audit/index.js';
import { digits, INSURER_GONE, opsInsurers } from './insurers.js';

/** A one-page PDF that says it is a test: what a fax test sends (no patient, no claim). */
function testPdf(title: string): Uint8Array {
  const text = `(${title}) Tj`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length + 30} >>\nstream\nBT /F1 24 Tf 72 760 Td ${text} ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/**
 * A test delivery: a document marked as a test (no patient, no claim) through the insurer's channel and the
 * delivery provider, as a claim would go (the egress guard too). It answers only whether it was reached, refused or
 * unreachable: never the target's status, answer or receipt, so it cannot be used to read another server's answers.
 */
export async function testDelivery(
  ctx: AppContext,
  req: { operatorId?: string; ip: string },
  code: string,
): Promise<TestDeliveryResult> {
  const insurer = (await opsInsurers(ctx, ctx.db, [code])).get(code);
  if (!insurer) throw INSURER_GONE();
  const now = ctx.clock.now();
  const channel = insurer.deliveryChannel;
  const note = JSON.stringify({
    test: true,
    notice: '자동청구 시험 전송이에요. 청구가 아니니 처리하지 마세요. (TEST - not a claim)',
    insuCompCd: code,
    sentAt: now.toISOString(),
  });
  const documents: DeliveryRequest['documents'] = [
    {
      kind: 'claim_form',
      contentType: 'application/json',
      body: note,
      sha256: createHash('sha256').update(note).digest('hex'),
    },
  ];
  if (channel === 'fax') {
    const pdf = testPdf(`AUTO-CLAIM TEST ${code} - NOT A CLAIM`);
    documents.push({
      kind: 'package',
      contentType: 'application/pdf',
      body: pdf,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
  }
  const request: DeliveryRequest = {
    idempotencyKey: `test-${code}-${now.getTime()}`,
    claimId: null,
    insuCompCd: code,
    channel,
    destination: channel === 'fax' ? digits(insurer.faxNo) : `api:${code}`,
    documents,
    test: true,
    ...(insurer.apiUrl ? { apiUrl: insurer.apiUrl } : {}),
  };
  let result: TestDeliveryResult['result'];
  try {
    const [r] = await ctx.providers.delivery.deliver([request], ctx.outbox);
    result = r!.ok ? 'reached' : r!.retryable ? 'unreachable' : 'refused';
  } catch (e) {
    ctx.log.warn({ insuCompCd: code, err: e instanceof Error ? e.name : 'error' }, 'test delivery failed');
    result = 'unreachable';
  }
  await recordOperatorAction(
    ctx.db,
    {
      ...byOperator(ctx, req),
      action: 'insurer_test_delivery',
      target: code,
      detail: JSON.stringify({ channel, result }),
    },
    now,
  );
  return { insuCompCd: code, channel, result, at: now.toISOString() };
}
