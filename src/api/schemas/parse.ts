/** Checks a response body against its schema, and says in words what is wrong when it does not fit. */
import * as z from 'zod/mini';
import * as l10n from '../../chain/l10n';

export type Schema<T> = z.ZodMiniType<T>;

/** Parses or explains, naming the first wrong field. */
export function parseWith<T>(
  schema: z.ZodMiniType<T>,
  data: unknown,
): { ok: true; value: T } | { ok: false; problem: string } {
  const r = schema.safeParse(data);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  if (!issue) return { ok: false, problem: l10n.t('the response does not match the expected shape') };
  const path = issue.path.length ? formatPath(issue.path) : l10n.t('(the whole body)');
  const got = valueAt(data, issue.path);
  if (issue.code === 'invalid_type') {
    const expected = (issue as { expected?: string }).expected ?? l10n.t('another type');
    return {
      ok: false,
      problem:
        got === undefined
          ? l10n.t('field "{0}" is missing', path)
          : l10n.t('field "{0}" should be {1}, not {2}', path, article(expected), typeName(got)),
    };
  }
  return { ok: false, problem: l10n.t('field "{0}" is not valid ({1})', path, issue.message) };
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p];
  }
  return cur;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return l10n.t('an array');
  return article(typeof v);
}

function article(t: string): string {
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
