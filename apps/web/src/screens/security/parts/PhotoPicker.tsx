// The ID photo: a preview, "카메라로 찍기" / "앨범에서 고르기", and the chosen file compressed in this browser to at
// most MAX_PHOTO_BYTES. Shared by /security/photo, /web/IDPhoto and a child's relation document
// (/security/relationDoc), which also takes the PDF 정부24 issues; each screen keeps the file where it keeps it.
import { useRef } from 'react';
import type { PhotoProblemCode } from '@auto-claim/contract';
import { refusal } from '../../../i18n/refusals';
import { t as tNow, useT } from '../../../i18n/t';
import { compressToDataUrl, PhotoQualityError } from './compressPhoto';

const MESSAGES = {
  notImage: () => tNow('photo.notImage', '사진 파일만 올릴 수 있어요. JPG나 PNG 사진으로 다시 골라 주세요.'),
  unreadable: () => tNow('photo.unreadable', '이 사진을 열 수 없어요. 다른 사진으로 다시 시도해 주세요.'),
  tooLarge: () => tNow('photo.tooLarge', '사진을 충분히 줄이지 못했어요. 신분증만 나오게 다시 찍어 주세요.'),
  notImageOrPdf: () =>
    tNow('photo.notImageOrPdf', '사진이나 PDF 파일만 올릴 수 있어요. JPG, PNG 사진이나 PDF 파일로 다시 골라 주세요.'),
} as const;

const readDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** The status line while a chosen photo is being checked and compressed. */
export const compressing = () => tNow('photo.compressing', '사진을 확인하고 크기를 줄이고 있어요…');

export function PhotoPicker({
  ids,
  testIdPrefix,
  name,
  image,
  busy,
  status,
  error,
  onCompressing,
  onPhoto,
  onError,
  pdfMaxBytes,
  qualityMessages,
  fileName,
}: {
  /** Element ids; `camera` (the camera button) is what an error summary links to. */
  ids: { title: string; camera: string; error: string };
  /** The hidden file inputs are `${testIdPrefix}-camera-input` and `${testIdPrefix}-gallery-input`. */
  testIdPrefix: string;
  /** The document's name, as in "여권 사진" and "찍은 여권 사진". */
  name: string;
  image: string;
  /** No new photo while one is being compressed or read. */
  busy: boolean;
  /** What is happening, for the status line. */
  status: string;
  error: string | undefined;
  /** A file was chosen and is being compressed. */
  onCompressing(): void;
  onPhoto(dataUrl: string, fileName: string): void;
  /** Not an image, unreadable, or too large even compressed: the words to show. */
  onError(message: string): void;
  /** PDFs are taken too (the gallery button then opens files as well), as they are, up to this many bytes. */
  pdfMaxBytes?: number;
  /** The quality refusals in this document's words (the defaults speak of an ID card). */
  qualityMessages?: Partial<Record<PhotoProblemCode, string>>;
  /** The chosen PDF's name, shown in place of a preview. */
  fileName?: string;
}) {
  const t = useT();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again
    if (!file) return;
    if (pdfMaxBytes && file.type === 'application/pdf') {
      if (file.size > pdfMaxBytes) {
        onError(
          t('photo.tooBig', '파일이 너무 커요. {mb}MB까지 올릴 수 있어요.', {
            mb: Math.floor(pdfMaxBytes / 1024 / 1024),
          }),
        );
        return;
      }
      onCompressing();
      try {
        onPhoto(await readDataUrl(file), file.name);
      } catch {
        onError(MESSAGES.unreadable());
      }
      return;
    }
    if (!file.type.startsWith('image/')) {
      onError(pdfMaxBytes ? MESSAGES.notImageOrPdf() : MESSAGES.notImage());
      return;
    }
    onCompressing();
    let dataUrl: string;
    try {
      dataUrl = await compressToDataUrl(file);
    } catch (e) {
      onError(
        e instanceof PhotoQualityError
          ? (qualityMessages?.[e.code] ?? refusal(e.message) ?? e.message)
          : e instanceof RangeError
            ? MESSAGES.tooLarge()
            : MESSAGES.unreadable(),
      );
      return;
    }
    onPhoto(dataUrl, file.name);
  };
  const pdf = image.startsWith('data:application/pdf');

  return (
    <section className={`wz-block photo${error ? ' photo--invalid' : ''}`} aria-labelledby={ids.title}>
      <h3 id={ids.title} className="wz-subtitle">
        {t('photo.title', '{name} 사진', { name })}
      </h3>
      {pdf ? (
        <p className="photo__file">
          <span aria-hidden="true">📄 </span>
          {fileName
            ? t('photo.pdf.name', '{fileName} (PDF 파일)', { fileName })
            : t('photo.pdf', 'PDF 파일을 골랐어요.')}
        </p>
      ) : image ? (
        <img className="photo__preview" src={image} alt={t('photo.alt', '찍은 {name} 사진', { name })} />
      ) : (
        <p className="photo__empty">{t('photo.none', '아직 사진이 없어요.')}</p>
      )}
      <div className="photo__actions">
        <button
          id={ids.camera}
          type="button"
          className="btn btn--primary"
          disabled={busy}
          aria-describedby={error ? ids.error : undefined}
          onClick={() => camera.current?.click()}
        >
          {/* Its name says what it does: a retake only once there is a photo (a refused file is no photo). */}
          {image ? t('photo.retake', '다시 찍기') : t('photo.camera', '카메라로 찍기')}
        </button>
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => gallery.current?.click()}>
          {pdfMaxBytes ? t('photo.galleryOrFile', '앨범·파일에서 고르기') : t('photo.gallery', '앨범에서 고르기')}
        </button>
      </div>
      <input
        ref={camera}
        data-testid={`${testIdPrefix}-camera-input`}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => void onFile(e.currentTarget)}
      />
      <input
        ref={gallery}
        data-testid={`${testIdPrefix}-gallery-input`}
        type="file"
        accept={pdfMaxBytes ? 'image/*,application/pdf' : 'image/*'}
        hidden
        onChange={(e) => void onFile(e.currentTarget)}
      />
      <p className="photo__status" role="status">
        {status}
      </p>
      <p id={ids.error} className="field__error" aria-live="polite">
        {error ?? ''}
      </p>
    </section>
  );
}
