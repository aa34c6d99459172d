// The walk test (README "Accessibility and older patients"; docs/performance.md, "An older patient's enrolment"): the
// default path walked as a woman of 68 would, on a 390 × 844 phone with the CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate), from the landing's start button to "자동청구 신청을 마쳤어요", in outer mode (a
// hospital's link) and inner mode (the hospital-independent landing), once at the phone's usual text size and once at
// 200 %. It counts what she does: screens, taps (a field typed into counts as the one tap that focused it; a choice in
// a native list is two, the list and the item), signature strokes, swipes (a target not in view above the action bar
// when she needs it), typed characters, and the app's own waiting time (from her tap to the next screen or answer
// being ready); prints them, keeps them in artifacts/enrolment-walk-*.json, and fails above 12 screens or 30 taps.
// At 200 % every screen is also read by axe-core and checked to fit (expectFits); that time is left out of the walk's.
// The same walk in English, Vietnamese and Chinese, by a foreign resident with her 외국인등록증 photographed (the longer
// path), counts her reading in the unit her language is read in (READING below) and holds her own time where it
// stands (six minutes is the target).
import { mkdir, writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { test, expect, appPath, expectAccessible, latestCode, snap, testPerson } from './fixtures';
import { expectFits } from './patient-api';
import { idImage, stroke, withOcrText } from './wizard-steps';
import { words, type WalkLang } from './catalogs';

const MAX_SCREENS = 12;
const MAX_TAPS = 30;
/**
 * Her own time (what she does and reads, counted: the same on any machine), held where it stands so that a word or a
 * tap added shows here (docs/performance.md, "An older patient's enrolment"): the default path 277.0 s and with an
 * ID photo 293.9 s, each under five minutes with the app's waiting on a quiet machine (3–5 s).
 */
const OWN_SECONDS = { default: 278, idPhoto: 295 };
/**
 * A foreign resident's own time with her 외국인등록증 photographed, in her language (docs/performance.md, "In her
 * language"), held where each stands: English 305.9 s, Vietnamese 249.9 s, Chinese 334.3 s, each under six minutes
 * with the app's waiting.
 */
const OWN_SECONDS_FOREIGN: Record<Exclude<WalkLang, 'ko'>, number> = { en: 307, vi: 251, 'zh-Hans': 336 };

/**
 * How her reading is counted and how fast she reads, per language. Korean: Hangul syllables at 400 a minute, slow on
 * purpose (docs/performance.md). The others by the International Reading Speed Texts (Trauzettel-Klosinski & Dietz,
 * IOVS 53(9), 2012: 436 native speakers of 17 languages reading aloud, which is slower than reading silently):
 * English in words at the 17 languages' mean, 184 a minute; Chinese in characters at its own 255 a minute;
 * Vietnamese, written a syllable to a word and not among the 17, in syllables at their mean, 370 a minute. A word
 * of another script in the text (an insurer's or a bank's Korean name) is one unit.
 */
const READING: Record<WalkLang, { unit: string; perMinute: number }> = {
  ko: { unit: '[가-힣]', perMinute: 400 },
  en: { unit: "[\\p{L}\\p{N}]+(?:['’]\\p{L}+)*", perMinute: 184 },
  vi: { unit: '[\\p{L}\\p{N}]+', perMinute: 370 },
  'zh-Hans': { unit: '\\p{Script=Han}|(?:(?!\\p{Script=Han})[\\p{L}\\p{N}])+', perMinute: 255 },
};

type Mode = 'outer' | 'inner';
interface Walked {
  screens: string[];
  /**
   * What each screen shows as it arrives, in her language's reading unit (READING: Hangul syllables in Korean), closed
   * sheets and disclosures left out.
   */
  syllables: Record<string, number>;
  /**
   * Of those, what she reads to act (docs/performance.md, "An older patient's enrolment"): headings, the question's lead
   * line, labels and legends, the plain lines beside the terms, the summary's answers; not hints, help or fine
   * print, nor the links and buttons beside them she presses only to change something.
   */
  read: Record<string, number>;
  taps: number;
  /** Of the taps and typed fields, those that needed a decision or a recall: a choice made, a field begun. */
  decisions: number;
  strokes: number;
  swipes: number;
  typedCharacters: number;
  /** Keys pressed for them: a Hangul syllable is two or three (its jamo), as on the phone's keyboard. */
  keystrokes: number;
  /** The app's waiting from her first tap on (the landing's own loading is before it). */
  appWaitingMs: number;
  /** How long each screen took to be ready (by its name, the landing's too) and each answer on a screen ("name:answer"). */
  waitedMs: Record<string, number>;
  /** The screens on which a swipe was needed. */
  swipedOn: string[];
  wallSeconds: number;
}

/** The units of her reading shown (READING), and of those what she reads to act (Walked.read), on the screen or in one part of it. */
const countRead = (page: Page, lang: WalkLang, root?: string) =>
  page.evaluate(
    ({ root, unit, korean }) => {
      const READ =
        'h1, h2, h3, legend, label, .screen__lead, .screen__sub, .wz-lead-note, .field__label, .consent__plain, ' +
        '.summary-list, .summary-card__note, .bottom-action, .photo__note';
      const texts = document.createTreeWalker(
        root ? document.querySelector(root)! : document.body,
        NodeFilter.SHOW_TEXT,
      );
      let all = 0;
      let read = 0;
      while (texts.nextNode()) {
        const el = texts.currentNode.parentElement!;
        if (el.closest('dialog:not([open]), [hidden], [aria-hidden=true], .loading, .visually-hidden')) continue;
        if (el.closest('details:not([open])') && !el.closest('summary')) continue;
        if (el.getBoundingClientRect().width === 0) continue;
        const n = (texts.currentNode.textContent!.match(new RegExp(unit, 'gu')) ?? []).length;
        all += n;
        // A link or button other than the screen's action is pressed, not read, by her who needs nothing changed
        // (the summary's "변경" and "보기").
        const aside = el.closest('a, button') !== null && el.closest('.bottom-action') === null;
        // The binding Korean (the terms' titles, lang="ko") stands beside its translation for the record: she who reads
        // another language reads the translation.
        const notHers = !korean && el.closest('[lang="ko"]') !== null;
        if (el.closest(READ) && !aside && !notHers) read += n;
      }
      return { all, read };
    },
    { root, unit: READING[lang].unit, korean: lang === 'ko' },
  );

/** What she waits for, found in the page: an element (the screen's h1 by default) shown, at a URL, with a value or text. */
interface Ready {
  /** The page's address must match (a RegExp's source). */
  url?: string;
  selector?: string;
  /** The element's value must match (a RegExp's source). */
  value?: string;
  /** Of the elements the selector finds, one whose text holds this. */
  text?: string;
}
/** The phone's clock: when she last acted (her tap's click, a key, a file chosen), by the event's own time. */
interface HerClock {
  __herLastAct: number;
}
/** In the page, each frame: the time it is ready at, or false (run by waitForFunction, so it closes over nothing). */
const readyIn = ({ url, selector = 'h1', value, text }: Ready): number | false => {
  if (url && !new RegExp(url).test(location.href)) return false;
  const found = [...document.querySelectorAll<HTMLElement>(selector)].find(
    (el) =>
      el.getBoundingClientRect().width > 0 &&
      (value === undefined || new RegExp(value).test((el as HTMLInputElement).value)) &&
      (text === undefined || (el.textContent ?? '').includes(text)),
  );
  if (!found) return false;
  // The loading overlay (ui/LoadingOverlay), a placeholder, or a screen still saying it is busy (a notice-screen's
  // "확인하고 있어요"): the app's time, not her reading.
  if (document.querySelector('.loading--on, .skeleton, [aria-busy="true"]')) return false;
  return performance.now();
};
const herClock = (page: Page) =>
  page.addInitScript(() => {
    const clock = window as unknown as HerClock;
    clock.__herLastAct = 0;
    for (const type of ['click', 'keydown', 'change'])
      window.addEventListener(type, (e) => (clock.__herLastAct = e.timeStamp), true);
  });

/** Her hand on the phone: every tap, stroke, swipe and character counted; the app's waiting measured. */
/** The phone's speed: her CPU (4× slower) while she walks, the machine's own while the test looks at a screen. */
type Throttle = (rate: 1 | 4) => Promise<unknown>;

function walker(page: Page, label: string, check: boolean, lang: WalkLang, throttle: Throttle) {
  const w: Walked = {
    screens: [],
    syllables: {},
    read: {},
    taps: 0,
    decisions: 0,
    strokes: 0,
    swipes: 0,
    typedCharacters: 0,
    keystrokes: 0,
    appWaitingMs: 0,
    waitedMs: {},
    swipedOn: [],
    wallSeconds: 0,
  };
  let checkingMs = 0;
  const started = Date.now();

  /** A swipe when the target is not in view above the action bar; Playwright then scrolls it as her thumb would. */
  const bring = async (target: Locator) => {
    await target.waitFor({ state: 'visible' });
    const hidden = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const bar = document.querySelector('.bottom-action');
      const inBar = bar?.contains(el) ?? false;
      const floor = bar && !inBar ? bar.getBoundingClientRect().top : window.innerHeight;
      return r.top < 0 || r.bottom > floor;
    });
    if (hidden) {
      w.swipes += 1;
      w.swipedOn.push(w.screens.at(-1) ?? '');
      await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    }
  };
  const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

  return {
    w,
    /** A tap; `choice`: one that answers something (a box ticked, an item picked), not a "다음". */
    async tap(target: Locator, choice = false) {
      await bring(target);
      w.taps += 1;
      if (choice) w.decisions += 1;
      await target.click();
    },
    /** A native list (select): a tap opens it, another picks the item. */
    async choose(select: Locator, label: string) {
      await bring(select);
      w.taps += 2;
      w.decisions += 1;
      await select.selectOption({ label });
    },
    /** Typing into a field: one tap to focus it unless the app already put focus there. */
    async type(field: Locator, text: string) {
      await bring(field);
      if (!(await isFocused(field))) {
        w.taps += 1;
        w.decisions += 1;
        await field.click();
      }
      w.typedCharacters += [...text].length;
      w.keystrokes += [...text.normalize('NFD')].length;
      await page.keyboard.type(text);
    },
    /** The keyboard's own key (its "다음" or "완료"): one key press. */
    async key(name: string) {
      w.keystrokes += 1;
      await page.keyboard.press(name);
    },
    async strokes(points: [number, number][][]) {
      await bring(page.locator('#sign-pad'));
      for (const p of points) {
        w.strokes += 1;
        await stroke(page, p);
      }
    },
    /** A part of the screen that appears after her action (what the photo was read as): read as she checks it. */
    async reads(name: string, root: string) {
      w.read[name] = (w.read[name] ?? 0) + (await countRead(page, lang, root)).read;
    },
    /**
     * The app's answer to her last act, waited for and timed on the phone's own clock: from the act's event (her tap's
     * click, her key, the photo chosen) to the first frame in which what she waits for is there and nothing is still
     * on its way (the loading overlay, a placeholder, a screen saying it is busy). Timed in the page, so the test's own
     * round trips to the browser are not counted as the app's.
     */
    async waitFor(ready: Ready, before = `${w.screens.at(-1)}:answer`) {
      const readyAt = await (
        await page.waitForFunction(readyIn, ready, { polling: 'raf', timeout: 30_000 })
      ).jsonValue();
      const actedAt = await page.evaluate(() => (window as unknown as HerClock).__herLastAct);
      const waited = Math.max(0, (readyAt as number) - actedAt);
      // The landing's own loading comes before her tap on its start button, where her time begins: measured apart
      // (first-screen.spec.ts, npm run size), kept here but not added to her time.
      if (before !== 'landing') w.appWaitingMs += waited;
      w.waitedMs[before] = Math.round((w.waitedMs[before] ?? 0) + waited);
    },
    /** A new screen: its URL and heading ready (timed as the app's waiting), then a screenshot and, at 200 %, axe. */
    async screen(path: RegExp, name: string) {
      await this.waitFor({ url: path.source, selector: 'h1' }, name);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      w.screens.push(name);
      const t0 = Date.now();
      // Counting, the screenshot and the checks are the test's, not her phone's: at the machine's speed.
      await throttle(1);
      const counted = await countRead(page, lang);
      w.syllables[name] = counted.all;
      w.read[name] = counted.read;
      await snap(page, `walk-${label}-${String(w.screens.length).padStart(2, '0')}-${name}`);
      if (check) {
        await expectAccessible(page);
        await expectFits(page, `${label} ${name}`);
      }
      await throttle(4);
      checkingMs += Date.now() - t0;
    },
    finish() {
      w.wallSeconds = Math.round((Date.now() - started - checkingMs) / 100) / 10;
      return w;
    },
  };
}

