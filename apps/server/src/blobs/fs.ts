// Blobs as files under DATA_DIR/blobs (the default: `npm start` needs nothing). A file is
// "ACB1", the header's length (2 bytes, big-endian), the header, then the encrypted bytes. Files fan out by the id's
// first two byte pairs (blobs/ab/cd/abcd…) so no folder grows past a few thousand entries. Every write goes to a
// temporary file, is flushed, then renamed over: a reader sees the whole old file or the whole new one.
import { randomBytes } from 'node:crypto';
import { mkdir, open, opendir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  BlobChangedError,
  BlobIntegrityError,
  BlobNotFoundError,
  isBlobId,
  type BlobBackend,
  type ListedBlob,
} from './store.js';

const MAGIC = Buffer.from('ACB1');
const PREFIX = MAGIC.length + 2;
/** Unfinished writes; a crash can leave one behind, never under a blob's name. */
const TMP = '.tmp';

const notFound = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function fsBackend(dir: string): BlobBackend {
  const fileOf = (id: string) => path.join(dir, id.slice(0, 2), id.slice(2, 4), id);

  async function atomicWrite(id: string, data: Buffer) {
    const tmpDir = path.join(dir, TMP);
    const target = fileOf(id);
    await Promise.all([mkdir(tmpDir, { recursive: true }), mkdir(path.dirname(target), { recursive: true })]);
    const tmp = path.join(tmpDir, `${id}.${randomBytes(6).toString('hex')}`);
    const file = await open(tmp, 'wx', 0o600);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    try {
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  function split(id: string, raw: Buffer) {
    const length = raw.length >= PREFIX && raw.subarray(0, 4).equals(MAGIC) ? raw.readUInt16BE(4) : -1;
    if (length < 0 || raw.length < PREFIX + length) {
      throw new BlobIntegrityError(id, 'is not an envelope file: it was changed or is not ours');
    }
    return { header: raw.subarray(PREFIX, PREFIX + length).toString('latin1'), body: raw.subarray(PREFIX + length) };
  }

  async function readAll(id: string) {
    try {
      return await readFile(fileOf(id));
    } catch (err) {
      if (notFound(err)) throw new BlobNotFoundError(id);
      throw err;
    }
  }

  const pack = (header: string, body: Buffer) => {
    const h = Buffer.from(header, 'latin1');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(h.length);
    return Buffer.concat([MAGIC, length, h, body]);
  };

  async function* sortedDirs(at: string) {
    let names: string[];
    try {
      const entries = [];
      for await (const e of await opendir(at))
        if (e.isDirectory() && /^[0-9a-f]{2}$/.test(e.name)) entries.push(e.name);
      names = entries.sort();
    } catch (err) {
      if (notFound(err)) return;
      throw err;
    }
    yield* names;
  }

  return {
    name: 'fs',
    write: (id, header, body) => atomicWrite(id, pack(header, body)),
    read: async (id) => split(id, await readAll(id)),
    async readHeader(id) {
      let file;
      try {
        file = await open(fileOf(id), 'r');
      } catch (err) {
        if (notFound(err)) throw new BlobNotFoundError(id);
        throw err;
      }
      try {
        // A header is a few hundred bytes: read the first KiB and the rest only if it is longer.
        const head = Buffer.alloc(1024);
        const { bytesRead } = await file.read(head, 0, head.length, 0);
        const first = head.subarray(0, bytesRead);
        const length = first.length >= PREFIX ? first.readUInt16BE(4) : 0;
        if (PREFIX + length <= first.length) return split(id, first).header;
        const all = Buffer.alloc(PREFIX + length);
        const more = await file.read(all, 0, all.length, 0);
        return split(id, all.subarray(0, more.bytesRead)).header;
      } finally {
        await file.close();
      }
    },
    async rewriteHeader(id, from, to) {
      const { header, body } = split(id, await readAll(id));
      if (header !== from) throw new BlobChangedError(id);
      // Only the header changes; the encrypted bytes are copied as they are, never decrypted.
      await atomicWrite(id, pack(to, body));
    },
    async remove(id) {
      try {
        await unlink(fileOf(id));
      } catch (err) {
        if (!notFound(err)) throw err;
      }
    },
    async *ids(pageSize) {
      // Folder by folder in name order: a page is at most one leaf folder's files, read `pageSize` at a time.
      for await (const a of sortedDirs(dir)) {
        for await (const b of sortedDirs(path.join(dir, a))) {
          const leaf = path.join(dir, a, b);
          let page: string[] = [];
          // A file deleted between the folder's read and its stat is simply no longer listed.
          const listed = async (names: string[]) =>
            (
              await Promise.all(
                names.sort().map((blobId) =>
                  stat(path.join(leaf, blobId)).then(
                    (s): ListedBlob => ({ blobId, modifiedAt: s.mtime }),
                    (err: unknown) => {
                      if (notFound(err)) return undefined;
                      throw err;
                    },
                  ),
                ),
              )
            ).filter((x) => x !== undefined);
          try {
            for await (const e of await opendir(leaf, { bufferSize: Math.min(pageSize, 1024) })) {
              if (e.isFile() && isBlobId(e.name)) page.push(e.name);
              if (page.length >= pageSize) {
                yield* await listed(page);
                page = [];
              }
            }
          } catch (err) {
            if (!notFound(err)) throw err;
          }
          yield* await listed(page);
        }
      }
    },
  };
}
