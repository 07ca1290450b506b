import { lazyBundle } from '../bundles/lazyBundle';
import type { StacksClient, StacksClientOptions } from './client';

type ClientModule = typeof import('./client');
const clientModule = lazyBundle<ClientModule>(__dirname, 'client.js', 'API client');

/**
 * `createStacksClient`, with the client (its zod schemas above all, and c32check) loaded on the
 * first call instead of when the extension loads. In the package it is a bundle of its own,
 * dist/client.js beside dist/extension.js; compiled for the unit tests it is ./client.js here.
 */
export function createStacksClient(options: StacksClientOptions): StacksClient {
  return clientModule().createStacksClient(options);
}
