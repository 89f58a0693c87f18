import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

export const BENEFIT_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'TYPE', path: 'type' },
  { header: 'DESCRIPTION', path: 'description' },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 1 },
] satisfies ColumnOf<Schemas['Benefit']>[];

export const BENEFIT_CARD: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'Type', path: 'type' },
  { header: 'Description', path: 'description' },
  { header: 'Selectable', path: 'selectable', kind: 'bool' },
  { header: 'Deletable', path: 'deletable', kind: 'bool' },
  { header: 'Organization', path: 'organization_id', kind: 'id' },
  { header: 'Created', path: 'created_at', kind: 'time' },
  { header: 'Properties', path: 'properties' },
] satisfies ColumnOf<Schemas['Benefit']>[];
