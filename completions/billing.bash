# bash completion for billing. Generated from the command tree by
# `billing completion bash`; do not edit.
# Install: billing completion bash > ~/.local/share/bash-completion/completions/billing
_billing_subcommands() {
  case "$1" in
    '') echo 'checkout subs orders keys org api config login logout auth whoami serve completion help' ;;
    'checkout') echo 'get update confirm' ;;
    'subs') echo 'list change-price cancel resume' ;;
    'orders') echo 'list get' ;;
    'keys') echo 'list get update activate validate deactivate' ;;
    'org') echo 'get update' ;;
    'config') echo 'get set unset list' ;;
    'auth') echo 'status token' ;;
  esac
}
_billing_flags() {
  case "$1" in
    '') echo '-V --version --profile --debug --no-pager --connect-timeout --request-timeout -h --help' ;;
    'checkout') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout update') echo '--customer-email --customer-name --metadata --unset-metadata --replace-metadata --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout confirm') echo '--customer-email --customer-name --discount-code --confirmation-token --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs list') echo '--active --inactive --product --org --query --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs change-price') echo '--price --proration --as-customer --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs cancel') echo '--now -y --yes --reason --comment --as-customer --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs resume') echo '--as-customer --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders list') echo '--type --product --customer --discount --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys list') echo '--org --benefit --mine --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys update') echo '--status --limit-activations --limit-usage --usage --expires-at -y --yes --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys activate') echo '--org --label --meta --condition --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys validate') echo '--org --activation --benefit --customer --increment-usage --condition --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys deactivate') echo '--org --activation -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'org') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'org get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'org update') echo '--name --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'api') echo '-f --field --data --paginate --no-auth --as-customer -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'config') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'config get') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'config set') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'config unset') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'config list') echo '--json -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'login') echo '--scopes --read-only --org --port --timeout --no-browser --with-token --storage -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'logout') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'auth') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'auth status') echo '--json --offline -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'auth token') echo '--customer -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'whoami') echo '--customer --json -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'serve') echo '--port --host --allowed-host --db --seed --orders --auth-url --faults --rate-limit --json --quiet -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'completion') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
  esac
}
_billing_takes_value() {
  case "$1|$2" in
    '|--profile'|\
    '|--connect-timeout'|\
    '|--request-timeout'|\
    'checkout|--profile'|\
    'checkout|--connect-timeout'|\
    'checkout|--request-timeout'|\
    'checkout get|-o'|'checkout get|--output'|\
    'checkout get|--fields'|\
    'checkout get|--profile'|\
    'checkout get|--connect-timeout'|\
    'checkout get|--request-timeout'|\
    'checkout update|--customer-email'|\
    'checkout update|--customer-name'|\
    'checkout update|--metadata'|\
    'checkout update|--unset-metadata'|\
    'checkout update|--data'|\
    'checkout update|-o'|'checkout update|--output'|\
    'checkout update|--fields'|\
    'checkout update|--profile'|\
    'checkout update|--connect-timeout'|\
    'checkout update|--request-timeout'|\
    'checkout confirm|--customer-email'|\
    'checkout confirm|--customer-name'|\
    'checkout confirm|--discount-code'|\
    'checkout confirm|--confirmation-token'|\
    'checkout confirm|--data'|\
    'checkout confirm|-o'|'checkout confirm|--output'|\
    'checkout confirm|--fields'|\
    'checkout confirm|--profile'|\
    'checkout confirm|--connect-timeout'|\
    'checkout confirm|--request-timeout'|\
    'subs|--profile'|\
    'subs|--connect-timeout'|\
    'subs|--request-timeout'|\
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
    'subs list|--connect-timeout'|\
    'subs list|--request-timeout'|\
    'subs change-price|--price'|\
    'subs change-price|--proration'|\
    'subs change-price|-o'|'subs change-price|--output'|\
    'subs change-price|--fields'|\
    'subs change-price|--profile'|\
    'subs change-price|--connect-timeout'|\
    'subs change-price|--request-timeout'|\
    'subs cancel|--reason'|\
    'subs cancel|--comment'|\
    'subs cancel|-o'|'subs cancel|--output'|\
    'subs cancel|--fields'|\
    'subs cancel|--profile'|\
    'subs cancel|--connect-timeout'|\
    'subs cancel|--request-timeout'|\
    'subs resume|-o'|'subs resume|--output'|\
    'subs resume|--fields'|\
    'subs resume|--profile'|\
    'subs resume|--connect-timeout'|\
    'subs resume|--request-timeout'|\
    'orders|--profile'|\
    'orders|--connect-timeout'|\
    'orders|--request-timeout'|\
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
    'orders list|--connect-timeout'|\
    'orders list|--request-timeout'|\
    'orders get|-o'|'orders get|--output'|\
    'orders get|--fields'|\
    'orders get|--profile'|\
    'orders get|--connect-timeout'|\
    'orders get|--request-timeout'|\
    'keys|--profile'|\
    'keys|--connect-timeout'|\
    'keys|--request-timeout'|\
    'keys list|--org'|\
    'keys list|--benefit'|\
    'keys list|-o'|'keys list|--output'|\
    'keys list|--fields'|\
    'keys list|--limit'|\
    'keys list|--page'|\
    'keys list|--page-size'|\
    'keys list|--profile'|\
    'keys list|--connect-timeout'|\
    'keys list|--request-timeout'|\
    'keys get|-o'|'keys get|--output'|\
    'keys get|--fields'|\
    'keys get|--profile'|\
    'keys get|--connect-timeout'|\
    'keys get|--request-timeout'|\
    'keys update|--status'|\
    'keys update|--limit-activations'|\
    'keys update|--limit-usage'|\
    'keys update|--usage'|\
    'keys update|--expires-at'|\
    'keys update|-o'|'keys update|--output'|\
    'keys update|--fields'|\
    'keys update|--profile'|\
    'keys update|--connect-timeout'|\
    'keys update|--request-timeout'|\
    'keys activate|--org'|\
    'keys activate|--label'|\
    'keys activate|--meta'|\
    'keys activate|--condition'|\
    'keys activate|-o'|'keys activate|--output'|\
    'keys activate|--fields'|\
    'keys activate|--profile'|\
    'keys activate|--connect-timeout'|\
    'keys activate|--request-timeout'|\
    'keys validate|--org'|\
    'keys validate|--activation'|\
    'keys validate|--benefit'|\
    'keys validate|--customer'|\
    'keys validate|--increment-usage'|\
    'keys validate|--condition'|\
    'keys validate|-o'|'keys validate|--output'|\
    'keys validate|--fields'|\
    'keys validate|--profile'|\
    'keys validate|--connect-timeout'|\
    'keys validate|--request-timeout'|\
    'keys deactivate|--org'|\
    'keys deactivate|--activation'|\
    'keys deactivate|--profile'|\
    'keys deactivate|--connect-timeout'|\
    'keys deactivate|--request-timeout'|\
    'org|--profile'|\
    'org|--connect-timeout'|\
    'org|--request-timeout'|\
    'org get|-o'|'org get|--output'|\
    'org get|--fields'|\
    'org get|--profile'|\
    'org get|--connect-timeout'|\
    'org get|--request-timeout'|\
    'org update|--name'|\
    'org update|--data'|\
    'org update|-o'|'org update|--output'|\
    'org update|--fields'|\
    'org update|--profile'|\
    'org update|--connect-timeout'|\
    'org update|--request-timeout'|\
    'api|-f'|'api|--field'|\
    'api|--data'|\
    'api|--profile'|\
    'api|--connect-timeout'|\
    'api|--request-timeout'|\
    'config|--profile'|\
    'config|--connect-timeout'|\
    'config|--request-timeout'|\
    'config get|--profile'|\
    'config get|--connect-timeout'|\
    'config get|--request-timeout'|\
    'config set|--profile'|\
    'config set|--connect-timeout'|\
    'config set|--request-timeout'|\
    'config unset|--profile'|\
    'config unset|--connect-timeout'|\
    'config unset|--request-timeout'|\
    'config list|--profile'|\
    'config list|--connect-timeout'|\
    'config list|--request-timeout'|\
    'login|--scopes'|\
    'login|--port'|\
    'login|--timeout'|\
    'login|--storage'|\
    'login|--profile'|\
    'login|--connect-timeout'|\
    'login|--request-timeout'|\
    'logout|--profile'|\
    'logout|--connect-timeout'|\
    'logout|--request-timeout'|\
    'auth|--profile'|\
    'auth|--connect-timeout'|\
    'auth|--request-timeout'|\
    'auth status|--profile'|\
    'auth status|--connect-timeout'|\
    'auth status|--request-timeout'|\
    'auth token|--profile'|\
    'auth token|--connect-timeout'|\
    'auth token|--request-timeout'|\
    'whoami|--profile'|\
    'whoami|--connect-timeout'|\
    'whoami|--request-timeout'|\
    'serve|--port'|\
    'serve|--host'|\
    'serve|--allowed-host'|\
    'serve|--db'|\
    'serve|--seed'|\
    'serve|--orders'|\
    'serve|--auth-url'|\
    'serve|--faults'|\
    'serve|--profile'|\
    'serve|--connect-timeout'|\
    'serve|--request-timeout'|\
    'completion|--profile'|\
    'completion|--connect-timeout'|\
    'completion|--request-timeout') return 0 ;;
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
    'subs cancel|--reason') echo 'customer_service low_quality missing_features switched_service too_complex too_expensive unused other' ;;
    'subs cancel|-o'|'subs cancel|--output') echo 'table tsv json ndjson' ;;
    'subs cancel|--profile') billing __complete profiles 2>/dev/null ;;
    'subs resume|-o'|'subs resume|--output') echo 'table tsv json ndjson' ;;
    'subs resume|--profile') billing __complete profiles 2>/dev/null ;;
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
# Prints the command path the words before the last one name (flags and their values skipped).
_billing_cpath() {
  local cpath="" i w sub
  local n=$#
  local -a _bw
  _bw=("" "$@")
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
  echo "$cpath"
}
# Prints the candidates for the last word, given every word of the line (command included).
_billing_candidates() {
  local cpath prev cur
  local n=$#
  local -a _bw
  _bw=("" "$@")
  cur="${_bw[$n]}"
  prev=""
  [ "$n" -gt 1 ] && prev="${_bw[$((n - 1))]}"
  cpath="$(_billing_cpath "$@")"
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
