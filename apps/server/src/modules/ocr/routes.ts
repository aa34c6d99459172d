// POST /ui/insu/v1/ocr/document/id-card: pre-fills what the OCR provider can read from an ID photo; the patient
// confirms or types. The image is checked like every upload; one that passes is kept, re-encoded and encrypted, for
// this session's subscription (security/checked-photo.ts), and the orphan sweep deletes it a day later if none names it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  IMAGE_BODY_LIMIT_BYTES,
  keepIdcardFields,
  ocrIdCard,
  ocrIdCardBody,
  type OcrIdCard,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { checkImage, ID_PHOTO_CHECK } from '../../images/index.js';
import { keepCheckedPhoto } from '../../security/checked-photo.js';
import { countIdPhoto } from '../../security/photo-days.js';
import { perPatientLimit } from '../../security/rate-limit.js';
import { assertOwnCi, patientOf } from '../../security/session.js';

/** Per IP, and as many as the address's identity verifications where that is more (perPatientLimit). */
export const OCR_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' };

export const ocrRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      API.ocrIdCard,
      {
        bodyLimit: IMAGE_BODY_LIMIT_BYTES,
        config: {
          auth: 'patient',
          scope: { what: '신분증을 읽으려면' },
          rateLimit: perPatientLimit(OCR_RATE_LIMIT, ctx.config.identityStartsPerAddress),
          problems: [
            'CI_MISMATCH',
            'UPLOAD_DAILY_LIMIT',
            'IMAGE_EMPTY',
            'IMAGE_TOO_LARGE',
            'IMAGE_TYPE',
            'IMAGE_UNREADABLE',
            'IMAGE_TOO_MANY_PIXELS',
          ],
        },
        schema: {
          operationId: 'readIdCard',
          tags: ['ocr'],
          summary: '신분증 사진 읽기 (OCR)',
          description:
            '읽은 항목만 돌려줘요(종류별로 쓰는 항목만, spec §3). 샌드박스는 글자를 읽지 못하고, 테스트 이미지에 담긴 autoclaim-ocr 텍스트(PNG tEXt, JPEG 주석)만 읽어요.',
          body: ocrIdCardBody,
          response: { 200: ocrIdCard },
        },
      },
      async (req): Promise<OcrIdCard> => {
        const patient = assertOwnCi(req, req.body.userCi);
        const { idcardType } = req.body;
        // Counted per patient a Korean day before the photo is decoded (security/photo-days.ts).
        await countIdPhoto(ctx, patient.ciHmac, 'idcardImg');
        const img = await checkImage(req.body.idcardImg, ID_PHOTO_CHECK);
        // A photo no insurer could read is refused here, on the photo screen, where she can retake it; one that
        // passes is stored re-encoded, so subscribing with it in this session decodes nothing again (checked-photo.ts).
        await keepCheckedPhoto(ctx, patientOf(req), img);
        const raw = await ctx.providers.ocr.readIdCard(img.bytes, idcardType);
        const kept = keepIdcardFields({ idcardType, ...raw });
        const fields = Object.fromEntries(
          Object.entries({ userNm: raw.userNm, ...kept }).filter(
            ([k, v]) => k !== 'idcardType' && typeof v === 'string' && v !== '',
          ),
        ) as OcrIdCard['fields'];
        const read = Object.keys(fields).length > 0;
        return {
          idcardType,
          read,
          fields,
          message: read
            ? '사진에서 읽은 내용이에요. 신분증과 같은지 확인하고, 다르면 고쳐 주세요.'
            : '사진에서 글자를 읽지 못했어요. 신분증을 보고 직접 입력해 주세요.',
        };
      },
    );
  };
