// The page's entry is a small boot script (src/boot.ts) that imports the app: on a landing drawn by the server, after
// the first paint; on every other page at once. For those, index.html names the app's chunks as modulepreload links,
// so that the browser fetches them with the boot script rather than one round trip after it. The server takes these
// links out of a drawn landing (apps/server/src/http/landing-data.ts). The app's stylesheets are linked too: a drawn
// page needs them for its first paint.
import type { Plugin } from 'vite';

export function preloadApp(appEntry = 'src/main.tsx'): Plugin {
  let base = '/';
  return {
    name: 'auto-claim:preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = new Map(
          Object.values(ctx.bundle ?? {})
            .filter((c) => c.type === 'chunk')
            .map((c) => [c.fileName, c]),
        );
        const app = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/${appEntry}`));
        if (!app) return [];
        const files = new Set<string>();
        const add = (file: string) => {
          // The boot script is on the page already (it holds Vite's preload helper, which the app imports).
          if (files.has(file) || chunks.get(file)?.isEntry) return;
          files.add(file);
          for (const dep of chunks.get(file)?.imports ?? []) add(dep);
        };
        add(app.fileName);
        // The app's own styles (its UI kit's) are the page's from the first paint, as they were in the entry's.
        const css = new Set([...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]));
        return [
          ...[...css].map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
