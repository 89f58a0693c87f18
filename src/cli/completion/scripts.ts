// Shell completion scripts for bash, zsh and fish, generated from completionSpec(). Each script
// holds the tree as case tables; only profile names are read at completion time
// (`billing __complete profiles`).
import type { CommandSpec, FlagSpec } from './spec.js';

const HEADER = (shell: string) =>
  `# ${shell} completion for billing. Generated from the command tree by\n# \`billing completion ${shell}\`; do not edit.\n`;

const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** One line of description, short enough for a completion menu. */
const oneLine = (s: string) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

function globalFlags(specs: CommandSpec[]): FlagSpec[] {
  return specs
    .find((s) => s.path === '')!
    .flags.filter((f) => !f.names.includes('--help') && !f.names.includes('--version'));
}

/** Every flag that applies at a path: its own plus the root's global ones. */
function flagsAt(spec: CommandSpec, globals: FlagSpec[]): FlagSpec[] {
  if (spec.path === '') return spec.flags;
  const own = new Set(spec.flags.flatMap((f) => f.names));
  return [...spec.flags, ...globals.filter((g) => !g.names.some((n) => own.has(n)))];
}

/** Shared by bash and zsh: POSIX-ish functions over the tables. */
function tables(specs: CommandSpec[]): string {
  const globals = globalFlags(specs);
  const subs = specs
    .filter((s) => s.subcommands.length)
    .map((s) => `    ${q(s.path)}) echo ${q(s.subcommands.join(' '))} ;;`);
  const flags = specs.map(
    (s) =>
      `    ${q(s.path)}) echo ${q(
        flagsAt(s, globals)
          .flatMap((f) => f.names)
          .join(' '),
      )} ;;`,
  );
  const takes: string[] = [];
  const values: string[] = [];
  for (const s of specs) {
    for (const f of flagsAt(s, globals)) {
      if (!f.takesValue) continue;
      const keys = f.names.map((n) => q(`${s.path}|${n}`)).join('|');
      takes.push(keys);
      if (f.values === 'profiles')
        values.push(`    ${keys}) billing __complete profiles 2>/dev/null ;;`);
      else if (f.values) values.push(`    ${keys}) echo ${q(f.values.join(' '))} ;;`);
    }
  }
  const args = specs
    .filter((s) => s.args?.length)
    .map((s) => `    ${q(s.path)}) echo ${q(s.args!.join(' '))} ;;`);
  return `_billing_subcommands() {
  case "$1" in
${subs.join('\n')}
  esac
}
_billing_args() {
  case "$1" in
${args.join('\n')}
  esac
}
_billing_flags() {
  case "$1" in
${flags.join('\n')}
  esac
}
_billing_takes_value() {
  case "$1|$2" in
    ${takes.join('|\\\n    ')}) return 0 ;;
  esac
  return 1
}
_billing_values() {
  case "$1|$2" in
${values.join('\n')}
  esac
}
# Prints the command path the words before the last one name (flags and their values skipped).
_billing_cpath() {
  local cpath="" i w sub
  local n=$#
  local -a _bw
  _bw=("$@")
  i=2
  while [ "$i" -lt "$n" ]; do
    w="\${_bw[$i]}"
    if _billing_takes_value "$cpath" "$w"; then
      i=$((i + 2))
      continue
    fi
    case "$w" in
      -*) ;;
      *)
        for sub in $(_billing_subcommands "$cpath"); do
          if [ "$sub" = "$w" ]; then
            cpath="\${cpath:+$cpath }$w"
            break
          fi
        done
        ;;
    esac
    i=$((i + 1))
  done
  echo "$cpath"
}
# Prints the candidates for the last word, given every word of the line (command included).
_billing_candidates() {
  local cpath prev cur
  local n=$#
  local -a _bw
  _bw=("$@")
  cur="\${_bw[$n]}"
  prev=""
  [ "$n" -gt 1 ] && prev="\${_bw[$((n - 1))]}"
  cpath="$(_billing_cpath "$@")"
  if [ -n "$prev" ] && _billing_takes_value "$cpath" "$prev"; then
    _billing_values "$cpath" "$prev"
  elif [ "\${cur#-}" != "$cur" ]; then
    _billing_flags "$cpath"
  else
    _billing_subcommands "$cpath"
    _billing_args "$cpath"
  fi
}
`;
}

export function bashScript(specs: CommandSpec[]): string {
  return `${HEADER('bash')}# Install: billing completion bash > ~/.local/share/bash-completion/completions/billing
${tables(specs).replaceAll('_bw=("$@")', '_bw=("" "$@")')}
_billing() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local candidates
  candidates="$(_billing_candidates "\${COMP_WORDS[@]:0:COMP_CWORD+1}")"
  COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
}
complete -F _billing billing
`;
}

