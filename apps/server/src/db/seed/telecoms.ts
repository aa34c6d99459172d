import type { TelecomSeed } from './types.js';

// NICE telecom codes (DESIGN §3): 1 SKT, 2 KT, 3 LG U+; 5/6/7 the 알뜰폰 (MVNO) networks riding on each.
export const telecoms: TelecomSeed[] = [
  { telecomType: '1', telecomNm: 'SKT', isMvno: false, sortOrder: 1 },
  { telecomType: '2', telecomNm: 'KT', isMvno: false, sortOrder: 2 },
  { telecomType: '3', telecomNm: 'LG U+', isMvno: false, sortOrder: 3 },
  { telecomType: '5', telecomNm: 'SKT 알뜰폰', isMvno: true, sortOrder: 4 },
  { telecomType: '6', telecomNm: 'KT 알뜰폰', isMvno: true, sortOrder: 5 },
  { telecomType: '7', telecomNm: 'LG U+ 알뜰폰', isMvno: true, sortOrder: 6 },
];
