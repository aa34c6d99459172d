// /security/adress: the patient's postal address (userPostNo, userAddr, userAddrDetail). A road-address search fills
// it; the fields always stay editable, so typing it by hand is always possible (also when the search fails). A typed
// address gets its postcode looked up when she leaves the field (docs/providers/juso-address.md "A typed address");
// the postcode is never required: what is not found here is looked up again at submission, or left for the operator.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ADDRESS_KEYWORD_MIN, userAddr, userAddrDetail, userPostNoOrEmpty, type Address } from '@auto-claim/contract';
import { postcodeOf, searchAddresses } from '../../api/addresses';
import { ApiError } from '../../api/client';
import { particle } from '../../i18n/josa';
import { refusal } from '../../i18n/refusals';
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { Field } from '../../ui/Field';
import { focusOnOpen } from '../../ui/focusOnOpen';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, StepProgress } from '../../wizard/WizardStep';
import './parts/enrol.css';

const addressForm = z.object({
  // Optional: a patient who types the address need not know its postcode; the server looks it up.
  userPostNo: z.string().trim().pipe(userPostNoOrEmpty),
  userAddr,
  userAddrDetail: userAddrDetail.default(''),
});
type AddressInput = z.input<typeof addressForm>;
type AddressValues = z.output<typeof addressForm>;

const searchTooShort = () =>
  tNow('address.tooShort', '검색어를 {min}자 이상 입력해 주세요. 예: 세종대로 110', { min: ADDRESS_KEYWORD_MIN });
const ADDR_MIN = 5;

/** How the look-up of a typed address's postcode went, as the screen says it. */
type Lookup = { addr: string } & (
  { state: 'pending' | 'unknown' | 'unavailable' } | { state: 'found'; userPostNo: string }
);
const LOOKUP_TEXT = {
  pending: () => tNow('address.postNo.pending', '우편번호를 찾고 있어요…'),
  found: (l: Lookup) => {
    const postNo = l.state === 'found' ? l.userPostNo : '';
    return tNow('address.postNo.found', '우편번호 {postNo}{postNoJosa} 찾아 넣었어요.', {
      postNo,
      postNoJosa: particle(postNo, '을/를'),
    });
  },
  unknown: () => tNow('address.postNo.unknown', '이 주소의 우편번호는 찾지 못했어요. 비워 두어도 신청할 수 있어요.'),
  unavailable: () =>
    tNow('address.postNo.unavailable', '지금은 우편번호를 찾을 수 없어요. 비워 두어도 신청할 수 있어요.'),
};

