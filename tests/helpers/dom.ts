import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { afterAll, beforeAll } from 'bun:test';

/**
 * A DOM for island tests, for this file only: happy-dom replaces fetch, Request and Response, which the
 * server tests in other files need, so it is registered before and removed after the file's tests.
 */
export function useDom(url = 'http://localhost:3000/') {
  beforeAll(() => GlobalRegistrator.register({ url, width: 390, height: 844 }));
  // Plain-DOM tests only: importing @testing-library/react here would register its hooks inside this one
  // (an error in bun test); React tests use islandDom() from tests/helpers/islands.ts, which cleans up.
  afterAll(() => GlobalRegistrator.unregister());
}
