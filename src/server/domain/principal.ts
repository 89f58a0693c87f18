// Who a request acts for: a user (personal access token or OAuth user token), an organization
// (OAuth organization token) or a customer (customer session). auth.ts resolves it from the
// bearer token; store/visibility.ts turns it into the rows it may see.

/** `expiresAt` (ISO) is checked against the clock per request. */
export type Principal = { expiresAt?: string | null } & (
  | { kind: 'user'; userId: string; scopes: Set<string>; via: 'pat' | 'oauth'; tokenId: string }
  | { kind: 'organization'; organizationId: string; scopes: Set<string>; tokenId: string }
  | {
      kind: 'customer';
      /** The customer session the token is. */
      sessionId: string;
      customerId: string;
      organizationId: string;
      scopes: Set<string>;
    }
);

export type Kind = Principal['kind'];
