// The on-disk queue the sender works from (fhir/ig/README.md, "EMR vendor kit"): a bundle is written to pending/
// before anything is sent (write-ahead: a temporary file, fsync, atomic rename, fsync of the directory), and leaves
// it only when its outcome is known, as a record in sent/ or refused/ written the same way. A power cut or a kill at
// any point loses no receipt; what was in flight is sent again, which the server answers as the same bundle
// (idempotent on Bundle.identifier), so nothing is kept twice. The records of sent/ and refused/ keep the receipt
// number and the answer, not the bundle: the patient's data stays in the EMR.
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';

export interface Pending {
  key: string;
  /** The receipt's name in the EMR's directory. */
  name: string;
  receiptNo: string;
  sha256: string;
  enqueuedAt: string;
  bundle: Bundle;
}

export interface Settled {
  key: string;
  name: string;
  receiptNo: string;
  sha256: string;
  status: number;
  at: string;
  outcome?: OperationOutcome;
}

export type Enqueued = 'queued' | 'pending' | 'sent' | 'sent-changed' | 'refused';

const DIRS = ['pending', 'sent', 'refused', 'tmp'] as const;

function fsyncDir(dir: string) {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch (err) {
    // Windows opens no directory for fsync; its renames are durable as NTFS journals them.
    if (process.platform !== 'win32') throw err;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The queue key of a bundle: its receipt number, readable, and a hash of its full identifier. */
export function keyOf(bundle: Bundle): string {
  const id = bundle.identifier;
  if (!id?.value) throw new Error('Bundle.identifier.value가 없어요.');
  const hash = createHash('sha256')
    .update(`${id.system ?? ''}|${id.value}`)
    .digest('hex')
    .slice(0, 12);
  return `${id.value.replace(/[^\w.-]/g, '_').slice(0, 60)}-${hash}`;
}

export const sha256Of = (text: string) => createHash('sha256').update(text).digest('hex');

export class Queue {
  private locked = false;
  constructor(readonly root: string) {}

  private dir(d: (typeof DIRS)[number]) {
    return path.join(this.root, d);
  }

  /** `data` as `dir/name`, durably: written in full and synced before its name appears. */
  private writeDurable(dir: string, name: string, data: string) {
    const tmp = path.join(this.dir('tmp'), `${name}.${process.pid}`);
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path.join(dir, name));
    fsyncDir(dir);
  }

  /**
   * Opens the queue for this process alone (a second sender on the same queue would send the same bundle twice at
   * once); a lock left by a process that is gone (killed, a power cut) is taken over. Then finishes what a crash
   * left half done: temporary files go, and a pending bundle whose outcome was already recorded leaves pending/.
   */
  open(): this {
    for (const d of DIRS) mkdirSync(this.dir(d), { recursive: true, mode: 0o700 });
    const lock = path.join(this.root, 'lock');
    for (;;) {
      try {
        writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const pid = Number(readFileSync(lock, 'utf8'));
        if (pid && pid !== process.pid && alive(pid))
          throw new Error(`다른 전송기(pid ${pid})가 이 큐(${this.root})를 쓰고 있어요.`);
        rmSync(lock, { force: true });
      }
    }
    this.locked = true;
    for (const f of readdirSync(this.dir('tmp'))) rmSync(path.join(this.dir('tmp'), f), { force: true });
    for (const key of this.pendingKeys()) {
      const p = this.readPending(key);
      const sent = this.settled('sent', key);
      const refused = this.settled('refused', key);
      if (sent || (refused && p && refused.sha256 === p.sha256)) this.unlinkPending(key);
    }
    return this;
  }

  close() {
    if (this.locked) rmSync(path.join(this.root, 'lock'), { force: true });
    this.locked = false;
  }

  private pendingKeys(): string[] {
    return readdirSync(this.dir('pending'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
  }

  private readPending(key: string): Pending | undefined {
    const file = path.join(this.dir('pending'), `${key}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Pending) : undefined;
  }

  settled(kind: 'sent' | 'refused', key: string): Settled | undefined {
    const file = path.join(this.dir(kind), `${key}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Settled) : undefined;
  }

  private unlinkPending(key: string) {
    try {
      unlinkSync(path.join(this.dir('pending'), `${key}.json`));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    fsyncDir(this.dir('pending'));
  }

  /**
   * Puts a bundle in pending/ unless it is there already or was sent; one refused before comes back only when it
   * changed (the vendor fixed the mapping). A sent receipt that changed is not sent again: a change is a corrected
   * receipt with its own number (`sent-changed` says so).
   */
  enqueue(name: string, bundle: Bundle): Enqueued {
    const key = keyOf(bundle);
    const text = JSON.stringify(bundle);
    const sha256 = sha256Of(text);
    if (this.readPending(key)) return 'pending';
    const sent = this.settled('sent', key);
    if (sent) return sent.sha256 === sha256 ? 'sent' : 'sent-changed';
    if (this.settled('refused', key)?.sha256 === sha256) return 'refused';
    const entry: Pending = {
      key,
      name,
      receiptNo: bundle.identifier!.value!,
      sha256,
      enqueuedAt: new Date().toISOString(),
      bundle,
    };
    this.writeDurable(this.dir('pending'), `${key}.json`, JSON.stringify(entry));
    return 'queued';
  }

  /** What waits to be sent, oldest first. */
  pending(): Pending[] {
    return this.pendingKeys()
      .flatMap((k) => this.readPending(k) ?? [])
      .sort((a, b) => a.enqueuedAt.localeCompare(b.enqueuedAt) || a.key.localeCompare(b.key));
  }

  /** Records the outcome, durably, then lets the bundle go from pending/. */
  settle(p: Pending, kind: 'sent' | 'refused', status: number, outcome: OperationOutcome | undefined) {
    const record: Settled = {
      key: p.key,
      name: p.name,
      receiptNo: p.receiptNo,
      sha256: p.sha256,
      status,
      at: new Date().toISOString(),
      ...(outcome ? { outcome } : {}),
    };
    this.writeDurable(this.dir(kind), `${p.key}.json`, JSON.stringify(record));
    if (kind === 'sent') rmSync(path.join(this.dir('refused'), `${p.key}.json`), { force: true });
    this.unlinkPending(p.key);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
