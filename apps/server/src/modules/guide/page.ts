// The KR 실손 Claim guide as the product serves it (README "EMR vendors"): one page, drawn once at start from
// fhir/ig/README.md and the example bundles (fhir/ig/examples), in Korean with FHIR's own English terms. No script;
// its one stylesheet is inline (the CSP allows inline styles, never inline scripts: http/security.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HOSPITAL_API, HOSPITAL_GUIDE, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { escapeHtml, markdownToHtml } from './markdown.js';

const IG = path.resolve(import.meta.dirname, '../../../../../fhir/ig');

/** What each example file shows (fhir/ig/README.md, "Examples"), in Korean. */
const EXAMPLE_NOTES: Record<string, string> = {
  'clinic-outpatient.json': '의원 외래: 처방전(MedicationRequest)과 영수증 PDF(DocumentReference) 포함',
  'hospital-outpatient.json': '종합병원 외래: 비급여 MRI',
  'inpatient.json': '입원',
  'pharmacy.json': '약국 조제: 의원의 처방전을 교부번호로 가리켜요',
  'dental.json': '치과: 전액본인부담과 비급여',
  'child.json': '6세 미만 아동',
  'medical-aid.json': '의료급여',
  'corrected.json': '정정 영수증: relatesTo replaces로 원 영수증을 가리켜요',
  'cancelled.json': '취소 영수증: Invoice.status = cancelled',
  'long-stay.json': '입원 32줄: 세부산정내역이 30줄 넘는 번들',
};

export interface GuideExample {
  name: string;
  json: string;
  receiptNo: string;
  lines: number;
}

export interface Guide {
  html: string;
  examples: Map<string, GuideExample>;
}

const STYLE = `
:root{color-scheme:light;--ink:#1b1f24;--muted:#4b5563;--line:#d8dee4;--accent:#0b57d0;--code:#f3f4f6}
*{box-sizing:border-box}
body{margin:0;font:16px/1.65 system-ui,-apple-system,"Apple SD Gothic Neo","Noto Sans KR","Malgun Gothic",sans-serif;color:var(--ink);background:#fff;word-break:keep-all;overflow-wrap:anywhere}
header,main,footer{max-width:60rem;margin:0 auto;padding:0 1rem}
header{padding-top:2rem}
h1{font-size:1.75rem;line-height:1.3;margin:0 0 .5rem}
h2{font-size:1.35rem;margin:2.5rem 0 .75rem;padding-top:.5rem;border-top:1px solid var(--line)}
h3{font-size:1.1rem;margin:1.75rem 0 .5rem}
p,li{max-width:48rem}
a{color:var(--accent)}
code{font:.9em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);padding:.1em .3em;border-radius:4px}
pre{background:var(--code);padding:.75rem 1rem;border-radius:8px;overflow-x:auto;margin:.5rem 0 1rem}
pre code{padding:0;background:none;white-space:pre}
.scroll{overflow-x:auto;margin:.5rem 0 1rem}
.scroll:focus-visible,pre:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
table{border-collapse:collapse;min-width:100%;font-size:.95rem}
th,td{border:1px solid var(--line);padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#f8fafc}
td.num{text-align:right;white-space:nowrap}
.lead{color:var(--muted);margin:0 0 1rem}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}
footer{color:var(--muted);font-size:.9rem;padding-top:2rem;padding-bottom:3rem}
`;

const pre = (label: string, text: string) =>
  `<pre tabindex="0" aria-label="${escapeHtml(label)}"><code>${escapeHtml(text)}</code></pre>`;

