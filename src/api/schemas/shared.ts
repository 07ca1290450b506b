/** Field helpers and the shapes the resource schemas share. */
import * as z from 'zod/mini';

export const str = z.string();
export const int = z.number();
export const opt = <T extends z.ZodMiniType>(t: T) => z.optional(t);
export const optNull = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));

/** A Clarity value as the API gives it: the serialized hex and its readable form. */
export const ClarityValue = z.looseObject({ hex: str, repr: str });

/**
 * The fields of a model that the API which answered does not give at all (its replacement route
 * lacks them), so the UI says "not available on this API" instead of a value. Set by a
 * replacement (src/api/replacements/), never sent by the API.
 */
export const Unavailable = opt(z.array(str));

/** A list the API pages by `limit` and `offset`. */
export function page<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ limit: int, offset: int, total: int, results: z.array(item) });
}
export type Page<T> = { limit: number; offset: number; total: number; results: T[] };
