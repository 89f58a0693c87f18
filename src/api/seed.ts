// What the seed's generation (the spec, SDK 0.20.2) has that today's description does not, as
// thin types: the fields the CLI still reads from a service of that generation. The rest of
// both generations' shapes is typed by today's description (today.ts).

export interface SeedUser {
  code_host_username?: string | null;
  github_username?: string | null;
}

export interface SeedPrice {
  type: 'one_time' | 'recurring';
  recurring_interval?: string | null;
  price_amount?: number;
}

export interface SeedOrder {
  /** Today's net_amount. */
  amount: number;
  product_price: SeedPrice;
  user: SeedUser;
}

export interface SeedCheckout {
  /** Today's net_amount. */
  subtotal_amount: number;
}

export interface SeedSubscription {
  price_id: string;
}

export interface SeedOrganization {
  /** Today's website. */
  blog: string | null;
  bio: string | null;
  social_username: string | null;
  twitter_username: string | null;
  profile_settings: { enabled: boolean | null };
  feature_settings: { issue_funding_enabled: boolean };
}

export interface SeedLicenseKey {
  user: SeedUser;
}
