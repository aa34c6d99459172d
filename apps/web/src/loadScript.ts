// External scripts and their failure (spec §2: bundles loaded at startup with a version query; spec §8: a failure is a
// ScriptExternalLoadError, 'Loading script failed.' with the failure type and the address). This app bundles its
// code and its CSP allows scripts from its own origin only, so nothing loads an external script today; any script
// that is ever added goes through loadScript, so its failure always looks the same.
import { CHUNK_TIMEOUT_MS } from '@auto-claim/contract';

export class ScriptExternalLoadError extends Error {
  override name = 'ScriptExternalLoadError';
  constructor(
    /** 'error' (the request failed), 'timeout', or 'missing' (it loaded but did not define what it should). */
    readonly type: string,
    /** The script's address. */
    readonly request: string,
  ) {
    super(`Loading script failed.\n(${type}: ${request})`);
  }
}

type ScriptDocument = Pick<Document, 'createElement' | 'head'>;

export interface LoadScriptOptions {
  /** Appended as ?v=…, so a new release is fetched instead of a cached old one. */
  version?: string;
  /** Whether the script did its job (e.g. defined its global); false makes the failure type 'missing'. */
  loaded?: () => boolean;
  timeoutMs?: number;
  doc?: ScriptDocument;
}

export function loadScript(src: string, opts: LoadScriptOptions = {}): Promise<void> {
  const { version, loaded, timeoutMs = CHUNK_TIMEOUT_MS, doc = document } = opts;
  const url = version ? `${src}${src.includes('?') ? '&' : '?'}v=${encodeURIComponent(version)}` : src;
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    const finish = (type: string) => {
      clearTimeout(timer);
      script.onload = script.onerror = null;
      if (type === 'load' && (!loaded || loaded())) return resolve();
      script.remove();
      reject(new ScriptExternalLoadError(type === 'load' ? 'missing' : type, url));
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    script.onload = () => finish('load');
    script.onerror = (event) => finish(typeof event === 'string' ? 'error' : event.type);
    script.async = true;
    script.src = url;
    doc.head.appendChild(script);
  });
}
