import * as assert from 'assert';
import * as path from 'path';

// The launcher is plain JavaScript under test/host/ (not compiled); from out/test/unit it is three
// levels up.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const setup = require(path.join(__dirname, '..', '..', '..', 'test', 'host', 'setup.js')) as {
  withoutOuterNpm(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  node24Env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  paths: { node24Home: string };
};

describe("test launcher setup: the environment of code-server's Node 24", () => {
  // `npm test` runs on the machine's Node 20 and exports its config to children; an inner npm reads
  // it back, and code-server's postinstall refuses a user agent that says node/v20.
  const outer = {
    PATH: '/usr/bin',
    HOME: '/root',
    npm_config_user_agent: 'npm/11.0.0 node/v20.20.2 linux x64 workspaces/false',
    npm_node_execpath: '/usr/bin/node',
    npm_lifecycle_event: 'test',
    NPM_CONFIG_PREFIX: '/elsewhere',
    NODE: '/usr/bin/node',
    INIT_CWD: '/work',
  };

  it('drops what an outer npm passed down and keeps the rest', () => {
    assert.deepStrictEqual(setup.withoutOuterNpm(outer), { PATH: '/usr/bin', HOME: '/root' });
  });

  it('puts Node 24 first on PATH with no Node 20 user agent left', () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, outer);
      const env = setup.node24Env();
      assert.strictEqual(env.npm_config_user_agent, undefined);
      assert.strictEqual(env.npm_node_execpath, undefined);
      assert.strictEqual(env.NODE, undefined);
      assert.ok(env.PATH!.startsWith(path.join(setup.paths.node24Home, 'bin') + path.delimiter), env.PATH);
      assert.strictEqual(
        env.npm_config_nodedir,
        setup.paths.node24Home,
        'native modules build against Node 24 headers',
      );
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });
});
