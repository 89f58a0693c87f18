# bash completion for billing. Generated from the command tree by
# `billing completion bash`; do not edit.
# Install: billing completion bash > ~/.local/share/bash-completion/completions/billing
_billing_subcommands() {
  case "$1" in
    '') echo 'checkout subs orders keys org api config login logout auth whoami serve completion help' ;;
    'checkout') echo 'get update confirm' ;;
    'subs') echo 'list change-price' ;;
    'orders') echo 'list get' ;;
    'keys') echo 'list get update activate validate deactivate' ;;
    'org') echo 'get update' ;;
    'config') echo 'get set unset list' ;;
    'auth') echo 'status token' ;;
  esac
}
_billing_flags() {
  case "$1" in
    '') echo '-V --version --profile --debug -h --help' ;;
    'checkout') echo '-h --help --profile --debug' ;;
    'checkout get') echo '--json -o --output --fields -h --help --profile --debug' ;;
    'checkout update') echo '--customer-email --customer-name --metadata --data --json -o --output --fields -h --help --profile --debug' ;;
    'checkout confirm') echo '--customer-email --customer-name --discount-code --confirmation-token --data --json -o --output --fields -h --help --profile --debug' ;;
    'subs') echo '-h --help --profile --debug' ;;
    'subs list') echo '--active --inactive --product --org --query --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug' ;;
    'subs change-price') echo '--price --proration --as-customer --json -o --output --fields -h --help --profile --debug' ;;
    'orders') echo '-h --help --profile --debug' ;;
    'orders list') echo '--type --product --customer --discount --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug' ;;
    'orders get') echo '--json -o --output --fields -h --help --profile --debug' ;;
    'keys') echo '-h --help --profile --debug' ;;
    'keys list') echo '--org --benefit --mine --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug' ;;
    'keys get') echo '--json -o --output --fields -h --help --profile --debug' ;;
    'keys update') echo '--status --limit-activations --limit-usage --usage --expires-at --json -o --output --fields -h --help --profile --debug' ;;
    'keys activate') echo '--org --label --meta --condition --json -o --output --fields -h --help --profile --debug' ;;
    'keys validate') echo '--org --activation --benefit --customer --increment-usage --condition --json -o --output --fields -h --help --profile --debug' ;;
    'keys deactivate') echo '--org --activation -h --help --profile --debug' ;;
    'org') echo '-h --help --profile --debug' ;;
    'org get') echo '--json -o --output --fields -h --help --profile --debug' ;;
    'org update') echo '--name --data --json -o --output --fields -h --help --profile --debug' ;;
    'api') echo '-f --field --data --paginate --no-auth --as-customer -h --help --profile --debug' ;;
    'config') echo '-h --help --profile --debug' ;;
    'config get') echo '-h --help --profile --debug' ;;
    'config set') echo '-h --help --profile --debug' ;;
    'config unset') echo '-h --help --profile --debug' ;;
    'config list') echo '--json -h --help --profile --debug' ;;
    'login') echo '--scopes --read-only --org --port --timeout --no-browser --with-token --storage -h --help --profile --debug' ;;
    'logout') echo '-h --help --profile --debug' ;;
    'auth') echo '-h --help --profile --debug' ;;
    'auth status') echo '--json -h --help --profile --debug' ;;
    'auth token') echo '--customer -h --help --profile --debug' ;;
    'whoami') echo '--json -h --help --profile --debug' ;;
    'serve') echo '--port --host --db --seed --orders --auth-url --faults --rate-limit --json -h --help --profile --debug' ;;
    'completion') echo '-h --help --profile --debug' ;;
  esac
}
_billing_takes_value() {
  case "$1|$2" in
    '|--profile'|\
    'checkout|--profile'|\
    'checkout get|-o'|'checkout get|--output'|\
    'checkout get|--fields'|\
    'checkout get|--profile'|\
    'checkout update|--customer-email'|\
    'checkout update|--customer-name'|\
    'checkout update|--metadata'|\
    'checkout update|--data'|\
    'checkout update|-o'|'checkout update|--output'|\
    'checkout update|--fields'|\
    'checkout update|--profile'|\
    'checkout confirm|--customer-email'|\
    'checkout confirm|--customer-name'|\
    'checkout confirm|--discount-code'|\
    'checkout confirm|--confirmation-token'|\
    'checkout confirm|--data'|\
    'checkout confirm|-o'|'checkout confirm|--output'|\
    'checkout confirm|--fields'|\
    'checkout confirm|--profile'|\
    'subs|--profile'|\
    'subs list|--product'|\
    'subs list|--org'|\
    'subs list|--query'|\
    'subs list|--sort'|\
    'subs list|-o'|'subs list|--output'|\
    'subs list|--fields'|\
    'subs list|--limit'|\
    'subs list|--page'|\
    'subs list|--page-size'|\
    'subs list|--profile'|\
    'subs change-price|--price'|\
    'subs change-price|--proration'|\
    'subs change-price|-o'|'subs change-price|--output'|\
    'subs change-price|--fields'|\
    'subs change-price|--profile'|\
    'orders|--profile'|\
    'orders list|--type'|\
    'orders list|--product'|\
    'orders list|--customer'|\
    'orders list|--discount'|\
    'orders list|--org'|\
    'orders list|--sort'|\
    'orders list|-o'|'orders list|--output'|\
    'orders list|--fields'|\
    'orders list|--limit'|\
    'orders list|--page'|\
    'orders list|--page-size'|\
    'orders list|--profile'|\
    'orders get|-o'|'orders get|--output'|\
    'orders get|--fields'|\
    'orders get|--profile'|\
    'keys|--profile'|\
    'keys list|--org'|\
    'keys list|--benefit'|\
    'keys list|-o'|'keys list|--output'|\
    'keys list|--fields'|\
    'keys list|--limit'|\
    'keys list|--page'|\
    'keys list|--page-size'|\
    'keys list|--profile'|\
    'keys get|-o'|'keys get|--output'|\
    'keys get|--fields'|\
    'keys get|--profile'|\
    'keys update|--status'|\
    'keys update|--limit-activations'|\
    'keys update|--limit-usage'|\
    'keys update|--usage'|\
    'keys update|--expires-at'|\
    'keys update|-o'|'keys update|--output'|\
    'keys update|--fields'|\
    'keys update|--profile'|\
    'keys activate|--org'|\
    'keys activate|--label'|\
    'keys activate|--meta'|\
    'keys activate|--condition'|\
    'keys activate|-o'|'keys activate|--output'|\
    'keys activate|--fields'|\
    'keys activate|--profile'|\
    'keys validate|--org'|\
    'keys validate|--activation'|\
    'keys validate|--benefit'|\
    'keys validate|--customer'|\
    'keys validate|--increment-usage'|\
    'keys validate|--condition'|\
    'keys validate|-o'|'keys validate|--output'|\
    'keys validate|--fields'|\
    'keys validate|--profile'|\
    'keys deactivate|--org'|\
    'keys deactivate|--activation'|\
    'keys deactivate|--profile'|\
    'org|--profile'|\
    'org get|-o'|'org get|--output'|\
    'org get|--fields'|\
    'org get|--profile'|\
    'org update|--name'|\
    'org update|--data'|\
    'org update|-o'|'org update|--output'|\
    'org update|--fields'|\
    'org update|--profile'|\
    'api|-f'|'api|--field'|\
    'api|--data'|\
    'api|--profile'|\
    'config|--profile'|\
    'config get|--profile'|\
    'config set|--profile'|\
    'config unset|--profile'|\
    'config list|--profile'|\
    'login|--scopes'|\
    'login|--port'|\
    'login|--timeout'|\
    'login|--storage'|\
    'login|--profile'|\
    'logout|--profile'|\
    'auth|--profile'|\
    'auth status|--profile'|\
    'auth token|--profile'|\
    'whoami|--profile'|\
    'serve|--port'|\
    'serve|--host'|\
    'serve|--db'|\
    'serve|--seed'|\
    'serve|--orders'|\
    'serve|--auth-url'|\
    'serve|--faults'|\
    'serve|--profile'|\
    'completion|--profile') return 0 ;;
  esac
  return 1
}
_billing_values() {
  case "$1|$2" in
    '|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout get|-o'|'checkout get|--output') echo 'table tsv json ndjson' ;;
    'checkout get|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout update|-o'|'checkout update|--output') echo 'table tsv json ndjson' ;;
    'checkout update|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout confirm|-o'|'checkout confirm|--output') echo 'table tsv json ndjson' ;;
    'checkout confirm|--profile') billing __complete profiles 2>/dev/null ;;
    'subs|--profile') billing __complete profiles 2>/dev/null ;;
    'subs list|--sort') echo 'started_at amount status organization product -started_at -amount -status -organization -product' ;;
    'subs list|-o'|'subs list|--output') echo 'table tsv json ndjson' ;;
    'subs list|--profile') billing __complete profiles 2>/dev/null ;;
    'subs change-price|--proration') echo 'invoice prorate' ;;
    'subs change-price|-o'|'subs change-price|--output') echo 'table tsv json ndjson' ;;
    'subs change-price|--profile') billing __complete profiles 2>/dev/null ;;
    'orders|--profile') billing __complete profiles 2>/dev/null ;;
    'orders list|--type') echo 'one_time recurring' ;;
    'orders list|--sort') echo 'created_at amount customer product discount subscription -created_at -amount -customer -product -discount -subscription' ;;
    'orders list|-o'|'orders list|--output') echo 'table tsv json ndjson' ;;
    'orders list|--profile') billing __complete profiles 2>/dev/null ;;
    'orders get|-o'|'orders get|--output') echo 'table tsv json ndjson' ;;
    'orders get|--profile') billing __complete profiles 2>/dev/null ;;
    'keys|--profile') billing __complete profiles 2>/dev/null ;;
    'keys list|-o'|'keys list|--output') echo 'table tsv json ndjson' ;;
    'keys list|--profile') billing __complete profiles 2>/dev/null ;;
    'keys get|-o'|'keys get|--output') echo 'table tsv json ndjson' ;;
    'keys get|--profile') billing __complete profiles 2>/dev/null ;;
    'keys update|--status') echo 'granted revoked disabled' ;;
    'keys update|-o'|'keys update|--output') echo 'table tsv json ndjson' ;;
    'keys update|--profile') billing __complete profiles 2>/dev/null ;;
    'keys activate|-o'|'keys activate|--output') echo 'table tsv json ndjson' ;;
    'keys activate|--profile') billing __complete profiles 2>/dev/null ;;
    'keys validate|-o'|'keys validate|--output') echo 'table tsv json ndjson' ;;
    'keys validate|--profile') billing __complete profiles 2>/dev/null ;;
    'keys deactivate|--profile') billing __complete profiles 2>/dev/null ;;
    'org|--profile') billing __complete profiles 2>/dev/null ;;
    'org get|-o'|'org get|--output') echo 'table tsv json ndjson' ;;
    'org get|--profile') billing __complete profiles 2>/dev/null ;;
    'org update|-o'|'org update|--output') echo 'table tsv json ndjson' ;;
    'org update|--profile') billing __complete profiles 2>/dev/null ;;
    'api|--profile') billing __complete profiles 2>/dev/null ;;
    'config|--profile') billing __complete profiles 2>/dev/null ;;
    'config get|--profile') billing __complete profiles 2>/dev/null ;;
    'config set|--profile') billing __complete profiles 2>/dev/null ;;
    'config unset|--profile') billing __complete profiles 2>/dev/null ;;
    'config list|--profile') billing __complete profiles 2>/dev/null ;;
    'login|--storage') echo 'auto keychain file' ;;
    'login|--profile') billing __complete profiles 2>/dev/null ;;
    'logout|--profile') billing __complete profiles 2>/dev/null ;;
    'auth|--profile') billing __complete profiles 2>/dev/null ;;
    'auth status|--profile') billing __complete profiles 2>/dev/null ;;
    'auth token|--profile') billing __complete profiles 2>/dev/null ;;
    'whoami|--profile') billing __complete profiles 2>/dev/null ;;
    'serve|--seed') echo 'demo none' ;;
    'serve|--profile') billing __complete profiles 2>/dev/null ;;
    'completion|--profile') billing __complete profiles 2>/dev/null ;;
  esac
}
# Prints the candidates for the last word, given every word of the line (command included).
_billing_candidates() {
  local cpath="" i w prev cur sub
  local n=$#
  local -a _bw
  _bw=("" "$@")
  cur="${_bw[$n]}"
  prev=""
  [ "$n" -gt 1 ] && prev="${_bw[$((n - 1))]}"
  i=2
  while [ "$i" -lt "$n" ]; do
    w="${_bw[$i]}"
    if _billing_takes_value "$cpath" "$w"; then
      i=$((i + 2))
      continue
    fi
    case "$w" in
      -*) ;;
      *)
        for sub in $(_billing_subcommands "$cpath"); do
          if [ "$sub" = "$w" ]; then
            cpath="${cpath:+$cpath }$w"
            break
          fi
        done
        ;;
    esac
    i=$((i + 1))
  done
  if [ -n "$prev" ] && _billing_takes_value "$cpath" "$prev"; then
    _billing_values "$cpath" "$prev"
  elif [ "${cur#-}" != "$cur" ]; then
    _billing_flags "$cpath"
  else
    _billing_subcommands "$cpath"
  fi
}

_billing() {
  local cur="${COMP_WORDS[COMP_CWORD]}"
  local candidates
  candidates="$(_billing_candidates "${COMP_WORDS[@]:0:COMP_CWORD+1}")"
  COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
}
complete -F _billing billing
