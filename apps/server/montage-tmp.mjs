import sharp from 'sharp';
// Several full-page screenshots side by side, each scaled to `w` wide and cut at `h` tall.
const [, , out, w, h, ...files] = process.argv;
const W = Number(w), H = Number(h);
const parts = [];
let x = 0;
for (const f of files) {
  const buf = await sharp(f).resize({ width: W }).png().toBuffer();
  const m = await sharp(buf).metadata();
  parts.push({ input: await sharp(buf).extract({ left: 0, top: 0, width: W, height: Math.min(H, m.height) }).toBuffer(), left: x, top: 0 });
  x += W + 8;
}
await sharp({ create: { width: x, height: H, channels: 3, background: '#777' } }).composite(parts).png().toFile(out);