/**
 * Her time by a keystroke-level estimate (docs/performance.md, "An older patient's enrolment"): Card, Moran & Newell's
 * operator times for a young adult, times OLDER for a woman of 68 (Jastrzembski & Charness 2007 found older adults'
 * processor cycles on a mobile-phone task at about 1.5 to 2 times the young adults'); her reading of each screen's own
 * words (Walked.read) at a pace taken slow on purpose; and what the walk measured of the app's own waiting.
 */
const OLDER = 1.7;
const KLM = {
  /** P (Card, Moran & Newell 1980): reach a target and touch it; a swipe to bring one into view costs as much. */
  tap: 1.1 * OLDER,
  /** A signature stroke: reach the pad, then about a second of drawing. */
  stroke: (1.1 + 1) * OLDER,
  /** A key on the phone's keyboard: 36 words a minute, the mean of Palin et al. (2019). */
  key: 0.33 * OLDER,
  /** M (Card, Moran & Newell 1980): deciding or recalling, before each field begun and each choice made. */
  mental: 1.35 * OLDER,
  /** The SMS code read in the messages app and back (two taps and a look), the account number from a bankbook. */
  lookups: 6 + 5,
  /** The SMS on its way from the vendor. */
  sms: 10,
};

/** Seconds, from her tap on the landing's start button to the finish screen: each part and the sum. */
function estimate(w: Walked, lang: WalkLang) {
  const reading = w.screens
    .filter((s) => s !== 'landing' && s !== 'complete')
    .reduce((sum, s) => sum + (w.read[s] ?? 0), 0);
  const parts = {
    taps: (w.taps + w.swipes) * KLM.tap,
    strokes: w.strokes * KLM.stroke,
    keys: w.keystrokes * KLM.key,
    decisions: w.decisions * KLM.mental,
    reading: reading / (READING[lang].perMinute / 60),
    lookupsAndSms: KLM.lookups + KLM.sms,
    appWaiting: w.appWaitingMs / 1000,
  };
  const round = (n: number) => Math.round(n * 10) / 10;
  const seconds = Object.values(parts).reduce((a, b) => a + b, 0);
  return {
    seconds: round(seconds),
    minutes: round(seconds / 60),
    read: reading,
    parts: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v)])),
  };
}

