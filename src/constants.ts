/** Every id the manifest and the code share: commands, views, context keys and settings. */
export const EXTENSION_ID = 'stacks-lookup.stacks-lookup';

export const Commands = {
  lookup: 'stacksLookup.lookup',
  showTransaction: 'stacksLookup.showTransaction',
  showAddress: 'stacksLookup.showAddress',
  showBlock: 'stacksLookup.showBlock',
  showBurnBlock: 'stacksLookup.showBurnBlock',
  showContractStatus: 'stacksLookup.showContractStatus',
  showMempoolStats: 'stacksLookup.showMempoolStats',
  showServerStatus: 'stacksLookup.showServerStatus',
  selectNetwork: 'stacksLookup.selectNetwork',
  setApiKey: 'stacksLookup.setApiKey',
  clearApiKey: 'stacksLookup.clearApiKey',
  openInExplorer: 'stacksLookup.openInExplorer',
  copy: 'stacksLookup.copy',
  watchAddress: 'stacksLookup.watchAddress',
  unwatchAddress: 'stacksLookup.unwatchAddress',
  refreshExplorer: 'stacksLookup.refreshExplorer',
  openContractSource: 'stacksLookup.openContractSource',
  showLog: 'stacksLookup.showLog',
  clearRecent: 'stacksLookup.clearRecent',
  loadMore: 'stacksLookup.loadMore',
  watchTransaction: 'stacksLookup.watchTransaction',
  showWatchedTransactions: 'stacksLookup.showWatchedTransactions',
  compareWithDeployed: 'stacksLookup.compareWithDeployed',
  /** Arg `{ network, contractId, fn, result, link }`: the line that returned a failed call's error. */
  openErrorLine: 'stacksLookup.openErrorLine',
  /** Args `(contractId, functionName, networkId)`: the "Call on <network>" CodeLens runs it. */
  callReadOnlyFunction: 'stacksLookup.callReadOnlyFunction',
  /** Opens the "Get started with Stacks Lookup" walkthrough. */
  getStarted: 'stacksLookup.getStarted',
  /** Opens a read-only sample Clarity contract with one id of each kind to hover. */
  openSample: 'stacksLookup.openSample',
  /** Args `(manifestUri, contractId, networkId)`: the quick fix on a deployed contract a project calls. */
  addRequirement: 'stacksLookup.addRequirement',
  /** Arg `{ id, network }` or a transaction id: replays a mined contract call with the Clarinet SDK (src/ui/trace). */
  traceTransaction: 'stacksLookup.traceTransaction',
  /** Arg `{ network, contract, line, column }`: the failing expression a trace found. */
  openTraceLine: 'stacksLookup.openTraceLine',
  /** Installs the Clarinet SDK into the extension's storage, on the user's request. */
  installReplaySdk: 'stacksLookup.installReplaySdk',
  /** Internal (the workbench's Simulate with serviceUrl `local`): one call run by the Clarinet SDK here. */
  simulateLocally: 'stacksLookup.simulateLocally',
  /** Arg `{ kind: 'sbtcDeposit', id, network }` or a Bitcoin txid: tells once when an sBTC deposit is minted or fails. */
  watchSbtcDeposit: 'stacksLookup.watchSbtcDeposit',
} as const;

/**
 * The commands registered by the part of the extension that starts on first use (src/services.ts):
 * activation registers a stand-in for each (src/ui/shared/standIns.ts). The others (the network's,
 * the explorer view's, the welcome's, the requirement quick fix) are registered at activation.
 */
export const SERVICE_COMMANDS: readonly string[] = [
  Commands.lookup,
  Commands.showTransaction,
  Commands.showAddress,
  Commands.showBlock,
  Commands.showBurnBlock,
  Commands.showContractStatus,
  Commands.showMempoolStats,
  Commands.showServerStatus,
  Commands.showLog,
  Commands.openInExplorer,
  Commands.copy,
  Commands.openContractSource,
  Commands.watchTransaction,
  Commands.showWatchedTransactions,
  Commands.compareWithDeployed,
  Commands.openErrorLine,
  Commands.callReadOnlyFunction,
  Commands.traceTransaction,
  Commands.openTraceLine,
  Commands.installReplaySdk,
  Commands.simulateLocally,
  Commands.watchSbtcDeposit,
];

