#!/usr/bin/env node
// The walkthrough's pictures as lossless WebP (about 30 % smaller than the optimized PNGs): every
// media/walkthrough/*.png (what the e2e specs write with STACKS_LOOKUP_UPDATE_SCREENSHOTS=1)
// becomes the .webp beside it, pixel for pixel, and the PNG goes. Needs `cwebp`
// (`apt-get install webp`).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'media', 'walkthrough');
for (const name of fs.readdirSync(DIR).filter((n) => n.endsWith('.png'))) {
  const png = path.join(DIR, name);
  const webp = png.replace(/\.png$/, '.webp');
  execFileSync('cwebp', ['-quiet', '-lossless', '-exact', '-z', '9', png, '-o', webp], { stdio: 'inherit' });
  console.log(`${name}: ${fs.statSync(png).size} -> ${fs.statSync(webp).size} bytes`);
  fs.rmSync(png);
}