/** 200 % text as a phone's font setting gives it: every rem doubles (the app sizes its text in rem). */
const bigText = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%'));
  });

/** A foreign resident: her name as her 외국인등록증 prints it, her birth date, the number's 7th digit (5 a man, 6 a woman). */
interface Foreigner {
  name: string;
  birth6: string;
  sexDigit: '5' | '6';
}

interface Walk {
  mode: Mode;
  text: 100 | 200;
  insurer?: 'AIA생명' | '삼성화재';
  /** Her language, from the phone (the test's locale); Korean by default. */
  lang?: WalkLang;
  foreigner?: Foreigner;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function walk(page: Page, { mode, text, insurer = 'AIA생명', lang = 'ko', foreigner }: Walk) {
  const label = `${mode}-${text}pct${insurer === 'AIA생명' ? '' : '-photo'}${lang === 'ko' ? '' : `-${lang}`}`;
  const m = words(lang);
  if (text === 200) await bigText(page);
  await herClock(page);
  const cdp = await page.context().newCDPSession(page);
  const throttle: Throttle = (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await throttle(4);
  const her = walker(page, label, text === 200, lang, throttle);
  const p = testPerson(foreigner ?? {});
  const bottom = (name: string | RegExp) =>
    page.locator('.bottom-action').getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });
  const start = page.getByRole('link', { name: m('landing.start') }).first();

