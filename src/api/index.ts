/** The typed client of the Stacks chain data API. Nothing here imports `vscode`. */
export { createStacksClient } from './client';
export type { StacksClient, StacksClientOptions, CallOptions } from './client';
export type { ClientStats } from './call';
export { StacksApiError, isStacksApiError } from './errors';
export { SwitchedOffRoutes } from './fallback';
export type { ErrorKind } from './errors';
export type { ApiKeyMode, LogFn } from './http';
export type { BudgetMode, RateBudget } from './rateLimit';
export * from './schemas';
