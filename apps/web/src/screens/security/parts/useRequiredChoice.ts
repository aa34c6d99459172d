import { useState, type FormEvent } from 'react';

/**
 * A step whose one question must be answered before going on (expenses, retro): submitting unanswered shows
 * `message` inline and in the error summary (refocused on every such submit through `attempt`); answered, `next()`.
 */
export function useRequiredChoice({ answered, message, next }: { answered: boolean; message: string; next(): void }) {
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!answered) {
      setError(message);
      setAttempt((n) => n + 1);
      return;
    }
    next();
  };
  return { error, attempt, onSubmit, clearError: () => setError(undefined) };
}
