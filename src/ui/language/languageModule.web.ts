// The web build is one file (a web extension cannot load modules at run time): the language
// features are in it, initialised on first use (esbuild turns the `require` into a lazily run module).
export type LanguageModule = typeof import('./languageBundle');

export function loadLanguageModule(): LanguageModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./languageBundle') as LanguageModule;
}
