import * as assert from 'assert';
import { Disposable, disposeAll } from '../../src/ui/shared/lifecycle';

class Owner extends Disposable {
  add(name: string, log: string[], fail = false) {
    return this.register({
      dispose: () => {
        log.push(name);
        if (fail) throw new Error(`${name} failed`);
      },
    });
  }
}

describe('lifecycle: Disposable and disposeAll', () => {
  it('disposes what it registered, newest first, once', () => {
    const log: string[] = [];
    const o = new Owner();
    o.add('emitter', log);
    o.add('listener', log);
    o.dispose();
    o.dispose();
    assert.deepStrictEqual(log, ['listener', 'emitter']);
  });

  it('disposes at once what is registered after it was disposed', () => {
    const log: string[] = [];
    const o = new Owner();
    o.dispose();
    o.add('late', log);
    assert.deepStrictEqual(log, ['late']);
  });

  it('runs every disposal when one throws, then reports the first failure', () => {
    const log: string[] = [];
    const o = new Owner();
    o.add('a', log);
    o.add('b', log, true);
    o.add('c', log, true);
    assert.throws(() => o.dispose(), /c failed/);
    assert.deepStrictEqual(log, ['c', 'b', 'a']);
  });

  it('registerAll takes several in the order given, so the last is disposed first', () => {
    const log: string[] = [];
    class Many extends Disposable {
      constructor(names: string[]) {
        super();
        this.registerAll(...names.map((name) => ({ dispose: () => log.push(name) })));
      }
    }
    new Many(['watcher', 'listener', 'timers']).dispose();
    assert.deepStrictEqual(log, ['timers', 'listener', 'watcher']);
  });

  it('disposeAll empties the list it is given, so a second call does nothing', () => {
    const log: string[] = [];
    const list = [{ dispose: () => log.push('x') }];
    disposeAll(list);
    disposeAll(list);
    assert.deepStrictEqual(log, ['x']);
  });
});
