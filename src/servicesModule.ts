// The part of the extension that starts on first use, in the Node build: inside dist/extension.js,
// its modules initialised the first time it starts. The web build replaces this file with
// servicesModule.web.ts (esbuild.js, `webVariants`).
export type ServicesModule = typeof import('./services');

export function loadServices(): ServicesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./services') as ServicesModule;
}
