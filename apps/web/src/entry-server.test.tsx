// The landings as the server draws them (entry-server.tsx): what the phone paints before any script has run.
import { describe, expect, it } from 'vitest';
import { APP_ROOT, type Hospital } from '@auto-claim/contract';
import { renderScreen } from './entry-server';

const hospital: Hospital = {
  hospitalCd: '90000001',
  hospitalNm: '서울튼튼병원',
  hospitalType: '병원',
  address: '서울특별시 중구 세종대로 1',
  phone: '02-000-0000',
  introText: '정형외과 진료를 합니다.',
  hospitalThumbnail: '/ui/insu/img/hospitals/90000001.svg',
  androidPackage: null,
  iOSPackage: null,
  autoClaimEnabled: true,
  isDemo: false,
};

describe('the landings drawn by the server', () => {
  it('the outer landing shows its hospital, its picture and the start button', async () => {
    const html = await renderScreen(`${APP_ROOT}/90000001`, hospital);
    expect(html).toContain('<main class="layout-empty">');
    expect(html).toMatch(
      /<h1 class="landing-header__title">서울튼튼병원(<!-- -->)? 진료비,<br\/>자동으로 청구해 드려요<\/h1>/,
    );
    expect(html).toContain(
      `<img src="${hospital.hospitalThumbnail}" alt="서울튼튼병원 그림" width="320" height="180"/>`,
    );
    expect(html).toContain('href="/ui/insu/vuex/auto-claim/introduce/90000001"');
    // The start button is a real link to the first step, naming this hospital: it works before any script has run.
    expect(html).toMatch(
      /<a class="btn btn--primary btn--block btn--large" href="\/ui\/insu\/vuex\/auto-claim\/authAgreeInfo\?hospitalCd=90000001"[^>]*>자동청구 시작하기<\/a>/,
    );
    // A button that needs the app waits for React to take the page over: a tap before then would do nothing.
    expect(html).toMatch(/<button [^>]*disabled=""[^>]*>내 정보는 어떻게 보호되나요\?<\/button>/);
    // The insurers are not in the page: drawn pending, as the browser's first render draws them.
    expect(html).toContain('aria-label="보험사 목록을 불러오는 중이에요"');
    // No script of any kind: the CSP allows none inline.
    expect(html).not.toContain('<script');
  });

  it('the inner landing needs no hospital', async () => {
    const html = await renderScreen(`${APP_ROOT}/`);
    expect(html).toMatch(/<h1 class="landing-header__title">병원 진료비,<br\/>이제 자동으로 청구하세요<\/h1>/);
    expect(html).toMatch(
      /href="\/ui\/insu\/vuex\/auto-claim\/authAgreeInfo\?hospitalCd=00000000"[^>]*>자동청구 시작하기<\/a>/,
    );
  });

  it('a hospital that has not started says so, as the app does', async () => {
    const html = await renderScreen(`${APP_ROOT}/90000001`, { ...hospital, autoClaimEnabled: false });
    expect(html).toContain('서울튼튼병원은 자동청구 준비 중이에요');
    expect(html).not.toContain('자동청구 시작하기');
  });

  it('in her language when her phone or her choice asks for one, the switch showing it', async () => {
    const html = await renderScreen(`${APP_ROOT}/90000001`, hospital, 'vi');
    expect(html).toMatch(/>Viện phí tại (<!-- -->)?서울튼튼병원<br\/>được tự động yêu cầu bồi thường<\/h1>/);
    expect(html).toMatch(/authAgreeInfo\?hospitalCd=90000001"[^>]*>Bắt đầu<\/a>/);
    expect(html).toMatch(/<option value="vi" lang="vi" selected="">Tiếng Việt<\/option>/);
    expect(html).not.toContain('자동청구 시작하기');
  });

  it('the introduce screen shows the hospital', async () => {
    const html = await renderScreen(`${APP_ROOT}/introduce/90000001`, hospital);
    expect(html).toContain('<h1 class="landing-header__title">서울튼튼병원</h1>');
    expect(html).toContain('href="tel:020000000"');
  });

  it('a name with markup stays text', async () => {
    const html = await renderScreen(`${APP_ROOT}/90000001`, {
      ...hospital,
      hospitalNm: '<img src=x onerror=alert(1)>병원',
    });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;병원');
  });
});