export default function Adress() {
  const t = useT();
  const { next, progress } = useWizard('adress');
  const reg = useClaimStore((s) => s.reg);
  const setReg = useClaimStore((s) => s.setReg);
  const [attempt, setAttempt] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [keywordError, setKeywordError] = useState<string>();
  const [picked, setPicked] = useState<string>();
  const [lookup, setLookup] = useState<Lookup>();
  // The postcode came from a search result or a look-up (not typed by her): a new address makes it stale.
  const postNoAuto = useRef(Boolean(reg.userPostNo));
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const form = useForm<AddressInput, unknown, AddressValues>({
    resolver: zodResolver(addressForm),
    // The error summary takes focus (GOV.UK), not the first field.
    shouldFocusError: false,
    defaultValues: { userPostNo: reg.userPostNo, userAddr: reg.userAddr, userAddrDetail: reg.userAddrDetail },
  });
  const { errors } = form.formState;
  const search = useMutation({ mutationFn: (k: string) => searchAddresses(k) });

  const onSearch = (e: React.FormEvent) => {
    e.preventDefault();
    const k = keyword.trim();
    if (k.length < ADDRESS_KEYWORD_MIN) {
      setKeywordError(searchTooShort());
      return;
    }
    setKeywordError(undefined);
    setPicked(undefined);
    search.mutate(k);
  };

  const pick = (a: Address) => {
    const addr = a.buildingNm ? `${a.roadAddr} (${a.buildingNm})` : a.roadAddr;
    form.setValue('userPostNo', a.postNo, { shouldValidate: form.formState.isSubmitted });
    form.setValue('userAddr', addr, { shouldValidate: form.formState.isSubmitted });
    postNoAuto.current = true;
    setLookup(undefined);
    setPicked(addr);
    search.reset();
    form.setFocus('userAddrDetail');
  };

  /** Looks up the postcode of the address she typed, when the postcode field is empty; never holds her up. */
  const lookUpPostcode = async () => {
    const addr = form.getValues('userAddr').trim();
    if (addr.length < ADDR_MIN || form.getValues('userPostNo').trim()) return;
    if (lookup?.addr === addr && lookup.state !== 'unavailable') return;
    setLookup({ addr, state: 'pending' });
    let found: Lookup;
    try {
      const { userPostNo } = await postcodeOf(addr);
      found = userPostNo ? { addr, state: 'found', userPostNo } : { addr, state: 'unknown' };
    } catch {
      found = { addr, state: 'unavailable' };
    }
    if (!mounted.current) {
      // She went on before the answer came: the summary still gets it if the address is the one looked up.
      const r = useClaimStore.getState().reg;
      if (found.state === 'found' && r.userAddr === addr && !r.userPostNo) setReg({ userPostNo: found.userPostNo });
      return;
    }
    if (form.getValues('userAddr').trim() !== addr) return; // changed since; its own look-up follows
    setLookup(found);
    if (found.state === 'found' && !form.getValues('userPostNo').trim()) {
      form.setValue('userPostNo', found.userPostNo, { shouldValidate: form.formState.isSubmitted });
      postNoAuto.current = true;
    }
  };

  const onValid = (v: AddressValues) => {
    setReg({
      userPostNo: v.userPostNo ?? '',
      userAddr: v.userAddr.trim(),
      userAddrDetail: (v.userAddrDetail ?? '').trim(),
    });
    next();
  };

  const summary = (['userAddr', 'userAddrDetail', 'userPostNo'] as const)
    .filter((k) => errors[k]?.message)
    .map((k) => ({ target: `f-${k}`, message: refusal(errors[k]!.message)! }));
  const results = search.data?.list ?? [];

  return (
    <div className="screen">
      <StepProgress {...progress} />
      <h2 className="screen__lead">{t('address.lead', '우편물을 받을 주소를 알려 주세요')}</h2>
      <ErrorSummary items={summary} attempt={attempt} />
      <p className="screen__sub">{t('address.sub', '보험사가 청구 결과나 서류를 보낼 때 써요.')}</p>

      <form role="search" noValidate onSubmit={onSearch}>
        <div className="search-row">
          <Field
            id="address-keyword"
            label={t('address.search', '주소 검색')}
            hint={t('address.search.hint', '도로명과 건물 번호, 건물 이름 또는 동 이름으로 찾아요. 예: 세종대로 110')}
            error={keywordError}
          >
            {(p) => (
              <input
                {...p}
                className="input"
                type="search"
                enterKeyHint="search"
                autoComplete="off"
                // The screen's first question, until an address is in: the keyboard is up when she arrives.
                ref={reg.userAddr ? undefined : focusOnOpen}
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
              />
            )}
          </Field>
        </div>
        <button type="submit" className="btn btn--secondary btn--block" disabled={search.isPending}>
          {search.isPending ? t('address.searching', '찾는 중…') : t('address.find', '주소 찾기')}
        </button>
      </form>

      <div aria-live="polite" className="status-line">
        {search.isSuccess &&
          (results.length
            ? t('address.results', '검색 결과 {count, plural, other {#건}}이에요. 주소를 골라 주세요.', {
                count: results.length,
              })
            : '')}
        {picked && t('address.picked', '주소를 넣었어요. 상세 주소를 입력해 주세요.')}
      </div>
      {search.isSuccess && results.length === 0 && (
        <p className="explain" role="status">
          {t('address.none', '찾는 주소가 없어요. 도로명과 건물 번호로 다시 찾거나, 아래에 직접 입력해 주세요.')}
        </p>
      )}
      {search.isError && (
        <p className="load-error" role="alert">
          {search.error instanceof ApiError && search.error.status === 400
            ? refusal(search.error.detail)
            : t('address.failed', '주소를 찾지 못했어요. 아래에 직접 입력해 주세요.')}
        </p>
      )}
      {results.length > 0 && (
        <ul className="results" aria-label={t('address.results.label', '주소 검색 결과')}>
          {results.map((a) => (
            <li key={`${a.postNo}-${a.roadAddr}`}>
              <button type="button" className="result" onClick={() => pick(a)}>
                <span className="result__post">{a.postNo}</span>
                <span>
                  {a.roadAddr}
                  {a.buildingNm ? ` (${a.buildingNm})` : ''}
                </span>
                {a.jibunAddr && (
                  <span className="result__jibun">{t('address.jibun', '지번 {addr}', { addr: a.jibunAddr })}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}

      <form
        noValidate
        className="stack"
        onSubmit={form.handleSubmit(onValid, () => setAttempt((n) => n + 1))}
        aria-label={t('address.form', '주소 입력')}
      >
        <p className="field__hint">{t('address.form.hint', '찾은 주소가 들어가요. 직접 입력하거나 고쳐도 돼요.')}</p>
        <Field
          id="f-userAddr"
          label={t('route.adress', '주소')}
          hint={t('address.addr.hint', '검색하지 않고 도로명주소를 직접 적어도 돼요. 예: 서울특별시 중구 세종대로 110')}
          error={errors.userAddr?.message}
        >
          {(p) => (
            <input
              {...p}
              {...form.register('userAddr', {
                onChange: () => {
                  // A postcode found for another address no longer fits; one she typed herself stays.
                  if (postNoAuto.current && form.getValues('userPostNo')) {
                    form.setValue('userPostNo', '');
                    setLookup(undefined);
                  }
                  setPicked(undefined);
                },
                onBlur: () => void lookUpPostcode(),
              })}
              className="input"
              autoComplete="address-line1"
            />
          )}
        </Field>
        <Field
          id="f-userAddrDetail"
          label={t('address.detail', '상세 주소')}
          optional
          hint={t('address.detail.hint', '동, 호수 등. 없으면 비워 두세요.')}
          error={errors.userAddrDetail?.message}
        >
          {/* Her keyboard's "다음" key goes on, as the button below does: the form's own submit (the postcode fills itself). */}
          {(p) => (
            <input
              {...p}
              {...form.register('userAddrDetail')}
              className="input"
              autoComplete="address-line2"
              enterKeyHint="next"
            />
          )}
        </Field>
        <Field
          id="f-userPostNo"
          label={t('address.postNo', '우편번호')}
          optional
          hint={t('address.postNo.hint', '주소를 적으면 찾아서 넣어 드려요. 몰라도 비워 두고 신청할 수 있어요.')}
          error={errors.userPostNo?.message}
        >
          {(p) => (
            <input
              {...p}
              {...form.register('userPostNo', {
                onChange: () => {
                  postNoAuto.current = false;
                },
              })}
              className="input postno"
              inputMode="numeric"
              maxLength={5}
              autoComplete="postal-code"
            />
          )}
        </Field>
        <p role="status" className="status-line">
          {lookup && LOOKUP_TEXT[lookup.state](lookup)}
        </p>
        <BottomAction>
          <button type="submit" className="btn btn--primary btn--block">
            {t('ui.next', '다음')}
          </button>
        </BottomAction>
      </form>
    </div>
  );
}
