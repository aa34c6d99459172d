// The desk mode of a hospital user (README "A helper beside her"): at the reception desk she makes a QR code that the
// patient scans to go on on her own phone, her hospital already chosen and this staff account recorded as the one who
// helped. The patient verifies by SMS and signs herself, on her phone. The code works once, for 10 minutes; the list
// says how far each of this account's codes went, never whose it became.
import { useState } from 'react';
import { DESK_HANDOFF_STATE_NM, type DeskHandoffCreated } from '@auto-claim/contract/ops';
import { createDeskHandoff, deskHandoffsQuery, useDeskHandoffs } from '../api/hospitalPortal';
import { useAction } from '../shared/action';
import { useFocusHeading } from '../shared/focus';
import { formatDateTime } from '../shared/format';

export function DeskScreen() {
  const heading = useFocusHeading();
  const recent = useDeskHandoffs();
  const [code, setCode] = useState<DeskHandoffCreated>();
  const { busy, act, feedback } = useAction(deskHandoffsQuery.queryKey);
  const list = recent.data?.list ?? [];
  const current = code && list.find((h) => h.handoffId === code.handoffId);

  return (
    <div className="ops-page">
      <h1 ref={heading} tabIndex={-1}>
        접수대 모드
      </h1>
      <p className="ops-muted">
        환자분이 자기 휴대폰으로 QR 코드를 찍으면 우리 병원이 골라진 채로 자동청구 가입을 이어 가요. 이 계정이 가입을
        도운 직원으로 기록되고 위임장에 적혀요. 휴대폰 본인인증과 서명은 환자분이 직접 해요. QR 코드는 10분 동안 한 번만
        열려요.
      </p>
      <button
        type="button"
        className="ops-primary"
        disabled={busy}
        onClick={() => void act(async () => setCode(await createDeskHandoff()))}
      >
        {code ? '다음 환자 QR 코드 만들기' : 'QR 코드 만들기'}
      </button>
      {feedback}
      {code && (
        <section className="ops-panel" aria-labelledby="desk-code">
          <h2 id="desk-code">환자분 휴대폰 카메라로 찍어 주세요</h2>
          <img src={code.qrSvg} alt="환자분 휴대폰으로 이어 가는 QR 코드" width={240} height={240} />
          <p>
            {formatDateTime(code.expiresAt)}까지, 한 번만 열려요.
            {current && <> 지금: {DESK_HANDOFF_STATE_NM[current.state]}</>}
          </p>
          <p className="ops-muted">
            이 태블릿에서 함께 진행하려면{' '}
            <a href={code.url} target="_blank" rel="noreferrer" data-testid="desk-url">
              여기에서 열기
            </a>{' '}
            (환자분 휴대폰으로 찍으면 이 링크는 더 열리지 않아요)
          </p>
        </section>
      )}
      <section className="ops-panel" aria-labelledby="desk-recent">
        <h2 id="desk-recent">이 계정이 최근 만든 QR 코드</h2>
        {list.length === 0 ? (
          <p className="ops-muted">아직 만든 QR 코드가 없어요.</p>
        ) : (
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">만든 시각</th>
                <th scope="col">상태</th>
              </tr>
            </thead>
            <tbody>
              {list.map((h) => (
                <tr key={h.handoffId}>
                  <td>{formatDateTime(h.createdAt)}</td>
                  <td>{DESK_HANDOFF_STATE_NM[h.state]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="ops-muted">환자분의 이름이나 연락처는 여기에 보이지 않아요.</p>
      </section>
    </div>
  );
}