  await page.goto(appPath(mode === 'outer' ? '/90000001' : '/'));
  await her.screen(mode === 'outer' ? /\/90000001$/ : /\/auto-claim\/?$/, 'landing');
  // Her language from her phone's, drawn so by the server before the app takes over.
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // A landing drawn by the server takes her tap at once (a real link: first-screen.spec.ts); the walk's timings start
  // from the app that has taken it over.
  await expect(start).toHaveAttribute('data-taken-over', 'true', { timeout: 30_000 });
  await her.tap(start);

  await her.screen(/\/authAgreeInfo$/, 'consent');
  await her.tap(page.getByRole('checkbox', { name: new RegExp(escaped(m('consent.all'))) }), true);
  await her.tap(bottom(m('consent.agreeNext')));

  await her.screen(/\/identity$/, 'identity');
  const birth6 = page.getByLabel(m('identity.birth6'), { exact: true });
  const sexDigit = page.getByLabel(m('identity.sexDigit'), { exact: true });
  await her.type(page.getByLabel(m('identity.name'), { exact: true }), p.name);
  // The keyboard's "다음" key goes on to the birth date.
  await her.key('Enter');
  await expect(birth6).toBeFocused();
  await her.type(birth6, p.birth6);
  // Six digits: focus moves to the sex digit by itself.
  await expect(sexDigit).toBeFocused();
  await her.type(sexDigit, p.sexDigit);
  const phone = page.getByLabel(m('identity.phone'), { exact: true });
  await her.type(phone, p.phone);
  await expect(phone).toHaveValue(`${p.phone.slice(0, 3)}-${p.phone.slice(3, 7)}-${p.phone.slice(7)}`);
  await her.tap(page.getByRole('radio', { name: 'SKT', exact: true }), true);
  await her.tap(bottom(m('identity.send')));

