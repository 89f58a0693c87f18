# bash completion for billing. Generated from the command tree by
# `billing completion bash`; do not edit.
# Install: billing completion bash > ~/.local/share/bash-completion/completions/billing
_billing_subcommands() {
  case "$1" in
    '') echo 'checkout links subs orders refunds metrics customers products discounts benefits keys events meters org webhooks listen trigger clock fixtures api config login logout auth whoami serve completion help' ;;
    'checkout') echo 'create list get open update confirm' ;;
    'links') echo 'create list get update delete' ;;
    'subs') echo 'list get export change-price cancel resume revoke' ;;
    'orders') echo 'list get refund' ;;
    'refunds') echo 'list' ;;
    'customers') echo 'list get state create update delete usage' ;;
    'products') echo 'list get create update archive' ;;
    'discounts') echo 'list get create update delete' ;;
    'benefits') echo 'list get' ;;
    'keys') echo 'list get update activate validate deactivate' ;;
    'events') echo 'ingest list get types label' ;;
    'meters') echo 'list get create update quantities' ;;
    'org') echo 'list get update' ;;
    'webhooks') echo 'list get create update delete rotate-secret deliveries redeliver' ;;
    'clock') echo 'show advance set reset' ;;
    'fixtures') echo 'apply export' ;;
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
    '') echo '-V --version --profile --api-version --debug --no-pager --connect-timeout --request-timeout -h --help' ;;
    'checkout') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout create') echo '--price --product --email --name --discount --no-discount-codes --success-url --metadata --customer-metadata --data --open --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout list') echo '--status --product --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout get') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout open') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout update') echo '--customer-email --customer-name --metadata --unset-metadata --replace-metadata --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'checkout confirm') echo '--customer-email --customer-name --billing-address --discount-code --confirmation-token --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'links') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'links create') echo '--product --label --discount --allow-discount-codes --no-allow-discount-codes --require-billing-address --success-url --return-url --trial --metadata --data --open --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'links list') echo '--product --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'links get') echo '--open --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'links update') echo '--product --label --discount --allow-discount-codes --no-allow-discount-codes --require-billing-address --no-require-billing-address --success-url --return-url --trial --metadata --unset-metadata --replace-metadata --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'links delete') echo '-y --yes -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs list') echo '--active --inactive --status --product --customer --discount --org --query --sort --mine --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs get') echo '--org --customer --mine --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs export') echo '--org -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs change-price') echo '--price --product --proration --preview --mine --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs cancel') echo '--now -y --yes --reason --comment --mine --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs resume') echo '--mine --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'subs revoke') echo '-y --yes --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders list') echo '--type --product --customer --discount --subscription --org --query --sort --mine --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders get') echo '--mine --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'orders refund') echo '--amount --reason --comment --revoke-benefits -y --yes --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'refunds') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'refunds list') echo '--order --customer --subscription --org --succeeded --no-succeeded --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'metrics') echo '--from --to --interval --metric --product --org --timezone --watch --json -o --output -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers list') echo '--org --query --email --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers get') echo '--external-id --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers state') echo '--external-id --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers create') echo '--email --name --external-id --org --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers update') echo '--email --name --external-id --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers delete') echo '--external-id -y --yes -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'customers usage') echo '--external-id --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'products') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'products list') echo '--query --recurring --one-time --archived --benefit --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'products get') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'products create') echo '--name --description --price --org --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'products update') echo '--name --description --add-price --archive-price --unarchive --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'products archive') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts list') echo '--query --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts get') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts create') echo '--name --amount --currency --percent --duration --months --code --max-redemptions --max-per-customer --starts-at --ends-at --product --org --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts update') echo '--name --amount --currency --percent --months --code --max-redemptions --max-per-customer --starts-at --ends-at --product --any-product --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'discounts delete') echo '-y --yes -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'benefits') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'benefits list') echo '--type --org --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'benefits get') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys list') echo '--org --benefit --status --mine --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys get') echo '--mine --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys update') echo '--status --limit-activations --limit-usage --usage --expires-at -y --yes --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys activate') echo '--org --label --meta --condition --public --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys validate') echo '--org --activation --benefit --customer --increment-usage --condition --public --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'keys deactivate') echo '--org --activation --public -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'events') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'events ingest') echo '--org --batch-size --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'events list') echo '--customer --external-customer --name --source --meter --from --to --query --org --sort --follow --interval --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'events get') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'events types') echo '--query --source --customer --external-customer --root --parent --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'events label') echo '--label-property-selector --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'meters') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'meters list') echo '--query --archived --no-archived --org --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'meters get') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'meters create') echo '--name --filter --filter-json --aggregation --unit --metadata --org --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'meters update') echo '--name --filter --filter-json --aggregation --unit --metadata --archive --unarchive --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'meters quantities') echo '--from --to --interval --timezone --customer --external-customer --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'org') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'org list') echo '--slug --sort --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'org get') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'org update') echo '--name --data --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks list') echo '--org --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks get') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks create') echo '--url --events --secret --format --org --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks update') echo '--url --events --secret --format --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks delete') echo '-y --yes -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks rotate-secret') echo '-y --yes --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks deliveries') echo '--endpoint --failed --json -o --output --fields --limit --page --page-size --all -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'webhooks redeliver') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'listen') echo '--events --org --skip-verify --json -o --output -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'trigger') echo '--org --json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock show') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock advance') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock set') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'clock reset') echo '--json -o --output --fields -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'fixtures') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'fixtures apply') echo '--dry-run --org --json -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'fixtures export') echo '--org --include-customers -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'api') echo '-f --field -H --header --data --paginate --no-auth --mine -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'config') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'config get') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'config set') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'config unset') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'config list') echo '--json -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'login') echo '--scopes --read-only --org --port --timeout --no-browser --with-token --storage -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'logout') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'auth') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'auth status') echo '--json --offline -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'auth token') echo '--customer -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'whoami') echo '--customer --json -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'serve') echo '--port --host --allowed-host --db --seed --fixtures --orders --auth-url --faults --rate-limit --webhook --json --quiet -h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
    'completion') echo '-h --help --profile --api-version --debug --no-pager --connect-timeout --request-timeout' ;;
  esac
}
_billing_takes_value() {
  case "$1|$2" in
    '|--profile'|\
    '|--api-version'|\
    '|--connect-timeout'|\
    '|--request-timeout'|\
    'checkout|--profile'|\
    'checkout|--api-version'|\
    'checkout|--connect-timeout'|\
    'checkout|--request-timeout'|\
    'checkout create|--price'|\
    'checkout create|--product'|\
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
    'checkout create|--api-version'|\
    'checkout create|--connect-timeout'|\
    'checkout create|--request-timeout'|\
    'checkout list|--status'|\
    'checkout list|--product'|\
    'checkout list|--org'|\
    'checkout list|--sort'|\
    'checkout list|-o'|'checkout list|--output'|\
    'checkout list|--fields'|\
    'checkout list|--limit'|\
    'checkout list|--page'|\
    'checkout list|--page-size'|\
    'checkout list|--profile'|\
    'checkout list|--api-version'|\
    'checkout list|--connect-timeout'|\
    'checkout list|--request-timeout'|\
    'checkout get|-o'|'checkout get|--output'|\
    'checkout get|--fields'|\
    'checkout get|--profile'|\
    'checkout get|--api-version'|\
    'checkout get|--connect-timeout'|\
    'checkout get|--request-timeout'|\
    'checkout open|--profile'|\
    'checkout open|--api-version'|\
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
    'checkout update|--api-version'|\
    'checkout update|--connect-timeout'|\
    'checkout update|--request-timeout'|\
    'checkout confirm|--customer-email'|\
    'checkout confirm|--customer-name'|\
    'checkout confirm|--billing-address'|\
    'checkout confirm|--discount-code'|\
    'checkout confirm|--confirmation-token'|\
    'checkout confirm|--data'|\
    'checkout confirm|-o'|'checkout confirm|--output'|\
    'checkout confirm|--fields'|\
    'checkout confirm|--profile'|\
    'checkout confirm|--api-version'|\
    'checkout confirm|--connect-timeout'|\
    'checkout confirm|--request-timeout'|\
    'links|--profile'|\
    'links|--api-version'|\
    'links|--connect-timeout'|\
    'links|--request-timeout'|\
    'links create|--product'|\
    'links create|--label'|\
    'links create|--discount'|\
    'links create|--success-url'|\
    'links create|--return-url'|\
    'links create|--trial'|\
    'links create|--metadata'|\
    'links create|--data'|\
    'links create|-o'|'links create|--output'|\
    'links create|--fields'|\
    'links create|--profile'|\
    'links create|--api-version'|\
    'links create|--connect-timeout'|\
    'links create|--request-timeout'|\
    'links list|--product'|\
    'links list|--org'|\
    'links list|--sort'|\
    'links list|-o'|'links list|--output'|\
    'links list|--fields'|\
    'links list|--limit'|\
    'links list|--page'|\
    'links list|--page-size'|\
    'links list|--profile'|\
    'links list|--api-version'|\
    'links list|--connect-timeout'|\
    'links list|--request-timeout'|\
    'links get|-o'|'links get|--output'|\
    'links get|--fields'|\
    'links get|--profile'|\
    'links get|--api-version'|\
    'links get|--connect-timeout'|\
    'links get|--request-timeout'|\
    'links update|--product'|\
    'links update|--label'|\
    'links update|--discount'|\
    'links update|--success-url'|\
    'links update|--return-url'|\
    'links update|--trial'|\
    'links update|--metadata'|\
    'links update|--unset-metadata'|\
    'links update|--data'|\
    'links update|-o'|'links update|--output'|\
    'links update|--fields'|\
    'links update|--profile'|\
    'links update|--api-version'|\
    'links update|--connect-timeout'|\
    'links update|--request-timeout'|\
    'links delete|--profile'|\
    'links delete|--api-version'|\
    'links delete|--connect-timeout'|\
    'links delete|--request-timeout'|\
    'subs|--profile'|\
    'subs|--api-version'|\
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
    'subs list|--api-version'|\
    'subs list|--connect-timeout'|\
    'subs list|--request-timeout'|\
    'subs get|--org'|\
    'subs get|--customer'|\
    'subs get|-o'|'subs get|--output'|\
    'subs get|--fields'|\
    'subs get|--profile'|\
    'subs get|--api-version'|\
    'subs get|--connect-timeout'|\
    'subs get|--request-timeout'|\
    'subs export|--org'|\
    'subs export|--profile'|\
    'subs export|--api-version'|\
    'subs export|--connect-timeout'|\
    'subs export|--request-timeout'|\
    'subs change-price|--price'|\
    'subs change-price|--product'|\
    'subs change-price|--proration'|\
    'subs change-price|-o'|'subs change-price|--output'|\
    'subs change-price|--fields'|\
    'subs change-price|--profile'|\
    'subs change-price|--api-version'|\
    'subs change-price|--connect-timeout'|\
    'subs change-price|--request-timeout'|\
    'subs cancel|--reason'|\
    'subs cancel|--comment'|\
    'subs cancel|-o'|'subs cancel|--output'|\
    'subs cancel|--fields'|\
    'subs cancel|--profile'|\
    'subs cancel|--api-version'|\
    'subs cancel|--connect-timeout'|\
    'subs cancel|--request-timeout'|\
    'subs resume|-o'|'subs resume|--output'|\
    'subs resume|--fields'|\
    'subs resume|--profile'|\
    'subs resume|--api-version'|\
    'subs resume|--connect-timeout'|\
    'subs resume|--request-timeout'|\
    'subs revoke|-o'|'subs revoke|--output'|\
    'subs revoke|--fields'|\
    'subs revoke|--profile'|\
    'subs revoke|--api-version'|\
    'subs revoke|--connect-timeout'|\
    'subs revoke|--request-timeout'|\
    'orders|--profile'|\
    'orders|--api-version'|\
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
    'orders list|--api-version'|\
    'orders list|--connect-timeout'|\
    'orders list|--request-timeout'|\
    'orders get|-o'|'orders get|--output'|\
    'orders get|--fields'|\
    'orders get|--profile'|\
    'orders get|--api-version'|\
    'orders get|--connect-timeout'|\
    'orders get|--request-timeout'|\
    'orders refund|--amount'|\
    'orders refund|--reason'|\
    'orders refund|--comment'|\
    'orders refund|-o'|'orders refund|--output'|\
    'orders refund|--fields'|\
    'orders refund|--profile'|\
    'orders refund|--api-version'|\
    'orders refund|--connect-timeout'|\
    'orders refund|--request-timeout'|\
    'refunds|--profile'|\
    'refunds|--api-version'|\
    'refunds|--connect-timeout'|\
    'refunds|--request-timeout'|\
    'refunds list|--order'|\
    'refunds list|--customer'|\
    'refunds list|--subscription'|\
    'refunds list|--org'|\
    'refunds list|--sort'|\
    'refunds list|-o'|'refunds list|--output'|\
    'refunds list|--fields'|\
    'refunds list|--limit'|\
    'refunds list|--page'|\
    'refunds list|--page-size'|\
    'refunds list|--profile'|\
    'refunds list|--api-version'|\
    'refunds list|--connect-timeout'|\
    'refunds list|--request-timeout'|\
    'metrics|--from'|\
    'metrics|--to'|\
    'metrics|--interval'|\
    'metrics|--metric'|\
    'metrics|--product'|\
    'metrics|--org'|\
    'metrics|--timezone'|\
    'metrics|--watch'|\
    'metrics|-o'|'metrics|--output'|\
    'metrics|--profile'|\
    'metrics|--api-version'|\
    'metrics|--connect-timeout'|\
    'metrics|--request-timeout'|\
    'customers|--profile'|\
    'customers|--api-version'|\
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
    'customers list|--api-version'|\
    'customers list|--connect-timeout'|\
    'customers list|--request-timeout'|\
    'customers get|--external-id'|\
    'customers get|-o'|'customers get|--output'|\
    'customers get|--fields'|\
    'customers get|--profile'|\
    'customers get|--api-version'|\
    'customers get|--connect-timeout'|\
    'customers get|--request-timeout'|\
    'customers state|--external-id'|\
    'customers state|-o'|'customers state|--output'|\
    'customers state|--fields'|\
    'customers state|--profile'|\
    'customers state|--api-version'|\
    'customers state|--connect-timeout'|\
    'customers state|--request-timeout'|\
    'customers create|--email'|\
    'customers create|--name'|\
    'customers create|--external-id'|\
    'customers create|--org'|\
    'customers create|--data'|\
    'customers create|-o'|'customers create|--output'|\
    'customers create|--fields'|\
    'customers create|--profile'|\
    'customers create|--api-version'|\
    'customers create|--connect-timeout'|\
    'customers create|--request-timeout'|\
    'customers update|--email'|\
    'customers update|--name'|\
    'customers update|--external-id'|\
    'customers update|--data'|\
    'customers update|-o'|'customers update|--output'|\
    'customers update|--fields'|\
    'customers update|--profile'|\
    'customers update|--api-version'|\
    'customers update|--connect-timeout'|\
    'customers update|--request-timeout'|\
    'customers delete|--external-id'|\
    'customers delete|--profile'|\
    'customers delete|--api-version'|\
    'customers delete|--connect-timeout'|\
    'customers delete|--request-timeout'|\
    'customers usage|--external-id'|\
    'customers usage|-o'|'customers usage|--output'|\
    'customers usage|--fields'|\
    'customers usage|--limit'|\
    'customers usage|--page'|\
    'customers usage|--page-size'|\
    'customers usage|--profile'|\
    'customers usage|--api-version'|\
    'customers usage|--connect-timeout'|\
    'customers usage|--request-timeout'|\
    'products|--profile'|\
    'products|--api-version'|\
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
    'products list|--api-version'|\
    'products list|--connect-timeout'|\
    'products list|--request-timeout'|\
    'products get|-o'|'products get|--output'|\
    'products get|--fields'|\
    'products get|--profile'|\
    'products get|--api-version'|\
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
    'products create|--api-version'|\
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
    'products update|--api-version'|\
    'products update|--connect-timeout'|\
    'products update|--request-timeout'|\
    'products archive|-o'|'products archive|--output'|\
    'products archive|--fields'|\
    'products archive|--profile'|\
    'products archive|--api-version'|\
    'products archive|--connect-timeout'|\
    'products archive|--request-timeout'|\
    'discounts|--profile'|\
    'discounts|--api-version'|\
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
    'discounts list|--api-version'|\
    'discounts list|--connect-timeout'|\
    'discounts list|--request-timeout'|\
    'discounts get|-o'|'discounts get|--output'|\
    'discounts get|--fields'|\
    'discounts get|--profile'|\
    'discounts get|--api-version'|\
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
    'discounts create|--max-per-customer'|\
    'discounts create|--starts-at'|\
    'discounts create|--ends-at'|\
    'discounts create|--product'|\
    'discounts create|--org'|\
    'discounts create|--data'|\
    'discounts create|-o'|'discounts create|--output'|\
    'discounts create|--fields'|\
    'discounts create|--profile'|\
    'discounts create|--api-version'|\
    'discounts create|--connect-timeout'|\
    'discounts create|--request-timeout'|\
    'discounts update|--name'|\
    'discounts update|--amount'|\
    'discounts update|--currency'|\
    'discounts update|--percent'|\
    'discounts update|--months'|\
    'discounts update|--code'|\
    'discounts update|--max-redemptions'|\
    'discounts update|--max-per-customer'|\
    'discounts update|--starts-at'|\
    'discounts update|--ends-at'|\
    'discounts update|--product'|\
    'discounts update|--data'|\
    'discounts update|-o'|'discounts update|--output'|\
    'discounts update|--fields'|\
    'discounts update|--profile'|\
    'discounts update|--api-version'|\
    'discounts update|--connect-timeout'|\
    'discounts update|--request-timeout'|\
    'discounts delete|--profile'|\
    'discounts delete|--api-version'|\
    'discounts delete|--connect-timeout'|\
    'discounts delete|--request-timeout'|\
    'benefits|--profile'|\
    'benefits|--api-version'|\
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
    'benefits list|--api-version'|\
    'benefits list|--connect-timeout'|\
    'benefits list|--request-timeout'|\
    'benefits get|-o'|'benefits get|--output'|\
    'benefits get|--fields'|\
    'benefits get|--profile'|\
    'benefits get|--api-version'|\
    'benefits get|--connect-timeout'|\
    'benefits get|--request-timeout'|\
    'keys|--profile'|\
    'keys|--api-version'|\
    'keys|--connect-timeout'|\
    'keys|--request-timeout'|\
    'keys list|--org'|\
    'keys list|--benefit'|\
    'keys list|--status'|\
    'keys list|-o'|'keys list|--output'|\
    'keys list|--fields'|\
    'keys list|--limit'|\
    'keys list|--page'|\
    'keys list|--page-size'|\
    'keys list|--profile'|\
    'keys list|--api-version'|\
    'keys list|--connect-timeout'|\
    'keys list|--request-timeout'|\
    'keys get|-o'|'keys get|--output'|\
    'keys get|--fields'|\
    'keys get|--profile'|\
    'keys get|--api-version'|\
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
    'keys update|--api-version'|\
    'keys update|--connect-timeout'|\
    'keys update|--request-timeout'|\
    'keys activate|--org'|\
    'keys activate|--label'|\
    'keys activate|--meta'|\
    'keys activate|--condition'|\
    'keys activate|-o'|'keys activate|--output'|\
    'keys activate|--fields'|\
    'keys activate|--profile'|\
    'keys activate|--api-version'|\
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
    'keys validate|--api-version'|\
    'keys validate|--connect-timeout'|\
    'keys validate|--request-timeout'|\
    'keys deactivate|--org'|\
    'keys deactivate|--activation'|\
    'keys deactivate|--profile'|\
    'keys deactivate|--api-version'|\
    'keys deactivate|--connect-timeout'|\
    'keys deactivate|--request-timeout'|\
    'events|--profile'|\
    'events|--api-version'|\
    'events|--connect-timeout'|\
    'events|--request-timeout'|\
    'events ingest|--org'|\
    'events ingest|--batch-size'|\
    'events ingest|-o'|'events ingest|--output'|\
    'events ingest|--fields'|\
    'events ingest|--profile'|\
    'events ingest|--api-version'|\
    'events ingest|--connect-timeout'|\
    'events ingest|--request-timeout'|\
    'events list|--customer'|\
    'events list|--external-customer'|\
    'events list|--name'|\
    'events list|--source'|\
    'events list|--meter'|\
    'events list|--from'|\
    'events list|--to'|\
    'events list|--query'|\
    'events list|--org'|\
    'events list|--sort'|\
    'events list|--interval'|\
    'events list|-o'|'events list|--output'|\
    'events list|--fields'|\
    'events list|--limit'|\
    'events list|--page'|\
    'events list|--page-size'|\
    'events list|--profile'|\
    'events list|--api-version'|\
    'events list|--connect-timeout'|\
    'events list|--request-timeout'|\
    'events get|-o'|'events get|--output'|\
    'events get|--fields'|\
    'events get|--profile'|\
    'events get|--api-version'|\
    'events get|--connect-timeout'|\
    'events get|--request-timeout'|\
    'events types|--query'|\
    'events types|--source'|\
    'events types|--customer'|\
    'events types|--external-customer'|\
    'events types|--parent'|\
    'events types|--org'|\
    'events types|--sort'|\
    'events types|-o'|'events types|--output'|\
    'events types|--fields'|\
    'events types|--limit'|\
    'events types|--page'|\
    'events types|--page-size'|\
    'events types|--profile'|\
    'events types|--api-version'|\
    'events types|--connect-timeout'|\
    'events types|--request-timeout'|\
    'events label|--label-property-selector'|\
    'events label|-o'|'events label|--output'|\
    'events label|--fields'|\
    'events label|--profile'|\
    'events label|--api-version'|\
    'events label|--connect-timeout'|\
    'events label|--request-timeout'|\
    'meters|--profile'|\
    'meters|--api-version'|\
    'meters|--connect-timeout'|\
    'meters|--request-timeout'|\
    'meters list|--query'|\
    'meters list|--org'|\
    'meters list|--sort'|\
    'meters list|-o'|'meters list|--output'|\
    'meters list|--fields'|\
    'meters list|--limit'|\
    'meters list|--page'|\
    'meters list|--page-size'|\
    'meters list|--profile'|\
    'meters list|--api-version'|\
    'meters list|--connect-timeout'|\
    'meters list|--request-timeout'|\
    'meters get|-o'|'meters get|--output'|\
    'meters get|--fields'|\
    'meters get|--profile'|\
    'meters get|--api-version'|\
    'meters get|--connect-timeout'|\
    'meters get|--request-timeout'|\
    'meters create|--name'|\
    'meters create|--filter'|\
    'meters create|--filter-json'|\
    'meters create|--aggregation'|\
    'meters create|--unit'|\
    'meters create|--metadata'|\
    'meters create|--org'|\
    'meters create|-o'|'meters create|--output'|\
    'meters create|--fields'|\
    'meters create|--profile'|\
    'meters create|--api-version'|\
    'meters create|--connect-timeout'|\
    'meters create|--request-timeout'|\
    'meters update|--name'|\
    'meters update|--filter'|\
    'meters update|--filter-json'|\
    'meters update|--aggregation'|\
    'meters update|--unit'|\
    'meters update|--metadata'|\
    'meters update|-o'|'meters update|--output'|\
    'meters update|--fields'|\
    'meters update|--profile'|\
    'meters update|--api-version'|\
    'meters update|--connect-timeout'|\
    'meters update|--request-timeout'|\
    'meters quantities|--from'|\
    'meters quantities|--to'|\
    'meters quantities|--interval'|\
    'meters quantities|--timezone'|\
    'meters quantities|--customer'|\
    'meters quantities|--external-customer'|\
    'meters quantities|-o'|'meters quantities|--output'|\
    'meters quantities|--fields'|\
    'meters quantities|--profile'|\
    'meters quantities|--api-version'|\
    'meters quantities|--connect-timeout'|\
    'meters quantities|--request-timeout'|\
    'org|--profile'|\
    'org|--api-version'|\
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
    'org list|--api-version'|\
    'org list|--connect-timeout'|\
    'org list|--request-timeout'|\
    'org get|-o'|'org get|--output'|\
    'org get|--fields'|\
    'org get|--profile'|\
    'org get|--api-version'|\
    'org get|--connect-timeout'|\
    'org get|--request-timeout'|\
    'org update|--name'|\
    'org update|--data'|\
    'org update|-o'|'org update|--output'|\
    'org update|--fields'|\
    'org update|--profile'|\
    'org update|--api-version'|\
    'org update|--connect-timeout'|\
    'org update|--request-timeout'|\
    'webhooks|--profile'|\
    'webhooks|--api-version'|\
    'webhooks|--connect-timeout'|\
    'webhooks|--request-timeout'|\
    'webhooks list|--org'|\
    'webhooks list|-o'|'webhooks list|--output'|\
    'webhooks list|--fields'|\
    'webhooks list|--limit'|\
    'webhooks list|--page'|\
    'webhooks list|--page-size'|\
    'webhooks list|--profile'|\
    'webhooks list|--api-version'|\
    'webhooks list|--connect-timeout'|\
    'webhooks list|--request-timeout'|\
    'webhooks get|-o'|'webhooks get|--output'|\
    'webhooks get|--fields'|\
    'webhooks get|--profile'|\
    'webhooks get|--api-version'|\
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
    'webhooks create|--api-version'|\
    'webhooks create|--connect-timeout'|\
    'webhooks create|--request-timeout'|\
    'webhooks update|--url'|\
    'webhooks update|--events'|\
    'webhooks update|--secret'|\
    'webhooks update|--format'|\
    'webhooks update|-o'|'webhooks update|--output'|\
    'webhooks update|--fields'|\
    'webhooks update|--profile'|\
    'webhooks update|--api-version'|\
    'webhooks update|--connect-timeout'|\
    'webhooks update|--request-timeout'|\
    'webhooks delete|--profile'|\
    'webhooks delete|--api-version'|\
    'webhooks delete|--connect-timeout'|\
    'webhooks delete|--request-timeout'|\
    'webhooks rotate-secret|-o'|'webhooks rotate-secret|--output'|\
    'webhooks rotate-secret|--fields'|\
    'webhooks rotate-secret|--profile'|\
    'webhooks rotate-secret|--api-version'|\
    'webhooks rotate-secret|--connect-timeout'|\
    'webhooks rotate-secret|--request-timeout'|\
    'webhooks deliveries|--endpoint'|\
    'webhooks deliveries|-o'|'webhooks deliveries|--output'|\
    'webhooks deliveries|--fields'|\
    'webhooks deliveries|--limit'|\
    'webhooks deliveries|--page'|\
    'webhooks deliveries|--page-size'|\
    'webhooks deliveries|--profile'|\
    'webhooks deliveries|--api-version'|\
    'webhooks deliveries|--connect-timeout'|\
    'webhooks deliveries|--request-timeout'|\
    'webhooks redeliver|--profile'|\
    'webhooks redeliver|--api-version'|\
    'webhooks redeliver|--connect-timeout'|\
    'webhooks redeliver|--request-timeout'|\
    'listen|--events'|\
    'listen|--org'|\
    'listen|-o'|'listen|--output'|\
    'listen|--profile'|\
    'listen|--api-version'|\
    'listen|--connect-timeout'|\
    'listen|--request-timeout'|\
    'trigger|--org'|\
    'trigger|-o'|'trigger|--output'|\
    'trigger|--fields'|\
    'trigger|--profile'|\
    'trigger|--api-version'|\
    'trigger|--connect-timeout'|\
    'trigger|--request-timeout'|\
    'clock|--profile'|\
    'clock|--api-version'|\
    'clock|--connect-timeout'|\
    'clock|--request-timeout'|\
    'clock show|-o'|'clock show|--output'|\
    'clock show|--fields'|\
    'clock show|--profile'|\
    'clock show|--api-version'|\
    'clock show|--connect-timeout'|\
    'clock show|--request-timeout'|\
    'clock advance|-o'|'clock advance|--output'|\
    'clock advance|--fields'|\
    'clock advance|--profile'|\
    'clock advance|--api-version'|\
    'clock advance|--connect-timeout'|\
    'clock advance|--request-timeout'|\
    'clock set|-o'|'clock set|--output'|\
    'clock set|--fields'|\
    'clock set|--profile'|\
    'clock set|--api-version'|\
    'clock set|--connect-timeout'|\
    'clock set|--request-timeout'|\
    'clock reset|-o'|'clock reset|--output'|\
    'clock reset|--fields'|\
    'clock reset|--profile'|\
    'clock reset|--api-version'|\
    'clock reset|--connect-timeout'|\
    'clock reset|--request-timeout'|\
    'fixtures|--profile'|\
    'fixtures|--api-version'|\
    'fixtures|--connect-timeout'|\
    'fixtures|--request-timeout'|\
    'fixtures apply|--org'|\
    'fixtures apply|--profile'|\
    'fixtures apply|--api-version'|\
    'fixtures apply|--connect-timeout'|\
    'fixtures apply|--request-timeout'|\
    'fixtures export|--org'|\
    'fixtures export|--profile'|\
    'fixtures export|--api-version'|\
    'fixtures export|--connect-timeout'|\
    'fixtures export|--request-timeout'|\
    'api|-f'|'api|--field'|\
    'api|-H'|'api|--header'|\
    'api|--data'|\
    'api|--profile'|\
    'api|--api-version'|\
    'api|--connect-timeout'|\
    'api|--request-timeout'|\
    'config|--profile'|\
    'config|--api-version'|\
    'config|--connect-timeout'|\
    'config|--request-timeout'|\
    'config get|--profile'|\
    'config get|--api-version'|\
    'config get|--connect-timeout'|\
    'config get|--request-timeout'|\
    'config set|--profile'|\
    'config set|--api-version'|\
    'config set|--connect-timeout'|\
    'config set|--request-timeout'|\
    'config unset|--profile'|\
    'config unset|--api-version'|\
    'config unset|--connect-timeout'|\
    'config unset|--request-timeout'|\
    'config list|--profile'|\
    'config list|--api-version'|\
    'config list|--connect-timeout'|\
    'config list|--request-timeout'|\
    'login|--scopes'|\
    'login|--port'|\
    'login|--timeout'|\
    'login|--storage'|\
    'login|--profile'|\
    'login|--api-version'|\
    'login|--connect-timeout'|\
    'login|--request-timeout'|\
    'logout|--profile'|\
    'logout|--api-version'|\
    'logout|--connect-timeout'|\
    'logout|--request-timeout'|\
    'auth|--profile'|\
    'auth|--api-version'|\
    'auth|--connect-timeout'|\
    'auth|--request-timeout'|\
    'auth status|--profile'|\
    'auth status|--api-version'|\
    'auth status|--connect-timeout'|\
    'auth status|--request-timeout'|\
    'auth token|--profile'|\
    'auth token|--api-version'|\
    'auth token|--connect-timeout'|\
    'auth token|--request-timeout'|\
    'whoami|--profile'|\
    'whoami|--api-version'|\
    'whoami|--connect-timeout'|\
    'whoami|--request-timeout'|\
    'serve|--port'|\
    'serve|--host'|\
    'serve|--allowed-host'|\
    'serve|--db'|\
    'serve|--seed'|\
    'serve|--fixtures'|\
    'serve|--orders'|\
    'serve|--auth-url'|\
    'serve|--faults'|\
    'serve|--webhook'|\
    'serve|--profile'|\
    'serve|--api-version'|\
    'serve|--connect-timeout'|\
    'serve|--request-timeout'|\
    'completion|--profile'|\
    'completion|--api-version'|\
    'completion|--connect-timeout'|\
    'completion|--request-timeout') return 0 ;;
  esac
  return 1
}
_billing_values() {
  case "$1|$2" in
    '|--profile') billing __complete profiles 2>/dev/null ;;
    '|--api-version') echo '2026-04 2026-10 none' ;;
    'checkout|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout|--api-version') echo '2026-04 2026-10 none' ;;
    'checkout create|-o'|'checkout create|--output') echo 'table tsv json ndjson' ;;
    'checkout create|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout create|--api-version') echo '2026-04 2026-10 none' ;;
    'checkout list|--status') echo 'open expired confirmed succeeded failed' ;;
    'checkout list|--sort') echo 'created_at expires_at status -created_at -expires_at -status' ;;
    'checkout list|-o'|'checkout list|--output') echo 'table tsv json ndjson' ;;
    'checkout list|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout list|--api-version') echo '2026-04 2026-10 none' ;;
    'checkout get|-o'|'checkout get|--output') echo 'table tsv json ndjson' ;;
    'checkout get|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout get|--api-version') echo '2026-04 2026-10 none' ;;
    'checkout open|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout open|--api-version') echo '2026-04 2026-10 none' ;;
    'checkout update|-o'|'checkout update|--output') echo 'table tsv json ndjson' ;;
    'checkout update|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout update|--api-version') echo '2026-04 2026-10 none' ;;
    'checkout confirm|-o'|'checkout confirm|--output') echo 'table tsv json ndjson' ;;
    'checkout confirm|--profile') billing __complete profiles 2>/dev/null ;;
    'checkout confirm|--api-version') echo '2026-04 2026-10 none' ;;
    'links|--profile') billing __complete profiles 2>/dev/null ;;
    'links|--api-version') echo '2026-04 2026-10 none' ;;
    'links create|-o'|'links create|--output') echo 'table tsv json ndjson' ;;
    'links create|--profile') billing __complete profiles 2>/dev/null ;;
    'links create|--api-version') echo '2026-04 2026-10 none' ;;
    'links list|-o'|'links list|--output') echo 'table tsv json ndjson' ;;
    'links list|--profile') billing __complete profiles 2>/dev/null ;;
    'links list|--api-version') echo '2026-04 2026-10 none' ;;
    'links get|-o'|'links get|--output') echo 'table tsv json ndjson' ;;
    'links get|--profile') billing __complete profiles 2>/dev/null ;;
    'links get|--api-version') echo '2026-04 2026-10 none' ;;
    'links update|-o'|'links update|--output') echo 'table tsv json ndjson' ;;
    'links update|--profile') billing __complete profiles 2>/dev/null ;;
    'links update|--api-version') echo '2026-04 2026-10 none' ;;
    'links delete|--profile') billing __complete profiles 2>/dev/null ;;
    'links delete|--api-version') echo '2026-04 2026-10 none' ;;
    'subs|--profile') billing __complete profiles 2>/dev/null ;;
    'subs|--api-version') echo '2026-04 2026-10 none' ;;
    'subs list|--status') echo 'incomplete incomplete_expired trialing active past_due canceled unpaid paused' ;;
    'subs list|--sort') echo 'customer status started_at current_period_end amount product discount ended_at ends_at organization -customer -status -started_at -current_period_end -amount -product -discount -ended_at -ends_at -organization' ;;
    'subs list|-o'|'subs list|--output') echo 'table tsv json ndjson' ;;
    'subs list|--profile') billing __complete profiles 2>/dev/null ;;
    'subs list|--api-version') echo '2026-04 2026-10 none' ;;
    'subs get|-o'|'subs get|--output') echo 'table tsv json ndjson' ;;
    'subs get|--profile') billing __complete profiles 2>/dev/null ;;
    'subs get|--api-version') echo '2026-04 2026-10 none' ;;
    'subs export|--profile') billing __complete profiles 2>/dev/null ;;
    'subs export|--api-version') echo '2026-04 2026-10 none' ;;
    'subs change-price|--proration') echo 'invoice prorate next_period reset' ;;
    'subs change-price|-o'|'subs change-price|--output') echo 'table tsv json ndjson' ;;
    'subs change-price|--profile') billing __complete profiles 2>/dev/null ;;
    'subs change-price|--api-version') echo '2026-04 2026-10 none' ;;
    'subs cancel|--reason') echo 'customer_service low_quality missing_features switched_service too_complex too_expensive unused other' ;;
    'subs cancel|-o'|'subs cancel|--output') echo 'table tsv json ndjson' ;;
    'subs cancel|--profile') billing __complete profiles 2>/dev/null ;;
    'subs cancel|--api-version') echo '2026-04 2026-10 none' ;;
    'subs resume|-o'|'subs resume|--output') echo 'table tsv json ndjson' ;;
    'subs resume|--profile') billing __complete profiles 2>/dev/null ;;
    'subs resume|--api-version') echo '2026-04 2026-10 none' ;;
    'subs revoke|-o'|'subs revoke|--output') echo 'table tsv json ndjson' ;;
    'subs revoke|--profile') billing __complete profiles 2>/dev/null ;;
    'subs revoke|--api-version') echo '2026-04 2026-10 none' ;;
    'orders|--profile') billing __complete profiles 2>/dev/null ;;
    'orders|--api-version') echo '2026-04 2026-10 none' ;;
    'orders list|--type') echo 'one_time recurring' ;;
    'orders list|--sort') echo 'created_at amount customer product discount subscription status invoice_number net_amount organization -created_at -amount -customer -product -discount -subscription -status -invoice_number -net_amount -organization' ;;
    'orders list|-o'|'orders list|--output') echo 'table tsv json ndjson' ;;
    'orders list|--profile') billing __complete profiles 2>/dev/null ;;
    'orders list|--api-version') echo '2026-04 2026-10 none' ;;
    'orders get|-o'|'orders get|--output') echo 'table tsv json ndjson' ;;
    'orders get|--profile') billing __complete profiles 2>/dev/null ;;
    'orders get|--api-version') echo '2026-04 2026-10 none' ;;
    'orders refund|--reason') echo 'customer_request duplicate fraudulent satisfaction_guarantee service_disruption other' ;;
    'orders refund|-o'|'orders refund|--output') echo 'table tsv json ndjson' ;;
    'orders refund|--profile') billing __complete profiles 2>/dev/null ;;
    'orders refund|--api-version') echo '2026-04 2026-10 none' ;;
    'refunds|--profile') billing __complete profiles 2>/dev/null ;;
    'refunds|--api-version') echo '2026-04 2026-10 none' ;;
    'refunds list|-o'|'refunds list|--output') echo 'table tsv json ndjson' ;;
    'refunds list|--profile') billing __complete profiles 2>/dev/null ;;
    'refunds list|--api-version') echo '2026-04 2026-10 none' ;;
    'metrics|--interval') echo 'hour day week month year' ;;
    'metrics|-o'|'metrics|--output') echo 'table tsv json ndjson' ;;
    'metrics|--profile') billing __complete profiles 2>/dev/null ;;
    'metrics|--api-version') echo '2026-04 2026-10 none' ;;
    'customers|--profile') billing __complete profiles 2>/dev/null ;;
    'customers|--api-version') echo '2026-04 2026-10 none' ;;
    'customers list|--sort') echo 'created_at email name -created_at -email -name' ;;
    'customers list|-o'|'customers list|--output') echo 'table tsv json ndjson' ;;
    'customers list|--profile') billing __complete profiles 2>/dev/null ;;
    'customers list|--api-version') echo '2026-04 2026-10 none' ;;
    'customers get|-o'|'customers get|--output') echo 'table tsv json ndjson' ;;
    'customers get|--profile') billing __complete profiles 2>/dev/null ;;
    'customers get|--api-version') echo '2026-04 2026-10 none' ;;
    'customers state|-o'|'customers state|--output') echo 'table tsv json ndjson' ;;
    'customers state|--profile') billing __complete profiles 2>/dev/null ;;
    'customers state|--api-version') echo '2026-04 2026-10 none' ;;
    'customers create|-o'|'customers create|--output') echo 'table tsv json ndjson' ;;
    'customers create|--profile') billing __complete profiles 2>/dev/null ;;
    'customers create|--api-version') echo '2026-04 2026-10 none' ;;
    'customers update|-o'|'customers update|--output') echo 'table tsv json ndjson' ;;
    'customers update|--profile') billing __complete profiles 2>/dev/null ;;
    'customers update|--api-version') echo '2026-04 2026-10 none' ;;
    'customers delete|--profile') billing __complete profiles 2>/dev/null ;;
    'customers delete|--api-version') echo '2026-04 2026-10 none' ;;
    'customers usage|-o'|'customers usage|--output') echo 'table tsv json ndjson' ;;
    'customers usage|--profile') billing __complete profiles 2>/dev/null ;;
    'customers usage|--api-version') echo '2026-04 2026-10 none' ;;
    'products|--profile') billing __complete profiles 2>/dev/null ;;
    'products|--api-version') echo '2026-04 2026-10 none' ;;
    'products list|--sort') echo 'created_at name price_type price_amount_type price_amount -created_at -name -price_type -price_amount_type -price_amount' ;;
    'products list|-o'|'products list|--output') echo 'table tsv json ndjson' ;;
    'products list|--profile') billing __complete profiles 2>/dev/null ;;
    'products list|--api-version') echo '2026-04 2026-10 none' ;;
    'products get|-o'|'products get|--output') echo 'table tsv json ndjson' ;;
    'products get|--profile') billing __complete profiles 2>/dev/null ;;
    'products get|--api-version') echo '2026-04 2026-10 none' ;;
    'products create|-o'|'products create|--output') echo 'table tsv json ndjson' ;;
    'products create|--profile') billing __complete profiles 2>/dev/null ;;
    'products create|--api-version') echo '2026-04 2026-10 none' ;;
    'products update|-o'|'products update|--output') echo 'table tsv json ndjson' ;;
    'products update|--profile') billing __complete profiles 2>/dev/null ;;
    'products update|--api-version') echo '2026-04 2026-10 none' ;;
    'products archive|-o'|'products archive|--output') echo 'table tsv json ndjson' ;;
    'products archive|--profile') billing __complete profiles 2>/dev/null ;;
    'products archive|--api-version') echo '2026-04 2026-10 none' ;;
    'discounts|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts|--api-version') echo '2026-04 2026-10 none' ;;
    'discounts list|--sort') echo 'created_at name code redemptions_count ends_at -created_at -name -code -redemptions_count -ends_at' ;;
    'discounts list|-o'|'discounts list|--output') echo 'table tsv json ndjson' ;;
    'discounts list|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts list|--api-version') echo '2026-04 2026-10 none' ;;
    'discounts get|-o'|'discounts get|--output') echo 'table tsv json ndjson' ;;
    'discounts get|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts get|--api-version') echo '2026-04 2026-10 none' ;;
    'discounts create|--duration') echo 'once forever repeating' ;;
    'discounts create|-o'|'discounts create|--output') echo 'table tsv json ndjson' ;;
    'discounts create|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts create|--api-version') echo '2026-04 2026-10 none' ;;
    'discounts update|-o'|'discounts update|--output') echo 'table tsv json ndjson' ;;
    'discounts update|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts update|--api-version') echo '2026-04 2026-10 none' ;;
    'discounts delete|--profile') billing __complete profiles 2>/dev/null ;;
    'discounts delete|--api-version') echo '2026-04 2026-10 none' ;;
    'benefits|--profile') billing __complete profiles 2>/dev/null ;;
    'benefits|--api-version') echo '2026-04 2026-10 none' ;;
    'benefits list|--type') echo 'custom ads discord github_repository downloadables license_keys meter_credit feature_flag slack_shared_channel' ;;
    'benefits list|-o'|'benefits list|--output') echo 'table tsv json ndjson' ;;
    'benefits list|--profile') billing __complete profiles 2>/dev/null ;;
    'benefits list|--api-version') echo '2026-04 2026-10 none' ;;
    'benefits get|-o'|'benefits get|--output') echo 'table tsv json ndjson' ;;
    'benefits get|--profile') billing __complete profiles 2>/dev/null ;;
    'benefits get|--api-version') echo '2026-04 2026-10 none' ;;
    'keys|--profile') billing __complete profiles 2>/dev/null ;;
    'keys|--api-version') echo '2026-04 2026-10 none' ;;
    'keys list|--status') echo 'granted revoked disabled' ;;
    'keys list|-o'|'keys list|--output') echo 'table tsv json ndjson' ;;
    'keys list|--profile') billing __complete profiles 2>/dev/null ;;
    'keys list|--api-version') echo '2026-04 2026-10 none' ;;
    'keys get|-o'|'keys get|--output') echo 'table tsv json ndjson' ;;
    'keys get|--profile') billing __complete profiles 2>/dev/null ;;
    'keys get|--api-version') echo '2026-04 2026-10 none' ;;
    'keys update|--status') echo 'granted revoked disabled' ;;
    'keys update|-o'|'keys update|--output') echo 'table tsv json ndjson' ;;
    'keys update|--profile') billing __complete profiles 2>/dev/null ;;
    'keys update|--api-version') echo '2026-04 2026-10 none' ;;
    'keys activate|-o'|'keys activate|--output') echo 'table tsv json ndjson' ;;
    'keys activate|--profile') billing __complete profiles 2>/dev/null ;;
    'keys activate|--api-version') echo '2026-04 2026-10 none' ;;
    'keys validate|-o'|'keys validate|--output') echo 'table tsv json ndjson' ;;
    'keys validate|--profile') billing __complete profiles 2>/dev/null ;;
    'keys validate|--api-version') echo '2026-04 2026-10 none' ;;
    'keys deactivate|--profile') billing __complete profiles 2>/dev/null ;;
    'keys deactivate|--api-version') echo '2026-04 2026-10 none' ;;
    'events|--profile') billing __complete profiles 2>/dev/null ;;
    'events|--api-version') echo '2026-04 2026-10 none' ;;
    'events ingest|-o'|'events ingest|--output') echo 'table tsv json ndjson' ;;
    'events ingest|--profile') billing __complete profiles 2>/dev/null ;;
    'events ingest|--api-version') echo '2026-04 2026-10 none' ;;
    'events list|-o'|'events list|--output') echo 'table tsv json ndjson' ;;
    'events list|--profile') billing __complete profiles 2>/dev/null ;;
    'events list|--api-version') echo '2026-04 2026-10 none' ;;
    'events get|-o'|'events get|--output') echo 'table tsv json ndjson' ;;
    'events get|--profile') billing __complete profiles 2>/dev/null ;;
    'events get|--api-version') echo '2026-04 2026-10 none' ;;
    'events types|-o'|'events types|--output') echo 'table tsv json ndjson' ;;
    'events types|--profile') billing __complete profiles 2>/dev/null ;;
    'events types|--api-version') echo '2026-04 2026-10 none' ;;
    'events label|-o'|'events label|--output') echo 'table tsv json ndjson' ;;
    'events label|--profile') billing __complete profiles 2>/dev/null ;;
    'events label|--api-version') echo '2026-04 2026-10 none' ;;
    'meters|--profile') billing __complete profiles 2>/dev/null ;;
    'meters|--api-version') echo '2026-04 2026-10 none' ;;
    'meters list|-o'|'meters list|--output') echo 'table tsv json ndjson' ;;
    'meters list|--profile') billing __complete profiles 2>/dev/null ;;
    'meters list|--api-version') echo '2026-04 2026-10 none' ;;
    'meters get|-o'|'meters get|--output') echo 'table tsv json ndjson' ;;
    'meters get|--profile') billing __complete profiles 2>/dev/null ;;
    'meters get|--api-version') echo '2026-04 2026-10 none' ;;
    'meters create|-o'|'meters create|--output') echo 'table tsv json ndjson' ;;
    'meters create|--profile') billing __complete profiles 2>/dev/null ;;
    'meters create|--api-version') echo '2026-04 2026-10 none' ;;
    'meters update|-o'|'meters update|--output') echo 'table tsv json ndjson' ;;
    'meters update|--profile') billing __complete profiles 2>/dev/null ;;
    'meters update|--api-version') echo '2026-04 2026-10 none' ;;
    'meters quantities|-o'|'meters quantities|--output') echo 'table tsv json ndjson' ;;
    'meters quantities|--profile') billing __complete profiles 2>/dev/null ;;
    'meters quantities|--api-version') echo '2026-04 2026-10 none' ;;
    'org|--profile') billing __complete profiles 2>/dev/null ;;
    'org|--api-version') echo '2026-04 2026-10 none' ;;
    'org list|--sort') echo 'created_at name slug next_review_threshold days_in_status -created_at -name -slug -next_review_threshold -days_in_status' ;;
    'org list|-o'|'org list|--output') echo 'table tsv json ndjson' ;;
    'org list|--profile') billing __complete profiles 2>/dev/null ;;
    'org list|--api-version') echo '2026-04 2026-10 none' ;;
    'org get|-o'|'org get|--output') echo 'table tsv json ndjson' ;;
    'org get|--profile') billing __complete profiles 2>/dev/null ;;
    'org get|--api-version') echo '2026-04 2026-10 none' ;;
    'org update|-o'|'org update|--output') echo 'table tsv json ndjson' ;;
    'org update|--profile') billing __complete profiles 2>/dev/null ;;
    'org update|--api-version') echo '2026-04 2026-10 none' ;;
    'webhooks|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks|--api-version') echo '2026-04 2026-10 none' ;;
    'webhooks list|-o'|'webhooks list|--output') echo 'table tsv json ndjson' ;;
    'webhooks list|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks list|--api-version') echo '2026-04 2026-10 none' ;;
    'webhooks get|-o'|'webhooks get|--output') echo 'table tsv json ndjson' ;;
    'webhooks get|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks get|--api-version') echo '2026-04 2026-10 none' ;;
    'webhooks create|--events') echo 'checkout.created checkout.updated order.created subscription.created subscription.updated subscription.active subscription.canceled subscription.uncanceled subscription.revoked benefit_grant.created benefit_grant.updated benefit_grant.revoked organization.updated product.created product.updated benefit.created benefit.updated checkout.expired customer.created customer.updated customer.deleted customer.state_changed customer_seat.assigned customer_seat.claimed customer_seat.revoked member.created member.updated member.deleted order.updated order.paid order.refunded subscription.cycled subscription.past_due subscription.paused subscription.resumed refund.created refund.updated discount.created discount.updated discount.deleted benefit_grant.cycled all' ;;
    'webhooks create|--format') echo 'raw discord slack' ;;
    'webhooks create|-o'|'webhooks create|--output') echo 'table tsv json ndjson' ;;
    'webhooks create|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks create|--api-version') echo '2026-04 2026-10 none' ;;
    'webhooks update|--events') echo 'checkout.created checkout.updated order.created subscription.created subscription.updated subscription.active subscription.canceled subscription.uncanceled subscription.revoked benefit_grant.created benefit_grant.updated benefit_grant.revoked organization.updated product.created product.updated benefit.created benefit.updated checkout.expired customer.created customer.updated customer.deleted customer.state_changed customer_seat.assigned customer_seat.claimed customer_seat.revoked member.created member.updated member.deleted order.updated order.paid order.refunded subscription.cycled subscription.past_due subscription.paused subscription.resumed refund.created refund.updated discount.created discount.updated discount.deleted benefit_grant.cycled all' ;;
    'webhooks update|--format') echo 'raw discord slack' ;;
    'webhooks update|-o'|'webhooks update|--output') echo 'table tsv json ndjson' ;;
    'webhooks update|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks update|--api-version') echo '2026-04 2026-10 none' ;;
    'webhooks delete|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks delete|--api-version') echo '2026-04 2026-10 none' ;;
    'webhooks rotate-secret|-o'|'webhooks rotate-secret|--output') echo 'table tsv json ndjson' ;;
    'webhooks rotate-secret|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks rotate-secret|--api-version') echo '2026-04 2026-10 none' ;;
    'webhooks deliveries|-o'|'webhooks deliveries|--output') echo 'table tsv json ndjson' ;;
    'webhooks deliveries|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks deliveries|--api-version') echo '2026-04 2026-10 none' ;;
    'webhooks redeliver|--profile') billing __complete profiles 2>/dev/null ;;
    'webhooks redeliver|--api-version') echo '2026-04 2026-10 none' ;;
    'listen|--events') echo 'checkout.created checkout.updated order.created subscription.created subscription.updated subscription.active subscription.canceled subscription.uncanceled subscription.revoked benefit_grant.created benefit_grant.updated benefit_grant.revoked organization.updated product.created product.updated benefit.created benefit.updated checkout.expired customer.created customer.updated customer.deleted customer.state_changed customer_seat.assigned customer_seat.claimed customer_seat.revoked member.created member.updated member.deleted order.updated order.paid order.refunded subscription.cycled subscription.past_due subscription.paused subscription.resumed refund.created refund.updated discount.created discount.updated discount.deleted benefit_grant.cycled all' ;;
    'listen|-o'|'listen|--output') echo 'ndjson' ;;
    'listen|--profile') billing __complete profiles 2>/dev/null ;;
    'listen|--api-version') echo '2026-04 2026-10 none' ;;
    'trigger|-o'|'trigger|--output') echo 'table tsv json ndjson' ;;
    'trigger|--profile') billing __complete profiles 2>/dev/null ;;
    'trigger|--api-version') echo '2026-04 2026-10 none' ;;
    'clock|--profile') billing __complete profiles 2>/dev/null ;;
    'clock|--api-version') echo '2026-04 2026-10 none' ;;
    'clock show|-o'|'clock show|--output') echo 'table tsv json ndjson' ;;
    'clock show|--profile') billing __complete profiles 2>/dev/null ;;
    'clock show|--api-version') echo '2026-04 2026-10 none' ;;
    'clock advance|-o'|'clock advance|--output') echo 'table tsv json ndjson' ;;
    'clock advance|--profile') billing __complete profiles 2>/dev/null ;;
    'clock advance|--api-version') echo '2026-04 2026-10 none' ;;
    'clock set|-o'|'clock set|--output') echo 'table tsv json ndjson' ;;
    'clock set|--profile') billing __complete profiles 2>/dev/null ;;
    'clock set|--api-version') echo '2026-04 2026-10 none' ;;
    'clock reset|-o'|'clock reset|--output') echo 'table tsv json ndjson' ;;
    'clock reset|--profile') billing __complete profiles 2>/dev/null ;;
    'clock reset|--api-version') echo '2026-04 2026-10 none' ;;
    'fixtures|--profile') billing __complete profiles 2>/dev/null ;;
    'fixtures|--api-version') echo '2026-04 2026-10 none' ;;
    'fixtures apply|--profile') billing __complete profiles 2>/dev/null ;;
    'fixtures apply|--api-version') echo '2026-04 2026-10 none' ;;
    'fixtures export|--profile') billing __complete profiles 2>/dev/null ;;
    'fixtures export|--api-version') echo '2026-04 2026-10 none' ;;
    'api|--profile') billing __complete profiles 2>/dev/null ;;
    'api|--api-version') echo '2026-04 2026-10 none' ;;
    'config|--profile') billing __complete profiles 2>/dev/null ;;
    'config|--api-version') echo '2026-04 2026-10 none' ;;
    'config get|--profile') billing __complete profiles 2>/dev/null ;;
    'config get|--api-version') echo '2026-04 2026-10 none' ;;
    'config set|--profile') billing __complete profiles 2>/dev/null ;;
    'config set|--api-version') echo '2026-04 2026-10 none' ;;
    'config unset|--profile') billing __complete profiles 2>/dev/null ;;
    'config unset|--api-version') echo '2026-04 2026-10 none' ;;
    'config list|--profile') billing __complete profiles 2>/dev/null ;;
    'config list|--api-version') echo '2026-04 2026-10 none' ;;
    'login|--storage') echo 'auto keychain file' ;;
    'login|--profile') billing __complete profiles 2>/dev/null ;;
    'login|--api-version') echo '2026-04 2026-10 none' ;;
    'logout|--profile') billing __complete profiles 2>/dev/null ;;
    'logout|--api-version') echo '2026-04 2026-10 none' ;;
    'auth|--profile') billing __complete profiles 2>/dev/null ;;
    'auth|--api-version') echo '2026-04 2026-10 none' ;;
    'auth status|--profile') billing __complete profiles 2>/dev/null ;;
    'auth status|--api-version') echo '2026-04 2026-10 none' ;;
    'auth token|--profile') billing __complete profiles 2>/dev/null ;;
    'auth token|--api-version') echo '2026-04 2026-10 none' ;;
    'whoami|--profile') billing __complete profiles 2>/dev/null ;;
    'whoami|--api-version') echo '2026-04 2026-10 none' ;;
    'serve|--seed') echo 'demo empty none' ;;
    'serve|--profile') billing __complete profiles 2>/dev/null ;;
    'serve|--api-version') echo '2026-04 2026-10 none' ;;
    'completion|--profile') billing __complete profiles 2>/dev/null ;;
    'completion|--api-version') echo '2026-04 2026-10 none' ;;
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
