export type { Column, ColumnKind } from './cells.js';
export { createStyler, type Styler, statusTone, type Tone } from './color.js';
export {
  type FormatFlags,
  OUTPUT_FORMATS,
  type OutputFormat,
  parseFields,
  resolveFormat,
} from './format.js';
export { money, relativeTime, textWidth, truncate } from './humanize.js';
export { createMessenger, type Messenger } from './messages.js';
export { getPath, pickPaths } from './paths.js';
export { createPrinter, type ListOptions, type Printer, type PrinterOptions } from './printer.js';
export { createProgress, type Progress } from './progress.js';
export { isEpipe, Sink } from './sink.js';
export type { InStream, IO, OutStream, Terminal } from './streams.js';
