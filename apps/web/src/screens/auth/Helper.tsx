// A helper beside her (README "A helper beside her"): a daughter, a carer or the hospital's desk may walk the screens
// with her. The choice is a link on the consent screen (no screen of its own: alone, her walk is not one tap longer);
// the SMS code and the signature then speak to her, since she alone verifies and signs.
import { useState } from 'react';
import { HELPER_RELS, type HelperRel } from '@auto-claim/contract';
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';

/** A relation as she reads it, in her language. */
export const helperRelNm = (rel: HelperRel): string =>
  ({
    child: tNow('helper.rel.child', '자녀'),
    spouse: tNow('helper.rel.spouse', '배우자'),
    grandchild: tNow('helper.rel.grandchild', '손자녀'),
    sibling: tNow('helper.rel.sibling', '형제자매'),
    family: tNow('helper.rel.family', '기타 가족'),
    caregiver: tNow('helper.rel.caregiver', '간병인'),
    hospital_staff: tNow('helper.rel.hospitalStaff', '병원 직원'),
  })[rel];

/** Whether someone walks with her: a relation chosen, or a hospital desk's QR code. */
export const useHelped = () => useClaimStore((s) => s.reg.helperRel !== '' || s.desk.grant !== '');

/**
 * The consent screen's "도와주는 분이 있어요": a link in the screen's top row (no height of its own: alone, nothing on
 * the screen moves), which opens who helps below the lead. With a hospital desk's QR code, a note instead.
 */
export function useHelperChoice() {
  const t = useT();
  const helperRel = useClaimStore((s) => s.reg.helperRel);
  const desk = useClaimStore((s) => s.desk);
  const setReg = useClaimStore((s) => s.setReg);
  const [open, setOpen] = useState(helperRel !== '');

  if (desk.grant) {
    return {
      toggle: null,
      choice: (
        <p className="helper-note" role="note">
          {t(
            'helper.desk',
            '{hospital} 접수대에서 이어 왔어요. 접수대 직원이 가입을 도운 것으로 기록돼요. 인증과 서명은 본인이 직접 해 주세요.',
            { hospital: desk.hospitalNm || t('helper.desk.hospital', '병원') },
          )}
        </p>
      ),
    };
  }
  const toggle = (
    <button
      type="button"
      className="helper__toggle"
      aria-expanded={open}
      aria-controls="helper-choice"
      onClick={() => {
        if (open) setReg({ helperRel: '' });
        setOpen(!open);
      }}
    >
      {open ? t('helper.alone', '혼자 할게요') : t('helper.open', '도와주는 분이 있어요')}
    </button>
  );
  const choice = open ? (
    <fieldset id="helper-choice" className="helper__choice">
      <legend>{t('helper.legend', '도와주시는 분은 본인의 누구인가요?')}</legend>
      <p className="helper__hint">
        {t(
          'helper.hint',
          '화면은 함께 보셔도 돼요. 휴대폰 인증과 서명은 본인이 직접 해야 해요. 도와주신 분은 관계만 기록하고 위임장에 적어요.',
        )}
      </p>
      <div className="helper__options">
        {HELPER_RELS.map((rel) => (
          <label key={rel} className="helper__option">
            <input
              type="radio"
              name="helperRel"
              value={rel}
              checked={helperRel === rel}
              onChange={() => setReg({ helperRel: rel })}
            />
            <span>{helperRelNm(rel)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  ) : null;
  return { toggle, choice };
}

/** What the SMS and signature screens say to her when someone helps: these steps are hers alone. */
export function HelperNote({ step }: { step: 'identity' | 'code' | 'sign' }) {
  const t = useT();
  if (!useHelped()) return null;
  return (
    <p className="helper-note" role="note">
      {step === 'identity'
        ? t('helper.note.identity', '본인 명의 휴대폰 번호를 넣어 주세요. 인증번호는 본인 휴대폰으로 가요.')
        : step === 'code'
          ? t('helper.note.code', '본인 휴대폰으로 받은 인증번호를 본인이 입력해 주세요.')
          : t('helper.note.sign', '서명은 본인이 직접 해 주세요. 도와주시는 분이 대신 서명할 수 없어요.')}
    </p>
  );
}
