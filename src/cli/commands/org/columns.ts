import type { SeedOrganization } from '../../../api/seed.js';
import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

export const ORG_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'NAME', path: 'name' },
  { header: 'SLUG', path: 'slug' },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 1 },
] satisfies ColumnOf<Schemas['Organization'] & SeedOrganization>[];

export const ORG_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Name', path: 'name' },
  { header: 'Slug', path: 'slug' },
  { header: 'Email', path: 'email' },
  {
    header: 'Website',
    path: 'website',
    alt: ['blog'],
    note: 'website (blog before API 2026-04)',
  },
  { header: 'Status', path: 'status', kind: 'status', ifPresent: true },
  { header: 'Bio', path: 'bio', ifPresent: true },
  // The spec's social_username is the real service's twitter_username (api-facts.md); today's
  // generation lists its social links.
  { header: 'Social', path: 'social_username', alt: ['twitter_username'], ifPresent: true },
  { header: 'Socials', path: 'socials', ifPresent: true },
  { header: 'Created', path: 'created_at', kind: 'time' },
  {
    header: 'Profile enabled',
    path: 'profile_settings.enabled',
    kind: 'bool',
    ifPresent: true,
  },
  {
    header: 'Issue funding',
    path: 'feature_settings.issue_funding_enabled',
    kind: 'bool',
    ifPresent: true,
  },
] satisfies ColumnOf<Schemas['Organization'] & SeedOrganization>[];
