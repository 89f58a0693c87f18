import type { Schemas } from '../../../api/today.js';
import type { Column, ColumnOf } from '../../io/cells.js';

type Meter = Schemas['Meter'];

// `hide`: which columns give way first on a narrow terminal (1 first).
export const METER_COLUMNS: Column[] = [
  { header: 'ID', path: 'id', kind: 'id' },
  { header: 'NAME', path: 'name' },
  { header: 'AGGREGATION', path: 'aggregation.func' },
  { header: 'PROPERTY', path: 'aggregation.property', hide: 2 },
  { header: 'UNIT', path: 'unit', hide: 1 },
  { header: 'CREATED', path: 'created_at', kind: 'time', hide: 3 },
  { header: 'ARCHIVED', path: 'archived_at', kind: 'time', hide: 4 },
] satisfies ColumnOf<Meter>[];

/** `filter_text` and `aggregation_text` are the card's own (meters/get.ts), never in --json. */
export const METER_CARD: Column[] = [
  ...([
    { header: 'ID', path: 'id', kind: 'id' },
    { header: 'Name', path: 'name' },
    { header: 'Created', path: 'created_at', kind: 'time' },
    { header: 'Archived', path: 'archived_at', kind: 'time' },
    { header: 'Unit', path: 'unit' },
  ] satisfies ColumnOf<Meter>[]),
  { header: 'Filter', path: 'filter_text' },
  { header: 'Aggregation', path: 'aggregation_text' },
  ...([
    { header: 'Organization', path: 'organization_id', kind: 'id' },
    { header: 'Metadata', path: 'metadata' },
  ] satisfies ColumnOf<Meter>[]),
];
