// A sentence with a few words in bold in the middle, translated whole (docs/decisions/0010-message-catalogs.md): the
// message holds an argument given MARK, where the bold words (a message of their own) go in her language's order.
import type { ReactNode } from 'react';

/** The stand-in of the bold words in the sentence's message. */
export const MARK = '\u0001';

export function Emphasised({ text, strong }: { text: string; strong: ReactNode }) {
  const at = text.indexOf(MARK);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong>{strong}</strong>
      {text.slice(at + MARK.length)}
    </>
  );
}
