// Which compressed form of an answer made in advance (the SPA's pages, the reference cache) a request accepts.

/** br, else gzip, else none: what the request's Accept-Encoding allows (q=0 refuses; `*` stands for the others). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qv = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name!.trim(), qv ? Number(qv.slice(2)) || 0 : 1);
  }
  const ok = (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}