/** The workspace-state key of the watched transactions: a kept list starts the watch at activation. */
export const WATCHED_TXS_KEY = 'stacksLookup.watchedTransactions';

/** The walkthrough, as `workbench.action.openWalkthrough` names it (publisher.name#id). */
export const WALKTHROUGH_ID = 'stacks-lookup.stacks-lookup#gettingStarted';
/** The sample contract's read-only documents. */
export const SAMPLE_SCHEME = 'stacks-sample';

export const Views = {
  container: 'stacksLookup',
  explorer: 'stacksLookup.explorer',
} as const;

export const PANEL_VIEW_TYPE = 'stacksLookup.detail';
export const CONTRACT_SOURCE_SCHEME = 'stacks-contract';
/** The source a deploy transaction carries, read-only, for the drift diff. */
export const DEPLOYED_SOURCE_SCHEME = 'stacks-deployed';

export const ContextKeys = {
  hasApiKey: 'stacksLookup.hasApiKey',
  identifierAtCursor: 'stacksLookup.identifierAtCursor',
  network: 'stacksLookup.network',
  /** The active editor's file is a workspace contract with a known successful deploy. */
  editorContractDeployed: 'stacksLookup.editorContractDeployed',
} as const;

export const CONFIG_SECTION = 'stacksLookup';
export const Settings = {
  network: 'network',
  devnetApiUrl: 'devnetApiUrl',
  customApiUrl: 'customApiUrl',
  customTokenMetadata: 'customApiTokenMetadata',
  customApiKeyMode: 'customApiKeyMode',
  autoNetwork: 'autoNetwork',
  hoverEnabled: 'hover.enabled',
  hoverAllFiles: 'hover.allFiles',
  explorerUrl: 'explorerUrl',
  bitcoinExplorerUrl: 'bitcoinExplorerUrl',
  requestTimeoutMs: 'requestTimeoutMs',
  watchedGlobal: 'watchedAddresses.global',
  watchedNotify: 'watchedAddresses.notify',
  autoRefreshSeconds: 'explorer.autoRefreshSeconds',
  codeLensEnabled: 'codeLens.enabled',
  statusBarChainTip: 'statusBar.chainTip',
  watchMaxMinutes: 'watch.maxMinutes',
  simulationServiceUrl: 'simulation.serviceUrl',
  sbtcEmilyEnabled: 'sbtc.emily.enabled',
  sbtcEmilyMainnetUrl: 'sbtc.emily.mainnetUrl',
  sbtcEmilyTestnetUrl: 'sbtc.emily.testnetUrl',
  sbtcEmilyCustomUrl: 'sbtc.emily.customUrl',
  replaySdkPath: 'replay.sdkPath',
} as const;

/**
 * The settings whose workspace values an untrusted workspace cannot set (package.json lists the
 * same in `restrictedConfigurations`): those that say where requests go, and those that turn on
 * requests or background work the user did not ask for. A cloned repository's own settings must
 * not do either before its folder is trusted.
 */
export const RESTRICTED_SETTINGS: readonly string[] = [
  Settings.network,
  Settings.autoNetwork,
  Settings.customApiUrl,
  Settings.devnetApiUrl,
  Settings.customTokenMetadata,
  Settings.customApiKeyMode,
  Settings.explorerUrl,
  Settings.bitcoinExplorerUrl,
  Settings.statusBarChainTip,
  Settings.watchMaxMinutes,
  Settings.watchedGlobal,
  Settings.watchedNotify,
  Settings.autoRefreshSeconds,
  Settings.simulationServiceUrl,
  Settings.sbtcEmilyEnabled,
  Settings.sbtcEmilyMainnetUrl,
  Settings.sbtcEmilyTestnetUrl,
  Settings.sbtcEmilyCustomUrl,
  Settings.replaySdkPath,
];

export const NETWORK_URLS = {
  mainnet: 'https://api.hiro.so',
  testnet: 'https://api.testnet.hiro.so',
  devnet: 'http://localhost:3999',
} as const;

export const DEFAULT_EXPLORER_URL = 'https://explorer.hiro.so';
/** Where anchor (Bitcoin) transactions and burn blocks open. */
export const DEFAULT_BITCOIN_EXPLORER_URL = 'https://mempool.space';
