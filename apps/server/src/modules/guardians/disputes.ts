// Disputes over whose subscription an insured person is.
import type { z } from 'zod';
import type { DisputeResolveBody, InsuredDispute, insuredDisputesQuery } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { byOperator } from '../audit/index.js';

type By = ReturnType<typeof byOperator>;

export async function disputePage(_ctx: AppContext, _q: z.output<typeof insuredDisputesQuery>) {
  return { list: [] as InsuredDispute[], total: 0, capped: false, nextCursor: null };
}
export async function resolveDispute(
  _ctx: AppContext,
  _disputeId: number,
  _body: DisputeResolveBody,
  _by: By,
): Promise<InsuredDispute> {
  throw new AppError('DISPUTE_NOT_FOUND', '분쟁을 찾을 수 없어요.');
}