/** zsh only: `_billing_describe <path> <word>` prints what a subcommand or flag does. */
function describeTable(specs: CommandSpec[]): string {
  const lines: string[] = [];
  const globals = globalFlags(specs);
  for (const s of specs) {
    for (const sub of s.subcommands) {
      lines.push(`    ${q(`${s.path}|${sub}`)}) echo ${q(oneLine(s.summaries[sub] ?? ''))} ;;`);
    }
    for (const f of flagsAt(s, globals)) {
      const keys = f.names.map((n) => q(`${s.path}|${n}`)).join('|');
      lines.push(`    ${keys}) echo ${q(oneLine(f.description))} ;;`);
    }
  }
  return `_billing_describe() {
  case "$1|$2" in
${lines.join('\n')}
  esac
}`;
}

export function zshScript(specs: CommandSpec[]): string {
  return `#compdef billing
${HEADER('zsh')}# Install: billing completion zsh > "\${fpath[1]}/_billing" (then restart zsh)
${tables(specs)}
${describeTable(specs)}
_billing() {
  local -a candidates described
  local cpath c d
  candidates=(\${(z)"$(_billing_candidates "\${(@)words[1,CURRENT]}")"})
  cpath="$(_billing_cpath "\${(@)words[1,CURRENT]}")"
  for c in $candidates; do
    d="$(_billing_describe "$cpath" "$c")"
    described+=("\${c//:/\\:}\${d:+:$d}")
  done
  _describe -t billing billing described
}
if [ "$funcstack[1]" = "_billing" ]; then
  _billing "$@"
else
  compdef _billing billing
fi
`;
}

export function fishScript(specs: CommandSpec[]): string {
  const globals = globalFlags(specs);
  const paths = specs.filter((s) => s.subcommands.length).map((s) => s.path);
  const lines: string[] = [
    `${HEADER('fish')}# Install: billing completion fish > ~/.config/fish/completions/billing.fish`,
    'function __billing_path',
    '    set -l tokens (commandline -opc)',
    '    set -e tokens[1]',
    '    set -l bpath ""',
    '    set -l skip 0',
    '    for t in $tokens',
    '        if test $skip = 1',
    '            set skip 0',
    '            continue',
    '        end',
    '        if string match -q -- "-*" $t',
    '            if contains -- "$bpath|$t" $__billing_value_flags',
    '                set skip 1',
    '            end',
    '            continue',
    '        end',
    '        set -l candidate (string trim -- "$bpath $t")',
    '        if contains -- "$bpath" $__billing_parents; and contains -- $candidate $__billing_paths',
    '            set bpath $candidate',
    '        end',
    '    end',
    '    echo $bpath',
    'end',
    'function __billing_at',
    '    test (__billing_path) = "$argv[1]"',
    'end',
  ];
  const valueFlags: string[] = [];
  const allPaths = specs.map((s) => s.path).filter(Boolean);
  lines.push(`set -g __billing_parents ${paths.map(q).join(' ')}`);
  lines.push(`set -g __billing_paths ${allPaths.map(q).join(' ')}`);
  lines.push('complete -c billing -f');
  for (const s of specs) {
    const cond = `-n ${q(`__billing_at ${q(s.path)}`)}`;
    for (const sub of s.subcommands) {
      const d = oneLine(s.summaries[sub] ?? '');
      lines.push(`complete -c billing ${cond} -a ${q(sub)}${d ? ` -d ${q(d)}` : ''}`);
    }
    if (s.args?.length) lines.push(`complete -c billing ${cond} -a ${q(s.args.join(' '))}`);
    for (const f of flagsAt(s, globals)) {
      const parts = f.names.map((n) =>
        n.startsWith('--') ? `-l ${n.slice(2)}` : `-s ${n.slice(1)}`,
      );
      if (f.takesValue) {
        for (const n of f.names) valueFlags.push(`${s.path}|${n}`);
        const values =
          f.values === 'profiles'
            ? '(billing __complete profiles 2>/dev/null)'
            : f.values
              ? f.values.join(' ')
              : '';
        parts.push(values ? `-x -a ${q(values)}` : '-r');
      }
      if (f.description) parts.push(`-d ${q(oneLine(f.description))}`);
      lines.push(`complete -c billing ${cond} ${parts.join(' ')}`);
    }
  }
  lines.splice(
    lines.indexOf('complete -c billing -f'),
    0,
    `set -g __billing_value_flags ${valueFlags.map(q).join(' ')}`,
  );
  return `${lines.join('\n')}\n`;
}
