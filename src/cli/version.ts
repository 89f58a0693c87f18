declare const __BILLING_VERSION__: string;
/** Set by the bundler from package.json; tests running the sources see the dev marker. */
export const VERSION = typeof __BILLING_VERSION__ === 'string' ? __BILLING_VERSION__ : '0.0.0-dev';
