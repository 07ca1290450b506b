// What the web build leaves out says so. `globalThis.STACKS_LOOKUP_WEB` is replaced at build time
// (esbuild.js, `define`): true in the web build, false in the Node one, so the code behind
// `if (globalThis.STACKS_LOOKUP_WEB)` leaves the Node bundles and the code it skips leaves the web
// one. (A constant exported from a module is not inlined there: the web build's lazily run modules
// keep their exports as variables.) Unset in the tests tsc compiles: the Node behaviour.
declare global {
  var STACKS_LOOKUP_WEB: boolean | undefined;
}

/** What a feature left out of the web build says there. */
export function desktopOnly(feature: string): string {
  return `${feature} needs the desktop version of VS Code: the web extension (vscode.dev, github.dev) leaves it out to stay small.`;
}
