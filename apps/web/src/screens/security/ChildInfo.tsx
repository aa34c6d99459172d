// /security/childInfo: the child a parent enrols (contract reg.child): name, birth date, sex, the resident number's back
// part (masked, the same field as the parent's own on /security/jumin) and the parent's relation to her. Every rule
// the browser can know is checked here, each refusal beside its field: a real date, under 19 (만 나이), the number's
// first digit fitting birth date and sex, not the parent's own number, a relation that fits the parent's verified sex.
// Whether another guardian (or she herself) holds her already only the server knows, at the submission.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  ADULT_AGE,
  adultOn,
  CHILD_PROBLEMS,
  GUARDIAN_RELS,
  MOBILE_RE,
  digitsOnly,
  guardianRel,
  isMinor,
  isRealDate,
  normalizeDate,
  rrnDigitFits,
  type GuardianRel,
} from '@auto-claim/contract';
import { refusal } from '../../i18n/refusals';
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { Field } from '../../ui';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, StepProgress, type SummaryItem } from '../../wizard/WizardStep';
import { RrnBackField } from './parts/RrnBackField';
import { GUARDIAN_REL_CHOICE, GUARDIAN_REL_SHOWN } from './parts/child';
import { formatYmd } from './parts/format';
import './wizard-1.css';
import './parts/child.css';

/** The screen's refusals, in the language she reads when she checks (the form is built on each drawing). */
const messages = () => ({
  name: tNow('child.info.name.required', '자녀 이름을 입력해 주세요.'),
  nameLong: tNow('child.info.name.max', '자녀 이름은 30자까지 입력할 수 있어요.'),
  birthday: tNow(
    'child.info.birthday.format',
    '자녀 생년월일을 연도 4자리, 월, 일 순서로 입력해 주세요. 예: 2015.03.15',
  ),
  birthdayNotReal: tNow(
    'child.info.birthday.notReal',
    '자녀 생년월일이 올바른 날짜가 아니에요. 다시 확인해 주세요. 예: 2015.03.15',
  ),
  sex: tNow('child.info.sex.required', '자녀 성별을 골라 주세요.'),
  rrn: tNow('child.info.rrn.format', '자녀 주민등록번호 뒷자리 7자리를 숫자로 입력해 주세요.'),
  rrnMismatch: tNow(
    'child.info.rrn.mismatch',
    '뒷자리 첫 숫자가 자녀의 생년월일·성별과 맞지 않아요. 다시 확인해 주세요.',
  ),
  rrnOwn: tNow('child.info.rrn.own', '보호자 본인의 주민등록번호예요. 자녀의 주민등록번호를 입력해 주세요.'),
  relSex: tNow('child.info.rel.sex', '본인인증한 성별과 고른 관계가 맞지 않아요. 다시 골라 주세요.'),
  tel: tNow('child.info.tel.format', '자녀 휴대폰 번호를 확인해 주세요. 예: 010-1234-5678'),
});

/** The form as typed (a birth date as people write it) and as kept (YYYYMMDD, digits only). */
const childForm = (parent: { birthday: string; userIdno2: string; sex: '' | 'M' | 'F' }, now: Date) => {
  const M = messages();
  return z
    .object({
      userNm: z.string().trim().min(1, M.name).max(30, M.nameLong),
      birthday: z
        .string()
        .transform(normalizeDate)
        .pipe(
          z
            .string()
            .regex(/^\d{8}$/, M.birthday)
            .refine((v) => isRealDate(v, now), M.birthdayNotReal),
        )
        .refine((v) => isMinor(v, now), CHILD_PROBLEMS.CHILD_TOO_OLD),
      sex: z.enum(['M', 'F'], { message: M.sex }),
      userIdno2: z
        .string()
        .transform(digitsOnly)
        .pipe(z.string().regex(/^\d{7}$/, M.rrn)),
      guardianRel,
      userTel: z
        .string()
        .transform(digitsOnly)
        .refine((v) => v === '' || MOBILE_RE.test(v), M.tel),
    })
    .superRefine((v, ctx) => {
      if (!rrnDigitFits(v.birthday, v.sex, v.userIdno2)) {
        ctx.addIssue({ code: 'custom', path: ['userIdno2'], message: M.rrnMismatch });
      } else if (v.birthday === parent.birthday && v.userIdno2 === parent.userIdno2) {
        ctx.addIssue({ code: 'custom', path: ['userIdno2'], message: M.rrnOwn });
      }
      const fits = parent.sex === '' || GUARDIAN_REL_SHOWN[v.guardianRel].sex?.includes(parent.sex) !== false;
      if (!fits) ctx.addIssue({ code: 'custom', path: ['guardianRel'], message: M.relSex });
    });
};
type ChildInput = z.input<ReturnType<typeof childForm>>;
type ChildValues = z.output<ReturnType<typeof childForm>>;
type Key = keyof ChildInput;

