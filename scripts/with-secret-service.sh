#!/usr/bin/env bash
# Runs a command inside a private, unlocked Secret Service: gnome-keyring on its own D-Bus
# session with throwaway XDG dirs, so keychain tests never touch a real user keyring.
# Usage: bash scripts/with-secret-service.sh <command> [args...]
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-secret-service: '$tool' not found (Debian: apt-get install dbus-bin gnome-keyring)" >&2
    exit 127
  fi
done

root=$(mktemp -d "${TMPDIR:-/tmp}/billing-secret-service.XXXXXX")
chmod 700 "$root"
trap 'rm -rf "$root"' EXIT
mkdir -m 700 "$root/runtime" "$root/data" "$root/config" "$root/cache"

# gnome-keyring keeps its sockets in XDG_RUNTIME_DIR and keyrings in XDG_DATA_HOME; the
# others keep every tool in the command away from the real home directory's state.
export XDG_RUNTIME_DIR="$root/runtime"
export XDG_DATA_HOME="$root/data"
export XDG_CONFIG_HOME="$root/config"
export XDG_CACHE_HOME="$root/cache"
unset GNOME_KEYRING_CONTROL SSH_AUTH_SOCK

set +e
dbus-run-session -- bash -c '
  set -euo pipefail
  # --unlock reads the login keyring password on stdin; the keyring is created on first use.
  env_lines=$(printf %s throwaway-password | gnome-keyring-daemon --unlock --components=secrets)
  while IFS= read -r line; do
    [ -n "$line" ] && export "$line"
  done <<<"$env_lines"
  exec "$@"
' with-secret-service "$@"
status=$?
set -e
exit "$status"
