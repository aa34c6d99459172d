// My subscription's changes, one call at a time, each failure told as an alert.
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { alert, withLoading } from '../../../ui';

const failed = (e: unknown, what: string) =>
  alert(e instanceof ApiError ? e.detail : `${what}하지 못했어요. 잠시 후 다시 시도해 주세요.`, {
    title: `${what}하지 못했어요`,
  });

export function useOneCallAtATime() {
  const [busy, setBusy] = useState(false);
  /** One call at a time; the subscription calls resolve with an ApiError on failure (spec §8), told as an alert. */
  const run = async <T>(work: () => Promise<T | ApiError>, what: string, done?: (answer: T) => unknown) => {
    if (busy) return false;
    setBusy(true);
    try {
      const answer = await withLoading(work(), `${what}하고 있어요…`);
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
