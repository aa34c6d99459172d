// Each console screen's page title names it (KWCAG 2.2 6.4.2 제목 제공, docs/accessibility.md): "<its h1> | 자동청구
// 운영 콘솔", kept as screens and their headings change (a screen's h1 may come with its data).
import { useEffect } from 'react';

const CONSOLE = '자동청구 운영 콘솔';

export function usePageTitle() {
  useEffect(() => {
    const name = () => {
      const h1 = document.querySelector('h1')?.textContent?.trim();
      const title = h1 && h1 !== CONSOLE ? `${h1} | ${CONSOLE}` : CONSOLE;
      if (document.title !== title) document.title = title;
    };
    name();
    const watch = new MutationObserver(name);
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => watch.disconnect();
  }, []);
}
