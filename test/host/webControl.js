// The web pass's line from the web worker extension host back to Node: the worker cannot start a
// server or write a file, so it drives the mock APIs and reports its results over fetch to this
// loopback server (CORS open, like the mock). Routes:
//   POST /mock/<name>/<op>  op: reset | clearFaults | fault {match?, fault} | override {path, body, status?}
//                           | later {path, after, body, status?} | newTransactionLater {address, after, count?}
//                           (answers {id}) | requests (answers [{method, path, url, headers, body}]) | sunset {on}
//   POST /first-test        the time the first test started (the launcher's "no early request" check)
//   POST /log               a line for the run's log
//   POST /bench-ready       the worker is ready to be measured (run.js web --bench-hovers); resolves `benchReady`
//   POST /bench-done        answers {done}: true once the launcher called finishBench()
//   POST /results           the summary ({passed, failed, pending, results}); resolves `results`
'use strict';
const http = require('http');

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
};

/** mocks: { name: MockApi }. Returns { url, results: Promise<summary>, firstTest(), benchReady, finishBench(), close() }. */
async function startWebControl(mocks, { log = () => {} } = {}) {
  let resolveResults;
  const results = new Promise((r) => (resolveResults = r));
  let firstTest = NaN;
  let resolveBenchReady;
  const benchReady = new Promise((r) => (resolveBenchReady = r));
  let benchDone = false;
  const server = http.createServer((req, res) => {
    const answer = (status, body) => {
      res.writeHead(status, { ...CORS, 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? null));
    };
    if (req.method === 'OPTIONS') return answer(204);
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      let body = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return answer(400, { error: 'not JSON' });
      }
      const parts = new URL(req.url, 'http://x').pathname.split('/').filter(Boolean);
      try {
        if (parts[0] === 'results') {
          resolveResults(body);
          return answer(200, {});
        }
        if (parts[0] === 'first-test') {
          if (!Number.isFinite(firstTest)) firstTest = Date.now();
          return answer(200, {});
        }
        if (parts[0] === 'bench-ready') {
          resolveBenchReady();
          return answer(200, {});
        }
        if (parts[0] === 'bench-done') return answer(200, { done: benchDone });
        if (parts[0] === 'log') {
          log(`  [web] ${String(body.line).slice(0, 2000)}`);
          return answer(200, {});
        }
        if (parts[0] === 'mock' && mocks[parts[1]]) {
          const mock = mocks[parts[1]];
          switch (parts[2]) {
            case 'reset':
              mock.reset();
              return answer(200, {});
            case 'clearFaults':
              mock.clearFaults();
              return answer(200, {});
            case 'fault':
              mock.fault(body.match ? { match: new RegExp(body.match), fault: body.fault } : body.fault);
              return answer(200, {});
            case 'override':
              mock.override(body.path, body.body, body.status);
              return answer(200, {});
            case 'later':
              mock.later(body.path, body.after, body.body, body.status);
              return answer(200, {});
            case 'newTransactionLater':
              return answer(200, { id: mock.newTransactionLater(body.address, body.after, body.count) });
            case 'sunset':
              mock.sunset(!!body.on);
              return answer(200, {});
            case 'requests':
              return answer(
                200,
                mock.requests.map((r) => ({
                  method: r.method,
                  path: r.path,
                  url: r.url,
                  headers: r.headers,
                  body: r.body,
                })),
              );
          }
        }
        answer(404, { error: `no route ${req.url}` });
      } catch (e) {
        answer(500, { error: String((e && e.stack) || e) });
      }
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    results,
    firstTest: () => firstTest,
    benchReady,
    finishBench: () => (benchDone = true),
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

module.exports = { startWebControl };
