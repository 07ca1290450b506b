/** The fixture files in test/fixtures/api, and the error bodies the real API sends. */
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';

export const FIXTURE_DIR = path.resolve(__dirname, '../../../test/fixtures/api');

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export function loadFixture(name: string): Json {
  return JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, name), 'utf8'));
}

/** A deep copy, so a reply never shares objects with the data set. */
export const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Real error bodies (from the upstream examples). */
export const ERROR_BODIES = {
  txIdPattern: (): Json => loadFixture('error-400-validation-txid-pattern.json'),
  limitTooLarge: (): Json => loadFixture('error-400-limit-too-large.json'),
  untilBlockAndUnanchored: (): Json => loadFixture('error-400-until-block-and-unanchored.json'),
  invalidPrincipal: (principal: string): Json => ({
    ...loadFixture('error-400-invalid-principal.json'),
    message: `invalid STX address "${principal}"`,
  }),
  txNotFound: (): Json => loadFixture('error-404-not-found-tx.json'),
  blockByHeightNotFound: (): Json => loadFixture('error-404-block-by-height.json'),
  v2BlockNotFound: (): Json => loadFixture('error-404-v2-block.json'),
  unknownRoute: (method: string, url: string): Json => ({
    message: `Route ${method}:${url} not found`,
    error: 'Not Found',
    statusCode: 404,
  }),
  gone: (): Json => loadFixture('error-410-deprecated-disabled.json'),
  dbUnavailable: (): Json => loadFixture('error-503-db-unavailable.json'),
  validation: (message: string): Json => ({
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    error: 'Bad Request',
    message,
  }),
  missingKey: (): Json => ({ error: 'Unauthorized', message: 'No API key found in request' }),
  invalidKey: (): Json => ({ error: 'Forbidden', message: 'Invalid authentication credentials' }),
  tooManyRequests: (): Json => ({ error: 'Too Many Requests', message: 'API rate limit exceeded' }),
  internal: (): Json => ({
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'An internal server error occurred',
  }),
  badGateway: (): Json => ({
    error: 'Bad Gateway',
    message: 'An invalid response was received from the upstream server',
  }),
};

/** Default body of a `status` fault. */
export function defaultErrorBody(status: number): Json {
  switch (status) {
    case 400:
      return ERROR_BODIES.txIdPattern();
    case 401:
      return ERROR_BODIES.missingKey();
    case 403:
      return ERROR_BODIES.invalidKey();
    case 404:
      return ERROR_BODIES.txNotFound();
    case 410:
      return ERROR_BODIES.gone();
    case 429:
      return ERROR_BODIES.tooManyRequests();
    case 500:
      return ERROR_BODIES.internal();
    case 502:
      return ERROR_BODIES.badGateway();
    case 503:
      return ERROR_BODIES.dbUnavailable();
    default:
      return {
        statusCode: status,
        error: http.STATUS_CODES[status] ?? 'Error',
        message: http.STATUS_CODES[status] ?? 'Error',
      };
  }
}
