// POST /ui/insu/v1/ocr/document/id-card: what the server could read from an ID photo; the patient confirms it.
import { API, type OcrIdCard, type OcrIdCardBody } from '@auto-claim/contract';
import { api } from './client';

export const readIdCard = (body: OcrIdCardBody) => api.post<OcrIdCard>(API.ocrIdCard, body);
