/**
 * Preloaded into `node esbuild.js --production` by the bundle measure (node -r): every esbuild
 * context is created with `metafile: true` and each build's metafile is written as JSON to
 * $STACKS_LOOKUP_METAFILE_DIR, so the measure sees exactly the shipped build's inputs.
 */
import * as fs from 'fs';
import * as path from 'path';

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
interface Metafile {
  outputs: Record<string, unknown>;
}
interface Ctx {
  rebuild(): Promise<{ metafile?: Metafile }>;
  watch(): Promise<void>;
  dispose(): Promise<void>;
  cancel(): Promise<void>;
}
interface Esbuild {
  context(opts: Record<string, unknown>): Promise<Ctx>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- Module._load is not in the typings
const Module = require('module') as { _load: Loader };
const dir = process.env.STACKS_LOOKUP_METAFILE_DIR;
const original = Module._load;
let n = 0;

Module._load = function (this: unknown, request: string, parent: unknown, isMain: boolean): unknown {
  const real = original.call(this, request, parent, isMain);
  if (request !== 'esbuild' || !dir) return real;
  const esbuild = real as Esbuild;
  return {
    ...esbuild,
    async context(opts: Record<string, unknown>): Promise<Ctx> {
      const ctx = await esbuild.context({ ...opts, metafile: true });
      const file = path.join(dir, `build-${n++}.json`);
      return {
        async rebuild() {
          const r = await ctx.rebuild();
          if (r.metafile) fs.writeFileSync(file, JSON.stringify(r.metafile));
          return r;
        },
        watch: () => ctx.watch(),
        dispose: () => ctx.dispose(),
        cancel: () => ctx.cancel(),
      };
    },
  };
};
