// /security/photo: which ID document, its photo (camera or gallery, compressed here to at most MAX_PHOTO_BYTES), and
// the fields of that document's type only (spec §3), pre-filled by the server's OCR and confirmed by the patient.
// The image and the numbers stay in memory (the claim store), never in browser storage. How to photograph it is said
// here in a line (the longer guidance: /security/idPhotoInfo, off the walk). The camera comes into view once a type is
// chosen, and the fields to check once the photo has been read (html's scroll-padding keeps both above the action bar).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  IDCARD_KEEPS,
  IDCARD_TYPES,
  checkIdcardFields,
  digitsOnly,
  idcardFitsNumber,
  isForeignRegDigit,
  normalizeDate,
  keepIdcardFields,
  type IdcardFields,
  type IdcardType,
} from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { readIdCard } from '../../api/ocr';
import { refusal } from '../../i18n/refusals';
import { t, useT } from '../../i18n/t';
import { useChosenPhotoTypes } from '../../api/uiControls';
import { chosenInsurers, useClaimStore } from '../../store/claim';
import { stepPath, useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress, type SummaryItem } from '../../wizard/WizardStep';
import { IdcardDetailFields, IdcardTypeChoice, detailFields, idcardName, type DetailField } from './parts/IdcardFields';
import { calledNm } from './parts/child';
import { compressing, PhotoPicker } from './parts/PhotoPicker';
import './wizard-1.css';

type ErrorKey = 'idcardType' | 'idcardImg' | DetailField;

const MESSAGES = {
  noType: () => t('photo.noType', '어떤 신분증을 찍을지 골라 주세요.'),
  noImage: () => t('photo.noImage', '신분증 사진을 찍거나 앨범에서 골라 주세요.'),
  notRead: () => t('photo.notRead', '사진에서 글자를 읽지 못했어요. 신분증을 보고 직접 입력해 주세요.'),
} as const;

const STATUS = {
  '': () => '',
  compress: compressing,
  ocr: () => t('photo.reading', '사진에서 글자를 읽고 있어요…'),
} as const;

/** Spaces, dots and hyphens are fine while typing; what is kept is the format of DESIGN §3. */
function normalize(type: IdcardType, f: Record<DetailField, string>): Record<DetailField, string> {
  return {
    idcardIssueOrg: f.idcardIssueOrg.trim(),
    idcardIssueDate: normalizeDate(f.idcardIssueDate),
    regNo: type === 'dl' ? digitsOnly(f.regNo) : f.regNo.replace(/\s/g, '').toUpperCase(),
    checkCd: f.checkCd.replace(/\s/g, '').toUpperCase(),
  };
}

const detailsSchema = z
  .object({
    idcardType: z.enum(IDCARD_TYPES),
    idcardIssueOrg: z.string(),
    idcardIssueDate: z.string(),
    regNo: z.string(),
    checkCd: z.string(),
  })
  .superRefine((v, ctx) => checkIdcardFields(v, ctx));

