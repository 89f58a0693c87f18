# bash completion for billing. Generated from the command tree by
# `billing completion bash`; do not edit.
# Install: billing completion bash > ~/.local/share/bash-completion/completions/billing
_billing_subcommands() {
  case "$1" in
    '') echo 'checkout subs orders customers products discounts benefits keys org webhooks listen trigger clock api config login logout auth whoami serve completion help' ;;
    'checkout') echo 'create list get open update confirm' ;;
    'subs') echo 'list get export change-price cancel resume revoke' ;;
    'orders') echo 'list get' ;;
    'customers') echo 'list get create update delete' ;;
    'products') echo 'list get create update archive' ;;
    'discounts') echo 'list get create update delete' ;;
    'benefits') echo 'list get' ;;
    'keys') echo 'list get update activate validate deactivate' ;;
    'org') echo 'list get update' ;;
    'webhooks') echo 'list get create update delete deliveries redeliver' ;;
    'clock') echo 'show advance set reset' ;;
    'config') echo 'get set unset list' ;;
    'auth') echo 'status token' ;;
  esac
}
_billing_args() {
  case "$1" in
    'trigger') echo 'checkout.created checkout.updated order.created subscription.created subscription.updated subscription.active subscription.canceled subscription.uncanceled subscription.revoked benefit_grant.created benefit_grant.updated benefit_grant.revoked organization.updated product.created product.updated benefit.created benefit.updated' ;;
  esac
}
_billing_flags() {
  case "$1" in
    '') echo '-V --version --profile --debug --no-pager --connect-timeout --request-timeout -h --help' ;;
    'checkout') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout create') echo '--price --email --name --discount --no-discount-codes --success-url --metadata --customer-metadata --data --open --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout list') echo '--product --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout open') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout update') echo '--customer-email --customer-name --metadata --unset-metadata --replace-metadata --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout confirm') echo '--customer-email --customer-name --discount-code --confirmation-token --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs list') echo '--active --inactive --status --product --customer --discount --org --query --sort --mine --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs get') echo '--org --customer --mine --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs export') echo '--org -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs change-price') echo '--price --proration --as-customer --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs cancel') echo '--now -y --yes --reason --comment --as-customer --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs resume') echo '--as-customer --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs revoke') echo '-y --yes --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders list') echo '--type --product --customer --discount --subscription --org --query --sort --mine --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders get') echo '--mine --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers list') echo '--org --query --email --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers create') echo '--email --name --org --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers update') echo '--email --name --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers delete') echo '-y --yes -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'products') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'products list') echo '--query --recurring --one-time --archived --benefit --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'products get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'products create') echo '--name --description --price --org --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'products update') echo '--name --description --add-price --archive-price --unarchive --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'products archive') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts list') echo '--query --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts create') echo '--name --amount --currency --percent --duration --months --code --max-redemptions --starts-at --ends-at --product --org --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts update') echo '--name --amount --currency --percent --months --code --max-redemptions --starts-at --ends-at --product --any-product --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts delete') echo '-y --yes -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'benefits') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'benefits list') echo '--type --org --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'benefits get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys list') echo '--org --benefit --mine --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys get') echo '--mine --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys update') echo '--status --limit-activations --limit-usage --usage --expires-at -y --yes --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys activate') echo '--org --label --meta --condition --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys validate') echo '--org --activation --benefit --customer --increment-usage --condition --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys deactivate') echo '--org --activation -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'org') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'org list') echo '--slug --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'org get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'org update') echo '--name --data --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks list') echo '--org --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks get') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks create') echo '--url --events --secret --format --org --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks update') echo '--url --events --secret --format --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks delete') echo '-y --yes -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks deliveries') echo '--endpoint --failed --json -o --output --fields --limit --page --page-size --all -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks redeliver') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'listen') echo '--events --org --skip-verify --json -o --output -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'trigger') echo '--org --json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock') echo '-h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock show') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock advance') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock set') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock reset') echo '--json -o --output --fields -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
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
    'serve') echo '--port --host --allowed-host --db --seed --orders --auth-url --faults --rate-limit --webhook --json --quiet -h --help --profile --debug --no-pager --connect-timeout --request-timeout' ;;
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
    'checkout create|--price'|\
    'checkout create|--email'|\
    'checkout create|--name'|\
    'checkout create|--discount'|\
    'checkout create|--success-url'|\
    'checkout create|--metadata'|\
    'checkout create|--customer-metadata'|\
    'checkout create|--data'|\
    'checkout create|-o'|'checkout create|--output'|\
    'checkout create|--fields'|\
    'checkout create|--profile'|\
    'checkout create|--connect-timeout'|\
    'checkout create|--request-timeout'|\
    'checkout list|--product'|\
    'checkout list|--org'|\
    'checkout list|--sort'|\
    'checkout list|-o'|'checkout list|--output'|\
    'checkout list|--fields'|\
    'checkout list|--limit'|\
    'checkout list|--page'|\
    'checkout list|--page-size'|\
    'checkout list|--profile'|\
    'checkout list|--connect-timeout'|\
    'checkout list|--request-timeout'|\
    'checkout get|-o'|'checkout get|--output'|\
    'checkout get|--fields'|\
    'checkout get|--profile'|\
    'checkout get|--connect-timeout'|\
    'checkout get|--request-timeout'|\
    'checkout open|--profile'|\
    'checkout open|--connect-timeout'|\
    'checkout open|--request-timeout'|\
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
    'subs list|--status'|\
    'subs list|--product'|\
    'subs list|--customer'|\
    'subs list|--discount'|\
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
    'subs get|--org'|\
    'subs get|--customer'|\
    'subs get|-o'|'subs get|--output'|\
    'subs get|--fields'|\
    'subs get|--profile'|\
    'subs get|--connect-timeout'|\
    'subs get|--request-timeout'|\
    'subs export|--org'|\
    'subs export|--profile'|\
    'subs export|--connect-timeout'|\
    'subs export|--request-timeout'|\
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
    'subs revoke|-o'|'subs revoke|--output'|\
    'subs revoke|--fields'|\
    'subs revoke|--profile'|\
    'subs revoke|--connect-timeout'|\
    'subs revoke|--request-timeout'|\
    'orders|--profile'|\
    'orders|--connect-timeout'|\
    'orders|--request-timeout'|\
    'orders list|--type'|\
    'orders list|--product'|\
    'orders list|--customer'|\
    'orders list|--discount'|\
    'orders list|--subscription'|\
    'orders list|--org'|\
    'orders list|--query'|\
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
    'customers|--profile'|\
    'customers|--connect-timeout'|\
    'customers|--request-timeout'|\
    'customers list|--org'|\
    'customers list|--query'|\
    'customers list|--email'|\
    'customers list|--sort'|\
    'customers list|-o'|'customers list|--output'|\
    'customers list|--fields'|\
    'customers list|--limit'|\
    'customers list|--page'|\
    'customers list|--page-size'|\
    'customers list|--profile'|\
    'customers list|--connect-timeout'|\
    'customers list|--request-timeout'|\
    'customers get|-o'|'customers get|--output'|\
    'customers get|--fields'|\
    'customers get|--profile'|\
    'customers get|--connect-timeout'|\
    'customers get|--request-timeout'|\
    'customers create|--email'|\
    'customers create|--name'|\
    'customers create|--org'|\
    'customers create|--data'|\
    'customers create|-o'|'customers create|--output'|\
    'customers create|--fields'|\
    'customers create|--profile'|\
    'customers create|--connect-timeout'|\
    'customers create|--request-timeout'|\
    'customers update|--email'|\
    'customers update|--name'|\
    'customers update|--data'|\
    'customers update|-o'|'customers update|--output'|\
    'customers update|--fields'|\
    'customers update|--profile'|\
    'customers update|--connect-timeout'|\
    'customers update|--request-timeout'|\
    'customers delete|--profile'|\
    'customers delete|--connect-timeout'|\
    'customers delete|--request-timeout'|\
    'products|--profile'|\
    'products|--connect-timeout'|\
    'products|--request-timeout'|\
    'products list|--query'|\
    'products list|--benefit'|\
    'products list|--org'|\
    'products list|--sort'|\
    'products list|-o'|'products list|--output'|\
    'products list|--fields'|\
    'products list|--limit'|\
    'products list|--page'|\
    'products list|--page-size'|\
    'products list|--profile'|\
    'products list|--connect-timeout'|\
    'products list|--request-timeout'|\
    'products get|-o'|'products get|--output'|\
    'products get|--fields'|\
    'products get|--profile'|\
    'products get|--connect-timeout'|\
    'products get|--request-timeout'|\
    'products create|--name'|\
    'products create|--description'|\
    'products create|--price'|\
    'products create|--org'|\
    'products create|--data'|\
    'products create|-o'|'products create|--output'|\
    'products create|--fields'|\
    'products create|--profile'|\
    'products create|--connect-timeout'|\
    'products create|--request-timeout'|\
    'products update|--name'|\
    'products update|--description'|\
    'products update|--add-price'|\
    'products update|--archive-price'|\
    'products update|--data'|\
    'products update|-o'|'products update|--output'|\
    'products update|--fields'|\
    'products update|--profile'|\
    'products update|--connect-timeout'|\
    'products update|--request-timeout'|\
    'products archive|-o'|'products archive|--output'|\
    'products archive|--fields'|\
    'products archive|--profile'|\
    'products archive|--connect-timeout'|\
    'products archive|--request-timeout'|\
    'discounts|--profile'|\
    'discounts|--connect-timeout'|\
    'discounts|--request-timeout'|\
    'discounts list|--query'|\
    'discounts list|--org'|\
    'discounts list|--sort'|\
    'discounts list|-o'|'discounts list|--output'|\
    'discounts list|--fields'|\
    'discounts list|--limit'|\
    'discounts list|--page'|\
    'discounts list|--page-size'|\
    'discounts list|--profile'|\
    'discounts list|--connect-timeout'|\
    'discounts list|--request-timeout'|\
    'discounts get|-o'|'discounts get|--output'|\
    'discounts get|--fields'|\
    'discounts get|--profile'|\
    'discounts get|--connect-timeout'|\
    'discounts get|--request-timeout'|\
    'discounts create|--name'|\
    'discounts create|--amount'|\
    'discounts create|--currency'|\
    'discounts create|--percent'|\
    'discounts create|--duration'|\
    'discounts create|--months'|\
    'discounts create|--code'|\
    'discounts create|--max-redemptions'|\
    'discounts create|--starts-at'|\
    'discounts create|--ends-at'|\
    'discounts create|--product'|\
    'discounts create|--org'|\
    'discounts create|--data'|\
    'discounts create|-o'|'discounts create|--output'|\
    'discounts create|--fields'|\
    'discounts create|--profile'|\
    'discounts create|--connect-timeout'|\
    'discounts create|--request-timeout'|\
    'discounts update|--name'|\
    'discounts update|--amount'|\
    'discounts update|--currency'|\
    'discounts update|--percent'|\
    'discounts update|--months'|\
    'discounts update|--code'|\
    'discounts update|--max-redemptions'|\
    'discounts update|--starts-at'|\
    'discounts update|--ends-at'|\
    'discounts update|--product'|\
    'discounts update|--data'|\
    'discounts update|-o'|'discounts update|--output'|\
    'discounts update|--fields'|\
    'discounts update|--profile'|\
    'discounts update|--connect-timeout'|\
    'discounts update|--request-timeout'|\
    'discounts delete|--profile'|\
    'discounts delete|--connect-timeout'|\
    'discounts delete|--request-timeout'|\
    'benefits|--profile'|\
    'benefits|--connect-timeout'|\
    'benefits|--request-timeout'|\
    'benefits list|--type'|\
    'benefits list|--org'|\
    'benefits list|-o'|'benefits list|--output'|\
    'benefits list|--fields'|\
    'benefits list|--limit'|\
    'benefits list|--page'|\
    'benefits list|--page-size'|\
    'benefits list|--profile'|\
    'benefits list|--connect-timeout'|\
    'benefits list|--request-timeout'|\
    'benefits get|-o'|'benefits get|--output'|\
    'benefits get|--fields'|\
    'benefits get|--profile'|\
    'benefits get|--connect-timeout'|\
    'benefits get|--request-timeout'|\
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
    'org list|--slug'|\
    'org list|--sort'|\
    'org list|-o'|'org list|--output'|\
    'org list|--fields'|\
    'org list|--limit'|\
    'org list|--page'|\
    'org list|--page-size'|\
    'org list|--profile'|\
    'org list|--connect-timeout'|\
    'org list|--request-timeout'|\
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
    'webhooks|--profile'|\
    'webhooks|--connect-timeout'|\
    'webhooks|--request-timeout'|\
    'webhooks list|--org'|\
    'webhooks list|-o'|'webhooks list|--output'|\
    'webhooks list|--fields'|\
    'webhooks list|--limit'|\
    'webhooks list|--page'|\
    'webhooks list|--page-size'|\
    'webhooks list|--profile'|\
    'webhooks list|--connect-timeout'|\
    'webhooks list|--request-timeout'|\
    'webhooks get|-o'|'webhooks get|--output'|\
    'webhooks get|--fields'|\
    'webhooks get|--profile'|\
    'webhooks get|--connect-timeout'|\
    'webhooks get|--request-timeout'|\
    'webhooks create|--url'|\
    'webhooks create|--events'|\
    'webhooks create|--secret'|\
    'webhooks create|--format'|\
    'webhooks create|--org'|\
    'webhooks create|-o'|'webhooks create|--output'|\
    'webhooks create|--fields'|\
    'webhooks create|--profile'|\
    'webhooks create|--connect-timeout'|\
    'webhooks create|--request-timeout'|\
    'webhooks update|--url'|\
    'webhooks update|--events'|\
    'webhooks update|--secret'|\
    'webhooks update|--format'|\
    'webhooks update|-o'|'webhooks update|--output'|\
    'webhooks update|--fields'|\
    'webhooks update|--profile'|\
    'webhooks update|--connect-timeout'|\
    'webhooks update|--request-timeout'|\
    'webhooks delete|--profile'|\
    'webhooks delete|--connect-timeout'|\
    'webhooks delete|--request-timeout'|\
    'webhooks deliveries|--endpoint'|\
    'webhooks deliveries|-o'|'webhooks deliveries|--output'|\
    'webhooks deliveries|--fields'|\
    'webhooks deliveries|--limit'|\
    'webhooks deliveries|--page'|\
    'webhooks deliveries|--page-size'|\
    'webhooks deliveries|--profile'|\
    'webhooks deliveries|--connect-timeout'|\
    'webhooks deliveries|--request-timeout'|\
    'webhooks redeliver|--profile'|\
    'webhooks redeliver|--connect-timeout'|\
    'webhooks redeliver|--request-timeout'|\
    'listen|--events'|\
    'listen|--org'|\
    'listen|-o'|'listen|--output'|\
    'listen|--profile'|\
    'listen|--connect-timeout'|\
    'listen|--request-timeout'|\
    'trigger|--org'|\
    'trigger|-o'|'trigger|--output'|\
    'trigger|--fields'|\
    'trigger|--profile'|\
    'trigger|--connect-timeout'|\
    'trigger|--request-timeout'|\
    'clock|--profile'|\
    'clock|--connect-timeout'|\
    'clock|--request-timeout'|\
    'clock show|-o'|'clock show|--output'|\
    'clock show|--fields'|\
    'clock show|--profile'|\
    'clock show|--connect-timeout'|\
    'clock show|--request-timeout'|\
    'clock advance|-o'|'clock advance|--output'|\
    'clock advance|--fields'|\
    'clock advance|--profile'|\
    'clock advance|--connect-timeout'|\
    'clock advance|--request-timeout'|\
    'clock set|-o'|'clock set|--output'|\
    'clock set|--fields'|\
    'clock set|--profile'|\
    'clock set|--connect-timeout'|\
    'clock set|--request-timeout'|\
    'clock reset|-o'|'clock reset|--output'|\
    'clock reset|--fields'|\
    'clock reset|--profile'|\
    'clock reset|--connect-timeout'|\
    'clock reset|--request-timeout'|\
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
    'serve|--webhook'|\
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
    'checkout create|-o'|'checkout create|--output') echo 'table tsv json ndjson' ;;
    'checkout create|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout list|--sort') echo 'created_at expires_at -created_at -expires_at' ;;
    'checkout list|-o'|'checkout list|--output') echo 'table tsv json ndjson' ;;
    'checkout list|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout get|-o'|'checkout get|--output') echo 'table tsv json ndjson' ;;
    'checkout get|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout open|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout update|-o'|'checkout update|--output') echo 'table tsv json ndjson' ;;
    'checkout update|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout confirm|-o'|'checkout confirm|--output') echo 'table tsv json ndjson' ;;
    'checkout confirm|--profile') billing __complete profiles 2>/dev/null ;;
    'subs|--profile') billing __complete profiles 2>/dev/null ;;
    'subs list|--sort') echo 'customer status started_at current_period_end amount product discount organization -customer -status -started_at -current_period_end -amount -product -discount -organization' ;;
    'subs list|-o'|'subs list|--output') echo 'table tsv json ndjson' ;;
    'subs list|--profile') billing __complete profiles 2>/dev/null ;;
    'subs get|-o'|'subs get|--output') echo 'table tsv json ndjson' ;;
    'subs get|--profile') billing __complete profiles 2>/dev/null ;;
    'subs export|--profile') billing __complete profiles 2>/dev/null ;;
    'subs change-price|--proration') echo 'invoice prorate' ;;
    'subs change-price|-o'|'subs change-price|--output') echo 'table tsv json ndjson' ;;
    'subs change-price|--profile') billing __complete profiles 2>/dev/null ;;
    'subs cancel|--reason') echo 'customer_service low_quality missing_features switched_service too_complex too_expensive unused other' ;;
    'subs cancel|-o'|'subs cancel|--output') echo 'table tsv json ndjson' ;;
    'subs cancel|--profile') billing __complete profiles 2>/dev/null ;;
    'subs resume|-o'|'subs resume|--output') echo 'table tsv json ndjson' ;;
    'subs resume|--profile') billing __complete profiles 2>/dev/null ;;
    'subs revoke|-o'|'subs revoke|--output') echo 'table tsv json ndjson' ;;
    'subs revoke|--profile') billing __complete profiles 2>/dev/null ;;
    'orders|--profile') billing __complete profiles 2>/dev/null ;;
    'orders list|--type') echo 'one_time recurring' ;;
    'orders list|--sort') echo 'created_at amount customer product discount subscription organization -created_at -amount -customer -product -discount -subscription -organization' ;;
    'orders list|-o'|'orders list|--output') echo 'table tsv json ndjson' ;;
    'orders list|--profile') billing __complete profiles 2>/dev/null ;;
    'orders get|-o'|'orders get|--output') echo 'table tsv json ndjson' ;;
    'orders get|--profile') billing __complete profiles 2>/dev/null ;;
    'customers|--profile') billing __complete profiles 2>/dev/null ;;
    'customers list|--sort') echo 'created_at email name -created_at -email -name' ;;
    'customers list|-o'|'customers list|--output') echo 'table tsv json ndjson' ;;
    'customers list|--profile') billing __complete profiles 2>/dev/null ;;
    'customers get|-o'|'customers get|--output') echo 'table tsv json ndjson' ;;
    'customers get|--profile') billing __complete profiles 2>/dev/null ;;
    'customers create|-o'|'customers create|--output') echo 'table tsv json ndjson' ;;
    'customers create|--profile') billing __complete profiles 2>/dev/null ;;
    'customers update|-o'|'customers update|--output') echo 'table tsv json ndjson' ;;
    'customers update|--profile') billing __complete profiles 2>/dev/null ;;
    'customers delete|--profile') billing __complete profiles 2>/dev/null ;;
    'products|--profile') billing __complete profiles 2>/dev/null ;;
    'products list|--sort') echo 'created_at name price_type price_amount_type price_amount -created_at -name -price_type -price_amount_type -price_amount' ;;
    'products list|-o'|'products list|--output') echo 'table tsv json ndjson' ;;
    'products list|--profile') billing __complete profiles 2>/dev/null ;;
    'products get|-o'|'products get|--output') echo 'table tsv json ndjson' ;;
    'products get|--profile') billing __complete profiles 2>/dev/null ;;
    'products create|-o'|'products create|--output') echo 'table tsv json ndjson' ;;
    'products create|--profile') billing __complete profiles 2>/dev/null ;;
    'products update|-o'|'products update|--output') echo 'table tsv json ndjson' ;;
    'products update|--profile') billing __complete profiles 2>/dev/null ;;
    'products archive|-o'|'products archive|--output') echo 'table tsv json ndjson' ;;
    'products archive|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts list|--sort') echo 'created_at name code redemptions_count -created_at -name -code -redemptions_count' ;;
    'discounts list|-o'|'discounts list|--output') echo 'table tsv json ndjson' ;;
    'discounts list|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts get|-o'|'discounts get|--output') echo 'table tsv json ndjson' ;;
    'discounts get|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts create|--duration') echo 'once forever repeating' ;;
    'discounts create|-o'|'discounts create|--output') echo 'table tsv json ndjson' ;;
    'discounts create|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts update|-o'|'discounts update|--output') echo 'table tsv json ndjson' ;;
    'discounts update|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts delete|--profile') billing __complete profiles 2>/dev/null ;;
    'benefits|--profile') billing __complete profiles 2>/dev/null ;;
    'benefits list|--type') echo 'custom ads discord github_repository downloadables license_keys' ;;
    'benefits list|-o'|'benefits list|--output') echo 'table tsv json ndjson' ;;
    'benefits list|--profile') billing __complete profiles 2>/dev/null ;;
    'benefits get|-o'|'benefits get|--output') echo 'table tsv json ndjson' ;;
    'benefits get|--profile') billing __complete profiles 2>/dev/null ;;
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
    'org list|--sort') echo 'created_at name -created_at -name' ;;
    'org list|-o'|'org list|--output') echo 'table tsv json ndjson' ;;
    'org list|--profile') billing __complete profiles 2>/dev/null ;;
    'org get|-o'|'org get|--output') echo 'table tsv json ndjson' ;;
    'org get|--profile') billing __complete profiles 2>/dev/null ;;
    'org update|-o'|'org update|--output') echo 'table tsv json ndjson' ;;
    'org update|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks list|-o'|'webhooks list|--output') echo 'table tsv json ndjson' ;;
    'webhooks list|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks get|-o'|'webhooks get|--output') echo 'table tsv json ndjson' ;;
    'webhooks get|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks create|--events') echo 'checkout.created checkout.updated order.created subscription.created subscription.updated subscription.active subscription.canceled subscription.uncanceled subscription.revoked benefit_grant.created benefit_grant.updated benefit_grant.revoked organization.updated product.created product.updated benefit.created benefit.updated all' ;;
    'webhooks create|--format') echo 'raw discord slack' ;;
    'webhooks create|-o'|'webhooks create|--output') echo 'table tsv json ndjson' ;;
    'webhooks create|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks update|--events') echo 'checkout.created checkout.updated order.created subscription.created subscription.updated subscription.active subscription.canceled subscription.uncanceled subscription.revoked benefit_grant.created benefit_grant.updated benefit_grant.revoked organization.updated product.created product.updated benefit.created benefit.updated all' ;;
    'webhooks update|--format') echo 'raw discord slack' ;;
    'webhooks update|-o'|'webhooks update|--output') echo 'table tsv json ndjson' ;;
    'webhooks update|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks delete|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks deliveries|-o'|'webhooks deliveries|--output') echo 'table tsv json ndjson' ;;
    'webhooks deliveries|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks redeliver|--profile') billing __complete profiles 2>/dev/null ;;
    'listen|--events') echo 'checkout.created checkout.updated order.created subscription.created subscription.updated subscription.active subscription.canceled subscription.uncanceled subscription.revoked benefit_grant.created benefit_grant.updated benefit_grant.revoked organization.updated product.created product.updated benefit.created benefit.updated all' ;;
    'listen|-o'|'listen|--output') echo 'ndjson' ;;
    'listen|--profile') billing __complete profiles 2>/dev/null ;;
    'trigger|-o'|'trigger|--output') echo 'table tsv json ndjson' ;;
    'trigger|--profile') billing __complete profiles 2>/dev/null ;;
    'clock|--profile') billing __complete profiles 2>/dev/null ;;
    'clock show|-o'|'clock show|--output') echo 'table tsv json ndjson' ;;
    'clock show|--profile') billing __complete profiles 2>/dev/null ;;
    'clock advance|-o'|'clock advance|--output') echo 'table tsv json ndjson' ;;
    'clock advance|--profile') billing __complete profiles 2>/dev/null ;;
    'clock set|-o'|'clock set|--output') echo 'table tsv json ndjson' ;;
    'clock set|--profile') billing __complete profiles 2>/dev/null ;;
    'clock reset|-o'|'clock reset|--output') echo 'table tsv json ndjson' ;;
    'clock reset|--profile') billing __complete profiles 2>/dev/null ;;
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
    _billing_args "$cpath"
  fi
}

_billing() {
  local cur="${COMP_WORDS[COMP_CWORD]}"
  local candidates
  candidates="$(_billing_candidates "${COMP_WORDS[@]:0:COMP_CWORD+1}")"
  COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
}
complete -F _billing billing
