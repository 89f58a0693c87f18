// The official SDK (@polar-sh/sdk 0.20.2, a dev dependency) as its users ran it: with zod 3.
// The SDK's `require('zod')` is pointed at the zod 3 that the zod 4 package ships as `zod/v3`;
// our own code keeps zod 4. Loaded with require after the hook is in place.
import { createRequire, registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'zod' && context.parentURL?.includes('/@polar-sh/sdk/')) {
      return next('zod/v3', context);
    }
    return next(specifier, context);
  },
});

const require = createRequire(import.meta.url);

export const sdk: typeof import('@polar-sh/sdk') = require('@polar-sh/sdk');

/** The SDK's error classes (typed errors, SDKError, SDKValidationError), loaded the same way. */
export const errors: typeof import('@polar-sh/sdk/models/errors') = require('@polar-sh/sdk/models/errors');

/** The SDK's webhook verification (`validateEvent`), loaded the same way. */
export const webhooks: typeof import('@polar-sh/sdk/webhooks') = require('@polar-sh/sdk/webhooks');

/** The SDK's models (webhook payload schemas among them), loaded the same way. */
export const components: typeof import('@polar-sh/sdk/models/components') = require('@polar-sh/sdk/models/components');
