// A panel's buttons that change something (issue, rotate, revoke a key …): one at a time, the list fetched again
// after, and what happened said below them — a status line, or the server's Korean refusal as an alert.
import { useState, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { OpsError } from '../api/client';

export function useAction(refetch: QueryKey) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();

  async function act(run: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      await run();
      await client.invalidateQueries({ queryKey: refetch });
    } catch (e) {
      setError(e instanceof OpsError ? e.message : '요청을 처리하지 못했어요. 잠시 후 다시 해 주세요.');
    } finally {
      setBusy(false);
    }
  }

  const feedback: ReactNode = (
    <>
      {message && <p role="status">{message}</p>}
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
    </>
  );
  return { busy, act, say: setMessage, feedback };
}
