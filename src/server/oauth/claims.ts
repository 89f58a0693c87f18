// Who a token stands for, as userinfo and the id_token describe it (api-facts "Userinfo").
import type { Store } from '../store/index.js';

export interface Subject {
  sub_type: string;
  user_id: string | null;
  organization_id: string | null;
}

export function subjectClaims(store: Store, subject: Subject, scopes: string[]) {
  if (subject.sub_type === 'organization') {
    const org = subject.organization_id
      ? store.row('organizations', subject.organization_id)
      : undefined;
    return { sub: subject.organization_id ?? '', name: org?.slug ?? null };
  }
  const claims: { sub: string; email?: string; email_verified?: boolean } = {
    sub: subject.user_id ?? '',
  };
  if (scopes.includes('email')) {
    const user = subject.user_id ? store.row('users', subject.user_id) : undefined;
    if (user) {
      claims.email = user.email;
      claims.email_verified = user.email_verified === 1;
    }
  }
  return claims;
}
