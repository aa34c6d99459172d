// Messages (docs/decisions/0010-message-catalogs.md): every patient-facing text is `t(id, korean, values)`, its Korean
// source in the code and its id the catalogs' key. Korean is formatted here without any catalog or library (the first
// screen's budget); another language's catalog and the Lingui runtime come in their own chunk (load.ts) when chosen.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { SOURCE_LANG, type Lang } from '@auto-claim/contract';

export type Values = Record<string, string | number | undefined>;
/** Lingui's compiled form of an ICU message (the build compiles every source message to it: vite-messages.ts). */
type Token = string | [name: string, type?: string, cases?: Record<string, Compiled>];
type Compiled = string | Token[];

export interface Translator {
  lang: Lang;
  /** Lingui's I18n._ signature: the message (the Korean source) is the fallback of a missing id. */
  _(id: string, values: Values | undefined, options: { message: string }): string;
}

/**
 * Korean: ICU arguments, plurals and selects of the compiled source. CLDR gives Korean one plural category ("other"),
 * so a plural is its exact case (=N) or other, '#' the number in Korean digits grouping.
 */
function format(message: Compiled, values: Values | undefined, count?: number): string {
  if (typeof message === 'string') return message;
  let out = '';
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count.toLocaleString('ko-KR') : token;
      continue;
    }
    const [name, type, cases] = token;
    const value = values?.[name];
    if (type === 'plural' && cases) out += format(cases[String(value)] ?? cases.other ?? '', values, Number(value));
    else if (type === 'select' && cases) out += format(cases[String(value)] ?? cases.other ?? '', values);
    else if (type === 'number') out += typeof value === 'number' ? value.toLocaleString('ko-KR') : (value ?? '');
    else out += value ?? '';
  }
  return out;
}

/** The source language: the message as written (compiled at build; compiled here in development and tests). */
export const korean: Translator = {
  lang: SOURCE_LANG,
  _: (_id, values, { message }) =>
    format((import.meta.env.DEV ? compileMessage(message) : message) as Compiled, values),
};

let current: Translator = korean;
const listeners = new Set<() => void>();

/** Makes `tr` the language of every screen (lang.ts chooses it). */
export function setTranslator(tr: Translator) {
  current = tr;
  for (const l of listeners) l();
}
export const currentLang = () => current.lang;

type Refused = { code: string; detail: string };
let refused: ((problem: Refused) => string) | undefined;
/** problems.ts, loaded with another language's catalog, says the server's refusals in it (refusals.ts). */
export const sayProblemsWith = (say: (problem: Refused) => string) => {
  refused = say;
};
/**
 * A problem's detail in her language, for the HTTP client (ApiError.detail): the server's Korean as sent when she
 * reads Korean (refusals.ts problemIn, or nothing loaded). Here and not in refusals.ts, so that the first screen
 * carries none of the refusals' lists.
 */
export const problemDetail = (problem: Refused) => refused?.(problem) ?? problem.detail;

/** `fn`'s messages in the source language, whatever she reads (refusals.ts matches the contract's Korean by them). */
export function inSource<T>(fn: () => T): T {
  const was = current;
  current = korean;
  try {
    return fn();
  } finally {
    current = was;
  }
}

/** The message `id` in the current language; outside a component (a title, a check's refusal). */
export const t = (id: string, message: string, values?: Values) => current._(id, values, { message });

/** The language given to the screens; the server's render gives its own (entry-server.tsx). */
export const LangContext = createContext<Translator | undefined>(undefined);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
/** The current translator, for the app's root: its change draws every screen again. */
export const useTranslator = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );

/**
 * A catalog message the server names by its id with its arguments (the payout's sentences), in the current language, for
 * a component. Not for Korean: the server sends its Korean beside the id, and the Korean path has no catalog.
 */
export function useCatalogMessage() {
  const tr = useContext(LangContext) ?? current;
  return { lang: tr.lang, say: (id: string, values: Values) => tr._(id, values, { message: id }) };
}

/** The screens' language, for a component: drawn again in the new language when she switches. */
export const useLang = (): Lang => (useContext(LangContext) ?? current).lang;

/** `t` for a component: drawn again in the new language when she switches. */
export function useT() {
  const tr = useContext(LangContext) ?? current;
  return (id: string, message: string, values?: Values) => tr._(id, values, { message });
}