const ORDER: Key[] = ['userNm', 'birthday', 'sex', 'userIdno2', 'guardianRel', 'userTel'];
const TARGET: Record<Key, string> = {
  userNm: 'child-userNm',
  birthday: 'child-birthday',
  sex: 'child-sex-M',
  userIdno2: 'child-userIdno2',
  guardianRel: `child-rel-${GUARDIAN_RELS[0]}`,
  userTel: 'child-userTel',
};

/** YYYYMMDD → 2015.03.01, as the field shows a date kept in the store. */
const shownDate = (ymd: string) =>
  /^\d{8}$/.test(ymd) ? `${ymd.slice(0, 4)}.${ymd.slice(4, 6)}.${ymd.slice(6)}` : ymd;

export default function ChildInfo() {
  const t = useT();
  const { next, progress } = useWizard('childInfo');
  const parent = useClaimStore((s) => s.reg);
  const person = useClaimStore((s) => s.child.person);
  const [attempt, setAttempt] = useState(0);

  const form = useForm<ChildInput, unknown, ChildValues>({
    resolver: zodResolver(childForm(parent, new Date())),
    defaultValues: {
      userNm: person.userNm,
      birthday: shownDate(person.birthday),
      sex: person.sex || undefined,
      userIdno2: person.userIdno2,
      guardianRel: person.guardianRel || undefined,
      userTel: person.userTel,
    },
    shouldFocusError: false,
  });
  // The contract's own refusal (the relation's) in her language; the screen's are hers already.
  const errors = Object.fromEntries(
    Object.entries(form.formState.errors).map(([k, e]) => [k, { message: refusal(e?.message) }]),
  ) as Partial<Record<Key, { message?: string }>>;
  const birthday = normalizeDate(form.watch('birthday') ?? '');
  const front = /^\d{8}$/.test(birthday) ? birthday.slice(2) : '';

  // Back and forward keep what was typed (memory only, never browser storage).
  useEffect(() => {
    const sub = form.watch((v) => {
      const p = useClaimStore.getState().child.person;
      useClaimStore.getState().setChild({
        person: {
          userNm: v.userNm ?? p.userNm,
          birthday: normalizeDate(v.birthday ?? ''),
          sex: (v.sex as 'M' | 'F' | undefined) ?? '',
          userIdno2: digitsOnly(v.userIdno2 ?? ''),
          guardianRel: (v.guardianRel as GuardianRel | undefined) ?? '',
          userTel: digitsOnly(v.userTel ?? ''),
        },
      });
    });
    return () => sub.unsubscribe();
  }, [form]);

  const onValid = (v: ChildValues) => {
    useClaimStore.getState().setChild({ person: { ...v, userNm: v.userNm.trim() } });
    next();
  };

  const summary: SummaryItem[] = ORDER.filter((k) => errors[k]?.message).map((k) => ({
    target: TARGET[k],
    message: errors[k]!.message!,
  }));

  return (
    <form className="screen" noValidate onSubmit={form.handleSubmit(onValid, () => setAttempt((n) => n + 1))}>
      <StepProgress {...progress} />
      <ErrorSummary items={summary} attempt={attempt} />
      <h2 className="screen__lead">{t('child.info.lead', '자녀의 정보를 알려 주세요')}</h2>
      <p className="screen__sub">
        {t(
          'child.info.sub',
          '만 {age}세가 되지 않은 자녀만 신청할 수 있어요. 가족관계증명서에 적힌 그대로 입력해 주세요.',
          { age: ADULT_AGE },
        )}
      </p>

      <Field id="child-userNm" label={t('child.info.name', '자녀 이름')} error={errors.userNm?.message}>
        {(p) => (
          <input
            {...p}
            {...form.register('userNm')}
            className="input"
            autoComplete="off"
            placeholder={t('child.info.name.placeholder', '예: 김지민')}
            maxLength={30}
          />
        )}
      </Field>

      <Field
        id="child-birthday"
        label={t('child.info.birthday', '자녀 생년월일')}
        hint={t('child.info.birthday.hint', '연도 4자리, 월, 일 순서로 입력해 주세요. 예: 2015.03.15')}
        error={errors.birthday?.message}
      >
        {(p) => (
          <input
            {...p}
            {...form.register('birthday')}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="2015.03.15"
            maxLength={12}
          />
        )}
      </Field>

      <fieldset
        className={`wz-fieldset${errors.sex ? ' wz-invalid' : ''}`}
        aria-describedby={errors.sex ? 'child-sex-error' : undefined}
      >
        <legend className="field__label">{t('child.info.sex', '자녀 성별')}</legend>
        <ul className="wz-options wz-options--grid">
          {(
            [
              ['M', t('child.sex.M', '남자')],
              ['F', t('child.sex.F', '여자')],
            ] as const
          ).map(([value, label]) => (
            <li key={value}>
              <label className="wz-option wz-option--compact">
                <input id={`child-sex-${value}`} type="radio" value={value} {...form.register('sex')} />
                <span className="wz-option__title">{label}</span>
              </label>
            </li>
          ))}
        </ul>
        <p id="child-sex-error" className="field__error" aria-live="polite">
          {errors.sex?.message ?? ''}
        </p>
      </fieldset>

      <RrnBackField
        id="child-userIdno2"
        label={t('child.info.rrn', '자녀 주민등록번호 뒷자리 7자리')}
        hint={
          front
            ? t(
                'child.info.rrn.hint',
                '자녀 생년월일 {front} 뒤에 오는 7자리예요. 보험사에 청구할 때 필요하고, 암호화해서 보관해요.',
                { front },
              )
            : t(
                'child.info.rrn.hint.noBirthday',
                '생년월일을 먼저 입력해 주세요. 보험사에 청구할 때 필요하고, 암호화해서 보관해요.',
              )
        }
        error={errors.userIdno2?.message}
        front={front}
        field={form.register('userIdno2')}
      />

      <fieldset
        className={`wz-fieldset${errors.guardianRel ? ' wz-invalid' : ''}`}
        aria-describedby={`child-rel-hint${errors.guardianRel ? ' child-rel-error' : ''}`}
      >
        <legend className="field__label">{t('child.info.rel', '자녀와 어떤 관계인가요?')}</legend>
        <p id="child-rel-hint" className="field__hint">
          {t('child.info.rel.hint', '위임장과 청구서에 법정대리인으로 적혀요.')}
        </p>
        <ul className="wz-options">
          {GUARDIAN_RELS.map((r) => (
            <li key={r}>
              <label className="wz-option">
                <input id={`child-rel-${r}`} type="radio" value={r} {...form.register('guardianRel')} />
                <span className="wz-option__text">
                  <span className="wz-option__title">{GUARDIAN_REL_CHOICE[r]()}</span>
                  {GUARDIAN_REL_SHOWN[r].detail && (
                    <span className="wz-option__detail">{GUARDIAN_REL_SHOWN[r].detail()}</span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
        <p id="child-rel-error" className="field__error" aria-live="polite">
          {errors.guardianRel?.message ?? ''}
        </p>
      </fieldset>

      <Field
        id="child-userTel"
        label={t('child.info.tel', '자녀 휴대폰 번호')}
        optional
        hint={t(
          'child.info.tel.hint',
          '자녀 이름으로 된 휴대폰이 있으면 적어 주세요. 만 {age}세가 될 때 자녀에게도 알려 드려요. 다른 알림은 모두 보호자님 휴대폰으로 가요.',
          { age: ADULT_AGE },
        )}
        error={errors.userTel?.message}
      >
        {(p) => (
          <input
            {...p}
            {...form.register('userTel')}
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="010-1234-5678"
            maxLength={13}
          />
        )}
      </Field>

      {/^\d{8}$/.test(person.birthday) && isRealDate(person.birthday) && isMinor(person.birthday, new Date()) && (
        <p className="child-note">
          {t('child.info.adultOn', '{date}에 만 {age}세가 돼요. 그날부터 받은 진료는 자녀가 직접 가입해 청구해요.', {
            date: formatYmd(adultOn(person.birthday)),
            age: ADULT_AGE,
          })}
        </p>
      )}

      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          {t('ui.next', '다음')}
        </button>
      </BottomAction>
    </form>
  );
}
