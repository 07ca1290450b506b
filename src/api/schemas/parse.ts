/** Checks a response body against its schema, and says in words what is wrong when it does not fit. */
import * as z from 'zod/mini';

export type Schema<T> = z.ZodMiniType<T>;

/** Parses or explains, naming the first wrong field. */
export function parseWith<T>(
  schema: z.ZodMiniType<T>,
  data: unknown,
): { ok: true; value: T } | { ok: false; problem: string } {
  const r = schema.safeParse(data);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  if (!issue) return { ok: false, problem: 'the response does not match the expected shape' };
  const path = issue.path.length ? formatPath(issue.path) : '(the whole body)';
  const got = valueAt(data, issue.path);
  if (issue.code === 'invalid_type') {
    const expected = (issue as { expected?: string }).expected ?? 'another type';
    return {
      ok: false,
      problem:
        got === undefined
          ? `field "${path}" is missing`
          : `field "${path}" should be ${article(expected)}, not ${typeName(got)}`,
    };
  }
  return { ok: false, problem: `field "${path}" is not valid (${issue.message})` };
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
  if (Array.isArray(v)) return 'an array';
  return article(typeof v);
}

function article(t: string): string {
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}
