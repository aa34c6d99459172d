// auto-claim-kit: the EMR vendor kit's command line (fhir/ig/README.md, "EMR vendor kit"; README "EMR vendors").
//   send         maps the EMR's directory, checks each bundle with the guide's validator, queues and sends it
//   conformance  the guide's examples and the vendor's own bundles through the same validator, as a table
//   keygen       the hospital's Ed25519 signing key: the private key to a file only its owner reads, the public key
//                (a JWK) printed for the hospital account's screen (fhir/ig/README.md, "Signing")
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { jwkThumbprint, publicJwkOf, validateSilsonBundle, type GuideIssue } from '@auto-claim/kr-silson-claim';
import { readExport } from './export.js';
import { MappingError, parseMapping, type Mapping } from './mapping.js';
import { Queue } from './queue.js';
import { deliver, type SendOptions } from './send.js';

/** Exit codes: 0 all accepted; 1 something refused (by the server or the local check) or not mappable; 2 something
 * left in the queue for the next run (no answer, a wrong key), nothing lost. */
export const EXIT = { ok: 0, refused: 1, deferred: 2, usage: 64 } as const;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}
const stdio: Io = { out: (l) => process.stdout.write(`${l}\n`), err: (l) => process.stderr.write(`${l}\n`) };

const USAGE = `auto-claim-kit: KR 실손 Claim 번들을 자동청구 서버로 보내는 EMR 업체용 도구

  auto-claim-kit send --from <EMR 출력 폴더> --mapping <매핑.json> --server <URL> --key-file <키 파일> [--queue <폴더>]
                      [--signing-key <서명 키 파일>]
      폴더의 영수증을 번들로 바꾸고, 검증하고, 큐에 쓴 뒤 보내요. --from 없이 실행하면 큐에 남은 것만 보내요.
      --signing-key가 있으면 번들마다 병원의 서명(Bundle.signature)을 붙여 보내요.
  auto-claim-kit keygen --out <서명 키 파일>
      병원의 서명 키(Ed25519)를 만들어 파일에 쓰고, 병원 계정 화면에 등록할 공개 키를 보여 줘요.
  auto-claim-kit conformance [--dir <EMR 출력 폴더>] [--mapping <매핑.json>]
      가이드의 예시 10개와 업체의 번들을 같은 검증기로 확인하고 표로 보여 줘요. 하나라도 틀리면 0이 아닌 값으로 끝나요.

폴더 구성: <이름>.receipt.csv(또는 .json) + <이름>.lines.csv(또는 .json) [+ <이름>.pdf], 또는 <이름>.bundle.json
종료 코드: 0 모두 접수, 1 거절·검증 실패, 2 큐에 남김(다음 실행에서 보내요)`;

const issueLines = (issues: { expression: string; text: string }[]) =>
  issues.map((i) => `    - ${i.expression}: ${i.text}`);
const localIssues = (issues: GuideIssue[]) => issueLines(issues.map((i) => ({ expression: i.expression, text: i.ko })));
/** The server's OperationOutcome as lines: each issue's FHIRPath and its Korean text. */
export function outcomeLines(outcome: OperationOutcome | undefined): string[] {
  return issueLines(
    (outcome?.issue ?? []).map((i) => ({
      expression: i.expression?.join(', ') || i.location?.join(', ') || '(번들)',
      text: i.details?.text ?? i.diagnostics ?? i.code,
    })),
  );
}

function readMapping(file: string | undefined): Mapping | undefined {
  return file ? parseMapping(readFileSync(file, 'utf8')) : undefined;
}

