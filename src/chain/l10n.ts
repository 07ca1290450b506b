/**
 * The sentences of the layers that do not import `vscode` (src/chain, src/api and the pure parts
 * of src/ui), in the user's language. Write each as `l10n.t('English with {0}', value)` with a
 * literal message, the way `vscode.l10n.t` is written, so `npm run l10n:export` finds it.
 *
 * At activation the extension hands in `vscode.l10n.t` (`useTranslator`); until then, and in plain
 * Node (the unit tests), a message is its English with the `{n}` filled in. The translator is
 * kept on `globalThis` because the activation core and the half of the parts loaded on
 * first use (src/bundles/half.ts) each carry their own copy of this module.
 */
export type Translate = (message: string, ...args: Array<string | number | boolean>) => string;

const KEY = Symbol.for('stacks-lookup.l10n.translate');
type Holder = { [KEY]?: Translate | undefined };

/** The message in the user's language, `{0}`, `{1}`, ... replaced by the arguments. */
export function t(message: string, ...args: Array<string | number | boolean>): string {
  const translate = (globalThis as Holder)[KEY];
  return translate ? translate(message, ...args) : format(message, args);
}

/** Fills `{n}` placeholders as `vscode.l10n.t` does; a placeholder without an argument stays. */
export function format(message: string, args: ReadonlyArray<string | number | boolean>): string {
  return message.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const arg = args[Number(i)];
    return arg === undefined ? whole : String(arg);
  });
}

/** Called once at activation with `vscode.l10n.t`; `undefined` goes back to English. */
export function useTranslator(translate: Translate | undefined): void {
  (globalThis as Holder)[KEY] = translate;
}

const LOCALE = Symbol.for('stacks-lookup.l10n.locale');
type LocaleHolder = { [LOCALE]?: string | undefined };

/**
 * Called once at activation with `vscode.env.language`: numbers and amounts are written the way
 * that language writes them (`chain/format.ts`). Kept on `globalThis` like the translator.
 */
export function useLocale(locale: string | undefined): void {
  (globalThis as LocaleHolder)[LOCALE] = locale;
}

/** The display language numbers are written in: `en` until the extension says otherwise. */
export function locale(): string {
  return (globalThis as LocaleHolder)[LOCALE] ?? 'en';
}