  await her.screen(/\/certInput$/, 'certInput');
  await her.type(page.getByLabel(m('cert.code'), { exact: true }), await latestCode(page, p.phone));
  await her.tap(bottom(m('ui.ok')));

  await her.screen(/\/security\/jumin$/, 'jumin');
  // The sex digit typed minutes before is shown, not asked again: the six that remain (a 외국인등록번호 called so).
  const six = m(foreigner ? 'jumin.label.six.foreign' : 'jumin.label.six');
  await her.type(page.getByLabel(six, { exact: true }), p.rrnBack.slice(1));
  await her.tap(bottom(m('ui.next')));

  if (mode === 'inner') {
    await her.screen(/\/security\/possibleHospital$/, 'possibleHospital');
    await her.tap(page.getByRole('checkbox', { name: /하늘빛종합병원/ }), true);
    // Inner mode is walked in Korean only; the button counts what she chose ("1곳 선택하고 다음").
    await her.tap(bottom(/선택하고 다음/));
  }

  await her.screen(/\/security\/insuChoose$/, 'insuChoose');
  await her.tap(page.getByRole('checkbox', { name: insurer, exact: true }), true);
  // The consent given on the consent screen is applied to this insurer, named here.
  await expect(page.getByRole('heading', { name: m('insuChoose.consent', { insurers: insurer }) })).toBeVisible();
  await her.tap(bottom(m('ui.next')));

