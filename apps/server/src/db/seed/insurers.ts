import type { InsurerSeed } from './types.js';

// Life and non-life insurers that sell 실손의료보험 in Korea. Customer-centre numbers and sites only where well known;
// claim fax lines could not be verified, so every one is a clearly fake sandbox number (0505-000-NNNN) that is
// never dialled: operators replace them with the insurer's confirmed line (docs/reference-data.md).

type Photo = 'all' | 'icdl' | 'none';

const photo = (kind: Photo): InsurerSeed['photoControls'] =>
  kind === 'none'
    ? [{ ctrlKey: 'ID_PHOTO_USE', ctrlVal: JSON.stringify({ use: false }) }]
    : [
        { ctrlKey: 'ID_PHOTO_USE', ctrlVal: JSON.stringify({ use: true }) },
        { ctrlKey: 'ID_PHOTO_TYPES', ctrlVal: JSON.stringify(kind === 'all' ? ['ic', 'dl', 'pp'] : ['ic', 'dl']) },
        { ctrlKey: 'ID_PHOTO_GUIDE', ctrlVal: JSON.stringify({ maskBackNumber: true, maxBytes: 1_048_576 }) },
      ];

const sandboxFax = (n: number): InsurerSeed['faxNumbers'] => [
  { faxNo: `0505-000-${String(n).padStart(4, '0')}`, label: '보험금 청구 접수 (샌드박스)', verified: false },
];

type Row = [
  code: string,
  name: string,
  kind: 'LIFE' | 'NONLIFE',
  callCenter: string | null,
  homepage: string | null,
  color: string,
  photo: Photo,
];

const rows: Row[] = [
  // Most-held first: the landing shows the first eight.
  ['SAMSUNGFIRE', '삼성화재', 'NONLIFE', '1588-5114', 'https://www.samsungfire.com', '#1428a0', 'all'],
  ['SAMSUNGLIFE', '삼성생명', 'LIFE', '1588-3114', 'https://www.samsunglife.com', '#1428a0', 'all'],
  ['HYUNDAIMARINE', '현대해상', 'NONLIFE', '1588-5656', 'https://www.hi.co.kr', '#f47920', 'all'],
  ['HANWHALIFE', '한화생명', 'LIFE', '1588-6363', 'https://www.hanwhalife.com', '#f37321', 'all'],
  ['DBINSU', 'DB손해보험', 'NONLIFE', '1588-0100', 'https://www.idbins.com', '#00853e', 'all'],
  ['KYOBOLIFE', '교보생명', 'LIFE', '1588-1001', 'https://www.kyobo.com', '#1f4e9c', 'all'],
  ['KBINSU', 'KB손해보험', 'NONLIFE', '1544-0114', 'https://www.kbinsure.co.kr', '#8a7553', 'all'],
  ['MERITZFIRE', '메리츠화재', 'NONLIFE', '1566-7711', 'https://www.meritzfire.com', '#d7282f', 'all'],
  ['SHINHANLIFE', '신한라이프', 'LIFE', '1588-5580', null, '#0046ff', 'all'],
  ['NHLIFE', 'NH농협생명', 'LIFE', '1544-4000', 'https://www.nhlife.co.kr', '#0b8a3e', 'all'],
  ['HANWHAGENERAL', '한화손해보험', 'NONLIFE', '1566-8000', null, '#f37321', 'all'],
  ['LOTTEINSU', '롯데손해보험', 'NONLIFE', '1588-3344', null, '#da291c', 'all'],
  ['HEUNGKUKFIRE', '흥국화재', 'NONLIFE', '1688-1688', null, '#e60012', 'all'],
  ['NHFIRE', 'NH농협손해보험', 'NONLIFE', '1644-9000', null, '#0b8a3e', 'all'],
  ['KBLIFE', 'KB라이프', 'LIFE', null, null, '#7a6a4f', 'all'],
  ['TONGYANGLIFE', '동양생명', 'LIFE', null, null, '#e4007f', 'all'],
  ['MIRAEASSETLIFE', '미래에셋생명', 'LIFE', null, null, '#f58220', 'all'],
  ['HEUNGKUKLIFE', '흥국생명', 'LIFE', null, null, '#e60012', 'all'],
  ['ABLLIFE', 'ABL생명', 'LIFE', null, null, '#c8102e', 'icdl'],
  ['DBLIFE', 'DB생명', 'LIFE', null, null, '#00853e', 'icdl'],
  ['METLIFE', '메트라이프생명', 'LIFE', null, null, '#0090da', 'all'],
  ['AIALIFE', 'AIA생명', 'LIFE', null, null, '#d31145', 'none'],
  ['LINALIFE', '라이나생명', 'LIFE', null, null, '#0a6bb3', 'none'],
  ['HANALIFE', '하나생명', 'LIFE', null, null, '#008c8c', 'none'],
  ['HANAINSU', '하나손해보험', 'NONLIFE', null, null, '#008c8c', 'all'],
  ['MGINSU', 'MG손해보험', 'NONLIFE', null, null, '#e5002b', 'icdl'],
  ['AXAINSU', 'AXA손해보험', 'NONLIFE', null, null, '#00008f', 'none'],
];

export const insurers: InsurerSeed[] = rows.map(
  ([insuCompCd, insuCompNm, insuKind, callCenter, homepage, brandColor, kind], i) => ({
    insuCompCd,
    insuCompNm,
    insuKind,
    callCenter,
    homepage,
    brandColor,
    faxNumbers: sandboxFax(i + 1),
    photoControls: photo(kind),
    sortOrder: i + 1,
  }),
);