/** A new signing key: the private key (PKCS#8 PEM, owner-only) to `out`; the public JWK and its kid printed. */
export function keygen(args: { out: string }, io: Io = stdio): number {
  if (existsSync(args.out)) {
    io.err(`${args.out} 파일이 이미 있어요. 쓰던 키를 지우지 않도록 다른 이름을 주세요.`);
    return EXIT.usage;
  }
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(args.out, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  const jwk = publicJwkOf(privateKey);
  io.out(`서명 키를 ${args.out}에 썼어요. 이 파일은 병원 밖으로 내보내지 마세요.`);
  io.out('병원 계정의 "번들 서명 키"에 아래 공개 키 한 줄을 붙여 넣어 등록해 주세요:');
  io.out(JSON.stringify(jwk));
  io.out(`키 이름(kid): ${jwkThumbprint(jwk)}`);
  return EXIT.ok;
}

export async function send(
  args: { from?: string; mapping?: string; server: string; keyFile: string; queue: string; signingKey?: string },
  io: Io = stdio,
  extra: Partial<SendOptions> = {},
): Promise<number> {
  const apiKey = readFileSync(args.keyFile, 'utf8').trim();
  if (!apiKey) throw new MappingError(`키 파일(${args.keyFile})이 비어 있어요.`);
  let signingKey;
  if (args.signingKey) {
    try {
      signingKey = createPrivateKey(readFileSync(args.signingKey, 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
      throw new MappingError(`서명 키 파일(${args.signingKey})을 읽을 수 없어요. keygen이 만든 파일을 주세요.`);
    }
    if (signingKey.asymmetricKeyType !== 'ed25519')
      throw new MappingError(`서명 키 파일(${args.signingKey})이 Ed25519 키가 아니에요. keygen이 만든 파일을 주세요.`);
  }
  const queue = new Queue(args.queue).open();
  let code: number = EXIT.ok;
  const worse = (c: number) => (code = Math.max(code, c));
  const counts = { 접수: 0, 거절: 0, '검증 실패': 0, 미전송: 0, '이미 보냄': 0 };
  try {
    if (args.from) {
      const mapping = readMapping(args.mapping);
      for (const item of readExport(args.from, mapping)) {
        if (!item.bundle) {
          io.out(`매핑 실패  ${item.name}`);
          io.out(`    - ${item.error}`);
          counts['검증 실패']++;
          worse(EXIT.refused);
          continue;
        }
        const issues = validateSilsonBundle(item.bundle);
        if (issues.length) {
          io.out(`검증 실패  ${item.name}  ${item.bundle.identifier?.value ?? ''}  (보내지 않았어요)`);
          for (const l of localIssues(issues)) io.out(l);
          counts['검증 실패']++;
          worse(EXIT.refused);
          continue;
        }
        const state = queue.enqueue(item.name, item.bundle);
        if (state === 'sent') counts['이미 보냄']++;
        if (state === 'sent-changed')
          io.out(
            `이미 보냄  ${item.name}  ${item.bundle.identifier?.value}: 보낸 뒤 내용이 바뀌었어요. 정정 영수증(새 영수증 번호, 원 영수증 번호를 replaces로)으로 보내 주세요.`,
          );
        if (state === 'refused')
          io.out(`거절됨    ${item.name}  ${item.bundle.identifier?.value}: 전에 거절된 그대로예요 (refused/ 참고).`);
      }
    }
    for (const p of queue.pending()) {
      const d = await deliver(queue, p, {
        server: args.server,
        apiKey,
        ...(signingKey ? { signingKey } : {}),
        onRetry: (q, n, ms, why) =>
          io.err(`다시 시도  ${q.name}  ${q.receiptNo}: ${why}, ${n}번째 뒤 ${ms} ms 기다려요`),
        ...extra,
      });
      if (d.kind === 'accepted') {
        counts.접수++;
        io.out(`접수      ${p.name}  ${p.receiptNo}  (${d.status}${d.status === 200 ? ', 이미 받은 번들' : ''})`);
      } else if (d.kind === 'refused') {
        counts.거절++;
        worse(EXIT.refused);
        io.out(`거절      ${p.name}  ${p.receiptNo}  (${d.status})`);
        for (const l of outcomeLines(d.outcome)) io.out(l);
      } else if (d.kind === 'unauthorized') {
        io.out(
          `API 키가 맞지 않아요 (401). 키 파일(${args.keyFile})을 확인해 주세요. 큐에 남은 것은 다음 실행에서 보내요.`,
        );
        worse(EXIT.deferred);
        break;
      } else {
        counts.미전송++;
        worse(EXIT.deferred);
        io.out(`미전송    ${p.name}  ${p.receiptNo}: ${d.why}. 큐에 남겨 다음 실행에서 보내요.`);
      }
    }
  } finally {
    queue.close();
  }
  io.out(
    Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(' · '),
  );
  return code;
}

/** The guide's examples as the repository holds them (fhir/ig/examples). */
export const GUIDE_EXAMPLES = path.resolve(import.meta.dirname, '../../../../fhir/ig/examples');

export function conformance(args: { dir?: string; mapping?: string; examples?: string }, io: Io = stdio): number {
  const rows: { source: string; name: string; receiptNo: string; issues: string[] }[] = [];
  const examples = args.examples ?? GUIDE_EXAMPLES;
  for (const f of readdirSync(examples)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const bundle = JSON.parse(readFileSync(path.join(examples, f), 'utf8')) as Bundle;
    rows.push({
      source: '가이드',
      name: f,
      receiptNo: bundle.identifier?.value ?? '',
      issues: localIssues(validateSilsonBundle(bundle)),
    });
  }
  if (args.dir) {
    const items = readExport(args.dir, readMapping(args.mapping));
    if (items.length === 0)
      rows.push({ source: '업체', name: args.dir, receiptNo: '', issues: ['    - 번들이 없어요.'] });
    for (const item of items)
      rows.push({
        source: '업체',
        name: item.name,
        receiptNo: item.bundle?.identifier?.value ?? '',
        issues: item.bundle ? localIssues(validateSilsonBundle(item.bundle)) : [`    - ${item.error}`],
      });
  }
  const width = Math.max(...rows.map((r) => r.name.length), 4);
  io.out(`결과  출처  ${'이름'.padEnd(width - 2)}  영수증 번호`);
  for (const r of rows) {
    io.out(`${r.issues.length ? '실패' : '통과'}  ${r.source}  ${r.name.padEnd(width)}  ${r.receiptNo}`);
    for (const l of r.issues) io.out(l);
  }
  const failed = rows.filter((r) => r.issues.length).length;
  io.out(`통과 ${rows.length - failed} · 실패 ${failed}`);
  return failed ? EXIT.refused : EXIT.ok;
}

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      from: { type: 'string' },
      mapping: { type: 'string' },
      server: { type: 'string' },
      'key-file': { type: 'string' },
      queue: { type: 'string' },
      dir: { type: 'string' },
      examples: { type: 'string' },
      'signing-key': { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  });
  try {
    if (command === 'send') {
      if (!values.server || !values['key-file']) {
        io.err('send에는 --server와 --key-file이 필요해요.\n');
        io.err(USAGE);
        return EXIT.usage;
      }
      if (values.from && !existsSync(values.from)) throw new MappingError(`폴더(${values.from})가 없어요.`);
      return await send({
        ...(values.from ? { from: values.from } : {}),
        ...(values.mapping ? { mapping: values.mapping } : {}),
        server: values.server,
        keyFile: values['key-file'],
        queue: values.queue ?? path.resolve('auto-claim-queue'),
        ...(values['signing-key'] ? { signingKey: values['signing-key'] } : {}),
      });
    }
    if (command === 'keygen') {
      if (!values.out) {
        io.err('keygen에는 --out(서명 키를 쓸 파일)이 필요해요.\n');
        io.err(USAGE);
        return EXIT.usage;
      }
      return keygen({ out: values.out }, io);
    }
    if (command === 'conformance')
      return conformance({
        ...(values.dir ? { dir: values.dir } : {}),
        ...(values.mapping ? { mapping: values.mapping } : {}),
        ...(values.examples ? { examples: values.examples } : {}),
      });
  } catch (err) {
    if (err instanceof MappingError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
      io.err((err as Error).message);
      return EXIT.refused;
    }
    throw err;
  }
  io.err(USAGE);
  return command === 'help' || command === '--help' ? EXIT.ok : EXIT.usage;
}