  if (insurer === '삼성화재') {
    await her.screen(/\/security\/photo$/, 'photo');
    // The card her number goes with is chosen to begin with: a citizen's 주민등록증, a foreign resident's 외국인등록증.
    const card = m(foreigner ? 'idcard.ac' : 'idcard.ic');
    await expect(page.getByRole('radio', { name: card, exact: true })).toBeChecked();
    // The camera button, then the camera's shutter and its "사진 사용": three taps for one photo.
    await her.tap(page.getByRole('button', { name: m('photo.camera'), exact: true }));
    her.w.taps += 2;
    const image = foreigner
      ? withOcrText(
          await idImage(page, '외국인등록증', false, [`${p.name}  ${p.birth6}-${p.sexDigit}******`, '2024. 5. 20.']),
          { userNm: p.name, idcardIssueDate: '20240520' },
        )
      : withOcrText(await idImage(page, '주민등록증', false), {
          idcardIssueOrg: '서울특별시 마포구청장',
          idcardIssueDate: '20200315',
        });
    await page
      .getByTestId('photo-camera-input')
      .setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: image });
    const read = foreigner
      ? page.getByLabel(m('idcardField.issuedOn'), { exact: true })
      : page.getByLabel(m('idcardField.issueOrg'), { exact: true });
    await her.waitFor(
      foreigner
        ? { selector: '#idcardIssueDate', value: '2024' }
        : { selector: '#idcardIssueOrg', value: '마포구청장$' },
    );
    await expect(read).toHaveValue(foreigner ? /2024/ : '서울특별시 마포구청장');
    // What was read is hers to check before she goes on: its heading, the note and the fields' labels.
    await her.reads('photo', 'section[aria-labelledby="details-title"]');
    await her.tap(bottom(m('ui.next')));
  }

  await her.screen(/\/security\/paymentAccount$/, 'paymentAccount');
  // 본인 is chosen to begin with; who pays is said here (the payout guidance folded in).
  await expect(page.getByRole('radio', { name: m('account.rel.self'), exact: true })).toBeChecked();
  await expect(page.getByText(m('account.lead', { payerNm: insurer }))).toBeVisible();
  await her.choose(page.getByLabel(m('account.bank'), { exact: true }), 'KB국민은행');
  await her.type(page.getByLabel(m('account.number'), { exact: true }), '123456789012');
  await her.tap(bottom(m('account.next')));

  await her.screen(/\/security\/adress$/, 'adress');
  await her.type(page.getByRole('searchbox', { name: m('address.search') }), '세종대로 110');
  // The keyboard's search key (enterKeyHint="search"), under her thumb as she types, as the name's "다음" key.
  await her.key('Enter');
  const found = page.getByRole('button', { name: /서울특별시 중구 세종대로 110/ });
  await her.waitFor({ selector: 'button.result', text: '서울특별시 중구 세종대로 110' });
  await expect(found).toBeVisible();
  await her.tap(found, true);
  await her.type(page.getByLabel(new RegExp(`^${escaped(m('address.detail'))}`)), '3층');
  // The keyboard's "다음" key (enterKeyHint="next") goes on to the signature, as the button does.
  await her.key('Enter');

  await her.screen(/\/security\/signature$/, 'signature');
  // The last step of the progress line, and the two documents named before she signs.
  await expect(page.getByText(m('wizard.progress', { index: '5', total: '5' }))).toBeVisible();
  await expect(page.getByRole('button', { name: m('sign.doc.read', { doc: m('doc.commission') }) })).toBeVisible();
  await expect(page.getByRole('button', { name: m('sign.doc.read', { doc: m('doc.agree') }) })).toBeVisible();
  await her.strokes([
    [
      [40, 150],
      [90, 60],
      [140, 160],
      [190, 70],
    ],
    [
      [210, 120],
      [280, 90],
      [300, 150],
    ],
  ]);
  await her.tap(bottom(m('sign.done')));

  await her.screen(/\/security\/applyHistory$/, 'applyHistory');
  await expect(page.getByRole('heading', { name: m('summary.lead') })).toBeVisible();
  const progress = escaped(m('wizard.progress', { index: '§', total: '§' })).replaceAll('§', '\\d+');
  await expect(page.getByText(new RegExp(progress))).toHaveCount(0);
  // The answers the walk did not ask, at their defaults, each with "변경".
  await expect(page.getByRole('main')).toContainText(m('money.all'));
  for (const id of ['summary.job', 'summary.email']) {
    await expect(page.getByRole('link', { name: `${m('summary.change')} ${m(id)}`, exact: true })).toBeVisible();
  }
  await her.tap(bottom(m('summary.submit')));

  await her.screen(/\/web\/complete/, 'complete');
  await expect(page.getByRole('heading', { name: m('complete.title') })).toBeVisible();
  await throttle(1);
  const done = her.finish();
  const klm = estimate(done, lang);
  // eslint-disable-next-line no-console -- the walk's measurements are this test's report (docs/performance.md)
  console.log(
    `enrolment walk (${label}): ${JSON.stringify({ ...done, screens: done.screens.length, path: done.screens, klm })}`,
  );
  await mkdir('artifacts', { recursive: true });
  await writeFile(`artifacts/enrolment-walk-${label}.json`, `${JSON.stringify({ ...done, klm }, null, 2)}\n`);
  expect(done.screens.length, `screens: ${done.screens.join(' → ')}`).toBeLessThanOrEqual(MAX_SCREENS);
  expect(done.taps, 'taps').toBeLessThanOrEqual(MAX_TAPS);
  if (mode === 'outer' && text === 100) {
    const own =
      lang !== 'ko' ? OWN_SECONDS_FOREIGN[lang] : insurer === 'AIA생명' ? OWN_SECONDS.default : OWN_SECONDS.idPhoto;
    expect(klm.seconds - (klm.parts.appWaiting ?? 0), 'her own time, seconds').toBeLessThanOrEqual(own);
  }
  return done;
}

