// Her hospital's bundle signing keys (fhir/ig/README.md, "Signing"): she pastes the public key the kit's `keygen`
// printed; from then on the server takes her hospital's bundles only signed by a live key. Revoking the last key lifts
// that. Registered here, behind her password and second factor, never through the API key.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OpsError } from '../api/client';
import { addSigningKey, revokeSigningKey, signingKeysQuery, useSigningKeys } from '../api/hospitalPortal';
import { useConfirm } from '../shared/ConfirmDialog';
import { formatDateTime } from '../shared/format';

/** A kid is 43 characters: its start and end tell keys apart on screen. */
const shortKid = (kid: string) => `${kid.slice(0, 8)}…${kid.slice(-4)}`;

export function SigningKeys() {
  const confirm = useConfirm();
  const client = useQueryClient();
  const keys = useSigningKeys();
  const [publicKey, setPublicKey] = useState('');
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function act(run: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    setMessage(undefined);
    try {
      await run();
      await client.invalidateQueries({ queryKey: signingKeysQuery.queryKey });
    } catch (e) {
      setError(e instanceof OpsError ? e.message : '요청을 처리하지 못했어요. 잠시 후 다시 해 주세요.');
    } finally {
      setBusy(false);
    }
  }

  const list = keys.data?.list ?? [];
  return (
    <section aria-labelledby="signing-keys" className="ops-panel">
      <h2 id="signing-keys">번들 서명 키</h2>
      {confirm.element}
      <p className="ops-muted">
        EMR이 보내는 번들에 병원의 서명을 붙이면, API 키를 가진 사람도 병원 대신 번들을 보낼 수 없어요. EMR 서버에서{' '}
        <code>auto-claim-kit keygen --out signing-key.pem</code>을 실행하고, 보여 준 공개 키 한 줄을 아래에 붙여 넣어
        주세요. 등록하면 그 뒤로는 서명한 번들만 받아요.
      </p>
      <form
        className="ops-form"
        aria-label="서명 키 등록"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const { kid } = await addSigningKey(publicKey.trim());
            setPublicKey('');
            setMessage(`서명 키(${shortKid(kid)})를 등록했어요. 이제 이 키로 서명한 번들만 받아요.`);
          });
        }}
      >
        <label>
          공개 키 (JWK)
          <textarea
            name="publicKey"
            rows={3}
            required
            maxLength={1000}
            spellCheck={false}
            autoComplete="off"
            value={publicKey}
            onChange={(e) => setPublicKey(e.target.value)}
            placeholder='{"kty":"OKP","crv":"Ed25519","x":"…"}'
          />
        </label>
        <button type="submit" className="ops-primary" disabled={busy}>
          서명 키 등록
        </button>
      </form>
      {message && <p role="status">{message}</p>}
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      <div className="ops-table-wrap">
        <table className="ops-table">
          <caption>등록된 서명 키 ({keys.data ? `${list.length}/${keys.data.max}` : '불러오는 중'})</caption>
          <thead>
            <tr>
              <th scope="col">키 이름 (kid)</th>
              <th scope="col">등록</th>
              <th scope="col">폐기</th>
            </tr>
          </thead>
          <tbody>
            {list.length === 0 ? (
              <tr>
                <td colSpan={3}>등록된 서명 키가 없어요. 지금은 서명 없는 번들도 받아요.</td>
              </tr>
            ) : (
              list.map((k) => (
                <tr key={k.kid}>
                  <td>
                    <code title={k.kid}>{shortKid(k.kid)}</code>
                  </td>
                  <td>
                    {formatDateTime(k.createdAt)} · {k.createdBy}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="ops-danger"
                      disabled={busy}
                      aria-label={`서명 키 ${shortKid(k.kid)} 폐기`}
                      onClick={() =>
                        void act(async () => {
                          const last = list.length === 1;
                          if (
                            !(await confirm.ask(
                              `서명 키(${shortKid(k.kid)})를 폐기할까요?`,
                              last
                                ? '마지막 키예요. 폐기하면 서명 없는 번들도 다시 받아요.'
                                : '이 키로 서명한 번들은 바로 거절돼요.',
                              '폐기하기',
                            ))
                          )
                            return;
                          await revokeSigningKey(k.kid);
                          setMessage(`서명 키(${shortKid(k.kid)})를 폐기했어요.`);
                        })
                      }
                    >
                      폐기
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
