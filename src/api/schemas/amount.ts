/**
 * An amount as the API sends it: a whole number in a string (micro-STX, or units of a token),
 * too large for a JavaScript number. A minus sign is allowed because some fields are signed (a net
 * balance change). Anything else is not an amount: such a body fails its schema instead of
 * reaching a hover or a panel as text.
 */
import * as z from 'zod/mini';

/** Up to 80 digits: Clarity's uint128 has 39. */
export const amount = z.string().check(z.regex(/^-?\d{1,80}$/));