for (const mode of ['outer', 'inner'] as const) {
  for (const text of [100, 200] as const) {
    test(`${mode} mode, ${text} % text, CPU 4×: the default path in at most ${MAX_SCREENS} screens and ${MAX_TAPS} taps`, async ({
      page,
    }) => {
      test.setTimeout(text === 200 ? 420_000 : 240_000);
      await walk(page, { mode, text });
    });
  }
}

test(`outer mode with an insurer that takes an ID photo: still at most ${MAX_SCREENS} screens and ${MAX_TAPS} taps`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  await walk(page, { mode: 'outer', text: 100, insurer: '삼성화재' });
});

/** The issue's own people (docs/performance.md, "In her language"), each with her phone in her language. */
const FOREIGN_WALKS = [
  {
    lang: 'en',
    locale: 'en-US',
    who: 'a Filipina nurse of 35',
    foreigner: { name: 'MARIA SANTOS', birth6: '910725', sexDigit: '6' },
  },
  {
    lang: 'vi',
    locale: 'vi-VN',
    who: 'a Vietnamese factory worker of 40',
    foreigner: { name: 'NGUYEN VAN HUNG', birth6: '860412', sexDigit: '5' },
  },
  {
    lang: 'zh-Hans',
    locale: 'zh-CN',
    who: 'a Chinese grandmother of 70',
    foreigner: { name: 'WANG XIULAN', birth6: '560918', sexDigit: '6' },
  },
] as const satisfies readonly { lang: WalkLang; locale: string; who: string; foreigner: Foreigner }[];

for (const { lang, locale, who, foreigner } of FOREIGN_WALKS) {
  test.describe(`${who}, her phone in ${locale}`, () => {
    test.use({ locale });
    test(`her 외국인등록증 photographed, CPU 4×: at most ${MAX_SCREENS} screens and ${MAX_TAPS} taps, her own time held`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await walk(page, { mode: 'outer', text: 100, insurer: '삼성화재', lang, foreigner });
    });
  });
}