export default function Photo() {
  const t = useT();
  const { next, progress } = useWizard('photo');
  const reg = useClaimStore((s) => s.reg);
  // On a child's enrolment: the parent's own ID, said plainly under the child's banner.
  const childNm = useClaimStore((s) =>
    s.ui.insured === 'child' ? s.child.person.userNm || t('account.rel.child', '자녀') : '',
  );
  const setReg = useClaimStore((s) => s.setReg);
  const controls = useChosenPhotoTypes(chosenInsurers(reg));
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [working, setWorking] = useState<'' | 'compress' | 'ocr'>('');
  /** What the photo's reading gave: its fields filled in, or nothing (she types them). */
  const [ocr, setOcr] = useState<'read' | 'notRead'>();
  /** A newer photo or type wins over an OCR answer still on its way. */
  const ocrRun = useRef(0);
  /** The photo was read: its fields come into view once shown. */
  const scrollToDetails = useRef(false);
  useEffect(() => {
    if (working !== '' || !scrollToDetails.current || !detailsRef.current) return;
    scrollToDetails.current = false;
    detailsRef.current.scrollIntoView({ block: 'start' });
  }, [working, ocr]);

  const detailsRef = useRef<HTMLElement>(null);
  // Only the cards that carry her kind of number (told by its seventh digit, which the subscription checks against
  // the card): a citizen is not offered a 외국인등록증, nor a foreign resident a 주민등록증 that would be refused at the
  // end. Of those, the one most people in her place carry is chosen to begin with: she changes it with a tap.
  const verifiedForeign = useClaimStore((s) => s.auth.foreignResident);
  const foreign = reg.userIdno2 ? isForeignRegDigit(reg.userIdno2.charAt(0)) : verifiedForeign;
  const allowed = (controls.data?.idPhotoTypes ?? [...IDCARD_TYPES]).filter((c) => idcardFitsNumber(c, foreign));
  const likely: IdcardType = foreign ? 'ac' : 'ic';
  const type =
    reg.idcardType && allowed.includes(reg.idcardType)
      ? reg.idcardType
      : controls.data && allowed.includes(likely)
        ? likely
        : '';
  const clearError = (...keys: ErrorKey[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k as ErrorKey))));

  /** Ask the server what it can read; fill only the chosen type's fields with what it read. */
  const runOcr = async (idcardType: IdcardType, idcardImg: string) => {
    const run = ++ocrRun.current;
    setWorking('ocr');
    setOcr(undefined);
    try {
      const answer = await readIdCard({ idcardType, idcardImg });
      if (run !== ocrRun.current) return;
      const read: IdcardFields = { idcardType, ...answer.fields };
      const kept = keepIdcardFields(read);
      const patch: Partial<Record<DetailField, string>> = {};
      for (const f of IDCARD_KEEPS[idcardType]) {
        const v = kept[f];
        if (typeof v === 'string' && v) patch[f as DetailField] = v;
      }
      setReg(patch);
      clearError(...(Object.keys(patch) as DetailField[]));
      setOcr(answer.read && Object.keys(patch).length > 0 ? 'read' : 'notRead');
      scrollToDetails.current = true;
    } catch (e) {
      if (run !== ocrRun.current) return;
      if (e instanceof ApiError && (e.status === 400 || e.status === 422)) {
        // The server refused the image itself (422: dark, blank or blurry): the subscription would refuse it too.
        setReg({ idcardImg: '' });
        setErrors((x) => ({ ...x, idcardImg: refusal(e.detail) ?? e.detail }));
      } else {
        setOcr('notRead');
        scrollToDetails.current = true;
      }
    } finally {
      if (run === ocrRun.current) setWorking('');
    }
  };

  const chooseType = (t: IdcardType) => {
    if (t === type) {
      setReg({ idcardType: t });
      return;
    }
    // Fields of another type are cleared (spec §3); a photo already taken is read again as this type.
    setReg(keepIdcardFields({ idcardType: t, idcardIssueOrg: '', idcardIssueDate: '', regNo: '', checkCd: '' }));
    clearError('idcardType', 'idcardIssueOrg', 'idcardIssueDate', 'regNo', 'checkCd');
    if (reg.idcardImg) void runOcr(t, reg.idcardImg);
    // The camera button appears below the choice: into view, never left under the action bar.
    else requestAnimationFrame(() => document.getElementById('photo-camera')?.scrollIntoView({ block: 'nearest' }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<ErrorKey, string>> = {};
    if (!type) found.idcardType = MESSAGES.noType();
    else if (!reg.idcardImg) found.idcardImg = MESSAGES.noImage();
    else {
      const values = { idcardType: type, ...normalize(type, reg) };
      const r = detailsSchema.safeParse(values);
      if (r.success) {
        setReg(keepIdcardFields(values));
        next();
        return;
      }
      for (const issue of r.error.issues) {
        const k = issue.path[0] as DetailField;
        found[k] ??= refusal(issue.message) ?? issue.message;
      }
    }
    setErrors(found);
    setAttempt((n) => n + 1);
  };

  const detailKeys = detailFields(type);
  const order: ErrorKey[] = ['idcardType', 'idcardImg', ...detailKeys];
  const targets: Record<ErrorKey, string> = {
    idcardType: `idtype-${allowed[0]}`,
    idcardImg: 'photo-camera',
    idcardIssueOrg: 'idcardIssueOrg',
    idcardIssueDate: 'idcardIssueDate',
    regNo: 'regNo',
    checkCd: 'checkCd',
  };
  const summary: SummaryItem[] = order
    .filter((k) => errors[k])
    .map((k) => ({ target: targets[k], message: errors[k]! }));

  // Her insurers take no card that carries her kind of number: said here, with the way back, not refused at the end.
  if (controls.data && allowed.length === 0) {
    return (
      <div className="screen">
        <StepProgress {...progress} />
        <h2 className="screen__lead">{t('photo.noneOfHers.title', '고르신 보험사에 낼 수 있는 신분증이 없어요')}</h2>
        <p className="screen__sub">
          {t(
            'photo.noneOfHers',
            '고르신 보험사는 {cards} 사진을 받지 않아요. 보험사 고객센터에 문의하시거나 보험사를 다시 골라 주세요.',
            {
              cards: IDCARD_TYPES.filter((c) => idcardFitsNumber(c, foreign))
                .map(idcardName)
                .join(', '),
            },
          )}
        </p>
        <BottomAction>
          <Link className="btn btn--primary btn--block" to={stepPath('insuChoose')}>
            {t('photo.chooseInsurerAgain', '보험사 다시 고르기')}
          </Link>
        </BottomAction>
      </div>
    );
  }

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <ErrorSummary items={summary} attempt={attempt} />
      {childNm && (
        <p className="photo__whose">
          <strong>{t('photo.guardianOwn', '보호자 본인의 신분증을 찍어 주세요.')}</strong>{' '}
          {t('photo.guardianOwn.why', '{child}의 신분증이 아니에요. 위임장에 서명하는 사람이 보호자이기 때문이에요.', {
            child: calledNm(childNm),
          })}
        </p>
      )}

      <IdcardTypeChoice
        types={allowed}
        value={type}
        onChoose={chooseType}
        idPrefix="idtype"
        error={errors.idcardType}
        headingLevel={2}
      >
        {controls.isError && (
          <LoadError
            message={t(
              'photo.controlsFailed',
              '보험사 신분증 제출 설정을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
            )}
            onRetry={() => void controls.refetch()}
          />
        )}
      </IdcardTypeChoice>

      <p className="field__hint">
        {t('photo.howTo', '어두운 바탕 위에 신분증을 놓고, 네 모서리가 모두 보이게 밝은 곳에서 찍어 주세요.')}
      </p>
      <Link className="wz-link" to={stepPath('idPhotoInfo')}>
        {t('photo.howToMore', '잘 찍는 방법 더 보기')}
      </Link>

      {type && (
        <PhotoPicker
          ids={{ title: 'photo-title', camera: 'photo-camera', error: 'photo-error' }}
          testIdPrefix="photo"
          name={idcardName(type)}
          image={reg.idcardImg}
          busy={working !== ''}
          status={STATUS[working]()}
          error={errors.idcardImg}
          onCompressing={() => {
            setWorking('compress');
            clearError('idcardImg');
          }}
          onPhoto={(dataUrl) => {
            setReg({ idcardType: type, idcardImg: dataUrl });
            void runOcr(type, dataUrl);
          }}
          onError={(message) => {
            setWorking('');
            setErrors((x) => ({ ...x, idcardImg: message }));
          }}
        />
      )}

      {type && reg.idcardImg && working === '' && (
        <section className="wz-block" aria-labelledby="details-title" ref={detailsRef}>
          {/* Just read: the heading asks her to check what was read (the fields are hers to correct); not read: she
              types them; back on this screen later: she checks what she kept. */}
          <h3 id="details-title" className="wz-subtitle">
            {ocr === 'read'
              ? t('photo.details.read', '{idcard}에서 읽은 내용을 확인해 주세요', { idcard: idcardName(type) })
              : ocr === 'notRead'
                ? t('photo.details.type', '{idcard}에 적힌 내용을 입력해 주세요', { idcard: idcardName(type) })
                : t('photo.details', '{idcard}에 적힌 내용을 확인해 주세요', { idcard: idcardName(type) })}
          </h3>
          {ocr === 'notRead' && <p className="photo__note">{MESSAGES.notRead()}</p>}
          <IdcardDetailFields
            type={type}
            values={reg}
            errors={errors}
            onChange={(k, v) => {
              setReg({ [k]: v });
              clearError(k);
            }}
          />
        </section>
      )}

      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={working !== ''}>
          {t('ui.next', '다음')}
        </button>
      </BottomAction>
    </form>
  );
}
