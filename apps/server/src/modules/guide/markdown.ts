// The Markdown the guide is written in (fhir/ig/README.md) as HTML: headings, paragraphs, lists, tables, inline code,
// bold and links, which is all it uses. Everything is escaped first; a link becomes one only when it is absolute
// http(s) (a relative one names a file of the repository, not a page of this server, and stays text).

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function inline(text: string): string {
  const parts = text.split(/(`[^`]*`)/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      return escapeHtml(part)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) =>
          /^https?:\/\//.test(href) ? `<a href="${href}">${label}</a>` : label,
        );
    })
    .join('');
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/** `markdown` as HTML; a heading of level n becomes h(n + shift), with an id from its text. */
export function markdownToHtml(markdown: string, shift = 1): string {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  let lastHeading = '';
  while (i < lines.length) {
    const line = lines[i]!;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, heading[1]!.length + shift);
      const id = heading[2]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '');
      lastHeading = heading[2]!.replace(/[`*]/g, '');
      out.push(`<h${level} id="spec-${id}">${inline(heading[2]!)}</h${level}>`);
      i++;
    } else if (line.startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) rows.push(lines[i++]!);
      const [head, , ...body] = rows;
      // Scrolls sideways on a phone: a named region the keyboard can reach.
      out.push(
        `<div class="scroll" role="region" aria-label="${escapeHtml(lastHeading)} 표" tabindex="0"><table>` +
          `<thead><tr>${cells(head!)
            .map((c) => `<th scope="col">${inline(c)}</th>`)
            .join('')}</tr></thead>` +
          `<tbody>${body
            .map(
              (r) =>
                `<tr>${cells(r)
                  .map((c) => `<td>${inline(c)}</td>`)
                  .join('')}</tr>`,
            )
            .join('')}</tbody>` +
          '</table></div>',
      );
    } else if (/^\s*- /.test(line)) {
      const items: string[] = [];
      while (i < lines.length && (/^\s*- /.test(lines[i]!) || (/^\s{2,}\S/.test(lines[i]!) && items.length))) {
        const l = lines[i++]!;
        if (/^\s*- /.test(l)) items.push(l.replace(/^\s*- /, ''));
        else items[items.length - 1] += ` ${l.trim()}`;
      }
      out.push(`<ul>${items.map((it) => `<li>${inline(it)}</li>`).join('')}</ul>`);
    } else if (line.trim() === '') i++;
    else {
      const para: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !/^(#|\||\s*- )/.test(lines[i]!)) para.push(lines[i++]!);
      out.push(`<p>${inline(para.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}