/** The page and the examples, read from the repository's guide once. */
export function loadGuide(opts: { publicUrl: string; sandbox: boolean }): Guide {
  const examples = new Map<string, GuideExample>();
  for (const file of readdirSync(path.join(IG, 'examples'))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const json = readFileSync(path.join(IG, 'examples', file), 'utf8');
    const bundle = JSON.parse(json) as {
      identifier?: { value?: string };
      entry?: { resource?: { resourceType?: string } }[];
    };
    const name = file.slice(0, -'.json'.length);
    examples.set(name, {
      name,
      json,
      receiptNo: bundle.identifier?.value ?? '',
      lines: (bundle.entry ?? []).filter((e) => e.resource?.resourceType === 'ChargeItem').length,
    });
  }
  const spec = markdownToHtml(readFileSync(path.join(IG, 'README.md'), 'utf8'), 1).replace(
    /<h2 id="spec-[^"]*">KR 실손 Claim \(implementation guide, draft 0\.1\.0\)<\/h2>/,
    '',
  );
  const server = opts.publicUrl;
  const kit = 'packages/hospital-client';
  const oneCommand = [
    `npx auto-claim-kit send --from ${kit}/examples/emr-export \\`,
    `  --mapping ${kit}/examples/haneul-chart.mapping.json \\`,
    `  --server ${server} --key-file key.txt`,
  ].join('\n');
  const rows = [...examples.values()]
    .map(
      (e) =>
        `<tr><td><a href="${HOSPITAL_GUIDE.example(e.name)}" download="${e.name}.json">${e.name}.json</a></td>` +
        `<td>${escapeHtml(EXAMPLE_NOTES[`${e.name}.json`] ?? '')}</td><td><code>${escapeHtml(e.receiptNo)}</code></td>` +
        `<td class="num">${e.lines}</td></tr>`,
    )
    .join('');

  const html = `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>KR 실손 Claim 구현 가이드 · 자동청구</title>
<meta name="description" content="EMR 업체가 한 번 구현하면 모든 병원에서 쓰는 FHIR R4 진료비 영수증·세부산정내역 번들">
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>KR 실손 Claim 구현 가이드</h1>
<p class="lead">초안 0.1.0 · FHIR R4 (4.0.1) · KR Core 2.0.0. 진료비 계산서·영수증, 진료비 세부산정내역, 처방전을 방문 한 번에 <code>Bundle</code> 하나로 보내요. EMR 업체가 한 번 구현하면 그 EMR을 쓰는 모든 병원이 연결돼요.</p>
<nav aria-label="이 페이지"><ul>
<li><a href="#start">한 번의 명령으로 시작하기</a></li>
<li><a href="#endpoint">보내는 곳과 답</a></li>
<li><a href="#mapping">매핑 파일</a></li>
<li><a href="#examples">예시 번들</a></li>
<li><a href="#spec">명세</a></li>
</ul></nav>
</header>
<main>
<h2 id="start">한 번의 명령으로 시작하기</h2>
<p>EMR 업체용 도구 <code>auto-claim-kit</code>(저장소의 <code>${kit}</code>, Node 22.18 이상)이 EMR이 이미 쓰는 폴더(세부산정내역 CSV와 영수증 머리글)를 매핑 파일로 번들로 바꾸고, 이 서버와 같은 검증기로 확인한 뒤 보내요. 저장소에서 <code>npm ci</code>를 한 번 하고, 병원의 API 키를 파일에 담아 실행해요${opts.sandbox ? ` (이 서버는 샌드박스라서 <code>sandbox-90000002</code>가 데모 병원 푸른숲내과의원의 키예요)` : ''}.</p>
${pre('예시 내보내기를 이 서버로 보내는 명령', oneCommand)}
<p>먼저 업체의 출력이 가이드에 맞는지 확인하려면 (서버 없이, 가이드의 예시 10개와 함께 표로 보여 줘요):</p>
${pre('적합성 확인 명령', `npx auto-claim-kit conformance --dir <EMR 출력 폴더> --mapping <매핑 파일>`)}
<p>영수증마다 접수(201, 다시 보낸 같은 번들은 200) 또는 거절(요소의 FHIRPath와 이유)이 찍혀요. 보내기 전에 번들을 디스크의 큐에 먼저 기록(fsync 후 이름 바꾸기)하므로, 전원이 꺼지거나 프로세스가 죽어도 다시 실행하면 빠짐없이 보내요. 답을 받지 못한 번들을 다시 보내도 서버가 <code>Bundle.identifier</code>(영수증 번호)로 같은 번들임을 알아보므로 두 번 저장되지 않아요.</p>

<h2 id="endpoint">보내는 곳과 답</h2>
${pre('요청', `POST ${server}${HOSPITAL_API.fhirBundle}\ncontent-type: application/fhir+json\n${HOSPITAL_KEY_HEADER}: <병원 API 키>\n\n<KR 실손 Claim Bundle>`)}
<div class="scroll" role="region" aria-label="서버의 답 표" tabindex="0"><table>
<thead><tr><th scope="col">답</th><th scope="col">뜻</th><th scope="col">도구가 하는 일</th></tr></thead>
<tbody>
<tr><td>201</td><td>접수했어요 (<code>OperationOutcome</code>, information)</td><td>sent/에 기록</td></tr>
<tr><td>200</td><td>이미 받은 같은 번들이에요 (멱등)</td><td>sent/에 기록</td></tr>
<tr><td>400, 422</td><td>가이드에 맞지 않아요: <code>OperationOutcome</code>의 issue마다 <code>expression</code>(FHIRPath)과 <code>details.text</code>(한국어). 아무것도 저장하지 않아요</td><td>refused/에 기록, 다시 보내지 않음</td></tr>
<tr><td>401</td><td>API 키가 맞지 않아요</td><td>멈추고 큐에 남김</td></tr>
<tr><td>429</td><td>너무 많이 보냈어요 (<code>Retry-After</code>)</td><td>그만큼 기다렸다가 다시</td></tr>
<tr><td>5xx, 응답 없음</td><td>잠시 문제가 있어요</td><td>지수 백오프(지터)로 다시, 끝내 안 되면 큐에 남김</td></tr>
</tbody></table></div>

<h2 id="mapping">매핑 파일: EMR 제품마다 하나</h2>
<p>병원마다가 아니라 EMR 제품마다 하나예요. EMR이 쓰는 열 이름을 가이드의 필드로(영수증번호, 요양기관기호, 일자·코드·명칭·단가·횟수·일수·총액·본인부담금·공단부담금·전액본인부담·비급여·항목), EMR이 쓰는 값을 가이드의 코드로(성별, 진료구분, 보험자구분, 항목), 날짜 형식(<code>YYYYMMDD</code>, <code>YYYYMMDDHHmm</code> …), 코드의 접두어나 패턴마다 HIRA EDI 코드 체계(진료행위, 약제, 치료재료)를 적어요. 예시: <code>${kit}/examples/haneul-chart.mapping.json</code>(가상의 EMR "하늘차트 3")과 그 출력 <code>${kit}/examples/emr-export/</code>.</p>
<p>폴더 구성: 영수증마다 <code>&lt;이름&gt;.receipt.csv</code>(또는 <code>.json</code>, 머리글 한 행)와 <code>&lt;이름&gt;.lines.csv</code>(또는 <code>.json</code>, 세부산정내역), 있으면 <code>&lt;이름&gt;.pdf</code>. FHIR 번들을 직접 만드는 EMR은 <code>&lt;이름&gt;.bundle.json</code>을 두면 그대로 검증해서 보내요. CSV는 UTF-8 또는 EUC-KR이에요.</p>

<h2 id="examples">예시 번들</h2>
<p>모두 가이드의 검증기를 통과하고 CI에서 매번 검증해요. 코드는 실제 EDI·KCD-8 코드의 모양이고 금액은 지어낸 값이에요.</p>
<div class="scroll" role="region" aria-label="예시 번들 표" tabindex="0"><table>
<thead><tr><th scope="col">파일 (JSON 받기)</th><th scope="col">무엇을 보여 주나요</th><th scope="col">영수증 번호</th><th scope="col">세부산정내역 줄</th></tr></thead>
<tbody>${rows}</tbody></table></div>

<h2 id="spec">명세</h2>
<p class="lead">아래는 가이드의 원문(<code>fhir/ig/README.md</code>)이에요. FHIR의 용어(<code>Bundle</code>, <code>Composition</code>, <code>Invoice</code>, <code>ChargeItem</code> …)는 FHIR이 쓰는 영어 그대로예요.</p>
${spec}
</main>
<footer><p>자동청구 · KR 실손 Claim은 열린 형식이에요. 프로파일(FSH와 StructureDefinition)은 저장소의 <code>fhir/ig</code>에 있어요.</p></footer>
</body>
</html>
`;
  return { html, examples };
}
