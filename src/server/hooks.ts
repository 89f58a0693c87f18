// The hooks every request passes, in fastify's callback form. fastify runs a hook that returns
// a promise (an `async` one) through a promise and a microtask of its own per request; the
// checks below are synchronous, so a request that passes five of them pays for none of that.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * An onRequest hook from a synchronous check. It answers early with `reply.send()` (the hooks
 * after it and the handler are skipped, as after an async hook) or throws to fail the request.
 */
export function syncHook<Req extends FastifyRequest = FastifyRequest>(
  check: (req: Req, reply: FastifyReply) => unknown,
) {
  return (req: Req, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    // A throw reaches fastify's hook runner, which fails the request with it.
    check(req, reply);
    done();
  };
}
