/** The typed client of the Stacks chain data API. Nothing here imports `vscode`. */
export { createStacksClient, isSettled, DEFAULT_TIMEOUT_MS, MAX_PAGE_LIMIT, MAX_EVENT_LIMIT } from './client';
export type {
  StacksClient,
  StacksClientOptions,
  CallOptions,
  TransactionOptions,
  BalanceOptions,
  PageOptions,
  ClientStats,
} from './client';
export { StacksApiError, isStacksApiError } from './errors';
export type { ErrorKind } from './errors';
export { checkBaseUrl, isLoopbackHost, MAX_BODY_BYTES } from './http';
export type { LogFn, RequestOptions } from './http';
export type { BudgetMode } from './rateLimit';
export * from './schemas';
