// What the treats files share: ids on the wire, and times as the contract writes them.

/** Ids are decimal bigint text; anything else names no record. */
export const toId = (s: string) => (/^\d{1,15}$/.test(s) ? Number(s) : undefined);

export const iso = (d: Date | string) => new Date(d).toISOString();
