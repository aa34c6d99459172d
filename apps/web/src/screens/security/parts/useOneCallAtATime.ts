// My subscription's changes, one call at a time, each failure told as an alert.
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { t } from '../../../i18n/t';
import { alert, withLoading } from '../../../ui';

/** What a call does, as she is told it: while it runs, and when it fails. */
export interface Act {
  doing: string;
  failed: string;
}

const failed = (e: unknown, what: Act) =>
  alert(
    e instanceof ApiError
      ? e.detail
      : t('call.failed', '{failed}. 잠시 후 다시 시도해 주세요.', { failed: what.failed }),
    { title: what.failed },
  );

export function useOneCallAtATime() {
  const [busy, setBusy] = useState(false);
  /** One call at a time; the subscription calls resolve with an ApiError on failure (spec §8), told as an alert. */
  const run = async <T>(work: () => Promise<T | ApiError>, what: Act, done?: (answer: T) => unknown) => {
    if (busy) return false;
    setBusy(true);
    try {
      const answer = await withLoading(work(), what.doing);
      if (answer instanceof ApiError) {
        await failed(answer, what);
        return false;
      }
      done?.(answer);
      return true;
    } catch (e) {
      await failed(e, what);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
