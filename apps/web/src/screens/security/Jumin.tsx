// /security/jumin: the back part of the resident registration number (spec §2, reg.userIdno2). Its first digit was
// typed for the SMS verification minutes before: shown, not asked again; only the six that remain hidden are typed,
// masked. Without it in this tab (a reload), all seven, whose first must agree with the birthday's century and the sex
// verified by SMS (DESIGN §3: no checksum).
// Then the subscription confirm goes with the whole number (spec §7): the server checks it belongs to this person,
// and a subscription that exists after all (finished in another tab) fills reg and leads to the summary.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ADULT_AGE, digitsOnly, isForeignRegDigit, maskRrn, rrnDigitFits, userIdno2 } from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { confirmSubscription } from '../../api/subscriptions';
import { particle } from '../../i18n/josa';
import { refusal } from '../../i18n/refusals';
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { withLoading } from '../../ui';
import { stepPath, useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, StepProgress } from '../../wizard/WizardStep';
import { RrnBackField } from './parts/RrnBackField';
import { useScreenTitle } from '../../screenTitle';
import './wizard-1.css';

const whose = () =>
  [
    { insured: 'self', title: tNow('jumin.whose.self', '본인') },
    { insured: 'child', title: tNow('jumin.whose.child', '자녀 (만 {age}세 미만)', { age: ADULT_AGE }) },
  ] as const;

const mismatch = () =>
  tNow('jumin.mismatch', '뒷자리 첫 숫자가 본인인증 때 입력한 생년월일·성별과 맞지 않아요. 다시 확인해 주세요.');
const sixRequired = () => tNow('jumin.sixRequired', '주민등록번호 나머지 6자리를 숫자로 입력해 주세요.');

/**
 * The 7 digits, and whether their first digit stands for the verified birthday and sex. `known`: the first digit, typed
 * for the SMS verification; then the field holds the six after it.
 */
const juminForm = (birthday: string, sex: '' | 'M' | 'F', known: string) =>
  z.object({
    userIdno2: z
      .string()
      .transform(digitsOnly)
      .pipe(known ? z.string().regex(/^\d{6}$/, { error: sixRequired }) : z.string())
      .transform((v) => known + v)
      .pipe(userIdno2)
      .refine((v) => !/^\d{8}$/.test(birthday) || !sex || rrnDigitFits(birthday, sex, v), { error: mismatch }),
  });
type JuminInput = z.input<ReturnType<typeof juminForm>>;
type JuminValues = z.output<ReturnType<typeof juminForm>>;

