// The guardian's children (GET CHILD_API.children).
import type { ChildrenAnswer } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Patient } from '../../security/session.js';

export async function childrenOf(_ctx: AppContext, _guardian: Patient): Promise<ChildrenAnswer> {
  return { list: [], total: 0 };
}
