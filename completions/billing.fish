# fish completion for billing. Generated from the command tree by
# `billing completion fish`; do not edit.
# Install: billing completion fish > ~/.config/fish/completions/billing.fish
function __billing_path
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l bpath ""
    set -l skip 0
    for t in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        if string match -q -- "-*" $t
            if contains -- "$bpath|$t" $__billing_value_flags
                set skip 1
            end
            continue
        end
        set -l candidate (string trim -- "$bpath $t")
        if contains -- "$bpath" $__billing_parents; and contains -- $candidate $__billing_paths
            set bpath $candidate
        end
    end
    echo $bpath
end
function __billing_at
    test (__billing_path) = "$argv[1]"
end
set -g __billing_parents '' 'checkout' 'subs' 'orders' 'keys' 'org' 'config' 'auth'
set -g __billing_paths 'checkout' 'checkout get' 'checkout update' 'checkout confirm' 'subs' 'subs list' 'subs change-price' 'subs cancel' 'subs resume' 'orders' 'orders list' 'orders get' 'keys' 'keys list' 'keys get' 'keys update' 'keys activate' 'keys validate' 'keys deactivate' 'org' 'org get' 'org update' 'api' 'config' 'config get' 'config set' 'config unset' 'config list' 'login' 'logout' 'auth' 'auth status' 'auth token' 'whoami' 'serve' 'completion'
set -g __billing_value_flags '|--profile' '|--connect-timeout' '|--request-timeout' 'checkout|--profile' 'checkout|--connect-timeout' 'checkout|--request-timeout' 'checkout get|-o' 'checkout get|--output' 'checkout get|--fields' 'checkout get|--profile' 'checkout get|--connect-timeout' 'checkout get|--request-timeout' 'checkout update|--customer-email' 'checkout update|--customer-name' 'checkout update|--metadata' 'checkout update|--data' 'checkout update|-o' 'checkout update|--output' 'checkout update|--fields' 'checkout update|--profile' 'checkout update|--connect-timeout' 'checkout update|--request-timeout' 'checkout confirm|--customer-email' 'checkout confirm|--customer-name' 'checkout confirm|--discount-code' 'checkout confirm|--confirmation-token' 'checkout confirm|--data' 'checkout confirm|-o' 'checkout confirm|--output' 'checkout confirm|--fields' 'checkout confirm|--profile' 'checkout confirm|--connect-timeout' 'checkout confirm|--request-timeout' 'subs|--profile' 'subs|--connect-timeout' 'subs|--request-timeout' 'subs list|--product' 'subs list|--org' 'subs list|--query' 'subs list|--sort' 'subs list|-o' 'subs list|--output' 'subs list|--fields' 'subs list|--limit' 'subs list|--page' 'subs list|--page-size' 'subs list|--profile' 'subs list|--connect-timeout' 'subs list|--request-timeout' 'subs change-price|--price' 'subs change-price|--proration' 'subs change-price|-o' 'subs change-price|--output' 'subs change-price|--fields' 'subs change-price|--profile' 'subs change-price|--connect-timeout' 'subs change-price|--request-timeout' 'subs cancel|--reason' 'subs cancel|--comment' 'subs cancel|-o' 'subs cancel|--output' 'subs cancel|--fields' 'subs cancel|--profile' 'subs cancel|--connect-timeout' 'subs cancel|--request-timeout' 'subs resume|-o' 'subs resume|--output' 'subs resume|--fields' 'subs resume|--profile' 'subs resume|--connect-timeout' 'subs resume|--request-timeout' 'orders|--profile' 'orders|--connect-timeout' 'orders|--request-timeout' 'orders list|--type' 'orders list|--product' 'orders list|--customer' 'orders list|--discount' 'orders list|--org' 'orders list|--sort' 'orders list|-o' 'orders list|--output' 'orders list|--fields' 'orders list|--limit' 'orders list|--page' 'orders list|--page-size' 'orders list|--profile' 'orders list|--connect-timeout' 'orders list|--request-timeout' 'orders get|-o' 'orders get|--output' 'orders get|--fields' 'orders get|--profile' 'orders get|--connect-timeout' 'orders get|--request-timeout' 'keys|--profile' 'keys|--connect-timeout' 'keys|--request-timeout' 'keys list|--org' 'keys list|--benefit' 'keys list|-o' 'keys list|--output' 'keys list|--fields' 'keys list|--limit' 'keys list|--page' 'keys list|--page-size' 'keys list|--profile' 'keys list|--connect-timeout' 'keys list|--request-timeout' 'keys get|-o' 'keys get|--output' 'keys get|--fields' 'keys get|--profile' 'keys get|--connect-timeout' 'keys get|--request-timeout' 'keys update|--status' 'keys update|--limit-activations' 'keys update|--limit-usage' 'keys update|--usage' 'keys update|--expires-at' 'keys update|-o' 'keys update|--output' 'keys update|--fields' 'keys update|--profile' 'keys update|--connect-timeout' 'keys update|--request-timeout' 'keys activate|--org' 'keys activate|--label' 'keys activate|--meta' 'keys activate|--condition' 'keys activate|-o' 'keys activate|--output' 'keys activate|--fields' 'keys activate|--profile' 'keys activate|--connect-timeout' 'keys activate|--request-timeout' 'keys validate|--org' 'keys validate|--activation' 'keys validate|--benefit' 'keys validate|--customer' 'keys validate|--increment-usage' 'keys validate|--condition' 'keys validate|-o' 'keys validate|--output' 'keys validate|--fields' 'keys validate|--profile' 'keys validate|--connect-timeout' 'keys validate|--request-timeout' 'keys deactivate|--org' 'keys deactivate|--activation' 'keys deactivate|--profile' 'keys deactivate|--connect-timeout' 'keys deactivate|--request-timeout' 'org|--profile' 'org|--connect-timeout' 'org|--request-timeout' 'org get|-o' 'org get|--output' 'org get|--fields' 'org get|--profile' 'org get|--connect-timeout' 'org get|--request-timeout' 'org update|--name' 'org update|--data' 'org update|-o' 'org update|--output' 'org update|--fields' 'org update|--profile' 'org update|--connect-timeout' 'org update|--request-timeout' 'api|-f' 'api|--field' 'api|--data' 'api|--profile' 'api|--connect-timeout' 'api|--request-timeout' 'config|--profile' 'config|--connect-timeout' 'config|--request-timeout' 'config get|--profile' 'config get|--connect-timeout' 'config get|--request-timeout' 'config set|--profile' 'config set|--connect-timeout' 'config set|--request-timeout' 'config unset|--profile' 'config unset|--connect-timeout' 'config unset|--request-timeout' 'config list|--profile' 'config list|--connect-timeout' 'config list|--request-timeout' 'login|--scopes' 'login|--port' 'login|--timeout' 'login|--storage' 'login|--profile' 'login|--connect-timeout' 'login|--request-timeout' 'logout|--profile' 'logout|--connect-timeout' 'logout|--request-timeout' 'auth|--profile' 'auth|--connect-timeout' 'auth|--request-timeout' 'auth status|--profile' 'auth status|--connect-timeout' 'auth status|--request-timeout' 'auth token|--profile' 'auth token|--connect-timeout' 'auth token|--request-timeout' 'whoami|--profile' 'whoami|--connect-timeout' 'whoami|--request-timeout' 'serve|--port' 'serve|--host' 'serve|--db' 'serve|--seed' 'serve|--orders' 'serve|--auth-url' 'serve|--faults' 'serve|--profile' 'serve|--connect-timeout' 'serve|--request-timeout' 'completion|--profile' 'completion|--connect-timeout' 'completion|--request-timeout'
complete -c billing -f
complete -c billing -n '__billing_at '\'''\''' -a 'checkout'
complete -c billing -n '__billing_at '\'''\''' -a 'subs'
complete -c billing -n '__billing_at '\'''\''' -a 'orders'
complete -c billing -n '__billing_at '\'''\''' -a 'keys'
complete -c billing -n '__billing_at '\'''\''' -a 'org'
complete -c billing -n '__billing_at '\'''\''' -a 'api'
complete -c billing -n '__billing_at '\'''\''' -a 'config'
complete -c billing -n '__billing_at '\'''\''' -a 'login'
complete -c billing -n '__billing_at '\'''\''' -a 'logout'
complete -c billing -n '__billing_at '\'''\''' -a 'auth'
complete -c billing -n '__billing_at '\'''\''' -a 'whoami'
complete -c billing -n '__billing_at '\'''\''' -a 'serve'
complete -c billing -n '__billing_at '\'''\''' -a 'completion'
complete -c billing -n '__billing_at '\'''\''' -a 'help'
complete -c billing -n '__billing_at '\'''\''' -s V -l version
complete -c billing -n '__billing_at '\'''\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\'''\''' -l debug
complete -c billing -n '__billing_at '\'''\''' -l no-pager
complete -c billing -n '__billing_at '\'''\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\'''\''' -l request-timeout -r
complete -c billing -n '__billing_at '\'''\''' -s h -l help
complete -c billing -n '__billing_at '\''checkout'\''' -a 'get'
complete -c billing -n '__billing_at '\''checkout'\''' -a 'update'
complete -c billing -n '__billing_at '\''checkout'\''' -a 'confirm'
complete -c billing -n '__billing_at '\''checkout'\''' -s h -l help
complete -c billing -n '__billing_at '\''checkout'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''checkout'\''' -l debug
complete -c billing -n '__billing_at '\''checkout'\''' -l no-pager
complete -c billing -n '__billing_at '\''checkout'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''checkout'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''checkout get'\''' -l json
complete -c billing -n '__billing_at '\''checkout get'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''checkout get'\''' -l fields -r
complete -c billing -n '__billing_at '\''checkout get'\''' -s h -l help
complete -c billing -n '__billing_at '\''checkout get'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''checkout get'\''' -l debug
complete -c billing -n '__billing_at '\''checkout get'\''' -l no-pager
complete -c billing -n '__billing_at '\''checkout get'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''checkout get'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''checkout update'\''' -l customer-email -r
complete -c billing -n '__billing_at '\''checkout update'\''' -l customer-name -r
complete -c billing -n '__billing_at '\''checkout update'\''' -l metadata -r
complete -c billing -n '__billing_at '\''checkout update'\''' -l data -r
complete -c billing -n '__billing_at '\''checkout update'\''' -l json
complete -c billing -n '__billing_at '\''checkout update'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''checkout update'\''' -l fields -r
complete -c billing -n '__billing_at '\''checkout update'\''' -s h -l help
complete -c billing -n '__billing_at '\''checkout update'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''checkout update'\''' -l debug
complete -c billing -n '__billing_at '\''checkout update'\''' -l no-pager
complete -c billing -n '__billing_at '\''checkout update'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''checkout update'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l customer-email -r
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l customer-name -r
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l discount-code -r
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l confirmation-token -r
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l data -r
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l json
complete -c billing -n '__billing_at '\''checkout confirm'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l fields -r
complete -c billing -n '__billing_at '\''checkout confirm'\''' -s h -l help
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l debug
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l no-pager
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''checkout confirm'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''subs'\''' -a 'list'
complete -c billing -n '__billing_at '\''subs'\''' -a 'change-price'
complete -c billing -n '__billing_at '\''subs'\''' -a 'cancel'
complete -c billing -n '__billing_at '\''subs'\''' -a 'resume'
complete -c billing -n '__billing_at '\''subs'\''' -s h -l help
complete -c billing -n '__billing_at '\''subs'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''subs'\''' -l debug
complete -c billing -n '__billing_at '\''subs'\''' -l no-pager
complete -c billing -n '__billing_at '\''subs'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''subs'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''subs list'\''' -l active
complete -c billing -n '__billing_at '\''subs list'\''' -l inactive
complete -c billing -n '__billing_at '\''subs list'\''' -l product -r
complete -c billing -n '__billing_at '\''subs list'\''' -l org -r
complete -c billing -n '__billing_at '\''subs list'\''' -l query -r
complete -c billing -n '__billing_at '\''subs list'\''' -l sort -x -a 'started_at amount status organization product -started_at -amount -status -organization -product'
complete -c billing -n '__billing_at '\''subs list'\''' -l json
complete -c billing -n '__billing_at '\''subs list'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''subs list'\''' -l fields -r
complete -c billing -n '__billing_at '\''subs list'\''' -l limit -r
complete -c billing -n '__billing_at '\''subs list'\''' -l page -r
complete -c billing -n '__billing_at '\''subs list'\''' -l page-size -r
complete -c billing -n '__billing_at '\''subs list'\''' -l all
complete -c billing -n '__billing_at '\''subs list'\''' -s h -l help
complete -c billing -n '__billing_at '\''subs list'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''subs list'\''' -l debug
complete -c billing -n '__billing_at '\''subs list'\''' -l no-pager
complete -c billing -n '__billing_at '\''subs list'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''subs list'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''subs change-price'\''' -l price -r
complete -c billing -n '__billing_at '\''subs change-price'\''' -l proration -x -a 'invoice prorate'
complete -c billing -n '__billing_at '\''subs change-price'\''' -l as-customer
complete -c billing -n '__billing_at '\''subs change-price'\''' -l json
complete -c billing -n '__billing_at '\''subs change-price'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''subs change-price'\''' -l fields -r
complete -c billing -n '__billing_at '\''subs change-price'\''' -s h -l help
complete -c billing -n '__billing_at '\''subs change-price'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''subs change-price'\''' -l debug
complete -c billing -n '__billing_at '\''subs change-price'\''' -l no-pager
complete -c billing -n '__billing_at '\''subs change-price'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''subs change-price'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''subs cancel'\''' -l now
complete -c billing -n '__billing_at '\''subs cancel'\''' -s y -l yes
complete -c billing -n '__billing_at '\''subs cancel'\''' -l reason -x -a 'customer_service low_quality missing_features switched_service too_complex too_expensive unused other'
complete -c billing -n '__billing_at '\''subs cancel'\''' -l comment -r
complete -c billing -n '__billing_at '\''subs cancel'\''' -l as-customer
complete -c billing -n '__billing_at '\''subs cancel'\''' -l json
complete -c billing -n '__billing_at '\''subs cancel'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''subs cancel'\''' -l fields -r
complete -c billing -n '__billing_at '\''subs cancel'\''' -s h -l help
complete -c billing -n '__billing_at '\''subs cancel'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''subs cancel'\''' -l debug
complete -c billing -n '__billing_at '\''subs cancel'\''' -l no-pager
complete -c billing -n '__billing_at '\''subs cancel'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''subs cancel'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''subs resume'\''' -l as-customer
complete -c billing -n '__billing_at '\''subs resume'\''' -l json
complete -c billing -n '__billing_at '\''subs resume'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''subs resume'\''' -l fields -r
complete -c billing -n '__billing_at '\''subs resume'\''' -s h -l help
complete -c billing -n '__billing_at '\''subs resume'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''subs resume'\''' -l debug
complete -c billing -n '__billing_at '\''subs resume'\''' -l no-pager
complete -c billing -n '__billing_at '\''subs resume'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''subs resume'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''orders'\''' -a 'list'
complete -c billing -n '__billing_at '\''orders'\''' -a 'get'
complete -c billing -n '__billing_at '\''orders'\''' -s h -l help
complete -c billing -n '__billing_at '\''orders'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''orders'\''' -l debug
complete -c billing -n '__billing_at '\''orders'\''' -l no-pager
complete -c billing -n '__billing_at '\''orders'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''orders'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''orders list'\''' -l type -x -a 'one_time recurring'
complete -c billing -n '__billing_at '\''orders list'\''' -l product -r
complete -c billing -n '__billing_at '\''orders list'\''' -l customer -r
complete -c billing -n '__billing_at '\''orders list'\''' -l discount -r
complete -c billing -n '__billing_at '\''orders list'\''' -l org -r
complete -c billing -n '__billing_at '\''orders list'\''' -l sort -x -a 'created_at amount customer product discount subscription -created_at -amount -customer -product -discount -subscription'
complete -c billing -n '__billing_at '\''orders list'\''' -l json
complete -c billing -n '__billing_at '\''orders list'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''orders list'\''' -l fields -r
complete -c billing -n '__billing_at '\''orders list'\''' -l limit -r
complete -c billing -n '__billing_at '\''orders list'\''' -l page -r
complete -c billing -n '__billing_at '\''orders list'\''' -l page-size -r
complete -c billing -n '__billing_at '\''orders list'\''' -l all
complete -c billing -n '__billing_at '\''orders list'\''' -s h -l help
complete -c billing -n '__billing_at '\''orders list'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''orders list'\''' -l debug
complete -c billing -n '__billing_at '\''orders list'\''' -l no-pager
complete -c billing -n '__billing_at '\''orders list'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''orders list'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''orders get'\''' -l json
complete -c billing -n '__billing_at '\''orders get'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''orders get'\''' -l fields -r
complete -c billing -n '__billing_at '\''orders get'\''' -s h -l help
complete -c billing -n '__billing_at '\''orders get'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''orders get'\''' -l debug
complete -c billing -n '__billing_at '\''orders get'\''' -l no-pager
complete -c billing -n '__billing_at '\''orders get'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''orders get'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''keys'\''' -a 'list'
complete -c billing -n '__billing_at '\''keys'\''' -a 'get'
complete -c billing -n '__billing_at '\''keys'\''' -a 'update'
complete -c billing -n '__billing_at '\''keys'\''' -a 'activate'
complete -c billing -n '__billing_at '\''keys'\''' -a 'validate'
complete -c billing -n '__billing_at '\''keys'\''' -a 'deactivate'
complete -c billing -n '__billing_at '\''keys'\''' -s h -l help
complete -c billing -n '__billing_at '\''keys'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''keys'\''' -l debug
complete -c billing -n '__billing_at '\''keys'\''' -l no-pager
complete -c billing -n '__billing_at '\''keys'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''keys'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''keys list'\''' -l org -r
complete -c billing -n '__billing_at '\''keys list'\''' -l benefit -r
complete -c billing -n '__billing_at '\''keys list'\''' -l mine
complete -c billing -n '__billing_at '\''keys list'\''' -l json
complete -c billing -n '__billing_at '\''keys list'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''keys list'\''' -l fields -r
complete -c billing -n '__billing_at '\''keys list'\''' -l limit -r
complete -c billing -n '__billing_at '\''keys list'\''' -l page -r
complete -c billing -n '__billing_at '\''keys list'\''' -l page-size -r
complete -c billing -n '__billing_at '\''keys list'\''' -l all
complete -c billing -n '__billing_at '\''keys list'\''' -s h -l help
complete -c billing -n '__billing_at '\''keys list'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''keys list'\''' -l debug
complete -c billing -n '__billing_at '\''keys list'\''' -l no-pager
complete -c billing -n '__billing_at '\''keys list'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''keys list'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''keys get'\''' -l json
complete -c billing -n '__billing_at '\''keys get'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''keys get'\''' -l fields -r
complete -c billing -n '__billing_at '\''keys get'\''' -s h -l help
complete -c billing -n '__billing_at '\''keys get'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''keys get'\''' -l debug
complete -c billing -n '__billing_at '\''keys get'\''' -l no-pager
complete -c billing -n '__billing_at '\''keys get'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''keys get'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''keys update'\''' -l status -x -a 'granted revoked disabled'
complete -c billing -n '__billing_at '\''keys update'\''' -l limit-activations -r
complete -c billing -n '__billing_at '\''keys update'\''' -l limit-usage -r
complete -c billing -n '__billing_at '\''keys update'\''' -l usage -r
complete -c billing -n '__billing_at '\''keys update'\''' -l expires-at -r
complete -c billing -n '__billing_at '\''keys update'\''' -s y -l yes
complete -c billing -n '__billing_at '\''keys update'\''' -l json
complete -c billing -n '__billing_at '\''keys update'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''keys update'\''' -l fields -r
complete -c billing -n '__billing_at '\''keys update'\''' -s h -l help
complete -c billing -n '__billing_at '\''keys update'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''keys update'\''' -l debug
complete -c billing -n '__billing_at '\''keys update'\''' -l no-pager
complete -c billing -n '__billing_at '\''keys update'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''keys update'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''keys activate'\''' -l org -r
complete -c billing -n '__billing_at '\''keys activate'\''' -l label -r
complete -c billing -n '__billing_at '\''keys activate'\''' -l meta -r
complete -c billing -n '__billing_at '\''keys activate'\''' -l condition -r
complete -c billing -n '__billing_at '\''keys activate'\''' -l json
complete -c billing -n '__billing_at '\''keys activate'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''keys activate'\''' -l fields -r
complete -c billing -n '__billing_at '\''keys activate'\''' -s h -l help
complete -c billing -n '__billing_at '\''keys activate'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''keys activate'\''' -l debug
complete -c billing -n '__billing_at '\''keys activate'\''' -l no-pager
complete -c billing -n '__billing_at '\''keys activate'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''keys activate'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''keys validate'\''' -l org -r
complete -c billing -n '__billing_at '\''keys validate'\''' -l activation -r
complete -c billing -n '__billing_at '\''keys validate'\''' -l benefit -r
complete -c billing -n '__billing_at '\''keys validate'\''' -l customer -r
complete -c billing -n '__billing_at '\''keys validate'\''' -l increment-usage -r
complete -c billing -n '__billing_at '\''keys validate'\''' -l condition -r
complete -c billing -n '__billing_at '\''keys validate'\''' -l json
complete -c billing -n '__billing_at '\''keys validate'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''keys validate'\''' -l fields -r
complete -c billing -n '__billing_at '\''keys validate'\''' -s h -l help
complete -c billing -n '__billing_at '\''keys validate'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''keys validate'\''' -l debug
complete -c billing -n '__billing_at '\''keys validate'\''' -l no-pager
complete -c billing -n '__billing_at '\''keys validate'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''keys validate'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''keys deactivate'\''' -l org -r
complete -c billing -n '__billing_at '\''keys deactivate'\''' -l activation -r
complete -c billing -n '__billing_at '\''keys deactivate'\''' -s h -l help
complete -c billing -n '__billing_at '\''keys deactivate'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''keys deactivate'\''' -l debug
complete -c billing -n '__billing_at '\''keys deactivate'\''' -l no-pager
complete -c billing -n '__billing_at '\''keys deactivate'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''keys deactivate'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''org'\''' -a 'get'
complete -c billing -n '__billing_at '\''org'\''' -a 'update'
complete -c billing -n '__billing_at '\''org'\''' -s h -l help
complete -c billing -n '__billing_at '\''org'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''org'\''' -l debug
complete -c billing -n '__billing_at '\''org'\''' -l no-pager
complete -c billing -n '__billing_at '\''org'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''org'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''org get'\''' -l json
complete -c billing -n '__billing_at '\''org get'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''org get'\''' -l fields -r
complete -c billing -n '__billing_at '\''org get'\''' -s h -l help
complete -c billing -n '__billing_at '\''org get'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''org get'\''' -l debug
complete -c billing -n '__billing_at '\''org get'\''' -l no-pager
complete -c billing -n '__billing_at '\''org get'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''org get'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''org update'\''' -l name -r
complete -c billing -n '__billing_at '\''org update'\''' -l data -r
complete -c billing -n '__billing_at '\''org update'\''' -l json
complete -c billing -n '__billing_at '\''org update'\''' -s o -l output -x -a 'table tsv json ndjson'
complete -c billing -n '__billing_at '\''org update'\''' -l fields -r
complete -c billing -n '__billing_at '\''org update'\''' -s h -l help
complete -c billing -n '__billing_at '\''org update'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''org update'\''' -l debug
complete -c billing -n '__billing_at '\''org update'\''' -l no-pager
complete -c billing -n '__billing_at '\''org update'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''org update'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''api'\''' -s f -l field -r
complete -c billing -n '__billing_at '\''api'\''' -l data -r
complete -c billing -n '__billing_at '\''api'\''' -l paginate
complete -c billing -n '__billing_at '\''api'\''' -l no-auth
complete -c billing -n '__billing_at '\''api'\''' -l as-customer
complete -c billing -n '__billing_at '\''api'\''' -s h -l help
complete -c billing -n '__billing_at '\''api'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''api'\''' -l debug
complete -c billing -n '__billing_at '\''api'\''' -l no-pager
complete -c billing -n '__billing_at '\''api'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''api'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''config'\''' -a 'get'
complete -c billing -n '__billing_at '\''config'\''' -a 'set'
complete -c billing -n '__billing_at '\''config'\''' -a 'unset'
complete -c billing -n '__billing_at '\''config'\''' -a 'list'
complete -c billing -n '__billing_at '\''config'\''' -s h -l help
complete -c billing -n '__billing_at '\''config'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''config'\''' -l debug
complete -c billing -n '__billing_at '\''config'\''' -l no-pager
complete -c billing -n '__billing_at '\''config'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''config'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''config get'\''' -s h -l help
complete -c billing -n '__billing_at '\''config get'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''config get'\''' -l debug
complete -c billing -n '__billing_at '\''config get'\''' -l no-pager
complete -c billing -n '__billing_at '\''config get'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''config get'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''config set'\''' -s h -l help
complete -c billing -n '__billing_at '\''config set'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''config set'\''' -l debug
complete -c billing -n '__billing_at '\''config set'\''' -l no-pager
complete -c billing -n '__billing_at '\''config set'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''config set'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''config unset'\''' -s h -l help
complete -c billing -n '__billing_at '\''config unset'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''config unset'\''' -l debug
complete -c billing -n '__billing_at '\''config unset'\''' -l no-pager
complete -c billing -n '__billing_at '\''config unset'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''config unset'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''config list'\''' -l json
complete -c billing -n '__billing_at '\''config list'\''' -s h -l help
complete -c billing -n '__billing_at '\''config list'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''config list'\''' -l debug
complete -c billing -n '__billing_at '\''config list'\''' -l no-pager
complete -c billing -n '__billing_at '\''config list'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''config list'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''login'\''' -l scopes -r
complete -c billing -n '__billing_at '\''login'\''' -l read-only
complete -c billing -n '__billing_at '\''login'\''' -l org
complete -c billing -n '__billing_at '\''login'\''' -l port -r
complete -c billing -n '__billing_at '\''login'\''' -l timeout -r
complete -c billing -n '__billing_at '\''login'\''' -l no-browser
complete -c billing -n '__billing_at '\''login'\''' -l with-token
complete -c billing -n '__billing_at '\''login'\''' -l storage -x -a 'auto keychain file'
complete -c billing -n '__billing_at '\''login'\''' -s h -l help
complete -c billing -n '__billing_at '\''login'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''login'\''' -l debug
complete -c billing -n '__billing_at '\''login'\''' -l no-pager
complete -c billing -n '__billing_at '\''login'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''login'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''logout'\''' -s h -l help
complete -c billing -n '__billing_at '\''logout'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''logout'\''' -l debug
complete -c billing -n '__billing_at '\''logout'\''' -l no-pager
complete -c billing -n '__billing_at '\''logout'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''logout'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''auth'\''' -a 'status'
complete -c billing -n '__billing_at '\''auth'\''' -a 'token'
complete -c billing -n '__billing_at '\''auth'\''' -s h -l help
complete -c billing -n '__billing_at '\''auth'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''auth'\''' -l debug
complete -c billing -n '__billing_at '\''auth'\''' -l no-pager
complete -c billing -n '__billing_at '\''auth'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''auth'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''auth status'\''' -l json
complete -c billing -n '__billing_at '\''auth status'\''' -s h -l help
complete -c billing -n '__billing_at '\''auth status'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''auth status'\''' -l debug
complete -c billing -n '__billing_at '\''auth status'\''' -l no-pager
complete -c billing -n '__billing_at '\''auth status'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''auth status'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''auth token'\''' -l customer
complete -c billing -n '__billing_at '\''auth token'\''' -s h -l help
complete -c billing -n '__billing_at '\''auth token'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''auth token'\''' -l debug
complete -c billing -n '__billing_at '\''auth token'\''' -l no-pager
complete -c billing -n '__billing_at '\''auth token'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''auth token'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''whoami'\''' -l json
complete -c billing -n '__billing_at '\''whoami'\''' -s h -l help
complete -c billing -n '__billing_at '\''whoami'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''whoami'\''' -l debug
complete -c billing -n '__billing_at '\''whoami'\''' -l no-pager
complete -c billing -n '__billing_at '\''whoami'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''whoami'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''serve'\''' -l port -r
complete -c billing -n '__billing_at '\''serve'\''' -l host -r
complete -c billing -n '__billing_at '\''serve'\''' -l db -r
complete -c billing -n '__billing_at '\''serve'\''' -l seed -x -a 'demo none'
complete -c billing -n '__billing_at '\''serve'\''' -l orders -r
complete -c billing -n '__billing_at '\''serve'\''' -l auth-url -r
complete -c billing -n '__billing_at '\''serve'\''' -l faults -r
complete -c billing -n '__billing_at '\''serve'\''' -l rate-limit
complete -c billing -n '__billing_at '\''serve'\''' -l json
complete -c billing -n '__billing_at '\''serve'\''' -s h -l help
complete -c billing -n '__billing_at '\''serve'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''serve'\''' -l debug
complete -c billing -n '__billing_at '\''serve'\''' -l no-pager
complete -c billing -n '__billing_at '\''serve'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''serve'\''' -l request-timeout -r
complete -c billing -n '__billing_at '\''completion'\''' -s h -l help
complete -c billing -n '__billing_at '\''completion'\''' -l profile -x -a '(billing __complete profiles 2>/dev/null)'
complete -c billing -n '__billing_at '\''completion'\''' -l debug
complete -c billing -n '__billing_at '\''completion'\''' -l no-pager
complete -c billing -n '__billing_at '\''completion'\''' -l connect-timeout -r
complete -c billing -n '__billing_at '\''completion'\''' -l request-timeout -r
