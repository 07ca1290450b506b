// A fetch of the tests' own, typed as the platform's: the transports call `fetch(url, init)` with
// a string or URL and an init, so `answer` gets the URL as a string and the init as an object.
export function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>): typeof fetch {
  return async (input, init) => answer(input instanceof Request ? input.url : String(input), init ?? {});
}

/**
 * A value of another type than the parameter's, as untyped JSON or a careless caller hands one
 * over: the tests of what a function does with input its types rule out.
 */
export function untyped<T>(value: unknown): T {
  return value as T;
}
