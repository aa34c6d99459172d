// Field formats of DESIGN §3, each a zod schema with a Korean (해요체) message the patient can read.
import { z } from 'zod';

export const hospitalCd = z.string().regex(/^\d{8}$/, { message: '병원 코드는 숫자 8자리여야 해요.' });

export const insuCompCd = z.string().regex(/^[A-Z][A-Z0-9_]{1,31}$/, { message: '보험사 코드가 올바르지 않아요.' });

export const yyyymmdd = z.string().regex(/^\d{8}$/, { message: '날짜는 YYYYMMDD 8자리 숫자로 입력해 주세요.' });

export const bankCd = z.string().regex(/^\d{3}$/, { message: '은행 코드는 숫자 3자리여야 해요.' });

/** NICE telecom codes: 1 SKT, 2 KT, 3 LG U+, 5/6/7 their 알뜰폰 networks. */
export const telecomType = z.enum(['1', '2', '3', '5', '6', '7'], { message: '통신사를 선택해 주세요.' });

/** A query-string integer (query values arrive as text). */
export const queryInt = (min: number, max: number) =>
  z.coerce
    .number({ message: '숫자로 입력해 주세요.' })
    .int({ message: '정수로 입력해 주세요.' })
    .min(min, { message: `${min} 이상이어야 해요.` })
    .max(max, { message: `${max} 이하여야 해요.` });
