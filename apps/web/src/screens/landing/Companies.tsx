// The insurers one can claim to (spec §2 "companies"): name badges ringed in each company's colour (we ship no
// logos); the text stays dark on white so it reads whatever the colour.
import { Suspense, lazy, useState } from 'react';
import type { Insurer } from '@auto-claim/contract';
import { useInsurers } from '../../api/reference';
import { useT } from '../../i18n/t';

// The sheet of all insurers opens only on a tap: its code is not part of the landing's first load (scripts/size.mjs).
const SlideBottom = lazy(() => import('../../ui/SlideBottom').then((m) => ({ default: m.SlideBottom })));

const SHOWN = 8;

/** 'NH농협생명' → 'NH', '삼성생명' → '삼'. */
const initial = (name: string) => name.match(/^[A-Z]+/)?.[0].slice(0, 2) ?? name.slice(0, 1);

function Badge({ insurer }: { insurer: Insurer }) {
  return (
    <li className="insurer">
      <span className="insurer__dot" style={{ borderColor: insurer.brandColor }} aria-hidden="true">
        {initial(insurer.insuCompNm)}
      </span>
      <span className="insurer__name">{insurer.insuCompNm}</span>
    </li>
  );
}

export function Companies() {
  const t = useT();
  const insurers = useInsurers();
  const [all, setAll] = useState(false);
  const [opened, setOpened] = useState(false);
  const list = insurers.data?.list ?? [];
  return (
    <section className="landing-section" aria-labelledby="companies-title">
      <h2 id="companies-title" className="landing-section__title">
        {t('landing.companies.title', '이 보험사들에 청구할 수 있어요')}
      </h2>
      {insurers.isPending && (
        <div
          className="skeleton"
          style={{ height: 168 }}
          role="status"
          aria-label={t('landing.companies.loading', '보험사 목록을 불러오는 중이에요')}
        />
      )}
      {insurers.isError && (
        <div className="load-error" role="alert">
          <p>{t('landing.companies.loadError', '보험사 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => insurers.refetch()}>
            {t('landing.loadError.retry', '다시 불러오기')}
          </button>
        </div>
      )}
      {insurers.isSuccess && (
        <>
          <ul className="insurers">
            {list.slice(0, SHOWN).map((i) => (
              <Badge key={i.insuCompCd} insurer={i} />
            ))}
          </ul>
          {list.length > SHOWN && (
            <button
              type="button"
              className="btn btn--secondary btn--block"
              onClick={() => {
                setOpened(true);
                setAll(true);
              }}
            >
              {t('landing.companies.all', '보험사 {count}곳 모두 보기', { count: list.length })}
            </button>
          )}
          {opened && (
            <Suspense fallback={null}>
              <SlideBottom
                open={all}
                onClose={() => setAll(false)}
                title={t('landing.companies.sheet', '청구할 수 있는 보험사 {count}곳', { count: list.length })}
              >
                {(['LIFE', 'NONLIFE'] as const).map((kind) => (
                  <section
                    key={kind}
                    className="insurers-group"
                    aria-label={
                      kind === 'LIFE'
                        ? t('landing.companies.lifeInsurers', '생명보험사')
                        : t('landing.companies.nonlifeInsurers', '손해보험사')
                    }
                  >
                    <h3 className="insurers-group__title">
                      {kind === 'LIFE'
                        ? t('landing.companies.life', '생명보험')
                        : t('landing.companies.nonlife', '손해보험')}
                    </h3>
                    <ul className="insurers">
                      {list
                        .filter((i) => i.insuKind === kind)
                        .map((i) => (
                          <Badge key={i.insuCompCd} insurer={i} />
                        ))}
                    </ul>
                  </section>
                ))}
              </SlideBottom>
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
