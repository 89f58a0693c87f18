// What the rules work with: the store and the service clock, and for a change the transaction it
// runs in (the router opens it: app.ts), on which the change emits its events.
import type { Clock } from '../clock.js';
import type { Store, Tx } from '../store/index.js';

export interface Deps {
  store: Store;
  clock: Clock;
}

export interface Work extends Deps {
  tx: Tx;
}
