/** The mock API as a child process of the benchmark (see mockInChild in util.ts). */
import { startMockApi } from '../test/mock-api/server';

async function main(): Promise<void> {
  const mock = await startMockApi();
  process.on('message', (m) => {
    if (m === 'count') process.send?.({ requests: mock.requests.length });
    if (m === 'close') void mock.close().then(() => process.exit(0));
  });
  process.on('disconnect', () => void mock.close().then(() => process.exit(0)));
  process.send?.({ url: mock.url });
}

main().catch((e: unknown) => {
  process.stderr.write(`mock child: ${String(e)}\n`);
  process.exit(1);
});