export default function Jumin() {
  const t = useT();
  const { next, progress } = useWizard('jumin');
  const navigate = useNavigate();
  const reg = useClaimStore((s) => s.reg);
  // The sex digit typed on /identity (memory only): when it fits the verified person, it is not asked again.
  const typed = useClaimStore((s) => s.auth.korRegId.charAt(6));
  const known = /^\d$/.test(typed) && (!reg.sex || rrnDigitFits(reg.birthday, reg.sex, `${typed}000000`)) ? typed : '';
  // After a reload the digit is gone, but the server's session says whether she verified as a foreign resident.
  const verifiedForeign = useClaimStore((s) => s.auth.foreignResident);
  const setReg = useClaimStore((s) => s.setReg);
  const setUi = useClaimStore((s) => s.setUi);
  const forChild = useClaimStore((s) => s.ui.insured === 'child');
  const [attempt, setAttempt] = useState(0);
  const chooseWhose = (insured: 'self' | 'child') => {
    // A fresh start: nothing is carried from a child enrolled before in this tab (wizard/nextChild.ts).
    useClaimStore.getState().setChild({ carry: null });
    setUi({ insured });
  };

  const form = useForm<JuminInput, unknown, JuminValues>({
    resolver: zodResolver(juminForm(reg.birthday, reg.sex, known)),
    defaultValues: { userIdno2: known && reg.userIdno2.startsWith(known) ? reg.userIdno2.slice(1) : reg.userIdno2 },
    // The error summary takes focus (GOV.UK); it links to the field.
    shouldFocusError: false,
  });
  const error = refusal(form.formState.errors.userIdno2?.message);

  // Back and forward keep what was typed in this session (memory only, never browser storage).
  useEffect(() => {
    const sub = form.watch((v) => setReg({ userIdno2: known + digitsOnly(v.userIdno2 ?? '') }));
    return () => sub.unsubscribe();
  }, [form, setReg, known]);

  const onValid = async ({ userIdno2: digits }: JuminValues) => {
    setReg({ userIdno2: digits });
    setUi({ socialNum: maskRrn(reg.birthday, digits) });
    const answer = await withLoading(
      confirmSubscription({ ...reg, userIdno2: digits }),
      foreign
        ? t('jumin.checking.foreign', '외국인등록번호를 확인하고 있어요…')
        : t('jumin.checking', '주민등록번호를 확인하고 있어요…'),
    );
    if (answer instanceof ApiError) {
      form.setError('userIdno2', { message: answer.detail });
      setAttempt((n) => n + 1);
      return;
    }
    // A parent enrolling her child goes on whether or not she is subscribed herself.
    if (answer.subscriptionStatus === 'subscribe' && !forChild) {
      setReg(answer.reg);
      navigate(stepPath('applyHistory'), { replace: true });
      return;
    }
    // 본인 is the choice already made when she did not change it: from here the enrolment is hers (wizard/draft.ts).
    if (!forChild) setUi({ insured: 'self' });
    next();
  };

  const front = reg.birthday.slice(2);
  // A foreign resident verified with her 외국인등록번호's digit (5–8): the number is called by its own name.
  const foreign = known ? isForeignRegDigit(known) : verifiedForeign;
  // The header too: the number's own name, not the route's 주민등록번호.
  useScreenTitle(foreign ? t('jumin.title.foreign', '외국인등록번호 입력') : '');
  const label = known
    ? forChild
      ? t('jumin.label.six.guardian', '보호자 본인의 주민등록번호 나머지 6자리를 입력해 주세요')
      : foreign
        ? t('jumin.label.six.foreign', '외국인등록번호 나머지 6자리를 입력해 주세요')
        : t('jumin.label.six', '주민등록번호 나머지 6자리를 입력해 주세요')
    : forChild
      ? t('jumin.label.seven.guardian', '보호자 본인의 주민등록번호 뒷자리 7자리를 입력해 주세요')
      : foreign
        ? t('jumin.label.seven.foreign', '외국인등록번호 뒷자리 7자리를 입력해 주세요')
        : t('jumin.label.seven', '주민등록번호 뒷자리 7자리를 입력해 주세요');
  const hint = [
    known
      ? t(
          'jumin.hint.six',
          '{front}-{known} 뒤에 오는 6자리예요. 첫 숫자 {known}{knownJosa} 본인인증 때 입력하셨어요.',
          {
            front,
            known,
            knownJosa: particle(known, '은/는'),
          },
        )
      : t('jumin.hint.seven', '생년월일 {front} 뒤에 오는 7자리예요.', { front }),
    t('jumin.hint.why', '보험사에 보험금을 청구할 때 꼭 필요하고, 암호화해서 보관해요.'),
    forChild ? t('jumin.hint.child', '자녀의 번호는 다음 화면에서 입력해요.') : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <form className="screen" noValidate onSubmit={form.handleSubmit(onValid, () => setAttempt((n) => n + 1))}>
      <StepProgress {...progress} />
      <ErrorSummary items={error ? [{ target: 'userIdno2', message: error }] : []} attempt={attempt} />
      <RrnBackField
        id="userIdno2"
        heading
        label={label}
        hint={hint}
        error={error}
        front={front}
        known={known}
        autoFocus={!reg.userIdno2}
        field={form.register('userIdno2')}
      />
      {/* "누구의 진료인가요?" right after identity verification, without a screen of its own: 본인 is already chosen,
          so the self walk costs nothing; 자녀 leads on to the child's details (README "A parent enrols her children"). */}
      <fieldset className="wz-fieldset">
        <legend className="field__label">{t('jumin.whose', '누구의 진료비를 청구할까요?')}</legend>
        <ul className="wz-options wz-options--grid">
          {whose().map((w) => (
            <li key={w.insured}>
              <label className="wz-option wz-option--compact">
                <input
                  type="radio"
                  name="insured"
                  value={w.insured}
                  checked={(forChild ? 'child' : 'self') === w.insured}
                  onChange={() => chooseWhose(w.insured)}
                />
                <span className="wz-option__title">{w.title}</span>
              </label>
            </li>
          ))}
        </ul>
        {forChild && (
          <p className="field__hint">
            {t(
              'jumin.whose.childHint',
              '부모(법정대리인)로서 자녀의 진료비를 자녀의 보험으로 청구해요. 가족관계증명서나 주민등록등본이 필요해요.',
            )}
          </p>
        )}
      </fieldset>
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={form.formState.isSubmitting}>
          {t('ui.next', '다음')}
        </button>
      </BottomAction>
    </form>
  );
}
